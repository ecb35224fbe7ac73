/**
 * Fits the scale of the engine's win chance (src/ai/win-chance.ts) to master games: for positions from the
 * pente.org games in ../shared, a short search's score (for the side to move) against whether the side to
 * move went on to win. The win chance is 1 / (1 + exp(-score / scale)); this prints the scale with the
 * greatest likelihood, and the likelihood of a few others for comparison.
 *
 *   npm run fit:win-chance -- [--games FILE] [--every 4] [--nodes 4000]
 *
 * Searches are node-limited, so the figures are the same on any machine and under any load.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { type GameState, loadRecord, splitRecords } from '../src/core';
import { Engine } from '../src/ai/engine';
import { isWinScore } from '../src/ai/search';

const { values } = parseArgs({
  options: {
    games: {
      type: 'string',
      default: fileURLToPath(new URL('../../shared/data/pente-org-games.pgn.gz', import.meta.url)),
    },
    every: { type: 'string', default: '4' },
    nodes: { type: 'string', default: '4000' },
  },
});
const every = Number(values.every);
const nodes = Number(values.nodes);

const data = readFileSync(values.games);
const text = (data[0] === 0x1f && data[1] === 0x8b ? gunzipSync(data) : data).toString('utf8');
const samples: { score: number; won: number }[] = [];
const engine = new Engine();
const started = performance.now();
let games = 0;
for (const [i, r] of splitRecords(text).entries()) {
  if (i % every !== 0) continue;
  const loaded = loadRecord(r.text, r.firstLine);
  if (!loaded.ok) continue;
  const { record, state } = loaded.value;
  const winner = record.result === '1-0' ? 1 : record.result === '0-1' ? 2 : null;
  if (!winner || record.rules.variant.id !== 'pente' || record.rules.size !== 19) continue;
  games++;
  const positions: GameState[] = [];
  for (let s: GameState | null = state.parent; s; s = s.parent) positions.push(s);
  for (const s of positions) {
    const ply = s.moves.length;
    if (ply < 8 || ply % 3 !== 0 || s.result) continue;
    engine.newGame();
    const found = engine.think(s, { nodes, timeMs: 60_000, book: false });
    if (isWinScore(found.score)) continue;
    samples.push({ score: found.score, won: s.toMove === winner ? 1 : 0 });
  }
}
const logLikelihood = (scale: number): number => {
  let sum = 0;
  for (const { score, won } of samples) {
    const p = Math.min(1 - 1e-9, Math.max(1e-9, 1 / (1 + Math.exp(-score / scale))));
    sum += won ? Math.log(p) : Math.log(1 - p);
  }
  return sum / samples.length;
};
let best = 0;
let bestLl = -Infinity;
for (let scale = 20; scale <= 3000; scale += 5) {
  const ll = logLikelihood(scale);
  if (ll > bestLl) [best, bestLl] = [scale, ll];
}
console.log(`${games} games, ${samples.length} positions, ${((performance.now() - started) / 1000).toFixed(0)} s`);
for (const scale of [100, 200, 400, 800, best])
  console.log(`scale ${scale}: mean log-likelihood ${logLikelihood(scale).toFixed(4)}`);
console.log(JSON.stringify({ scale: best, games, positions: samples.length }));
