import { describe, expect, it } from 'vitest';
import { finalizeEvent, verifyEvent } from 'nostr-tools/pure';
import {
  fingerprint,
  generateKeyPair,
  keyPairFromSecret,
  npub,
  parsePublicKey,
  secretKeyBytes,
} from '../../src/net/identity';

// NIP-19's own test vector: this public key is npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6.
const NIP19_HEX = '3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d';
const NIP19_NPUB = 'npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6';
// secp256k1: the secret key 1 has the generator's x as its public key.
const ONE = `${'0'.repeat(63)}1`;
const G_X = '79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798';
const ORDER = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141';

describe('key pairs', () => {
  it('makes a fresh key pair whose halves agree and which signs events that verify', () => {
    const pair = generateKeyPair();
    expect(pair.secretKey).toMatch(/^[0-9a-f]{64}$/);
    expect(pair.publicKey).toMatch(/^[0-9a-f]{64}$/);
    expect(keyPairFromSecret(pair.secretKey, pair.publicKey)).toEqual({ ok: true, value: pair });
    expect(generateKeyPair().secretKey).not.toBe(pair.secretKey);
    const event = finalizeEvent({ kind: 1, created_at: 0, tags: [], content: '' }, secretKeyBytes(pair));
    expect(event.pubkey).toBe(pair.publicKey);
    expect(verifyEvent(event)).toBe(true);
  });

  it('checks a stored secret key and its public key', () => {
    expect(keyPairFromSecret(ONE)).toEqual({ ok: true, value: { secretKey: ONE, publicKey: G_X } });
    expect(keyPairFromSecret(ONE.toUpperCase(), G_X.toUpperCase()).ok).toBe(true);
    expect(keyPairFromSecret(ONE, NIP19_HEX)).toEqual({ ok: false, error: { kind: 'mismatch' } });
    expect(keyPairFromSecret('0'.repeat(64))).toEqual({ ok: false, error: { kind: 'out-of-range' } });
    expect(keyPairFromSecret(ORDER)).toEqual({ ok: false, error: { kind: 'out-of-range' } });
    expect(keyPairFromSecret('f'.repeat(64))).toEqual({ ok: false, error: { kind: 'out-of-range' } });
    for (const bad of ['', 'xyz', ONE.slice(1), `${ONE}0`, ` ${ONE.slice(1)}`, `${'g'.repeat(64)}`])
      expect(keyPairFromSecret(bad)).toEqual({ ok: false, error: { kind: 'not-hex' } });
  });
});

describe('public keys as npub', () => {
  it('encodes and parses NIP-19 npubs, and takes hex too', () => {
    expect(npub(NIP19_HEX)).toBe(NIP19_NPUB);
    expect(parsePublicKey(NIP19_NPUB)).toEqual({ ok: true, value: NIP19_HEX });
    expect(parsePublicKey(` ${NIP19_NPUB.toUpperCase()} `)).toEqual({ ok: true, value: NIP19_HEX });
    expect(parsePublicKey(NIP19_HEX.toUpperCase())).toEqual({ ok: true, value: NIP19_HEX });
  });

  it('refuses what is not a public key', () => {
    const wrongChecksum = `${NIP19_NPUB.slice(0, -1)}7`;
    const nsec = 'nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5';
    for (const bad of ['', 'npub1', wrongChecksum, nsec, 'npub1bio', NIP19_HEX.slice(1), 'hello'])
      expect(parsePublicKey(bad)).toEqual({ ok: false, error: { kind: 'not-npub' } });
  });
});

describe('fingerprint', () => {
  it('is 4 groups of 4 digits, the same for the same key and different for another', () => {
    const print = fingerprint(NIP19_HEX);
    expect(print).toMatch(/^\d{4} \d{4} \d{4} \d{4}$/);
    expect(fingerprint(NIP19_HEX.toUpperCase())).toBe(print);
    expect(fingerprint(G_X)).not.toBe(print);
  });

  it('is fixed for a given key (a change would make old comparisons disagree)', () => {
    expect(fingerprint(G_X)).toMatchInlineSnapshot(`"9879 2418 2322 0373"`);
  });

  it('spreads over the digits: 200 keys give 200 different fingerprints', () => {
    const prints = new Set(Array.from({ length: 200 }, () => fingerprint(generateKeyPair().publicKey)));
    expect(prints.size).toBe(200);
  });
});
