/**
 * A big library is read a page at a time: what Home and Continue read does not grow with the library, the
 * check that makes the library whole reads at most LIBRARY_PAGE keys or summaries per request, and a
 * listing in an order no index holds reads every summary that way and keeps the best.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  type GameSummary,
  type PenteDb,
  type StoredGame,
  LIBRARY_PAGE,
  LIBRARY_CHECKED_KEY,
  SUMMARY_SHAPE,
  checkLibrary,
  findResumableGame,
  openDatabase,
  listFriendGames,
  listGameSummaries,
  newFriendGameId,
  saveGame,
  sortSummaries,
  summarize,
} from '../../src/storage';
import { readHomeData } from '../../src/ui/home/home-data';
import { COMPUTER, openFresh, sampleGame, unwrap } from './helpers';

const NAMES = ['Zoe', 'ann', 'Bob 10', 'Bob 2', 'carl', 'Dee', 'eve', 'Fay'];

/** Game `i` of a big library: half finished; names, dates and sizes spread so every sort has work to do. */
function libraryGame(i: number): StoredGame {
  const finished = i % 2 === 1;
  return sampleGame({
    id: `g${String(i).padStart(5, '0')}`,
    players: [{ name: NAMES[(i * 5) % NAMES.length]!, kind: 'human' }, COMPUTER],
    // The first move at the centre, as the tournament rule asks.
    ...(i % 3 === 0 ? { size: 13, moves: ['G7', 'H6'] } : { size: 19, moves: ['K10', 'L9'] }),
    status: finished ? 'finished' : 'in-progress',
    result: finished ? { winner: 1, reason: 'resignation' } : null,
    createdAt: 1_000,
    // Not in key order, so a page in date order is not the first keys.
    updatedAt: 10_000 + ((i * 7_919) % 100_000),
    revision: 1,
  });
}

/** Writes values straight into a store, one transaction, bypassing the app (as an import leaves them, or a tool). */
async function putAll(db: PenteDb, store: 'games' | 'summaries', values: readonly unknown[]): Promise<void> {
  const tx = db.transaction(store, 'readwrite');
  for (const v of values) void tx.store.put(v as never);
  await tx.done;
}

/** A library of `count` games with their summaries. */
async function bigLibrary(count: number): Promise<{ db: PenteDb; games: StoredGame[]; factory: IDBFactory }> {
  const { db, factory } = await openFresh();
  const games = Array.from({ length: count }, (_, i) => libraryGame(i));
  await putAll(db, 'games', games);
  await putAll(
    db,
    'summaries',
    games.map((g) => summarize(g.id, g)),
  );
  return { db, games, factory };
}

interface Read {
  readonly what: string;
  /** The count asked for, when the request has one. */
  readonly limit: number | undefined;
  /** Records (or keys) that came back. */
  records: number;
}

/** Every read request made through the IndexedDB classes while it is installed, and what each returned. */
function countReads(): { reads: Read[]; records: () => number; restore: () => void } {
  const reads: Read[] = [];
  const undo: (() => void)[] = [];
  const patch = (proto: object, owner: string, method: string) => {
    const target = proto as Record<string, (...args: unknown[]) => IDBRequest>;
    const original = target[method]!;
    target[method] = function (this: unknown, ...args: unknown[]) {
      const request = original.apply(this, args);
      const read: Read = {
        what: `${owner}.${method}`,
        limit: method.startsWith('getAll') ? (args[1] as number | undefined) : undefined,
        records: 0,
      };
      reads.push(read);
      request.addEventListener('success', () => {
        const { result } = request;
        // A cursor's later records come back on the same request, one success each.
        read.records += Array.isArray(result) ? result.length : result === undefined || result === null ? 0 : 1;
      });
      return request;
    };
    undo.push(() => (target[method] = original));
  };
  for (const [proto, owner] of [
    [IDBObjectStore.prototype, 'store'],
    [IDBIndex.prototype, 'index'],
  ] as const) {
    for (const method of ['get', 'getAll', 'getAllKeys', 'getKey', 'openCursor', 'openKeyCursor']) {
      patch(proto, owner, method);
    }
  }
  return {
    reads,
    records: () => reads.reduce((sum, r) => sum + r.records, 0),
    restore: () => undo.forEach((u) => u()),
  };
}

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
});

const SIZE = 3 * LIBRARY_PAGE + 123;

describe('a big library', () => {
  it("Home's data and Continue read a few records, not the library", async () => {
    const { db, games } = await bigLibrary(SIZE);
    // One friend game among them, the newest unfinished game.
    const friendGame = unwrap(
      await saveGame(db, sampleGame({ id: 'friend', friend: { gameId: newFriendGameId(), mySide: 1 } }), 0, 500_000),
    );
    const counter = countReads();
    restore = counter.restore;
    const [home, resumable] = await Promise.all([readHomeData(db), findResumableGame(db)]);
    counter.restore();
    if (home.kind !== 'read') throw new Error('not read');
    const finished = games.filter((g) => g.status === 'finished').sort((a, b) => b.updatedAt - a.updatedAt);
    expect(home.recent.map((r) => r.id)).toEqual(finished.slice(0, 3).map((g) => g.id));
    expect(home.hasGames).toBe(true);
    expect(home.friends.map((g) => g.id)).toEqual([friendGame.id]);
    expect(unwrap(resumable)?.id).toBe(friendGame.id);
    // A page of three and its check, the first key, one friend game, one game to continue: a handful.
    expect(counter.records()).toBeLessThan(30);
    db.close();
  });

  it('is checked a page per request, and every fault in it is found and mended', async () => {
    const { db, games } = await bigLibrary(SIZE);
    // Faults spread over every page: games without a summary, summaries without a game (between games'
    // keys and past the last one), summaries in a shape this version does not write.
    const lacking = games.filter((_, i) => i % 97 === 5);
    const orphans = ['g00010x', 'g01000x', 'zzz'].map((id) => summarize(id, { ...libraryGame(3), id }));
    const misshapen = games.filter((_, i) => i % 211 === 7).map((g) => ({ ...summarize(g.id, g), variant: 'chess' }));
    const tx = db.transaction('summaries', 'readwrite');
    for (const g of lacking) void tx.store.delete(g.id);
    await tx.done;
    await putAll(db, 'summaries', [...orphans, ...misshapen]);

    const counter = countReads();
    restore = counter.restore;
    const progress: [number, number][] = [];
    const mended = unwrap(await checkLibrary(db, (done, total) => progress.push([done, total])));
    const faulty = new Set([...lacking, ...misshapen].map((g) => g.id));
    expect(mended).toBe(faulty.size + orphans.length);
    const bulk = counter.reads.filter((r) => r.what.endsWith('getAll') || r.what.endsWith('getAllKeys'));
    expect(bulk.length).toBeGreaterThan(3);
    for (const r of bulk) expect(r.limit, r.what).toBe(LIBRARY_PAGE);
    expect(progress.at(-1)).toEqual([SIZE, SIZE]);

    const stored = (await db.transaction('summaries').store.getAll()) as GameSummary[];
    expect(stored.map((s) => s.id)).toEqual(games.map((g) => g.id));
    expect(stored).toEqual(games.map((g) => summarize(g.id, g)));

    // Checked once on this connection: then only the keys are walked, a page per request, no summary read.
    counter.reads.length = 0;
    expect(unwrap(await checkLibrary(db))).toBe(0);
    expect(counter.reads.filter((r) => r.what.endsWith('getAll'))).toEqual([]);
    const keyPages = counter.reads.filter((r) => r.what.endsWith('getAllKeys'));
    expect(keyPages.length).toBeGreaterThan(3);
    for (const r of keyPages) expect(r.limit, r.what).toBe(LIBRARY_PAGE);
    counter.restore();
    // Something writes around the app: a summary goes, and a game is stored without one. The key walk
    // finds both.
    const tx2 = db.transaction(['summaries', 'games'], 'readwrite');
    void tx2.objectStore('summaries').delete(games[1_000]!.id);
    void tx2.objectStore('games').put({ ...libraryGame(SIZE + 7) });
    await tx2.done;
    expect(unwrap(await checkLibrary(db))).toBe(2);
    expect((await db.transaction('summaries').store.count()) as number).toBe(SIZE + 1);
    db.close();
  });

  it('is checked in full once per shape of the summaries, not at every start', async () => {
    const { db, games, factory } = await bigLibrary(SIZE);
    expect(unwrap(await checkLibrary(db))).toBe(0);
    db.close();
    const bulkReads = async (connection: PenteDb) => {
      const counter = countReads();
      restore = counter.restore;
      const mended = unwrap(await checkLibrary(connection));
      counter.restore();
      // Summaries read whole (getAll): the keys alone are walked at every start.
      return { mended, bulk: counter.reads.filter((r) => r.what.endsWith('getAll')).length };
    };
    // A later start (a new connection): the keys agree, and no summary is read.
    const next = unwrap(await openDatabase({ factory }));
    expect(await bulkReads(next)).toEqual({ mended: 0, bulk: 0 });
    // A summary written around the app in a shape no version writes, the keys unchanged: a start under
    // the same shape leaves it (a listing that reads it makes it again); an update to the summaries' shape
    // checks the library in full and mends it.
    await putAll(next, 'summaries', [{ ...summarize(games[7]!.id, games[7]!), variant: 'chess' }]);
    expect(await bulkReads(next)).toEqual({ mended: 0, bulk: 0 });
    await next.put('settings', { shape: SUMMARY_SHAPE - 1, dbVersion: next.version }, LIBRARY_CHECKED_KEY);
    next.close();
    const updated = unwrap(await openDatabase({ factory }));
    const walked = await bulkReads(updated);
    expect(walked.mended).toBe(1);
    expect(walked.bulk).toBeGreaterThan(3);
    // And the mark is written again: the start after reads nothing whole.
    updated.close();
    expect(await bulkReads(unwrap(await openDatabase({ factory })))).toEqual({ mended: 0, bulk: 0 });
  });

  it('has SUMMARY_SHAPE bumped whenever the fields of a summary change', () => {
    const game: StoredGame = {
      ...libraryGame(1),
      origin: { gameId: 'g00000', ply: 2 },
      friend: {
        gameId: newFriendGameId(),
        mySide: 1,
        synced: { moves: 2, ended: false },
        peer: { key: 'a'.repeat(64), relays: ['wss://relay.example'] },
      },
    };
    const summary = summarize(game.id, game) as GameSummary;
    const fields = [
      ...Object.keys(summary),
      ...Object.keys(summary.friend ?? {}).map((k) => `friend.${k}`),
      ...Object.keys(summarize('damaged', { ...game, moves: 'K10' })).map((k) => `damaged.${k}`),
    ].sort();
    // Changing the fields? If summaries written before must be made again, isSummaryRecord refuses them and
    // SUMMARY_SHAPE is bumped (summaries.ts); an optional field they may lack (friend.pinned: filled in by
    // the game's next save) needs no bump. Either way, write the new list here.
    expect({ SUMMARY_SHAPE, fields }).toEqual({
      SUMMARY_SHAPE: 2,
      fields: [
        'createdAt',
        'damaged.id',
        'damaged.reason',
        'damaged.status',
        'damaged.title',
        'damaged.updatedAt',
        'demo',
        'friend',
        'friend.mySide',
        'friend.pinned',
        'friend.synced',
        'id',
        'identity',
        'imported',
        'listedAt',
        'me',
        'moveCount',
        'opening',
        'origin',
        'players',
        'result',
        'revision',
        'shelf',
        'size',
        'status',
        'updatedAt',
        'variant',
      ],
    });
  });

  it('lists the first games in any order a page at a time, keeping the best', async () => {
    const { db, games } = await bigLibrary(SIZE);
    const all = games.map((g) => summarize(g.id, g) as GameSummary);
    for (const sortBy of ['player1', 'size', 'date'] as const) {
      for (const descending of [false, true]) {
        const counter = countReads();
        restore = counter.restore;
        const library = unwrap(await listGameSummaries(db, { shelf: 'finished', sortBy, descending, limit: 20 }));
        counter.restore();
        const expected = sortSummaries(
          all.filter((s) => s.shelf === 'finished'),
          sortBy,
          descending,
        ).slice(0, 20);
        expect(
          library.games.map((g) => g.id),
          `${sortBy} ${descending}`,
        ).toEqual(expected.map((g) => g.id));
        expect(library.more).toBe(true);
        // Nothing is read whole: every bulk read has a count, but the damaged records' (none here).
        const unbounded = counter.reads.filter((r) => r.what.includes('getAll') && r.limit === undefined);
        for (const r of unbounded) expect(`${r.what} ${r.records}`).toBe('index.getAll 0');
      }
    }
    const everything = unwrap(await listGameSummaries(db, { sortBy: 'player2' }));
    expect(everything.games).toHaveLength(SIZE);
    expect(everything.more).toBe(false);
    db.close();
  });

  it('lists the unfinished friend games, last move first, through their index', async () => {
    const { db } = await bigLibrary(50);
    const friend = (id: string, at: number, finished = false) =>
      saveGame(
        db,
        sampleGame({
          id,
          friend: { gameId: newFriendGameId(), mySide: 1 },
          moves: ['K10', 'L9'],
          ...(finished ? { status: 'finished', result: { winner: 1, reason: 'resignation' } } : {}),
        }),
        0,
        at,
      );
    unwrap(await friend('older', 1_000));
    unwrap(await friend('newer', 2_000));
    unwrap(await friend('done', 3_000, true));
    const counter = countReads();
    restore = counter.restore;
    expect(unwrap(await listFriendGames(db)).map((g) => g.id)).toEqual(['newer', 'older']);
    expect(counter.records()).toBe(6);
    db.close();
  });
});
