/**
 * Random-playout benchmark of the rules core (npm run bench:playout).
 *
 * 1. The immutable API: `play` from a new 19x19 Pente game with uniformly random legal moves to the end.
 * 2. The primitives the engine reuses, on one mutable array: place, `findCaptures`, remove, `makesFive`.
 * Prints games/s and moves/s for each, as text and as one JSON line.
 */
import {
  EMPTY,
  MAX_CAPTURED_PER_MOVE,
  type Player,
  centreOf,
  findCaptures,
  makesFive,
  newGame,
  play,
} from '../src/core';
import { rng } from '../tests/helpers';

const SIZE = 19;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

function timeLoop(run: () => number): { games: number; moves: number; seconds: number } {
  const start = performance.now();
  let games = 0;
  let moves = 0;
  while (performance.now() - start < SECONDS * 1000) {
    moves += run();
    games++;
  }
  return { games, moves, seconds: (performance.now() - start) / 1000 };
}

const random = rng(1);

function immutablePlayout(): number {
  let state = newGame({ size: SIZE });
  while (!state.result) {
    const next = play(state, Math.floor(random() * SIZE * SIZE));
    if (next.ok) state = next.value;
  }
  return state.moves.length;
}

const cells = new Uint8Array(SIZE * SIZE);
const empties = new Int16Array(SIZE * SIZE);
const captured = new Int16Array(MAX_CAPTURED_PER_MOVE);
const lengths = [2];

function primitivePlayout(): number {
  cells.fill(EMPTY);
  let n = 0;
  for (let p = 0; p < cells.length; p++) empties[n++] = p;
  const caps = [0, 0];
  let player: Player = 1;
  let moves = 0;
  let point = centreOf(SIZE);
  for (;;) {
    cells[point] = player;
    moves++;
    const k = findCaptures(cells, SIZE, point, player, lengths, captured);
    for (let i = 0; i < k; i++) cells[captured[i]!] = EMPTY;
    caps[player - 1]! += k;
    if (caps[player - 1]! >= 10 || makesFive(cells, SIZE, point, player, false)) return moves;
    // Pick a random empty point (captured points become empty again).
    n = 0;
    for (let p = 0; p < cells.length; p++) if (cells[p] === EMPTY) empties[n++] = p;
    if (n === 0) return moves;
    point = empties[Math.floor(random() * n)]!;
    player = (3 - player) as Player;
  }
}

const results = { immutable: timeLoop(immutablePlayout), primitives: timeLoop(primitivePlayout) };
for (const [name, r] of Object.entries(results)) {
  console.log(
    `${name.padEnd(10)} ${(r.games / r.seconds).toFixed(0).padStart(8)} games/s ${(r.moves / r.seconds).toFixed(0).padStart(10)} moves/s  (${r.games} games, ${(r.moves / r.games).toFixed(1)} moves each)`,
  );
}
console.log(
  JSON.stringify(
    Object.fromEntries(
      Object.entries(results).map(([k, r]) => [
        k,
        { gamesPerSecond: Math.round(r.games / r.seconds), movesPerSecond: Math.round(r.moves / r.seconds) },
      ]),
    ),
  ),
);
