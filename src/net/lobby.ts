/**
 * "Play someone now" as a pure state machine (issue 30): what relays send and what the player does go in,
 * the new state and the events to publish come out; the UI's controller runs it against the relay port and
 * the clock. No I/O, no timers: `now` (seconds, Nostr's clock) comes with each input.
 *
 * The challenger takes the first valid acceptance the moment it arrives (live play wants it at once; on
 * two devices of the same player the one that answers first wins), confirms it and withdraws the
 * challenge, so everyone else sees it gone. The acceptor waits for that confirmation: a live challenger
 * silent for LIVE_ANSWER_SECONDS, or a challenge withdrawn (taken by someone else) or expired meanwhile,
 * ends the wait with a notice; a correspondence acceptance waits as long as the challenge lives, since the
 * challenger may open the app tomorrow.
 */
import type { Event } from 'nostr-tools/pure';
import {
  EMPTY_BOARD,
  expireChallenges,
  listChallenges,
  receiveChallenge,
  type ChallengeBoard,
} from './challenge-board';
import {
  CHALLENGE_KIND,
  buildChallenge,
  buildWithdrawal,
  parseChallenge,
  type ClaimedRating,
  type OpenChallenge,
} from './challenges';
import type { ChallengeTerms } from './challenge-terms';
import {
  PAIRING_KIND,
  buildAcceptance,
  buildConfirmation,
  parseAcceptance,
  pairedGames,
  parseConfirmation,
  type PairedGame,
} from './pairing';

/** How long an acceptor waits for a live challenger's answer before saying there was none. */
export const LIVE_ANSWER_SECONDS = 30;
/**
 * How long a confirmation may trail the challenge's withdrawal (the challenger publishes them in that
 * order, but several relays deliver in any order); after it, the acceptor is told someone else was first.
 */
export const GONE_GRACE_SECONDS = 15;

/** Games that begin: the controller stores them and opens the first. */
export interface Pairing {
  readonly opponent: string;
  readonly terms: ChallengeTerms;
  readonly games: readonly PairedGame[];
  /** Which side of the pairing this device was (the acceptor plays `acceptorPlays`). */
  readonly role: 'challenger' | 'acceptor';
  /** The rating the opponent claimed (their challenge's, or their acceptance's); null: none. */
  readonly opponentRating: ClaimedRating | null;
}

export type LobbyNotice =
  | { readonly kind: 'taken'; readonly challenge: OpenChallenge }
  | { readonly kind: 'no-answer'; readonly challenge: OpenChallenge };

interface Outgoing {
  readonly challenge: OpenChallenge;
  readonly sent: Event;
  readonly sentAt: number;
  /** The games the acceptance named (what both sides derive, pairing.ts). */
  readonly games: readonly PairedGame[];
  /** When the challenge was seen withdrawn or replaced, while no confirmation had come. */
  readonly goneAt?: number;
}

export interface LobbyState {
  readonly board: ChallengeBoard;
  /** My open challenges, as I made them (not waiting for a relay to echo them). */
  readonly mine: readonly OpenChallenge[];
  /** Acceptances I sent and wait on. */
  readonly outgoing: readonly Outgoing[];
  /** Pairings made, oldest first, until the controller takes them (takePairings). */
  readonly pairings: readonly Pairing[];
  readonly notices: readonly LobbyNotice[];
}

export const EMPTY_LOBBY: LobbyState = { board: EMPTY_BOARD, mine: [], outgoing: [], pairings: [], notices: [] };

export interface LobbyKeys {
  readonly me: string;
  readonly secretKey: Uint8Array;
  readonly blocked: ReadonlySet<string>;
}

export type LobbyInput =
  | { readonly type: 'event'; readonly event: Event; readonly now: number }
  | { readonly type: 'tick'; readonly now: number }
  | {
      readonly type: 'challenge';
      readonly id: string;
      readonly terms: ChallengeTerms;
      readonly rating: ClaimedRating | null;
      readonly now: number;
    }
  | { readonly type: 'withdraw'; readonly id: string; readonly now: number }
  | {
      readonly type: 'accept';
      readonly challenge: OpenChallenge;
      readonly now: number;
      /** The rating this device claims, carried by the acceptance. */
      readonly rating?: ClaimedRating | null;
    };

export interface LobbyStep {
  readonly state: LobbyState;
  /** Signed events for the controller to publish, in order. */
  readonly publish: readonly Event[];
}

const same = (state: LobbyState): LobbyStep => ({ state, publish: [] });

/** A withdrawal must be newer than what it replaces: a second after it at least, whatever the clock says. */
const withdrawalTime = (challenge: OpenChallenge, now: number) => Math.max(now, challenge.createdAt + 1);

/**
 * One of my own challenge events, echoed by a relay: after a restart, the challenges still open come back
 * this way (so their acceptances are still taken); a withdrawal made on another of my devices removes one.
 */
function onMyChallenge(state: LobbyState, event: Event, now: number): LobbyState {
  const parsed = parseChallenge(event, now);
  if (parsed.ok) {
    const { challenge } = parsed;
    const known = state.mine.find((c) => c.id === challenge.id);
    if (known && known.createdAt >= challenge.createdAt) return state;
    return { ...state, mine: [...state.mine.filter((c) => c !== known), challenge] };
  }
  if (parsed.reason !== 'withdrawn') return state;
  const withdrawn = state.mine.filter((c) => c.id === parsed.id && c.createdAt < parsed.createdAt);
  return withdrawn.length ? { ...state, mine: state.mine.filter((c) => !withdrawn.includes(c)) } : state;
}

function onEvent(state: LobbyState, event: Event, now: number, keys: LobbyKeys): LobbyStep {
  if (event.kind === CHALLENGE_KIND) {
    if (event.pubkey === keys.me) return same(onMyChallenge(state, event, now));
    const board = receiveChallenge(state.board, event, { now, blocked: keys.blocked });
    if (board === state.board) return same(state);
    // A challenge I accepted was withdrawn or replaced. Its challenger withdraws it right after confirming,
    // and relays may hand me the withdrawal first: so it is only marked here, and a confirmation that comes
    // within GONE_GRACE_SECONDS still pairs; after that, the tick says someone else was first.
    const parsed = parseChallenge(event, now);
    const gone = (o: Outgoing) =>
      o.goneAt === undefined &&
      o.challenge.author === event.pubkey &&
      (parsed.ok
        ? parsed.challenge.id === o.challenge.id && parsed.challenge.eventId !== o.challenge.eventId
        : parsed.reason === 'withdrawn' && parsed.id === o.challenge.id);
    if (!state.outgoing.some(gone)) return same({ ...state, board });
    return same({ ...state, board, outgoing: state.outgoing.map((o) => (gone(o) ? { ...o, goneAt: now } : o)) });
  }
  if (event.kind !== PAIRING_KIND) return same(state);

  // An acceptance of one of my challenges: the first valid one is taken.
  const accepted = parseAcceptance(event, { me: keys.me, secretKey: keys.secretKey, open: state.mine }, keys.blocked);
  if (accepted.ok) {
    const { acceptance, challenge } = accepted;
    return {
      state: {
        ...state,
        mine: state.mine.filter((c) => c !== challenge),
        pairings: [
          ...state.pairings,
          {
            opponent: acceptance.acceptor,
            terms: challenge.terms,
            games: acceptance.games,
            role: 'challenger',
            opponentRating: acceptance.rating,
          },
        ],
      },
      publish: [
        buildConfirmation(acceptance, { secretKey: keys.secretKey, now }),
        buildWithdrawal(challenge.id, { now: withdrawalTime(challenge, now), secretKey: keys.secretKey }),
      ],
    };
  }
  // A confirmation of an acceptance I sent.
  for (const o of state.outgoing) {
    const confirmed = parseConfirmation(event, {
      me: keys.me,
      secretKey: keys.secretKey,
      sent: o.sent,
      challenge: o.challenge,
    });
    if (!confirmed.ok) continue;
    const pairing: Pairing = {
      opponent: o.challenge.author,
      terms: o.challenge.terms,
      games: o.games,
      role: 'acceptor',
      opponentRating: o.challenge.rating,
    };
    return same({ ...state, outgoing: state.outgoing.filter((x) => x !== o), pairings: [...state.pairings, pairing] });
  }
  return same(state);
}

function onTick(state: LobbyState, now: number): LobbyStep {
  const board = expireChallenges(state.board, now);
  const mine = state.mine.filter((c) => c.expiresAt > now);
  const taken = state.outgoing.filter((o) => o.goneAt !== undefined && now - o.goneAt >= GONE_GRACE_SECONDS);
  const silent = state.outgoing.filter(
    (o) =>
      !taken.includes(o) &&
      (o.challenge.expiresAt <= now ||
        (o.challenge.terms.clock.kind === 'live' && now - o.sentAt >= LIVE_ANSWER_SECONDS)),
  );
  const stale = [...taken, ...silent];
  if (board === state.board && mine.length === state.mine.length && stale.length === 0) return same(state);
  return same({
    ...state,
    board,
    mine,
    outgoing: state.outgoing.filter((o) => !stale.includes(o)),
    notices: [
      ...state.notices,
      ...taken.map((o) => ({ kind: 'taken' as const, challenge: o.challenge })),
      ...silent.map((o) => ({ kind: 'no-answer' as const, challenge: o.challenge })),
    ],
  });
}

/** One input: the next state and what to publish. */
export function stepLobby(state: LobbyState, input: LobbyInput, keys: LobbyKeys): LobbyStep {
  switch (input.type) {
    case 'event':
      return onEvent(state, input.event, input.now, keys);
    case 'tick':
      return onTick(state, input.now);
    case 'challenge': {
      const event = buildChallenge(input.terms, input.rating, {
        id: input.id,
        now: input.now,
        secretKey: keys.secretKey,
      });
      const parsed = parseChallenge(event, input.now);
      if (!parsed.ok) return same(state);
      return { state: { ...state, mine: [...state.mine, parsed.challenge] }, publish: [event] };
    }
    case 'withdraw': {
      const challenge = state.mine.find((c) => c.id === input.id);
      if (!challenge) return same(state);
      return {
        state: { ...state, mine: state.mine.filter((c) => c !== challenge) },
        publish: [
          buildWithdrawal(challenge.id, { now: withdrawalTime(challenge, input.now), secretKey: keys.secretKey }),
        ],
      };
    }
    case 'accept': {
      const { challenge, now } = input;
      if (challenge.author === keys.me || challenge.expiresAt <= now) return same(state);
      if (state.outgoing.some((o) => o.challenge.eventId === challenge.eventId)) return same(state);
      const sent = buildAcceptance(challenge, {
        secretKey: keys.secretKey,
        acceptor: keys.me,
        now,
        rating: input.rating ?? null,
      });
      return {
        state: {
          ...state,
          outgoing: [...state.outgoing, { challenge, sent, sentAt: now, games: pairedGames(challenge, keys.me) }],
        },
        publish: [sent],
      };
    }
  }
}

/** What the screen lists: my open challenges, others' (blocked and expired left out), and my waits. */
export function lobbyView(state: LobbyState, keys: LobbyKeys, now: number) {
  const listed = listChallenges(state.board, keys.me, { now, blocked: keys.blocked });
  const waiting = new Set(state.outgoing.map((o) => o.challenge.eventId));
  return {
    mine: state.mine.filter((c) => c.expiresAt > now),
    others: listed.others.map((challenge) => ({ challenge, waiting: waiting.has(challenge.eventId) })),
  };
}

/** The pairings made, for the controller to start; the state without them. */
export function takePairings(state: LobbyState): { state: LobbyState; pairings: readonly Pairing[] } {
  return { state: state.pairings.length ? { ...state, pairings: [] } : state, pairings: state.pairings };
}

/** The notices to show, once; the state without them. */
export function takeNotices(state: LobbyState): { state: LobbyState; notices: readonly LobbyNotice[] } {
  return { state: state.notices.length ? { ...state, notices: [] } : state, notices: state.notices };
}
