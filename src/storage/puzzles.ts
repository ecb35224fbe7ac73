/**
 * The puzzle trainer's progress: the player's puzzle rating (Glicko-2), each attempted puzzle's own
 * rating as this player's results move it, the streak, and the history of attempts. One value under
 * PUZZLE_PROGRESS_KEY in the settings store (which leaves keys it does not know alone), so no schema
 * change; read back through a check, so a damaged value reads as a fresh start instead of failing.
 */
import { type Glicko2Rating, NEW_RATING, ok, rateAttempt } from '../core';
import { type PenteDb, withTransaction } from './db';
import type { StorageResult } from './errors';

export const PUZZLE_PROGRESS_KEY = 'puzzleProgress';
/** The attempts kept in the history, newest first: enough to scroll, small enough to store whole. */
export const HISTORY_LIMIT = 100;

export interface PuzzleHistoryEntry {
  readonly id: string;
  readonly solved: boolean;
  /** When it was answered (ms since the epoch). */
  readonly at: number;
  /** The player's rating after it, rounded. */
  readonly rating: number;
}

export interface PuzzleProgress {
  readonly rating: Glicko2Rating;
  readonly streak: number;
  readonly bestStreak: number;
  readonly solved: number;
  readonly failed: number;
  /** Newest first, at most HISTORY_LIMIT. */
  readonly history: readonly PuzzleHistoryEntry[];
  /** Puzzles' ratings as moved by this player's attempts, by puzzle id (the pack's rating until then). */
  readonly puzzleRatings: Readonly<Record<string, Glicko2Rating>>;
}

export const NEW_PUZZLE_PROGRESS: PuzzleProgress = {
  rating: NEW_RATING,
  streak: 0,
  bestStreak: 0,
  solved: 0,
  failed: 0,
  history: [],
  puzzleRatings: {},
};

/** The progress after one attempt at a puzzle (rated on its first answer: right first time, or not). */
export function withPuzzleAttempt(
  progress: PuzzleProgress,
  id: string,
  packRating: Glicko2Rating,
  solved: boolean,
  at: number,
): PuzzleProgress {
  const puzzleRating = progress.puzzleRatings[id] ?? packRating;
  const rated = rateAttempt(progress.rating, puzzleRating, solved);
  const streak = solved ? progress.streak + 1 : 0;
  return {
    rating: rated.player,
    streak,
    bestStreak: Math.max(progress.bestStreak, streak),
    solved: progress.solved + (solved ? 1 : 0),
    failed: progress.failed + (solved ? 0 : 1),
    history: [{ id, solved, at, rating: Math.round(rated.player.rating) }, ...progress.history].slice(0, HISTORY_LIMIT),
    puzzleRatings: { ...progress.puzzleRatings, [id]: rated.puzzle },
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isRating = (v: unknown): v is Glicko2Rating =>
  isRecord(v) &&
  typeof v.rating === 'number' &&
  Number.isFinite(v.rating) &&
  typeof v.deviation === 'number' &&
  v.deviation > 0 &&
  typeof v.volatility === 'number' &&
  v.volatility > 0;
const isEntry = (v: unknown): v is PuzzleHistoryEntry =>
  isRecord(v) &&
  typeof v.id === 'string' &&
  typeof v.solved === 'boolean' &&
  isCount(v.at) &&
  typeof v.rating === 'number';

/** A stored value as progress, or null when it is not one. */
export function puzzleProgressFrom(v: unknown): PuzzleProgress | null {
  if (!isRecord(v)) return null;
  const { rating, streak, bestStreak, solved, failed, history, puzzleRatings } = v;
  if (!isRating(rating) || !isCount(streak) || !isCount(bestStreak) || !isCount(solved) || !isCount(failed))
    return null;
  if (!Array.isArray(history) || !history.every(isEntry) || !isRecord(puzzleRatings)) return null;
  if (!Object.values(puzzleRatings).every(isRating)) return null;
  return {
    rating,
    streak,
    bestStreak,
    solved,
    failed,
    history: history.slice(0, HISTORY_LIMIT),
    puzzleRatings: puzzleRatings as Record<string, Glicko2Rating>,
  };
}

export function loadPuzzleProgress(db: PenteDb): Promise<StorageResult<PuzzleProgress>> {
  return withTransaction(db, ['settings'], 'readonly', 'load your puzzle progress', async (tx) => {
    const value: unknown = await tx.objectStore('settings').get(PUZZLE_PROGRESS_KEY);
    return ok(puzzleProgressFrom(value) ?? NEW_PUZZLE_PROGRESS);
  });
}

export function savePuzzleProgress(db: PenteDb, progress: PuzzleProgress): Promise<StorageResult<PuzzleProgress>> {
  return withTransaction(db, ['settings'], 'readwrite', 'save your puzzle progress', async (tx) => {
    await tx.objectStore('settings').put(progress, PUZZLE_PROGRESS_KEY);
    return ok(progress);
  });
}
