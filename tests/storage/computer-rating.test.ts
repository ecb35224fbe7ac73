import { describe, expect, it } from 'vitest';
import { NEW_COMPUTER_RATING, addComputerGame, computerRating, levelById } from '../../src/core';
import {
  type ComputerPlayer,
  type StoredGame,
  COMPUTER_RATING_KEY,
  COMPUTER_RATING_RESULTS_KEY,
  countFinishedGame,
  exportAll,
  importAll,
  eligibility,
  getComputerRating,
  getGame,
  gameProblem,
  readComputerRating,
  ratedComputerGame,
  saveGame,
  savePlayer,
} from '../../src/storage';
import { gameFields } from '../../src/storage/game-record';
import { COMPUTER, HUMAN, openFresh, sampleGame, unwrap } from './helpers';

const casual = levelById('casual')!;
const casualPlayer: ComputerPlayer = { ...casual, kind: 'computer' };

/** A finished game of the person (Black) against Casual (White), won by `winner` (null: a draw). */
const finished = (winner: 1 | 2 | null, overrides: Partial<StoredGame> = {}): StoredGame =>
  sampleGame({
    status: 'finished',
    result: winner === null ? { winner: null, reason: 'draw' } : { winner, reason: 'resignation' },
    moves: ['K10', 'L9'],
    updatedAt: 5_000,
    ...overrides,
  });

describe('which games count toward the rating against the levels', () => {
  it('a finished Pente game on 19×19 against a built-in level counts, scored for the person', () => {
    const won = finished(1);
    expect(eligibility(won)).toBe('rated');
    expect(ratedComputerGame(won, casualPlayer)).toEqual({
      id: won.id,
      endedAt: 5_000,
      levelId: 'casual',
      score: 1,
    });
    expect(ratedComputerGame(finished(2), casualPlayer)).toMatchObject({ score: 0 });
    expect(ratedComputerGame(finished(null), casualPlayer)).toMatchObject({ score: 0.5 });
    // The person playing White.
    const asWhite = finished(2, { players: [COMPUTER, HUMAN] });
    expect(ratedComputerGame(asWhite, casualPlayer)).toMatchObject({ score: 1 });
  });

  it('leaves out every game that is not the person’s own result against a measured level', () => {
    const cases: [Partial<StoredGame>, string][] = [
      [{ status: 'in-progress', result: null }, 'unfinished'],
      [{ demo: true }, 'demo'],
      [{ imported: { at: 4_000, dated: false } }, 'imported'],
      [{ origin: { gameId: 'other', ply: 2 } }, 'from-position'],
      [{ friend: { gameId: 'abcdefghijklmnop', mySide: 1 } }, 'friend'],
      [{ assisted: true }, 'assisted'],
      [{ variant: 'gomoku', size: 15 }, 'other-game'],
      [{ size: 13 }, 'other-game'],
      [{ variant: 'keryo' }, 'other-game'],
      [{ players: [HUMAN, { ...HUMAN, name: 'Bob', playerId: 'player-2' }] }, 'no-person'],
      [{ players: [COMPUTER, COMPUTER] }, 'no-person'],
    ];
    for (const [overrides, reason] of cases) {
      const game = finished(1, overrides);
      expect(ratedComputerGame(game, casualPlayer), reason).toBe(reason);
    }
  });

  it('leaves out a computer player whose settings are not exactly a level’s (never measured), or none', () => {
    expect(ratedComputerGame(finished(1), { ...casualPlayer, vision: casual.vision + 1 })).toBe('not-a-level');
    expect(ratedComputerGame(finished(1), undefined)).toBe('not-a-level');
    expect(ratedComputerGame(finished(1), { id: 'x', kind: 'human', name: 'Casual' })).toBe('not-a-level');
    // Any player with a level's exact settings plays as that level, whatever its name.
    const renamed = { ...levelById('expert')!, id: 'mine', name: 'My rival', kind: 'computer' };
    expect(ratedComputerGame(finished(1), renamed)).toMatchObject({ levelId: 'expert' });
  });

  it('the take-back and hint mark is stored only as `true`', () => {
    expect(gameProblem(finished(1, { assisted: true }))).toBeNull();
    expect(gameFields(finished(1, { assisted: true }), 1, 0).assisted).toBe(true);
    expect('assisted' in gameFields({ ...finished(1), assisted: 'yes' } as unknown as StoredGame, 1, 0)).toBe(false);
  });
});

describe('the stored rating', () => {
  it('reads a newcomer when there is none or it is not a rating', () => {
    expect(readComputerRating(undefined)).toEqual(NEW_COMPUTER_RATING);
    expect(readComputerRating({ rating: 'x', deviation: 100, volatility: 0.06, games: 1 })).toEqual(
      NEW_COMPUTER_RATING,
    );
    expect(readComputerRating({ rating: 1200, deviation: 400, volatility: 0.06, games: 1 })).toEqual(
      NEW_COMPUTER_RATING,
    );
    expect(readComputerRating({ rating: 1200, deviation: 90, volatility: 0.06, games: 1.5 })).toEqual(
      NEW_COMPUTER_RATING,
    );
    const good = { rating: 1200, deviation: 90, volatility: 0.06, games: 12 };
    expect(readComputerRating({ ...good, extra: 1 })).toEqual(good);
  });

  it('the save that finishes a rated game counts it once; later saves and unrated games change nothing', async () => {
    const { db } = await openFresh();
    expect(unwrap(await getComputerRating(db))).toEqual(NEW_COMPUTER_RATING);
    // The built-in Casual player (seeded with the database) is exactly the level.
    const playing = unwrap(await saveGame(db, sampleGame(), 0, 2_000, countFinishedGame));
    expect(unwrap(await getComputerRating(db)).games).toBe(0);
    const won = unwrap(
      await saveGame(
        db,
        { ...playing, status: 'finished', result: { winner: 1, reason: 'resignation' } },
        1,
        3_000,
        countFinishedGame,
      ),
    );
    const expected = addComputerGame(NEW_COMPUTER_RATING, { id: won.id, endedAt: 3_000, levelId: 'casual', score: 1 });
    expect(unwrap(await getComputerRating(db))).toEqual(expected);
    // Saved again (finished already): not counted twice.
    unwrap(await saveGame(db, won, won.revision, 4_000, countFinishedGame));
    expect(unwrap(await getComputerRating(db))).toEqual(expected);
    // A casual game (a take-back) is not counted.
    const helped = unwrap(await saveGame(db, sampleGame({ assisted: true }), 0, 5_000, countFinishedGame));
    expect(unwrap(await getGame(db, helped.id)).assisted).toBe(true);
    unwrap(
      await saveGame(
        db,
        { ...helped, status: 'finished', result: { winner: 2, reason: 'five' } },
        1,
        6_000,
        countFinishedGame,
      ),
    );
    expect(unwrap(await getComputerRating(db))).toEqual(expected);
    db.close();
  });

  it('a game against the built-in player once its settings were changed is not counted', async () => {
    const { db } = await openFresh();
    unwrap(await savePlayer(db, { ...casualPlayer, id: 'casual', vision: 99 }));
    const playing = unwrap(await saveGame(db, sampleGame(), 0, 2_000, countFinishedGame));
    unwrap(
      await saveGame(
        db,
        { ...playing, status: 'finished', result: { winner: 2, reason: 'five' } },
        1,
        3_000,
        countFinishedGame,
      ),
    );
    expect(unwrap(await getComputerRating(db)).games).toBe(0);
    db.close();
  });

  it('is kept under its own key, which the settings leave alone', () => {
    expect(COMPUTER_RATING_KEY).toBe('computerRating');
  });

  it('a save without the hook (an import, a friend game) counts nothing', async () => {
    const { db } = await openFresh();
    const playing = unwrap(await saveGame(db, sampleGame(), 0, 2_000));
    unwrap(await saveGame(db, { ...playing, status: 'finished', result: { winner: 1, reason: 'five' } }, 1, 3_000));
    expect(unwrap(await getComputerRating(db)).games).toBe(0);
    db.close();
  });
});

describe('the rating in backups', () => {
  /** A database where the person beat Casual (ending at `at`), counted as the play screen counts it. */
  async function withRatedWin(at: number) {
    const { db } = await openFresh();
    const playing = unwrap(await saveGame(db, sampleGame(), 0, at - 1, countFinishedGame));
    const won = {
      ...playing,
      status: 'finished' as const,
      result: { winner: 1 as const, reason: 'resignation' as const },
    };
    unwrap(await saveGame(db, won, 1, at, countFinishedGame));
    return { db, result: { id: playing.id, endedAt: at, levelId: 'casual', score: 1 as const } };
  }

  it('a backup carries the rating with its games, and a fresh device gets the same rating', async () => {
    const source = await withRatedWin(3_000);
    const { file } = unwrap(await exportAll(source.db));
    expect(file.computerRating).toEqual({ rating: computerRating([source.result]), results: [source.result] });
    const { db } = await openFresh();
    const report = unwrap(await importAll(db, JSON.parse(JSON.stringify(file))));
    expect(report.ratingGamesAdded).toBe(1);
    expect(unwrap(await getComputerRating(db))).toEqual(computerRating([source.result]));
    // Restored again: each game is counted once.
    expect(unwrap(await importAll(db, JSON.parse(JSON.stringify(file)))).ratingGamesAdded).toBe(0);
    expect(unwrap(await getComputerRating(db)).games).toBe(1);
    source.db.close();
    db.close();
  });

  it('restored on a device with its own rated games: the rating of both devices’ games, in the order they ended', async () => {
    const phone = await withRatedWin(3_000);
    const tablet = await withRatedWin(2_000);
    const { file } = unwrap(await exportAll(phone.db));
    unwrap(await importAll(tablet.db, file));
    expect(unwrap(await getComputerRating(tablet.db))).toEqual(computerRating([tablet.result, phone.result]));
    phone.db.close();
    tablet.db.close();
  });

  it('a rating in the file that is not one is left out and said so; the stored one is untouched', async () => {
    const here = await withRatedWin(3_000);
    const before = unwrap(await getComputerRating(here.db));
    const { file } = unwrap(await exportAll(here.db));
    const forged = {
      ...file,
      computerRating: { rating: { rating: 'high' }, results: [{ id: 'x', endedAt: 1, levelId: 'casual', score: 1 }] },
    };
    const report = unwrap(await importAll(here.db, forged));
    expect(report.ratingGamesAdded).toBe(0);
    expect(report.rejected).toContainEqual(expect.objectContaining({ what: 'progress', id: COMPUTER_RATING_KEY }));
    expect(unwrap(await getComputerRating(here.db))).toEqual(before);
    here.db.close();
  });

  it('keeps the rated games under their own key, beside the rating', () => {
    expect(COMPUTER_RATING_RESULTS_KEY).toBe('computerRatingResults');
  });
});
