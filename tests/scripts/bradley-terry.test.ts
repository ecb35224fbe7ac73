import { describe, expect, it } from 'vitest';
import { bootstrapElo, fitElo, pairingScores } from '../../scripts/lib/bradley-terry';
import { rng } from '../helpers';

/** A's expected score against B under the Elo model. */
const expected = (a: number, b: number): number => 1 / (1 + 10 ** ((b - a) / 400));

describe('Bradley–Terry Elo fit', () => {
  it('recovers known ratings from exact expected scores', () => {
    const truth = [0, 150, 400, 600];
    const scores = [
      [0, 1],
      [1, 2],
      [2, 3],
      [0, 2],
      [1, 3],
    ].map(([a, b]) => ({ a: a!, b: b!, games: 1000, points: 1000 * expected(truth[a!]!, truth[b!]!) }));
    const fit = fitElo(4, scores, { anchor: 0, prior: 0 });
    fit.elo.forEach((e, i) => expect(e).toBeCloseTo(truth[i]!, 6));
    expect(fit.se[0]).toBe(0);
    // Further from the anchor, more uncertain.
    expect(fit.se[3]!).toBeGreaterThan(fit.se[1]!);
  });

  it('anchors at any player', () => {
    const scores = [
      { a: 0, b: 1, games: 400, points: 400 * expected(0, 200) },
      { a: 2, b: 1, games: 400, points: 400 * expected(350, 200) },
    ];
    const fit = fitElo(3, scores, { anchor: 1, prior: 0 });
    expect(fit.elo[1]).toBe(0);
    expect(fit.elo[0]).toBeCloseTo(-200, 6);
    expect(fit.elo[2]).toBeCloseTo(150, 6);
  });

  it('gives the textbook standard error for two players', () => {
    // Var(r̂) = 1 / (n p (1 − p)) in natural units: 100 games at 50% → 0.2, i.e. 34.7 Elo.
    const fit = fitElo(2, [{ a: 0, b: 1, games: 100, points: 50 }], { anchor: 0, prior: 0 });
    expect(fit.elo[1]).toBeCloseTo(0, 8);
    expect(fit.se[1]).toBeCloseTo((0.2 * 400) / Math.LN10, 6);
  });

  it('keeps a sweep finite with the prior draw', () => {
    const fit = fitElo(2, [{ a: 1, b: 0, games: 20, points: 20 }], { anchor: 0 });
    // 20.5 of 21: 400·log10(20.5 / 0.5) ≈ 645.
    expect(fit.elo[1]).toBeCloseTo(400 * Math.log10(20.5 / 0.5), 6);
  });

  it('throws when a player is not connected to the anchor', () => {
    expect(() => fitElo(3, [{ a: 0, b: 1, games: 10, points: 5 }], { anchor: 0 })).toThrow(/connect/);
  });

  it('bootstraps an interval that holds the fit and narrows with more pairs', () => {
    const pairsOf = (n: number) =>
      Array.from({ length: n }, (_, i) => (i % 4 === 0 ? ([0, 0] as const) : ([1, i % 2] as const)));
    const interval = (n: number) => {
      const pairings = [{ a: 1, b: 0, pairs: pairsOf(n) }];
      const fit = fitElo(2, pairingScores(pairings), { anchor: 0 });
      const b = bootstrapElo(2, pairings, { anchor: 0, samples: 300, random: rng(7) });
      expect(b.low[1]!).toBeLessThan(fit.elo[1]!);
      expect(b.high[1]!).toBeGreaterThan(fit.elo[1]!);
      return b.high[1]! - b.low[1]!;
    };
    expect(interval(160)).toBeLessThan(interval(20) / 2);
  });
});
