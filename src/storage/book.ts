/**
 * The openings book: one packed binary blob and the version it was built as, so the app can tell whether
 * the copy it holds is the one it ships with. Stored whole, under one key; it is read once per session.
 */
import { ok } from '../core';
import { type PenteDb, withTransaction } from './db';
import { type StorageResult, fail } from './errors';
import type { StoredBook } from './records';
import { bookProblem } from './validate';

const BOOK_KEY = 'book';

/** Stores the book, replacing any earlier one. The bytes are copied, so the caller may reuse its buffer. */
export function putBook(db: PenteDb, version: string, bytes: ArrayBuffer | Uint8Array): Promise<StorageResult<void>> {
  if (typeof version !== 'string')
    return Promise.resolve(
      fail('invalid', { kind: 'not-savable', thing: 'book', detail: 'version' }, 'The book version is not text.'),
    );
  const copy =
    bytes instanceof ArrayBuffer
      ? bytes.slice(0)
      : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const book: StoredBook = { version, bytes: copy as ArrayBuffer };
  return withTransaction(db, ['openings'], 'readwrite', 'store the openings book', async (tx) => {
    await tx.objectStore('openings').put(book, BOOK_KEY);
    return ok(undefined);
  });
}

/** The stored book; 'not-found' until one has been stored. */
export function getBook(db: PenteDb): Promise<StorageResult<StoredBook>> {
  return withTransaction(db, ['openings'], 'readonly', 'load the openings book', async (tx) => {
    const stored: unknown = await tx.objectStore('openings').get(BOOK_KEY);
    if (stored === undefined)
      return fail('not-found', { kind: 'missing', thing: 'book' }, 'No openings book has been stored yet.');
    const problem = bookProblem(stored);
    if (problem)
      return fail(
        'invalid',
        { kind: 'unreadable', thing: 'book', detail: problem },
        `The stored openings book could not be read: ${problem}.`,
      );
    return ok(stored as StoredBook);
  });
}
