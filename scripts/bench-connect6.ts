/**
 * Connect6 engine benchmark (`npx tsx scripts/bench-connect6.ts`): middlegame positions made by the engine
 * playing itself (a few thousand nodes a stone, so the same positions every run), each searched for
 * BENCH_MS (default 1000) from an empty table. Prints nodes/second, the depth in stones reached and the
 * table hit rate per position and on average (positions proved won or lost left out), then one JSON line.
 */
import { type GameState, formatPoint, newGame, play } from '../src/core';
import { Engine } from '../src/ai/engine';
import { isWinScore } from '../src/ai/search';

const MS = Number(process.env.BENCH_MS ?? 1000);
const LENGTHS = [5, 7, 9, 11, 13];

function selfPlay(stones: number): GameState {
  const engine = new Engine(16);
  let state = newGame({ variant: 'connect6', size: 19 });
  while (state.moves.length < stones && !state.result) {
    const { move } = engine.think(state, { nodes: 3_000, depth: 4, timeMs: 60_000 });
    const next = play(state, move);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value;
  }
  return state;
}

const positions = LENGTHS.map(selfPlay).filter((s) => !s.result);
new Engine(16).think(positions[0]!, { timeMs: 200 }); // warm the JIT up
const rows = positions.map((state, i) => {
  const r = new Engine(20).think(state, { timeMs: MS });
  const nps = Math.round(r.nodes / (r.timeMs / 1000));
  const line = state.moves.map((p) => formatPoint(19, p)).join(' ');
  console.log(
    `#${i + 1} (${state.moves.length} stones): ${nps.toLocaleString('en')} nodes/s, depth ${r.depth}` +
      `${isWinScore(r.score) ? ' (decided)' : ''}, table hits ${(r.ttHitRate * 100).toFixed(0)}%  ${line}`,
  );
  return { stones: state.moves.length, nps, depth: r.depth, decided: isWinScore(r.score), ttHitRate: r.ttHitRate };
});
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
// A position the search proves won or lost ends early: outside the means.
const open = rows.filter((r) => !r.decided);
const npsMean = Math.round(mean(open.map((r) => r.nps)));
console.log(
  `mean of ${open.length} undecided: ${npsMean.toLocaleString('en')} nodes/s, depth ${mean(open.map((r) => r.depth)).toFixed(1)}`,
);
console.log(JSON.stringify({ variant: 'connect6', ms: MS, nps: npsMean, rows }));
