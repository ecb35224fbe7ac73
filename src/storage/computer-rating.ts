/**
 * The player's rating against the computer's levels (core's computer-rating.ts), kept as one small record
 * under COMPUTER_RATING_KEY in the settings store (which leaves keys it does not know alone) and brought up
 * to date in the transaction that saves a game as finished (games.ts saveGame's `whenFinished`, which the
 * play screen gives its saves: this code is not part of the first screen). So reading it is one `get`
 * whatever the size of the library (issue 28: nothing at start-up grows with the library), and a game is
 * counted once: only the save that turns a stored game from unfinished to finished counts it (a finished
 * game cannot be taken back, so it never finishes twice). Deleting a game later does not uncount it.
 *
 * Which games count (`ratedComputerGame`), and why:
 * - a game played here from the start to its end, between the person and a computer player whose settings,
 *   when the game ended, were exactly a built-in level's: the level's measured strength is the opponent's
 *   (a custom player was never measured). Not a demo, not imported, not played from another game's
 *   position (its start was not the level's choice), not a friend game.
 * - Pente on 19×19 only: the levels' strengths were measured there (scripts/ladder.ts), and a level is
 *   not as strong, relative to the others, on a small board or in another game.
 * - no take-backs and no hints (`StoredGame.assisted`): the result would not be the person's own play —
 *   as lichess leaves casual games out of ratings. Such a game is still listed, only not rated.
 * - resignation and loss on time count as losses, as in any rated game.
 */
import {
  type ComputerGameResult,
  type ComputerRating,
  type ComputerRatingHistory,
  LEVELS,
  NEW_COMPUTER_RATING,
  addComputerGame,
  mergeComputerRatings,
  ok,
} from '../core';
import { strengthOf } from './computer-settings';
import { type PenteDb, withTransaction } from './db';
import type { StorageResult } from './errors';
import type { SaveTransaction } from './games';
import type { SettingsTxStore } from './progress';
import type { StoredGame } from './records';
import { mySideOf } from './summaries';
import { isComputerPlayer, isObject } from './validate';

/** Where the record lives in the settings store. */
export const COMPUTER_RATING_KEY = 'computerRating';
/**
 * The rated games themselves (`ComputerGameResult`s), under a key of their own so that reading the rating
 * stays one small `get`: kept so that a backup carries them and a restore counts each game once
 * (core's mergeComputerRatings). The first version kept none: its ratings count games this list lacks.
 */
export const COMPUTER_RATING_RESULTS_KEY = 'computerRatingResults';

/** The only game and board the levels were measured in. */
export const RATED_VARIANT = { variant: 'pente', size: 19 } as const;

/** Why a finished game is not counted (or 'rated'). */
export type RatingEligibility =
  | 'rated'
  | 'unfinished'
  | 'demo'
  | 'imported'
  | 'from-position'
  | 'friend'
  | 'assisted'
  | 'other-game'
  | 'no-person'
  | 'not-a-level';

/** The person's side and the computer player's id, for a game between the person and the computer. */
const sidesOf = (game: StoredGame) => {
  const me = game.friend ? null : mySideOf(game);
  return me === null ? null : { me, computerId: game.players[2 - me]!.playerId };
};

/** Whether a game counts toward the rating, everything but the level (which needs the players store). */
export function eligibility(game: StoredGame): Exclude<RatingEligibility, 'not-a-level'> {
  if (game.status !== 'finished' || !game.result) return 'unfinished';
  if (game.demo) return 'demo';
  if (game.imported) return 'imported';
  if (game.origin) return 'from-position';
  if (game.friend) return 'friend';
  if (game.assisted) return 'assisted';
  if (game.variant !== RATED_VARIANT.variant || game.size !== RATED_VARIANT.size) return 'other-game';
  return sidesOf(game) ? 'rated' : 'no-person';
}

/** The built-in level a stored player plays as: its settings exactly a level's; else null. */
export function levelIdOf(player: unknown): string | null {
  if (!isComputerPlayer(player)) return null;
  const { index, exact } = strengthOf(player);
  return exact ? LEVELS[index]!.id : null;
}

/**
 * The game as the rating counts it, given the computer side's stored player (undefined: none found), or
 * why it does not count.
 */
export function ratedComputerGame(
  game: StoredGame,
  computer: unknown,
): ComputerGameResult | Exclude<RatingEligibility, 'rated'> {
  const eligible = eligibility(game);
  if (eligible !== 'rated') return eligible;
  const levelId = levelIdOf(computer);
  if (levelId === null) return 'not-a-level';
  const me = sidesOf(game)!.me;
  const winner = game.result!.winner;
  return { id: game.id, endedAt: game.updatedAt, levelId, score: winner === null ? 0.5 : winner === me ? 1 : 0 };
}

const isRatingNumber = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;

/** The stored record as a rating: a newcomer's when there is none, or when it is not one. */
export function readComputerRating(v: unknown): ComputerRating {
  if (!isObject(v)) return NEW_COMPUTER_RATING;
  const { rating, deviation, volatility, games } = v;
  return isRatingNumber(rating, -10_000, 10_000) &&
    isRatingNumber(deviation, 0, 350) &&
    isRatingNumber(volatility, 0, 1) &&
    Number.isInteger(games) &&
    (games as number) >= 0
    ? { rating, deviation, volatility, games: games as number }
    : NEW_COMPUTER_RATING;
}

const SCORES: readonly unknown[] = [0, 0.5, 1];

/** One kept result, or null when it is not one. */
function readResult(v: unknown): ComputerGameResult | null {
  if (!isObject(v)) return null;
  const { id, endedAt, levelId, score } = v;
  return typeof id === 'string' &&
    id.length > 0 &&
    id.length <= 100 &&
    typeof endedAt === 'number' &&
    Number.isFinite(endedAt) &&
    typeof levelId === 'string' &&
    levelId.length <= 40 &&
    SCORES.includes(score)
    ? { id, endedAt, levelId, score: score as ComputerGameResult['score'] }
    : null;
}

/**
 * The kept results: those that read, each id once (an entry that does not read is left out: the rating,
 * which counted it, is the record that matters; a merge then keeps that rating, as for the first version's).
 */
export function readComputerRatingResults(v: unknown): ComputerGameResult[] {
  if (!Array.isArray(v)) return [];
  const seen = new Set<string>();
  const results: ComputerGameResult[] = [];
  for (const entry of v) {
    const r = readResult(entry);
    if (r && !seen.has(r.id)) {
      seen.add(r.id);
      results.push(r);
    }
  }
  return results;
}

/** A history as a file carries it (the export's `computerRating`), or null when it is not one. */
export function readComputerRatingHistory(v: unknown): ComputerRatingHistory | null {
  if (!isObject(v) || !isObject(v.rating) || !Array.isArray(v.results)) return null;
  const rating = readComputerRating(v.rating);
  // A rating that does not read is a newcomer's: its results are then all there is to go by.
  const results = readComputerRatingResults(v.results);
  return rating === NEW_COMPUTER_RATING && results.length > 0 ? null : { rating, results };
}

/** The history as stored: the values under COMPUTER_RATING_KEY and COMPUTER_RATING_RESULTS_KEY. */
export const readStoredComputerRatingHistory = (rating: unknown, results: unknown): ComputerRatingHistory => ({
  rating: readComputerRating(rating),
  results: readComputerRatingResults(results),
});

/** The stored history, in a transaction the caller holds. */
export async function storedComputerRatingHistory(settings: SettingsTxStore): Promise<ComputerRatingHistory> {
  const [rating, results] = await Promise.all([
    settings.get(COMPUTER_RATING_KEY),
    settings.get(COMPUTER_RATING_RESULTS_KEY),
  ]);
  return readStoredComputerRatingHistory(rating, results);
}

/**
 * Merges a file's history into the stored one (an import's transaction): each game counted once. Returns
 * how many of the file's games were added; nothing is written when none was.
 */
export async function mergeStoredComputerRating(
  settings: SettingsTxStore,
  fromFile: ComputerRatingHistory,
): Promise<number> {
  const merged = mergeComputerRatings(await storedComputerRatingHistory(settings), fromFile);
  if (merged.added > 0) {
    await settings.put(merged.rating, COMPUTER_RATING_KEY);
    await settings.put(merged.results, COMPUTER_RATING_RESULTS_KEY);
  }
  return merged.added;
}

export function getComputerRating(db: PenteDb): Promise<StorageResult<ComputerRating>> {
  return withTransaction(db, ['settings'], 'readonly', 'read your rating', async (tx) =>
    ok(readComputerRating(await tx.objectStore('settings').get(COMPUTER_RATING_KEY))),
  );
}

/**
 * Inside a game's save (games.ts's WhenFinished: the play screen gives it to the saves it makes): counts
 * the game when this save finishes it (`before`: the stored value it replaces) and it is rated. Returns
 * whether it counted.
 */
export async function countFinishedGame(tx: SaveTransaction, before: unknown, game: StoredGame): Promise<boolean> {
  if (game.status !== 'finished' || (isObject(before) && before.status === 'finished')) return false;
  if (eligibility(game) !== 'rated') return false;
  const computerId = sidesOf(game)!.computerId;
  const computer = computerId === undefined ? undefined : await tx.objectStore('players').get(computerId);
  const rated = ratedComputerGame(game, computer);
  if (typeof rated === 'string') return false;
  const settings = tx.objectStore('settings');
  const now = await storedComputerRatingHistory(settings);
  await settings.put(addComputerGame(now.rating, rated), COMPUTER_RATING_KEY);
  await settings.put([...now.results, rated], COMPUTER_RATING_RESULTS_KEY);
  return true;
}
