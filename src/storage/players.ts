/**
 * Players: people (just a name) and computer players (a name and the engine's level settings). The first
 * run stores one of each built-in level and "Player 1" (see db.ts). Names are unique per kind, enforced by
 * the store's unique [kind, name] index and reported as a 'duplicate' error value.
 *
 * A stored record that is not a player the app can use (edited by hand, written by a tool) is listed apart
 * as damaged, with its key and why, so it can be exported raw and deleted; it still holds its name in the
 * index, and a save that needs the name says that a damaged record has it.
 */
import { ok } from '../core';
import { clampComputerSettings, strengthOf } from './computer-settings';
import { type PenteDb, withTransaction } from './db';
import { type SkippedRecord, type StorageResult, fail } from './errors';
import type { ComputerPlayer, NewPlayer, PlayerKind, StoredPlayer } from './records';
import { MAX_NAME_LENGTH, isObject, nameIssue, playerProblem } from './validate';

export interface PlayerList {
  /** People first, by name; then computer players, weakest first. */
  readonly players: readonly StoredPlayer[];
  readonly skipped: readonly SkippedRecord[];
  /** The records that are not players the app can use, by key (whatever kind was asked for). */
  readonly damaged: readonly DamagedPlayer[];
}

/** A stored player record the app cannot use, as the players screen lists it. */
export interface DamagedPlayer {
  /** Its key in the players store (a string for any record the app wrote). */
  readonly key: IDBValidKey;
  readonly reason: string;
  /** Its name, when it has one that can be shown. */
  readonly name: string | null;
}

const damagedPlayer = (key: IDBValidKey, reason: string, value: unknown): DamagedPlayer => {
  const name = isObject(value) && typeof value.name === 'string' ? value.name.trim().slice(0, MAX_NAME_LENGTH) : '';
  return { key, reason, name: name === '' ? null : name };
};

const byName = (a: string, b: string): number => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });

/**
 * Weakest first: by the level a player's settings are (or are nearest to) on the strength scale, which is
 * the order the built-in levels are listed in (their settings do not all rise together: Casual sees less
 * than Learner but looks a move further), then by the settings themselves.
 */
const byStrength = (a: ComputerPlayer, b: ComputerPlayer): number =>
  strengthOf(a).index - strengthOf(b).index ||
  a.judgement - b.judgement ||
  a.vision - b.vision ||
  a.depth - b.depth ||
  a.timeMs - b.timeMs;

function comparePlayers(a: StoredPlayer, b: StoredPlayer): number {
  if (a.kind !== b.kind) return a.kind === 'human' ? -1 : 1;
  const strength = a.kind === 'computer' && b.kind === 'computer' ? byStrength(a, b) : 0;
  return strength || byName(a.name, b.name);
}

const duplicateName = (player: { kind: PlayerKind; name: string }) =>
  fail(
    'duplicate',
    { kind: 'name-taken', name: player.name, computer: player.kind === 'computer' },
    player.kind === 'human'
      ? `There is already a player named "${player.name}".`
      : `There is already a computer player named "${player.name}".`,
  );

/** The name is the key of a damaged record (the index still holds it): the player is told which. */
export const nameHeldByDamaged = (name: string) =>
  fail(
    'duplicate',
    { kind: 'name-held-by-damaged', name },
    `A damaged player record has the name "${name}" (see Damaged records): export or delete it, or choose another name.`,
  );

/**
 * A player's fields with the name trimmed and a computer player's settings held to their limits
 * (computer-settings.ts), and nothing else the caller's object may carry.
 */
export function playerFields(player: StoredPlayer): StoredPlayer {
  const name = player.name.trim();
  if (player.kind === 'human') return { id: player.id, kind: 'human', name };
  return { id: player.id, kind: 'computer', name, ...clampComputerSettings(player, player) };
}

export function listPlayers(db: PenteDb, kind?: PlayerKind): Promise<StorageResult<PlayerList>> {
  return withTransaction(db, ['players'], 'readonly', 'list the players', async (tx) => {
    const store = tx.objectStore('players');
    const [keys, values] = await Promise.all([store.getAllKeys(), store.getAll()]);
    const players: StoredPlayer[] = [];
    const skipped: SkippedRecord[] = [];
    const damaged: DamagedPlayer[] = [];
    values.forEach((value, i) => {
      const problem = playerProblem(value);
      if (problem) {
        skipped.push({ id: String(keys[i]), reason: problem });
        damaged.push(damagedPlayer(keys[i]!, problem, value));
      } else if (kind === undefined || (value as StoredPlayer).kind === kind) players.push(value as StoredPlayer);
    });
    return ok({ players: players.sort(comparePlayers), skipped, damaged });
  });
}

export function getPlayer(db: PenteDb, id: string): Promise<StorageResult<StoredPlayer>> {
  return withTransaction(db, ['players'], 'readonly', 'load the player', async (tx) => {
    const stored: unknown = await tx.objectStore('players').get(id);
    if (stored === undefined)
      return fail('not-found', { kind: 'missing', thing: 'player' }, 'That player is no longer saved here.');
    const problem = playerProblem(stored);
    if (problem)
      return fail(
        'invalid',
        { kind: 'unreadable', thing: 'player', detail: problem },
        `The saved player could not be read: ${problem}.`,
      );
    return ok(stored as StoredPlayer);
  });
}

/**
 * Stores a player (insert or update, e.g. a rename or new level settings). Fails with 'duplicate' when
 * another player of the same kind already has the name.
 */
export function savePlayer(db: PenteDb, player: StoredPlayer): Promise<StorageResult<StoredPlayer>> {
  const problem = playerProblem(player);
  if (problem) {
    const message = `The player could not be saved: ${problem}.`;
    return Promise.resolve(
      fail('invalid', nameIssue(player.name) ?? { kind: 'not-savable', thing: 'player', detail: problem }, message),
    );
  }
  const next = playerFields(player);
  return withTransaction(db, ['players'], 'readwrite', 'save the player', async (tx) => {
    const store = tx.objectStore('players');
    // Checked first so the error can name the player; the unique index would also refuse the write.
    const holder = await store.index('byKindName').getKey([next.kind, next.name]);
    if (holder !== undefined && holder !== next.id) {
      const held: unknown = await store.get(holder);
      return playerProblem(held) === null ? duplicateName(next) : nameHeldByDamaged(next.name);
    }
    await store.put(next);
    return ok(next);
  });
}

/** Stores a new player under a fresh id. */
export function addPlayer(db: PenteDb, player: NewPlayer): Promise<StorageResult<StoredPlayer>> {
  return savePlayer(db, { ...player, id: crypto.randomUUID() });
}

/**
 * Deletes a player, or a damaged record under any key. Games keep the names they were played under, so
 * none of them change.
 */
export function deletePlayer(db: PenteDb, id: IDBValidKey): Promise<StorageResult<void>> {
  return withTransaction(db, ['players'], 'readwrite', 'delete the player', async (tx) => {
    const store = tx.objectStore('players');
    const key = id as string; // idb types the store's keys as strings; any valid key deletes its record
    if ((await store.getKey(key)) === undefined)
      return fail('not-found', { kind: 'missing', thing: 'player' }, 'That player is no longer saved here.');
    await store.delete(key);
    return ok(undefined);
  });
}

/** The value stored under a key in the players store, exactly as it is: for exporting a damaged record. */
export function getRawPlayer(db: PenteDb, id: IDBValidKey): Promise<StorageResult<unknown>> {
  return withTransaction(db, ['players'], 'readonly', 'read the stored record', async (tx) => {
    const stored: unknown = await tx.objectStore('players').get(id as string);
    return stored === undefined
      ? fail('not-found', { kind: 'missing', thing: 'record' }, 'That record is no longer saved here.')
      : ok(stored);
  });
}
