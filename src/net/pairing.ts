/**
 * Accepting an open challenge (issue 30): the acceptor sends an acceptance, encrypted to the challenger
 * (NIP-44 v2 under the two keys' conversation key: a relay sees that someone answered a challenge, not with
 * what); the challenger takes the first valid one and confirms it, and withdraws the challenge
 * (challenges.ts), so a later acceptor sees it gone. Both sides derive the same game ids and colours from
 * the challenge's event id and the acceptor's key, so neither has to trust the other's choice: an
 * acceptance that names other ids or colours is refused.
 *
 * Kind 8366 (beside the game's own 8365, game-events.ts), regular (NIP-01: 1000–9999, stored): a
 * challenger who was away for a minute still finds the acceptance. Its `p` tag names the other player, so each asks relays only for what is addressed to them;
 * the `e` tag names the challenge event (public anyway).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { decrypt, encrypt, getConversationKey } from 'nostr-tools/nip44';
import { finalizeEvent, verifyEvent, type Event } from 'nostr-tools/pure';
import type { Player } from '../core';
import { type ClaimedRating, type OpenChallenge, formatClaimedRating, parseClaimedRating } from './challenges';

export const PAIRING_KIND = 8366;
/** An acceptance or a confirmation is under 300 bytes encrypted. */
export const MAX_PAIRING_CONTENT = 2048;
const PROTOCOL_VERSION = 1;

/** One game of the pairing: its id (a friend game's shape) and which side the acceptor plays. */
export interface PairedGame {
  readonly gameId: string;
  readonly acceptorPlays: Player;
}

const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const digest = (text: string): Uint8Array => sha256(utf8ToBytes(text));

/**
 * The games a challenge and an acceptor make, the same on both devices: ids from a hash of the challenge
 * event and the acceptor's key (96 bits, 16 base64url digits as a friend game's id); a set of two gives
 * the acceptor Black (player 1, first) in the first and White in the second; a single game gives the
 * acceptor the colour the challenger left, and for 'random' a bit of the same hash decides.
 */
export function pairedGames(challenge: Pick<OpenChallenge, 'eventId' | 'terms'>, acceptor: string): PairedGame[] {
  const idOf = (index: number) =>
    Array.from(digest(`pente-game:${challenge.eventId}:${acceptor}:${index}`).slice(0, 16), (b) => DIGITS[b & 63]).join(
      '',
    );
  if (challenge.terms.games === 2)
    return [
      { gameId: idOf(0), acceptorPlays: 1 },
      { gameId: idOf(1), acceptorPlays: 2 },
    ];
  const seat = challenge.terms.seat;
  const challengerPlays: Player =
    seat === 'black'
      ? 1
      : seat === 'white'
        ? 2
        : (digest(`pente-seat:${challenge.eventId}:${acceptor}`)[0]! & 1) === 0
          ? 1
          : 2;
  return [{ gameId: idOf(0), acceptorPlays: challengerPlays === 1 ? 2 : 1 }];
}

type PairingBody =
  | {
      readonly v: number;
      readonly type: 'accept';
      readonly challenge: string;
      readonly games: readonly PairedGame[];
      /** The acceptor's claimed rating (as a challenge carries the challenger's); absent or null: none. */
      readonly rating?: ClaimedRating | null;
    }
  | { readonly v: number; readonly type: 'confirm'; readonly challenge: string; readonly acceptance: string };

function sealed(body: PairingBody, to: string, secretKey: Uint8Array, now: number, extraTags: string[][]): Event {
  return finalizeEvent(
    {
      kind: PAIRING_KIND,
      created_at: now,
      tags: [['p', to], ...extraTags],
      content: encrypt(JSON.stringify(body), getConversationKey(secretKey, to)),
    },
    secretKey,
  );
}

/**
 * The acceptor's event: accepts exactly this challenge (its event id), with the games both derive and the
 * rating the acceptor claims (encrypted to the challenger, who keeps it with the games for their rating).
 */
export function buildAcceptance(
  challenge: OpenChallenge,
  options: {
    readonly secretKey: Uint8Array;
    readonly acceptor: string;
    readonly now: number;
    readonly rating?: ClaimedRating | null;
  },
): Event {
  const body: PairingBody = {
    v: PROTOCOL_VERSION,
    type: 'accept',
    challenge: challenge.eventId,
    games: pairedGames(challenge, options.acceptor),
    rating: formatClaimedRating(options.rating ?? null),
  };
  return sealed(body, challenge.author, options.secretKey, options.now, [['e', challenge.eventId]]);
}

/** The challenger's answer to the acceptance it took. */
export function buildConfirmation(
  acceptance: Acceptance,
  options: { readonly secretKey: Uint8Array; readonly now: number },
): Event {
  const body: PairingBody = {
    v: PROTOCOL_VERSION,
    type: 'confirm',
    challenge: acceptance.challengeEventId,
    acceptance: acceptance.eventId,
  };
  return sealed(body, acceptance.acceptor, options.secretKey, options.now, [['e', acceptance.challengeEventId]]);
}

export interface Acceptance {
  readonly eventId: string;
  readonly acceptor: string;
  readonly challengeEventId: string;
  readonly createdAt: number;
  readonly games: readonly PairedGame[];
  /** The rating the acceptor claims; null: none shown. */
  readonly rating: ClaimedRating | null;
}

export interface Confirmation {
  readonly challenger: string;
  readonly acceptanceEventId: string;
}

export type PairingProblem =
  | 'not-pairing'
  | 'not-for-me'
  | 'oversized'
  | 'bad-signature'
  | 'blocked'
  | 'undecryptable'
  | 'malformed'
  | 'newer-version'
  | 'unknown-challenge'
  | 'too-late'
  | 'games-differ';

type Opened = { ok: true; body: Record<string, unknown> } | { ok: false; reason: PairingProblem };

/** The checks every pairing event gets, cheapest first, then its body decrypted. */
function open(event: Event, me: string, secretKey: Uint8Array, blocked: ReadonlySet<string>): Opened {
  if (event.kind !== PAIRING_KIND) return { ok: false, reason: 'not-pairing' };
  if (!event.tags.some((t) => t[0] === 'p' && t[1] === me)) return { ok: false, reason: 'not-for-me' };
  if (typeof event.content !== 'string' || event.content.length > MAX_PAIRING_CONTENT)
    return { ok: false, reason: 'oversized' };
  if (blocked.has(event.pubkey)) return { ok: false, reason: 'blocked' };
  if (!verifyEvent(event)) return { ok: false, reason: 'bad-signature' };
  let text: string;
  try {
    text = decrypt(event.content, getConversationKey(secretKey, event.pubkey));
  } catch {
    return { ok: false, reason: 'undecryptable' };
  }
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== 'object' || body === null || typeof (body as { v?: unknown }).v !== 'number')
      return { ok: false, reason: 'malformed' };
    if ((body as { v: number }).v > PROTOCOL_VERSION) return { ok: false, reason: 'newer-version' };
    return { ok: true, body: body as Record<string, unknown> };
  } catch {
    return { ok: false, reason: 'malformed' };
  }
}

/**
 * An acceptance of one of my challenges, judged: it must name a challenge I have open (by its event id),
 * come before that challenge expired, and name exactly the games both sides derive.
 */
export function parseAcceptance(
  event: Event,
  mine: { readonly me: string; readonly secretKey: Uint8Array; readonly open: readonly OpenChallenge[] },
  blocked: ReadonlySet<string> = new Set(),
): { ok: true; acceptance: Acceptance; challenge: OpenChallenge } | { ok: false; reason: PairingProblem } {
  const opened = open(event, mine.me, mine.secretKey, blocked);
  if (!opened.ok) return opened;
  const { type, challenge: named, games, rating } = opened.body;
  if (type !== 'accept' || typeof named !== 'string' || !Array.isArray(games))
    return { ok: false, reason: 'malformed' };
  const claimed = parseClaimedRating(rating);
  if (claimed === undefined) return { ok: false, reason: 'malformed' };
  const challenge = mine.open.find((c) => c.eventId === named && c.author === mine.me);
  if (!challenge) return { ok: false, reason: 'unknown-challenge' };
  if (event.created_at >= challenge.expiresAt) return { ok: false, reason: 'too-late' };
  const expected = pairedGames(challenge, event.pubkey);
  if (JSON.stringify(games) !== JSON.stringify(expected)) return { ok: false, reason: 'games-differ' };
  return {
    ok: true,
    challenge,
    acceptance: {
      eventId: event.id,
      acceptor: event.pubkey,
      challengeEventId: named,
      createdAt: event.created_at,
      games: expected,
      rating: claimed,
    },
  };
}

/** The challenger's confirmation of my acceptance, judged against the acceptance I sent. */
export function parseConfirmation(
  event: Event,
  mine: {
    readonly me: string;
    readonly secretKey: Uint8Array;
    readonly sent: Pick<Event, 'id'>;
    readonly challenge: OpenChallenge;
  },
): { ok: true; confirmation: Confirmation } | { ok: false; reason: PairingProblem } {
  const opened = open(event, mine.me, mine.secretKey, new Set());
  if (!opened.ok) return opened;
  const { type, challenge, acceptance } = opened.body;
  if (type !== 'confirm' || typeof challenge !== 'string' || typeof acceptance !== 'string')
    return { ok: false, reason: 'malformed' };
  if (event.pubkey !== mine.challenge.author || challenge !== mine.challenge.eventId || acceptance !== mine.sent.id)
    return { ok: false, reason: 'unknown-challenge' };
  return { ok: true, confirmation: { challenger: event.pubkey, acceptanceEventId: acceptance } };
}

/**
 * Which of several acceptances of one challenge the challenger takes: the earliest, ties broken by event
 * id, so a challenger who sees them in another order (several relays) still takes the same one.
 */
export function firstAcceptance(acceptances: readonly Acceptance[]): Acceptance | null {
  let first: Acceptance | null = null;
  for (const a of acceptances)
    if (!first || a.createdAt < first.createdAt || (a.createdAt === first.createdAt && a.eventId < first.eventId))
      first = a;
  return first;
}
