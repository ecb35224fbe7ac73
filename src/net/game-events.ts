/**
 * A friend game's event protocol over Nostr relays (issue 30): what one player's device publishes for the
 * other, and how an event that arrives is judged before it may touch the game.
 *
 * Kinds (NIP-01 ranges):
 * - GAME_EVENT_KIND, a *regular* kind (1000–9999): relays store it, so a move made while the other side is
 *   away is there when they open the app (correspondence), and a device that was closed catches up. Moves,
 *   the invitation's acceptance, resignations, draws and flags travel so: all of them are the game's record.
 * - PRESENCE_KIND, an *ephemeral* kind (20000–29999): relays pass it on to whoever listens now and store
 *   nothing, which is what "Bob is here" means; a stored presence would say Bob is here when he left.
 *
 * What a relay sees: the kind, the two public keys (the author, and the recipient in a `p` tag, which is how
 * each device subscribes to what is addressed to it), the time, the content's length and a game tag. The
 * content is NIP-44 v2 ciphertext under the two players' conversation key (ECDH of one's secret key with the
 * other's public key: the same key from either side), so both players read both sides' events and nobody
 * else reads any: no move, no name, no game id. The game tag (GAME_TAG) is an HMAC of the game id under that
 * conversation key: the two players compute it to subscribe to one game's events, but someone who has seen
 * the game id (in a link) cannot find the game's events on a relay, and a relay cannot link the tag to a
 * game id or tell two games' tags apart as belonging to the same pair except by their keys.
 *
 * Inside, a plain versioned JSON envelope (GameEnvelope): the game id (again, under the seal: an event
 * replayed from another game is refused even if its tag were forged), the ply the sender had seen (the
 * number of the game's actions when they acted: stones, and in D-Pente, DK-Pente and Swap2 the opening
 * steps, core's actionsOf), a hash of those actions (an action built on another line is a conflict, not a
 * move), the sender's clock reading in a timed game, and the action.
 *
 * Versions: an envelope says the lowest version that can read it. Version 1 has stones, acceptances,
 * resignations, draws and flags; version 2 adds the opening steps (`step`: swap, keep, pass). So every
 * event of a game without a seat choice stays version 1, and an app of version 1 refuses a step as
 * 'unknown-version' (made by a newer app) instead of reading it as something else; this app reads both
 * (any action in a version-2 envelope) and refuses a step in a version-1 envelope.
 *
 * Judging an event (admitGameEvent) is pure, with errors as values (Rejection), cheapest checks first, so a
 * relay that floods costs little: size, shape, kind, tags, author, blocked keys, duplicates; only then the
 * signature, the decryption and the schema. What needs the game's moves (out of turn beyond core's moverAt,
 * illegal, a conflict) is judged by the inbox's fold (inbox.ts), which applies core's rules.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { getConversationKey, decrypt as nip44Decrypt, encrypt as nip44Encrypt } from 'nostr-tools/nip44';
import { type EventTemplate, type NostrEvent, type VerifiedEvent, finalizeEvent, verifyEvent } from 'nostr-tools/pure';
import {
  type GameAction as PlayAction,
  type SeatStep,
  FRIEND_GAME_ID,
  MAX_LINK_NAME_LENGTH,
  type Player,
  type Point,
  type Result,
  type Rules,
  encodeGameLink,
  err,
  linkNameFault,
  isOpeningStep,
  moverAt,
  ok,
  opponent,
  stepsOfActions,
} from '../core';
import { type Phrase, parsePhrase } from './phrases';

/** Moves, acceptance, resignations, draws, flags: regular, so relays keep them (correspondence). */
export const GAME_EVENT_KIND = 8365;
/** "Here now": ephemeral, so relays forward it to whoever listens and keep nothing. */
export const PRESENCE_KIND = 28365;
/** The single-letter tag (indexed by relays, NIP-01) that holds the game tag. */
export const GAME_TAG = 'z';
/** The envelope's first version: a device refuses an envelope of a version it does not know. */
export const PROTOCOL_VERSION = 1;
/** The version that added the opening steps (`step`): an envelope carrying one says it. */
export const STEPS_VERSION = 2;
/** The versions this app reads. */
export type EnvelopeVersion = typeof PROTOCOL_VERSION | typeof STEPS_VERSION;
/**
 * The longest content accepted. The largest envelope (an acceptance with a 60-character name of 4-byte
 * characters) pads to 512 bytes, about 780 characters of NIP-44 payload: this leaves room and refuses the
 * megabyte a flooding relay sends before anything is decrypted.
 */
export const MAX_CONTENT_LENGTH = 2048;
/** At most this many tags (a game event has two): more is not ours. */
const MAX_TAGS = 8;

/** A clock reading in a timed game: the sender's time left after this action, and when (their clock, ms). */
export interface ClockReading {
  readonly leftMs: number;
  readonly atMs: number;
}

/** What a player does. */
export type GameAction =
  /** The invited friend joins: their name (the inviter learns their key from the event). */
  | { readonly type: 'accept'; readonly name: string }
  | { readonly type: 'move'; readonly point: Point }
  /** An opening step (D-Pente's and Swap2's seat choice, Swap2's pass): envelope version 2. */
  | { readonly type: 'step'; readonly step: SeatStep }
  | { readonly type: 'resign' }
  | { readonly type: 'draw-offer' }
  | { readonly type: 'draw-accept' }
  /** `side`'s clock ran out: said by that side's own device, or claimed by the other's. */
  | { readonly type: 'flag'; readonly side: Player };

export type GameActionType = GameAction['type'];
const ACTION_TYPES: readonly GameActionType[] = [
  'accept',
  'move',
  'step',
  'resign',
  'draw-offer',
  'draw-accept',
  'flag',
];
const SEAT_STEPS: readonly SeatStep[] = ['swap', 'keep', 'pass'];

/** Whether `action` is one of the game's actions (a stone or an opening step), not an ending or an offer. */
export const isPlayAction = (action: GameAction): action is Extract<GameAction, { type: 'move' | 'step' }> =>
  action.type === 'move' || action.type === 'step';

/** A stone or an opening step as the game's action (core's GameAction). */
export const playActionOf = (action: Extract<GameAction, { type: 'move' | 'step' }>): PlayAction =>
  action.type === 'move' ? action.point : action.step;

/** The envelope action for one of the game's actions. */
export const envelopeActionOf = (action: PlayAction): GameAction =>
  isOpeningStep(action) ? { type: 'step', step: action } : { type: 'move', point: action };

/** The plain JSON inside an event's encryption. */
export interface GameEnvelope {
  readonly v: EnvelopeVersion;
  readonly game: string;
  /** The game's actions (stones and opening steps) when the sender acted (an action is number ply + 1). */
  readonly ply: number;
  /** actionsHash of those actions. */
  readonly prev: string;
  /** The sender's clock in a timed game, else absent. */
  readonly clock?: ClockReading;
  readonly action: GameAction;
}

/**
 * Presence: "I have this game open", with the sender's time (ms), so a stale one can be ignored; and, at
 * most, one preset phrase said to whoever is here (phrases.ts: an id, never words of the sender's).
 */
export interface PresenceEnvelope {
  readonly v: typeof PROTOCOL_VERSION;
  readonly game: string;
  readonly here: boolean;
  readonly atMs: number;
  readonly phrase?: Phrase;
}

/** A hash of a game's rules and moves (hex, 128 bits): two lists agree only if their hashes do. */
export function movesHash(rules: Rules, moves: readonly Point[]): string {
  return actionsHash(rules, moves);
}

/**
 * A hash of a game's rules and actions in playing order (stones and opening steps, core's actionsOf; hex,
 * 128 bits): the hash of the game's link code, so a game without steps hashes as its moves always did.
 */
export function actionsHash(rules: Rules, actions: readonly PlayAction[]): string {
  const { moves, seatChoice, swap2Pass } = stepsOfActions(actions);
  return bytesToHex(sha256(utf8.encode(encodeGameLink(rules, moves, seatChoice, swap2Pass)))).slice(0, 32);
}

const utf8 = new TextEncoder();

/** The secret both players derive (NIP-44 v2): `mySecretKey` with the other player's public key (hex). */
export const conversationKey = (mySecretKey: Uint8Array, theirPublicKey: string): Uint8Array =>
  getConversationKey(mySecretKey, theirPublicKey);

/**
 * The game tag: HMAC-SHA256 of the game id under the conversation key. Only the two players can compute it
 * (the key is their shared secret), so it names the game to them alone; the game id never appears in clear.
 */
export const gameTag = (key: Uint8Array, gameId: string): string =>
  bytesToHex(hmac(sha256, key, utf8.encode(`pente/game-tag/v1:${gameId}`)));

/** One side of a game as its device sees it: who it is, who the other is, and what it refuses. */
export interface GameChannel {
  readonly gameId: string;
  readonly rules: Rules;
  /** Whether the game has a clock (agreed in the invitation): a flag in an untimed game is refused. */
  readonly timed: boolean;
  readonly mySide: Player;
  /** Whether this device made the invitation: only the invited side accepts it. */
  readonly invitedByMe: boolean;
  readonly mySecretKey: Uint8Array;
  readonly myPublicKey: string;
  /** The other player's key, pinned by their acceptance (or the invitation); null while nobody accepted. */
  readonly theirPublicKey: string | null;
  /** Keys whose events are dropped unread. */
  readonly blocked: ReadonlySet<string>;
  /** The conversation key and game tag with `theirPublicKey`, computed once (openChannel). */
  readonly keys: ChannelKeys | null;
}

/** The conversation key and game tag of a channel whose opponent is known. */
export interface ChannelKeys {
  readonly key: Uint8Array;
  readonly tag: string;
}

export const channelKeys = (
  channel: Pick<GameChannel, 'mySecretKey' | 'gameId'>,
  theirPublicKey: string,
): ChannelKeys => {
  const key = conversationKey(channel.mySecretKey, theirPublicKey);
  return { key, tag: gameTag(key, channel.gameId) };
};

/** A channel, its keys with the pinned opponent computed once (an ECDH is about a millisecond). */
export const openChannel = (channel: Omit<GameChannel, 'keys'>): GameChannel => ({
  ...channel,
  keys: channel.theirPublicKey === null ? null : channelKeys(channel, channel.theirPublicKey),
});

/** An unsigned event of `kind` carrying `payload` sealed for the two players, addressed to `theirPublicKey`. */
function sealedEvent(
  kind: number,
  keys: ChannelKeys,
  theirPublicKey: string,
  payload: GameEnvelope | PresenceEnvelope,
  createdAt: number,
): EventTemplate {
  return {
    kind,
    created_at: createdAt,
    tags: [
      ['p', theirPublicKey],
      [GAME_TAG, keys.tag],
    ],
    content: nip44Encrypt(JSON.stringify(payload), keys.key),
  };
}

/** An unsigned game event for `envelope`, addressed to `theirPublicKey`, at `createdAt` (seconds). */
export const buildGameEvent = (keys: ChannelKeys, theirPublicKey: string, envelope: GameEnvelope, createdAt: number) =>
  sealedEvent(GAME_EVENT_KIND, keys, theirPublicKey, envelope, createdAt);

/** A presence event (the ephemeral kind), sealed and tagged as a game event. */
export const buildPresenceEvent = (
  keys: ChannelKeys,
  theirPublicKey: string,
  envelope: PresenceEnvelope,
  createdAt: number,
) => sealedEvent(PRESENCE_KIND, keys, theirPublicKey, envelope, createdAt);

/** Signs a template with the sender's secret key (NIP-01 id and Schnorr signature). */
export const signEvent = (template: EventTemplate, secretKey: Uint8Array): VerifiedEvent =>
  // A copy: nostr-tools writes the key, id and signature into the object it is given.
  finalizeEvent({ ...template }, secretKey);

/** Why an event changes nothing. */
export type Rejection =
  /** Its content (or the event) is larger than any of ours. */
  | 'oversized'
  /** Not a Nostr event, or not one of ours (kind, tags). */
  | 'malformed-event'
  /** Not addressed to this game's other player (its `p` tag). */
  | 'not-addressed'
  /** From a key this player blocked. */
  | 'blocked'
  /** Signed by a key that is neither player of this game. */
  | 'not-a-player'
  /** Its game tag or envelope names another game (a replay from another game of the same players). */
  | 'other-game'
  /** This very event was taken already. */
  | 'duplicate'
  /** Its id or signature does not verify. */
  | 'bad-signature'
  /** It does not decrypt under the players' conversation key. */
  | 'undecryptable'
  /** The decrypted content is not our JSON envelope. */
  | 'malformed-payload'
  /** Made by a newer version of the protocol. */
  | 'unknown-version'
  /** An action by the person who was not to act at its ply (core's personToAct), or an acceptance by the inviter. */
  | 'out-of-turn'
  /** A move core's rules forbid. */
  | 'illegal-move'
  /** Built on another line of the game than this copy's (its move list differs before its ply). */
  | 'conflict'
  /** A flag in a game with no clock, a flag claim before the time was out, or a timed action without a clock reading. */
  | 'bad-clock'
  /** A draw accepted that nobody offered. */
  | 'no-draw-offer'
  /** The game was over before it. */
  | 'game-over';

/** An event that passed every check that does not need the game's moves. */
export interface AdmittedEvent {
  readonly id: string;
  readonly author: string;
  /** The side that signed it. */
  readonly side: Player;
  readonly createdAt: number;
  readonly envelope: GameEnvelope;
  /** The event itself, to keep (a stored record can be re-checked) and to re-publish. */
  readonly event: NostrEvent;
}

const HEX32 = /^[0-9a-f]{64}$/;
const HEX64 = /^[0-9a-f]{128}$/;

function isEventShape(value: unknown): value is NostrEvent {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.id === 'string' &&
    HEX32.test(e.id) &&
    typeof e.pubkey === 'string' &&
    HEX32.test(e.pubkey) &&
    typeof e.sig === 'string' &&
    HEX64.test(e.sig) &&
    typeof e.kind === 'number' &&
    Number.isSafeInteger(e.created_at) &&
    typeof e.content === 'string' &&
    Array.isArray(e.tags) &&
    e.tags.length <= MAX_TAGS &&
    e.tags.every((t) => Array.isArray(t) && t.length <= 4 && t.every((s) => typeof s === 'string' && s.length <= 200))
  );
}

const tagValue = (event: NostrEvent, name: string): string | null => {
  const found = event.tags.filter((t) => t[0] === name);
  return found.length === 1 ? (found[0]![1] ?? null) : null;
};

/** What the admission needs to know beyond the channel: the ids already taken. */
export interface Seen {
  has(id: string): boolean;
}

/**
 * Judges an event that arrived for `channel`'s game, before it may touch the game: everything but what
 * needs the game's moves. Cheap checks first (size, shape, kind, tags, author, blocked, duplicate), then
 * the signature, the decryption and the schema. An acceptance from any key is admitted while the channel
 * has no opponent pinned (the caller pins the key it brings); after, only the two players' keys are.
 */
export function admitGameEvent(channel: GameChannel, value: unknown, seen: Seen): Result<AdmittedEvent, Rejection> {
  const opened = openSealed(channel, value, GAME_EVENT_KIND, seen);
  if (!opened.ok) return opened;
  const { event, side, text } = opened.value;
  const fromMe = side === channel.mySide;
  const envelope = readEnvelope(text, channel.rules);
  if (!envelope.ok) return envelope;
  const { action, ply } = envelope.value;
  if (envelope.value.game !== channel.gameId) return err('other-game');
  if (channel.theirPublicKey === null && action.type !== 'accept') return err('not-a-player');
  if (action.type === 'accept' && fromMe === channel.invitedByMe) return err('out-of-turn');
  // Whose stone it is is core's rule (moverAt: Connect6's two a turn); a game without a seat choice has no
  // steps. In a game with one, who acts at a ply depends on the choice made before it: the fold judges
  // each action by core's personToAct on the game it is built on (inbox.ts), forged or out of turn alike.
  if (channel.rules.variant.seatChoiceAfter === null) {
    if (action.type === 'step') return err('out-of-turn');
    if (action.type === 'move' && moverAt(channel.rules, ply) !== side) return err('out-of-turn');
  }
  if (action.type === 'flag' && !channel.timed) return err('bad-clock');
  if (channel.timed && action.type !== 'accept' && !envelope.value.clock) return err('bad-clock');
  return ok({ id: event.id, author: event.pubkey, side, createdAt: event.created_at, envelope: envelope.value, event });
}

/**
 * The checks every event of ours takes, cheapest first, and its decrypted text: size, shape, kind, tags,
 * blocked keys, whether it is between this game's players, duplicates, the game tag, the signature, and
 * the decryption.
 */
function openSealed(
  channel: GameChannel,
  value: unknown,
  expectedKind: number,
  seen: Seen,
): Result<{ readonly event: NostrEvent; readonly side: Player; readonly text: string }, Rejection> {
  if (typeof value === 'object' && value !== null) {
    const content = (value as { content?: unknown }).content;
    if (typeof content === 'string' && content.length > MAX_CONTENT_LENGTH) return err('oversized');
  }
  if (!isEventShape(value)) return err('malformed-event');
  const event = value;
  if (event.kind !== expectedKind) return err('malformed-event');
  const to = tagValue(event, 'p');
  const tag = tagValue(event, GAME_TAG);
  if (to === null || tag === null) return err('malformed-event');
  if (channel.blocked.has(event.pubkey)) return err('blocked');

  const fromMe = event.pubkey === channel.myPublicKey;
  const other = fromMe ? to : event.pubkey;
  if (fromMe ? to !== channel.theirPublicKey : to !== channel.myPublicKey) return err('not-addressed');
  if (channel.theirPublicKey !== null && other !== channel.theirPublicKey) return err('not-a-player');
  if (seen.has(event.id)) return err('duplicate');
  // The tag is checked before the signature: a replay from another game costs one HMAC, not a verification.
  // (An unpinned author costs an ECDH: only while an invitation waits for its acceptance.)
  const keys = channel.keys && other === channel.theirPublicKey ? channel.keys : channelKeys(channel, other);
  if (tag !== keys.tag) return err('other-game');
  // A fresh object of the seven fields: nostr-tools trusts a mark of an earlier verification on the object
  // (a symbol a spread would copy), and the event must be judged by what it says, not by what it carries.
  const { id, pubkey, created_at, kind, tags, content, sig } = event;
  if (!verifyEvent({ id, pubkey, created_at, kind, tags, content, sig })) return err('bad-signature');
  try {
    const text = nip44Decrypt(event.content, keys.key);
    return ok({ event, side: fromMe ? channel.mySide : opponent(channel.mySide), text });
  } catch {
    return err('undecryptable');
  }
}

/** How long a "here" lasts after it arrived: the sender repeats it every PRESENCE_EVERY_MS while the game is open. */
export const PRESENCE_EVERY_MS = 30_000;
export const PRESENCE_TTL_MS = 2.5 * PRESENCE_EVERY_MS;

/** A presence event, judged as a game event is (its own kind), and what it says. */
export function readPresence(
  channel: GameChannel,
  value: unknown,
): Result<
  { readonly side: Player; readonly here: boolean; readonly atMs: number; readonly phrase: Phrase | null },
  Rejection
> {
  if (channel.theirPublicKey === null) return err('not-a-player');
  const opened = openSealed(channel, value, PRESENCE_KIND, { has: () => false });
  if (!opened.ok) return opened;
  let data: unknown;
  try {
    data = JSON.parse(opened.value.text);
  } catch {
    return err('malformed-payload');
  }
  if (!isRecord(data)) return err('malformed-payload');
  if (data.v !== PROTOCOL_VERSION)
    return typeof data.v === 'number' ? err('unknown-version') : err('malformed-payload');
  if (typeof data.here !== 'boolean' || !isCount(data.atMs, Number.MAX_SAFE_INTEGER)) return err('malformed-payload');
  if (data.game !== channel.gameId) return err('other-game');
  // An id this version does not know is dropped (the presence still counts): never shown as words.
  return ok({ side: opened.value.side, here: data.here, atMs: data.atMs, phrase: parsePhrase(data.phrase) });
}

/**
 * Whether the other player is here: their last presence said so and arrived (by this device's clock: the
 * two clocks may differ) less than PRESENCE_TTL_MS ago.
 */
export const isPresent = (last: { readonly here: boolean; readonly arrivedAtMs: number } | null, nowMs: number) =>
  last !== null && last.here && nowMs - last.arrivedAtMs < PRESENCE_TTL_MS;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown, max: number): v is number =>
  Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= max;

/** The envelope in `text`, checked field by field against `rules` (a point on the board, a ply it can hold). */
export function readEnvelope(text: string, rules: Rules): Result<GameEnvelope, Rejection> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return err('malformed-payload');
  }
  if (!isRecord(data)) return err('malformed-payload');
  if (data.v !== PROTOCOL_VERSION && data.v !== STEPS_VERSION)
    return typeof data.v === 'number' ? err('unknown-version') : err('malformed-payload');
  const version: EnvelopeVersion = data.v;
  const points = rules.size * rules.size;
  const { game, ply, prev, clock, action } = data;
  if (typeof game !== 'string' || !FRIEND_GAME_ID.test(game)) return err('malformed-payload');
  // A ply counts stones and, in a game with a seat choice, at most two opening steps (the choice, Swap2's pass).
  const steps = rules.variant.seatChoiceAfter === null ? 0 : 2;
  if (!isCount(ply, points + steps) || typeof prev !== 'string' || !/^[0-9a-f]{32}$/.test(prev)) {
    return err('malformed-payload');
  }
  let reading: ClockReading | undefined;
  if (clock !== undefined) {
    if (!isRecord(clock) || !Number.isSafeInteger(clock.leftMs) || !isCount(clock.atMs, Number.MAX_SAFE_INTEGER)) {
      return err('malformed-payload');
    }
    reading = { leftMs: clock.leftMs as number, atMs: clock.atMs as number };
  }
  const read = readAction(action, points);
  // A step in a version-1 envelope is not one any app wrote (an app of version 1 would not read it).
  if (!read || (read.type === 'step' && version !== STEPS_VERSION)) return err('malformed-payload');
  return ok({ v: version, game, ply, prev, ...(reading ? { clock: reading } : {}), action: read });
}

function readAction(value: unknown, points: number): GameAction | null {
  if (!isRecord(value) || !ACTION_TYPES.includes(value.type as GameActionType)) return null;
  switch (value.type as GameActionType) {
    case 'accept': {
      const name = value.name;
      if (typeof name !== 'string' || name.length > MAX_LINK_NAME_LENGTH || linkNameFault(name)) return null;
      return { type: 'accept', name };
    }
    case 'move':
      return isCount(value.point, points - 1) ? { type: 'move', point: value.point } : null;
    case 'step':
      return SEAT_STEPS.includes(value.step as SeatStep) ? { type: 'step', step: value.step as SeatStep } : null;
    case 'flag':
      return value.side === 1 || value.side === 2 ? { type: 'flag', side: value.side } : null;
    case 'resign':
      return { type: 'resign' };
    case 'draw-offer':
      return { type: 'draw-offer' };
    case 'draw-accept':
      return { type: 'draw-accept' };
  }
}

/**
 * The envelope for `action` taken on a game whose actions (stones, and opening steps in a game with a seat
 * choice: core's actionsOf) are `actions`. Version 1 unless the action is a step (version 2).
 */
export function envelopeFor(
  gameId: string,
  rules: Rules,
  actions: readonly PlayAction[],
  action: GameAction,
  clock?: ClockReading,
): GameEnvelope {
  return {
    v: action.type === 'step' ? STEPS_VERSION : PROTOCOL_VERSION,
    game: gameId,
    ply: actions.length,
    prev: actionsHash(rules, actions),
    ...(clock ? { clock } : {}),
    action,
  };
}
