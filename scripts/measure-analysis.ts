/**
 * How long a whole-game analysis takes (npm run measure:analysis): the app's own settings (src/ui/review/analysis:
 * 300 ms a position, one line) on pente.org games of about 60 moves, run through Engine.analyse as the worker
 * runs it. Prints the time per position (mean, and the share of positions that stopped before the budget)
 * and per game. Single-threaded, as in the app's one worker.
 *
 *   npm run measure:analysis -- [--games 3] [--ms 300]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { type GameState, loadRecord, splitRecords } from '../src/core';
import { Engine } from '../src/ai/engine';

const { values } = parseArgs({
  options: { games: { type: 'string', default: '3' }, ms: { type: 'string', default: '300' } },
});
const wanted = Number(values.games);
const ms = Number(values.ms);
const data = readFileSync(fileURLToPath(new URL('../../shared/data/pente-org-games.pgn.gz', import.meta.url)));
const records = splitRecords(gunzipSync(data).toString('utf8'));
const games: GameState[] = [];
for (const r of records) {
  const loaded = loadRecord(r.text, r.firstLine);
  if (!loaded.ok || loaded.value.record.rules.size !== 19) continue;
  const n = loaded.value.state.moves.length;
  if (n >= 56 && n <= 64) games.push(loaded.value.state);
  if (games.length === wanted) break;
}
const engine = new Engine();
engine.analyse(games[0]!.parent!, { timeMs: 200 }); // JIT warm-up
for (const game of games) {
  engine.newGame();
  const positions: GameState[] = [];
  for (let s: GameState | null = game; s; s = s.parent) if (!s.result) positions.push(s);
  const started = performance.now();
  let early = 0;
  for (const s of positions) {
    const t = performance.now();
    engine.analyse(s, { timeMs: ms, lines: 1 });
    if (performance.now() - t < ms * 0.9) early++;
  }
  const total = performance.now() - started;
  console.log(
    `${game.moves.length} moves, ${positions.length} positions: ${(total / 1000).toFixed(1)} s, ` +
      `${(total / positions.length).toFixed(0)} ms a position, ${early} stopped early`,
  );
}
