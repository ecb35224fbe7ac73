import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DB_VERSION,
  type GameSummary,
  exportGameRecord,
  importRecords,
  summarize,
  UPGRADE_STEPS,
  type UpgradeStep,
  getGame,
  getSettings,
  type SummaryRecord,
  listGameSummaries,
  listGames,
  listPlayers,
  openDatabase,
  runUpgradeSteps,
  saveGame,
} from '../../src/storage';
import { errorOf, freshFactory, rawOpen, rawPut, sampleGame, unwrap } from './helpers';

/** Version 1's schema exactly as it shipped, written out here so a change to the app's step cannot hide. */
function createVersion1(db: IDBDatabase): void {
  const games = db.createObjectStore('games', { keyPath: 'id' });
  games.createIndex('byUpdatedAt', 'updatedAt');
  games.createIndex('byStatus', 'status');
  const players = db.createObjectStore('players', { keyPath: 'id' });
  players.createIndex('byKindName', ['kind', 'name'], { unique: true });
  db.createObjectStore('settings');
  db.createObjectStore('openings');
}

/** A version-1 database holding one game, one player and one setting, closed again. */
async function version1WithData(factory: IDBFactory) {
  const game = { ...sampleGame({ moves: ['K10', 'L9'] }), revision: 3 };
  const v1 = await rawOpen(factory, 1, createVersion1);
  await rawPut(v1, 'games', game);
  await rawPut(v1, 'players', { id: 'p-bob', kind: 'human', name: 'Bob' });
  await rawPut(v1, 'settings', 'dark', 'theme');
  v1.close();
  return game;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('opening the database', () => {
  it('creates the current version with its five stores on a first run', async () => {
    const db = unwrap(await openDatabase({ factory: freshFactory() }));
    expect(db.name).toBe('pente');
    expect(db.version).toBe(DB_VERSION);
    expect([...db.objectStoreNames].sort()).toEqual([
      'analyses',
      'games',
      'openings',
      'players',
      'settings',
      'summaries',
    ]);
    expect([...db.transaction('games').store.indexNames].sort()).toEqual(['byFriendGame', 'byStatus', 'byUpdatedAt']);
    expect([...db.transaction('summaries').store.indexNames].sort()).toEqual([
      'byIdentity',
      'byShelfListed',
      'byStatus',
      'byStatusUpdated',
    ]);
    db.close();
  });

  it('has one upgrade step per version', () => {
    expect(UPGRADE_STEPS).toHaveLength(DB_VERSION);
  });

  it('fails with "unavailable" when there is no IndexedDB', async () => {
    const error = errorOf(await openDatabase({ factory: null }));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/storage/);
  });

  it('fails with "unavailable" when the global indexedDB is missing (private mode)', async () => {
    vi.stubGlobal('indexedDB', undefined);
    expect(errorOf(await openDatabase()).kind).toBe('unavailable');
  });

  it('fails with "unavailable" when opening throws (a sandboxed frame)', async () => {
    const factory = freshFactory();
    vi.spyOn(factory, 'open').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(errorOf(await openDatabase({ factory })).kind).toBe('unavailable');
  });

  it('reports a database written by a newer version of the app', async () => {
    const factory = freshFactory();
    (await rawOpen(factory, DB_VERSION + 1, createVersion1)).close();
    const error = errorOf(await openDatabase({ factory }));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/newer version/);
  });
});

describe('upgrades', () => {
  it('runs every step after the old version, in order', () => {
    const ran: number[] = [];
    const steps: UpgradeStep[] = [1, 2, 3, 4].map((v) => () => void ran.push(v));
    const db = {} as IDBDatabase;
    const tx = {} as IDBTransaction;
    runUpgradeSteps(steps, db, tx, 0, 4);
    expect(ran).toEqual([1, 2, 3, 4]);
    ran.length = 0;
    runUpgradeSteps(steps, db, tx, 2, 4);
    expect(ran).toEqual([3, 4]);
    expect(() => runUpgradeSteps(steps, db, tx, 4, 5)).toThrow(/version 5/);
  });

  it('opens a version-1 database with its data intact', async () => {
    const factory = freshFactory();
    const game = await version1WithData(factory);
    const db = unwrap(await openDatabase({ factory }));
    expect(db.version).toBe(DB_VERSION);
    expect(unwrap(await getGame(db, game.id))).toEqual(game);
    // Version 4 adds the levels new in it (storage-levels.test.ts); the people are as they were.
    const { players } = unwrap(await listPlayers(db));
    expect(players.filter((p) => p.kind === 'human')).toEqual([{ id: 'p-bob', kind: 'human', name: 'Bob' }]);
    expect(unwrap(await getSettings(db)).settings.theme).toBe('dark');
    db.close();
  });

  it('version 2 summarises every game already stored, damaged records included', async () => {
    const factory = freshFactory();
    const game = await version1WithData(factory);
    const v1 = await rawOpen(factory, 1);
    await rawPut(v1, 'games', { ...game, id: 'bad-moves', moves: ['K10', 'K10'], updatedAt: 5_000 });
    await rawPut(v1, 'games', { id: 'no-status', players: game.players, updatedAt: 4_000 });
    v1.close();
    const db = unwrap(await openDatabase({ factory }));
    const summaries = (await db.transaction('summaries').store.getAll()) as SummaryRecord[];
    const byId = new Map(summaries.map((s) => [s.id, s]));
    expect(summaries).toHaveLength(3);
    expect(byId.get(game.id)).toMatchObject({ status: 'in-progress', moveCount: 2, revision: 3 });
    expect(byId.get('bad-moves')).toMatchObject({
      status: 'damaged',
      reason: expect.stringMatching(/Move 1 \(White\).*K10/),
      updatedAt: 5_000,
    });
    expect(byId.get('no-status')).toMatchObject({ status: 'damaged', title: 'Alice vs Casual', updatedAt: 4_000 });
    // The listing finds them without making any summary of its own.
    const library = unwrap(await listGameSummaries(db));
    expect(library.games.map((g) => g.id)).toEqual([game.id]);
    expect(library.damaged.map((d) => d.id)).toEqual(['bad-moves', 'no-status']);
    db.close();
  });

  it('version 6 (and every step after it) gives every summary its identity and tab, so duplicates are found in a library from before', async () => {
    const factory = freshFactory();
    const game = await version1WithData(factory);
    // Version 5 as it shipped: its summaries have a content hash, no identity, no tab.
    const v5 = unwrap(await openDatabase({ factory, upgradeSteps: UPGRADE_STEPS.slice(0, 5) }));
    const {
      identity: _identity,
      shelf: _shelf,
      listedAt: _listedAt,
      imported: _imported,
      ...v5Summary
    } = summarize(game.id, game) as GameSummary;
    await v5.put('summaries', { ...v5Summary, contentHash: 'abc123' });
    v5.close();

    const db = unwrap(await openDatabase({ factory }));
    expect(db.version).toBe(DB_VERSION);
    const [summary] = (await db.getAllFromIndex('summaries', 'byShelfListed')) as GameSummary[];
    expect(summary).toMatchObject({ id: game.id, shelf: 'in-progress', listedAt: game.updatedAt, imported: null });
    expect(await db.getAllKeysFromIndex('summaries', 'byIdentity', summary!.identity)).toEqual([game.id]);
    // The stored game's record, imported, is recognised as the game already here.
    const record = unwrap(exportGameRecord(game));
    expect(unwrap(await importRecords(db, record))).toMatchObject({ added: [], duplicates: 1 });
    db.close();
  });

  it('takes a version-1 database through a later step, keeping its data', async () => {
    const factory = freshFactory();
    const game = await version1WithData(factory);
    // A stand-in for a later release: version 2 adds an index over the existing records.
    const version2: UpgradeStep = (_db, tx) => tx.objectStore('games').createIndex('byCreatedAt', 'createdAt');
    const step1 = vi.fn(UPGRADE_STEPS[0]!);
    const db = unwrap(await openDatabase({ factory, upgradeSteps: [step1, version2] }));
    expect(step1).not.toHaveBeenCalled();
    expect(db.version).toBe(2);
    expect(unwrap(await getGame(db, game.id))).toEqual(game);
    const byCreatedAt = await db
      .transaction('games')
      .store.index('byCreatedAt' as 'byStatus')
      .getAll();
    expect(byCreatedAt).toEqual([game]);
    db.close();
  });

  it('rolls back an upgrade step that fails, leaving the old version and its data', async () => {
    const factory = freshFactory();
    const game = await version1WithData(factory);
    const broken: UpgradeStep = () => {
      throw new Error('step 2 is broken');
    };
    const error = errorOf(await openDatabase({ factory, upgradeSteps: [UPGRADE_STEPS[0]!, broken] }));
    expect(error.message).toMatch(/step 2 is broken/);
    const db = unwrap(await openDatabase({ factory, upgradeSteps: [UPGRADE_STEPS[0]!] }));
    expect(db.version).toBe(1);
    expect(unwrap(await getGame(db, game.id))).toEqual(game);
    db.close();
  });

  it('fails with "blocked" while another tab keeps the old version open', async () => {
    const factory = freshFactory();
    await version1WithData(factory);
    // The other tab: an old connection that ignores the request to close.
    const otherTab = await rawOpen(factory, 1);
    const version2: UpgradeStep = () => undefined;
    const error = errorOf(await openDatabase({ factory, upgradeSteps: [...UPGRADE_STEPS, version2] }));
    expect(error.kind).toBe('blocked');
    expect(error.message).toMatch(/another tab/);
    otherTab.close();
  });

  it('waits while another tab keeps the old version open, says so, and upgrades once it closes, with its last save', async () => {
    const factory = freshFactory();
    await version1WithData(factory);
    const otherTab = await rawOpen(factory, 1); // an old tab that does not let go
    const onBlocked = vi.fn();
    const next: UpgradeStep = () => undefined;
    let opened: Awaited<ReturnType<typeof openDatabase>> | null = null;
    const opening = openDatabase({ factory, upgradeSteps: [...UPGRADE_STEPS, next], onBlocked }).then(
      (r) => (opened = r),
    );
    await vi.waitFor(() => expect(onBlocked).toHaveBeenCalledOnce());
    // The old tab goes on saving while the upgrade waits for it.
    await rawPut(otherTab, 'settings', 'light', 'theme');
    expect(opened).toBe(null);
    otherTab.close();
    await opening;
    const db = unwrap(opened!);
    expect(db.version).toBe(UPGRADE_STEPS.length + 1);
    expect(await db.get('settings', 'theme')).toBe('light');
    db.close();
  });

  it('a save in flight when a newer version asks lands before this connection lets go', async () => {
    const factory = freshFactory();
    const onVersionChange = vi.fn();
    const oldTab = unwrap(await openDatabase({ factory, onVersionChange }));
    const game = sampleGame({ moves: ['K10'] });
    const saving = saveGame(oldTab, game, 0);
    const newTab = unwrap(await openDatabase({ factory, upgradeSteps: [...UPGRADE_STEPS, () => undefined] }));
    expect(onVersionChange).toHaveBeenCalledOnce();
    expect((await saving).ok).toBe(true);
    expect(unwrap(await getGame(newTab, game.id)).moves).toEqual(['K10']);
    newTab.close();
  });

  it('lets go of its connection when another tab upgrades, and says so', async () => {
    const factory = freshFactory();
    const onVersionChange = vi.fn();
    const oldTab = unwrap(await openDatabase({ factory, onVersionChange }));
    const newTab = unwrap(await openDatabase({ factory, upgradeSteps: [...UPGRADE_STEPS, () => undefined] }));
    expect(newTab.version).toBe(DB_VERSION + 1);
    expect(onVersionChange).toHaveBeenCalledOnce();
    // The old tab's calls now fail as values, not exceptions.
    const error = errorOf(await listGames(oldTab));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/Reload/);
    newTab.close();
  });
});
