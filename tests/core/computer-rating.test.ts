import { describe, expect, it } from 'vitest';
import {
  type ComputerGameResult,
  LEVEL_DEVIATION,
  NEW_COMPUTER_RATING,
  SCALE_ANCHOR,
  addComputerGame,
  computerRating,
  levelOpponent,
  mergeComputerRatings,
} from '../../src/core/computer-rating';
import { LEVELS, levelById, levelRating } from '../../src/core/levels';
import { NEW_RATING, isProvisional, updateGlicko2 } from '../../src/core/puzzle/glicko2';

let next = 0;
const game = (levelId: string, score: 0 | 0.5 | 1, endedAt = ++next * 1000, id = `g${next}`): ComputerGameResult => ({
  id,
  endedAt,
  levelId,
  score,
});

describe('the rating against the computer levels', () => {
  it('a newcomer is Glicko-2’s: 1500 ± 350, no games, provisional', () => {
    const r = computerRating([]);
    expect(r).toEqual({ ...NEW_RATING, games: 0 });
    expect(NEW_COMPUTER_RATING.games).toBe(0);
    expect(isProvisional(r)).toBe(true);
  });

  it('a level is an opponent at its measured rating on the scale where Beginner is 1000, with a small fixed deviation', () => {
    const beginner = levelById('beginner')!;
    expect(levelOpponent(beginner)).toEqual({ rating: SCALE_ANCHOR, deviation: LEVEL_DEVIATION, volatility: 0.06 });
    expect(levelRating(beginner)).toBe(SCALE_ANCHOR);
    for (const level of LEVELS) {
      expect(Math.abs(levelOpponent(level).rating - levelRating(level))).toBeLessThanOrEqual(5);
      expect(levelOpponent(level).deviation).toBe(LEVEL_DEVIATION);
    }
  });

  it('one game is one Glicko-2 period against the level', () => {
    const expert = levelById('expert')!;
    const r = computerRating([game('expert', 1)]);
    const { rating, deviation, volatility } = updateGlicko2(NEW_RATING, [
      { opponent: levelOpponent(expert), score: 1 },
    ]);
    expect(r).toEqual({ rating, deviation, volatility, games: 1 });
  });

  it('a win against a stronger level raises the rating more than a win against a weaker one', () => {
    const start = { ...NEW_COMPUTER_RATING, rating: 1400, deviation: 150 };
    const gains = LEVELS.map((l) => addComputerGame(start, game(l.id, 1)).rating - start.rating);
    for (let i = 1; i < gains.length; i++) expect(gains[i]).toBeGreaterThan(gains[i - 1]!);
    expect(gains[0]).toBeGreaterThan(0);
  });

  it('a loss against a weaker level lowers it more than a loss against a stronger one', () => {
    const start = { ...NEW_COMPUTER_RATING, rating: 1400, deviation: 150 };
    const drops = LEVELS.map((l) => start.rating - addComputerGame(start, game(l.id, 0)).rating);
    for (let i = 1; i < drops.length; i++) expect(drops[i]).toBeLessThan(drops[i - 1]!);
    expect(drops.at(-1)).toBeGreaterThan(0);
  });

  it('a draw moves the rating toward the level', () => {
    const start = { ...NEW_COMPUTER_RATING, rating: 1400, deviation: 150 };
    expect(addComputerGame(start, game('master', 0.5)).rating).toBeGreaterThan(1400);
    expect(addComputerGame(start, game('first-game', 0.5)).rating).toBeLessThan(1400);
  });

  it('the deviation shrinks with every game and the rating stops being provisional', () => {
    let r = NEW_COMPUTER_RATING;
    const deviations: number[] = [];
    for (let i = 0; i < 30; i++) {
      r = addComputerGame(r, game(i % 3 === 0 ? 'casual' : 'learner', i % 2 === 0 ? 1 : 0));
      deviations.push(r.deviation);
    }
    for (let i = 1; i < deviations.length; i++) expect(deviations[i]).toBeLessThan(deviations[i - 1]!);
    expect(r.games).toBe(30);
    expect(isProvisional(r)).toBe(false);
    // Winning half the games against Learner and Casual: between the two.
    expect(r.rating).toBeGreaterThan(levelOpponent(levelById('learner')!).rating - 100);
    expect(r.rating).toBeLessThan(levelOpponent(levelById('casual')!).rating + 100);
  });

  it('many games settle near the strength of the level the player wins half the games against', () => {
    const results = Array.from({ length: 60 }, (_, i) => game('intermediate', i % 2 === 0 ? 1 : 0));
    expect(Math.abs(computerRating(results).rating - levelOpponent(levelById('intermediate')!).rating)).toBeLessThan(
      40,
    );
  });

  it('the games are taken in the order they ended, whatever order storage gives them in', () => {
    const games = [
      game('beginner', 1, 5000, 'e'),
      game('master', 0, 1000, 'a'),
      game('club', 1, 3000, 'c'),
      game('novice', 0, 2000, 'b'),
      game('expert', 0.5, 3000, 'b2'), // the same moment as 'c': by id
    ];
    const inOrder = [games[1]!, games[3]!, games[4]!, games[2]!, games[0]!].reduce(
      addComputerGame,
      NEW_COMPUTER_RATING,
    );
    const orders = [games, [...games].reverse(), [games[2]!, games[0]!, games[4]!, games[1]!, games[3]!]];
    for (const order of orders) expect(computerRating(order)).toEqual(inOrder);
    // The order matters to Glicko-2 (the deviation at each game differs): so the sort is doing work.
    expect(games.reduce(addComputerGame, NEW_COMPUTER_RATING)).not.toEqual(inOrder);
  });

  it('a game against a level this version does not know is ignored', () => {
    const known = [game('beginner', 1), game('learner', 0)];
    expect(computerRating([...known, game('grandmaster', 1)])).toEqual(computerRating(known));
    expect(addComputerGame(NEW_COMPUTER_RATING, game('', 1))).toBe(NEW_COMPUTER_RATING);
  });

  it('is deterministic', () => {
    const games = LEVELS.map((l, i) => game(l.id, (((i * 7) % 3) / 2) as 0 | 0.5 | 1));
    expect(computerRating(games)).toEqual(computerRating(games.map((g) => ({ ...g }))));
  });
});

describe('merging two devices’ ratings (a backup restored)', () => {
  const history = (results: ComputerGameResult[]) => ({ rating: computerRating(results), results });

  it('counts each game once, and makes the rating again from all the games in the order they ended', () => {
    const a = game('casual', 1);
    const b = game('expert', 0);
    const c = game('intermediate', 0.5);
    const d = game('beginner', 1);
    const local = history([a, c]);
    const file = history([b, c, d]);
    const merged = mergeComputerRatings(local, file);
    expect(merged.added).toBe(2);
    expect(merged.results.map((r) => r.id).sort()).toEqual([a, b, c, d].map((r) => r.id).sort());
    expect(merged.rating).toEqual(computerRating([a, b, c, d]));
    // Restoring the same file again adds nothing and changes nothing.
    const again = mergeComputerRatings(merged, file);
    expect(again.added).toBe(0);
    expect(again.rating).toEqual(merged.rating);
    expect(again.results).toHaveLength(4);
  });

  it('a device with no rated game takes the file’s history as it is', () => {
    const file = history([game('casual', 1), game('casual', 0)]);
    expect(mergeComputerRatings(history([]), file)).toEqual({ ...file, added: 2 });
  });

  it('a rating counted before its games were kept stays, and the file’s new games carry on from it', () => {
    const kept = game('casual', 1);
    const legacy = { rating: { ...computerRating([game('expert', 1), kept]) }, results: [kept] };
    const fresh = game('beginner', 0);
    const merged = mergeComputerRatings(legacy, history([kept, fresh]));
    expect(merged.added).toBe(1);
    expect(merged.rating).toEqual(addComputerGame(legacy.rating, fresh));
    expect(merged.rating.games).toBe(3);
  });
});
