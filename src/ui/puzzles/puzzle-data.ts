/**
 * The puzzle trainer's data on the page: the shipped pack (public/puzzles.json, precached by the service
 * worker) fetched once and indexed without parsing its puzzles (core's indexPuzzlePack: one puzzle is
 * parsed when it is shown), and the player's progress: saved to IndexedDB with each rated answer and
 * shown once the write has committed (in memory only when there is no database), read again when another
 * tab changes it, with the parts of it that could not be read. An answer whose save failed (storage full)
 * is counted here and kept in localStorage (storage/journal.ts; in memory if that refuses it too), and
 * saved before the next answer, when the progress is loaded, and every few seconds while any is pending.
 */
import { signal } from '@preact/signals';
import { type PuzzlePackIndex, choosePuzzle, indexPuzzlePack } from '../../core';
import {
  type DamagedEntry,
  type LoadedPuzzleProgress,
  NEW_PUZZLE_PROGRESS,
  type PenteDb,
  type PuzzleAnswer,
  type PuzzleProgress,
  type StorageResult,
  discardDamagedPuzzleProgress,
  keepPendingPuzzleAnswers,
  loadPuzzleProgress,
  pendingPuzzleAnswers,
  recordPuzzleAnswers,
  sameAnswer,
  savePendingPuzzleAnswers,
  withPuzzleAnswers,
  withPuzzleAttempt,
} from '../../storage';
import type { Puzzle } from '../../core';
import * as m from '../words/paraglide/messages.js';
import { db } from '../shell/app-state';
import { browserKeyValueStore } from '../shell/key-value-store';
import { storageErrorText } from '../words/storage-words';

export const PACK_URL = `${import.meta.env.BASE_URL}puzzles.json`;

let packPromise: Promise<PuzzlePackIndex | string> | null = null;

/** The pack's index (or why it could not be had); fetched once per page. */
export function loadPack(): Promise<PuzzlePackIndex | string> {
  packPromise ??= fetch(PACK_URL)
    .then(async (response) => {
      if (!response.ok) return m.puzzles_load_failed({ status: String(response.status) });
      const index = indexPuzzlePack(await response.text());
      return index.ok ? index.value : index.error.message;
    })
    .catch(() => m.puzzles_load_offline());
  void packPromise.then((r) => {
    if (typeof r === 'string') packPromise = null; // try again next time
  });
  return packPromise;
}

export const puzzleProgress = signal<PuzzleProgress>(NEW_PUZZLE_PROGRESS);
/** The parts of the stored progress that could not be read (kept, raw, until the player deletes them). */
export const puzzleDamaged = signal<readonly DamagedEntry[]>([]);

/** Answers neither IndexedDB nor localStorage took: this page is all that holds them. */
let unkept: readonly PuzzleAnswer[] = [];

/** The answers counted here but not saved yet, oldest first. */
function pendingAnswers(): PuzzleAnswer[] {
  const kv = browserKeyValueStore();
  const kept = kv ? pendingPuzzleAnswers(kv) : [];
  return [...kept, ...unkept.filter((a) => !kept.some((k) => sameAnswer(k, a)))];
}

/** Shows stored progress, with the answers counted here that it does not hold yet. */
const show = (loaded: LoadedPuzzleProgress) => {
  puzzleProgress.value = withPuzzleAnswers(loaded.progress, pendingAnswers());
  puzzleDamaged.value = loaded.damaged;
};

/** How often pending answers are tried again, while there are any (as games are: live-session.ts). */
const PENDING_ANSWERS_RETRY_MS = 10_000;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

function retryWhilePending(): void {
  if (retryTimer !== null || pendingAnswers().length === 0) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    const database = db.peek();
    if (!database) return;
    void saveAnswers(database, []).then((saved) => {
      if (saved.ok) show(saved.value);
    });
  }, PENDING_ANSWERS_RETRY_MS);
}

/**
 * Saves the pending answers and `more` in one transaction (each once). On failure `more` is kept, in
 * localStorage or else in memory, and a retry is set.
 */
async function saveAnswers(
  database: PenteDb,
  more: readonly PuzzleAnswer[],
): Promise<StorageResult<LoadedPuzzleProgress>> {
  const kv = browserKeyValueStore();
  const toSave = [...unkept, ...more];
  const saved = kv
    ? await savePendingPuzzleAnswers(database, kv, toSave)
    : await recordPuzzleAnswers(database, [...toSave]);
  const leftOut = (a: PuzzleAnswer) => !toSave.some((b) => sameAnswer(a, b));
  if (saved.ok) unkept = unkept.filter(leftOut);
  else if (kv && keepPendingPuzzleAnswers(kv, toSave)) unkept = unkept.filter(leftOut);
  else unkept = [...unkept.filter(leftOut), ...toSave];
  retryWhilePending();
  return saved;
}

/**
 * Reads the stored progress (a fresh start when there is none; unchanged when there is no database), saving
 * any answers still pending first.
 */
export async function loadProgress(): Promise<void> {
  const database = db.value;
  if (!database) return;
  if (pendingAnswers().length > 0) {
    const saved = await saveAnswers(database, []);
    if (saved.ok) {
      show(saved.value);
      return;
    }
  }
  const loaded = await loadPuzzleProgress(database);
  if (loaded.ok) show(loaded.value);
}

/**
 * Rates an answer against the stored progress and saves it (with any pending ones), then shows it: the
 * signal changes only once the write has committed, so an answer the player saw counted survives a crash.
 * Returns null once saved, else why not: the answer is then counted here and kept to be saved later.
 */
export async function recordAnswer(puzzle: Puzzle, solved: boolean): Promise<string | null> {
  const answer = { id: puzzle.id, packRating: puzzle.rating, solved, at: Date.now() };
  const database = db.value;
  if (database) {
    const saved = await saveAnswers(database, [answer]);
    if (saved.ok) {
      show(saved.value);
      return null;
    }
    puzzleProgress.value = withPuzzleAnswers(puzzleProgress.value, [answer]);
    return storageErrorText(saved.error);
  }
  puzzleProgress.value = withPuzzleAttempt(puzzleProgress.value, answer.id, answer.packRating, solved, answer.at);
  return null;
}

/** Deletes the damaged entries kept with the progress; returns why not when that fails. */
export async function discardDamaged(): Promise<string | null> {
  const database = db.value;
  if (!database) return null;
  const discarded = await discardDamagedPuzzleProgress(database);
  if (!discarded.ok) return storageErrorText(discarded.error);
  show(discarded.value);
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
