/**
 * What must survive when IndexedDB cannot take it, kept in a small synchronous key-value store (the
 * browser's localStorage, given as a port so the tests give a Map):
 *
 * - Unsaved games: a game whose save failed (the disk is full) is kept here, whole, with the revision it
 *   was to replace, until a later save lands. The app opens the kept copy in place of the stored one, lists
 *   it for "Continue", and saves it once there is room (here or at the next start); so a move the player
 *   saw placed, or a new game, is never dropped because storage was full. `reconcileUnsaved` decides how a
 *   kept copy meets what is stored by then (another tab may have played on): saved over it, dropped as
 *   already held, or saved as a new game from the moves they share: nothing is overwritten or lost.
 * - Clock heartbeats: the last moment a running clock was seen, written every few seconds and as the page
 *   hides. localStorage writes are synchronous, so the last one is written even while the page unloads,
 *   when an IndexedDB save would not finish (see ui/play/session/game-clock.ts).
 *
 * - Pending puzzle answers: puzzle-journal.ts, with the puzzles' code (not the first screen's).
 *
 * Nothing here throws: a store that refuses a write (full, or switched off) is reported as `false`.
 */
import { ok } from '../core';
import type { PenteDb } from './db';
import { type StorageResult, fail } from './errors';
import { gameRecordProblem } from './game-record';
import { type WhenFinished, getGame, saveGame } from './games';
import type { StoredGame } from './records';
import { isObject } from './validate';

/** The part of the Web Storage interface the journal uses (localStorage in the browser). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

const UNSAVED_PREFIX = 'pente.unsaved-game.';
const HEARTBEAT_PREFIX = 'pente.clock-seen.';

/** Writes (null: removes) one entry; false when the store refuses (full, or switched off). */
export function tryWrite(kv: KeyValueStore, key: string, value: string | null): boolean {
  try {
    if (value === null) kv.removeItem(key);
    else kv.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** One entry read as JSON; null when absent or unreadable. */
export function tryRead(kv: KeyValueStore, key: string): unknown {
  try {
    const text = kv.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

function keysWith(kv: KeyValueStore, prefix: string): string[] {
  const keys: string[] = [];
  try {
    for (let i = 0; i < kv.length; i++) {
      const key = kv.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
  } catch {
    // A store that cannot be listed holds nothing we can use.
  }
  return keys;
}

// ---- clock heartbeats --------------------------------------------------------------------------------

/** The last moment the app was seen open with a game's clock running, for the turn started at `runningSince`. */
export interface ClockHeartbeat {
  readonly runningSince: number;
  readonly seenAt: number;
}

/** Writes a game's heartbeat (null: its clock stopped, nothing to keep). False when the store refused it. */
export const writeHeartbeat = (kv: KeyValueStore, gameId: string, beat: ClockHeartbeat | null): boolean =>
  tryWrite(kv, HEARTBEAT_PREFIX + gameId, beat && JSON.stringify(beat));

export function readHeartbeat(kv: KeyValueStore, gameId: string): ClockHeartbeat | null {
  const v = tryRead(kv, HEARTBEAT_PREFIX + gameId);
  if (!isObject(v) || !Number.isFinite(v.runningSince) || !Number.isFinite(v.seenAt)) return null;
  return { runningSince: v.runningSince as number, seenAt: v.seenAt as number };
}

// ---- unsaved games -----------------------------------------------------------------------------------

/**
 * Keeps a game whose save failed: `game.revision` is the revision the save was to replace (0: never
 * saved), and `updatedAt` is set to `now` so "Continue" orders it with the stored games. False when the
 * store refused it too (then only the page holds the game).
 */
export function keepUnsavedGame(kv: KeyValueStore, game: StoredGame, now: number = Date.now()): boolean {
  return tryWrite(kv, UNSAVED_PREFIX + game.id, JSON.stringify({ ...game, updatedAt: now }));
}

/** Forgets a kept game (it has been saved). */
export const forgetUnsavedGame = (kv: KeyValueStore, gameId: string): boolean =>
  tryWrite(kv, UNSAVED_PREFIX + gameId, null);

/** The kept copy of a game, if there is one that reads as a game. */
export function unsavedGame(kv: KeyValueStore, gameId: string): StoredGame | null {
  const v = tryRead(kv, UNSAVED_PREFIX + gameId);
  return v !== null && gameRecordProblem(v) === null ? (v as StoredGame) : null;
}

/** Every kept game that reads as one, newest first. */
export function unsavedGames(kv: KeyValueStore): StoredGame[] {
  return keysWith(kv, UNSAVED_PREFIX)
    .map((key) => unsavedGame(kv, key.slice(UNSAVED_PREFIX.length)))
    .filter((g): g is StoredGame => g !== null)
    .sort((a, b) => b.updatedAt - a.updatedAt);
}

/** How a kept copy meets the stored game. */
export type Reconciliation =
  /** Write the kept copy (over the stored one at `expectedRevision`, or as a first save with 0). */
  | { readonly kind: 'save'; readonly expectedRevision: number }
  /** The stored game already holds everything the kept copy does. */
  | { readonly kind: 'drop' }
  /** The two went different ways: keep the copy as a new game played from their first `ply` shared moves. */
  | { readonly kind: 'save-as-new'; readonly ply: number };

const sameResult = (a: StoredGame, b: StoredGame): boolean =>
  (a.result === null && b.result === null) ||
  (a.result !== null &&
    b.result !== null &&
    a.result.winner === b.result.winner &&
    a.result.reason === b.result.reason);

/**
 * Decides how a kept copy is saved, given the game as stored now (null: not stored, never or no longer).
 * The kept copy's revision is the one it was to replace: if the stored game is still there, the copy is
 * newer and replaces it. If another tab saved meanwhile: a stored game holding all the copy's moves (and
 * its result, if any) makes the copy redundant; a copy extending an unfinished stored game replaces it;
 * anything else is a different line of play, kept as a new game so neither is lost.
 */
export function reconcileUnsaved(stored: StoredGame | null, kept: StoredGame): Reconciliation {
  // Not stored: the first save of a new game, or a game deleted elsewhere that held moves not yet saved.
  if (stored === null) return { kind: 'save', expectedRevision: 0 };
  if (stored.revision === kept.revision) return { kind: 'save', expectedRevision: stored.revision };
  let common = 0;
  while (common < stored.moves.length && common < kept.moves.length && stored.moves[common] === kept.moves[common]) {
    common++;
  }
  if (common === kept.moves.length && (kept.result === null || sameResult(stored, kept))) return { kind: 'drop' };
  if (common === stored.moves.length && stored.result === null) {
    return { kind: 'save', expectedRevision: stored.revision };
  }
  return { kind: 'save-as-new', ply: common };
}

/** What saving a kept game did. */
export type KeptSave =
  | { readonly kind: 'saved'; readonly record: StoredGame }
  | { readonly kind: 'dropped' }
  | { readonly kind: 'saved-as-new'; readonly record: StoredGame };

/**
 * Saves the kept copy of a game, reconciled with the stored one, and forgets it once that landed. Fails
 * (keeping the copy) when the save fails again; 'not-found' when nothing is kept for that id.
 */
export async function saveUnsavedGame(
  db: PenteDb,
  kv: KeyValueStore,
  gameId: string,
  newId: () => string = () => crypto.randomUUID(),
  now: number = Date.now(),
  whenFinished?: WhenFinished,
): Promise<StorageResult<KeptSave>> {
  const kept = unsavedGame(kv, gameId);
  if (!kept)
    return fail('not-found', { kind: 'missing', thing: 'unsaved-copy' }, 'No unsaved copy of that game is kept here.');
  const loaded = await getGame(db, gameId);
  if (!loaded.ok && loaded.error.kind !== 'not-found') return loaded;
  const plan = reconcileUnsaved(loaded.ok ? loaded.value : null, kept);
  if (plan.kind === 'drop') {
    forgetUnsavedGame(kv, gameId);
    return ok({ kind: 'dropped' });
  }
  const record: StoredGame =
    plan.kind === 'save' ? kept : { ...kept, id: newId(), revision: 0, origin: { gameId: kept.id, ply: plan.ply } };
  const saved = await saveGame(db, record, plan.kind === 'save' ? plan.expectedRevision : 0, now, whenFinished);
  if (!saved.ok) return saved;
  forgetUnsavedGame(kv, gameId);
  return ok(
    plan.kind === 'save' ? { kind: 'saved', record: saved.value } : { kind: 'saved-as-new', record: saved.value },
  );
}
