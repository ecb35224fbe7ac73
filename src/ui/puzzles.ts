/**
 * The puzzle trainer's data on the page: the shipped pack (public/puzzles.json, precached by the service
 * worker) fetched once and indexed without parsing its puzzles (core's indexPuzzlePack: one puzzle is
 * parsed when it is shown), and the player's progress: saved to IndexedDB with each rated answer and
 * shown once the write has committed (in memory only when there is no database), read again when another
 * tab changes it, with the parts of it that could not be read.
 */
import { signal } from '@preact/signals';
import { type PuzzlePackIndex, choosePuzzle, indexPuzzlePack } from '../core';
import {
  type DamagedEntry,
  type LoadedPuzzleProgress,
  NEW_PUZZLE_PROGRESS,
  type PuzzleProgress,
  discardDamagedPuzzleProgress,
  loadPuzzleProgress,
  recordPuzzleAnswer,
  withPuzzleAttempt,
} from '../storage';
import type { Puzzle } from '../core';
import { db } from './app-state';
import { announceProgressChange } from './progress-sync';

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
/** The parts of the stored progress that could not be read (kept, raw, until the player deletes them). */
export const puzzleDamaged = signal<readonly DamagedEntry[]>([]);

const show = (loaded: LoadedPuzzleProgress) => {
  puzzleProgress.value = loaded.progress;
  puzzleDamaged.value = loaded.damaged;
};

/** Reads the stored progress (a fresh start when there is none; unchanged when there is no database). */
export async function loadProgress(): Promise<void> {
  const database = db.value;
  if (!database) return;
  const loaded = await loadPuzzleProgress(database);
  if (loaded.ok) show(loaded.value);
}

/**
 * Rates an answer against the stored progress and saves it, then shows it: the signal changes only once the
 * write has committed, so an answer the player saw counted survives a crash. Returns null once saved, else
 * why not (the answer is then counted in memory only, and the next answer is saved as usual).
 */
export async function recordAnswer(puzzle: Puzzle, solved: boolean): Promise<string | null> {
  const answer = { id: puzzle.id, packRating: puzzle.rating, solved, at: Date.now() };
  const database = db.value;
  if (database) {
    const saved = await recordPuzzleAnswer(database, answer);
    if (saved.ok) {
      show(saved.value);
      announceProgressChange('puzzles');
      return null;
    }
    puzzleProgress.value = withPuzzleAttempt(puzzleProgress.value, answer.id, answer.packRating, solved, answer.at);
    return saved.error.message;
  }
  puzzleProgress.value = withPuzzleAttempt(puzzleProgress.value, answer.id, answer.packRating, solved, answer.at);
  return null;
}

/** Deletes the damaged entries kept with the progress; returns why not when that fails. */
export async function discardDamaged(): Promise<string | null> {
  const database = db.value;
  if (!database) return null;
  const discarded = await discardDamagedPuzzleProgress(database);
  if (!discarded.ok) return discarded.error.message;
  show(discarded.value);
  announceProgressChange('puzzles');
  return null;
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
