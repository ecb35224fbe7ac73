/**
 * The play controller's ports in the browser: games in IndexedDB (storage tells the other tabs of every
 * save and delete, and `watch` hears theirs through storage's games feed), the engine through the page's
 * engine client, the wall clock, and each game's turn lock in the Web Locks API (shared by the tabs, so one of
 * them thinks for a game).
 */
import {
  type KeyValueStore,
  type PenteDb,
  type StoredGame,
  forgetUnsavedGame,
  getGame,
  keepUnsavedGame,
  onGamesChanged,
  countFinishedGame,
  saveGame,
  saveUnsavedGame,
  unsavedGame,
  writeHeartbeat,
} from '../../../storage';
import { pageEngine } from '../../engine/client';
import { browserKeyValueStore } from '../../shell/key-value-store';
import type { Clock, GameStore, HeartbeatLog, MoveSource, TurnLocks } from './ports';
import { webTurnLocks } from './turn-locks';
import * as words from '../../words/paraglide/messages.js';
import { storageErrorText } from '../../words/storage-words';

/**
 * Games in IndexedDB, with the unsaved-games journal (storage/journal.ts) in `kv`: a failed save keeps the
 * record there, a save that lands forgets it, and a load first tries to save a kept copy (reconciled with
 * the stored game), and opens the kept copy itself while it still cannot be saved.
 */
export function browserGameStore(db: PenteDb, kv: KeyValueStore | null = browserKeyValueStore()): GameStore {
  return {
    async save(record: StoredGame, expectedRevision: number) {
      // A game against a level that ends here counts in the player's rating (in the same transaction).
      const saved = await saveGame(db, record, expectedRevision, undefined, countFinishedGame);
      if (saved.ok) {
        if (kv) forgetUnsavedGame(kv, record.id);
        return { kind: 'saved', record: saved.value };
      }
      if (saved.error.kind === 'conflict') return { kind: 'conflict' };
      const kept = kv !== null && keepUnsavedGame(kv, { ...record, revision: expectedRevision });
      return { kind: 'failed', message: words.play_save_failed({ why: storageErrorText(saved.error) }), kept };
    },
    async load(id: string) {
      if (kv && unsavedGame(kv, id)) {
        const flushed = await saveUnsavedGame(db, kv, id, undefined, undefined, countFinishedGame);
        const kept = unsavedGame(kv, id);
        if (kept) {
          const why = flushed.ok ? words.play_unsaved_could_not_save() : storageErrorText(flushed.error);
          return { kind: 'loaded', record: kept, unsaved: why };
        }
      }
      const loaded = await getGame(db, id);
      if (loaded.ok) return { kind: 'loaded', record: loaded.value };
      return loaded.error.kind === 'not-found'
        ? { kind: 'missing' }
        : { kind: 'failed', message: storageErrorText(loaded.error) };
    },
    watch(id, onChange) {
      return onGamesChanged((changes) => {
        const change = changes.find((c) => c.id === id);
        if (change) onChange(change.revision);
      });
    },
  };
}

export const engineMoveSource: MoveSource = pageEngine;

/** Clock heartbeats in localStorage (synchronous: the last one is written as the page unloads). */
export function browserHeartbeatLog(kv: KeyValueStore | null = browserKeyValueStore()): HeartbeatLog {
  return { write: (gameId, beat) => void (kv && writeHeartbeat(kv, gameId, beat)) };
}

export const wallClock: Clock = {
  now: () => Date.now(),
  delay: (ms, signal) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    }),
  every: (ms, tick) => {
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  },
};

/** The tabs' shared turn locks; null where the browser has no Web Locks (every tab then thinks for itself). */
export const browserTurnLocks: TurnLocks | null = webTurnLocks(
  typeof navigator === 'undefined' ? undefined : navigator.locks,
);
