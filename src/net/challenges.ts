/**
 * Open challenges as Nostr events (issue 30, "Play someone now"): a challenger publishes one, anyone sees
 * it, one person accepts (pairing.ts). Public on purpose: its terms, the challenger's key and the rating
 * the challenger claims. It carries no name and no free text (strangers see a key's fingerprint, never words
 * a stranger chose).
 *
 * Kind 38365 (of the family of the game's own 8365 and 28365, game-events.ts), an addressable event
 * (NIP-01: 30000–39999, replaced by its author's next one with the same `d` tag): withdrawing or changing a challenge replaces it, so a relay keeps at most one per challenge.
 * Each carries a NIP-40 `expiration`, so a relay drops a challenge nobody took, and the list ignores one
 * that expired even where a relay still serves it. The `t` tag lets the app ask relays for challenges only.
 */
import { finalizeEvent, verifyEvent, type Event } from 'nostr-tools/pure';
import { type ClaimedRating, claimedRatingOf } from '../core';
import { formatTerms, parseTerms, type ChallengeTerms, type TermsProblem } from './challenge-terms';

export const CHALLENGE_KIND = 38365;
export const CHALLENGE_TOPIC = 'pente-challenge';
/** A challenge's JSON is about 150 bytes; anything far larger is not one of ours. */
export const MAX_CHALLENGE_CONTENT = 1024;
const PROTOCOL_VERSION = 1;

/**
 * How long a challenge stays listed: a live one is for people here now (pente.org's live room list drops
 * a seat left empty for minutes); a correspondence one waits for days, as a turn-based invitation does.
 */
export const LIVE_CHALLENGE_SECONDS = 15 * 60;
export const CORRESPONDENCE_CHALLENGE_SECONDS = 7 * 24 * 3600;

/** The rating a challenger shows: their own record of games against people (people-rating.ts); core's. */
export type { ClaimedRating };

export interface OpenChallenge {
  /** The challenge's own id (its `d` tag), chosen by the challenger. */
  readonly id: string;
  /** The challenger's public key (hex). */
  readonly author: string;
  /** The signed event's id: what an acceptance names, so it accepts exactly these terms. */
  readonly eventId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly terms: ChallengeTerms;
  readonly rating: ClaimedRating | null;
}

export type ChallengeProblem =
  | { readonly reason: 'not-a-challenge' }
  | { readonly reason: 'bad-signature' }
  | { readonly reason: 'oversized' }
  | { readonly reason: 'malformed' }
  | { readonly reason: 'newer-version' }
  | { readonly reason: 'expired' }
  | { readonly reason: 'withdrawn'; readonly id: string; readonly author: string; readonly createdAt: number }
  | { readonly reason: 'bad-terms'; readonly problem: TermsProblem };

export type ParsedChallenge = { ok: true; challenge: OpenChallenge } | ({ ok: false } & ChallengeProblem);

/** A challenge id: 16 base64url digits, as a friend game's id. */
export const CHALLENGE_ID = /^[A-Za-z0-9_-]{16}$/;

const tag = (event: Pick<Event, 'tags'>, name: string): string | undefined =>
  event.tags.find((t) => t[0] === name && typeof t[1] === 'string')?.[1];

const expiresFor = (terms: ChallengeTerms, now: number): number =>
  now + (terms.clock.kind === 'live' ? LIVE_CHALLENGE_SECONDS : CORRESPONDENCE_CHALLENGE_SECONDS);

/** `now` in seconds (Nostr's created_at). */
export function buildChallenge(
  terms: ChallengeTerms,
  rating: ClaimedRating | null,
  options: { readonly id: string; readonly now: number; readonly secretKey: Uint8Array },
): Event {
  if (!CHALLENGE_ID.test(options.id)) throw new Error(`Not a challenge id: ${options.id}`);
  return finalizeEvent(
    {
      kind: CHALLENGE_KIND,
      created_at: options.now,
      tags: [
        ['d', options.id],
        ['t', CHALLENGE_TOPIC],
        ['expiration', String(expiresFor(terms, options.now))],
      ],
      content: JSON.stringify({ v: PROTOCOL_VERSION, terms: formatTerms(terms), rating: formatClaimedRating(rating) }),
    },
    options.secretKey,
  );
}

/**
 * Takes a challenge back: the same address with nothing offered, which replaces the open one on every
 * relay that has it, and expires soon itself. `now` must be later than the challenge's own created_at
 * (an addressable event is replaced only by a newer one).
 */
export function buildWithdrawal(id: string, options: { readonly now: number; readonly secretKey: Uint8Array }): Event {
  return finalizeEvent(
    {
      kind: CHALLENGE_KIND,
      created_at: options.now,
      tags: [
        ['d', id],
        ['t', CHALLENGE_TOPIC],
        ['expiration', String(options.now + LIVE_CHALLENGE_SECONDS)],
      ],
      content: JSON.stringify({ v: PROTOCOL_VERSION, withdrawn: true }),
    },
    options.secretKey,
  );
}

/**
 * A claimed rating as it travels (a challenge's or an acceptance's `rating` field): its three numbers,
 * nothing else; null for none.
 */
export const formatClaimedRating = (rating: ClaimedRating | null): ClaimedRating | null =>
  rating && { rating: rating.rating, deviation: rating.deviation, games: rating.games };

/**
 * A claimed rating read from the wire: null where none was given (absent or null), undefined where what
 * was given is not one (out of bounds, not numbers, a fractional count of games).
 */
export function parseClaimedRating(value: unknown): ClaimedRating | null | undefined {
  if (value === null || value === undefined) return null;
  return claimedRatingOf(value) ?? undefined;
}

/** An event from a relay, judged: a challenge to list, or why not. `now` in seconds. */
export function parseChallenge(event: Event, now: number): ParsedChallenge {
  if (event.kind !== CHALLENGE_KIND || tag(event, 't') !== CHALLENGE_TOPIC)
    return { ok: false, reason: 'not-a-challenge' };
  // Before the signature: a flood of huge events costs a length check each, not a hash and a verification.
  if (typeof event.content !== 'string' || event.content.length > MAX_CHALLENGE_CONTENT)
    return { ok: false, reason: 'oversized' };
  if (!verifyEvent(event)) return { ok: false, reason: 'bad-signature' };
  const id = tag(event, 'd');
  const expiresAt = Number(tag(event, 'expiration'));
  if (id === undefined || !CHALLENGE_ID.test(id) || !Number.isSafeInteger(expiresAt))
    return { ok: false, reason: 'malformed' };
  let body: unknown;
  try {
    body = JSON.parse(event.content);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof body !== 'object' || body === null) return { ok: false, reason: 'malformed' };
  const { v, terms, rating, withdrawn } = body as Record<string, unknown>;
  if (typeof v !== 'number') return { ok: false, reason: 'malformed' };
  if (v > PROTOCOL_VERSION) return { ok: false, reason: 'newer-version' };
  if (withdrawn === true)
    return { ok: false, reason: 'withdrawn', id, author: event.pubkey, createdAt: event.created_at };
  if (expiresAt <= now) return { ok: false, reason: 'expired' };
  const parsed = parseTerms(terms);
  if (!parsed.ok) return { ok: false, reason: 'bad-terms', problem: parsed.problem };
  const claimed = parseClaimedRating(rating);
  if (claimed === undefined) return { ok: false, reason: 'malformed' };
  return {
    ok: true,
    challenge: {
      id,
      author: event.pubkey,
      eventId: event.id,
      createdAt: event.created_at,
      expiresAt,
      terms: parsed.terms,
      rating: claimed,
    },
  };
}

/** The relay filter that asks for open challenges (the newest first; relays cap `limit`). */
export function challengeFilter(now: number, limit = 200) {
  return {
    kinds: [CHALLENGE_KIND],
    '#t': [CHALLENGE_TOPIC],
    // A live challenge older than its lifetime has expired; a correspondence one lives for a week.
    since: now - CORRESPONDENCE_CHALLENGE_SECONDS,
    limit,
  };
}
