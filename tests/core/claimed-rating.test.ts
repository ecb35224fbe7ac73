/**
 * A claimed rating's one reader (src/core/claimed-rating.ts): the wire (net's parseClaimedRating) and the
 * disk (storage's friendRatingOf) hold a claim to the same bounds because both read it here.
 */
import { describe, expect, it } from 'vitest';
import { CLAIMED_RATING_BOUNDS, claimedRatingOf } from '../../src/core';
import { parseClaimedRating } from '../../src/net/challenges';
import { friendRatingOf } from '../../src/storage';

const BAD: unknown[] = [
  'junk',
  3,
  null,
  [],
  { rating: -1, deviation: 50, games: 1 },
  { rating: 4000.5, deviation: 50, games: 1 },
  { rating: 1500, deviation: 351, games: 1 },
  { rating: 1500, deviation: 50, games: 1e6 + 1 },
  { rating: 1500, deviation: 50, games: 2.5 },
  { rating: '1500', deviation: 50, games: 1 },
  { rating: Number.NaN, deviation: 50, games: 1 },
  { rating: 1500, deviation: Number.POSITIVE_INFINITY, games: 1 },
  { deviation: 50, games: 1 },
];

describe('a claimed rating, read within one set of bounds', () => {
  it('keeps its three numbers at the bounds and within, and nothing else', () => {
    const b = CLAIMED_RATING_BOUNDS;
    expect(claimedRatingOf({ rating: 0, deviation: 0, games: 0 })).toEqual({ rating: 0, deviation: 0, games: 0 });
    expect(claimedRatingOf({ rating: b.rating, deviation: b.deviation, games: b.games, name: 'x' })).toEqual({
      rating: 4000,
      deviation: 350,
      games: 1e6,
    });
  });

  it('refuses what is not one: out of bounds, not numbers, a fractional count of games', () => {
    for (const bad of BAD) expect(claimedRatingOf(bad), JSON.stringify(bad)).toBeNull();
  });

  it('is what net reads from the wire and storage from the disk: the same verdict on every value', () => {
    const good = { rating: 1712.5, deviation: 80, games: 12 };
    for (const value of [good, ...BAD]) {
      const one = claimedRatingOf(value);
      expect(friendRatingOf(value), JSON.stringify(value)).toEqual(one);
      if (value !== null) expect(parseClaimedRating(value) ?? null, JSON.stringify(value)).toEqual(one);
    }
  });
});
