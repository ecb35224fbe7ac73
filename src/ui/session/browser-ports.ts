/**
 * The play controller's ports in the browser: games in IndexedDB, other tabs told of every save and
 * delete through a BroadcastChannel, the engine through the worker bridge, the wall clock, and each
 * game's turn lock in the Web Locks API (shared by the tabs, so one of them thinks for a game).
 */
import { type PenteDb, type StoredGame, getGame, saveGame } from '../../storage';
import { requestMove } from '../engine/bridge';
import type { Clock, GameStore, MoveSource, TurnLocks } from './ports';
import { webTurnLocks } from './turn-locks';

/** A change to a stored game, as tabs tell each other: its new revision, or null once it is deleted. */
export interface GameChange {
  readonly id: string;
  readonly revision: number | null;
}

const CHANNEL_NAME = 'pente-games';
const listeners = new Set<(change: GameChange) => void>();
let channel: BroadcastChannel | null | undefined;

function openChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
    channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
      const change = event.data as Partial<GameChange> | null;
      if (!change || typeof change.id !== 'string') return;
      if (change.revision !== null && !Number.isInteger(change.revision)) return;
      for (const listener of listeners) listener({ id: change.id, revision: change.revision ?? null });
    });
  }
  return channel;
}

/** Tells the other tabs and windows that a game was saved or deleted here. */
export function announceGameChange(change: GameChange): void {
  openChannel()?.postMessage(change);
}

/** Calls `listener` for every game another tab or window saves or deletes; returns the unsubscribe. */
export function onGameChange(listener: (change: GameChange) => void): () => void {
  openChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function browserGameStore(db: PenteDb): GameStore {
  return {
    async save(record: StoredGame, expectedRevision: number) {
      const saved = await saveGame(db, record, expectedRevision);
      if (saved.ok) {
        announceGameChange({ id: saved.value.id, revision: saved.value.revision });
        return { kind: 'saved', record: saved.value };
      }
      return saved.error.kind === 'conflict' ? { kind: 'conflict' } : { kind: 'failed', message: saved.error.message };
    },
    async load(id: string) {
      const loaded = await getGame(db, id);
      if (loaded.ok) return { kind: 'loaded', record: loaded.value };
      return loaded.error.kind === 'not-found'
        ? { kind: 'missing' }
        : { kind: 'failed', message: loaded.error.message };
    },
    watch(id, onChange) {
      return onGameChange((change) => {
        if (change.id === id) onChange(change.revision);
      });
    },
  };
}

export const bridgeMoveSource: MoveSource = { requestMove };

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
