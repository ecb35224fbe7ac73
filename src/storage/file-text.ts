/**
 * Checks on the text of a file the player chose to import, before it is parsed: an empty file, or one that
 * is not text at all (an image, a zip), gets a short clear error; and whatever of a file's content ends up
 * in an error message is capped and stripped of control characters, so a message never prints raw bytes.
 * A gzip file is decompressed first.
 */
import { ok } from '../core';
import { type StorageResult, fail } from './errors';

/** How much of a file is looked at to tell text from binary. */
const SNIFF_LENGTH = 4096;

/**
 * Characters that do not occur in a text file: C0 controls other than tab, line feed, form feed and
 * carriage return, DEL, and U+FFFD (what decoding bytes that are not UTF-8 gives).
 */
const NOT_TEXT = /[\u0000-\u0008\u000b\u000e-\u001f\u007f\ufffd]/g;

/** Why the text cannot hold a game or an export, or null when it may. */
export function fileTextProblem(text: string): string | null {
  if (text.trim() === '') return 'The file is empty.';
  const head = text.slice(0, SNIFF_LENGTH);
  const odd = head.match(NOT_TEXT)?.length ?? 0;
  // A NUL or a run of undecodable bytes means a binary file; one stray character in a long text does not.
  if (head.includes('\u0000') || odd > Math.max(2, head.length / 100)) {
    return 'This file is not a text file (it may be an image or an archive), so it holds no game.';
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
 * The text of a file the player chose: as it is, or decompressed when it is gzip (pente.org's downloads
 * are `.pgn.gz`), told by its first bytes rather than its name. The browser's DecompressionStream does the
 * work off the page's thread. Fails with 'invalid' when a gzip file is cut short or corrupt.
 */
export async function readFileText(file: Blob): Promise<StorageResult<string>> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  if (head[0] !== GZIP_MAGIC[0] || head[1] !== GZIP_MAGIC[1]) return ok(await file.text());
  try {
    return ok(await new Response(file.stream().pipeThrough(new DecompressionStream('gzip'))).text());
  } catch (e) {
    return fail('invalid', 'This .gz file could not be decompressed: it may be cut short or damaged.', e);
  }
}
