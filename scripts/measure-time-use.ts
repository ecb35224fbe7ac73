/**
 * How much of its think time the engine uses, and what stops each search (issue #33, "spend the short
 * budgets"): npm run measure:time-use -- [--ms 100] [--games 8] [--engine /tmp/main-src/src]
 *
 * Plays self-play games (the default engine against itself, one game at a time, no book) from pente.org
 * openings and, for every searched move, records the time used and why the search stopped, from the
 * iterations it reported:
 *   forced   a lone sensible move or a win now (no search)
 *   win      a proven win ends the search
 *   hard     the hard limit cut an iteration
 *   rule     the stopping rule (timeman.ts stopAfterIteration) started no new iteration; split by whether
 *            the best move was settled (held SETTLED_ITERATIONS), changed, or the score fell
 *   depth    the depth limit
 * It also prints how long an iteration takes against the one before (what starting one more costs).
 *
 * With `--positions`, instead of games: positions of the pente.org games themselves (plies 10, 18, 26 and
 * 34 of each), each searched once from an empty table. With `--engine-b DIR` too (another version's src/,
 * as in scripts/match.ts), each position is searched by this engine (or --engine) and then by B, so on a
 * busy machine both meet the same load, and both are reported.
 *
 * With `--virtual N` the clock is made of nodes instead: performance.now() returns the moves made so far
 * (Position.make, every engine's) over N a millisecond, so a shared machine's load changes nothing and the
 * figures repeat exactly (N = 380 is about the bench's nodes per second on the idle development machine).
 */
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { type GameState, loadRecord, newGame, play, splitRecords } from '../src/core';
import { Engine } from '../src/ai/engine';
import type { SearchProgress } from '../src/ai/search';
import type { Position as PositionClass } from '../src/ai/position';

const { values } = parseArgs({
  options: {
    ms: { type: 'string', default: '100' },
    games: { type: 'string', default: '8' },
    engine: { type: 'string', default: '' },
    /** Which pente.org games give the openings (an offset into the corpus's sample). */
    offset: { type: 'string', default: '7' },
    positions: { type: 'boolean', default: false },
    'engine-b': { type: 'string', default: '' },
    virtual: { type: 'string', default: '0' },
  },
});
const virtualNodesPerMs = Number(values.virtual);
let virtualNodes = 0;
/** Counts every move made in `src`'s Position as the virtual clock's time (see the header). */
async function countMakes(src: string): Promise<void> {
  const { Position } = (await import(src ? pathToFileURL(`${src}/ai/position.ts`).href : '../src/ai/position')) as {
    Position: typeof PositionClass;
  };
  const make = Position.prototype.make;
  Position.prototype.make = function (this: PositionClass, p: number): void {
    virtualNodes++;
    make.call(this, p);
  };
}
if (virtualNodesPerMs > 0) {
  await countMakes(values.engine);
  if (values['engine-b']) await countMakes(values['engine-b']);
  performance.now = (): number => virtualNodes / virtualNodesPerMs;
}
const ms = Number(values.ms);
const load = async (src: string): Promise<typeof Engine> =>
  src ? ((await import(pathToFileURL(`${src}/ai/engine.ts`).href)) as { Engine: typeof Engine }).Engine : Engine;
const EngineClass = await load(values.engine);
const EngineB = values['engine-b'] && values.positions ? await load(values['engine-b']) : null;

const corpus = new URL('../../shared/data/pente-org-games.pgn.gz', import.meta.url);
if (!existsSync(corpus)) throw new Error('The pente.org games (../shared/data) are needed for the openings.');
const records = splitRecords(gunzipSync(readFileSync(corpus)).toString('utf8'));
const count = Number(values.games);
const step = Math.floor(records.length / count);
const openings: number[][] = [];
const positions: number[][] = [];
for (let i = Number(values.offset); openings.length < count && i < records.length; i += step) {
  const g = loadRecord(records[i]!.text);
  if (!g.ok || g.value.record.moves.length < 12) continue;
  const all = g.value.record.moves;
  openings.push(all.slice(0, 4 + (i % 3)));
  for (const ply of [10, 18, 26, 34]) if (ply < all.length - 1) positions.push(all.slice(0, ply));
}

interface Move {
  timeMs: number;
  reason: string;
  depth: number;
}
/** What one engine's searches did. */
interface Tally {
  readonly name: string;
  readonly moves: Move[];
  /** Iteration time ratios (iteration d's own time over iteration d-1's). */
  readonly ratios: number[];
}
const tallyA: Tally = { name: values.engine || 'this branch', moves: [], ratios: [] };
const tallyB: Tally = { name: values['engine-b'], moves: [], ratios: [] };
for (const opening of values.positions ? [] : openings) {
  const engine = new EngineClass(18);
  let state: GameState = newGame({ variant: 'pente', size: 19 });
  for (const m of opening) {
    const next = play(state, m);
    if (next.ok) state = next.value;
  }
  while (!state.result && state.moves.length < 240) {
    const next = play(state, record(engine, state, tallyA));
    if (!next.ok) throw new Error(next.error.message);
    state = next.value;
  }
}

for (const line of values.positions ? positions : []) {
  let state: GameState = newGame({ variant: 'pente', size: 19 });
  for (const m of line) {
    const next = play(state, m);
    if (next.ok) state = next.value;
  }
  if (state.result) continue;
  record(new EngineClass(18), state, tallyA);
  if (EngineB) record(new EngineB(18), state, tallyB);
}

/** Searches `state` and records the time used and why the search stopped; returns the move. */
function record(engine: Engine, state: GameState, { moves, ratios }: Tally): number {
  const iterations: SearchProgress[] = [];
  const r = engine.think(state, { timeMs: ms, seed: state.moves.length, onProgress: (p) => iterations.push(p) });
  moves.push({ timeMs: r.timeMs, reason: stopReason(r, iterations), depth: r.depth });
  for (let i = 2; i < iterations.length; i++) {
    const own = iterations[i]!.timeMs - iterations[i - 1]!.timeMs;
    const before = iterations[i - 1]!.timeMs - iterations[i - 2]!.timeMs;
    if (before >= 3) ratios.push(own / before);
  }
  return r.move;
}

/** Why the search ended, from its iterations (see the header). */
function stopReason(r: { forced: boolean; timeMs: number; score: number }, it: SearchProgress[]): string {
  if (r.forced) return 'forced';
  const last = it.at(-1);
  if (last && Math.abs(last.score) >= 1_000_000 - 1000 && last.score > 0) return 'win';
  if (r.timeMs >= ms * 0.97) {
    const at = last ? last.timeMs : 0;
    const band = at < ms * 0.3 ? '<30%' : at < ms * 0.6 ? '30-60%' : '>60%';
    return `hard, last done ${band}${last && (r as { move?: number }).move !== last.move ? ', moved' : ''}`;
  }
  if (!last) return 'other';
  // Replays Stability (timeman.ts) over the iterations.
  let stable = 0;
  let previous = -1;
  let changed = false;
  let fell = false;
  let previousScore = 0;
  for (const p of it) {
    changed = p.move !== previous && previous >= 0;
    stable = p.move !== previous ? 0 : stable + 1;
    fell = p.depth > 1 && previousScore - p.score >= 50;
    previous = p.move;
    previousScore = p.score;
  }
  const kind =
    stable >= 4
      ? last.timeMs <= ms * 0.6
        ? 'settled forcing'
        : 'settled'
      : changed
        ? 'changed'
        : fell
          ? 'fell'
          : 'unsettled';
  return `rule ${kind}`;
}

for (const { name, moves, ratios } of EngineB ? [tallyA, tallyB] : [tallyA]) {
  console.log(`${name}${virtualNodesPerMs > 0 ? ` (virtual clock: ${virtualNodesPerMs} nodes a ms)` : ''}`);
  const sorted = moves.map((m) => m.timeMs).sort((a, b) => a - b);
  const mean = sorted.reduce((s, t) => s + t, 0) / sorted.length;
  console.log(
    `${moves.length} searched moves in ${values.positions ? 'pente.org positions' : `${openings.length} games`} at ${ms} ms: mean ${mean.toFixed(1)} ms, median ${sorted[sorted.length >> 1]!.toFixed(1)}, mean depth ${(moves.reduce((s, m) => s + m.depth, 0) / moves.length).toFixed(2)}`,
  );
  const reasons = new Map<string, Move[]>();
  for (const m of moves) reasons.set(m.reason, [...(reasons.get(m.reason) ?? []), m]);
  for (const [reason, list] of [...reasons].sort((a, b) => b[1].length - a[1].length)) {
    const t = list.reduce((s, m) => s + m.timeMs, 0) / list.length;
    console.log(
      `  ${reason.padEnd(16)} ${String(list.length).padStart(5)} moves (${((100 * list.length) / moves.length).toFixed(1)}%)  mean ${t.toFixed(1)} ms`,
    );
  }
  const r = ratios.sort((a, b) => a - b);
  const q = (f: number): string => (r[Math.floor(f * (r.length - 1))] ?? 0).toFixed(2);
  console.log(`iteration time over the one before: quartiles ${q(0.25)} ${q(0.5)} ${q(0.75)} (${r.length} iterations)`);
}
