/**
 * Settings: one key-value store, one entry per setting. Reading merges what is stored over the defaults,
 * so a setting added in a later version simply reads as its default until it is changed, and one stored
 * value that fails its check falls back to the default without taking the others with it. The lessons done
 * are progress, not a preference: they are read entry by entry (lessons.ts), so one bad entry is skipped
 * rather than the list.
 */
import { ok } from '../core';
import { type PenteDb, withTransaction } from './db';
import { DEFAULT_SETTINGS } from './defaults';
import { type SkippedRecord, type StorageResult, fail } from './errors';
import { LESSONS_DONE_KEY, mergeLessonsDone, readLessonsDone, updateStoredLessons } from './lessons';
import type { SettingName, Settings, SettingsPatch } from './records';
import { SETTING_CHECKS, isObject, isSettingName, newGameProblem } from './validate';

export interface LoadedSettings {
  readonly settings: Settings;
  /** Stored values that failed their check (keyed by setting name); their defaults are used instead. */
  readonly skipped: readonly SkippedRecord[];
}

/** Merges stored entries over the defaults; entries this version does not know are left alone. */
export function settingsFrom(keys: readonly IDBValidKey[], values: readonly unknown[]): LoadedSettings {
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  const skipped: SkippedRecord[] = [];
  keys.forEach((key, i) => {
    if (!isSettingName(key)) return;
    const value = values[i];
    if (key === LESSONS_DONE_KEY) {
      const { done, damaged } = readLessonsDone(value);
      settings[key] = done;
      for (const d of damaged) skipped.push({ id: d.key, reason: d.reason });
    } else if (SETTING_CHECKS[key](value)) settings[key] = value;
    else skipped.push({ id: key, reason: `the stored value ${JSON.stringify(value)} is not valid` });
  });
  return { settings: settings as unknown as Settings, skipped };
}

export function getSettings(db: PenteDb): Promise<StorageResult<LoadedSettings>> {
  return withTransaction(db, ['settings'], 'readonly', 'load the settings', async (tx) => {
    const store = tx.objectStore('settings');
    const [keys, values] = await Promise.all([store.getAllKeys(), store.getAll()]);
    return ok(settingsFrom(keys, values));
  });
}

/**
 * Changes some settings and returns all of them as now stored. `newGame` may be given in part; its other
 * fields keep their stored values. Every value is checked first, so an invalid one changes nothing. The
 * lessons done are only ever added to: a patch's are merged with those stored, never written over them.
 */
export function saveSettings(db: PenteDb, patch: SettingsPatch): Promise<StorageResult<Settings>> {
  if (!isObject(patch))
    return Promise.resolve(
      fail(
        'invalid',
        { kind: 'not-savable', thing: 'settings', detail: typeof patch },
        'The settings to save are not an object.',
      ),
    );
  for (const [name, value] of Object.entries(patch)) {
    if (!isSettingName(name))
      return Promise.resolve(
        fail('invalid', { kind: 'no-such-setting', name }, `There is no setting called "${name}".`),
      );
    if (name === 'newGame') {
      if (!isObject(value))
        return Promise.resolve(
          fail('invalid', { kind: 'bad-setting', name }, 'The new-game defaults are not an object.'),
        );
    } else if (!SETTING_CHECKS[name](value)) {
      return Promise.resolve(
        fail(
          'invalid',
          { kind: 'bad-setting', name },
          `${JSON.stringify(value)} is not a valid value for the ${name} setting.`,
        ),
      );
    }
  }
  return withTransaction(
    db,
    ['settings'],
    'readwrite',
    'save the settings',
    async (tx) => {
      const store = tx.objectStore('settings');
      const [keys, values] = await Promise.all([store.getAllKeys(), store.getAll()]);
      const current = settingsFrom(keys, values).settings;
      const { newGame: newGamePatch, lessonsDone: lessonsPatch, ...rest } = patch;
      const writes = Object.entries(rest) as [SettingName, unknown][];
      let { lessonsDone } = current;
      if (lessonsPatch) {
        const merged = await updateStoredLessons(store, ({ done, damaged }) => ({
          done: mergeLessonsDone(done, lessonsPatch),
          damaged,
        }));
        lessonsDone = merged.done;
      }
      let { newGame } = current;
      if (newGamePatch) {
        newGame = { ...newGame, ...newGamePatch };
        const problem = newGameProblem(newGame);
        if (problem)
          return fail(
            'invalid',
            { kind: 'not-savable', thing: 'settings', detail: problem },
            `The new-game defaults could not be saved: ${problem}.`,
          );
        writes.push(['newGame', newGame]);
      }
      for (const [name, value] of writes) await store.put(value, name);
      return ok({ ...current, ...rest, newGame, lessonsDone });
    },
    { announce: patch.lessonsDone ? ['settings', 'lessons'] : ['settings'] },
  );
}
