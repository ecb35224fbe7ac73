/**
 * Reading a file the player chose to import, on the thread that runs this: storage's own worker, which
 * then imports it (import-file.worker.ts), or the page where there is no Worker (the unit tests). A
 * gzip file is decompressed first, and no file may hold more than MAX_TEXT_MB of text. The checks on the
 * text (empty, not text, too big, and cleaning it for messages) are text-checks.ts's, re-exported here.
 */
import { err, ok } from '../core';
import type { StorageResult } from './errors';
import { yieldToPage } from './slices';
import { type ImportContent, importContent } from './import-content';
import { MAX_TEXT_BYTES, gzipDamagedError, readBoundedText, tooBigError } from './text-checks';

export { MAX_TEXT_MB, UNDECODABLE, fileTextProblem, forMessage, gzipDamagedError, tooBigError } from './text-checks';

/** gzip's first two bytes (RFC 1952). */
const GZIP_MAGIC = [0x1f, 0x8b] as const;

/**
 * How much compressed input the decompressor is given at a time where it runs on the page (no worker: the
 * unit tests). The browser's DecompressionStream inflates all of one input chunk in one go, and gzip's
 * best ratio is about 1,000 to 1: 512 bytes expand to at most half a MB.
 */
const INPUT_PIECE_BYTES = 512;

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
 * The text of a file, read on this thread: as it is, or decompressed when it is gzip (pente.org's
 * downloads are `.pgn.gz`), told by its first bytes rather than its name, at most MAX_TEXT_MB of it either
 * way (see there; `limit` in bytes, for tests). Fails with 'invalid' when the text would be larger, or when
 * a gzip file is cut short or corrupt. The page reads a chosen file with readImportFile (in a worker);
 * this is its stand-in where there is no Worker (the unit tests).
 */
export async function readFileText(file: Blob, limit = MAX_TEXT_BYTES): Promise<StorageResult<string>> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  const gzip = head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
  if (!gzip) {
    if (file.size > limit) return err(tooBigError(false, limit));
    const text = await readBoundedText(file.stream(), limit, yieldToPage);
    return text === null ? err(tooBigError(false, limit)) : ok(text);
  }
  const text = await inflateHere(file, limit);
  if (text === null) return err(tooBigError(true, limit));
  if (typeof text !== 'string') return err(gzipDamagedError(text.cause));
  return ok(text);
}

/** A .gz file's text (null: past the limit), decompressed on this thread in small pieces. */
async function inflateHere(file: Blob, limit: number): Promise<string | null | { cause: unknown }> {
  const inflate = new DecompressionStream('gzip');
  void feedInPieces(file.stream(), inflate.writable.getWriter());
  try {
    return await readBoundedText(inflate.readable, limit, yieldToPage);
  } catch (cause) {
    return { cause };
  }
}

/**
 * What a file the player chose to import holds (import-content.ts: a backup parsed, or its records split),
 * read on this thread: what storage's worker does before it imports (import-file.worker.ts, started by
 * importChosenFile), and where there is no Worker (the unit tests). Fails ('invalid') as readFileText
 * does, and for a text that is empty, not text, or a backup that is not JSON.
 */
export async function readImportFile(file: Blob, limit = MAX_TEXT_BYTES): Promise<StorageResult<ImportContent>> {
  const text = await readFileText(file, limit);
  return text.ok ? importContent(text.value) : text;
}
