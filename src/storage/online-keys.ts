/**
 * The device's Nostr key pair for playing people online (issue 30), kept with the player's data: one entry
 * of the settings store (`onlineKeys`), beside the puzzle progress, so it needs no schema version (no new
 * store, no upgrade step) and travels with "Export everything".
 *
 * The entry holds the device's own key and the other keys this device has been given by an import: a
 * backup from another device (or from before the browser's data was cleared) carries that device's key,
 * and the games played with it need it to read their moves, so an import never drops nor overwrites one:
 * - nothing stored here yet: the imported device key becomes this device's key (moving to a new phone
 *   keeps the player's identity);
 * - the same key: nothing changes;
 * - a different key: this device keeps its own, and the imported one is kept beside it in `others`.
 *
 * Storage checks only the shape (hex of the right length); that a secret key makes its public key is
 * checked by the caller with src/net/identity.ts (storage cannot use the network layer). A stored value
 * that is not readable is never replaced: asking for the device key then fails, so a damaged entry is
 * there to export rather than silently swapped for a new identity.
 */
import { ok } from '../core';
import { type PenteDb, withTransaction } from './db';
import { type StorageResult, fail } from './errors';
import type { SettingsTxStore } from './progress';
import { isObject } from './validate';

export const ONLINE_KEYS_KEY = 'onlineKeys';
/** Keys kept from imports, at most: each is a past identity; a file cannot make the entry grow without end. */
export const MAX_OTHER_KEYS = 20;

export interface StoredKeyPair {
  /** 64 lowercase hex digits. */
  readonly secretKey: string;
  /** 64 lowercase hex digits: the x-only public key. */
  readonly publicKey: string;
  /** When this device made it (or first stored it), milliseconds since the epoch. */
  readonly createdAt: number;
}

export interface OnlineKeys {
  /** This device's key pair, or null until online play first needs one. */
  readonly device: StoredKeyPair | null;
  /** Keys from imported backups that differ from the device's, oldest first. */
  readonly others: readonly StoredKeyPair[];
}

export const NO_ONLINE_KEYS: OnlineKeys = { device: null, others: [] };

const HEX_64 = /^[0-9a-f]{64}$/;

export function keyPairProblem(v: unknown): string | null {
  if (!isObject(v)) return 'not an object';
  if (typeof v.secretKey !== 'string' || !HEX_64.test(v.secretKey)) return 'the secret key is not 64 hex digits';
  if (typeof v.publicKey !== 'string' || !HEX_64.test(v.publicKey)) return 'the public key is not 64 hex digits';
  if (typeof v.createdAt !== 'number' || !Number.isFinite(v.createdAt)) return 'the date is not a number';
  return null;
}

const keyPairOf = (v: StoredKeyPair): StoredKeyPair => ({
  secretKey: v.secretKey,
  publicKey: v.publicKey,
  createdAt: v.createdAt,
});

/** The stored entry as read, or why it cannot be (undefined: nothing stored). */
export function readOnlineKeys(v: unknown): { readonly keys: OnlineKeys } | { readonly problem: string } {
  if (v === undefined) return { keys: NO_ONLINE_KEYS };
  if (!isObject(v)) return { problem: 'the online keys are not an object' };
  let device: StoredKeyPair | null = null;
  if (v.device !== null) {
    const problem = keyPairProblem(v.device);
    if (problem) return { problem: `the device's key: ${problem}` };
    device = keyPairOf(v.device as StoredKeyPair);
  }
  if (!Array.isArray(v.others) || v.others.length > MAX_OTHER_KEYS) return { problem: 'the other keys are not a list' };
  const others: StoredKeyPair[] = [];
  for (const [i, other] of v.others.entries()) {
    const problem = keyPairProblem(other);
    if (problem) return { problem: `other key ${i + 1}: ${problem}` };
    others.push(keyPairOf(other as StoredKeyPair));
  }
  return { keys: { device, others } };
}

/**
 * The stored keys with a file's merged in (the rule above): what to store, and which keys were added to
 * `others` or became the device's. Pure.
 */
export function mergeOnlineKeys(
  stored: OnlineKeys,
  file: OnlineKeys,
): { readonly keys: OnlineKeys; readonly added: number; readonly becameDevice: boolean } {
  let device = stored.device;
  let becameDevice = false;
  const others = [...stored.others];
  const known = new Set([device?.publicKey, ...others.map((k) => k.publicKey)]);
  for (const pair of [file.device, ...file.others]) {
    if (!pair || known.has(pair.publicKey)) continue;
    known.add(pair.publicKey);
    if (device === null && pair === file.device) {
      device = pair;
      becameDevice = true;
    } else others.push(pair);
  }
  const kept = others.slice(0, MAX_OTHER_KEYS);
  return { keys: { device, others: kept }, added: kept.length - stored.others.length, becameDevice };
}

/** Reads and writes the entry inside a caller's transaction (the import merges in its own). */
export async function updateStoredOnlineKeys(
  store: SettingsTxStore,
  change: (keys: OnlineKeys) => OnlineKeys,
): Promise<StorageResult<OnlineKeys>> {
  const read = readOnlineKeys(await store.get(ONLINE_KEYS_KEY));
  if ('problem' in read)
    return fail(
      'invalid',
      { kind: 'unreadable', thing: 'online-keys', detail: read.problem },
      `The stored online keys cannot be read (${read.problem}); export them before anything else.`,
    );
  const next = change(read.keys);
  if (next !== read.keys) await store.put(next, ONLINE_KEYS_KEY);
  return ok(next);
}

export function getOnlineKeys(db: PenteDb): Promise<StorageResult<OnlineKeys>> {
  return withTransaction(db, ['settings'], 'readonly', 'load the online keys', async (tx) => {
    const read = readOnlineKeys(await tx.objectStore('settings').get(ONLINE_KEYS_KEY));
    if ('problem' in read)
      return fail(
        'invalid',
        { kind: 'unreadable', thing: 'online-keys', detail: read.problem },
        `The stored online keys cannot be read: ${read.problem}.`,
      );
    return ok(read.keys);
  });
}

/**
 * This device's key pair: the stored one, or, the first time, the one `make` gives (stored in the same
 * transaction, so two tabs asking at once end up with one key: the second finds the first's).
 */
export function ensureDeviceKey(
  db: PenteDb,
  make: () => { readonly secretKey: string; readonly publicKey: string },
  now: number = Date.now(),
): Promise<StorageResult<StoredKeyPair>> {
  return withTransaction(
    db,
    ['settings'],
    'readwrite',
    "keep this device's online key",
    async (tx) => {
      const updated = await updateStoredOnlineKeys(tx.objectStore('settings'), (keys) => {
        if (keys.device) return keys;
        const made = make();
        const pair = { secretKey: made.secretKey, publicKey: made.publicKey, createdAt: now };
        const problem = keyPairProblem(pair);
        if (problem) throw new Error(`The new key pair is not valid: ${problem}.`);
        return { ...keys, device: pair };
      });
      return updated.ok ? ok(updated.value.device!) : updated;
    },
    { announce: ['settings'] },
  );
}
