/**
 * "Play someone now" (issue 30): the pure rules between net's lobby (src/net/lobby.ts) and storage. What a
 * pairing stores (one friend game per paired game, each with the opponent as its `peer`), which relays to
 * name as the opponent's, the blocked list, and the player's rating from the games against people this
 * device keeps. No I/O, no signals: people.ts runs them, tests/ui/people/people-model.test.ts checks them.
 */
import { NEW_RATING, VARIANTS, type Player } from '../../core';
import type { ClaimedRating } from '../../net/challenges';
import { type ChallengeTerms, liveTimeControl } from '../../net/challenge-terms';
import type { Pairing } from '../../net/lobby';
import { type PeopleRating, type RatedGame, peopleRating } from '../../net/people-rating';
import {
  type FriendClock,
  type FriendPeer,
  MAX_BLOCKED_KEYS,
  MAX_PEER_RELAYS,
  type StoredGame,
  friendRatingOf,
  newFriendGame,
} from '../../storage';

/** The name a stranger's side gets in the game record: the first two groups of their key's fingerprint. */
export const strangerName = (fingerprintText: string): string => fingerprintText.split(' ').slice(0, 2).join(' ');

/**
 * The chess clock of a pairing's games: a live challenge's, kept with the friend game (its `clock`) and
 * played by the relay controller from both devices' signed readings (net/clock.ts); correspondence: none.
 */
export const clockFor = (terms: ChallengeTerms): FriendClock | null => liveTimeControl(terms.clock);

/** The side this device plays in one game of a pairing. */
export const mySideIn = (pairing: Pick<Pairing, 'role'>, acceptorPlays: Player): Player =>
  pairing.role === 'acceptor' ? acceptorPlays : acceptorPlays === 1 ? 2 : 1;

/**
 * The relays to name as the opponent's: those their events came from (where they are known to read and
 * write), then this device's own list (where both met), at most MAX_PEER_RELAYS, each once.
 */
export function peerRelays(seenOn: Iterable<string>, mine: readonly string[]): string[] {
  return [...new Set([...seenOn, ...mine])].slice(0, MAX_PEER_RELAYS);
}

export interface PairingContext {
  /** This device's player's name (the one others see; a default where none was given). */
  readonly myName: string;
  /** The opponent's name in the record (strangerName). */
  readonly theirName: string;
  readonly peer: FriendPeer;
  /** Epoch milliseconds. */
  readonly now: number;
}

/**
 * The friend games a pairing starts, in its order (the first is the one opened): the same game ids on both
 * devices (pairing.ts derives them), opposite sides, the challenge's rules and clock, and the opponent as
 * `peer`, so the relay controller plays them as any friend game over relays. The rating the opponent
 * claimed (their challenge's or their acceptance's) is kept with each game, for this device's rating.
 */
export function pairingRecords(pairing: Pairing, context: PairingContext): StoredGame[] {
  const { variant, size } = pairing.terms;
  return pairing.games.map((game) => {
    const record = newFriendGame({
      variant,
      size,
      // pente.org plays its rated Pente with the tournament rule; a variant without the rule has none.
      tournamentRule: VARIANTS[variant].tournamentRule,
      gameId: game.gameId,
      mySide: mySideIn(pairing, game.acceptorPlays),
      myName: context.myName,
      theirName: context.theirName,
      clock: clockFor(pairing.terms),
      now: context.now,
    });
    const claimed = pairing.opponentRating && friendRatingOf(pairing.opponentRating);
    const theirRating = claimed ? { theirRating: claimed } : {};
    return { ...record, friend: { ...record.friend!, peer: context.peer, ...theirRating } };
  });
}

/** The blocked list with one key more (the newest last; the oldest dropped past the bound). */
export function blockKey(blocked: readonly string[], key: string): string[] {
  if (blocked.includes(key)) return [...blocked];
  return [...blocked, key].slice(-MAX_BLOCKED_KEYS);
}

export const unblockKey = (blocked: readonly string[], key: string): string[] => blocked.filter((k) => k !== key);

/**
 * The games against people that count for the rating: ended friend games played over relays (with a
 * `peer`), scored from this device's side, against the rating the opponent claimed as the game began (kept
 * with the game: `friend.theirRating`); a game with none kept (a friend's, an older one, a bad value)
 * counts as against a newcomer (people-rating.ts's rule for an opponent who showed none).
 */
export function ratedGames(games: readonly StoredGame[]): RatedGame[] {
  const rated: RatedGame[] = [];
  for (const game of games) {
    if (!game.friend?.peer || !game.result || game.demo) continue;
    const winner = game.result.winner;
    const score = winner === null ? 0.5 : winner === game.friend.mySide ? 1 : 0;
    const claimed = friendRatingOf(game.friend.theirRating);
    // A claim carries no volatility: a newcomer's, as Glicko-2 starts everyone.
    const opponent = claimed && {
      rating: claimed.rating,
      deviation: claimed.deviation,
      volatility: NEW_RATING.volatility,
    };
    rated.push({ endedAt: game.updatedAt, score, opponent });
  }
  return rated;
}

/** The rating a challenge shows: this device's record of games against people, rounded. */
export function claimedRating(games: readonly StoredGame[]): ClaimedRating {
  const rating: PeopleRating = peopleRating(ratedGames(games));
  return { rating: Math.round(rating.rating), deviation: Math.round(rating.deviation), games: rating.games };
}

/** The terms a new challenge form starts from: pente.org's most played live game. */
export const DEFAULT_TERMS: ChallengeTerms = {
  variant: 'pente',
  size: 19,
  clock: { kind: 'live', minutes: 10, incrementSeconds: 0 },
  games: 1,
  seat: 'random',
};

/** A challenge id: 16 base64url digits (challenges.ts CHALLENGE_ID) from 16 random bytes. */
export function newChallengeId(random: Uint8Array): string {
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return Array.from(random.slice(0, 16), (b) => digits[b & 63]).join('');
}
