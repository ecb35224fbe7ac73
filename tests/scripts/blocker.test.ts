import { describe, expect, it } from 'vitest';
import { blockerMove } from '../../scripts/lib/blocker';
import { game, names, rng } from '../helpers';

const free = { variant: 'pente', tournamentRule: false } as const;
const moveName = (state: Parameters<typeof blockerMove>[0], seed: number) =>
  names(state, [blockerMove(state, rng(seed))])[0];

describe('the blocker (the ladder’s scripted floor)', () => {
  it('makes its own five rather than block one', () => {
    // Player 1 (to move) has K10–N10; player 2 has K12–N12, a four of its own.
    const state = game(free, 'K10 K12 L10 L12 M10 M12 N10 N12');
    for (let seed = 1; seed <= 10; seed++) expect(['J10', 'O10']).toContain(moveName(state, seed));
  });

  it('blocks the opponent’s four', () => {
    // Player 2 (to move) faces player 1's K10–N10 and has no four of its own.
    const state = game(free, 'K10 A1 L10 A3 M10 A5 N10');
    for (let seed = 1; seed <= 10; seed++) expect(['J10', 'O10']).toContain(moveName(state, seed));
  });

  it('does not see an open three coming', () => {
    // Player 2 to move faces the open three K10–M10: it plays next to some stone, not always on that line.
    const state = game(free, 'K10 A1 L10 A3 M10');
    const moves = new Set(Array.from({ length: 30 }, (_, seed) => moveName(state, seed)));
    expect([...moves].some((m) => m !== 'J10' && m !== 'N10')).toBe(true);
  });

  it('otherwise plays next to a stone, the same move for the same seed', () => {
    const state = game(free, 'K10 K11');
    const size = state.rules.size;
    const seen = new Set<number>();
    for (let seed = 1; seed <= 30; seed++) {
      const move = blockerMove(state, rng(seed));
      expect(blockerMove(state, rng(seed))).toBe(move);
      const [x, y] = [move % size, Math.floor(move / size)];
      const nextToAStone = state.cells.some(
        (c, p) => c !== 0 && Math.max(Math.abs((p % size) - x), Math.abs(Math.floor(p / size) - y)) === 1,
      );
      expect(nextToAStone).toBe(true);
      seen.add(move);
    }
    expect(seen.size).toBeGreaterThan(3);
  });
});
