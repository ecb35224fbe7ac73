import { describe, expect, it } from 'vitest';
import { LEVELS } from '../../src/core';
import { evaluationNoise, levelSettings, noiseFor, visibleMoves } from '../../src/ai/skill';

const moves = Array.from({ length: 40 }, (_, i) => 100 + i);
const quiet = moves.map(() => 1000);

describe('skill: how a level plays below full strength', () => {
  it('noise grows as judgement falls: none at 100%, 4 stones at 0%', () => {
    expect(noiseFor(100)).toBe(0);
    expect(noiseFor(0)).toBe(400);
    expect(noiseFor(75)).toBe(100);
  });

  it("a level's settings: vision and noise, and no quiescence at depth 1", () => {
    const level = LEVELS[0]!;
    expect(levelSettings(level, level.depth)).toMatchObject({
      vision: level.vision / 100,
      noise: noiseFor(level.judgement),
    });
    expect(levelSettings(level, 1).useQuiescence).toBe(false);
    expect(levelSettings(level, 2).useQuiescence).toBeUndefined();
  });

  it('full vision or a forced move sees every move', () => {
    expect(visibleMoves(moves, quiet, false, 1, 3, 12345)).toBe(moves);
    expect(visibleMoves(moves, quiet, true, 0.1, 3, 12345)).toBe(moves);
  });

  it('vision keeps about its share of the moves, the same ones for the same position and seed', () => {
    let kept = 0;
    for (let hash = 0; hash < 200; hash++) {
      const seen = visibleMoves(moves, quiet, false, 0.3, 7, hash * 7919);
      expect(seen).toEqual(visibleMoves(moves, quiet, false, 0.3, 7, hash * 7919));
      for (const m of seen) expect(moves).toContain(m);
      kept += seen.length;
    }
    expect(kept / (200 * moves.length)).toBeGreaterThan(0.25);
    expect(kept / (200 * moves.length)).toBeLessThan(0.35);
  });

  it('always sees a move that wins or stops a win, and seeing nothing plays one candidate', () => {
    const priorities = moves.map((_, i) => (i === 17 ? 1 << 24 : 1000));
    for (let hash = 0; hash < 50; hash++) expect(visibleMoves(moves, priorities, false, 0.05, 1, hash)).toContain(117);
    const blind = visibleMoves(moves, quiet, false, 0, 1, 99);
    expect(blind).toHaveLength(1);
    expect(moves).toContain(blind[0]);
  });

  it('evaluation noise is a seeded integer within ±noise, varying with the position and the seed', () => {
    const values = new Set<number>();
    for (let hash = 0; hash < 500; hash++) {
      const n = evaluationNoise(hash * 2654435761, 5, 40);
      expect(Number.isInteger(n) && n >= -40 && n <= 40).toBe(true);
      expect(evaluationNoise(hash * 2654435761, 5, 40)).toBe(n);
      values.add(n);
    }
    expect(values.size).toBeGreaterThan(60);
    expect(evaluationNoise(1, 1, 100)).not.toBe(evaluationNoise(1, 2, 100));
  });
});
