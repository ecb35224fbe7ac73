/**
 * The tutorial's progress on the page: the lessons done live in the settings signal (`lessonsDone`, which
 * Home reads too), the entries of it that could not be read in `lessonDamaged`. A lesson is shown as done
 * once its write has committed (storage's markLessonDone, merged with what other tabs stored), and other
 * tabs are told, so they read it again.
 */
import { signal } from '@preact/signals';
import {
  type DamagedEntry,
  type LoadedLessons,
  discardDamagedLessons,
  loadLessonProgress,
  markLessonDone,
} from '../../storage';
import { db, settings } from '../shell/app-state';
import { withLessonDone } from './tutorial';
import { storageErrorText } from '../words/storage-words';

/** The entries of the stored lesson progress that could not be read (kept until the player deletes them). */
export const lessonDamaged = signal<readonly DamagedEntry[]>([]);

const show = (loaded: LoadedLessons) => {
  settings.value = { ...settings.value, lessonsDone: loaded.done };
  lessonDamaged.value = loaded.damaged;
};

/** Reads the stored lesson progress again (another tab may have added to it). */
export async function loadLessons(): Promise<void> {
  const database = db.value;
  if (!database) return;
  const loaded = await loadLessonProgress(database);
  if (loaded.ok) show(loaded.value);
}

/**
 * Saves a lesson as done, then shows it so. Returns null once saved, else why not (the lesson is then done
 * in memory only).
 */
export async function completeLesson(id: string): Promise<string | null> {
  const database = db.value;
  if (database) {
    const saved = await markLessonDone(database, id);
    if (saved.ok) {
      show(saved.value);
      return null;
    }
    settings.value = { ...settings.value, lessonsDone: withLessonDone(settings.value.lessonsDone, id) };
    return storageErrorText(saved.error);
  }
  settings.value = { ...settings.value, lessonsDone: withLessonDone(settings.value.lessonsDone, id) };
  return null;
}

/** Deletes the damaged entries kept with the lesson progress; returns why not when that fails. */
export async function discardDamagedLessonEntries(): Promise<string | null> {
  const database = db.value;
  if (!database) return null;
  const discarded = await discardDamagedLessons(database);
  if (!discarded.ok) return storageErrorText(discarded.error);
  show(discarded.value);
  return null;
}
