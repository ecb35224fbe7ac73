/**
 * Signed links (issue 30, item 6). A link's two-digit check is a typo guard anyone can recompute: with it
 * alone, whoever has seen one link of a game could add "Bob's" move, resign for him or make up a loss on
 * time. A signed link carries one BIP-340 Schnorr signature (64 bytes, 86 characters) by its sender's Nostr
 * key, over the link's text before the signature and the sender's public key, so a link that was changed,
 * or made by anyone but the player it claims to come from, is refused like a forged event.
 *
 * Keys are learned and pinned per game: the invitation carries the inviter's key (`k`), and the invited
 * friend's first reply carries theirs (by link, or their acceptance event by relay); the first one a device
 * sees for the other side is pinned to the game and every later link (or event) from that side must verify
 * against it. A link carries its sender's key while the other side may not have pinned it yet
 * (linkCarriesKey), so links stay short once both keys are known.
 *
 * Unsigned links (made before issue 30, or by an app without keys) are still read: for a game that never
 * pinned the sender's key they are judged by the merge rule as before; once a game has pinned it, an
 * unsigned link claiming to come from that side is refused.
 *
 * The core reads and writes the seal's bytes (link.ts: LinkSeal, formatGameLinkBody, sealGameLink); the
 * cryptography is here, from @noble/curves (the curve nostr-tools signs with).
 */
import { schnorr } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import {
  type FriendCopy,
  type GameKeys,
  type GameLinkOptions,
  type JudgedLink,
  type LinkRefusal,
  type OpenedLink,
  type Result,
  err,
  formatGameLinkBody,
  linkArrival,
  ok,
  sealGameLink,
} from '../core';

/** Separates a link's signature from any other signature the same key makes (an event's, another app's). */
const DOMAIN = new TextEncoder().encode('pente/link-signature/v1');
const utf8 = new TextEncoder();
const NO_AUX = new Uint8Array(32);

/** What is signed: a hash of the domain, the sender's key and the link's text before its signature. */
const signedMessage = (publicKey: string, signedText: string): Uint8Array =>
  sha256(concatBytes(DOMAIN, hexToBytes(publicKey), utf8.encode(signedText)));

/** The sender's public key (x-only, hex) for its secret key. */
export const publicKeyOf = (secretKey: Uint8Array): string => bytesToHex(schnorr.getPublicKey(secretKey));

/**
 * A signed link for `options` (as formatGameLink takes them), by `secretKey`; carrying the sender's key
 * when `carryKey` (linkCarriesKey says when).
 */
export function signGameLink(options: GameLinkOptions, secretKey: Uint8Array, carryKey: boolean): string {
  const publicKey = publicKeyOf(secretKey);
  const body = formatGameLinkBody({ ...options, publicKey: carryKey ? publicKey : null });
  // No auxiliary randomness (BIP-340 allows it: the nonce still comes from the key and the message), so the
  // same game makes the same link however often a screen draws it.
  return sealGameLink(body, bytesToHex(schnorr.sign(signedMessage(publicKey, body), secretKey, NO_AUX)));
}

export { linkCarriesKey } from '../core';
export type { GameKeys, LinkRefusal };

/** A link that may be read on: whose key signed it (null: unsigned), and whether to pin that key now. */
export interface LinkTrust {
  readonly publicKey: string | null;
  /** The key is new to this game: pin it to the sender's side. */
  readonly pin: boolean;
}

/**
 * Whether `opened` may come from the player it claims (its friend marks' sender), given the key this
 * device has pinned for that side of the game (its own key when the link claims to be its own; null: none
 * pinned, as for an invitation or a game from before issue 30). A link that passes is then judged by the
 * merge rule (core/friend.ts) as any link.
 */
export function checkLinkSignature(opened: OpenedLink, pinnedKey: string | null): Result<LinkTrust, LinkRefusal> {
  const { seal } = opened.link;
  if (!seal) return pinnedKey === null ? ok({ publicKey: null, pin: false }) : err({ kind: 'unsigned' });
  if (pinnedKey !== null && seal.publicKey !== null && seal.publicKey !== pinnedKey) return err({ kind: 'wrong-key' });
  const key = pinnedKey ?? seal.publicKey;
  if (key === null) return err({ kind: 'no-key' });
  let valid: boolean;
  try {
    valid = schnorr.verify(hexToBytes(seal.signature), signedMessage(key, seal.signedText), hexToBytes(key));
  } catch {
    valid = false;
  }
  if (!valid) return err({ kind: 'bad-signature' });
  return ok({ publicKey: key, pin: pinnedKey === null });
}

/**
 * What opening a friend link means, signatures first (core's LinkJudge, which storage runs in the
 * transaction that merges it): the key pinned for the side the link claims to come from (this device's own
 * key for its own side; none for a game this device has no copy of, whose invitation brings the inviter's
 * key) must have signed it, and then the merge rule (core's linkArrival) says what it does. `pin`: the key
 * to pin for the other side, when this link is the first to bring it.
 *
 * One exception, so two copies never dead-end: a link that conflicts with the copy (the lines part) and is
 * signed by another key than the pinned one, which it carries and verifies against, is let through as the
 * conflict it is, with its signer: one invitation opened on two of the friend's devices makes two lines
 * signed by two keys. Nothing is stored from it unless the player, shown where the lines part, chooses
 * (core's resolveDivergence); a link by another key that would carry the game on is refused.
 */
export function signedLinkArrival(
  opened: OpenedLink,
  copy: FriendCopy | null,
  keys: GameKeys,
): Result<JudgedLink, LinkRefusal> {
  const sender = opened.link.friend?.sender;
  if (sender === undefined) return ok({ arrival: linkArrival(opened, copy), pin: null, signer: null });
  const expected = copy ? (sender === copy.mySide ? keys.mine : keys.theirs) : null;
  const trust = checkLinkSignature(opened, expected);
  const arrival = linkArrival(opened, copy);
  // A game this device has no part in (not an invitation) is only looked at: no key to check it by.
  if (!copy && arrival.kind !== 'join') return ok({ arrival, pin: null, signer: null });
  if (!trust.ok) {
    const carried = opened.link.seal?.publicKey ?? null;
    if (trust.error.kind !== 'wrong-key' || arrival.kind !== 'conflict' || carried === null) return trust;
    const own = checkLinkSignature(opened, carried);
    return own.ok ? ok({ arrival, pin: null, signer: carried }) : own;
  }
  const fromThem = !copy || sender !== copy.mySide;
  const pin = trust.value.pin && fromThem ? trust.value.publicKey : null;
  return ok({ arrival, pin, signer: trust.value.publicKey });
}
