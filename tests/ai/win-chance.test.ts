import { describe, expect, it } from 'vitest';
import { WIN } from '../../src/ai/search';
import { WIN_CHANCE_SCALE, movesToForcedWin, winChance } from '../../src/ai/win-chance';

describe('winChance', () => {
  it('is one half for an even position and symmetric about it', () => {
    expect(winChance(0)).toBe(0.5);
    for (const score of [50, 300, 1200]) expect(winChance(score) + winChance(-score)).toBeCloseTo(1, 12);
  });
  it('grows with the score', () => {
    expect(winChance(90)).toBeGreaterThan(0.5);
    expect(winChance(600)).toBeGreaterThan(winChance(90));
    expect(winChance(WIN_CHANCE_SCALE)).toBeCloseTo(1 / (1 + Math.exp(-1)), 12);
  });
  it('is certain for a forced result', () => {
    expect(winChance(WIN - 5)).toBe(1);
    expect(winChance(-(WIN - 4))).toBe(0);
  });
});

describe('movesToForcedWin', () => {
  it('counts the winner’s moves, signed by who wins', () => {
    expect(movesToForcedWin(WIN - 1)).toBe(1); // wins with this move
    expect(movesToForcedWin(WIN - 3)).toBe(2); // this move, a reply, then the winning move
    expect(movesToForcedWin(-(WIN - 2))).toBe(-1); // the opponent wins with its next move
    expect(movesToForcedWin(-(WIN - 4))).toBe(-2);
  });
  it('is null for an ordinary score', () => {
    expect(movesToForcedWin(0)).toBeNull();
    expect(movesToForcedWin(5000)).toBeNull();
  });
});
