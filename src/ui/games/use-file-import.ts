/**
 * Importing a file on the Games screen: a file of ours (JSON), or pente.org records (any number, gzipped or
 * not); either way nothing already stored is overwritten or stored twice. The hook holds the import's
 * progress for the bar (ImportProgress in GamesToolbar.tsx) and hands what it did to `onImported`.
 */
import { useState } from 'preact/hooks';
import { importAll, importRecordFile, readImportFile } from '../../storage';
import { db, notify } from '../shell/app-state';
import * as m from '../words/paraglide/messages.js';
import { storageErrorText } from '../words/storage-words';
import { loadLessons } from '../lessons/lesson-progress';
import { type ImportOutcome, backupImportOutcome, recordImportOutcome } from './import-report';

/** The import's phases as the progress bar names them. */
export const IMPORT_PHASES = {
  reading: m.games_phase_reading,
  checking: m.games_phase_checking,
  saving: m.games_phase_saving,
} as const;
type ImportPhase = keyof typeof IMPORT_PHASES;

/** The import's progress bar is redrawn at most this often: ten times a second reads as smooth. */
const PROGRESS_EVERY_MS = 100;

export interface ImportProgress {
  readonly phase: ImportPhase;
  readonly done: number;
  readonly total: number;
}

/** The ids of the puzzles shipped, which a backup's puzzle progress is kept to (undefined: not loaded). */
async function shippedPuzzleIds(): Promise<ReadonlySet<string> | undefined> {
  const pack = await (await import('../puzzles/puzzle-data')).loadPack();
  return typeof pack === 'string' ? undefined : new Set(pack.ids);
}

/**
 * The import's progress (null when none is under way) and the file input's change handler. `onStart` is
 * told as a file is taken (the last report goes), `onImported` with what the import did.
 */
export function useFileImport(
  onStart: () => void,
  onImported: (outcome: ImportOutcome) => Promise<void>,
): { progress: ImportProgress | null; importFile: (e: Event) => Promise<void> } {
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const importFile = async (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    const d = db.value;
    if (!file || !d) return;
    onStart();
    // The import reports at every turn it gives the page (every few milliseconds); redrawing the screen
    // that often is work the import then waits behind, so the bar moves at most every PROGRESS_EVERY_MS.
    let shownAt = -Infinity;
    let shownPhase = '';
    const onProgress = (phase: ImportPhase, done: number, total: number) => {
      const now = performance.now();
      if (phase === shownPhase && done < total && now - shownAt < PROGRESS_EVERY_MS) return;
      shownAt = now;
      shownPhase = phase;
      setProgress({ phase, done, total });
    };
    setProgress({ phase: 'reading', done: 0, total: file.size });
    // Read, decompressed and parsed (or split into records) by storage's worker: the page never holds the
    // file's text (up to 128 MB), only its content, taken in a bounded part at a time.
    const content = await readImportFile(file);
    if (!content.ok) {
      setProgress(null);
      return notify(m.games_not_imported({ reason: storageErrorText(content.error) }));
    }
    const read = content.value;
    const r =
      read.kind === 'backup'
        ? await importAll(d, read.data, { onProgress, puzzleIds: await shippedPuzzleIds() })
        : await importRecordFile(d, read.records, read.length, { onProgress });
    setProgress(null);
    if (!r.ok) return notify(m.games_not_imported({ reason: storageErrorText(r.error) }));
    if ('gamesAdded' in r.value) {
      if (r.value.lessonsAdded + r.value.puzzleAnswersAdded > 0) {
        await loadLessons();
      }
      await onImported(backupImportOutcome(r.value));
    } else {
      await onImported(recordImportOutcome(r.value));
    }
  };
  return { progress, importFile };
}
