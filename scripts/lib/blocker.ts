/**
 * The ladder's floor: a scripted player that knows only that five in a row wins (a child's first game). On
 * its turn it
 *   1. wins at once if it can (a five, or the captures that win), else
 *   2. blocks a point where the opponent would make five next move (a four, open or not), else
 *   3. plays a random legal point next to a stone (any of the 8 neighbours), else any legal point.
 * It never makes a threat on purpose, never captures unless by chance, and never sees an open three coming.
 * Its choices are drawn from a seeded generator, so a game against it replays exactly for a seed.
 */
import { type GameState, type Player, type Point, isLegal, makesFive, play } from '../../src/core';

export function blockerMove(state: GameState, random: () => number): Point {
  const { size } = state.rules;
  const exact = state.rules.variant.fiveRule === 'exactly-five';
  const me = state.toMove;
  const opponent = (3 - me) as Player;
  const legal: Point[] = [];
  for (let p = 0; p < state.cells.length; p++) if (isLegal(state, p)) legal.push(p);
  const pick = (points: readonly Point[]): Point => points[Math.floor(random() * points.length)]!;

  const wins = legal.filter((p) => {
    const next = play(state, p);
    return next.ok && next.value.result?.winner === me;
  });
  if (wins.length) return pick(wins);

  const blocks = legal.filter((p) => makesFive(state.cells, size, p, opponent, exact));
  if (blocks.length) return pick(blocks);

  const near = legal.filter((p) => {
    const x = p % size;
    const y = (p - x) / size;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if ((dx || dy) && nx >= 0 && ny >= 0 && nx < size && ny < size && state.cells[ny * size + nx] !== 0)
          return true;
      }
    return false;
  });
  return pick(near.length ? near : legal);
}
