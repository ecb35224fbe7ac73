/**
 * "Export everything" as a file to save, made by storage's own worker (export-file.worker.ts) so the page
 * runs nothing that grows with the library: it only receives the Blob. Without a Worker (the unit tests)
 * the same is made on this thread, from the connection given.
 */
import { err, ok } from '../core';
import type { PenteDb } from './db';
import { type StorageResult, fail, storageError } from './errors';
import type { ExportFileMessage } from './export-file.worker';
import { type Export, damagedCount, exportAll, exportBlob } from './transfer';

export interface ExportedFile {
  readonly blob: Blob;
  /** Records kept in the file as they were stored, because they do not read back. */
  readonly damaged: number;
  readonly skipped: Export['skipped'];
}

export async function exportFile(db: PenteDb): Promise<StorageResult<ExportedFile>> {
  if (typeof Worker !== 'function') {
    const exported = await exportAll(db);
    if (!exported.ok) return exported;
    const blob = await exportBlob(exported.value.file);
    return ok({ blob, damaged: damagedCount(exported.value), skipped: exported.value.skipped });
  }
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./export-file.worker.ts', import.meta.url), {
      type: 'module',
      name: 'export-file',
    });
    const end = (result: StorageResult<ExportedFile>) => {
      worker.terminate();
      resolve(result);
    };
    worker.onmessage = ({ data: message }: MessageEvent<ExportFileMessage>) => {
      if (message.kind === 'done') end(ok({ blob: message.blob, damaged: message.damaged, skipped: message.skipped }));
      else end(err(storageError(message.error, message.problem, message.message)));
    };
    worker.onerror = (e) =>
      end(fail('unknown', { kind: 'failed', detail: e.message }, `The export could not be made: ${e.message}`));
    worker.postMessage(null);
  });
}
