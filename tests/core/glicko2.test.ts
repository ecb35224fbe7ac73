import { describe, expect, it } from 'vitest';
import { NEW_RATING, updateGlicko2 } from '../../src/core/puzzle/glicko2';

const opponent = (rating: number, deviation: number) => ({ rating, deviation, volatility: 0.06 });

describe('Glicko-2', () => {
  it("matches Glickman's worked example (1500/200/0.06 against 1400/30 won, 1550/100 and 1700/300 lost)", () => {
    const after = updateGlicko2({ rating: 1500, deviation: 200, volatility: 0.06 }, [
      { opponent: opponent(1400, 30), score: 1 },
      { opponent: opponent(1550, 100), score: 0 },
      { opponent: opponent(1700, 300), score: 0 },
    ]);
    // The paper's figures: r' = 1464.06, RD' = 151.52, σ' = 0.05999. The paper rounds its intermediate
    // values (μ' = -0.2069) before converting back, which puts its r' 0.009 above the unrounded 1464.0507,
    // so the rating is held to ±0.05; the paper's σ' keeps five digits of 0.059996 (cut, not rounded).
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.rating).toBeCloseTo(1464.0507, 4);
    expect(after.deviation).toBeCloseTo(151.52, 2);
    expect(after.volatility).toBeCloseTo(0.05999, 4);
    expect(after.volatility).toBeCloseTo(0.059996, 6);
  });

  it('a period without games only widens the deviation', () => {
    const before = { rating: 1620, deviation: 80, volatility: 0.06 };
    const after = updateGlicko2(before, []);
    expect(after.rating).toBe(1620);
    expect(after.volatility).toBe(0.06);
    // √(φ² + σ²) on the internal scale.
    expect(after.deviation).toBeCloseTo(Math.sqrt((80 / 173.7178) ** 2 + 0.06 ** 2) * 173.7178, 9);
  });

  it('a win raises the rating, a loss lowers it, and either makes it surer', () => {
    const puzzle = opponent(1500, 80);
    const won = updateGlicko2(NEW_RATING, [{ opponent: puzzle, score: 1 }]);
    const lost = updateGlicko2(NEW_RATING, [{ opponent: puzzle, score: 0 }]);
    expect(won.rating).toBeGreaterThan(1500);
    expect(lost.rating).toBeLessThan(1500);
    expect(won.rating - 1500).toBeCloseTo(1500 - lost.rating, 9);
    expect(won.deviation).toBeLessThan(NEW_RATING.deviation);
  });

  it('a surprising result moves the rating more than an expected one', () => {
    const strong = { rating: 1800, deviation: 100, volatility: 0.06 };
    const beatWeak = updateGlicko2(strong, [{ opponent: opponent(1400, 60), score: 1 }]);
    const lostToWeak = updateGlicko2(strong, [{ opponent: opponent(1400, 60), score: 0 }]);
    expect(beatWeak.rating - 1800).toBeLessThan(1800 - lostToWeak.rating);
  });
});
