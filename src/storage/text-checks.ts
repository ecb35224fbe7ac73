/**
 * Checks on the text of a file the player chose to import, before it is parsed, wherever it is read (the
 * page, or the worker that reads a chosen file: import-file.worker.ts): an empty file, or one that is not
 * text at all (an image, a zip), gets a short clear error; whatever of a file's content ends up in an
 * error message is capped and stripped of control characters, so a message never prints raw bytes; and no
 * file may hold more than MAX_TEXT_MB of text. Also the bounded read both use. Pure but for that read (no
 * DOM), so the worker can import it. The errors carry their problem as data (errors.ts), which the UI words;
 * their messages are English, for logs.
 */
import { type StorageError, storageError } from './errors';
import { SLICE_BUDGET_MS } from './slices';

/** How much of a file is looked at to tell text from binary. */
const SNIFF_LENGTH = 4096;

/**
 * Characters that do not occur in a text file: C0 controls other than tab, line feed, form feed and
 * carriage return, DEL, and U+FFFD (what decoding bytes that are not UTF-8 gives).
 */
const NOT_TEXT = /[\u0000-\u0008\u000b\u000e-\u001f\u007f\ufffd]/g;
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g;
/** What decoding bytes that are not UTF-8 gives. */
export const UNDECODABLE = '\ufffd';

/** Why the text cannot hold a game or an export ('invalid'), or null when it may. */
export function fileTextProblem(text: string): StorageError | null {
  if (text.trim() === '') return storageError('invalid', { kind: 'file-empty' }, 'The file is empty.');
  const head = text.slice(0, SNIFF_LENGTH);
  const controls = head.match(CONTROL)?.length ?? 0;
  const undecodable = head.split(UNDECODABLE).length - 1;
  // A NUL or a run of control characters means a binary file; one stray character in a long text does not.
  // Bytes that are not UTF-8 do occur in text (a name typed in another encoding): they are read as U+FFFD
  // and the report names the field that held them. Only a text mostly of them is not a text.
  if (head.includes('\u0000') || controls > Math.max(2, head.length / 100) || undecodable > head.length / 4) {
    return storageError(
      'invalid',
      { kind: 'file-not-text' },
      'This file is not a text file (it may be an image or an archive), so it holds no game.',
    );
  }
  return null;
}

/** `text` fit to show inside a message: control characters and undecodable bytes as "?", at most `max` long. */
export function forMessage(text: string, max = 120): string {
  // Lone surrogates too: half a character is a decoding accident, not text.
  const clean = text.replace(NOT_TEXT, '?').replace(/[\ud800-\udfff]/g, (c, i: number, s: string) => {
    const code = c.charCodeAt(0);
    const pair = code < 0xdc00 ? /[\udc00-\udfff]/.test(s[i + 1] ?? '') : /[\ud800-\udbff]/.test(s[i - 1] ?? '');
    return pair ? c : '?';
  });
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

/**
 * The most text a file may hold (decompressed, for a .gz), in MB. A backup runs to about 850 bytes a game
 * (estimated from a 40-move record's fields as exported, not measured on a real library)
 * and a pente.org record to about 490 (measured: 4.2 MB for 8,700 games), so this is a backup of some 150,000 games, beyond the 100,000-game
 * library the app is built to open at once, and 30 times the 8,700 games of pente.org's whole download
 * (4.2 MB). Past it a file is not a library of games but a mistake or a gzip bomb (a 1 MB .gz can hold a
 * GiB of zeros): the whole text is one string on the page and its parsed games stay in memory while they
 * are written, so an unbounded file would freeze or crash the tab before it could say anything.
 */
export const MAX_TEXT_MB = 128;
export const MAX_TEXT_BYTES = MAX_TEXT_MB * 1024 * 1024;

/** The error for a file past `limit` bytes (MAX_TEXT_BYTES but in tests). */
export const tooBigError = (gzip: boolean, limit: number): StorageError => {
  const mb = Math.round(limit / (1024 * 1024));
  return storageError(
    'invalid',
    { kind: 'file-too-big', gzip, mb },
    gzip
      ? `This .gz file expands to more than ${mb} MB, more than any library of games: it was not imported.`
      : `This file is larger than ${mb} MB, more than any library of games: it was not imported.`,
  );
};

/** The error for a .gz file that does not decompress. */
export const gzipDamagedError = (cause?: unknown): StorageError =>
  storageError(
    'invalid',
    { kind: 'gzip-damaged' },
    'This .gz file could not be decompressed: it may be cut short or damaged.',
    cause,
  );

/**
 * Reads bytes to text (UTF-8, undecodable bytes as U+FFFD rather than a refusal: one bad byte in a name
 * should not cost a whole file), counting them against `limit` and stopping as soon as they pass it,
 * without holding more than that. Null when the bytes run past the limit. `giveWay`, on the page, is
 * awaited every few milliseconds (the stream's promises are microtasks: without it the whole file would
 * be one task); storage's import worker reads without it.
 */
export async function readBoundedText(
  stream: ReadableStream<Uint8Array>,
  limit: number,
  giveWay?: () => Promise<void>,
): Promise<string | null> {
  const reader = stream.getReader();
  const decoder = new TextDecoder('utf-8');
  const pieces: string[] = [];
  let bytes = 0;
  let sliceEnd = performance.now() + SLICE_BUDGET_MS;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    if (bytes > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    pieces.push(decoder.decode(value, { stream: true }));
    if (giveWay && performance.now() >= sliceEnd) {
      await giveWay();
      sliceEnd = performance.now() + SLICE_BUDGET_MS;
    }
  }
  pieces.push(decoder.decode());
  return pieces.join('');
}
