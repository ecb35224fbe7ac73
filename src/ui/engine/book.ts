/**
 * The openings book's bytes for the engine worker: from IndexedDB when stored, otherwise fetched from the
 * app (the service worker has it precached, so this works offline too) and stored for next time.
 */
import { getBook, putBook } from '../../storage';
import { db } from '../app-state';

/** Bump when public/openings.bin changes, so a stored older book is replaced. */
export const BOOK_VERSION = 'pente-org-1';

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
    if (d) void putBook(d, BOOK_VERSION, bytes);
    return bytes;
  } catch {
    return null;
  }
}
