/**
 * Friend games played over Nostr relays (issue 30, items 2 and 7): what storage keeps for them beside the
 * game records.
 *
 * - The other side's key (`FriendGame.peer`), pinned once: `pinPeer` writes it where there is none, leaves
 *   the same key as it is and refuses another one (an acceptance signed by a third key changes nothing).
 * - The other side's moves from relays, merged into the stored copy by the rule links use (core's
 *   compareCopies: only a copy that carries this one further on is written): `mergeRelayGame`. One game,
 *   never two, whether a move came by link or by relay.
 * - The outbox of signed events (net/outbox.ts's OutgoingRecord), kept in the settings store under one key
 *   (`liveOutbox`, which settings' reader ignores, so it is not exported: each record can be signed again
 *   from the game, and a re-signed action is a duplicate to the other side). Strict durability: a record is
 *   on disk before its event is published, so a browser killed after a move publishes it on the next start.
 */
import { type CopyComparison, type GameState, actionCount, compareCopies, ok, undoesLossOnTime } from '../core';
import { type PenteDb, request, withTransaction } from './db';
import type { StorageResult } from './errors';
import { announceGameChanges } from './feed';
import { gameFields, gameRecordProblem, toGameState } from './game-record';
import { withState } from './games';
import { UNKNOWN_FRIEND } from './records';
import type { FriendPeer, GameSide, StoredGame } from './records';
import { summarize } from './summaries';
import { isObject, nameProblem } from './validate';

/** The settings-store key of the outbox. */
export const LIVE_OUTBOX_KEY = 'liveOutbox';
/** The most records the outbox keeps (oldest sent ones go first): a bound on one settings entry. */
export const MAX_OUTBOX_RECORDS = 2000;

/** One signed event waiting for (or past) its relays: the shape of net/outbox.ts's OutgoingRecord. */
export interface StoredOutgoing {
  readonly event: {
    readonly id: string;
    readonly pubkey: string;
    readonly created_at: number;
    readonly kind: number;
    readonly tags: string[][];
    readonly content: string;
    readonly sig: string;
  };
  readonly gameId: string;
  readonly savedAt: number;
  readonly acceptedBy: readonly string[];
  /** What it says, for the device that signed it: the ply it was made at and the action's type. */
  readonly ply: number;
  readonly action: string;
}

const HEX = /^[0-9a-f]+$/;

/** Why a stored outbox record cannot be used, or null. */
export function outgoingProblem(v: unknown): string | null {
  if (!isObject(v)) return 'not an object';
  const e = v.event;
  if (!isObject(e)) return 'no event';
  if (typeof e.id !== 'string' || !HEX.test(e.id) || typeof e.pubkey !== 'string' || typeof e.sig !== 'string')
    return 'the event has no id, key or signature';
  if (!Number.isSafeInteger(e.created_at) || !Number.isSafeInteger(e.kind)) return 'the event has no time or kind';
  if (typeof e.content !== 'string' || !Array.isArray(e.tags)) return 'the event has no content or tags';
  if (typeof v.gameId !== 'string' || typeof v.savedAt !== 'number') return 'no game or time';
  if (!Array.isArray(v.acceptedBy) || !v.acceptedBy.every((r) => typeof r === 'string')) return 'no relay list';
  if (!Number.isSafeInteger(v.ply) || typeof v.action !== 'string') return 'no ply or action';
  return null;
}

/** The outbox as stored: the records that can be read (a damaged one is dropped: it can be signed again). */
export function readOutbox(v: unknown): StoredOutgoing[] {
  if (!Array.isArray(v)) return [];
  return v.filter((r) => outgoingProblem(r) === null) as StoredOutgoing[];
}

export function getLiveOutbox(db: PenteDb): Promise<StorageResult<StoredOutgoing[]>> {
  return withTransaction(db, ['settings'], 'readonly', 'load the moves to send', async (tx) =>
    ok(readOutbox(await tx.objectStore('settings').get(LIVE_OUTBOX_KEY))),
  );
}

/**
 * Changes the outbox in one transaction: `change` gets the stored records and returns the new list (the
 * same list: nothing written). Kept to MAX_OUTBOX_RECORDS, dropping the oldest sent records first.
 */
export function updateLiveOutbox(
  db: PenteDb,
  change: (records: readonly StoredOutgoing[]) => readonly StoredOutgoing[],
): Promise<StorageResult<StoredOutgoing[]>> {
  return withTransaction(
    db,
    ['settings'],
    'readwrite',
    'keep the move to send',
    async (tx) => {
      const store = tx.objectStore('settings');
      const stored = readOutbox(await store.get(LIVE_OUTBOX_KEY));
      const next = change(stored);
      if (next === stored) return ok(stored);
      const kept = [...next];
      while (kept.length > MAX_OUTBOX_RECORDS) {
        const i = kept.findIndex((r) => r.acceptedBy.length > 0);
        kept.splice(i < 0 ? 0 : i, 1);
      }
      await store.put(kept, LIVE_OUTBOX_KEY);
      return ok(kept);
    },
    // Nothing the other tabs show: no announcement.
    { durability: 'strict', announce: [] },
  );
}

/** What pinning a key did. */
export type PinOutcome = 'pinned' | 'already' | 'other-key' | 'no-game';

export interface PinResult {
  readonly outcome: PinOutcome;
  readonly game: StoredGame | null;
}

/**
 * Pins the other side's key (and relays) on the friend game `gameId`: written where none is pinned (with
 * `name`, their name in the acceptance, where the copy did not know it); the same key is left as it is;
 * another key is refused ('other-key').
 */
export async function pinPeer(
  db: PenteDb,
  gameId: string,
  peer: FriendPeer,
  now: number = Date.now(),
  name?: string,
): Promise<StorageResult<PinResult>> {
  let written: StoredGame | null = null;
  const result = await withTransaction(
    db,
    ['games', 'summaries'],
    'readwrite',
    "keep the friend's key",
    async (tx): Promise<StorageResult<PinResult>> => {
      const games = tx.objectStore('games');
      const stored = (await games.index('byFriendGame').getAll(gameId)).find((r) => gameRecordProblem(r) === null) as
        StoredGame | undefined;
      if (!stored?.friend) return ok({ outcome: 'no-game', game: null });
      const pinned = stored.friend.peer;
      if (pinned && pinned.key !== peer.key) return ok({ outcome: 'other-key', game: stored });
      if (pinned) return ok({ outcome: 'already', game: stored });
      // The name their acceptance gives, where the invitation did not know it.
      const theirs = 2 - stored.friend.mySide;
      const players: [GameSide, GameSide] = [stored.players[0], stored.players[1]];
      if (name && nameProblem(name) === null && players[theirs]!.name === UNKNOWN_FRIEND)
        players[theirs] = { ...players[theirs]!, name };
      const next = gameFields(
        { ...stored, players, friend: { ...stored.friend, peer: { key: peer.key, relays: [...peer.relays] } } },
        stored.revision + 1,
        now,
      );
      await Promise.all([request(games.put(next)), request(tx.objectStore('summaries').put(summarize(next.id, next)))]);
      written = next;
      return ok({ outcome: 'pinned', game: next });
    },
    { durability: 'strict' },
  );
  if (result.ok && written)
    announceGameChanges([{ id: (written as StoredGame).id, revision: (written as StoredGame).revision }]);
  return result;
}

/** What merging a relay game did: how it stood to the stored copy, and the copy as now stored. */
export interface RelayMerge {
  readonly comparison: CopyComparison | { readonly kind: 'no-game' };
  readonly game: StoredGame | null;
  /** Whether the copy was written (an 'extend', or the friend's copy newly known to hold this one). */
  readonly written: boolean;
  /** Whether it replaced a loss on time this copy held (a claim a move in time beat): core's undoesLossOnTime. */
  readonly undidLossOnTime?: boolean;
}

/**
 * Merges the game the relay events make (`incoming`, folded on top of this copy's moves) into the stored
 * copy of friend game `gameId`, by the rule links use: written only when it carries the copy further on
 * ('extend'); the same, older or conflicting copies write nothing, but for one: a loss on time this copy
 * ended with (a flag claimed here) gives way to the move in time the fold found beat it (undoesLossOnTime),
 * so both devices end with the same record. What the friend's copy holds (`friend.synced`) becomes the
 * incoming game: the other side signed it.
 */
export async function mergeRelayGame(
  db: PenteDb,
  gameId: string,
  incoming: GameState,
  now: number = Date.now(),
): Promise<StorageResult<RelayMerge>> {
  let written: StoredGame | null = null;
  const result = await withTransaction(
    db,
    ['games', 'summaries'],
    'readwrite',
    'save the move',
    async (tx): Promise<StorageResult<RelayMerge>> => {
      const games = tx.objectStore('games');
      const stored = (await games.index('byFriendGame').getAll(gameId)).find((r) => gameRecordProblem(r) === null) as
        StoredGame | undefined;
      if (!stored?.friend) return ok({ comparison: { kind: 'no-game' }, game: null, written: false });
      const copy = toGameState(stored);
      if (!copy.ok) return copy;
      const compared = compareCopies(copy.value, incoming);
      const undidLossOnTime = compared.kind === 'conflict' && undoesLossOnTime(copy.value, incoming);
      if (compared.kind !== 'extend' && !undidLossOnTime)
        return ok({ comparison: compared, game: stored, written: false });
      const comparison: CopyComparison = undidLossOnTime
        ? { kind: 'extend', added: actionCount(incoming) - actionCount(copy.value) }
        : compared;
      // The friend's copy holds every action (stones and steps) the fold made from their events.
      const synced = { moves: actionCount(incoming), ended: incoming.result !== null };
      // Players are kept by seat: the other side's swap (D-Pente, Swap2) exchanged the people's seats.
      const swapped = (stored.seatChoice === 'swap') !== (incoming.seatChoice === 'swap');
      const players: StoredGame['players'] = swapped ? [stored.players[1], stored.players[0]] : stored.players;
      const next = gameFields(
        withState({ ...stored, players, friend: { ...stored.friend, synced } }, incoming),
        stored.revision + 1,
        now,
      );
      await Promise.all([request(games.put(next)), request(tx.objectStore('summaries').put(summarize(next.id, next)))]);
      written = next;
      return ok({ comparison, game: next, written: true, undidLossOnTime });
    },
    { durability: 'strict' },
  );
  if (result.ok && written)
    announceGameChanges([{ id: (written as StoredGame).id, revision: (written as StoredGame).revision }]);
  return result;
}

/**
 * Records that the friend can read this copy up to `moves` moves (this device's events for them were
 * accepted by a relay): `friend.synced` moves on, never back. Returns the copy as stored.
 */
export async function markRelaySynced(
  db: PenteDb,
  gameId: string,
  synced: { readonly moves: number; readonly ended: boolean },
  now: number = Date.now(),
): Promise<StorageResult<StoredGame | null>> {
  let written: StoredGame | null = null;
  const result = await withTransaction(
    db,
    ['games', 'summaries'],
    'readwrite',
    'save the game',
    async (tx): Promise<StorageResult<StoredGame | null>> => {
      const games = tx.objectStore('games');
      const stored = (await games.index('byFriendGame').getAll(gameId)).find((r) => gameRecordProblem(r) === null) as
        StoredGame | undefined;
      if (!stored?.friend) return ok(null);
      const known = stored.friend.synced;
      const state = toGameState(stored);
      const actions = state.ok ? actionCount(state.value) : stored.moves.length;
      const further =
        synced.moves <= actions &&
        (!known || synced.moves > known.moves || (synced.moves === known.moves && synced.ended && !known.ended));
      if (!further || (synced.ended && stored.result === null)) return ok(stored);
      const next = gameFields({ ...stored, friend: { ...stored.friend, synced } }, stored.revision + 1, now);
      await Promise.all([request(games.put(next)), request(tx.objectStore('summaries').put(summarize(next.id, next)))]);
      written = next;
      return ok(next);
    },
  );
  if (result.ok && written)
    announceGameChanges([{ id: (written as StoredGame).id, revision: (written as StoredGame).revision }]);
  return result;
}
