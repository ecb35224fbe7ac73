/**
 * Shared set-up for the storage tests. `fake-indexeddb/auto` installs the IDB classes as globals, which
 * idb's wrappers test values against; each test then opens its own fresh in-memory factory, so no test
 * sees another's data.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { expect } from 'vitest';
import type { Result } from '../../src/core';
import { type GameSide, type PenteDb, type StoredGame, newStoredGame, openDatabase } from '../../src/storage';

export function freshFactory(): IDBFactory {
  return new IDBFactory();
}

/** The value of an ok result; fails the test (showing the error) otherwise. */
export function unwrap<T, E>(result: Result<T, E>): T {
  if (!result.ok) expect.fail(`expected ok, got error: ${JSON.stringify(result.error)}`);
  return result.value;
}

/** The error of a failed result; fails the test otherwise. */
export function errorOf<T, E>(result: Result<T, E>): E {
  if (result.ok) expect.fail(`expected an error, got ok: ${JSON.stringify(result.value)}`);
  return result.error;
}

export async function openFresh(): Promise<{ db: PenteDb; factory: IDBFactory }> {
  const factory = freshFactory();
  const db = unwrap(await openDatabase({ factory }));
  return { db, factory };
}

export const HUMAN: GameSide = { name: 'Alice', kind: 'human', playerId: 'player-1' };
export const COMPUTER: GameSide = { name: 'Casual', kind: 'computer', playerId: 'casual' };

/** A game record for the tests, with the fields that matter to a test given. */
export function sampleGame(overrides: Partial<StoredGame> = {}): StoredGame {
  return { ...newStoredGame({ players: [HUMAN, COMPUTER], now: 1_000 }), ...overrides };
}

/** Opens the database with the raw API (no idb, no app code): for writing what the app would not. */
export function rawOpen(
  factory: IDBFactory,
  version?: number,
  onUpgrade?: (db: IDBDatabase) => void,
): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open('pente', version);
    request.onupgradeneeded = () => onUpgrade?.(request.result);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Writes one value with the raw API, bypassing every check the app makes. */
export function rawPut(db: IDBDatabase, store: string, value: unknown, key?: IDBValidKey): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(store, 'readwrite');
    tx.objectStore(store).put(value, key);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}
