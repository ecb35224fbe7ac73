/**
 * Signed friend links on the page (issue 30, item 6): the device key that signs every friend link this
 * device makes, and the check every friend link it opens goes through. Both live in a chunk of their own
 * (link-signing.ts: the curve, the key in storage, the relay list), loaded the first time a friend game or
 * a friend link is on screen, never with the first screen. Until it is loaded (or where it cannot be: no
 * storage) links are made unsigned, as before signed links.
 */
import { signal } from '@preact/signals';
import type { GameLinkOptions, LinkJudge } from '../../core';
import type { LinkTrust } from '../../storage';

/** This device as a link's sender: its public key and the relays it reads, and a signature over a link. */
export interface LinkSigner {
  readonly publicKey: string;
  /** The relays this device reads (online's relay list): the hints a link carries with the key. */
  readonly relays: () => readonly string[];
  /** The signed link for `options`, carrying the key and relay hints when `carryKey`. */
  readonly sign: (options: GameLinkOptions, carryKey: boolean) => string;
}

/** What the page checks and signs links with. */
export interface LinkSecurity {
  /** null where this device has no key (no storage): its links go unsigned. */
  readonly signer: LinkSigner | null;
  readonly judge: LinkJudge;
}

/** Loaded link security (null until prepareLinkSecurity's chunk is in). */
export const linkSecurity = signal<LinkSecurity | null>(null);

let loading: Promise<LinkSecurity> | null = null;

/** Loads the signing chunk and this device's key (made the first time); the same promise after. */
export function prepareLinkSecurity(): Promise<LinkSecurity> {
  loading ??= import('./link-signing').then(async (chunk) => (linkSecurity.value = await chunk.loadLinkSecurity()));
  const current = loading;
  // A key that could not be loaded (storage not open yet) is tried again the next time it is asked for.
  void current.then((security) => {
    if (!security.signer && loading === current) loading = null;
  });
  return current;
}

/** What storage judges an opened link with (its signature, this device's key). */
export const linkTrust = (security: LinkSecurity): LinkTrust => ({
  judge: security.judge,
  myKey: security.signer?.publicKey ?? null,
});
