import { describe, expect, it } from 'vitest';
import { finalizeEvent, generateSecretKey, getPublicKey, type Event } from 'nostr-tools/pure';
import {
  CHALLENGE_KIND,
  CHALLENGE_TOPIC,
  CORRESPONDENCE_CHALLENGE_SECONDS,
  LIVE_CHALLENGE_SECONDS,
  MAX_CHALLENGE_CONTENT,
  buildChallenge,
  buildWithdrawal,
  challengeFilter,
  parseChallenge,
  formatClaimedRating,
  parseClaimedRating,
} from '../../src/net/challenges';
import {
  LIVE_INCREMENTS,
  LIVE_MINUTES,
  formatTerms,
  liveTimeControl,
  parseTerms,
  sameTerms,
  type ChallengeTerms,
} from '../../src/net/challenge-terms';
import { formatLinkClock } from '../../src/core';

const NOW = 1_800_000_000;
const alice = generateSecretKey();
const ALICE = getPublicKey(alice);

const LIVE: ChallengeTerms = {
  variant: 'pente',
  size: 19,
  clock: { kind: 'live', minutes: 5, incrementSeconds: 5 },
  games: 1,
  seat: 'random',
};
const SET: ChallengeTerms = { ...LIVE, clock: { kind: 'correspondence', daysPerMove: 3 }, games: 2 };
const wire = (event: Event): Event => JSON.parse(JSON.stringify(event)) as Event;
const rating = { rating: 1650, deviation: 80, games: 31 };

/** A challenge event as a stranger might hand-make it: signed, any content and tags. */
const handMade = (
  content: string,
  tags: string[][] = [
    ['d', 'AAAAAAAAAAAAAAAA'],
    ['t', CHALLENGE_TOPIC],
    ['expiration', String(NOW + 60)],
  ],
) => finalizeEvent({ kind: CHALLENGE_KIND, created_at: NOW, tags, content }, alice);

describe('challenge terms', () => {
  it("a live clock's time control: minutes and seconds in ms, each one a link can carry; correspondence has none", () => {
    expect(liveTimeControl({ kind: 'live', minutes: 1, incrementSeconds: 0 })).toEqual({
      initialMs: 60_000,
      incrementMs: 0,
    });
    expect(liveTimeControl({ kind: 'live', minutes: 30, incrementSeconds: 15 })).toEqual({
      initialMs: 1_800_000,
      incrementMs: 15_000,
    });
    for (const minutes of LIVE_MINUTES)
      for (const incrementSeconds of LIVE_INCREMENTS)
        expect(formatLinkClock(liveTimeControl({ kind: 'live', minutes, incrementSeconds })!)).not.toBeNull();
    expect(liveTimeControl({ kind: 'correspondence', daysPerMove: 3 })).toBeNull();
  });

  it('round-trip through their JSON', () => {
    for (const terms of [
      LIVE,
      SET,
      { ...LIVE, seat: 'black' as const, variant: 'keryo' as const, size: 13 as const },
      { ...LIVE, variant: 'g-pente' as const, size: 15 as const },
      // The games with a seat choice travel over relays too (their steps as events).
      { ...LIVE, variant: 'd-pente' as const },
      { ...SET, variant: 'swap2-keryo' as const },
      { ...LIVE, variant: 'connect6' as const },
    ])
      expect(parseTerms(JSON.parse(JSON.stringify(formatTerms(terms))))).toEqual({ ok: true, terms });
  });

  it.each([
    ['variant', { ...formatTerms(LIVE), variant: 'chess' }],
    // Renju is not played with people yet (core's playedOverRelays).
    ['variant', { ...formatTerms(LIVE), variant: 'renju' }],
    ['size', { ...formatTerms(LIVE), size: 17 }],
    ['clock', { ...formatTerms(LIVE), clock: { kind: 'live', minutes: 4, incrementSeconds: 0 } }],
    ['clock', { ...formatTerms(LIVE), clock: { kind: 'correspondence', daysPerMove: 0 } }],
    ['clock', { ...formatTerms(LIVE), clock: null }],
    ['games', { ...formatTerms(LIVE), games: 3 }],
    ['seat', { ...formatTerms(LIVE), seat: 'red' }],
    ['seat', { ...formatTerms(SET), seat: 'black' }],
    ['shape', [1, 2]],
    ['shape', null],
  ])('refuse a bad %s', (field, value) => {
    expect(parseTerms(value)).toEqual({ ok: false, problem: { field } });
  });

  it('compare by what they offer', () => {
    expect(sameTerms(LIVE, { ...LIVE })).toBe(true);
    expect(sameTerms(LIVE, { ...LIVE, seat: 'white' })).toBe(false);
  });
});

describe('a challenge event', () => {
  it('is built and read back, with its expiry by clock kind', () => {
    const live = parseChallenge(
      buildChallenge(LIVE, rating, { id: 'abcdefghijklmnop', now: NOW, secretKey: alice }),
      NOW,
    );
    expect(live).toMatchObject({
      ok: true,
      challenge: {
        id: 'abcdefghijklmnop',
        author: ALICE,
        terms: LIVE,
        rating,
        expiresAt: NOW + LIVE_CHALLENGE_SECONDS,
      },
    });
    const set = parseChallenge(buildChallenge(SET, null, { id: 'abcdefghijklmnop', now: NOW, secretKey: alice }), NOW);
    expect(set).toMatchObject({
      ok: true,
      challenge: { rating: null, expiresAt: NOW + CORRESPONDENCE_CHALLENGE_SECONDS },
    });
  });

  it('carries no words of the challenger’s: only the terms, a rating and a version', () => {
    const event = buildChallenge(LIVE, rating, { id: 'abcdefghijklmnop', now: NOW, secretKey: alice });
    expect(Object.keys(JSON.parse(event.content)).sort()).toEqual(['rating', 'terms', 'v']);
  });

  it('refuses an id that is not one', () => {
    expect(() => buildChallenge(LIVE, null, { id: 'short', now: NOW, secretKey: alice })).toThrow(/challenge id/);
  });

  it('has expired at its expiry', () => {
    const event = buildChallenge(LIVE, null, { id: 'abcdefghijklmnop', now: NOW, secretKey: alice });
    expect(parseChallenge(event, NOW + LIVE_CHALLENGE_SECONDS - 1).ok).toBe(true);
    expect(parseChallenge(event, NOW + LIVE_CHALLENGE_SECONDS)).toEqual({ ok: false, reason: 'expired' });
  });

  it('is withdrawn by a newer one at the same address', () => {
    expect(parseChallenge(buildWithdrawal('abcdefghijklmnop', { now: NOW + 5, secretKey: alice }), NOW + 5)).toEqual({
      ok: false,
      reason: 'withdrawn',
      id: 'abcdefghijklmnop',
      author: ALICE,
      createdAt: NOW + 5,
    });
  });

  it('refuses a forged or altered one', () => {
    // As a relay sends it: JSON, without nostr-tools' in-memory mark of an event it signed or verified.
    const event = wire(buildChallenge(LIVE, rating, { id: 'abcdefghijklmnop', now: NOW, secretKey: alice }));
    const inflated = { ...event, content: event.content.replace('1650', '2650') };
    expect(parseChallenge(inflated, NOW)).toEqual({ ok: false, reason: 'bad-signature' });
    const otherAuthor = { ...event, pubkey: getPublicKey(generateSecretKey()) };
    expect(parseChallenge(otherAuthor, NOW)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it.each<[string, () => Event, string]>([
    [
      'another kind',
      () => finalizeEvent({ kind: 1, created_at: NOW, tags: [['t', CHALLENGE_TOPIC]], content: '{}' }, alice),
      'not-a-challenge',
    ],
    [
      'no topic',
      () =>
        handMade('{}', [
          ['d', 'AAAAAAAAAAAAAAAA'],
          ['expiration', String(NOW + 60)],
        ]),
      'not-a-challenge',
    ],
    ['a huge content', () => handMade('x'.repeat(MAX_CHALLENGE_CONTENT + 1)), 'oversized'],
    ['not JSON', () => handMade('{'), 'malformed'],
    ['no version', () => handMade('{"terms":{}}'), 'malformed'],
    ['JSON null', () => handMade('null'), 'malformed'],
    ['a newer version', () => handMade('{"v":2}'), 'newer-version'],
    [
      'no d tag',
      () =>
        handMade('{"v":1}', [
          ['t', CHALLENGE_TOPIC],
          ['expiration', String(NOW + 60)],
        ]),
      'malformed',
    ],
    [
      'no expiration',
      () =>
        handMade('{"v":1}', [
          ['d', 'AAAAAAAAAAAAAAAA'],
          ['t', CHALLENGE_TOPIC],
        ]),
      'malformed',
    ],
    [
      'a bad rating',
      () =>
        handMade(JSON.stringify({ v: 1, terms: formatTerms(LIVE), rating: { rating: 1e9, deviation: 1, games: 1 } })),
      'malformed',
    ],
    ['bad terms', () => handMade(JSON.stringify({ v: 1, terms: { ...formatTerms(LIVE), size: 21 } })), 'bad-terms'],
  ])('refuses %s', (_, make, reason) => {
    expect(parseChallenge(make(), NOW)).toMatchObject({ ok: false, reason });
  });

  it('is asked for by kind and topic', () => {
    expect(challengeFilter(NOW)).toEqual({
      kinds: [CHALLENGE_KIND],
      '#t': [CHALLENGE_TOPIC],
      since: NOW - CORRESPONDENCE_CHALLENGE_SECONDS,
      limit: 200,
    });
  });
});

describe('a claimed rating: format and parse', () => {
  it('round-trips the three numbers, and nothing else', () => {
    const claim = { rating: 1650.4, deviation: 80, games: 31 };
    const written = formatClaimedRating({ ...claim, extra: 'words' } as typeof claim);
    expect(written).toEqual(claim);
    expect(parseClaimedRating(JSON.parse(JSON.stringify(written)))).toEqual(claim);
    expect(formatClaimedRating(null)).toBeNull();
  });

  it('reads none as null and a bad one as undefined (refused)', () => {
    expect(parseClaimedRating(undefined)).toBeNull();
    expect(parseClaimedRating(null)).toBeNull();
    expect(parseClaimedRating({ rating: 0, deviation: 0, games: 0 })).toEqual({ rating: 0, deviation: 0, games: 0 });
    expect(parseClaimedRating({ rating: 4000, deviation: 350, games: 1e6 })).not.toBeUndefined();
    for (const bad of [
      { rating: 4001, deviation: 50, games: 1 },
      { rating: 1500, deviation: 351, games: 1 },
      { rating: 1500, deviation: 50, games: 1.5 },
      { rating: Number.NaN, deviation: 50, games: 1 },
      { rating: 1500, deviation: 50 },
      7,
      'x',
    ])
      expect(parseClaimedRating(bad)).toBeUndefined();
  });
});
