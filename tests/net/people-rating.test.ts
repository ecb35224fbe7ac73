import { describe, expect, it } from 'vitest';
import { NEW_RATING, updateGlicko2 } from '../../src/core';
import { isProvisional, peopleRating } from '../../src/net/people-rating';
import { PHRASES, parsePhrase } from '../../src/net/phrases';

describe('the rating from games against people', () => {
  it('is a newcomer’s with no games', () => {
    expect(peopleRating([])).toEqual({ ...NEW_RATING, games: 0 });
    expect(isProvisional(peopleRating([]))).toBe(true);
  });

  it('rates each game in the order they ended, whatever order they are given', () => {
    const strong = { rating: 1900, deviation: 60, volatility: 0.06 };
    const games = [
      { endedAt: 30, score: 0 as const, opponent: null },
      { endedAt: 10, score: 1 as const, opponent: strong },
      { endedAt: 20, score: 0.5 as const, opponent: strong },
    ];
    const byHand = [games[1]!, games[2]!, games[0]!].reduce(
      (r, g) => updateGlicko2(r, [{ opponent: g.opponent ?? NEW_RATING, score: g.score }]),
      NEW_RATING,
    );
    expect(peopleRating(games)).toEqual({ ...byHand, games: 3 });
    expect(peopleRating([...games].reverse())).toEqual({ ...byHand, games: 3 });
  });

  it('rises with wins and settles with games', () => {
    const settled = { rating: 1700, deviation: 50, volatility: 0.06 };
    const wins = Array.from({ length: 30 }, (_, i) => ({
      endedAt: i,
      score: (i % 3 ? 1 : 0) as 0 | 1,
      opponent: settled,
    }));
    const rating = peopleRating(wins);
    expect(rating.rating).toBeGreaterThan(1700);
    expect(isProvisional(rating)).toBe(false);
  });
});

describe('preset phrases', () => {
  it('read back only their own ids', () => {
    for (const phrase of PHRASES) expect(parsePhrase(phrase)).toBe(phrase);
    for (const junk of ['you suck', 'HELLO', '', null, 3, { hello: 1 }, 'constructor'])
      expect(parsePhrase(junk)).toBeNull();
  });
});
