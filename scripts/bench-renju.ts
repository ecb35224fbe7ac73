/**
 * Renju against Gomoku on 15×15 (npm run bench:renju): the same stones searched as a Renju game (black's
 * forbidden points in the move generation, exactly five for black) and as a Gomoku game, each for a fixed
 * number of nodes from an empty table, after a warm-up. Prints nodes/second and the depth reached per
 * position and in total, so the cost of the forbidden-point finder shows. The positions are from the
 * engine's own node-limited Renju self-play (through the JSON engine), at plies 10 to 30.
 *
 * Each search is run BENCH_REPEAT times (3) and the fastest kept.
 *
 *   BENCH_NODES=300000 chooses the nodes per search.
 */
import { type GameState, parsePoint, replay } from '../src/core';
import { Engine } from '../src/ai/engine';

const GAME =
  'H8 swap J8 keep H7 swap H6 keep H10 swap H9 G10 J10 J9 G8 F7 G7 F8 G9 G6 F9 D9 E8 E10 G12 D7 F10 D8 D6 E7 ' +
  'F11 F13 G5 F5 C8 D11 D10 E12 C10 C9 F6 E13 E11 D13 C13 D12';
const PLIES = [10, 14, 18, 22, 26, 30];
const nodes = Number(process.env.BENCH_NODES ?? 300_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);

const items = GAME.split(' ');
const stones = items.filter((s) => s !== 'swap' && s !== 'keep').map((s) => parsePoint(15, s)!);

/** The Renju game after `plies` stones (its swap choices replayed) and the same stones as Gomoku. */
function positions(plies: number): [GameState, GameState] {
  const choices = items.filter((s): s is 'swap' | 'keep' => s === 'swap' || s === 'keep');
  const renju = replay({ variant: 'renju', size: 15 }, stones.slice(0, plies), null, false, {
    swaps: choices,
    offers: [],
    passes: [],
  });
  const gomoku = replay({ variant: 'gomoku', size: 15 }, stones.slice(0, plies));
  if (!renju.ok || !gomoku.ok) throw new Error(`ply ${plies}: not legal`);
  return [renju.value, gomoku.value];
}

/** The fastest of `REPEAT` searches from an empty table (the same nodes each time): a busy machine's noise out. */
function measure(state: GameState) {
  let best = { nps: 0, depth: 0, nodes: 0, timeMs: Infinity };
  for (let i = 0; i < REPEAT; i++) {
    const r = new Engine(20).think(state, { nodes, timeMs: 600_000, fixedTime: true, book: false });
    if (r.timeMs < best.timeMs)
      best = { nps: Math.round(r.nodes / (r.timeMs / 1000)), depth: r.depth, nodes: r.nodes, timeMs: r.timeMs };
  }
  return best;
}

// Warm up the JIT on both.
const [w1, w2] = positions(PLIES[0]!);
new Engine(16).think(w1, { nodes: 50_000, timeMs: 60_000, book: false });
new Engine(16).think(w2, { nodes: 50_000, timeMs: 60_000, book: false });

const totals = { renju: { nodes: 0, ms: 0 }, gomoku: { nodes: 0, ms: 0 } };
console.log('ply  renju nodes/s (depth)  gomoku nodes/s (depth)');
for (const plies of PLIES) {
  const [renju, gomoku] = positions(plies);
  const r = measure(renju);
  const g = measure(gomoku);
  totals.renju.nodes += r.nodes;
  totals.renju.ms += r.timeMs;
  totals.gomoku.nodes += g.nodes;
  totals.gomoku.ms += g.timeMs;
  console.log(
    `${String(plies).padStart(3)}  ${String(r.nps).padStart(10)} (${r.depth})  ${String(g.nps).padStart(12)} (${g.depth})`,
  );
}
const rate = (t: { nodes: number; ms: number }) => Math.round(t.nodes / (t.ms / 1000));
console.log(`all  renju ${rate(totals.renju)} nodes/s, gomoku ${rate(totals.gomoku)} nodes/s`);
console.log(JSON.stringify({ renjuNps: rate(totals.renju), gomokuNps: rate(totals.gomoku), nodes }));
