import { describe, expect, it } from 'vitest';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import {
  EMPTY_BOARD,
  MAX_KEPT,
  expireChallenges,
  listChallenges,
  receiveChallenge,
} from '../../src/net/challenge-board';
import { CHALLENGE_KIND, LIVE_CHALLENGE_SECONDS, buildChallenge, buildWithdrawal } from '../../src/net/challenges';
import type { ChallengeTerms } from '../../src/net/challenge-terms';

const NOW = 1_800_000_000;
const alice = generateSecretKey();
const bob = generateSecretKey();
const carol = generateSecretKey();
const [ALICE, BOB, CAROL] = [getPublicKey(alice), getPublicKey(bob), getPublicKey(carol)];
const TERMS: ChallengeTerms = {
  variant: 'pente',
  size: 19,
  clock: { kind: 'live', minutes: 5, incrementSeconds: 0 },
  games: 1,
  seat: 'random',
};
const context = { now: NOW, blocked: new Set<string>() };
const challenge = (secretKey: Uint8Array, id: string, now = NOW, terms = TERMS) =>
  buildChallenge(terms, null, { id: id.padEnd(16, 'x'), now, secretKey });

describe('the challenge list', () => {
  it('lists the same challenge from three relays once, mine apart, others newest first', () => {
    let board = EMPTY_BOARD;
    const bobs = challenge(bob, 'bob1', NOW - 10);
    for (const event of [bobs, bobs, challenge(carol, 'carol1', NOW - 5), bobs, challenge(alice, 'alice1')])
      board = receiveChallenge(board, event, context);
    const listed = listChallenges(board, ALICE, context);
    expect(listed.mine.map((c) => c.author)).toEqual([ALICE]);
    expect(listed.others.map((c) => c.author)).toEqual([CAROL, BOB]);
  });

  it('changes nothing for a repeat, a stranger’s junk or an older copy (the same board)', () => {
    const board = receiveChallenge(EMPTY_BOARD, challenge(bob, 'bob1', NOW), context);
    expect(receiveChallenge(board, challenge(bob, 'bob1', NOW), context)).toBe(board);
    expect(receiveChallenge(board, challenge(bob, 'bob1', NOW - 60), context)).toBe(board);
    const junk = finalizeEvent({ kind: CHALLENGE_KIND, created_at: NOW, tags: [], content: 'junk' }, carol);
    expect(receiveChallenge(board, junk, context)).toBe(board);
  });

  it('replaces a challenge by its author’s newer one, and a withdrawal removes it even when the challenge arrives after it', () => {
    let board = receiveChallenge(EMPTY_BOARD, challenge(bob, 'bob1', NOW - 10), context);
    board = receiveChallenge(board, challenge(bob, 'bob1', NOW - 5, { ...TERMS, size: 13 }), context);
    expect(listChallenges(board, ALICE, context).others.map((c) => c.terms.size)).toEqual([13]);

    board = receiveChallenge(board, buildWithdrawal('bob1'.padEnd(16, 'x'), { now: NOW, secretKey: bob }), context);
    expect(listChallenges(board, ALICE, context).others).toEqual([]);
    // A relay that still had the challenge sends it late: it stays withdrawn.
    board = receiveChallenge(board, challenge(bob, 'bob1', NOW - 10), context);
    expect(listChallenges(board, ALICE, context).others).toEqual([]);
  });

  it('never lists a blocked key’s, whether it arrived before or after the block', () => {
    const before = receiveChallenge(EMPTY_BOARD, challenge(bob, 'bob1'), context);
    const blocked = { now: NOW, blocked: new Set([BOB]) };
    expect(listChallenges(before, ALICE, blocked).others).toEqual([]);
    expect(receiveChallenge(EMPTY_BOARD, challenge(bob, 'bob1'), blocked)).toBe(EMPTY_BOARD);
  });

  it('drops what expired', () => {
    const board = receiveChallenge(EMPTY_BOARD, challenge(bob, 'bob1'), context);
    const later = NOW + LIVE_CHALLENGE_SECONDS;
    expect(listChallenges(board, ALICE, { ...context, now: later }).others).toEqual([]);
    expect(expireChallenges(board, later).entries.size).toBe(0);
    expect(expireChallenges(board, NOW)).toBe(board);
  });

  it('keeps a bounded number under a flood, the newest (MAX_KEPT in the app)', () => {
    expect(MAX_KEPT).toBeGreaterThanOrEqual(100);
    const small = { ...context, keep: 20 };
    let board = EMPTY_BOARD;
    // One key's many challenges (ids differ), each a second newer than the last, in shuffled order.
    const flood = Array.from({ length: 35 }, (_, i) =>
      challenge(carol, `c${String(i).padStart(5, '0')}`, NOW - 100 + i),
    );
    for (const i of [...flood.keys()].sort((a, b) => ((a * 7) % 35) - ((b * 7) % 35)))
      board = receiveChallenge(board, flood[i]!, small);
    expect(board.entries.size).toBe(20);
    const listed = listChallenges(board, ALICE, small).others;
    expect(listed.map((c) => c.createdAt)).toEqual(Array.from({ length: 20 }, (_, i) => NOW - 100 + 34 - i));
  });
});
