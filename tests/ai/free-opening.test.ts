/**
 * A first stone free to go anywhere (Gomoku, Freestyle, D-Pente, DK-Pente): the engine puts it on the centre
 * at every level. On an empty board every point is equal to the evaluation, so a weak level's noise put it on
 * the edge before (seen in D-Pente, where the computer as player 1 places the opening stones).
 */
import { describe, expect, it } from 'vitest';
import { LEVELS, type VariantId, centreOf, formatPoint, newGame } from '../../src/core';
import { Engine } from '../../src/ai/engine';
import { game } from '../helpers';

describe('the first stone of a game with no centre rule', () => {
  const cases: [VariantId, 9 | 13 | 15 | 19][] = [
    ['gomoku', 15],
    ['freestyle', 19],
    ['d-pente', 13],
    ['dk-pente', 19],
  ];
  it.each(cases)('%s %i: the centre, at every level and seed', (variant, size) => {
    const state = newGame({ variant, size });
    for (const level of LEVELS) {
      for (const seed of [1, 2, 3]) {
        const r = new Engine(8).think(state, { level, seed, depth: 2, nodes: 5_000, timeMs: 3_600_000, book: false });
        expect(formatPoint(size, r.move)).toBe(formatPoint(size, centreOf(size)));
      }
    }
  });

  it('stays near the stones after that: D-Pente’s opening stones gather round the centre', () => {
    let state = newGame({ variant: 'd-pente', size: 13 });
    for (let ply = 0; ply < 4; ply++) {
      const move = new Engine(8).think(state, {
        level: 'beginner',
        seed: ply,
        depth: 2,
        nodes: 5_000,
        timeMs: 3_600_000,
      }).move;
      state = game({}, formatPoint(13, move), state);
    }
    const c = (13 - 1) >> 1;
    for (const p of state.moves) {
      expect(Math.abs((p % 13) - c)).toBeLessThanOrEqual(3);
      expect(Math.abs(Math.floor(p / 13) - c)).toBeLessThanOrEqual(3);
    }
  });
});
