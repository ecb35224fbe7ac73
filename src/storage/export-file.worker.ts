/**
 * Makes the "Export everything" file off the page's thread (export-file.ts's exportFile starts it): opens
 * the database here, reads and checks every record (transfer.ts's exportAll) and writes the file as a Blob
 * (exportBlob), then sends the page the Blob (a handle, not a copy of its bytes) and what the file says of
 * damaged records. The page runs nothing that grows with the library.
 *
 * Why here: on the page the export was already read a page at a time and written in slices, yet with
 * 100,000 games it still made tasks of 480 ms on the loaded 2-core machine (the pages' structured clones
 * and the garbage of a library held in memory, which no slicing on the page can cut).
 */
import { openDatabase } from './db';
import type { StorageError, StorageProblem, StorageErrorKind } from './errors';
import { type Export, damagedCount, exportAll, exportBlob } from './transfer';

/** What the worker sends back, once: the file, or the problem (the page words it) and its English message. */
export type ExportFileMessage =
  | {
      readonly kind: 'done';
      readonly blob: Blob;
      readonly damaged: number;
      readonly skipped: Export['skipped'];
    }
  | {
      readonly kind: 'failed';
      readonly error: StorageErrorKind;
      readonly problem: StorageProblem;
      readonly message: string;
    };

const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<null>) => void) | null;
  postMessage(message: ExportFileMessage): void;
};

/** Sends an error's kind, problem and message (not its cause: an exception need not clone). */
const sendFailure = ({ kind, problem, message }: StorageError) =>
  scope.postMessage({ kind: 'failed', error: kind, problem, message });

async function exportFile(): Promise<void> {
  const opened = await openDatabase();
  if (!opened.ok) return sendFailure(opened.error);
  const db = opened.value;
  try {
    const exported = await exportAll(db);
    if (!exported.ok) return sendFailure(exported.error);
    const blob = await exportBlob(exported.value.file);
    scope.postMessage({ kind: 'done', blob, damaged: damagedCount(exported.value), skipped: exported.value.skipped });
  } finally {
    db.close();
  }
}

scope.onmessage = () => {
  exportFile().catch((e: unknown) =>
    sendFailure({
      kind: 'unknown',
      problem: { kind: 'failed', detail: String(e) },
      message: `Could not export the saved data: ${String(e)}`,
    }),
  );
};
