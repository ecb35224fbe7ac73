/**
 * Online play's controller on the page (issue 30): the device's identity (its key pair, kept by storage
 * and checked by net) and the one relay pool, whose relays' states the screens show. Loaded only where
 * online play is shown (a dynamic import), so nostr-tools never reaches the first screen.
 *
 * The pool is made when something first needs the network (a game with a person, or Settings' "Check the
 * connections"): opening Settings alone contacts no relay. `relayStatuses` then follows every relay's state.
 */
import { signal } from '@preact/signals';
import { fingerprint, generateKeyPair, keyPairFromSecret, npub } from '../../net/identity';
import { type RelayPort, type RelayStatus, createRelayPool } from '../../net/relay-pool';
import { type RelayEdits, readRelayEdits, relayDefaultsFromEnv, relayList } from '../../net/relays';
import { ensureDeviceKey } from '../../storage';
import { db, settings } from '../shell/app-state';
import { storageErrorText, storageProblemText } from '../words/storage-words';

/** What this build lists before the player's edits: npm start's and the e2e build's local relay among them. */
export const RELAY_DEFAULTS = relayDefaultsFromEnv(import.meta.env);

export interface DeviceIdentity {
  readonly publicKey: string;
  readonly npub: string;
  readonly fingerprint: string;
}

export type IdentityState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly identity: DeviceIdentity }
  | { readonly kind: 'failed'; readonly why: string };

export const identity = signal<IdentityState>({ kind: 'loading' });
export const relayStatuses = signal<readonly RelayStatus[]>([]);
/** True once the pool exists (online play in use): the relays' states mean something only then. */
export const poolStarted = signal(false);

/** The player's relay edits as stored, read through net's check (a bad entry is dropped, not trusted). */
export const relayEdits = (): RelayEdits => readRelayEdits(settings.value.relayEdits);
/** The relays in use now. */
export const currentRelays = (): string[] => relayList(RELAY_DEFAULTS, relayEdits());

let loading: Promise<IdentityState> | null = null;

/** Loads (the first time: makes and stores) this device's key pair, and checks that its halves agree. */
export function loadIdentity(): Promise<IdentityState> {
  loading ??= (async (): Promise<IdentityState> => {
    const d = db.value;
    if (!d) return (identity.value = { kind: 'failed', why: storageProblemText({ kind: 'no-storage' }) });
    const stored = await ensureDeviceKey(d, generateKeyPair);
    if (!stored.ok) return (identity.value = { kind: 'failed', why: storageErrorText(stored.error) });
    const pair = keyPairFromSecret(stored.value.secretKey, stored.value.publicKey);
    if (!pair.ok) return (identity.value = { kind: 'failed', why: pair.error.kind });
    const { publicKey } = pair.value;
    return (identity.value = {
      kind: 'ready',
      identity: { publicKey, npub: npub(publicKey), fingerprint: fingerprint(publicKey) },
    });
  })();
  const current = loading;
  // A failure (storage not open yet) is tried again the next time it is asked for.
  void current.then((state) => {
    if (state.kind === 'failed' && loading === current) loading = null;
  });
  return current;
}

let pool: RelayPort | null = null;

/** The page's one relay pool (made on first use), its states mirrored in `relayStatuses`. */
export function relayPool(): RelayPort {
  if (!pool) {
    pool = createRelayPool();
    pool.onStatus((statuses) => (relayStatuses.value = statuses));
    poolStarted.value = true;
  }
  return pool;
}

/** Connects to every relay in the list, so each one's state shows. */
export function checkRelays(): void {
  const urls = currentRelays();
  const port = relayPool();
  port.connect(urls);
  relayStatuses.value = port.statuses();
}
