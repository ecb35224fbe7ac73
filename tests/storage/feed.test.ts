/**
 * Storage's feed (src/storage/feed.ts): the messages on the wire, a fake channel between "tabs", no
 * BroadcastChannel at all; that every write to the games store announces once its transaction has
 * committed, and never when the write fails or writes nothing; and that every write of the other topics
 * (puzzle progress, lessons, players, settings) announces its topic after the commit, with nothing for the
 * app to call.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEW_RATING, formatGameLink, parseGameLink } from '../../src/core';
import {
  type FeedChannel,
  type FeedChannelFactory,
  type GameChange,
  type PenteDb,
  addPlayer,
  createGamesFeed,
  createStoreFeed,
  deleteGame,
  deletePlayer,
  discardDamagedLessons,
  discardDamagedPuzzleProgress,
  exportAll,
  exportText,
  getGame,
  importAll,
  importRecords,
  keepUnsavedGame,
  markLessonDone,
  onGamesChanged,
  onStoreChange,
  receiveFriendLink,
  recordPuzzleAnswer,
  saveGame,
  saveImportedGame,
  saveSettings,
  saveUnsavedGame,
  useFeedChannels,
  withState,
} from '../../src/storage';
import {
  GAMES_CHANNEL,
  browserFeedChannels,
  gamesMessage,
  readGamesMessage,
  readStoreMessage,
  storeMessage,
} from '../../src/storage/feed';
import { game as playGame } from '../helpers';
import { errorOf, openFresh, sampleGame, unwrap } from './helpers';
import { MemoryStore } from './memory-kv';

/**
 * BroadcastChannel in memory: a message goes, a task later, to every other open channel of the same name
 * (never back to the one that posted it); `posted` logs every post, for the tests that only watch one tab.
 */
class FakeHub {
  readonly posted: { name: string; data: unknown }[] = [];
  private readonly open = new Set<{ name: string; deliver: (data: unknown) => void }>();
  onPost: (data: unknown) => void = () => undefined;

  readonly factory: FeedChannelFactory = (name) => {
    const listeners: ((event: { data: unknown }) => void)[] = [];
    const end = { name, deliver: (data: unknown) => listeners.forEach((l) => l({ data })) };
    this.open.add(end);
    const channel: FeedChannel = {
      postMessage: (data) => {
        const copy = structuredClone(data);
        this.posted.push({ name, data: copy });
        this.onPost(copy);
        for (const other of this.open) {
          if (other !== end && other.name === name) setTimeout(() => other.deliver(copy));
        }
      },
      addEventListener: (_type, listener) => void listeners.push(listener),
      close: () => void this.open.delete(end),
    };
    return channel;
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the feed’s messages', () => {
  it('writes one change as earlier versions did, and several as a list', () => {
    expect(gamesMessage([{ id: 'a', revision: 3 }])).toEqual({ id: 'a', revision: 3 });
    expect(gamesMessage([{ id: 'a', revision: null }])).toEqual({ id: 'a', revision: null });
    expect(gamesMessage([])).toEqual({ changes: [] });
    const two: GameChange[] = [
      { id: 'a', revision: 1 },
      { id: 'b', revision: null },
    ];
    expect(readGamesMessage(gamesMessage(two))).toEqual(two);
  });

  it('reads what an earlier version sends and refuses what is not a message of its', () => {
    expect(readGamesMessage({ id: 'g', revision: 2 })).toEqual([{ id: 'g', revision: 2 }]);
    expect(readGamesMessage({ id: 'g', revision: null })).toEqual([{ id: 'g', revision: null }]);
    for (const bad of [
      null,
      'puzzles',
      7,
      {},
      { id: 5, revision: 1 },
      { id: 'g' },
      { id: 'g', revision: 1.5 },
      { id: 'g', revision: '2' },
      { changes: 'x' },
      { changes: [{ id: 'a', revision: 1 }, { id: 3 }] },
    ]) {
      expect(readGamesMessage(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

describe('the feed between tabs', () => {
  it('tells the other tabs, not its own, and one call per write', async () => {
    const hub = new FakeHub();
    const [here, there] = [createGamesFeed(hub.factory), createGamesFeed(hub.factory)];
    const heardHere: (readonly GameChange[])[] = [];
    const heardThere: (readonly GameChange[])[] = [];
    here.subscribe((c) => heardHere.push(c));
    there.subscribe((c) => heardThere.push(c));
    here.announce([{ id: 'g', revision: 4 }]);
    here.announce([
      { id: 'a', revision: 1 },
      { id: 'b', revision: 1 },
    ]);
    await tick();
    expect(hub.posted.map((p) => p.name)).toEqual([GAMES_CHANNEL, GAMES_CHANNEL]);
    expect(heardHere).toEqual([]);
    expect(heardThere).toEqual([
      [{ id: 'g', revision: 4 }],
      [
        { id: 'a', revision: 1 },
        { id: 'b', revision: 1 },
      ],
    ]);
  });

  it('stops telling a listener once it unsubscribes, and nobody once closed', async () => {
    const hub = new FakeHub();
    const [here, there] = [createGamesFeed(hub.factory), createGamesFeed(hub.factory)];
    const heard: string[] = [];
    const stop = there.subscribe((c) => heard.push(`first ${c[0]!.id}`));
    there.subscribe((c) => heard.push(`second ${c[0]!.id}`));
    here.announce([{ id: 'x', revision: 1 }]);
    await tick();
    stop();
    here.announce([{ id: 'y', revision: 2 }]);
    await tick();
    there.close();
    here.announce([{ id: 'z', revision: 3 }]);
    await tick();
    expect(heard).toEqual(['first x', 'second x', 'second y']);
  });

  it('ignores a foreign message on its channel', async () => {
    const hub = new FakeHub();
    const there = createGamesFeed(hub.factory);
    const heard = vi.fn();
    there.subscribe(heard);
    const stranger = hub.factory(GAMES_CHANNEL)!;
    stranger.postMessage({ id: 42 });
    stranger.postMessage({ id: 'g', revision: 1 });
    await tick();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledWith([{ id: 'g', revision: 1 }]);
  });

  it('does nothing, and throws nothing, where there is no BroadcastChannel', () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    try {
      expect(browserFeedChannels(GAMES_CHANNEL)).toBeNull();
      const feed = createGamesFeed(browserFeedChannels);
      const heard = vi.fn();
      const stop = feed.subscribe(heard);
      expect(() => feed.announce([{ id: 'g', revision: 1 }])).not.toThrow();
      stop();
      feed.close();
      expect(heard).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('opens a real BroadcastChannel where there is one, named pente-games', () => {
    const opened: string[] = [];
    class Channel {
      constructor(readonly name: string) {
        opened.push(name);
      }
      postMessage() {}
      addEventListener() {}
      close() {}
    }
    vi.stubGlobal('BroadcastChannel', Channel);
    try {
      expect(browserFeedChannels(GAMES_CHANNEL)).toBeInstanceOf(Channel);
      expect(opened).toEqual(['pente-games']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

// ---- every write announces after its commit ------------------------------------------------------------

const FIVE_GAMES = readFileSync(new URL('../../e2e/fixtures/pente-org-games.pgn', import.meta.url), 'utf8');

/** What happened, in order: each readwrite transaction's commit, each message posted. */
let events: string[];
let hub: FakeHub;
let restoreFeed: () => void;

beforeEach(() => {
  events = [];
  hub = new FakeHub();
  hub.onPost = (data) => events.push(`post ${JSON.stringify(data)}`);
  restoreFeed = useFeedChannels(hub.factory);
  const realTransaction = IDBDatabase.prototype.transaction;
  vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (
    this: IDBDatabase,
    ...args: Parameters<IDBDatabase['transaction']>
  ) {
    const tx = realTransaction.apply(this, args);
    if (tx.mode === 'readwrite') tx.addEventListener('complete', () => events.push('commit'));
    return tx;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  restoreFeed();
});

/** The games messages posted, read back as changes (the other topics' messages left out). */
const announced = () => hub.posted.map((p) => readGamesMessage(p.data)).filter((c) => c !== null);

/** Makes every put (or delete) fail as a full disk does. */
function failing(method: 'put' | 'delete') {
  return vi.spyOn(IDBObjectStore.prototype, method).mockImplementation(() => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  });
}

/** Makes the transaction of the next put abort at commit with a quota error (as browsers often do). */
function abortingAtCommit() {
  const realPut = IDBObjectStore.prototype.put;
  return vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
    const request = realPut.apply(this, args);
    Object.defineProperty(this.transaction, 'error', { value: new DOMException('Quota', 'QuotaExceededError') });
    this.transaction.abort();
    return request;
  });
}

async function fresh(): Promise<PenteDb> {
  const { db } = await openFresh();
  events.length = 0; // the upgrade's own transaction is not a write of the app's
  return db;
}

describe('every games-store write announces after it commits', () => {
  it('a save: its id and new revision, after the commit; a conflict or a failed save: nothing', async () => {
    const db = await fresh();
    const saved = unwrap(await saveGame(db, sampleGame()));
    expect(events).toEqual(['commit', `post ${JSON.stringify({ id: saved.id, revision: 1 })}`]);

    events.length = 0;
    expect(errorOf(await saveGame(db, { ...saved, moves: ['K10'] }, 0)).kind).toBe('conflict');
    const put = failing('put');
    expect(errorOf(await saveGame(db, { ...saved, moves: ['K10'] })).kind).toBe('quota');
    put.mockRestore();
    const aborting = abortingAtCommit();
    expect(errorOf(await saveGame(db, { ...saved, moves: ['K10'] })).kind).toBe('quota');
    aborting.mockRestore();
    expect(events.filter((e) => e.startsWith('post'))).toEqual([]);
    expect(announced()).toEqual([[{ id: saved.id, revision: 1 }]]);
  });

  it('a delete: the id with no revision; a damaged record’s odd key: that the games changed', async () => {
    const db = await fresh();
    const saved = unwrap(await saveGame(db, sampleGame()));
    hub.posted.length = 0;
    events.length = 0;
    const del = failing('delete');
    expect(errorOf(await deleteGame(db, saved.id)).kind).toBe('quota');
    del.mockRestore();
    expect(errorOf(await deleteGame(db, 'no-such-game')).kind).toBe('not-found');
    expect(hub.posted).toEqual([]);
    unwrap(await deleteGame(db, saved.id));
    expect(events).toEqual(['commit', `post ${JSON.stringify({ id: saved.id, revision: null })}`]);

    // A record under a number key (written by something else): deleting it tells only that games changed.
    const tx = db.transaction('games', 'readwrite');
    await tx.objectStore('games').put({ id: 7 } as never);
    await tx.done;
    hub.posted.length = 0;
    unwrap(await deleteGame(db, 7));
    expect(announced()).toEqual([[]]);
  });

  it('a pente.org import: one message for all the games added, after the commit; none for duplicates or a failure', async () => {
    const db = await fresh();
    const put = failing('put');
    expect(errorOf(await importRecords(db, FIVE_GAMES)).kind).toBe('quota');
    put.mockRestore();
    expect(hub.posted).toEqual([]);

    events.length = 0;
    const report = unwrap(await importRecords(db, FIVE_GAMES, { now: 50_000 }));
    expect(events.filter((e) => e === 'commit' || e.startsWith('post')).at(-1)).toMatch(/^post /);
    expect(events.indexOf('commit')).toBeLessThan(events.findIndex((e) => e.startsWith('post')));
    expect(announced()).toEqual([report.added.map((id) => ({ id, revision: expect.any(Number) }))]);
    expect(report.added).toHaveLength(5);

    hub.posted.length = 0;
    expect(unwrap(await importRecords(db, FIVE_GAMES)).duplicates).toBe(5);
    expect(hub.posted).toEqual([]);
  });

  it('a backup’s import: the games it added, after the commit; nothing when it fails', async () => {
    const source = await fresh();
    const a = unwrap(await saveGame(source, sampleGame()));
    const b = unwrap(await saveGame(source, sampleGame()));
    const text = exportText(unwrap(await exportAll(source)).file);
    const db = await fresh();
    hub.posted.length = 0;

    const aborting = abortingAtCommit();
    const failed = errorOf(await importAll(db, text));
    expect(failed.kind, failed.message).toBe('quota');
    aborting.mockRestore();
    expect(hub.posted).toEqual([]);

    events.length = 0;
    const report = unwrap(await importAll(db, text));
    expect(new Set(report.gamesAdded)).toEqual(new Set([a.id, b.id]));
    expect(events.map((e) => (e.startsWith('post') ? 'post' : e))).toEqual(['commit', 'post']);
    const [changes] = announced();
    expect(new Set(changes)).toEqual(
      new Set([
        { id: a.id, revision: 1 },
        { id: b.id, revision: 1 },
      ]),
    );
    // Again: every game is already there, so nothing is written and nothing told.
    hub.posted.length = 0;
    unwrap(await importAll(db, text));
    expect(hub.posted).toEqual([]);
  });

  it('a shared game saved to my games: once, after the commit; not when it is already stored or fails', async () => {
    const db = await fresh();
    const shared = withState(sampleGame({ size: 9 }), playGame({ size: 9 }, 'E5 F6 B2'));
    const put = failing('put');
    expect(errorOf(await saveImportedGame(db, shared)).kind).toBe('quota');
    put.mockRestore();
    expect(hub.posted).toEqual([]);

    events.length = 0;
    const saved = unwrap(await saveImportedGame(db, shared));
    expect(events.map((e) => (e.startsWith('post') ? 'post' : e))).toEqual(['commit', 'post']);
    expect(announced()).toEqual([[{ id: saved.game.id, revision: saved.game.revision }]]);
    expect(unwrap(await getGame(db, saved.game.id)).revision).toBe(saved.game.revision);

    hub.posted.length = 0;
    expect(unwrap(await saveImportedGame(db, shared)).alreadyStored).toBe(true);
    expect(hub.posted).toEqual([]);
  });

  it('a friend’s link: a join or their moves, after the commit; nothing when it writes nothing or fails', async () => {
    const db = await fresh();
    const linkAt = (moves: string) => {
      const state = playGame({ size: 9 }, moves);
      const text = formatGameLink({ state, names: ['Ann', 'Bob'], friend: { gameId: 'AbCdEfGhIjKlMn-_', sender: 1 } });
      const parsed = parseGameLink(text);
      if (!parsed.ok) throw new Error(parsed.error.message);
      return parsed.value;
    };
    const put = failing('put');
    expect(errorOf(await receiveFriendLink(db, linkAt('E5'), { myName: 'Bob' })).kind).toBe('quota');
    put.mockRestore();
    expect(hub.posted).toEqual([]);

    events.length = 0;
    const joined = unwrap(await receiveFriendLink(db, linkAt('E5'), { myName: 'Bob' }));
    expect(joined.arrival.kind).toBe('join');
    expect(events.map((e) => (e.startsWith('post') ? 'post' : e))).toEqual(['commit', 'post']);
    expect(announced()).toEqual([[{ id: joined.game!.id, revision: 1 }]]);

    // The same link again: already up to date, nothing written.
    hub.posted.length = 0;
    expect(unwrap(await receiveFriendLink(db, linkAt('E5'), { myName: 'Bob' })).arrival.kind).toBe('same');
    expect(hub.posted).toEqual([]);

    // Bob moves here (a save: announced), then Ann's next move arrives.
    const afterBob = playGame({ size: 9 }, 'E5 F6');
    const mine = unwrap(await saveGame(db, withState(joined.game!, afterBob)));
    hub.posted.length = 0;
    const extended = unwrap(await receiveFriendLink(db, linkAt('E5 F6 B2'), { myName: 'Bob' }));
    expect(extended.arrival.kind).toBe('extend');
    expect(announced()).toEqual([[{ id: mine.id, revision: mine.revision + 1 }]]);
  });

  it('a kept game saved at last (the journal reconciled): after the commit; dropped: nothing', async () => {
    const db = await fresh();
    const kv = new MemoryStore();
    const record = sampleGame({ size: 9 });
    expect(keepUnsavedGame(kv, record)).toBe(true);
    const put = failing('put');
    expect((await saveUnsavedGame(db, kv, record.id)).ok).toBe(false);
    put.mockRestore();
    expect(hub.posted).toEqual([]);

    events.length = 0;
    const flushed = unwrap(await saveUnsavedGame(db, kv, record.id));
    expect(flushed.kind).toBe('saved');
    expect(events.map((e) => (e.startsWith('post') ? 'post' : e))).toEqual(['commit', 'post']);
    expect(announced()).toEqual([[{ id: record.id, revision: 1 }]]);

    // A copy kept at an older revision whose moves the stored game holds: dropped, nothing written.
    hub.posted.length = 0;
    keepUnsavedGame(kv, { ...unwrap(await getGame(db, record.id)), revision: 0 });
    expect(unwrap(await saveUnsavedGame(db, kv, record.id)).kind).toBe('dropped');
    expect(hub.posted).toEqual([]);
  });

  it('reaches another tab’s listener through the module’s feed', async () => {
    const db = await fresh();
    const otherTab = createGamesFeed(hub.factory);
    const heard: (readonly GameChange[])[] = [];
    otherTab.subscribe((c) => heard.push(c));
    const ownListener = vi.fn();
    const stop = onGamesChanged(ownListener);
    const saved = unwrap(await saveGame(db, sampleGame()));
    await tick();
    stop();
    otherTab.close();
    expect(heard).toEqual([[{ id: saved.id, revision: 1 }]]);
    expect(ownListener).not.toHaveBeenCalled();
  });
});

describe('every write of the other stored kinds announces its topic after it commits', () => {
  /** The topics posted, in order, with the commits around them. */
  const timeline = () =>
    events.map((e) => (e.startsWith('post') ? `post ${readStoreMessage(JSON.parse(e.slice(5)))?.topic}` : e));
  const answer = { id: 'p1', packRating: NEW_RATING, solved: true, at: 1 };

  it('puzzle answers and their damaged entries: puzzles', async () => {
    const db = await fresh();
    unwrap(await recordPuzzleAnswer(db, answer));
    expect(timeline()).toEqual(['commit', 'post puzzles']);
    events.length = 0;
    unwrap(await discardDamagedPuzzleProgress(db));
    expect(timeline()).toEqual(['commit', 'post puzzles']);
  });

  it('a lesson done and its damaged entries: lessons', async () => {
    const db = await fresh();
    unwrap(await markLessonDone(db, 'capture'));
    expect(timeline()).toEqual(['commit', 'post lessons']);
    events.length = 0;
    unwrap(await discardDamagedLessons(db));
    expect(timeline()).toEqual(['commit', 'post lessons']);
  });

  it('settings: settings, and lessons too when the patch adds lessons done; an invalid patch: nothing', async () => {
    const db = await fresh();
    unwrap(await saveSettings(db, { soundVolume: 0.3 }));
    expect(timeline()).toEqual(['commit', 'post settings']);
    events.length = 0;
    unwrap(await saveSettings(db, { lessonsDone: ['capture'] }));
    expect(timeline()).toEqual(['commit', 'post settings', 'post lessons']);
    events.length = 0;
    expect((await saveSettings(db, { soundVolume: 7 })).ok).toBe(false);
    expect(events).toEqual([]);
  });

  it('players: a save and a delete; a refused save (a name taken) or a failed one: nothing', async () => {
    const db = await fresh();
    const ann = unwrap(await addPlayer(db, { kind: 'human', name: 'Ann' }));
    expect(timeline()).toEqual(['commit', 'post players']);
    events.length = 0;
    expect((await addPlayer(db, { kind: 'human', name: 'Ann' })).ok).toBe(false);
    const put = failing('put');
    expect((await addPlayer(db, { kind: 'human', name: 'Bea' })).ok).toBe(false);
    put.mockRestore();
    expect(events.filter((e) => e.startsWith('post'))).toEqual([]);
    events.length = 0;
    unwrap(await deletePlayer(db, ann.id));
    expect(timeline()).toEqual(['commit', 'post players']);
  });

  it('a backup’s import: its games, then puzzles, lessons, players and settings', async () => {
    const source = await fresh();
    unwrap(await saveGame(source, sampleGame()));
    unwrap(await recordPuzzleAnswer(source, answer));
    unwrap(await markLessonDone(source, 'capture'));
    unwrap(await addPlayer(source, { kind: 'human', name: 'Ann' }));
    unwrap(await saveSettings(source, { soundVolume: 0.3 }));
    const text = exportText(unwrap(await exportAll(source)).file);
    const db = await fresh();
    hub.posted.length = 0;
    unwrap(await importAll(db, text, { replaceSettings: true, puzzleIds: new Set([answer.id]) }));
    const topics = hub.posted.map((p) => readStoreMessage(p.data)?.topic);
    expect(new Set(topics)).toEqual(new Set(['games', 'puzzles', 'lessons', 'players', 'settings']));
    // The same file again (keeping this device's settings) writes nothing: nothing is told.
    hub.posted.length = 0;
    unwrap(await importAll(db, text, { puzzleIds: new Set([answer.id]) }));
    expect(hub.posted).toEqual([]);
  });

  it('reaches another tab’s topic listener, and no other topic’s', async () => {
    const db = await fresh();
    const otherTab = createStoreFeed(hub.factory);
    const heard: string[] = [];
    otherTab.subscribe((c) => heard.push(c.topic));
    const ownPuzzles = vi.fn();
    const stop = onStoreChange('puzzles', ownPuzzles);
    unwrap(await recordPuzzleAnswer(db, answer));
    unwrap(await markLessonDone(db, 'capture'));
    await tick();
    stop();
    otherTab.close();
    expect(heard).toEqual(['puzzles', 'lessons']);
    expect(ownPuzzles).not.toHaveBeenCalled(); // a tab never hears its own writes
  });

  it('reads and writes the topic messages, and ignores what is none of them', () => {
    for (const topic of ['puzzles', 'lessons', 'players', 'settings'] as const) {
      expect(readStoreMessage(storeMessage({ topic }))).toEqual({ topic });
    }
    expect(readStoreMessage(storeMessage({ topic: 'games', changes: [{ id: 'g', revision: 2 }] }))).toEqual({
      topic: 'games',
      changes: [{ id: 'g', revision: 2 }],
    });
    for (const junk of [{ topic: 'games' }, { topic: 'nope' }, 'puzzles', null, 7]) {
      expect(readStoreMessage(junk)).toBeNull();
    }
    // An earlier version's games message is still read as the games.
    expect(readStoreMessage({ id: 'g', revision: null })).toEqual({
      topic: 'games',
      changes: [{ id: 'g', revision: null }],
    });
  });
});
