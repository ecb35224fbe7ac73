/**
 * A fake of the relay port (src/net/relay-pool.ts) for unit tests: relays in memory that store what is
 * published (but ephemeral kinds, as real relays) and send it to matching subscriptions at once, with switches for the faults a real network
 * has (a relay down, one that refuses). It checks signatures and filters as the real pool does, so a test
 * of the game code sees what the page would.
 */
import { matchFilters } from 'nostr-tools/filter';
import { verifyEvent } from 'nostr-tools/pure';
import type {
  Event,
  Filter,
  PublishOutcome,
  RelayPort,
  RelayState,
  RelayStatus,
  SubscribeHandlers,
} from '../../src/net/relay-pool';

/**
 * Checked as it would arrive over a socket: nostr-tools' verifyEvent remembers a verdict on the object
 * itself (a symbol that `{ ...event }` copies), so a forged copy of a signed event would pass unchecked.
 */
const verifiedOnArrival = (event: Event): boolean => verifyEvent(JSON.parse(JSON.stringify(event)) as Event);

const isEphemeral = (kind: number) => kind >= 20000 && kind < 30000;

export interface FakeRelay {
  readonly events: Event[];
  /** False: connecting fails, publishing is refused with 'could not connect'. */
  up: boolean;
  /** A reason to refuse every event with (as a relay's OK false), or null to accept. */
  refuse: string | null;
}

export interface FakeRelayNetwork {
  relay(url: string): FakeRelay;
  /** Delivers an event as if some other client had published it to `url` (signature checked on arrival). */
  inject(url: string, event: Event): void;
}

interface Listener {
  readonly urls: ReadonlySet<string>;
  readonly filters: readonly Filter[];
  readonly deliver: (event: Event, url: string) => void;
}

export function createFakeRelayNetwork(): FakeRelayNetwork & { readonly listeners: Set<Listener> } {
  const relays = new Map<string, FakeRelay>();
  const listeners = new Set<Listener>();
  const relay = (url: string) => {
    let found = relays.get(url);
    if (!found) relays.set(url, (found = { events: [], up: true, refuse: null }));
    return found;
  };
  return {
    relay,
    listeners,
    inject(url, event) {
      // An ephemeral kind (NIP-01: 20000–29999) goes to whoever listens now and is kept by no relay.
      if (!isEphemeral(event.kind)) relay(url).events.push(event);
      for (const listener of listeners)
        if (listener.urls.has(url) && matchFilters([...listener.filters], event)) listener.deliver(event, url);
    },
  };
}

export function createFakeRelayPool(network: ReturnType<typeof createFakeRelayNetwork>): RelayPort {
  const known = new Map<string, RelayState>();
  const statusListeners = new Set<(statuses: readonly RelayStatus[]) => void>();
  const statuses = () => [...known].map(([url, state]) => ({ url, state }));
  const touch = (url: string) => {
    const state: RelayState = network.relay(url).up ? 'connected' : 'failed';
    if (known.get(url) === state) return;
    known.set(url, state);
    for (const listener of statusListeners) listener(statuses());
  };
  return {
    connect(relays) {
      relays.forEach(touch);
    },
    publish(relays, event) {
      return Promise.resolve(
        [...new Set(relays)].map((url): PublishOutcome => {
          touch(url);
          const relay = network.relay(url);
          if (!relay.up) return { url, accepted: false, reason: 'could not connect' };
          if (relay.refuse) return { url, accepted: false, reason: relay.refuse };
          if (!verifiedOnArrival(event)) return { url, accepted: false, reason: 'invalid: bad signature' };
          if (!relay.events.some((e) => e.id === event.id)) network.inject(url, event);
          return { url, accepted: true };
        }),
      );
    },
    subscribe(relays, filters, handlers: SubscribeHandlers) {
      const seen = new Set<string>();
      const listener: Listener = {
        urls: new Set(relays.filter((url) => network.relay(url).up)),
        filters,
        deliver: (event, url) => {
          if (seen.has(event.id) || !verifiedOnArrival(event)) return;
          seen.add(event.id);
          handlers.onEvent(event, url);
        },
      };
      relays.forEach(touch);
      for (const url of listener.urls)
        for (const event of network.relay(url).events)
          if (matchFilters([...filters], event)) listener.deliver(event, url);
      network.listeners.add(listener);
      handlers.onCaughtUp?.();
      return { close: () => network.listeners.delete(listener) };
    },
    statuses,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    close() {
      network.listeners.clear();
      known.clear();
    },
  };
}
