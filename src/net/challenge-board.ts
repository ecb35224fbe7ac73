/**
 * The list of open challenges a player sees, as a pure reducer over what relays send: the same challenge
 * from several relays is one row; a newer event at the same address replaces an older one (and an older
 * one arriving late changes nothing); a withdrawal removes it; an expired one drops; a blocked key's are
 * never listed. Bounded: a relay that floods (10,000 challenges) leaves at most MAX_KEPT rows, the
 * newest, and each event costs a map lookup.
 */
import { parseChallenge, type OpenChallenge } from './challenges';
import type { Event } from 'nostr-tools/pure';

/** Far more than a screen lists; bounds memory and work under a flood. */
export const MAX_KEPT = 300;

export interface ChallengeBoard {
  /** By address (author:id), the newest event seen for it: a challenge, or a withdrawal's time. */
  readonly entries: ReadonlyMap<string, OpenChallenge | { readonly withdrawnAt: number }>;
}

export const EMPTY_BOARD: ChallengeBoard = { entries: new Map() };

export interface BoardContext {
  /** Seconds. */
  readonly now: number;
  readonly blocked: ReadonlySet<string>;
  /** How many entries the board keeps (MAX_KEPT; smaller in tests). */
  readonly keep?: number;
}

const address = (author: string, id: string) => `${author}:${id}`;
const timeOf = (entry: OpenChallenge | { readonly withdrawnAt: number }) =>
  'withdrawnAt' in entry ? entry.withdrawnAt : entry.createdAt;

/** The board after one event from a relay. The same board (===) when the event changes nothing. */
export function receiveChallenge(board: ChallengeBoard, event: Event, context: BoardContext): ChallengeBoard {
  if (context.blocked.has(event.pubkey)) return board;
  const parsed = parseChallenge(event, context.now);
  let key: string;
  let entry: OpenChallenge | { readonly withdrawnAt: number };
  if (parsed.ok) {
    key = address(parsed.challenge.author, parsed.challenge.id);
    entry = parsed.challenge;
  } else if (parsed.reason === 'withdrawn') {
    key = address(parsed.author, parsed.id);
    entry = { withdrawnAt: parsed.createdAt };
  } else return board;
  const known = board.entries.get(key);
  // Addressable events: the newest wins; at the same second, the one already here stays (relays differ in order).
  if (known && timeOf(known) >= timeOf(entry)) return board;
  const entries = new Map(board.entries);
  entries.set(key, entry);
  if (entries.size > (context.keep ?? MAX_KEPT)) {
    // Over by one: drop the oldest entry (a withdrawal before a challenge of the same second: it only
    // guards against a late copy). One pass, so a flood costs each event a linear scan, not a sort.
    let drop: string | null = null;
    let dropTime = Infinity;
    for (const [k, e] of entries) {
      const t = timeOf(e) - ('withdrawnAt' in e ? 0.5 : 0);
      if (t < dropTime) [drop, dropTime] = [k, t];
    }
    if (drop !== null) entries.delete(drop);
  }
  return { entries };
}

/** The board less what expired by `now` (seconds). */
export function expireChallenges(board: ChallengeBoard, now: number): ChallengeBoard {
  const stale = [...board.entries].filter(([, e]) => !('withdrawnAt' in e) && e.expiresAt <= now);
  if (stale.length === 0) return board;
  const entries = new Map(board.entries);
  for (const [k] of stale) entries.delete(k);
  return { entries };
}

export interface ListedChallenges {
  /** The player's own open challenges. */
  readonly mine: readonly OpenChallenge[];
  /** Others', the newest first. */
  readonly others: readonly OpenChallenge[];
}

/** What the screen lists: one's own apart, then the others newest first; expired and blocked left out. */
export function listChallenges(board: ChallengeBoard, me: string, context: BoardContext): ListedChallenges {
  const open: OpenChallenge[] = [];
  for (const e of board.entries.values())
    if (!('withdrawnAt' in e) && e.expiresAt > context.now && !context.blocked.has(e.author)) open.push(e);
  open.sort((a, b) => b.createdAt - a.createdAt || (a.eventId < b.eventId ? -1 : 1));
  return { mine: open.filter((c) => c.author === me), others: open.filter((c) => c.author !== me) };
}
