/**
 * The device's identity on Nostr: a key pair (secp256k1 Schnorr, NIP-01) made and used through nostr-tools
 * over @noble's audited curves, its public key as an npub (NIP-19), and a short fingerprint two players can
 * compare by voice. Keys travel as lowercase hex strings (how storage keeps them and how Nostr events carry
 * public keys); the secret key is turned into bytes only where something is signed.
 *
 * The fingerprint is 16 decimal digits in 4 groups ("0412 9930 7781 2045") taken from the SHA-256 of the
 * public key. Digits, because they are read out the same way in every language the app speaks (a German
 * and a Chinese player compare the same string; words or letters would need one list per language and
 * read differently); 4 groups of 4, because that is how people read card and phone numbers aloud. 16
 * digits are 53 bits: making a key whose fingerprint matches a given one takes about 2^53 key generations,
 * far more than anyone would spend to impersonate a Pente opponent, while a longer string would simply not
 * be compared. From the hash rather than the key itself, so it shares nothing visible with the npub.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { decode, npubEncode } from 'nostr-tools/nip19';
import { type Result, err, ok } from '../core';

export interface KeyPair {
  /** 64 lowercase hex digits: the secret key. Never leaves the device except in the player's own export. */
  readonly secretKey: string;
  /** 64 lowercase hex digits: the x-only public key, as events carry it. */
  readonly publicKey: string;
}

const HEX_64 = /^[0-9a-f]{64}$/;

/** A fresh key pair from the platform's secure random numbers (crypto.getRandomValues, via nostr-tools). */
export function generateKeyPair(): KeyPair {
  const secret = generateSecretKey();
  return { secretKey: bytesToHex(secret), publicKey: getPublicKey(secret) };
}

export type KeyProblem =
  | { readonly kind: 'not-hex' }
  | { readonly kind: 'out-of-range' }
  | { readonly kind: 'mismatch' }
  | { readonly kind: 'not-npub' };

/**
 * The key pair of a stored secret key, checked: 64 hex digits that are a valid secp256k1 scalar (not 0,
 * below the group order), and when `publicKey` is given, the one it makes (a record whose two halves
 * disagree is damaged, not trusted).
 */
export function keyPairFromSecret(secretKey: string, publicKey?: string): Result<KeyPair, KeyProblem> {
  const secret = secretKey.toLowerCase();
  if (!HEX_64.test(secret)) return err({ kind: 'not-hex' });
  let derived: string;
  try {
    derived = getPublicKey(hexToBytes(secret));
  } catch {
    return err({ kind: 'out-of-range' });
  }
  if (publicKey !== undefined && publicKey.toLowerCase() !== derived) return err({ kind: 'mismatch' });
  return ok({ secretKey: secret, publicKey: derived });
}

/** The secret key as bytes, for signing (nostr-tools' finalizeEvent, NIP-44's conversation key). */
export function secretKeyBytes(pair: KeyPair): Uint8Array {
  return hexToBytes(pair.secretKey);
}

/** The public key as an npub (NIP-19 bech32), the form Nostr clients show and accept. */
export function npub(publicKey: string): string {
  return npubEncode(publicKey);
}

/** A public key typed or pasted as an npub or as 64 hex digits, in hex; or why it is not one. */
export function parsePublicKey(text: string): Result<string, KeyProblem> {
  const trimmed = text.trim();
  if (HEX_64.test(trimmed.toLowerCase())) return ok(trimmed.toLowerCase());
  if (!/^npub1[02-9ac-hj-np-z]+$/i.test(trimmed)) return err({ kind: 'not-npub' });
  try {
    const decoded = decode(trimmed.toLowerCase());
    return decoded.type === 'npub' ? ok(decoded.data) : err({ kind: 'not-npub' });
  } catch {
    return err({ kind: 'not-npub' });
  }
}

export const FINGERPRINT_GROUPS = 4;
export const FINGERPRINT_GROUP_DIGITS = 4;
const FINGERPRINT_DIGITS = FINGERPRINT_GROUPS * FINGERPRINT_GROUP_DIGITS;

/**
 * The public key's fingerprint: the first 128 bits of its SHA-256, reduced to 16 decimal digits (the bias
 * of the reduction, 10^16 in 2^128, is nil), in groups of 4 separated by spaces.
 */
export function fingerprint(publicKey: string): string {
  const digest = sha256(hexToBytes(publicKey.toLowerCase()));
  const value = BigInt(`0x${bytesToHex(digest.subarray(0, 16))}`) % 10n ** BigInt(FINGERPRINT_DIGITS);
  const digits = value.toString().padStart(FINGERPRINT_DIGITS, '0');
  const groups: string[] = [];
  for (let i = 0; i < FINGERPRINT_DIGITS; i += FINGERPRINT_GROUP_DIGITS)
    groups.push(digits.slice(i, i + FINGERPRINT_GROUP_DIGITS));
  return groups.join(' ');
}
