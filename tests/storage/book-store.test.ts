/**
 * The openings book's bytes for the worker (src/ui/engine/book-loader.ts): the stored copy when it is the book
 * this build shipped, else fetched from the app and stored under its own hash; a failed load is tried
 * again next time, a good one is kept for the page.
 */
import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBook, putBook } from '../../src/storage';
import { openFresh, unwrap } from './helpers';

const SHIPPED = new Uint8Array([1, 2, 3, 4, 5]).buffer;
const hashOf = (bytes: ArrayBuffer) => createHash('sha256').update(new Uint8Array(bytes)).digest('hex').slice(0, 16);

/** The module afresh (its cache is per page), with the build's book hash and `fetch` given. */
async function loadModule(fetchImpl: (url: string) => Promise<Response>) {
  vi.resetModules();
  vi.stubGlobal('__BOOK_HASH__', hashOf(SHIPPED));
  const fetchMock = vi.fn(fetchImpl);
  vi.stubGlobal('fetch', fetchMock);
  const appState = await import('../../src/ui/shell/app-state');
  const book = await import('../../src/ui/engine/book-loader');
  return { ...book, db: appState.db, fetchMock };
}

const served = (bytes: ArrayBuffer) => () => Promise.resolve(new Response(bytes.slice(0)));

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => vi.unstubAllGlobals());

describe('the openings book for the worker', () => {
  it('names the shipped book by the first 16 hex digits of its SHA-256', async () => {
    const { BOOK_VERSION } = await loadModule(served(SHIPPED));
    expect(BOOK_VERSION).toBe(`sha256:${hashOf(SHIPPED)}`);
  });

  it('without a database, fetches openings.bin once per page', async () => {
    const { loadBookBytes, fetchMock } = await loadModule(served(SHIPPED));
    const first = await loadBookBytes();
    expect(new Uint8Array(first!)).toEqual(new Uint8Array(SHIPPED));
    expect(await loadBookBytes()).toBe(first);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/openings.bin');
  });

  it('gives null for a missing file or no network, and tries again next time', async () => {
    let answer: () => Promise<Response> = () => Promise.resolve(new Response('gone', { status: 404 }));
    const { loadBookBytes, fetchMock } = await loadModule(() => answer());
    expect(await loadBookBytes()).toBeNull();
    answer = () => Promise.reject(new TypeError('offline'));
    expect(await loadBookBytes()).toBeNull();
    answer = served(SHIPPED);
    expect(new Uint8Array((await loadBookBytes())!)).toEqual(new Uint8Array(SHIPPED));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('reads the stored book when it is the shipped one, without fetching', async () => {
    const { db: database } = await openFresh();
    const stored = new Uint8Array([9, 9, 9]).buffer;
    unwrap(await putBook(database, `sha256:${hashOf(SHIPPED)}`, stored));
    const { loadBookBytes, db, fetchMock } = await loadModule(served(SHIPPED));
    db.value = database;
    expect(new Uint8Array((await loadBookBytes())!)).toEqual(new Uint8Array([9, 9, 9]));
    expect(fetchMock).not.toHaveBeenCalled();
    database.close();
  });

  it('fetches over an out-of-date stored book and stores the fetched one under its own hash', async () => {
    const { db: database } = await openFresh();
    unwrap(await putBook(database, 'sha256:0000000000000000', new Uint8Array([7]).buffer));
    const { loadBookBytes, db, fetchMock } = await loadModule(served(SHIPPED));
    db.value = database;
    expect(new Uint8Array((await loadBookBytes())!)).toEqual(new Uint8Array(SHIPPED));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.waitFor(async () => {
      const book = unwrap(await getBook(database));
      expect(book?.version).toBe(`sha256:${hashOf(SHIPPED)}`);
    });
    // Next page: the stored copy is the shipped book now, so nothing is fetched.
    const again = await loadModule(served(SHIPPED));
    again.db.value = database;
    expect(new Uint8Array((await again.loadBookBytes())!)).toEqual(new Uint8Array(SHIPPED));
    expect(again.fetchMock).not.toHaveBeenCalled();
    database.close();
  });
});
