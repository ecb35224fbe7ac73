/**
 * Reads a file the player chose to import, off the page's thread (file-text.ts's readImportFile starts
 * it): decompresses it when it is gzip, decodes it (bytes that are not UTF-8 as U+FFFD), stops as soon as
 * its text passes the limit it is given, and makes its content (import-content.ts: a backup parsed, or
 * records split) here, where a long step freezes nothing. The page gets the content in messages of a
 * bounded number of entries, each a short task to take in, and never the text itself.
 *
 * Why here: the browser's DecompressionStream inflates all of one input chunk in one go, so on the page a
 * 1 MB gzip bomb (1 GiB of zeros) froze it for seconds; and a file within the limit (up to 128 MB of text)
 * was joined into one string on the page and scanned there, in steps that grew with the file (0.7-2 s
 * tasks for a 120 MB .gz of stray text).
 */
import { type FileRecord, importContent } from './import-content';
import type { StorageError, StorageProblem } from './errors';
import { gzipDamagedError, readBoundedText, tooBigError } from './text-checks';

/** What the page sends: the file and the most bytes of text it may expand to. */
export interface ImportFileRequest {
  readonly file: Blob;
  readonly limit: number;
}

/**
 * What the worker sends back, in order: a backup's head (its arrays left empty) then their entries, or
 * records; then 'done'. Or, at any point instead, 'failed' with the problem (the page words it) and its
 * English message (for logs).
 */
export type ImportFileMessage =
  | { readonly kind: 'backup'; readonly head: unknown; readonly length: number }
  | { readonly kind: 'entries'; readonly key: string; readonly entries: readonly unknown[] }
  | { readonly kind: 'records'; readonly records: readonly FileRecord[] }
  | { readonly kind: 'done'; readonly length: number }
  | { readonly kind: 'failed'; readonly problem: StorageProblem; readonly message: string };

/** Entries (games, players) or records per message: a few milliseconds for the page to take in. */
export const ENTRIES_PER_MESSAGE = 200;

const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<ImportFileRequest>) => void) | null;
  postMessage(message: ImportFileMessage): void;
};

/** Sends an error's problem and message (not its cause: an exception need not clone). */
const sendFailure = ({ problem, message }: StorageError) => scope.postMessage({ kind: 'failed', problem, message });

/** Sends `items` in messages of ENTRIES_PER_MESSAGE. */
function sendInParts<T>(items: readonly T[], message: (part: T[]) => ImportFileMessage): void {
  for (let at = 0; at < items.length; at += ENTRIES_PER_MESSAGE) {
    scope.postMessage(message(items.slice(at, at + ENTRIES_PER_MESSAGE)));
  }
}

async function readImport({ file, limit }: ImportFileRequest): Promise<void> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  if (!gzip && file.size > limit) return sendFailure(tooBigError(false, limit));
  let text: string | null;
  try {
    text = await readBoundedText(
      gzip ? file.stream().pipeThrough(new DecompressionStream('gzip')) : file.stream(),
      limit,
    );
  } catch {
    return sendFailure(gzipDamagedError());
  }
  if (text === null) return sendFailure(tooBigError(gzip, limit));
  const content = importContent(text);
  if (!content.ok) return sendFailure(content.error);
  const { value } = content;
  if (value.kind === 'records') {
    sendInParts(value.records, (records) => ({ kind: 'records', records }));
    return scope.postMessage({ kind: 'done', length: value.length });
  }
  // A backup: its big members are arrays (games, players, damaged records), sent a part at a time.
  const data = value.data;
  const arrays: [string, unknown[]][] = [];
  let sentHead = data;
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    const copy: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(data)) {
      // Defined, not assigned: a member named "__proto__" stays a member, as JSON.parse made it.
      const own = Array.isArray(member) ? [] : member;
      Object.defineProperty(copy, key, { value: own, writable: true, enumerable: true, configurable: true });
      if (Array.isArray(member)) arrays.push([key, member as unknown[]]);
    }
    sentHead = copy;
  }
  scope.postMessage({ kind: 'backup', head: sentHead, length: value.length });
  for (const [key, entries] of arrays) sendInParts(entries, (part) => ({ kind: 'entries', key, entries: part }));
  scope.postMessage({ kind: 'done', length: value.length });
}

scope.onmessage = (e) => void readImport(e.data);
