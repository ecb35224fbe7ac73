/**
 * The lobby (src/net/lobby.ts, a pure state machine) run against a relay port: what people.ts does with
 * the page's pool, signals and storage, without them, so tests drive it with the fake relay network
 * (tests/net/fake-relay-pool.ts) and an injected clock. It subscribes to open challenges and to the pairing
 * events addressed to this key, feeds every event and each tick to the lobby, publishes what the lobby
 * says to, and hands out the pairings made (with the relays the opponent's events came from) and notices.
 */
import { challengeFilter, type ClaimedRating, type OpenChallenge } from '../../net/challenges';
import type { ChallengeTerms } from '../../net/challenge-terms';
import {
  EMPTY_LOBBY,
  type LobbyInput,
  type LobbyNotice,
  type LobbyState,
  type Pairing,
  lobbyView,
  stepLobby,
  takeNotices,
  takePairings,
} from '../../net/lobby';
import { PAIRING_KIND } from '../../net/pairing';
import type { Event, RelayPort, Subscription } from '../../net/relay-pool';

/** The most challenge events one relay may send on the subscription (the board keeps fewer still). */
export const MAX_CHALLENGE_EVENTS = 2000;
/** The most pairing events one relay may send: a handful is normal; more is a flood. */
export const MAX_PAIRING_EVENTS = 500;
/** How far back pairing events are asked for: a correspondence challenge lives a week. */
const PAIRING_SINCE_SECONDS = 7 * 24 * 3600;
/** The most relays remembered per key (MAX_PEER_RELAYS is what a game keeps). */
const MAX_SEEN_RELAYS = 8;
/** The most keys whose relays are remembered: a flood of keys does not grow it without end. */
const MAX_SEEN_KEYS = 1000;

export interface LobbyRunnerOptions {
  readonly port: RelayPort;
  /** The relays in use (read at each publish and at start). */
  readonly relays: () => readonly string[];
  readonly me: string;
  readonly secretKey: Uint8Array;
  /** The blocked keys now (read at each input: a block takes effect at once). */
  readonly blocked: () => ReadonlySet<string>;
  /** Seconds, Nostr's clock. */
  readonly now: () => number;
  /** After every change of state. */
  readonly onChange?: (state: LobbyState) => void;
  /** A pairing made: its games to start; `relays`, where the opponent's events came from. */
  readonly onPairing: (pairing: Pairing, relays: readonly string[]) => void;
  readonly onNotice?: (notice: LobbyNotice) => void;
}

export interface LobbyRunner {
  start(): void;
  stop(): void;
  tick(): void;
  challenge(id: string, terms: ChallengeTerms, rating: ClaimedRating | null): void;
  withdraw(id: string): void;
  /** Accepts a challenge, claiming `rating` (this device's record) in the acceptance. */
  accept(challenge: OpenChallenge, rating?: ClaimedRating | null): void;
  state(): LobbyState;
  /** What the screen lists now. */
  view(): ReturnType<typeof lobbyView>;
}

export function createLobbyRunner(options: LobbyRunnerOptions): LobbyRunner {
  const { port, me, secretKey } = options;
  let state: LobbyState = EMPTY_LOBBY;
  let subscriptions: Subscription[] = [];
  const seenOn = new Map<string, Set<string>>();
  const keys = () => ({ me, secretKey, blocked: options.blocked() });

  const step = (input: LobbyInput) => {
    const { state: next, publish } = stepLobby(state, input, keys());
    const paired = takePairings(next);
    const noticed = takeNotices(paired.state);
    const changed = noticed.state !== state;
    state = noticed.state;
    if (changed) options.onChange?.(state);
    for (const event of publish) void port.publish(options.relays(), event);
    for (const notice of noticed.notices) options.onNotice?.(notice);
    for (const pairing of paired.pairings) options.onPairing(pairing, [...(seenOn.get(pairing.opponent) ?? [])]);
  };

  const onEvent = (event: Event, url: string) => {
    let urls = seenOn.get(event.pubkey);
    if (!urls && seenOn.size < MAX_SEEN_KEYS) seenOn.set(event.pubkey, (urls = new Set()));
    if (urls && urls.size < MAX_SEEN_RELAYS) urls.add(url);
    step({ type: 'event', event, now: options.now() });
  };

  return {
    start() {
      if (subscriptions.length) return;
      const relays = options.relays();
      const now = options.now();
      subscriptions = [
        port.subscribe(relays, [challengeFilter(now)], { onEvent }, { maxEvents: MAX_CHALLENGE_EVENTS }),
        port.subscribe(
          relays,
          [{ kinds: [PAIRING_KIND], '#p': [me], since: now - PAIRING_SINCE_SECONDS }],
          { onEvent },
          { maxEvents: MAX_PAIRING_EVENTS },
        ),
      ];
    },
    stop() {
      for (const s of subscriptions) s.close();
      subscriptions = [];
    },
    tick: () => step({ type: 'tick', now: options.now() }),
    challenge: (id, terms, rating) => step({ type: 'challenge', id, terms, rating, now: options.now() }),
    withdraw: (id) => step({ type: 'withdraw', id, now: options.now() }),
    accept: (challenge, rating) => step({ type: 'accept', challenge, now: options.now(), rating: rating ?? null }),
    state: () => state,
    view: () => lobbyView(state, keys(), options.now()),
  };
}
