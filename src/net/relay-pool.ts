/**
 * The one port to the network: publish an event to several relays, subscribe to events, and each relay's
 * connection state. Everything that talks to relays goes through `RelayPort`, so the game code is tested
 * against the fake (tests/net/fake-relay-pool.ts) and the real sockets live here alone.
 *
 * The implementation keeps one nostr-tools AbstractRelay per URL (its wire protocol, reconnection with
 * back-off and re-subscription, pings that notice a relay that hangs) and adds what a page needs from a
 * network it does not trust:
 * - every wait has an end: connecting, publishing (a relay that never answers OK counts as "no answer");
 * - every event is checked (id and Schnorr signature, nostr-tools' verifyEvent) and matched against the
 *   subscription's filters before anyone sees it, and each event reaches the listener once however many
 *   relays send it;
 * - a relay that floods is cut off: past `maxEvents` messages on one subscription, that relay's part of it
 *   is closed (the others go on), and a message larger than `maxMessageBytes` is dropped unread, so one
 *   relay can neither hold the page in JSON.parse nor in signature checks;
 * - nothing throws out of it: a publish resolves with each relay's answer.
 */
import { AbstractRelay, type Subscription as RelaySubscription } from 'nostr-tools/abstract-relay';
import type { Event } from 'nostr-tools/core';
import type { Filter } from 'nostr-tools/filter';
import { verifyEvent } from 'nostr-tools/pure';

export type { Event, Filter };

/** 'idle': not asked to connect yet; 'failed': the last try failed (it is tried again with back-off). */
export type RelayState = 'idle' | 'connecting' | 'connected' | 'failed';

export interface RelayStatus {
  readonly url: string;
  readonly state: RelayState;
}

export type PublishOutcome =
  | { readonly url: string; readonly accepted: true }
  | { readonly url: string; readonly accepted: false; readonly reason: string };

export interface SubscribeHandlers {
  /** A checked event (valid signature, matches the filters), once per event id. */
  readonly onEvent: (event: Event, url: string) => void;
  /** Every relay has sent what it had stored (or given up): what follows is live. */
  readonly onCaughtUp?: () => void;
  /** A relay sent more than the subscription's cap and was cut off from it. */
  readonly onFlood?: (url: string) => void;
}

export interface SubscribeOptions {
  /** The most messages one relay may send on this subscription (default DEFAULT_MAX_EVENTS). */
  readonly maxEvents?: number;
}

export interface Subscription {
  close(): void;
}

export interface RelayPort {
  /** Connects to these relays (those not connected yet), so their states become known. */
  connect(relays: readonly string[]): void;
  /** Sends the event to every relay and resolves with each one's answer (never rejects). */
  publish(relays: readonly string[], event: Event): Promise<readonly PublishOutcome[]>;
  subscribe(
    relays: readonly string[],
    filters: readonly Filter[],
    handlers: SubscribeHandlers,
    options?: SubscribeOptions,
  ): Subscription;
  /** The state of every relay this pool has been asked about, in the order first asked. */
  statuses(): readonly RelayStatus[];
  /** Called on each change of a relay's state; returns the unsubscribe. */
  onStatus(listener: (statuses: readonly RelayStatus[]) => void): () => void;
  /** Closes every socket and subscription; the pool can connect again afterwards. */
  close(): void;
}

export const DEFAULT_MAX_EVENTS = 2000;
/** Game events are small; a message over this is not one of ours, and reading it would only cost time. */
export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024;

export interface RelayPoolOptions {
  /** The WebSocket class (default the global one; Node tests pass `ws`'s). */
  readonly WebSocket?: typeof WebSocket;
  readonly connectTimeoutMs?: number;
  readonly publishTimeoutMs?: number;
  /** How long a subscription waits for a relay's stored events before calling it caught up anyway. */
  readonly eoseTimeoutMs?: number;
  readonly maxMessageBytes?: number;
  /** Waits before each reconnection after a drop (default nostr-tools': 10 s, rising to 60 s); tests shorten it. */
  readonly reconnectBackoffMs?: readonly number[];
}

/**
 * The WebSocket class with its incoming messages capped: a message longer than `maxBytes` characters
 * never reaches the relay's handler (which would JSON.parse it on the page's thread).
 */
function cappedWebSocket(Base: typeof WebSocket, maxBytes: number): typeof WebSocket {
  return class CappedWebSocket extends Base {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      // The relay drops its handlers before closing a socket that timed out; Node's `ws` then reports
      // "closed before the connection was established" as an error with no one listening, which ends the
      // process. A listener of our own takes it (in a browser it is a no-op).
      this.addEventListener('error', () => {});
    }

    override set onmessage(handler: ((this: WebSocket, ev: MessageEvent) => unknown) | null) {
      super.onmessage = handler
        ? function (this: WebSocket, ev: MessageEvent) {
            if (typeof ev.data === 'string' && ev.data.length > maxBytes) return;
            return handler.call(this, ev);
          }
        : null;
    }
    override get onmessage() {
      return super.onmessage;
    }
  };
}

interface RelayEntry {
  readonly relay: AbstractRelay;
  state: RelayState;
  connecting: Promise<boolean> | null;
}

export function createRelayPool(options: RelayPoolOptions = {}): RelayPort {
  const connectTimeoutMs = options.connectTimeoutMs ?? 6000;
  const publishTimeoutMs = options.publishTimeoutMs ?? 8000;
  const eoseTimeoutMs = options.eoseTimeoutMs ?? 6000;
  const Base = options.WebSocket ?? globalThis.WebSocket;
  const SocketClass = cappedWebSocket(Base, options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES);
  const entries = new Map<string, RelayEntry>();
  const listeners = new Set<(statuses: readonly RelayStatus[]) => void>();

  const statuses = (): RelayStatus[] => [...entries].map(([url, entry]) => ({ url, state: entry.state }));
  const setState = (entry: RelayEntry, state: RelayState) => {
    if (entry.state === state) return;
    entry.state = state;
    const now = statuses();
    for (const listener of listeners) listener(now);
  };

  const entryFor = (url: string): RelayEntry => {
    const existing = entries.get(url);
    if (existing) return existing;
    const relay = new AbstractRelay(url, {
      verifyEvent,
      websocketImplementation: SocketClass,
      enablePing: true,
      enableReconnect: true,
    });
    relay.publishTimeout = publishTimeoutMs;
    relay.baseEoseTimeout = eoseTimeoutMs;
    if (options.reconnectBackoffMs) relay.resubscribeBackoff = [...options.reconnectBackoffMs];
    const entry: RelayEntry = { relay, state: 'idle', connecting: null };
    entries.set(url, entry);
    relay.onclose = () => setState(entry, 'failed');
    const now = statuses();
    for (const listener of listeners) listener(now);
    return entry;
  };

  /** Resolves true once connected, false if it could not (it never rejects). */
  const ensure = (entry: RelayEntry): Promise<boolean> => {
    if (entry.relay.connected) {
      setState(entry, 'connected');
      return Promise.resolve(true);
    }
    if (entry.connecting) return entry.connecting;
    setState(entry, 'connecting');
    entry.connecting = entry.relay
      .connect({ timeout: connectTimeoutMs })
      .then(
        () => {
          setState(entry, 'connected');
          return true;
        },
        () => {
          setState(entry, 'failed');
          return false;
        },
      )
      .finally(() => {
        entry.connecting = null;
      });
    return entry.connecting;
  };

  // The relay reconnects by itself after a drop; its state follows from its `connected` flag, read when
  // the page asks and on a slow tick while anyone listens.
  let watch: ReturnType<typeof setInterval> | null = null;
  const refresh = () => {
    for (const entry of entries.values()) {
      if (entry.connecting) continue;
      if (entry.relay.connected) setState(entry, 'connected');
      else if (entry.state === 'connected') setState(entry, 'failed');
    }
  };

  const publishTo = async (url: string, event: Event): Promise<PublishOutcome> => {
    const entry = entryFor(url);
    if (!(await ensure(entry))) return { url, accepted: false, reason: 'could not connect' };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<PublishOutcome>((resolve) => {
      timer = setTimeout(() => resolve({ url, accepted: false, reason: 'no answer' }), publishTimeoutMs + 500);
    });
    const answer = entry.relay.publish(event).then(
      (): PublishOutcome => ({ url, accepted: true }),
      (error: unknown): PublishOutcome => ({
        url,
        accepted: false,
        reason: error instanceof Error ? error.message : String(error),
      }),
    );
    try {
      return await Promise.race([answer, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    connect(relays) {
      for (const url of relays) void ensure(entryFor(url));
    },

    publish(relays, event) {
      return Promise.all([...new Set(relays)].map((url) => publishTo(url, event)));
    },

    subscribe(relays, filters, handlers, subscribeOptions = {}) {
      const maxEvents = subscribeOptions.maxEvents ?? DEFAULT_MAX_EVENTS;
      const seen = new Set<string>();
      const waiting = new Set(relays);
      const open = new Map<string, RelaySubscription>();
      let closed = false;
      const caughtUp = (url: string) => {
        if (!waiting.delete(url) || waiting.size > 0) return;
        handlers.onCaughtUp?.();
      };
      for (const url of new Set(relays)) {
        const entry = entryFor(url);
        let received = 0;
        void ensure(entry).then((connected) => {
          if (closed) return;
          if (!connected) {
            // It reconnects by itself later; the subscription does not wait for it to catch up.
            caughtUp(url);
            return;
          }
          const sub = entry.relay.subscribe([...filters], {
            // Counted before anything is parsed or checked (nostr-tools asks this first, from the raw message),
            // so past the cap a flood costs a string scan per message, not a JSON.parse and a signature check.
            alreadyHaveEvent: (id) => {
              // One already had (asked for again after a reconnect, below) costs nothing and counts for nothing.
              if (seen.has(id)) return true;
              received++;
              if (received === maxEvents + 1) {
                open.get(url)?.close('too many events');
                open.delete(url);
                handlers.onFlood?.(url);
              }
              return received > maxEvents;
            },
            onevent: (event) => {
              if (closed || seen.has(event.id)) return;
              seen.add(event.id);
              handlers.onEvent(event, url);
            },
            oneose: () => caughtUp(url),
            onclose: () => caughtUp(url),
            eoseTimeout: eoseTimeoutMs,
          });
          // After a reconnect, nostr-tools asks again only from the newest `created_at` it has seen (`since`):
          // an event signed before that but published later (a move made offline, sent at the next start)
          // would never come. The filters are asked as given instead; `seen` drops what was had, unparsed.
          Object.defineProperty(sub, 'lastEmitted', { get: () => undefined, set: () => {}, configurable: true });
          open.set(url, sub);
        });
      }
      return {
        close() {
          if (closed) return;
          closed = true;
          for (const sub of open.values()) sub.close();
          open.clear();
        },
      };
    },

    statuses() {
      refresh();
      return statuses();
    },

    onStatus(listener) {
      listeners.add(listener);
      watch ??= setInterval(refresh, 2000);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && watch) {
          clearInterval(watch);
          watch = null;
        }
      };
    },

    close() {
      for (const entry of entries.values()) entry.relay.close();
      entries.clear();
      const now = statuses();
      for (const listener of listeners) listener(now);
    },
  };
}
