import { describe, expect, it } from 'vitest';
import type { ChallengeTerms } from '../../../src/net/challenge-terms';
import type { Pairing } from '../../../src/net/lobby';
import {
  MAX_BLOCKED_KEYS,
  MAX_PEER_RELAYS,
  type StoredGame,
  gameFields,
  gameRecordProblem,
} from '../../../src/storage';
import {
  DEFAULT_TERMS,
  blockKey,
  claimedRating,
  clockFor,
  mySideIn,
  newChallengeId,
  pairingRecords,
  peerRelays,
  ratedGames,
  strangerName,
  unblockKey,
} from '../../../src/ui/people/people-model';
import { CHALLENGE_ID } from '../../../src/net/challenges';
import { parseTerms } from '../../../src/net/challenge-terms';

const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);
const SET_OF_TWO: ChallengeTerms = { ...DEFAULT_TERMS, games: 2, seat: 'random' };
const pairing = (role: Pairing['role'], terms: ChallengeTerms = SET_OF_TWO): Pairing => ({
  opponent: KEY_B,
  terms,
  role,
  opponentRating: null,
  games:
    terms.games === 2
      ? [
          { gameId: 'GameAAAAAAAAAAAA', acceptorPlays: 1 },
          { gameId: 'GameBBBBBBBBBBBB', acceptorPlays: 2 },
        ]
      : [{ gameId: 'GameAAAAAAAAAAAA', acceptorPlays: 2 }],
});
const context = { myName: 'Ann', theirName: '1234 5678', peer: { key: KEY_B, relays: ['wss://r.example'] }, now: 5 };

describe('the games a pairing starts', () => {
  it('are friend games with the pairing’s ids, the opponent as peer, and opposite sides on the two devices', () => {
    const challenger = pairingRecords(pairing('challenger'), context);
    const acceptor = pairingRecords(pairing('acceptor'), { ...context, peer: { key: KEY_A, relays: [] } });
    expect(challenger.map((g) => g.friend!.gameId)).toEqual(['GameAAAAAAAAAAAA', 'GameBBBBBBBBBBBB']);
    expect(acceptor.map((g) => g.friend!.gameId)).toEqual(['GameAAAAAAAAAAAA', 'GameBBBBBBBBBBBB']);
    // A set of two: each side plays each colour once.
    expect(challenger.map((g) => g.friend!.mySide)).toEqual([2, 1]);
    expect(acceptor.map((g) => g.friend!.mySide)).toEqual([1, 2]);
    expect(challenger[0]!.friend!.peer).toEqual(context.peer);
    for (const g of challenger) {
      expect(gameRecordProblem({ ...g, revision: 1 })).toBeNull();
      expect(g.players[g.friend!.mySide - 1]!.name).toBe('Ann');
      expect(g.players[2 - g.friend!.mySide]!.name).toBe('1234 5678');
      expect([g.variant, g.size, g.tournamentRule]).toEqual(['pente', 19, true]);
      // The challenge's live clock is the friend game's (kept by both devices' signed readings), not a local one.
      expect(g.friend!.clock).toEqual({ initialMs: 600_000, incrementMs: 0 });
      expect(g.clocks).toBeNull();
    }
    expect(new Set(challenger.map((g) => g.id)).size).toBe(2);
  });

  it('keep a variant without the tournament rule without it, and a correspondence game untimed', () => {
    const terms: ChallengeTerms = {
      ...DEFAULT_TERMS,
      variant: 'gomoku',
      clock: { kind: 'correspondence', daysPerMove: 3 },
    };
    const [game] = pairingRecords(pairing('acceptor', terms), context);
    expect(game!.tournamentRule).toBe(false);
    expect(game!.clocks).toBeNull();
    expect(game!.friend!.clock).toBeUndefined();
    expect(clockFor({ ...DEFAULT_TERMS, clock: { kind: 'live', minutes: 5, incrementSeconds: 10 } })).toEqual({
      initialMs: 300_000,
      incrementMs: 10_000,
    });
  });

  it('give the acceptor its side and the challenger the other', () => {
    expect(mySideIn({ role: 'acceptor' }, 1)).toBe(1);
    expect(mySideIn({ role: 'challenger' }, 1)).toBe(2);
    expect(mySideIn({ role: 'challenger' }, 2)).toBe(1);
  });
});

describe('the opponent’s relays', () => {
  it('are where their events came from, then this device’s, each once, bounded', () => {
    expect(peerRelays(['wss://b'], ['wss://a', 'wss://b'])).toEqual(['wss://b', 'wss://a']);
    const many = Array.from({ length: 20 }, (_, i) => `wss://r${i}`);
    expect(peerRelays(many, ['wss://mine'])).toHaveLength(MAX_PEER_RELAYS);
  });
});

describe('the blocked list', () => {
  it('adds a key once, removes it, and keeps the newest within its bound', () => {
    expect(blockKey([], KEY_A)).toEqual([KEY_A]);
    expect(blockKey([KEY_A], KEY_A)).toEqual([KEY_A]);
    expect(unblockKey([KEY_A, KEY_B], KEY_A)).toEqual([KEY_B]);
    const full = Array.from({ length: MAX_BLOCKED_KEYS }, (_, i) => i.toString(16).padStart(64, '0'));
    const next = blockKey(full, KEY_B);
    expect(next).toHaveLength(MAX_BLOCKED_KEYS);
    expect(next.at(-1)).toBe(KEY_B);
    expect(next[0]).toBe(full[1]);
  });
});

describe('the rating from games against people', () => {
  const ended = (mySide: 1 | 2, winner: 1 | 2 | null, updatedAt: number, peer = true): StoredGame => {
    const [game] = pairingRecords(pairing('acceptor', DEFAULT_TERMS), context);
    return {
      ...game!,
      updatedAt,
      status: 'finished',
      result: winner === null ? { winner: null, reason: 'draw' } : { winner, reason: 'five' },
      friend: { gameId: game!.friend!.gameId, mySide, ...(peer ? { peer: context.peer } : {}) },
    };
  };

  it('counts only ended games over relays, scored from this device’s side', () => {
    const games = [ended(1, 1, 3), ended(2, 1, 1), ended(1, null, 2), ended(1, 1, 4, false)];
    expect(ratedGames(games).map((g) => [g.endedAt, g.score])).toEqual([
      [3, 1],
      [1, 0],
      [2, 0.5],
    ]);
    const unfinished = pairingRecords(pairing('acceptor', DEFAULT_TERMS), context);
    expect(ratedGames(unfinished)).toEqual([]);
  });

  it('keeps the rating the opponent claimed with each game of the pairing, and none where they showed none', () => {
    const claim = { rating: 1800, deviation: 60, games: 50 };
    const games = pairingRecords({ ...pairing('challenger'), opponentRating: claim }, context);
    expect(games.map((g) => g.friend!.theirRating)).toEqual([claim, claim]);
    for (const g of games) expect(gameRecordProblem({ ...g, revision: 1 })).toBeNull();
    expect(pairingRecords(pairing('challenger'), context).map((g) => 'theirRating' in g.friend!)).toEqual([
      false,
      false,
    ]);
    // A claim out of bounds is not kept.
    const wild = pairingRecords({ ...pairing('challenger'), opponentRating: { ...claim, rating: 1e9 } }, context);
    expect(wild.map((g) => 'theirRating' in g.friend!)).toEqual([false, false]);
  });

  it('rates a game against the rating the opponent claimed, a newcomer where none was kept', () => {
    const against = (theirRating: unknown): StoredGame => {
      const game = ended(1, 1, 1);
      return { ...game, friend: { ...game.friend!, theirRating } as NonNullable<StoredGame['friend']> };
    };
    const strong = { rating: 2100, deviation: 50, games: 200 };
    expect(ratedGames([against(strong)])[0]!.opponent).toEqual({ rating: 2100, deviation: 50, volatility: 0.06 });
    expect(ratedGames([ended(1, 1, 1)])[0]!.opponent).toBeNull();
    // A bad value on the record reads as none, and the game still counts.
    expect(ratedGames([against({ rating: 'high', deviation: 50, games: 1 })])[0]!.opponent).toBeNull();
    // Beating a strong player gains more than beating a newcomer; losing to a weak one costs more.
    const newcomerWin = claimedRating([ended(1, 1, 1)]).rating;
    expect(claimedRating([against(strong)]).rating).toBeGreaterThan(newcomerWin);
    const lossTo = (theirRating?: unknown) => {
      const game = ended(1, 2, 1);
      const friend = theirRating ? { ...game.friend!, theirRating } : game.friend!;
      return claimedRating([{ ...game, friend } as StoredGame]).rating;
    };
    expect(lossTo({ rating: 1100, deviation: 50, games: 100 })).toBeLessThan(lossTo());
  });

  it('keeps a game’s rating through a write, and drops a bad one there rather than refuse the game', () => {
    const game = ended(1, 1, 1);
    const claim = { rating: 1600, deviation: 100, games: 9 };
    const kept = gameFields({ ...game, friend: { ...game.friend!, theirRating: claim } }, 2, 10);
    expect(kept.friend!.theirRating).toEqual(claim);
    const bad = { ...game, friend: { ...game.friend!, theirRating: { rating: -5, deviation: 1, games: 1 } } };
    expect('theirRating' in gameFields(bad, 2, 10).friend!).toBe(false);
    // A record from before ratings were kept reads fine.
    const older = pairingRecords(pairing('acceptor'), context)[0]!;
    expect(gameRecordProblem({ ...older, revision: 1 })).toBeNull();
    // One whose kept value went bad still reads: the value counts as none.
    const damaged = { ...older, friend: { ...older.friend!, theirRating: 'x' as never }, revision: 1 };
    expect(gameRecordProblem(damaged)).toBeNull();
  });

  it('shows a newcomer with no games, and moves up after a win', () => {
    expect(claimedRating([])).toEqual({ rating: 1500, deviation: 350, games: 0 });
    const won = claimedRating([ended(1, 1, 1)]);
    expect(won.games).toBe(1);
    expect(won.rating).toBeGreaterThan(1500);
    expect(Number.isInteger(won.rating)).toBe(true);
  });
});

describe('a new challenge', () => {
  it('has an id challenges accept, and the default terms parse', () => {
    expect(newChallengeId(new Uint8Array(16).fill(200))).toMatch(CHALLENGE_ID);
    expect(parseTerms(DEFAULT_TERMS)).toEqual({ ok: true, terms: DEFAULT_TERMS });
    expect(strangerName('1234 5678 9012 3456')).toBe('1234 5678');
  });
});
