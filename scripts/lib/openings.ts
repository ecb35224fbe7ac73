/** Random openings for the self-play scripts (build:book, match). */
import { type BoardSize, type Point, type VariantId, newGame, play } from '../../src/core';

/**
 * `fewest` to `most` random legal moves near the centre (the first two within 2 points of it, then within 4),
 * drawn from `random`. A fixed count (fewest = most) draws no number for the count.
 */
export function randomOpening(
  variant: VariantId,
  size: BoardSize,
  random: () => number,
  [fewest, most]: readonly [number, number],
): Point[] {
  let state = newGame({ variant, size });
  const c = (size - 1) >> 1;
  const plies = most > fewest ? fewest + Math.floor(random() * (most - fewest + 1)) : fewest;
  while (state.moves.length < plies) {
    const r = state.moves.length < 2 ? 2 : 4;
    const x = c + Math.floor(random() * (2 * r + 1)) - r;
    const y = c + Math.floor(random() * (2 * r + 1)) - r;
    const next = play(state, y * size + x);
    if (next.ok) state = next.value;
  }
  return [...state.moves];
}
