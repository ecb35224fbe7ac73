import { describe, expect, it } from 'vitest';
import { finalizeEvent, generateSecretKey, getPublicKey, type Event } from 'nostr-tools/pure';
import { encrypt, getConversationKey } from 'nostr-tools/nip44';
import { buildChallenge, parseChallenge, type OpenChallenge } from '../../src/net/challenges';
import type { ChallengeTerms } from '../../src/net/challenge-terms';
import {
  PAIRING_KIND,
  buildAcceptance,
  buildConfirmation,
  firstAcceptance,
  pairedGames,
  parseAcceptance,
  parseConfirmation,
  type Acceptance,
} from '../../src/net/pairing';
import { FRIEND_GAME_ID } from '../../src/core';

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

const open = (terms: ChallengeTerms = TERMS): OpenChallenge => {
  const parsed = parseChallenge(
    buildChallenge(terms, null, { id: 'abcdefghijklmnop', now: NOW, secretKey: alice }),
    NOW,
  );
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed.challenge;
};
const aliceSide = (challenges: OpenChallenge[]) => ({ me: ALICE, secretKey: alice, open: challenges });

describe('the games a pairing makes', () => {
  it('are the same on both sides, with friend-game ids, and differ by acceptor', () => {
    const c = open();
    const games = pairedGames(c, BOB);
    expect(games).toEqual(pairedGames(c, BOB));
    expect(games).toHaveLength(1);
    expect(games[0]!.gameId).toMatch(FRIEND_GAME_ID);
    expect(pairedGames(c, CAROL)[0]!.gameId).not.toBe(games[0]!.gameId);
  });

  it('give each side each colour once in a set of two', () => {
    const games = pairedGames(open({ ...TERMS, games: 2 }), BOB);
    expect(games.map((g) => g.acceptorPlays)).toEqual([1, 2]);
    expect(new Set(games.map((g) => g.gameId)).size).toBe(2);
  });

  it('give the acceptor the colour the challenger left', () => {
    expect(pairedGames(open({ ...TERMS, seat: 'black' }), BOB)[0]!.acceptorPlays).toBe(2);
    expect(pairedGames(open({ ...TERMS, seat: 'white' }), BOB)[0]!.acceptorPlays).toBe(1);
  });

  it('draw both colours for a random seat over many acceptors', () => {
    const c = open();
    const sides = new Set(
      Array.from({ length: 16 }, () => pairedGames(c, getPublicKey(generateSecretKey()))[0]!.acceptorPlays),
    );
    expect(sides).toEqual(new Set([1, 2]));
  });
});

describe('accepting and confirming', () => {
  it('pair Alice’s challenge with Bob: acceptance, then confirmation', () => {
    const c = open({ ...TERMS, games: 2 });
    const accept = buildAcceptance(c, { secretKey: bob, acceptor: BOB, now: NOW + 3 });
    const taken = parseAcceptance(accept, aliceSide([c]));
    expect(taken).toMatchObject({ ok: true, acceptance: { acceptor: BOB, games: pairedGames(c, BOB) } });
    if (!taken.ok) return;
    const confirm = buildConfirmation(taken.acceptance, { secretKey: alice, now: NOW + 4 });
    expect(parseConfirmation(confirm, { me: BOB, secretKey: bob, sent: accept, challenge: c })).toEqual({
      ok: true,
      confirmation: { challenger: ALICE, acceptanceEventId: accept.id },
    });
  });

  it('hides the games from a relay: the content is encrypted, only keys and the challenge are tagged', () => {
    const c = open();
    const accept = buildAcceptance(c, { secretKey: bob, acceptor: BOB, now: NOW + 3 });
    expect(accept.content).not.toContain(pairedGames(c, BOB)[0]!.gameId);
    expect(accept.tags).toEqual([
      ['p', ALICE],
      ['e', c.eventId],
    ]);
  });

  const sealedBy = (secretKey: Uint8Array, to: string, body: unknown, tags: string[][] = [['p', to]]) =>
    finalizeEvent(
      {
        kind: PAIRING_KIND,
        created_at: NOW + 1,
        tags,
        content: encrypt(JSON.stringify(body), getConversationKey(secretKey, to)),
      },
      secretKey,
    );

  it.each<[string, () => Event, string, Set<string>?]>([
    [
      'another kind',
      () => ({ ...buildAcceptance(open(), { secretKey: bob, acceptor: BOB, now: NOW }), kind: 1 }),
      'not-pairing',
    ],
    [
      'one addressed to Carol',
      () => buildAcceptance({ ...open(), author: CAROL }, { secretKey: bob, acceptor: BOB, now: NOW }),
      'not-for-me',
    ],
    [
      'a blocked key',
      () => buildAcceptance(open(), { secretKey: bob, acceptor: BOB, now: NOW }),
      'blocked',
      new Set([BOB]),
    ],
    [
      'an altered one',
      () => {
        // As a relay sends it: JSON, without nostr-tools' in-memory mark of an event it signed.
        const e = JSON.parse(
          JSON.stringify(buildAcceptance(open(), { secretKey: bob, acceptor: BOB, now: NOW })),
        ) as Event;
        return { ...e, created_at: e.created_at - 1 };
      },
      'bad-signature',
    ],
    [
      'one Bob signed but encrypted under Carol’s key',
      () => {
        const e = sealedBy(carol, ALICE, { v: 1 });
        return finalizeEvent({ kind: PAIRING_KIND, created_at: NOW, tags: e.tags, content: e.content }, bob);
      },
      'undecryptable',
    ],
    [
      'a huge one',
      () =>
        finalizeEvent({ kind: PAIRING_KIND, created_at: NOW, tags: [['p', ALICE]], content: 'x'.repeat(5000) }, bob),
      'oversized',
    ],
    [
      'not JSON inside',
      () =>
        finalizeEvent(
          {
            kind: PAIRING_KIND,
            created_at: NOW,
            tags: [['p', ALICE]],
            content: encrypt('{', getConversationKey(bob, ALICE)),
          },
          bob,
        ),
      'malformed',
    ],
    ['a newer version', () => sealedBy(bob, ALICE, { v: 9 }), 'newer-version'],
    [
      'a confirmation where an acceptance belongs',
      () => sealedBy(bob, ALICE, { v: 1, type: 'confirm', challenge: 'x', acceptance: 'y' }),
      'malformed',
    ],
    [
      'one for a challenge Alice has not open',
      () => sealedBy(bob, ALICE, { v: 1, type: 'accept', challenge: 'f'.repeat(64), games: [] }),
      'unknown-challenge',
    ],
    [
      'one that picks its own colour',
      () =>
        sealedBy(bob, ALICE, {
          v: 1,
          type: 'accept',
          challenge: open().eventId,
          games: pairedGames(open(), BOB).map((g) => ({ ...g, acceptorPlays: g.acceptorPlays === 1 ? 2 : 1 })),
        }),
      'games-differ',
    ],
  ])('refuse %s', (_, make, reason, blocked) => {
    expect(parseAcceptance(make(), aliceSide([open()]), blocked)).toEqual({ ok: false, reason });
  });

  it('refuse an acceptance made after the challenge expired', () => {
    const c = open();
    const late = buildAcceptance(c, { secretKey: bob, acceptor: BOB, now: c.expiresAt });
    expect(parseAcceptance(late, aliceSide([c]))).toEqual({ ok: false, reason: 'too-late' });
  });

  it('refuse a confirmation from anyone but the challenger, or of another acceptance', () => {
    const c = open();
    const accept = buildAcceptance(c, { secretKey: bob, acceptor: BOB, now: NOW + 3 });
    const taken = parseAcceptance(accept, aliceSide([c]));
    if (!taken.ok) throw new Error(taken.reason);
    const fromCarol = buildConfirmation(taken.acceptance, { secretKey: carol, now: NOW + 4 });
    expect(parseConfirmation(fromCarol, { me: BOB, secretKey: bob, sent: accept, challenge: c })).toEqual({
      ok: false,
      reason: 'unknown-challenge',
    });
    const ofAnother = buildConfirmation(
      { ...taken.acceptance, eventId: 'e'.repeat(64) },
      { secretKey: alice, now: NOW + 4 },
    );
    expect(parseConfirmation(ofAnother, { me: BOB, secretKey: bob, sent: accept, challenge: c })).toMatchObject({
      ok: false,
    });
  });

  it('take the earliest of several acceptances, whatever order they arrive in', () => {
    const a = (eventId: string, createdAt: number): Acceptance => ({
      eventId,
      acceptor: BOB,
      challengeEventId: 'c',
      createdAt,
      games: [],
      rating: null,
    });
    const all = [a('b', 10), a('a', 10), a('c', 9), a('d', 11)];
    expect(firstAcceptance(all)?.eventId).toBe('c');
    expect(firstAcceptance([...all].reverse())?.eventId).toBe('c');
    expect(firstAcceptance(all.filter((x) => x.eventId !== 'c'))?.eventId).toBe('a');
    expect(firstAcceptance([])).toBeNull();
  });
});

describe('the acceptor’s claimed rating', () => {
  const claims = { rating: 1612.5, deviation: 90, games: 12 };

  it('travels encrypted in the acceptance and is read back as sent', () => {
    const c = open();
    const accept = buildAcceptance(c, { secretKey: bob, acceptor: BOB, now: NOW + 3, rating: claims });
    expect(accept.content).not.toContain('1612');
    expect(parseAcceptance(accept, aliceSide([c]))).toMatchObject({ ok: true, acceptance: { rating: claims } });
  });

  it('reads as none where the acceptance has none (an older app’s) or says null', () => {
    const c = open();
    const none = buildAcceptance(c, { secretKey: bob, acceptor: BOB, now: NOW + 3 });
    expect(parseAcceptance(none, aliceSide([c]))).toMatchObject({ ok: true, acceptance: { rating: null } });
    const older = finalizeEvent(
      {
        kind: PAIRING_KIND,
        created_at: NOW + 3,
        tags: [
          ['p', ALICE],
          ['e', c.eventId],
        ],
        content: encrypt(
          JSON.stringify({ v: 1, type: 'accept', challenge: c.eventId, games: pairedGames(c, BOB) }),
          getConversationKey(bob, ALICE),
        ),
      },
      bob,
    );
    expect(parseAcceptance(older, aliceSide([c]))).toMatchObject({ ok: true, acceptance: { rating: null } });
  });

  it('refuses an acceptance whose rating is not one, as a challenge’s', () => {
    const c = open();
    for (const rating of [
      { rating: 9999, deviation: 50, games: 3 },
      { rating: 1500, deviation: -1, games: 3 },
      { rating: 1500, deviation: 50, games: 2.5 },
      { rating: '1500', deviation: 50, games: 3 },
      'strong',
    ]) {
      const event = finalizeEvent(
        {
          kind: PAIRING_KIND,
          created_at: NOW + 3,
          tags: [['p', ALICE]],
          content: encrypt(
            JSON.stringify({ v: 1, type: 'accept', challenge: c.eventId, games: pairedGames(c, BOB), rating }),
            getConversationKey(bob, ALICE),
          ),
        },
        bob,
      );
      expect(parseAcceptance(event, aliceSide([c]))).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});
