/**
 * The relay controller on the page (live-controller.ts with the browser's ports): the database, the one
 * relay pool (online.ts), this device's key pair, wall time and timers, and the play session. Its own
 * chunk (nostr-tools), loaded by live-hooks.ts when a friend game is first saved or found at start.
 */
import { effect } from '@preact/signals';
import { generateKeyPair, secretKeyBytes } from '../../../net/identity';
import { ensureDeviceKey } from '../../../storage';
import { session } from '../../play/live-session';
import { db, gamesStoredHere } from '../../shell/app-state';
import { currentRelays, relayPool, relayStatuses } from '../online';
import { LiveController } from './live-controller';
import { liveLines, relaysDown } from './live-hooks';
import { relaysDownNow } from './live-model';

let controller: LiveController | null = null;
let starting: Promise<LiveController | null> | null = null;

/** Starts the controller once (storage open, the key pair read or made); null where there is no storage. */
export function startController(): Promise<LiveController | null> {
  starting ??= (async () => {
    const d = db.value;
    if (!d) return null;
    const pair = await ensureDeviceKey(d, generateKeyPair);
    if (!pair.ok) return null;
    const made = new LiveController({
      db: d,
      pool: relayPool(),
      relays: currentRelays,
      keys: { secretKey: secretKeyBytes(pair.value), publicKey: pair.value.publicKey },
      now: () => Date.now(),
      later: (ms, run) => {
        const timer = setTimeout(run, ms);
        return () => clearTimeout(timer);
      },
      shown: () => {
        const live = session.peek();
        return live ? { id: live.id, storedHere: (revision) => void live.storedHere(revision, null) } : null;
      },
      onLines: (lines) => (liveLines.value = lines),
      onStored: () => gamesStoredHere(),
      onRefused: (gameId, reason) => console.info(`live: event refused (${reason})`, gameId ?? ''),
      onPinned: (gameId) => console.info(`live: pinned ${gameId}`),
      onApplied: (gameId, moves) => console.info(`live: shown ${gameId} ${moves} ${Date.now()}`),
      onPublished: (gameId, ply, action) => console.info(`live: published ${gameId} ${action}@${ply} ${Date.now()}`),
    });
    controller = made;
    // The play screen's words turn to links while every relay is down.
    effect(() => {
      const states = relayStatuses.value.map((status) => status.state);
      relaysDown.value = relaysDownNow(relaysDown.peek(), states);
    });
    // Presence follows the game on the play screen.
    effect(() => {
      void session.value;
      made.shownChanged();
    });
    // The other side hears "gone" as this page goes away (closed, reloaded, left), and "here" again if it
    // comes back from the back/forward cache.
    addEventListener('pagehide', () => made.pageHidden(true));
    addEventListener('pageshow', (event) => {
      if (event.persisted) made.pageHidden(false);
    });
    await made.start();
    return made;
  })();
  return starting;
}

/** The controller's entries for the session's saves and the play screen's phrases (live-hooks.ts). */
export function liveGames(): { gameSaved: LiveController['gameSaved']; say: LiveController['say'] } {
  void startController();
  return {
    gameSaved: (saved) => {
      if (controller) controller.gameSaved(saved);
      else void startController().then((c) => c?.gameSaved(saved));
    },
    say: (gameId, phrase) => controller?.say(gameId, phrase),
  };
}
