/**
 * Importing a file the player chose (the Games screen's Import): storage's own worker reads, checks and
 * imports it (import-file.worker.ts) and the page gets only the progress and the report, so it runs
 * nothing that grows with the file or the library. Without a Worker (the unit tests) the same is done on
 * this thread, on the connection given.
 */
import { err, ok } from '../core';
import type { PenteDb } from './db';
import { type StorageResult, fail, storageError } from './errors';
import { readImportFile } from './file-text';
import type { ChosenFileReport, ImportFileMessage, ImportFileRequest, ImportPhase } from './import-file.worker';
import { importRecordFile } from './pente-org';
import { MAX_TEXT_BYTES } from './text-checks';
import { importAll } from './transfer';

export type { ChosenFileReport, ImportPhase } from './import-file.worker';

export interface ChosenFileOptions {
  /** The ids a backup's puzzle progress is kept to; absent, the file's puzzle progress is not imported. */
  readonly puzzleIds?: ReadonlySet<string>;
  /** Told how far the import has got (at most ten times a second from the worker). */
  readonly onProgress?: (phase: ImportPhase, done: number, total: number) => void;
  /** The most bytes of text the file may hold (or expand to); default MAX_TEXT_MB. */
  readonly limit?: number;
}

export async function importChosenFile(
  db: PenteDb,
  file: Blob,
  options: ChosenFileOptions = {},
): Promise<StorageResult<ChosenFileReport>> {
  const { puzzleIds, onProgress, limit = MAX_TEXT_BYTES } = options;
  if (typeof Worker !== 'function') {
    const content = await readImportFile(file, limit);
    if (!content.ok) return content;
    const read = content.value;
    if (read.kind === 'backup') {
      const r = await importAll(db, read.data, {
        ...(onProgress ? { onProgress } : {}),
        ...(puzzleIds ? { puzzleIds } : {}),
      });
      return r.ok ? ok({ kind: 'backup', report: r.value }) : r;
    }
    const r = await importRecordFile(db, read.records, read.length, onProgress ? { onProgress } : {});
    return r.ok ? ok({ kind: 'records', report: r.value }) : r;
  }
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./import-file.worker.ts', import.meta.url), {
      type: 'module',
      name: 'import-file',
    });
    const end = (result: StorageResult<ChosenFileReport>) => {
      worker.terminate();
      resolve(result);
    };
    worker.onmessage = ({ data: message }: MessageEvent<ImportFileMessage>) => {
      switch (message.kind) {
        case 'progress':
          onProgress?.(message.phase, message.done, message.total);
          break;
        case 'done':
          end(ok(message.result));
          break;
        case 'failed':
          end(err(storageError(message.error, message.problem, message.message)));
      }
    };
    worker.onerror = (e) =>
      end(fail('invalid', { kind: 'file-unreadable', detail: e.message }, `The file could not be read: ${e.message}`));
    const request: ImportFileRequest = { file, limit, puzzleIds: puzzleIds ? [...puzzleIds] : null };
    worker.postMessage(request);
  });
}
