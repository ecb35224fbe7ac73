/**
 * The puzzle trainer's data on the page: the shipped pack (public/puzzles.json, precached by the service
 * worker) fetched once and indexed without parsing its puzzles (core's indexPuzzlePack: one puzzle is
 * parsed when it is shown), and the player's progress, kept in a signal and saved to IndexedDB after each
 * rated answer (in memory only when there is no database).
 */
import { signal } from '@preact/signals';
import { type PuzzlePackIndex, choosePuzzle, indexPuzzlePack } from '../core';
import {
  NEW_PUZZLE_PROGRESS,
  type PuzzleProgress,
  loadPuzzleProgress,
  savePuzzleProgress,
  withPuzzleAttempt,
} from '../storage';
import type { Puzzle } from '../core';
import { db, reportNotSaved } from './app-state';

export const PACK_URL = `${import.meta.env.BASE_URL}puzzles.json`;

let packPromise: Promise<PuzzlePackIndex | string> | null = null;

/** The pack's index (or why it could not be had); fetched once per page. */
export function loadPack(): Promise<PuzzlePackIndex | string> {
  packPromise ??= fetch(PACK_URL)
    .then(async (response) => {
      if (!response.ok) return `The puzzles could not be loaded (${response.status}).`;
      const index = indexPuzzlePack(await response.text());
      return index.ok ? index.value : index.error.message;
    })
    .catch(() => 'The puzzles could not be loaded: the app is offline and has not stored them yet.');
  void packPromise.then((r) => {
    if (typeof r === 'string') packPromise = null; // try again next time
  });
  return packPromise;
}

export const puzzleProgress = signal<PuzzleProgress>(NEW_PUZZLE_PROGRESS);
let progressLoaded = false;

/** Reads the stored progress once (a fresh start when there is none, or no database). */
export async function loadProgress(): Promise<void> {
  if (progressLoaded) return;
  const database = db.value;
  if (database) {
    const loaded = await loadPuzzleProgress(database);
    if (loaded.ok) puzzleProgress.value = loaded.value;
  }
  progressLoaded = true;
}

/** Rates an answer, then saves: the signal changes at once, the database soon after. */
export async function recordAnswer(puzzle: Puzzle, solved: boolean): Promise<void> {
  const next = withPuzzleAttempt(puzzleProgress.value, puzzle.id, puzzle.rating, solved, Date.now());
  puzzleProgress.value = next;
  const database = db.value;
  if (!database) return;
  const saved = await savePuzzleProgress(database, next);
  if (!saved.ok) reportNotSaved('Your puzzle answer', saved.error.message);
}

/** The rating a puzzle has for this player: moved by their answers, else the pack's. */
export const puzzleRatingOf = (pack: PuzzlePackIndex, i: number, progress: PuzzleProgress): number =>
  progress.puzzleRatings[pack.ids[i]!]?.rating ?? pack.ratings[i]!;

/** The next puzzle: near the player's rating, not one of the last ones answered. */
export function nextPuzzleIndex(pack: PuzzlePackIndex, progress: PuzzleProgress, random = Math.random()): number {
  const recentIds = new Set(progress.history.slice(0, 50).map((h) => h.id));
  const recent = new Set(pack.ids.flatMap((id, i) => (recentIds.has(id) ? [i] : [])));
  const ratings = pack.ids.map((_, i) => puzzleRatingOf(pack, i, progress));
  return choosePuzzle(ratings, progress.rating.rating, recent, random);
}
