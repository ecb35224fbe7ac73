/**
 * The store feed: how tabs and windows of the app tell each other that something stored changed, by topic:
 * the games (with which ones: Home's Continue, the games list, a tab playing a game that another tab moved
 * in or deleted), the puzzle progress, the lessons done, the players and the settings. Storage owns it: a
 * write announces here once its transaction has committed (never before, never for a write that failed;
 * `withTransaction` in db.ts does it for every readwrite transaction, by the stores it wrote), so no caller
 * can forget to, and the app only subscribes (`onStoreChange`, `onGamesChanged`).
 *
 * It rides a BroadcastChannel, which delivers to the other tabs only: a tab never hears its own writes.
 * Where there is no BroadcastChannel (an old browser, Node) announcing does nothing and nobody is told.
 * The channel is made by a factory that tests replace (`useFeedChannels`).
 *
 * On the wire (the channel keeps the name earlier versions gave it, pente-games, so their tabs still hear
 * the games) a change to one game is `{ id, revision }` (as earlier versions send and read it), and several
 * at once (an import) are `{ changes: [{ id, revision }, …] }`; an empty list says only that the games
 * changed (a damaged record deleted under a key that is no game's id). Any other topic is `{ topic }`,
 * which earlier versions ignore.
 */

/** What is stored, as the feed names it. */
export type StoreTopic = 'games' | 'puzzles' | 'lessons' | 'players' | 'settings';
export const STORE_TOPICS: readonly StoreTopic[] = ['games', 'puzzles', 'lessons', 'players', 'settings'];

/** One message of the feed: the games that changed, or that another topic's stored value changed. */
export type StoreChange =
  | { readonly topic: 'games'; readonly changes: readonly GameChange[] }
  | { readonly topic: Exclude<StoreTopic, 'games'> };

/** A change to one stored game: its new revision, or null once it is deleted. */
export interface GameChange {
  readonly id: string;
  readonly revision: number | null;
}

/** The part of a BroadcastChannel the feed uses. */
export interface FeedChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
  close(): void;
}

/** Opens the channel called `name`, or gives null where there is none. */
export type FeedChannelFactory = (name: string) => FeedChannel | null;

/** The browser's BroadcastChannel, where it has one. */
export const browserFeedChannels: FeedChannelFactory = (name) =>
  typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null;

export const GAMES_CHANNEL = 'pente-games';

/** A change read from the wire, or null when the value is not one. */
function readChange(value: unknown): GameChange | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, revision } = value as { id?: unknown; revision?: unknown };
  if (typeof id !== 'string') return null;
  if (revision === null) return { id, revision: null };
  return Number.isInteger(revision) ? { id, revision: revision as number } : null;
}

/** The changes a message carries, or null when it is no message of the feed's. */
export function readGamesMessage(data: unknown): GameChange[] | null {
  const one = readChange(data);
  if (one) return [one];
  if (typeof data !== 'object' || data === null) return null;
  const { changes } = data as { changes?: unknown };
  if (!Array.isArray(changes)) return null;
  const read = changes.map(readChange);
  return read.every((c) => c !== null) ? (read as GameChange[]) : null;
}

/** The message that carries `changes`. */
export function gamesMessage(changes: readonly GameChange[]): unknown {
  return changes.length === 1 ? { id: changes[0]!.id, revision: changes[0]!.revision } : { changes: [...changes] };
}

/** A message read from the wire, or null when it is no message of the feed's. */
export function readStoreMessage(data: unknown): StoreChange | null {
  const games = readGamesMessage(data);
  if (games) return { topic: 'games', changes: games };
  if (typeof data !== 'object' || data === null) return null;
  const { topic } = data as { topic?: unknown };
  return STORE_TOPICS.includes(topic as StoreTopic) && topic !== 'games'
    ? { topic: topic as Exclude<StoreTopic, 'games'> }
    : null;
}

/** The message that carries `change`. */
export function storeMessage(change: StoreChange): unknown {
  return change.topic === 'games' ? gamesMessage(change.changes) : { topic: change.topic };
}

export type GamesListener = (changes: readonly GameChange[]) => void;
export type StoreListener = (change: StoreChange) => void;

/** One tab's end of the feed: its channel, opened on first use, and its listeners. */
export interface StoreFeed {
  /** Tells the other tabs (never this one's listeners: the channel does not echo). */
  announce(change: StoreChange): void;
  /** Calls `listener` for every message from another tab; returns the unsubscribe. */
  subscribe(listener: StoreListener): () => void;
  /** Closes the channel and forgets the listeners. */
  close(): void;
}

export function createStoreFeed(open: FeedChannelFactory): StoreFeed {
  let channel: FeedChannel | null | undefined;
  const listeners = new Set<StoreListener>();
  const connect = (): FeedChannel | null => {
    if (channel === undefined) {
      channel = open(GAMES_CHANNEL);
      channel?.addEventListener('message', (event) => {
        const change = readStoreMessage(event.data);
        if (!change) return;
        for (const listener of [...listeners]) listener(change);
      });
    }
    return channel;
  };
  return {
    announce: (change) => connect()?.postMessage(storeMessage(change)),
    subscribe(listener) {
      connect();
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close() {
      channel?.close();
      listeners.clear();
    },
  };
}

/** The games topic of a feed alone (what the games' listeners and older tests speak). */
export interface GamesFeed {
  announce(changes: readonly GameChange[]): void;
  subscribe(listener: GamesListener): () => void;
  close(): void;
}

export function createGamesFeed(open: FeedChannelFactory): GamesFeed {
  const store = createStoreFeed(open);
  return {
    announce: (changes) => store.announce({ topic: 'games', changes }),
    subscribe: (listener) => store.subscribe((c) => c.topic === 'games' && listener(c.changes)),
    close: () => store.close(),
  };
}

let feed = createStoreFeed(browserFeedChannels);

/**
 * Replaces the channel factory (tests: a fake channel), closing the channel in use and forgetting its
 * listeners. Returns the function that goes back to the browser's.
 */
export function useFeedChannels(factory: FeedChannelFactory): () => void {
  feed.close();
  feed = createStoreFeed(factory);
  return () => useFeedChannels(browserFeedChannels);
}

/**
 * Tells the other tabs that these games changed. Storage calls it after a write has committed; the app
 * does not need to (and has no write of its own to announce).
 */
export function announceGameChanges(changes: readonly GameChange[]): void {
  feed.announce({ topic: 'games', changes });
}

/** Tells the other tabs that the stored value of `topic` changed (db.ts's withTransaction, after a commit). */
export function announceStoreChange(topic: Exclude<StoreTopic, 'games'>): void {
  feed.announce({ topic });
}

/**
 * Calls `listener` with what changed each time another tab or window writes to the stored games (one call
 * per write: an import of many games is one call). Returns the function that stops listening.
 */
export function onGamesChanged(listener: GamesListener): () => void {
  return feed.subscribe((c) => {
    if (c.topic === 'games') listener(c.changes);
  });
}

/**
 * Calls `listener` each time another tab or window writes to what `topic` names (for the games, with the
 * games that changed: `onGamesChanged`). Returns the function that stops listening.
 */
export function onStoreChange(topic: Exclude<StoreTopic, 'games'>, listener: () => void): () => void {
  return feed.subscribe((c) => {
    if (c.topic === topic) listener();
  });
}
