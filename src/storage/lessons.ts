/**
 * The tutorial's progress: the ids of the lessons done, in the order done, under the `lessonsDone` key of
 * the settings store (it is also a setting, so the app's settings carry it), and beside it, under
 * LESSONS_DAMAGED_KEY, the entries of it that could not be read (progress.ts).
 *
 * Kept as carefully as a game: a lesson is marked done inside one readwrite transaction (read, add, write),
 * so two tabs finishing lessons both keep theirs, with strict durability, so the screen can show the lesson
 * as done once the write has committed. The list is read entry by entry: one that is not a lesson id is
 * skipped, and the next write moves it, raw, to the damaged entries rather than dropping the list.
 */
import { ok } from '../core';
import { type PenteDb, withTransaction } from './db';
import type { StorageResult } from './errors';
import { type DamagedEntry, type SettingsTxStore, damagedEntry, readDamagedList } from './progress';

export const LESSONS_DONE_KEY = 'lessonsDone';
export const LESSONS_DAMAGED_KEY = 'lessonsDamaged';
/** Far more than there are lessons: a bound, so a corrupted value cannot be huge. */
export const MAX_LESSONS_DONE = 100;
/** Longer than any lesson id. */
export const MAX_LESSON_ID_LENGTH = 40;

export const isLessonId = (v: unknown): v is string =>
  typeof v === 'string' && v !== '' && v.length <= MAX_LESSON_ID_LENGTH;

export interface LoadedLessons {
  /** The ids of the lessons done, in the order done (ids of lessons this version lacks included). */
  readonly done: readonly string[];
  readonly damaged: readonly DamagedEntry[];
}

/** The stored `lessonsDone` value, entry by entry: ids kept (once each), anything else listed as damaged. */
export function readLessonsDone(v: unknown): LoadedLessons {
  if (v === undefined) return { done: [], damaged: [] };
  if (!Array.isArray(v)) {
    return { done: [], damaged: [damagedEntry('lesson', LESSONS_DONE_KEY, 'the lessons done are not a list', v)] };
  }
  const done: string[] = [];
  const damaged: DamagedEntry[] = [];
  v.forEach((id: unknown, i) => {
    const key = `${LESSONS_DONE_KEY} ${i + 1}`;
    if (!isLessonId(id)) damaged.push(damagedEntry('lesson', key, 'not a lesson id', id));
    else if (done.length >= MAX_LESSONS_DONE) damaged.push(damagedEntry('lesson', key, 'one lesson too many', id));
    else if (!done.includes(id)) done.push(id);
  });
  return { done, damaged };
}

/** The stored lesson progress: the list of lessons done and the damaged entries kept beside it. */
export function readLessonProgress(doneValue: unknown, damagedValue: unknown): LoadedLessons {
  const { done, damaged } = readLessonsDone(doneValue);
  return { done, damaged: [...readDamagedList(damagedValue, 'lesson', LESSONS_DAMAGED_KEY), ...damaged] };
}

/** Both lists' lessons, once each: `a`'s in its order, then those only `b` has. */
export function mergeLessonsDone(a: readonly string[], b: readonly string[]): readonly string[] {
  const merged = [...a];
  for (const id of b) if (!merged.includes(id) && merged.length < MAX_LESSONS_DONE) merged.push(id);
  return merged;
}

/** Reads the stored lesson progress, changes it and writes it back, in the caller's readwrite transaction. */
export async function updateStoredLessons(
  store: SettingsTxStore,
  change: (loaded: LoadedLessons) => LoadedLessons,
): Promise<LoadedLessons> {
  const [doneValue, damagedValue] = await Promise.all([store.get(LESSONS_DONE_KEY), store.get(LESSONS_DAMAGED_KEY)]);
  const next = change(readLessonProgress(doneValue, damagedValue));
  await Promise.all([store.put([...next.done], LESSONS_DONE_KEY), store.put([...next.damaged], LESSONS_DAMAGED_KEY)]);
  return next;
}

export function loadLessonProgress(db: PenteDb): Promise<StorageResult<LoadedLessons>> {
  return withTransaction(db, ['settings'], 'readonly', 'load your lessons', async (tx) => {
    const store = tx.objectStore('settings');
    const [doneValue, damagedValue] = await Promise.all([store.get(LESSONS_DONE_KEY), store.get(LESSONS_DAMAGED_KEY)]);
    return ok(readLessonProgress(doneValue, damagedValue));
  });
}

/**
 * Adds a lesson to those done (whatever another tab added since this one read them) and returns the
 * progress as stored. Strict durability: the lesson may be shown as done once this resolves.
 */
export function markLessonDone(db: PenteDb, id: string): Promise<StorageResult<LoadedLessons>> {
  return withTransaction(
    db,
    ['settings'],
    'readwrite',
    'save your lesson',
    async (tx) =>
      ok(
        await updateStoredLessons(tx.objectStore('settings'), ({ done, damaged }) => ({
          done: mergeLessonsDone(done, [id]),
          damaged,
        })),
      ),
    { durability: 'strict', announce: ['lessons'] },
  );
}

/** Deletes the damaged entries kept with the lesson progress. */
export function discardDamagedLessons(db: PenteDb): Promise<StorageResult<LoadedLessons>> {
  return withTransaction(
    db,
    ['settings'],
    'readwrite',
    'delete the damaged lesson progress',
    async (tx) => ok(await updateStoredLessons(tx.objectStore('settings'), ({ done }) => ({ done, damaged: [] }))),
    { announce: ['lessons'] },
  );
}
