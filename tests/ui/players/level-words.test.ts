import { describe, expect, it } from 'vitest';
import { LEVELS, LEVEL_BAND, LEVEL_BANDS, bandOf, easyFraction, expectedScore, levelById } from '../../../src/core';
import { BAND_NAMES, LEVEL_PLAYS, levelPlace, levelPlays, ratingInWords } from '../../../src/ui/players/level-words';

/** The nearest easy fraction as English says it, to read the cases below. */
const gamesInWords = (chance: number) => {
  const [won, of] = easyFraction(chance);
  return `${won} ${won === 1 ? 'game' : 'games'} in ${of}`;
};

describe('the levels in words', () => {
  it('gives every built-in level its band and a line on how it plays, and no words to a level that is gone', () => {
    for (const level of LEVELS) {
      expect(LEVEL_BAND[level.id], level.id).toBeDefined();
      for (const locale of ['en', 'de', 'zh'] as const) {
        const plays = LEVEL_PLAYS[level.id]!({}, { locale });
        expect(plays.length, `${level.id} ${locale}`).toBeGreaterThan(locale === 'zh' ? 5 : 10);
        // One line on a 360 px phone's two lines at most (German runs longest).
        expect(plays.length, `${level.id} ${locale}`).toBeLessThanOrEqual(locale === 'de' ? 90 : 80);
      }
    }
    expect(levelPlays(LEVELS[0]!)).toMatch(/first games/);
    expect(Object.keys(LEVEL_BAND).sort()).toEqual(LEVELS.map((l) => l.id).sort());
    expect(Object.keys(LEVEL_PLAYS).sort()).toEqual(LEVELS.map((l) => l.id).sort());
  });

  it('orders the bands as the scale: each band is one run of levels, weakest first, and none is empty', () => {
    const bands = LEVELS.map(bandOf);
    const runs = bands.filter((b, i) => i === 0 || b !== bands[i - 1]);
    expect(runs).toEqual([...LEVEL_BANDS]);
    for (const band of LEVEL_BANDS) expect(BAND_NAMES[band]()).toBeTruthy();
  });

  it('keeps the levels in order of strength, so "the level below" is the weaker one', () => {
    for (let i = 1; i < LEVELS.length; i++) expect(LEVELS[i]!.elo).toBeGreaterThan(LEVELS[i - 1]!.elo);
  });

  it('reads an Elo difference as a chance to win', () => {
    expect(expectedScore(0)).toBe(0.5);
    expect(expectedScore(200)).toBeCloseTo(0.76, 2);
    expect(expectedScore(-200)).toBeCloseTo(0.24, 2);
    expect(expectedScore(400)).toBeCloseTo(10 / 11, 5);
  });

  it('says a chance as the nearest easy fraction of games', () => {
    expect(gamesInWords(0.5)).toBe('1 game in 2');
    expect(gamesInWords(expectedScore(200))).toBe('3 games in 4');
    expect(gamesInWords(0.81)).toBe('4 games in 5');
    expect(gamesInWords(0.1)).toBe('1 game in 10');
    expect(gamesInWords(0.999)).toBe('99 games in 100');
    expect(gamesInWords(0)).toBe('1 game in 100');
  });

  it('says what a rating means against the level below, and where a level sits', () => {
    const casual = levelById('casual')!;
    const learner = levelById('learner')!;
    // Casual is about 220 points above Learner: it wins about 3 games in 4 against it.
    expect(ratingInWords(casual)).toMatch(
      /^Rated \d+ on the app’s own scale: wins about \d+ games? in \d+ against Learner \(\d+\)\.$/,
    );
    expect(ratingInWords(casual)).toContain(gamesInWords(expectedScore(casual.elo - learner.elo)));
    expect(ratingInWords(LEVELS[0]!)).toMatch(/the gentlest level/);
    expect(levelPlace(casual)).toBe(
      `Level ${LEVELS.indexOf(casual) + 1} of ${LEVELS.length} (${BAND_NAMES[bandOf(casual)]()})`,
    );
  });
});
