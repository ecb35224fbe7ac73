/**
 * The lobby run against the fake relay network (what people.ts does with the page's pool): three devices
 * pair through relays; bad input — a flood, oversized and malformed events, a pairing from a key that did
 * not accept, an acceptance of a withdrawn challenge — changes nothing it should not.
 */
import { describe, expect, it } from 'vitest';
import { finalizeEvent, generateSecretKey, getPublicKey, type Event } from 'nostr-tools/pure';
import { MAX_KEPT } from '../../../src/net/challenge-board';
import { CHALLENGE_KIND, CHALLENGE_TOPIC, buildChallenge } from '../../../src/net/challenges';
import type { ChallengeTerms } from '../../../src/net/challenge-terms';
import type { Pairing } from '../../../src/net/lobby';
import { buildAcceptance, buildConfirmation } from '../../../src/net/pairing';
import { type LobbyRunner, createLobbyRunner } from '../../../src/ui/people/lobby-runner';
import { createFakeRelayNetwork, createFakeRelayPool } from '../../net/fake-relay-pool';

const RELAY = 'wss://relay.example';
const START = 1_800_000_000;
const TERMS: ChallengeTerms = {
  variant: 'pente',
  size: 19,
  clock: { kind: 'live', minutes: 10, incrementSeconds: 0 },
  games: 1,
  seat: 'black',
};

interface TestDevice {
  readonly runner: LobbyRunner;
  readonly key: string;
  readonly secretKey: Uint8Array;
  readonly pairings: { pairing: Pairing; relays: readonly string[] }[];
  readonly blocked: Set<string>;
}

function setUp() {
  const network = createFakeRelayNetwork();
  const clock = { now: START };
  const device = (): TestDevice => {
    const secretKey = generateSecretKey();
    const pairings: TestDevice['pairings'] = [];
    const blocked = new Set<string>();
    const runner = createLobbyRunner({
      port: createFakeRelayPool(network),
      relays: () => [RELAY],
      me: getPublicKey(secretKey),
      secretKey,
      blocked: () => blocked,
      now: () => clock.now,
      onPairing: (pairing, relays) => pairings.push({ pairing, relays }),
    });
    runner.start();
    return { runner, key: getPublicKey(secretKey), secretKey, pairings, blocked };
  };
  /** Lets the fake's published events (delivered through resolved promises) arrive. */
  const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  return { network, clock, device, settle };
}

describe('the lobby over relays', () => {
  it('pairs a challenger and an acceptor into the same games, and a third device sees the challenge go', async () => {
    const { device, settle } = setUp();
    const [a, b, c] = [device(), device(), device()];
    a.runner.challenge('ChallengeAAAAAAA', TERMS, { rating: 1620, deviation: 80, games: 30 });
    await settle();
    const [seen] = b.runner.view().others;
    expect(seen?.challenge.author).toBe(a.key);
    expect(seen?.challenge.rating).toEqual({ rating: 1620, deviation: 80, games: 30 });
    expect(c.runner.view().others).toHaveLength(1);
    expect(a.runner.view().mine).toHaveLength(1);

    b.runner.accept(seen!.challenge);
    await settle();
    await settle();
    expect(a.pairings).toHaveLength(1);
    expect(b.pairings).toHaveLength(1);
    const [onA, onB] = [a.pairings[0]!, b.pairings[0]!];
    expect(onA.pairing).toMatchObject({ opponent: b.key, role: 'challenger' });
    expect(onB.pairing).toMatchObject({ opponent: a.key, role: 'acceptor' });
    expect(onA.pairing.games).toEqual(onB.pairing.games);
    expect(onB.pairing.games[0]!.acceptorPlays).toBe(2); // A asked for Black
    expect(onA.relays).toEqual([RELAY]);
    expect(c.runner.view().others).toEqual([]);
    expect(a.runner.view().mine).toEqual([]);
  });

  it('never lists a blocked key’s challenge, and lists it again once unblocked', async () => {
    const { device, settle } = setUp();
    const [a, c] = [device(), device()];
    c.blocked.add(a.key);
    a.runner.challenge('ChallengeAAAAAAA', TERMS, null);
    await settle();
    expect(c.runner.view().others).toEqual([]);
    c.blocked.delete(a.key);
    // The board kept nothing from a blocked key; its next challenge is listed.
    a.runner.challenge('ChallengeBBBBBBB', TERMS, null);
    await settle();
    expect(c.runner.view().others.map((o) => o.challenge.id)).toEqual(['ChallengeBBBBBBB']);
  });

  it('keeps a bounded list under a flood of challenges, and drops oversized and malformed ones', async () => {
    const { network, device } = setUp();
    const c = device();
    const flooder = generateSecretKey();
    for (let i = 0; i < MAX_KEPT + 100; i++)
      network.inject(
        RELAY,
        buildChallenge(TERMS, null, { id: `Flood${String(i).padStart(11, '0')}`, now: START + i, secretKey: flooder }),
      );
    const listed = c.runner.view().others;
    expect(listed).toHaveLength(MAX_KEPT);
    // The newest are kept.
    expect(listed[0]!.challenge.createdAt).toBe(START + MAX_KEPT + 99);

    const before = c.runner.state();
    const odd = (
      content: string,
      tags = [
        ['d', 'OddAAAAAAAAAAAAA'],
        ['t', CHALLENGE_TOPIC],
        ['expiration', String(START + 900)],
      ],
    ) => finalizeEvent({ kind: CHALLENGE_KIND, created_at: START + 5000, tags, content }, generateSecretKey());
    const bad: Event[] = [
      odd('x'.repeat(100_000)),
      odd('{not json'),
      odd(JSON.stringify({ v: 1, terms: { ...TERMS, size: 20 }, rating: null })),
      odd(JSON.stringify({ v: 1, terms: TERMS, rating: { rating: 1e9, deviation: 1, games: 1 } })),
      odd(JSON.stringify({ v: 1, terms: TERMS, rating: null }), [['t', CHALLENGE_TOPIC]]),
    ];
    for (const event of bad) network.inject(RELAY, event);
    expect(c.runner.state()).toBe(before);
  });

  it('pairs nothing on a confirmation from a key that was not challenged', async () => {
    const { network, device, settle, clock } = setUp();
    const [a, b] = [device(), device()];
    const mallory = generateSecretKey();
    // A stays silent (its runner is stopped), so only Mallory answers B's acceptance.
    a.runner.challenge('ChallengeAAAAAAA', TERMS, null);
    await settle();
    a.runner.stop();
    const challenge = b.runner.view().others[0]!.challenge;
    b.runner.accept(challenge);
    await settle();
    const sent = network.relay(RELAY).events.find((e) => e.pubkey === b.key)!;
    network.inject(
      RELAY,
      buildConfirmation(
        {
          eventId: sent.id,
          acceptor: b.key,
          challengeEventId: challenge.eventId,
          createdAt: clock.now,
          games: [],
          rating: null,
        },
        { secretKey: mallory, now: clock.now },
      ),
    );
    await settle();
    expect(b.pairings).toEqual([]);
    expect(b.runner.view().others[0]!.waiting).toBe(true);
  });

  it('pairs nothing on an acceptance of a challenge already withdrawn, and publishes nothing', async () => {
    const { network, device, settle, clock } = setUp();
    const a = device();
    a.runner.challenge('ChallengeAAAAAAA', TERMS, null);
    await settle();
    const challenge = a.runner.view().mine[0]!;
    clock.now += 10;
    a.runner.withdraw(challenge.id);
    await settle();
    const published = network.relay(RELAY).events.length;
    const late = generateSecretKey();
    network.inject(
      RELAY,
      buildAcceptance(challenge, { secretKey: late, acceptor: getPublicKey(late), now: clock.now }),
    );
    await settle();
    expect(a.pairings).toEqual([]);
    expect(network.relay(RELAY).events.length).toBe(published + 1); // only the acceptance itself
  });
});
