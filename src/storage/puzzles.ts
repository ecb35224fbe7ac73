/**
 * The puzzle trainer's progress: the player's puzzle rating (Glicko-2), each attempted puzzle's own
 * rating as this player's results move it, the streak, and the history of attempts. One value under
 * PUZZLE_PROGRESS_KEY in the settings store (which leaves keys it does not know alone), so no schema
 * change.
 *
 * Kept as carefully as a game: an answer is applied to the stored value inside one readwrite transaction
 * (read, rate, write), so two tabs answering puzzles both keep their answers, and with strict durability,
 * so the screen can show the answer once the write has committed. The value is read part by part: an
 * unreadable history entry, puzzle rating or field is skipped (a field falls back to what the history
 * says) and kept raw in the value's `damaged` list (progress.ts) by the next write, never reset whole.
 */
import { type Glicko2Rating, NEW_RATING, ok, rateAttempt } from '../core';
import { type PenteDb, withTransaction } from './db';
import type { StorageResult } from './errors';
import { type DamagedEntry, type SettingsTxStore, damagedEntry, readDamagedList } from './progress';

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

/** Why a stored history entry cannot be read, or null. */
function entryProblem(v: unknown): string | null {
  if (!isRecord(v)) return 'not an object';
  if (typeof v.id !== 'string' || v.id === '') return 'the puzzle id is missing or not text';
  if (typeof v.solved !== 'boolean') return 'solved is not true or false';
  if (!isCount(v.at)) return 'the time is not a whole number';
  if (typeof v.rating !== 'number' || !Number.isFinite(v.rating)) return 'the rating is not a number';
  return null;
}

/** The progress as read, and the parts of the stored value that could not be read. */
export interface LoadedPuzzleProgress {
  readonly progress: PuzzleProgress;
  readonly damaged: readonly DamagedEntry[];
}

const solvedIn = (history: readonly PuzzleHistoryEntry[]) => history.filter((h) => h.solved).length;
const leadingRun = (history: readonly PuzzleHistoryEntry[]) => {
  const i = history.findIndex((h) => !h.solved);
  return i < 0 ? history.length : i;
};
const longestRun = (history: readonly PuzzleHistoryEntry[]) => {
  let best = 0;
  let run = 0;
  for (const h of history) {
    run = h.solved ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
};

/**
 * A stored value as progress, part by part (never throws). Unreadable parts are listed in `damaged` with
 * their raw values (with those the stored value already listed), and the progress goes on without them: a
 * bad history entry or puzzle rating is left out; a bad rating is the newest history entry's rating (with a
 * newcomer's deviation), a bad count is counted from the history. Nothing stored reads as a fresh start.
 */
export function readPuzzleProgress(v: unknown): LoadedPuzzleProgress {
  if (v === undefined) return { progress: NEW_PUZZLE_PROGRESS, damaged: [] };
  if (!isRecord(v)) {
    return {
      progress: NEW_PUZZLE_PROGRESS,
      damaged: [damagedEntry('puzzle-progress', PUZZLE_PROGRESS_KEY, 'the stored progress is not an object', v)],
    };
  }
  const damaged = readDamagedList(v.damaged, 'puzzle-progress', 'damaged');
  const field = (key: string, reason: string) => damaged.push(damagedEntry('puzzle-field', key, reason, v[key]));

  const history: PuzzleHistoryEntry[] = [];
  if (Array.isArray(v.history)) {
    v.history.forEach((e: unknown, i) => {
      const problem = entryProblem(e);
      if (problem) damaged.push(damagedEntry('puzzle-history', `history ${i + 1}`, problem, e));
      else history.push(e as PuzzleHistoryEntry);
    });
  } else field('history', 'the history is not a list');

  const ratings: [string, Glicko2Rating][] = [];
  if (isRecord(v.puzzleRatings)) {
    for (const [id, r] of Object.entries(v.puzzleRatings)) {
      if (isRating(r)) ratings.push([id, r]);
      else damaged.push(damagedEntry('puzzle-rating', id, 'not a rating', r));
    }
  } else field('puzzleRatings', "the puzzles' ratings are not an object");
  // fromEntries defines each id as an own key: an id such as `__proto__` cannot set the object's prototype.
  const puzzleRatings: Record<string, Glicko2Rating> = Object.fromEntries(ratings);

  let rating: Glicko2Rating;
  if (isRating(v.rating)) rating = v.rating;
  else {
    field('rating', 'not a rating: the newest history entry’s is used');
    rating = history[0] ? { ...NEW_RATING, rating: history[0].rating } : NEW_RATING;
  }
  const count = (key: 'streak' | 'bestStreak' | 'solved' | 'failed', fromHistory: number): number => {
    const stored = v[key];
    if (isCount(stored)) return stored;
    field(key, 'not a whole number: counted from the history');
    return fromHistory;
  };
  const streak = count('streak', leadingRun(history));
  return {
    progress: {
      rating,
      streak,
      bestStreak: count('bestStreak', Math.max(streak, longestRun(history))),
      solved: count('solved', solvedIn(history)),
      failed: count('failed', history.length - solvedIn(history)),
      history: history.slice(0, HISTORY_LIMIT),
      puzzleRatings,
    },
    damaged,
  };
}

/** The value stored: the progress and every damaged entry, so a write never drops one. */
const storedValue = ({ progress, damaged }: LoadedPuzzleProgress) => ({ ...progress, damaged });

const entryKey = (h: PuzzleHistoryEntry) => `${h.at} ${h.id}`;
const newestAt = (p: PuzzleProgress) => p.history[0]?.at ?? -Infinity;

/**
 * The answers counted in `into`, plus those of `from` that `into` cannot have counted: not in its history,
 * and (when `into` counted answers beyond its history) newer than its oldest entry.
 */
function countsWith(into: PuzzleProgress, from: PuzzleProgress): { solved: number; failed: number } {
  const known = new Set(into.history.map(entryKey));
  const countedBeyond = into.solved + into.failed > into.history.length;
  const oldest = into.history.at(-1)?.at ?? -Infinity;
  const fresh = from.history.filter((h) => !known.has(entryKey(h)) && (!countedBeyond || h.at > oldest));
  const freshSolved = solvedIn(fresh);
  return { solved: into.solved + freshSolved, failed: into.failed + fresh.length - freshSolved };
}

/**
 * Two records of one player's progress as one (an import into a device that has its own, or a backup
 * restored): every answer of either is kept once (history entries are the same answer when they have the
 * same puzzle and time), the counts add what one has that the other cannot have counted, and the rating,
 * streak and the puzzles' ratings are those of the record answered last (they cannot be replayed: the
 * answers were rated against the puzzles' ratings of their day). Restoring an older backup changes nothing.
 */
export function mergePuzzleProgress(a: PuzzleProgress, b: PuzzleProgress): PuzzleProgress {
  const [older, newer] = newestAt(b) > newestAt(a) ? [a, b] : [b, a];
  const seen = new Set<string>();
  const history = [...a.history, ...b.history]
    .filter((h) => !seen.has(entryKey(h)) && seen.add(entryKey(h)))
    .sort((x, y) => y.at - x.at || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const viaA = countsWith(a, b);
  const viaB = countsWith(b, a);
  return {
    rating: newer.rating,
    streak: newer.streak,
    bestStreak: Math.max(a.bestStreak, b.bestStreak),
    solved: Math.max(viaA.solved, viaB.solved),
    failed: Math.max(viaA.failed, viaB.failed),
    history: history.slice(0, HISTORY_LIMIT),
    puzzleRatings: { ...older.puzzleRatings, ...newer.puzzleRatings },
  };
}

export function loadPuzzleProgress(db: PenteDb): Promise<StorageResult<LoadedPuzzleProgress>> {
  return withTransaction(db, ['settings'], 'readonly', 'load your puzzle progress', async (tx) =>
    ok(readPuzzleProgress(await tx.objectStore('settings').get(PUZZLE_PROGRESS_KEY))),
  );
}

/** Reads the stored progress, changes it and writes it back, in the caller's readwrite transaction. */
export async function updateStoredPuzzleProgress(
  store: SettingsTxStore,
  change: (loaded: LoadedPuzzleProgress) => LoadedPuzzleProgress,
): Promise<LoadedPuzzleProgress> {
  const next = change(readPuzzleProgress(await store.get(PUZZLE_PROGRESS_KEY)));
  await store.put(storedValue(next), PUZZLE_PROGRESS_KEY);
  return next;
}

/** One rated answer: which puzzle, the pack's rating for it, right or wrong, and when. */
export interface PuzzleAnswer {
  readonly id: string;
  readonly packRating: Glicko2Rating;
  readonly solved: boolean;
  readonly at: number;
}

/**
 * The progress with the answers it does not hold yet, oldest first: an answer already in the history (the
 * same puzzle and time) is skipped, so applying the same answers twice counts them once.
 */
export function withPuzzleAnswers(progress: PuzzleProgress, answers: readonly PuzzleAnswer[]): PuzzleProgress {
  const known = new Set(progress.history.map(entryKey));
  return [...answers]
    .sort((a, b) => a.at - b.at)
    .reduce((p, a) => {
      const key = entryKey({ ...a, rating: 0 });
      if (known.has(key)) return p;
      known.add(key);
      return withPuzzleAttempt(p, a.id, a.packRating, a.solved, a.at);
    }, progress);
}

/**
 * Applies answers to the stored progress (whatever another tab wrote since this one read it; each answer
 * once, see withPuzzleAnswers) and returns the progress as stored. Strict durability: the answers may be
 * shown once this resolves.
 */
export function recordPuzzleAnswers(
  db: PenteDb,
  answers: readonly PuzzleAnswer[],
): Promise<StorageResult<LoadedPuzzleProgress>> {
  return withTransaction(
    db,
    ['settings'],
    'readwrite',
    answers.length > 1 ? 'save your puzzle answers' : 'save your puzzle answer',
    async (tx) =>
      ok(
        await updateStoredPuzzleProgress(tx.objectStore('settings'), ({ progress, damaged }) => ({
          progress: withPuzzleAnswers(progress, answers),
          damaged,
        })),
      ),
    { durability: 'strict', announce: ['puzzles'] },
  );
}

/** Applies one answer to the stored progress (recordPuzzleAnswers). */
export const recordPuzzleAnswer = (db: PenteDb, answer: PuzzleAnswer): Promise<StorageResult<LoadedPuzzleProgress>> =>
  recordPuzzleAnswers(db, [answer]);

/** Deletes the damaged entries kept with the progress (the player exported or gave up on them). */
export function discardDamagedPuzzleProgress(db: PenteDb): Promise<StorageResult<LoadedPuzzleProgress>> {
  return withTransaction(
    db,
    ['settings'],
    'readwrite',
    'delete the damaged puzzle progress',
    async (tx) =>
      ok(await updateStoredPuzzleProgress(tx.objectStore('settings'), ({ progress }) => ({ progress, damaged: [] }))),
    { announce: ['puzzles'] },
  );
}
