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
  type GameLinkOptions,
  type LinkArrival,
  type OpenedLink,
  type Player,
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
  return sealGameLink(body, bytesToHex(schnorr.sign(signedMessage(publicKey, body), secretKey)));
}

/**
 * Whether a link this device sends should carry its key: while the other side may not have pinned it. The
 * inviter's key is in the invitation, and the friend pins it when they join, so the inviter carries it until
 * the friend's first move is in the game; the friend carries theirs until a move of the inviter's that
 * answers the friend's first move is (the inviter can only have made it after pinning).
 */
export function linkCarriesKey(moveCount: number, mySide: Player, invitedByMe: boolean): boolean {
  const firstMoveOf = (side: Player) => (side === 1 ? 1 : 2);
  const theirSide: Player = mySide === 1 ? 2 : 1;
  if (invitedByMe) return moveCount < firstMoveOf(theirSide);
  return moveCount < firstMoveOf(mySide) + 1;
}

/** Why a link is refused. */
export type LinkRefusal =
  /** The game pinned this side's key, and the link is not signed. */
  | { readonly kind: 'unsigned' }
  /** Signed, but no key is pinned for its sender and it carries none: nothing to check it against. */
  | { readonly kind: 'no-key' }
  /** It carries another key than the one pinned for the player it claims to come from. */
  | { readonly kind: 'wrong-key' }
  /** The signature does not verify: the link was changed, or signed by someone else. */
  | { readonly kind: 'bad-signature' };

/** A sentence for each refusal, for the screen's error (the UI puts its own words in its catalogue). */
export const LINK_REFUSALS = {
  unsigned: 'This game’s links are signed, and this one is not: it was not made by your friend’s app.',
  'no-key': 'This link is signed, but by a key this game does not know.',
  'wrong-key': 'This link was signed by someone other than the player it claims to come from.',
  'bad-signature': 'This link’s signature does not match it: it was changed after it was signed.',
} as const satisfies Record<LinkRefusal['kind'], string>;

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

/** The keys a device knows for one friend game: its own, and the one pinned for the other side (null: none yet). */
export interface GameKeys {
  readonly mine: string;
  readonly theirs: string | null;
}

/**
 * What opening a friend link means, signatures first: the key pinned for the side the link claims to come
 * from (this device's own key for its own side; none for a game this device has no copy of, whose
 * invitation brings the inviter's key) must have signed it, and then the merge rule (core's linkArrival)
 * says what it does. `pin`: the key to pin for the other side, when this link is the first to bring it.
 */
export function signedLinkArrival(
  opened: OpenedLink,
  copy: FriendCopy | null,
  keys: GameKeys | null,
): Result<{ readonly arrival: LinkArrival; readonly pin: string | null }, LinkRefusal> {
  const sender = opened.link.friend?.sender;
  if (sender === undefined) return ok({ arrival: linkArrival(opened, copy), pin: null });
  const expected = copy && keys ? (sender === copy.mySide ? keys.mine : keys.theirs) : null;
  const trust = checkLinkSignature(opened, expected);
  if (!trust.ok) return trust;
  const fromThem = !copy || sender !== copy.mySide;
  return ok({ arrival: linkArrival(opened, copy), pin: trust.value.pin && fromThem ? trust.value.publicKey : null });
}
