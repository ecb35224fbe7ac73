/**
 * Pending puzzle answers, kept in the journal's key-value store (journal.ts): an answer whose save failed,
 * kept (with the pack's rating it was rated against) until a later save applies it to the stored progress;
 * applying one is idempotent (an answer is its puzzle and time), so an answer saved but not yet forgotten
 * here is not counted twice. Apart from journal.ts, which the first screen loads for the games' journal,
 * so that the puzzles' progress code loads with the Puzzles screen.
 */
import type { PenteDb } from './db';
import type { StorageResult } from './errors';
import { type KeyValueStore, tryRead, tryWrite } from './journal';
import { type LoadedPuzzleProgress, type PuzzleAnswer, recordPuzzleAnswers } from './puzzles';
import { isObject } from './validate';

const PENDING_ANSWERS_KEY = 'pente.pending-puzzle-answers';

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function readAnswer(v: unknown): PuzzleAnswer | null {
  if (!isObject(v) || typeof v.id !== 'string' || v.id === '' || typeof v.solved !== 'boolean') return null;
  if (!isFiniteNumber(v.at) || !isObject(v.packRating)) return null;
  const { rating, deviation, volatility } = v.packRating;
  if (!isFiniteNumber(rating) || !isFiniteNumber(deviation) || !isFiniteNumber(volatility)) return null;
  if (deviation <= 0 || volatility <= 0) return null;
  return { id: v.id, solved: v.solved, at: v.at, packRating: { rating, deviation, volatility } };
}

/** An answer is its puzzle and the moment it was given (as in the stored history). */
export const sameAnswer = (a: { id: string; at: number }, b: { id: string; at: number }): boolean =>
  a.id === b.id && a.at === b.at;

/** The answers kept because their save failed, oldest first (an unreadable entry is skipped). */
export function pendingPuzzleAnswers(kv: KeyValueStore): PuzzleAnswer[] {
  const v = tryRead(kv, PENDING_ANSWERS_KEY);
  if (!Array.isArray(v)) return [];
  return v
    .map(readAnswer)
    .filter((a): a is PuzzleAnswer => a !== null)
    .sort((a, b) => a.at - b.at);
}

/** Adds answers to the kept ones (each once). False when the store refused them (then only the page has them). */
export function keepPendingPuzzleAnswers(kv: KeyValueStore, answers: readonly PuzzleAnswer[]): boolean {
  const kept = pendingPuzzleAnswers(kv);
  const added = answers.filter((a) => !kept.some((k) => sameAnswer(k, a)));
  return tryWrite(kv, PENDING_ANSWERS_KEY, JSON.stringify([...kept, ...added].sort((a, b) => a.at - b.at)));
}

/** Forgets the given kept answers (they are saved), leaving any kept since. */
export function forgetPendingPuzzleAnswers(kv: KeyValueStore, answers: readonly PuzzleAnswer[]): boolean {
  const left = pendingPuzzleAnswers(kv).filter((k) => !answers.some((a) => sameAnswer(k, a)));
  return tryWrite(kv, PENDING_ANSWERS_KEY, left.length === 0 ? null : JSON.stringify(left));
}

/**
 * Saves the kept answers and `more` (given now) to the stored progress in one transaction, each once, and
 * forgets the kept ones once that committed. A crash between the commit and the forgetting leaves answers
 * kept that are already stored: the next save skips them (recordPuzzleAnswers). On failure nothing changes
 * here: the caller keeps `more`.
 */
export async function savePendingPuzzleAnswers(
  db: PenteDb,
  kv: KeyValueStore,
  more: readonly PuzzleAnswer[] = [],
): Promise<StorageResult<LoadedPuzzleProgress>> {
  const kept = pendingPuzzleAnswers(kv);
  const answers = [...kept, ...more.filter((a) => !kept.some((k) => sameAnswer(k, a)))];
  const saved = await recordPuzzleAnswers(db, answers);
  if (saved.ok) forgetPendingPuzzleAnswers(kv, kept);
  return saved;
}
