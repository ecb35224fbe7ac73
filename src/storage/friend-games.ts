/**
 * Friend games: correspondence games played by links, one copy on each device. A copy is a game record
 * with `friend` marks (the id the links carry, the side this device plays), found through the
 * `byFriendGame` index. What a link arriving means is the core's merge rule (core/friend.ts); this module
 * reads the copy, applies the rule and writes the result in one transaction, so two tabs opening links at
 * once cannot both write from the same copy.
 */
import {
  type BoardSize,
  type FriendCopy,
  type JudgedLink,
  type LinkArrival,
  type LinkJudge,
  type LinkRefusal,
  type OpenedLink,
  type Player,
  type GameSteps,
  type VariantId,
  actionCount,
  linkArrival,
  ok,
  seatOfPerson,
} from '../core';
import { type PenteDb, request, withTransaction } from './db';
import { type StorageResult, fail } from './errors';
import { announceGameChanges } from './feed';
import { gameFields, gameRecordProblem, toGameState } from './game-record';
import { newStoredGame, withState } from './games';
import {
  type FriendClock,
  type FriendPeer,
  type FriendSynced,
  type GameSide,
  MAX_PEER_RELAYS,
  type StoredGame,
  UNKNOWN_FRIEND,
} from './records';
import { summarize } from './summaries';
import { nameProblem } from './validate';

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A new friend game id: 16 base64url digits, 96 random bits, so two games never share one. */
export function newFriendGameId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => DIGITS[b & 63]).join('');
}

export interface NewFriendGameOptions {
  readonly variant: VariantId;
  readonly size: BoardSize;
  readonly tournamentRule: boolean;
  readonly gameId: string;
  /** The side this device plays. */
  readonly mySide: Player;
  readonly myName: string;
  /** The friend's name, when known ('' or absent: not yet). */
  readonly theirName?: string;
  /** A live game's clock, agreed in the invitation; absent or null: untimed. */
  readonly clock?: FriendClock | null;
  readonly now?: number;
}

/** A new friend game record, not yet stored (revision 0). */
export function newFriendGame(options: NewFriendGameOptions): StoredGame {
  const { mySide, gameId } = options;
  const me = { name: options.myName, kind: 'human' } as const;
  const them = { name: usableName(options.theirName) ?? UNKNOWN_FRIEND, kind: 'human' } as const;
  const game = newStoredGame({ ...options, players: mySide === 1 ? [me, them] : [them, me] });
  const clock = options.clock
    ? { clock: { initialMs: options.clock.initialMs, incrementMs: options.clock.incrementMs } }
    : {};
  return { ...game, friend: { gameId, mySide, ...clock } };
}

/** A name from a link, if it is one storage keeps (links check names too; this is the store's own rule). */
export const usableName = (name: string | undefined): string | null =>
  name !== undefined && name !== '' && nameProblem(name) === null ? name : null;

/** What a link carrying `state` tells of the copy at the other end. */
export const syncedOf = (state: GameSteps & { readonly result: unknown }): FriendSynced => ({
  // Its actions (stones and opening steps: core's actionCount), so a seat choice is news to send.
  moves: actionCount(state),
  ended: state.result !== null,
});

/** The copy of a friend game with this id, or null when this device has none. */
export function findFriendGame(db: PenteDb, gameId: string): Promise<StorageResult<StoredGame | null>> {
  return withTransaction(db, ['games'], 'readonly', 'look for the game', async (tx) =>
    readCopy(await tx.objectStore('games').index('byFriendGame').getAll(gameId)),
  );
}

/** The copy among the records under one friend game id: the first that opens; an error if none does. */
export function readCopy(records: readonly unknown[]): StorageResult<StoredGame | null> {
  if (records.length === 0) return ok(null);
  const good = records.find((r) => gameRecordProblem(r) === null);
  if (good) return ok(good as StoredGame);
  const detail = gameRecordProblem(records[0]) ?? '';
  return fail(
    'invalid',
    { kind: 'unreadable', thing: 'game', detail },
    `Your copy of this game cannot be read: ${detail}.`,
  );
}

/** The copy of the game as the merge rule reads it (core/friend.ts), or an error for one that does not replay. */
function friendCopyOf(stored: StoredGame | null): StorageResult<FriendCopy | null> {
  if (!stored?.friend) return ok(null);
  const replayed = toGameState(stored);
  if (!replayed.ok) return replayed;
  const { rules, moves, result, seatChoice, swap2Pass } = replayed.value;
  return ok({ rules, moves, seatChoice, swap2Pass, result, mySide: stored.friend.mySide });
}

/**
 * How links are judged here: the signature check (net/link-signature.ts's signedLinkArrival, which the
 * page passes in: storage may not sign or verify) and this device's own public key (null: none made yet).
 * Without one, links are judged by the merge rule alone, as before signed links.
 */
export interface LinkTrust {
  readonly judge: LinkJudge;
  readonly myKey: string | null;
}

const unsignedJudge: LinkJudge = (opened, copy) => ok({ arrival: linkArrival(opened, copy), pin: null, signer: null });

/** The link judged against this device's copy (`stored`), with the keys the copy keeps. */
function judgeLink(
  opened: OpenedLink,
  stored: StoredGame | null,
  copy: FriendCopy | null,
  trust: LinkTrust | undefined,
): ReturnType<LinkJudge> {
  const judge = trust?.judge ?? unsignedJudge;
  return judge(opened, copy, { mine: trust?.myKey ?? null, theirs: stored?.friend?.peer?.key ?? null });
}

/** The other side as a link pinned it: its key and the relays its link named. */
const peerOf = (key: string, opened: OpenedLink): FriendPeer => ({
  key,
  relays: opened.link.relays.slice(0, MAX_PEER_RELAYS),
});

/**
 * What an opened link means here: the arrival, or 'unstored' for a friend game's link where this page has
 * no storage (private browsing): such a link can only be looked at.
 */
export interface LinkMeaning {
  readonly arrival: LinkArrival | { readonly kind: 'unstored' };
  readonly game: StoredGame | null;
  /** Why the link is refused before its merge (a signature that fails), or null. */
  readonly refusal: LinkRefusal | null;
  /** The key that signed the link (null: unsigned, or not checked). */
  readonly signer: string | null;
}

/**
 * What an opened link means on this device, writing nothing: the one decision (core's `linkArrival`
 * against this device's copy, read as `receiveFriendLink` reads it), for the page to render: a game to
 * view (a plain shared game, 'view'), an invitation to accept, or what receiving it would do. `db` is
 * null where the page has no storage.
 */
export async function friendLinkMeaning(
  db: PenteDb | null,
  opened: OpenedLink,
  trust?: LinkTrust,
): Promise<StorageResult<LinkMeaning>> {
  const friend = opened.link.friend;
  const none = { refusal: null, signer: null };
  if (!friend) return ok({ arrival: linkArrival(opened, null), game: null, ...none });
  if (!db) return ok({ arrival: { kind: 'unstored' }, game: null, ...none });
  const found = await findFriendGame(db, friend.gameId);
  if (!found.ok) return found;
  const copy = friendCopyOf(found.value);
  if (!copy.ok) return copy;
  const judged = judgeLink(opened, found.value, copy.value, trust);
  if (!judged.ok)
    return ok({ arrival: linkArrival(opened, copy.value), game: found.value, refusal: judged.error, signer: null });
  return ok({ arrival: judged.value.arrival, game: found.value, refusal: null, signer: judged.value.signer });
}

/** What receiving a link did: what it meant, and the copy as now stored (null: this device has none). */
export interface FriendLinkReceipt {
  readonly arrival: LinkArrival;
  readonly game: StoredGame | null;
  /** Why the link was refused before its merge (its signature), or null: then `arrival` says what it did. */
  readonly refusal: LinkRefusal | null;
  /** The key that signed it (null: unsigned), for a conflict's two lines (FriendDivergence). */
  readonly signer: string | null;
}

/**
 * Receives a friend game's link: joins an invitation (a new copy, this device playing the side that has
 * not moved, as `myName`), updates the copy with the other side's moves (and their name, which the
 * invitation may not have known), and otherwise writes nothing. A link with no friend marks is only to be
 * viewed. Strict durability: the game is on disk before the player is shown it.
 */
export async function receiveFriendLink(
  db: PenteDb,
  opened: OpenedLink,
  options: { readonly myName: string; readonly now?: number; readonly trust?: LinkTrust },
): Promise<StorageResult<FriendLinkReceipt>> {
  const { link, state } = opened;
  const friend = link.friend;
  if (!friend) return ok<FriendLinkReceipt>({ arrival: { kind: 'view' }, game: null, refusal: null, signer: null });
  const now = options.now ?? Date.now();
  // Set by the transaction's body when it writes; announced only once the transaction has committed.
  let written = null as StoredGame | null;
  const received = await withTransaction(
    db,
    ['games', 'summaries'],
    'readwrite',
    'save the game',
    async (tx): Promise<StorageResult<FriendLinkReceipt>> => {
      const games = tx.objectStore('games');
      const found = readCopy(await games.index('byFriendGame').getAll(friend.gameId));
      if (!found.ok) return found;
      const stored = found.value;
      const copy = friendCopyOf(stored);
      if (!copy.ok) return copy;
      const judged = judgeLink(opened, stored, copy.value, options.trust);
      if (!judged.ok) {
        return ok({ arrival: linkArrival(opened, copy.value), game: stored, refusal: judged.error, signer: null });
      }
      const { arrival, pin, signer }: JudgedLink = judged.value;
      // The other side's key, pinned with the merge: the first signed link from them brings it.
      const peer = pin ? { peer: peerOf(pin, opened) } : {};
      let next: StoredGame;
      if (arrival.kind === 'join') {
        const fresh = newFriendGame({
          variant: state.rules.variant.id,
          size: state.rules.size,
          tournamentRule: state.rules.tournamentRule,
          gameId: friend.gameId,
          mySide: arrival.mySide,
          myName: options.myName,
          theirName: link.names?.[friend.sender - 1],
          clock: link.clock,
          now,
        });
        // The inviter has the game as the invitation carried it.
        next = gameFields(
          withState({ ...fresh, friend: { ...fresh.friend!, synced: syncedOf(state), ...peer } }, state),
          1,
          now,
        );
      } else if (arrival.kind === 'extend' && stored) {
        // Players are kept by seat: the other side's swap (D-Pente, Swap2) exchanged the people's seats.
        const swapped = (stored.seatChoice === 'swap') !== (state.seatChoice === 'swap');
        const players: [GameSide, GameSide] = swapped
          ? [stored.players[1], stored.players[0]]
          : [stored.players[0], stored.players[1]];
        // The sender's name as their link gives it (an invitation did not know it; they may rename), at
        // the seat the sender plays now (a link's names are by seat).
        const senderSeat = seatOfPerson(state.seatChoice, friend.sender) - 1;
        const senderName = usableName(link.names?.[senderSeat]);
        if (senderName) players[senderSeat] = { ...players[senderSeat]!, name: senderName };
        // The sender has the game as their link carried it.
        const friendMarks = { ...stored.friend!, synced: syncedOf(state), ...peer };
        next = gameFields(withState({ ...stored, players, friend: friendMarks }, state), stored.revision + 1, now);
      } else if (pin && stored && (arrival.kind === 'same' || arrival.kind === 'older')) {
        // Nothing new in the game, but the first signed link from the other side: its key is pinned.
        next = gameFields({ ...stored, friend: { ...stored.friend!, ...peer } }, stored.revision + 1, now);
      } else {
        return ok({ arrival, game: stored, refusal: null, signer });
      }
      await Promise.all([request(games.put(next)), request(tx.objectStore('summaries').put(summarize(next.id, next)))]);
      written = next;
      return ok({ arrival, game: next, refusal: null, signer });
    },
    { durability: 'strict' },
  );
  // Committed (a join or the other side's moves): the other tabs may read it now.
  if (received.ok && written) announceGameChanges([{ id: written.id, revision: written.revision }]);
  return received;
}

/**
 * Stores the games a pairing with a stranger starts ("Play someone now", issue 30), in one transaction:
 * each new friend game id is added; one this device already holds (a pairing seen twice: two tabs, a
 * relay's replay) is kept as it is, never doubled. Returns every game of the pairing as stored, in order.
 */
export async function addPairedGames(
  db: PenteDb,
  records: readonly StoredGame[],
  now: number = Date.now(),
): Promise<StorageResult<StoredGame[]>> {
  const written: StoredGame[] = [];
  const stored = await withTransaction(
    db,
    ['games', 'summaries'],
    'readwrite',
    'save the game',
    async (tx): Promise<StorageResult<StoredGame[]>> => {
      const games = tx.objectStore('games');
      const result: StoredGame[] = [];
      for (const record of records) {
        const problem = record.friend ? gameRecordProblem(gameFields(record, 1, now)) : 'not a friend game';
        if (problem || !record.friend)
          return fail(
            'invalid',
            { kind: 'not-savable', thing: 'game', detail: problem ?? '' },
            `The game could not be saved: ${problem}.`,
          );
        const found = readCopy(await games.index('byFriendGame').getAll(record.friend.gameId));
        if (!found.ok) return found;
        if (found.value) {
          result.push(found.value);
          continue;
        }
        const next = gameFields(record, 1, now);
        await Promise.all([
          request(games.put(next)),
          request(tx.objectStore('summaries').put(summarize(next.id, next))),
        ]);
        written.push(next);
        result.push(next);
      }
      return ok(result);
    },
    { durability: 'strict' },
  );
  if (stored.ok && written.length) announceGameChanges(written.map((g) => ({ id: g.id, revision: g.revision })));
  return stored;
}

/**
 * Every friend game record this device keeps that opens (those that do not are left out), unfinished and
 * ended: what the rating from games against people is computed from (ui/people/people-model.ts), and the
 * games the relay controller plays (those with a peer: ui/online/live/).
 */
export function listFriendGameRecords(db: PenteDb): Promise<StorageResult<StoredGame[]>> {
  return withTransaction(db, ['games'], 'readonly', 'list the saved games', async (tx) => {
    const records: unknown[] = await tx.objectStore('games').index('byFriendGame').getAll();
    return ok(records.filter((r) => gameRecordProblem(r) === null) as StoredGame[]);
  });
}
