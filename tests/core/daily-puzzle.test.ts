import { describe, expect, it } from 'vitest';
import { dailyPuzzleIndex } from '../../src/core';

const DAY = 86_400_000;

describe('the puzzle of the day', () => {
  const start = Date.UTC(2026, 0, 1);

  it('is the same all day long, and in the pack', () => {
    const i = dailyPuzzleIndex(434, start);
    expect(i).toBeGreaterThanOrEqual(0);
    expect(i).toBeLessThan(434);
    expect(dailyPuzzleIndex(434, start + DAY - 1)).toBe(i);
  });

  it('changes every day, and a month of days are all different puzzles', () => {
    const month = Array.from({ length: 30 }, (_, d) => dailyPuzzleIndex(434, start + d * DAY));
    expect(new Set(month).size).toBe(30);
    // Not the pack in order: consecutive days are not neighbouring puzzles.
    expect(month.slice(1).every((v, d) => Math.abs(v - month[d]!) > 1)).toBe(true);
  });

  it('is none for an empty pack', () => {
    expect(dailyPuzzleIndex(0, start)).toBe(-1);
  });
});
