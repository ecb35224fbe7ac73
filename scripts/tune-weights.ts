/**
 * Texel tuning of the evaluation's weights (npm run tune:weights): fits src/ai/weights.ts to what became of
 * real positions. Positions come from the pente.org master games (../shared) and the engine's self-play games
 * (data/self-play); quiet ones only (neither side has a four to complete, so the static evaluation is a fair
 * guess at the position). The evaluation is linear in most weights given a position's counts, so each
 * position is reduced once to its features (window counts per colour, capture stages, capture
 * opportunities) and the loss — the mean squared difference between the result (1: the side to move won)
 * and 1 / (1 + e^(−eval/K)) — is cheap to evaluate for any weights. K is fitted first with today's weights;
 * then a local search moves one weight at a time by ±5% (at least 1) while the loss on the training games
 * falls, and reports the loss on held-out games (every 5th game) before and after.
 *
 *   npm run tune:weights -- [--every 2] [--rounds 30]
 *
 * It prints the tuned weights as JSON; self-play (npm run match -- --a texel --b default) decides whether
 * they are kept.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { type GameState, type VariantId, loadRecord, parsePoint, replay, splitRecords } from '../src/core';
import { captureStage } from '../src/ai/evaluate';
import { Position } from '../src/ai/position';
import { DEFAULT_WEIGHTS, type Weights } from '../src/ai/weights';

const { values } = parseArgs({
  options: {
    every: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '30' },
  },
});
const every = Number(values.every);

/** A quiet position as the evaluation sees it, and its outcome for the side to move. */
interface Sample {
  /** Windows of k = 1…4 stones of the side to move's, then of the other's. */
  readonly mine: Int32Array;
  readonly theirs: Int32Array;
  /** Capture stages (tenths of the way to the capture win), -1 where the variant has no capture win. */
  readonly myStage: number;
  readonly theirStage: number;
  readonly myTakes: number;
  readonly theirTakes: number;
  readonly won: number;
  readonly holdOut: boolean;
}

const samples: Sample[] = [];
let games = 0;

function addGame(final: GameState, winner: 1 | 2): void {
  const holdOut = games++ % 5 === 4;
  const positions: GameState[] = [];
  for (let s: GameState | null = final.parent; s; s = s.parent) positions.push(s);
  for (const s of positions) {
    const ply = s.moves.length;
    if (ply < 6 || ply % every !== 0 || s.result) continue;
    const pos = Position.fromState(s);
    const me = pos.toMove;
    const them = 3 - me;
    const lc = pos.lineCount;
    // Not quiet: a four on the board (a win now, or a forced block).
    if (lc[me * 6 + 4]! > 0 || lc[them * 6 + 4]! > 0) continue;
    const target = pos.rules.variant.captureWin;
    samples.push({
      mine: Int32Array.from([1, 2, 3, 4], (k) => lc[me * 6 + k]!),
      theirs: Int32Array.from([1, 2, 3, 4], (k) => lc[them * 6 + k]!),
      myStage: target === null ? -1 : captureStage(pos.captures[me - 1]!, target),
      theirStage: target === null ? -1 : captureStage(pos.captures[them - 1]!, target),
      myTakes: pos.takes[me]!,
      theirTakes: pos.takes[them]!,
      won: me === winner ? 1 : 0,
      holdOut,
    });
  }
}

// The master games.
const master = fileURLToPath(new URL('../../shared/data/pente-org-games.pgn.gz', import.meta.url));
if (existsSync(master)) {
  const data = readFileSync(master);
  for (const r of splitRecords(gunzipSync(data).toString('utf8'))) {
    const loaded = loadRecord(r.text, r.firstLine);
    if (!loaded.ok) continue;
    const { record, state } = loaded.value;
    const winner = record.result === '1-0' ? 1 : record.result === '0-1' ? 2 : null;
    if (winner) addGame(state, winner);
  }
}
// The engine's self-play games.
const selfPlay = fileURLToPath(new URL('../data/self-play/', import.meta.url));
for (const file of existsSync(selfPlay) ? readdirSync(selfPlay).filter((f) => f.endsWith('.jsonl')) : []) {
  for (const line of readFileSync(selfPlay + file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const g = JSON.parse(line) as { variant: VariantId; size: 9 | 13 | 19; moves: string[]; winner: 1 | 2 | null };
    if (!g.winner) continue;
    const state = replay(
      { variant: g.variant, size: g.size },
      g.moves.map((m) => parsePoint(g.size, m)!),
    );
    if (state.ok) addGame(state.value, g.winner);
  }
}

/** The weights as one vector: line[1..4], tempo, captured[1..9], take[0..9]. */
const toVector = (w: Weights): number[] => [...w.line.slice(1), w.tempo, ...w.captured.slice(1), ...w.take];
const fromVector = (v: readonly number[]): Weights => ({
  line: [0, v[0]!, v[1]!, v[2]!, v[3]!],
  tempo: v[4]!,
  captured: [0, ...v.slice(5, 14)],
  take: v.slice(14, 24),
});

/** src/ai/evaluate.ts's formula on a sample's features. */
function evaluateSample(s: Sample, w: Weights): number {
  let mine = 0;
  let theirs = 0;
  for (let k = 1; k <= 4; k++) {
    mine += w.line[k]! * s.mine[k - 1]!;
    theirs += w.line[k]! * s.theirs[k - 1]!;
  }
  let score = mine * (1 + w.tempo) - theirs;
  if (s.myStage >= 0) {
    score += w.captured[s.myStage]! - w.captured[s.theirStage]!;
    score += s.myTakes * w.take[s.myStage]! * (1 + w.tempo) - s.theirTakes * w.take[s.theirStage]!;
  }
  return score;
}

function loss(w: Weights, scale: number, holdOut: boolean): number {
  let sum = 0;
  let n = 0;
  for (const s of samples) {
    if (s.holdOut !== holdOut) continue;
    const p = 1 / (1 + Math.exp(-evaluateSample(s, w) / scale));
    sum += (s.won - p) ** 2;
    n++;
  }
  return sum / n;
}

const started = performance.now();
let scale = 100;
for (let k = 50; k <= 2000; k += 5)
  if (loss(DEFAULT_WEIGHTS, k, false) < loss(DEFAULT_WEIGHTS, scale, false)) scale = k;
const before = { train: loss(DEFAULT_WEIGHTS, scale, false), test: loss(DEFAULT_WEIGHTS, scale, true) };
console.log(
  `${games} games, ${samples.length} quiet positions (${samples.filter((s) => s.holdOut).length} held out); K = ${scale}`,
);
console.log(`before: train ${before.train.toFixed(5)}, held out ${before.test.toFixed(5)}`);

let v = toVector(DEFAULT_WEIGHTS);
let best = before.train;
for (let round = 1; round <= Number(values.rounds); round++) {
  let improved = false;
  for (let i = 0; i < v.length; i++) {
    const step = Math.max(i === 4 ? 0.01 : 1, Math.abs(v[i]!) * 0.05);
    for (const direction of [1, -1]) {
      const trial = v.slice();
      trial[i] = Math.max(0, trial[i]! + direction * step);
      const l = loss(fromVector(trial), scale, false);
      if (l < best) {
        best = l;
        v = trial;
        improved = true;
        break;
      }
    }
  }
  console.log(`round ${round}: train ${best.toFixed(5)}, held out ${loss(fromVector(v), scale, true).toFixed(5)}`);
  if (!improved) break;
}
const tuned = fromVector(v.map((x, i) => (i === 4 ? Math.round(x * 100) / 100 : Math.round(x))));
const after = { train: loss(tuned, scale, false), test: loss(tuned, scale, true) };
console.log(`after: train ${after.train.toFixed(5)}, held out ${after.test.toFixed(5)}`);
console.log(`${((performance.now() - started) / 1000).toFixed(0)} s`);
console.log(JSON.stringify(tuned));
