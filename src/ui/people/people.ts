/**
 * "Play someone now"'s controller (issue 30): a thin shell over net's lobby (src/net/lobby.ts, the pure
 * state machine) wired to the page's relay pool, the clock and storage. It subscribes to open challenges
 * and to the pairing events addressed to this device, feeds each event and a slow tick to the lobby,
 * publishes what the lobby says to, and stores the games a pairing starts (people-model.ts) and opens the
 * first. Started when the screen first opens and kept for the page's life, so a challenge stays answered
 * while the player looks at another screen.
 */
import { signal } from '@preact/signals';
import type { OpenChallenge } from '../../net/challenges';
import type { ChallengeTerms } from '../../net/challenge-terms';
import { fingerprint, generateKeyPair, keyPairFromSecret, secretKeyBytes } from '../../net/identity';
import type { lobbyView } from '../../net/lobby';
import { EMPTY_LOBBY, type LobbyNotice, type LobbyState, type Pairing } from '../../net/lobby';
import { type StoredGame, addPairedGames, ensureDeviceKey, listFriendGameRecords } from '../../storage';
import { db, notify, screen, settings, updateSettings, notifyProblem } from '../shell/app-state';
import { currentRelays, relayPool } from '../online/online';
import { storageErrorText } from '../words/storage-words';
import * as m from '../words/paraglide/messages.js';
import { type LobbyRunner, createLobbyRunner } from './lobby-runner';
import {
  blockKey,
  claimedRating,
  newChallengeId,
  pairingRecords,
  peerRelays,
  strangerName,
  unblockKey,
} from './people-model';

/** How often the lobby is ticked (expiries, an acceptance left unanswered): seconds matter, not less. */
const TICK_MS = 2000;

export type PeopleStatus =
  | { readonly kind: 'off' }
  | { readonly kind: 'starting' }
  | { readonly kind: 'on'; readonly me: string }
  | { readonly kind: 'failed'; readonly why: string };

export const peopleStatus = signal<PeopleStatus>({ kind: 'off' });
export const lobby = signal<LobbyState>(EMPTY_LOBBY);
/** Seconds, Nostr's clock: what the screen measures expiry against (moves with each tick). */
export const lobbyNow = signal(Math.floor(Date.now() / 1000));
/** The last notice (taken by someone else, no answer), shown once on the screen. */
export const lobbyNotice = signal<LobbyNotice | null>(null);
/** The rating this device shows on its challenges (its own record of games against people). */
export const myRating = signal<ReturnType<typeof claimedRating> | null>(null);

const nowSeconds = () => Math.floor(Date.now() / 1000);

let runner: LobbyRunner | null = null;
let timer: ReturnType<typeof setInterval> | null = null;

/** What the screen lists (read while rendering: it follows the lobby, the clock and the blocked list). */
export function peopleView(): ReturnType<typeof lobbyView> | null {
  void lobby.value;
  void lobbyNow.value;
  void settings.value.blockedKeys;
  return runner && runner.view();
}

async function startPairing(pairing: Pairing, seenOn: readonly string[]): Promise<void> {
  const d = db.value;
  if (!d) return notifyProblem(m.people_not_saved({ reason: m.people_no_storage() }));
  const records = pairingRecords(pairing, {
    myName: settings.value.friendInvite.name.trim() || m.people_default_name(),
    theirName: strangerName(fingerprint(pairing.opponent)),
    peer: { key: pairing.opponent, relays: peerRelays(seenOn, currentRelays()) },
    now: Date.now(),
  });
  const stored = await addPairedGames(d, records);
  if (!stored.ok) return notifyProblem(m.people_not_saved({ reason: storageErrorText(stored.error) }));
  void refreshRating();
  const first = stored.value[0];
  if (!first) return;
  // Opened where the player waits for it; elsewhere (another game, Settings) they are told, not moved.
  if (screen.peek() === 'people') {
    const { openGame } = await import('../play/live-session');
    await openGame(first);
  } else notify(m.people_game_started({ name: first.players[2 - first.friend!.mySide]!.name }));
}

async function refreshRating(): Promise<void> {
  const d = db.value;
  if (!d) return;
  const games = await listFriendGameRecords(d);
  myRating.value = claimedRating(games.ok ? games.value : ([] as StoredGame[]));
}

/** Starts the lobby once: the key pair, the two subscriptions and the tick. */
export async function startPeople(): Promise<void> {
  if (peopleStatus.peek().kind === 'starting' || peopleStatus.peek().kind === 'on') return;
  peopleStatus.value = { kind: 'starting' };
  const d = db.value;
  if (!d) {
    peopleStatus.value = { kind: 'failed', why: m.people_no_storage() };
    return;
  }
  const stored = await ensureDeviceKey(d, generateKeyPair);
  if (!stored.ok) {
    peopleStatus.value = { kind: 'failed', why: storageErrorText(stored.error) };
    return;
  }
  const pair = keyPairFromSecret(stored.value.secretKey, stored.value.publicKey);
  if (!pair.ok) {
    peopleStatus.value = { kind: 'failed', why: pair.error.kind };
    return;
  }
  runner = createLobbyRunner({
    port: relayPool(),
    relays: currentRelays,
    me: pair.value.publicKey,
    secretKey: secretKeyBytes(pair.value),
    blocked: () => new Set(settings.peek().blockedKeys),
    now: nowSeconds,
    onChange: (state) => (lobby.value = state),
    onNotice: (notice) => (lobbyNotice.value = notice),
    onPairing: (pairing, seenOn) => void startPairing(pairing, seenOn),
  });
  runner.start();
  void refreshRating();
  timer = setInterval(() => {
    lobbyNow.value = nowSeconds();
    runner?.tick();
  }, TICK_MS);
  peopleStatus.value = { kind: 'on', me: pair.value.publicKey };
}

/** Ends the lobby (the subscriptions and the tick); what it knew is kept. */
export function stopPeople(): void {
  runner?.stop();
  runner = null;
  if (timer) clearInterval(timer);
  timer = null;
  if (peopleStatus.peek().kind === 'on') peopleStatus.value = { kind: 'off' };
}

export function publishChallenge(terms: ChallengeTerms): void {
  const id = newChallengeId(crypto.getRandomValues(new Uint8Array(16)));
  runner?.challenge(id, terms, myRating.peek());
}

export const withdrawChallenge = (id: string): void => runner?.withdraw(id);

export function acceptChallenge(challenge: OpenChallenge): void {
  lobbyNotice.value = null;
  runner?.accept(challenge, myRating.peek());
}

/** Blocks a key: kept in settings, so its challenges and events are never shown again on this device. */
export async function blockPlayer(key: string): Promise<void> {
  await updateSettings({ blockedKeys: blockKey(settings.value.blockedKeys, key) });
}

export const unblockPlayer = (key: string): Promise<void> =>
  updateSettings({ blockedKeys: unblockKey(settings.value.blockedKeys, key) });
