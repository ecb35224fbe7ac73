import { describe, expect, it } from 'vitest';
import { eloFromScore, matchStats } from '../../scripts/lib/match-stats';

describe('match statistics', () => {
  it('turns a score into Elo, symmetric about an even score', () => {
    expect(eloFromScore(0.5)).toBe(0);
    expect(eloFromScore(0.75)).toBeCloseTo(190.85, 2);
    expect(eloFromScore(0.25)).toBeCloseTo(-190.85, 2);
    expect(eloFromScore(1)).toBe(Infinity);
    expect(eloFromScore(0)).toBe(-Infinity);
  });

  it('takes the error bar from the spread of pair scores', () => {
    // Pair means 1, 0, ½, ½: variance (¼ + ¼ + 0 + 0) / 3 = 1/6 over 4 pairs.
    const stats = matchStats([
      [1, 1],
      [0, 0],
      [1, 0],
      [0, 1],
    ]);
    expect(stats.games).toBe(8);
    expect(stats.score).toBe(0.5);
    expect(stats.margin95).toBeCloseTo(1.96 * Math.sqrt(1 / 6 / 4), 10);
    expect(stats.pentanomial).toEqual([1, 0, 2, 0, 1]);
  });

  it('gives split pairs no spread, where counting games alone would', () => {
    // Each side wins with the first move: the colours decide, not the players.
    const pairs = Array.from({ length: 50 }, () => [1, 0] as const);
    const stats = matchStats(pairs);
    expect(stats.score).toBe(0.5);
    expect(stats.margin95).toBe(0);
    expect(stats.elo).toBe(0);
    expect(stats.pentanomial).toEqual([0, 0, 50, 0, 0]);
  });

  it('counts draws as half points', () => {
    const stats = matchStats([
      [0.5, 1],
      [0.5, 0.5],
    ]);
    expect(stats.score).toBeCloseTo(0.625, 10);
    expect(stats.pentanomial).toEqual([0, 0, 1, 1, 0]);
    expect(stats.eloLow).toBeLessThan(stats.elo);
    expect(stats.eloHigh).toBeGreaterThan(stats.elo);
  });

  it('refuses a match with no complete pair', () => {
    expect(() => matchStats([])).toThrow(/No complete pairs/);
  });
});
