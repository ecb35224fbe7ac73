import { describe, expect, it } from 'vitest';
import { finalizeEvent, generateSecretKey, getEventHash } from 'nostr-tools/pure';
import type { Event } from '../../src/net/relay-pool';
import { createFakeRelayNetwork, createFakeRelayPool } from './fake-relay-pool';

const secret = generateSecretKey();
const note = (content: string): Event => finalizeEvent({ kind: 1, created_at: 1, tags: [], content }, secret);
const A = 'wss://a.example';
const B = 'wss://b.example';

describe('the fake relay pool behaves as the port says', () => {
  it('delivers a published event once to a subscriber on several relays, stored and live', async () => {
    const network = createFakeRelayNetwork();
    const publisher = createFakeRelayPool(network);
    const stored = note('before');
    await publisher.publish([A, B], stored);
    const seen: string[] = [];
    let caughtUp = false;
    const sub = createFakeRelayPool(network).subscribe([A, B], [{ kinds: [1] }], {
      onEvent: (e) => seen.push(e.content),
      onCaughtUp: () => (caughtUp = true),
    });
    expect(caughtUp).toBe(true);
    expect(await publisher.publish([A, B], note('live'))).toEqual([
      { url: A, accepted: true },
      { url: B, accepted: true },
    ]);
    sub.close();
    await publisher.publish([A], note('after close'));
    expect(seen).toEqual(['before', 'live']);
  });

  it('refuses a forged event, reports a relay that is down or refuses, and shows their states', async () => {
    const network = createFakeRelayNetwork();
    network.relay(B).up = false;
    const pool = createFakeRelayPool(network);
    const forged = { ...note('real'), content: 'forged' };
    forged.id = getEventHash(forged);
    expect(await pool.publish([A], forged)).toEqual([{ url: A, accepted: false, reason: 'invalid: bad signature' }]);
    network.relay(A).refuse = 'blocked: rate limit';
    expect(await pool.publish([A, B], note('x'))).toEqual([
      { url: A, accepted: false, reason: 'blocked: rate limit' },
      { url: B, accepted: false, reason: 'could not connect' },
    ]);
    expect(pool.statuses()).toEqual([
      { url: A, state: 'connected' },
      { url: B, state: 'failed' },
    ]);
    const seen: string[] = [];
    createFakeRelayPool(network).subscribe([A], [{ kinds: [1] }], { onEvent: (e) => seen.push(e.content) });
    network.inject(A, forged);
    expect(seen).toEqual([]);
  });
});
