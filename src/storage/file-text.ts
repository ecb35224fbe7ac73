/**
 * Checks on the text of a file the player chose to import, before it is parsed: an empty file, or one that
 * is not text at all (an image, a zip), gets a short clear error; and whatever of a file's content ends up
 * in an error message is capped and stripped of control characters, so a message never prints raw bytes.
 * A gzip file is decompressed first, and no file may hold more than MAX_TEXT_MB of text.
 */
import { ok } from '../core';
import { type StorageError, type StorageResult, fail, storageError } from './errors';
import type { InflateMessage, InflateRequest } from './inflate.worker';
import { SLICE_BUDGET_MS, yieldToPage } from './slices';

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

/** gzip's first two bytes (RFC 1952). */
const GZIP_MAGIC = [0x1f, 0x8b] as const;

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
const MAX_TEXT_BYTES = MAX_TEXT_MB * 1024 * 1024;

/**
 * How much compressed input the decompressor is given at a time where it runs on the page (no worker: the
 * unit tests). The browser's DecompressionStream inflates all of one input chunk in one go, and gzip's
 * best ratio is about 1,000 to 1: 512 bytes expand to at most half a MB.
 */
const INPUT_PIECE_BYTES = 512;

/** The error for a file past MAX_TEXT_MB. */
const tooBig = (gzip: boolean, limit: number) => {
  const mb = Math.round(limit / (1024 * 1024));
  return fail(
    'invalid',
    { kind: 'file-too-big', gzip, mb },
    gzip
      ? `This .gz file expands to more than ${mb} MB, more than any library of games: it was not imported.`
      : `This file is larger than ${mb} MB, more than any library of games: it was not imported.`,
  );
};

/** Feeds `source` to `writer` in pieces of at most INPUT_PIECE_BYTES, then closes it. */
async function feedInPieces(
  source: ReadableStream<Uint8Array<ArrayBuffer>>,
  writer: WritableStreamDefaultWriter<BufferSource>,
) {
  const reader = source.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (let at = 0; at < value.length; at += INPUT_PIECE_BYTES) {
        await writer.ready;
        await writer.write(value.subarray(at, at + INPUT_PIECE_BYTES));
      }
    }
    await writer.close();
  } catch (e) {
    await reader.cancel().catch(() => undefined);
    await writer.abort(e).catch(() => undefined);
  }
}

/**
 * Reads bytes to text (UTF-8, undecodable bytes as U+FFFD rather than a refusal: one bad byte in a name
 * should not cost a whole file), counting them against MAX_TEXT_BYTES and stopping as soon as they pass
 * it, without holding more than that. Gives the page a turn every SLICE_BUDGET_MS, so a big file (or
 * decompressing one) never makes a long task. Null when the bytes run past the limit.
 */
async function readBounded(stream: ReadableStream<Uint8Array<ArrayBuffer>>, limit: number): Promise<string | null> {
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
    // The stream's promises are microtasks: without this the whole file would be one task.
    if (performance.now() >= sliceEnd) {
      await yieldToPage();
      sliceEnd = performance.now() + SLICE_BUDGET_MS;
    }
  }
  pieces.push(decoder.decode());
  return pieces.join('');
}

/**
 * The text of a file the player chose: as it is, or decompressed when it is gzip (pente.org's downloads
 * are `.pgn.gz`), told by its first bytes rather than its name, at most MAX_TEXT_MB of it either way (see
 * there; `limit` in bytes, for tests). Fails with 'invalid' when the text would be larger, or when a gzip
 * file is cut short or corrupt.
 */
export async function readFileText(file: Blob, limit = MAX_TEXT_BYTES): Promise<StorageResult<string>> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  const gzip = head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
  if (!gzip) {
    if (file.size > limit) return tooBig(false, limit);
    const text = await readBounded(file.stream(), limit);
    return text === null ? tooBig(false, limit) : ok(text);
  }
  const text = typeof Worker === 'function' ? await inflateInWorker(file, limit) : await inflateHere(file, limit);
  if (text === null) return tooBig(true, limit);
  if (typeof text !== 'string') {
    return fail(
      'invalid',
      { kind: 'gzip-damaged' },
      'This .gz file could not be decompressed: it may be cut short or damaged.',
      text.cause,
    );
  }
  return ok(text);
}

/** A .gz file's text (null: past the limit), decompressed on this thread in small pieces. */
async function inflateHere(file: Blob, limit: number): Promise<string | null | { cause: unknown }> {
  const inflate = new DecompressionStream('gzip');
  void feedInPieces(file.stream(), inflate.writable.getWriter());
  try {
    return await readBounded(inflate.readable, limit);
  } catch (cause) {
    return { cause };
  }
}

/** A .gz file's text (null: past the limit), decompressed by storage's own worker (inflate.worker.ts). */
function inflateInWorker(file: Blob, limit: number): Promise<string | null | { cause: unknown }> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./inflate.worker.ts', import.meta.url), { type: 'module', name: 'inflate' });
    const pieces: string[] = [];
    const end = (result: string | null | { cause: unknown }) => {
      worker.terminate();
      resolve(result);
    };
    worker.onmessage = ({ data }: MessageEvent<InflateMessage>) => {
      if (data.kind === 'text') pieces.push(data.text);
      else if (data.kind === 'done') end(pieces.join(''));
      else if (data.kind === 'too-big') end(null);
      else end({ cause: data.message });
    };
    worker.onerror = (e) => end({ cause: e.message });
    const request: InflateRequest = { file, limit };
    worker.postMessage(request);
  });
}
