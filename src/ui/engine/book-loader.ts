/**
 * The openings book's bytes for the engine worker: from IndexedDB when stored, otherwise fetched from the
 * app (the service worker has it precached, so this works offline too) and stored for next time.
 *
 * A stored book is known by the hash of its bytes: the build puts the shipped book's hash in the app, so a
 * new book replaces the stored one with no version number to remember to bump. Fetched bytes are stored
 * under their own hash, so an out-of-date file (served by an old service worker) is fetched again later.
 */
import { getBook, putBook } from '../../storage';
import { db } from '../shell/app-state';

/** A book's version: the first 16 hex digits of its SHA-256, as vite.config.ts computes __BOOK_HASH__. */
const versionFromHash = (hex: string) => `sha256:${hex}`;

/** The hash of the book this build shipped. */
export const BOOK_VERSION = versionFromHash(__BOOK_HASH__);

async function versionOf(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return versionFromHash(Array.from(digest.subarray(0, 8), (b) => b.toString(16).padStart(2, '0')).join(''));
}

let cached: Promise<ArrayBuffer | null> | null = null;

export function loadBookBytes(): Promise<ArrayBuffer | null> {
  cached ??= load().then((bytes) => {
    if (!bytes) cached = null; // Try again next time rather than play without a book for good.
    return bytes;
  });
  return cached;
}

async function load(): Promise<ArrayBuffer | null> {
  const d = db.value;
  if (d) {
    const stored = await getBook(d);
    if (stored.ok && stored.value.version === BOOK_VERSION) return stored.value.bytes;
  }
  try {
    const response = await fetch(`${import.meta.env.BASE_URL}openings.bin`);
    if (!response.ok) return null;
    const bytes = await response.arrayBuffer();
    // (crypto.subtle needs a secure context, as the service worker does: without one, no stored copy.)
    if (d && globalThis.crypto?.subtle) void versionOf(bytes).then((version) => putBook(d, version, bytes));
    return bytes;
  } catch {
    return null;
  }
}
