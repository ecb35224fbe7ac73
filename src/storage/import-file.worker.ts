/**
 * Imports a file the player chose, off the page's thread (import-file.ts's importChosenFile starts it):
 * decompresses it when it is gzip, decodes it (bytes that are not UTF-8 as U+FFFD), stops as soon as its
 * text passes the limit it is given, makes its content (import-content.ts: a backup parsed, or records
 * split), then opens the database here and imports it (transfer.ts's importAll, pente-org.ts's
 * importRecordFile). The page gets the import's progress and its report, never the file nor its games.
 *
 * Why here: the browser's DecompressionStream inflates all of one input chunk in one go, so on the page a
 * 1 MB gzip bomb (1 GiB of zeros) froze it for seconds; a file within the limit (up to 128 MB of text) was
 * joined into one string on the page and scanned there (0.7-2 s tasks for a 120 MB .gz of stray text); and
 * with the reading moved here, taking in the content and writing it on the page, even in 8 ms slices, still
 * made tasks of 63-395 ms for big backups on the loaded 2-core machine (structured clones of the parts and
 * the writes' own work).
 */
import { openDatabase } from './db';
import { err } from '../core';
import type { StorageError, StorageErrorKind, StorageProblem, StorageResult } from './errors';
import { type ImportContent, importContent } from './import-content';
import { type RecordImportReport, importRecordFile } from './pente-org';
import { gzipDamagedError, readBoundedText, tooBigError } from './text-checks';
import { type ImportReport, importAll } from './transfer';

/** What the page sends: the file, the most bytes of text it may expand to, the puzzles this version ships. */
export interface ImportFileRequest {
  readonly file: Blob;
  readonly limit: number;
  /** The ids a backup's puzzle progress is kept to; null when the pack could not be had (none is imported). */
  readonly puzzleIds: readonly string[] | null;
}

export type ImportPhase = 'reading' | 'checking' | 'saving';

/** What the import did: a backup's report, or a file of records'. */
export type ChosenFileReport =
  | { readonly kind: 'backup'; readonly report: ImportReport }
  | { readonly kind: 'records'; readonly report: RecordImportReport };

/**
 * What the worker sends back: progress (at most every PROGRESS_EVERY_MS), then once 'done' with the
 * report, or 'failed' with the error's kind and problem (the page words it) and its English message.
 */
export type ImportFileMessage =
  | { readonly kind: 'progress'; readonly phase: ImportPhase; readonly done: number; readonly total: number }
  | { readonly kind: 'done'; readonly result: ChosenFileReport }
  | {
      readonly kind: 'failed';
      readonly error: StorageErrorKind;
      readonly problem: StorageProblem;
      readonly message: string;
    };

/** Progress is sent at most this often (the page's bar redraws ten times a second). */
const PROGRESS_EVERY_MS = 100;

const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<ImportFileRequest>) => void) | null;
  postMessage(message: ImportFileMessage): void;
};

/** Sends an error's kind, problem and message (not its cause: an exception need not clone). */
const sendFailure = ({ kind, problem, message }: StorageError) =>
  scope.postMessage({ kind: 'failed', error: kind, problem, message });

let sentAt = -Infinity;
let sentPhase = '';
function sendProgress(phase: ImportPhase, done: number, total: number): void {
  const now = performance.now();
  if (phase === sentPhase && done < total && now - sentAt < PROGRESS_EVERY_MS) return;
  sentAt = now;
  sentPhase = phase;
  scope.postMessage({ kind: 'progress', phase, done, total });
}

/** The file's content (a backup parsed, or records split); its text is dropped once the content is made. */
async function readContent(file: Blob, limit: number): Promise<StorageResult<ImportContent>> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  if (!gzip && file.size > limit) return err(tooBigError(false, limit));
  let text: string | null;
  try {
    text = await readBoundedText(
      gzip ? file.stream().pipeThrough(new DecompressionStream('gzip')) : file.stream(),
      limit,
    );
  } catch {
    return err(gzipDamagedError());
  }
  if (text === null) return err(tooBigError(gzip, limit));
  return importContent(text);
}

async function importFile({ file, limit, puzzleIds }: ImportFileRequest): Promise<void> {
  sendProgress('reading', 0, file.size);
  const content = await readContent(file, limit);
  if (!content.ok) return sendFailure(content.error);
  const opened = await openDatabase();
  if (!opened.ok) return sendFailure(opened.error);
  const db = opened.value;
  try {
    const read = content.value;
    if (read.kind === 'backup') {
      const r = await importAll(db, read.data, {
        onProgress: sendProgress,
        ...(puzzleIds ? { puzzleIds: new Set(puzzleIds) } : {}),
      });
      return r.ok
        ? scope.postMessage({ kind: 'done', result: { kind: 'backup', report: r.value } })
        : sendFailure(r.error);
    }
    const r = await importRecordFile(db, read.records, read.length, { onProgress: sendProgress });
    return r.ok
      ? scope.postMessage({ kind: 'done', result: { kind: 'records', report: r.value } })
      : sendFailure(r.error);
  } finally {
    db.close();
  }
}

scope.onmessage = (e) => {
  importFile(e.data).catch((e: unknown) =>
    sendFailure({
      kind: 'unknown',
      problem: { kind: 'failed', detail: String(e) },
      message: `Could not import the file: ${String(e)}`,
    }),
  );
};
