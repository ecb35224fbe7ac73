/**
 * The signing chunk (link-signer.ts loads it): this device's key from storage (made the first time, as
 * online play makes it), the relay list, and net's BIP-340 signing and checking of links.
 */
import { generateKeyPair, keyPairFromSecret, secretKeyBytes } from '../../net/identity';
import { signGameLink, signedLinkArrival } from '../../net/link-signature';
import { ensureDeviceKey } from '../../storage';
import { currentRelays } from '../online/online';
import { db } from '../shell/app-state';
import type { LinkSecurity } from './link-signer';

export async function loadLinkSecurity(): Promise<LinkSecurity> {
  const none: LinkSecurity = { signer: null, judge: signedLinkArrival };
  const d = db.value;
  if (!d) return none;
  const stored = await ensureDeviceKey(d, generateKeyPair);
  if (!stored.ok) return none;
  const pair = keyPairFromSecret(stored.value.secretKey, stored.value.publicKey);
  if (!pair.ok) return none;
  const secret = secretKeyBytes(pair.value);
  return {
    signer: {
      publicKey: pair.value.publicKey,
      relays: currentRelays,
      sign: (options, carryKey) => signGameLink(options, secret, carryKey),
    },
    judge: signedLinkArrival,
  };
}
