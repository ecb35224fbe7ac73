/**
 * Importing a file on the Games screen: a file of ours (JSON), or pente.org records (any number, gzipped or
 * not); either way nothing already stored is overwritten or stored twice. The hook holds the import's
 * progress for the bar (ImportProgress in GamesToolbar.tsx) and hands what it did to `onImported`.
 */
import { useState } from 'preact/hooks';
import { importChosenFile } from '../../storage';
import { db, notifyProblem } from '../shell/app-state';
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
    // Read, checked and imported by storage's worker (importChosenFile): the page never holds the file's
    // text (up to 128 MB) nor its games, only the progress (at most ten times a second) and the report.
    setProgress({ phase: 'reading', done: 0, total: file.size });
    const r = await importChosenFile(d, file, {
      onProgress: (phase, done, total) => setProgress({ phase, done, total }),
      ...(await shippedPuzzleIds().then((ids) => (ids ? { puzzleIds: ids } : {}))),
    });
    setProgress(null);
    if (!r.ok) return notifyProblem(m.games_not_imported({ reason: storageErrorText(r.error) }));
    if (r.value.kind === 'backup') {
      const report = r.value.report;
      if (report.lessonsAdded + report.puzzleAnswersAdded > 0) await loadLessons();
      await onImported(backupImportOutcome(report));
    } else {
      await onImported(recordImportOutcome(r.value.report));
    }
  };
  return { progress, importFile };
}
