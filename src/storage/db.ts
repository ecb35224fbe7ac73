/**
 * The one database, "pente", and its schema history. Each schema version is an upgrade step; opening at
 * version N runs, in order, every step after the version already on disk, so a database from any earlier
 * release reaches the current schema with its data. A new version appends a step and never edits an old
 * one.
 *
 * The database is opened through an `IDBFactory` the caller may pass (tests give each test a fresh
 * in-memory one) and then handled through `idb`'s promise wrappers. idb's own `openDB` always uses the
 * global `indexedDB`, so opening repeats its few lines against the given factory.
 */
import { type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames, wrap } from 'idb';
import { err, ok } from '../core';
import { builtInPlayers } from './defaults';
import { type StoreTopic, announceStoreChange } from './feed';
import { type StorageResult, fail, toStorageError } from './errors';
import { LEVELS_BEFORE_LADDER, LEVELS_OF_LADDER_1, LEVELS_OF_LADDER_2, retuneBuiltInLevels } from './level-upgrade';
import { summarize } from './summaries';

export const DB_NAME = 'pente';

/**
 * Values are `unknown` on purpose: what comes back from disk is checked by src/storage/validate.ts before
 * it is trusted, and what goes in is typed by the functions that write it.
 */
export interface PenteSchema extends DBSchema {
  /** Since version 7, `byFriendGame`: friend games by the id their links carry (records without one are not in it). */
  games: { key: string; value: unknown; indexes: { byUpdatedAt: number; byStatus: string; byFriendGame: string } };
  /**
   * Since version 2: one summary per game, under the game's key (src/storage/summaries.ts). `status` is
   * 'in-progress', 'finished' or 'damaged'; damaged records with no readable date are not in
   * byStatusUpdated. Since version 6, byIdentity (the duplicate rule's hash, game-record.ts's gameIdentity)
   * and byShelfListed (the list's tab and date); damaged records are in neither.
   */
  summaries: {
    key: string;
    value: unknown;
    indexes: {
      byStatus: string;
      byStatusUpdated: [string, number];
      byIdentity: string;
      byShelfListed: [string, number];
    };
  };
  players: { key: string; value: unknown; indexes: { byKindName: [string, string] } };
  /** Key-value: one entry per setting, keyed by its name. */
  settings: { key: string; value: unknown };
  /** Key-value: the packed openings book under BOOK_KEY. */
  openings: { key: string; value: unknown };
  /** Since version 3: one analysis per game, under the game's id (src/storage/analyses.ts). */
  analyses: { key: string; value: unknown };
}

export type PenteDb = IDBPDatabase<PenteSchema>;
export type StoreName = StoreNames<PenteSchema>;

/** A schema step runs inside the upgrade's versionchange transaction, with the raw (synchronous) API. */
export type UpgradeStep = (db: IDBDatabase, tx: IDBTransaction) => void;

/** Version 1: the four stores, their indexes, and the players a first run starts with. */
const createStores: UpgradeStep = (db) => {
  const games = db.createObjectStore('games', { keyPath: 'id' });
  games.createIndex('byUpdatedAt', 'updatedAt');
  games.createIndex('byStatus', 'status');
  const players = db.createObjectStore('players', { keyPath: 'id' });
  // Names are unique per kind: a human and a computer may share one, two humans may not.
  players.createIndex('byKindName', ['kind', 'name'], { unique: true });
  db.createObjectStore('settings');
  db.createObjectStore('openings');
  // Seeded here, in the step that creates the store, so it happens exactly once: on the first run.
  for (const player of builtInPlayers()) players.put(player);
};

/**
 * Version 2: the summaries store, filled from the games already stored. The cursor visits one record per
 * event, so a big library is summarised without one long task; a step's requests all belong to the
 * upgrade's transaction, so the database opens only once every summary is written (or not at all).
 */
const addSummaries: UpgradeStep = (db, tx) => {
  const summaries = db.createObjectStore('summaries', { keyPath: 'id' });
  summaries.createIndex('byStatus', 'status');
  summaries.createIndex('byStatusUpdated', ['status', 'updatedAt']);
  const cursorRequest = tx.objectStore('games').openCursor();
  cursorRequest.onsuccess = () => {
    const cursor = cursorRequest.result;
    if (!cursor) return;
    summaries.put(summarize(cursor.primaryKey, cursor.value));
    cursor.continue();
  };
};

/** Version 3: the analyses store (a game's analysis, under the game's id). Nothing to fill: none exist yet. */
const addAnalyses: UpgradeStep = (db) => {
  db.createObjectStore('analyses', { keyPath: 'id' });
};

/** Version 4: the built-in computer players' settings as the ladder re-tuned them (level-upgrade.ts). */
const retuneLevels: UpgradeStep = (_db, tx) => retuneBuiltInLevels(tx, LEVELS_BEFORE_LADDER, LEVELS_OF_LADDER_1);

/** Version 5: the second ladder run's levels, two of them new (level-upgrade.ts). */
const retuneLevelsAgain: UpgradeStep = (_db, tx) => retuneBuiltInLevels(tx, LEVELS_OF_LADDER_1, LEVELS_OF_LADDER_2);

/**
 * Version 6: games are recognised by their identity (the duplicate rule) and imported games are listed
 * apart, so every summary gains its identity hash, its shelf and its list date, under two new indexes. The
 * summaries are made again from their games, one per cursor event as in version 2.
 */
const identifyGames: UpgradeStep = (_db, tx) => {
  const summaries = tx.objectStore('summaries');
  summaries.createIndex('byIdentity', 'identity');
  summaries.createIndex('byShelfListed', ['shelf', 'listedAt']);
  const cursorRequest = tx.objectStore('games').openCursor();
  cursorRequest.onsuccess = () => {
    const cursor = cursorRequest.result;
    if (!cursor) return;
    summaries.put(summarize(cursor.primaryKey, cursor.value));
    cursor.continue();
  };
};

/**
 * Version 7: friend games (played by links) are found by the game id their links carry. No record has one
 * yet, so the index starts empty; a record without `friend` is simply not in it.
 */
const addFriendGames: UpgradeStep = (_db, tx) => {
  tx.objectStore('games').createIndex('byFriendGame', 'friend.gameId');
};

/** The schema's history: step i takes the database from version i to version i + 1. */
export const UPGRADE_STEPS: readonly UpgradeStep[] = [
  createStores,
  addSummaries,
  addAnalyses,
  retuneLevels,
  retuneLevelsAgain,
  identifyGames,
  addFriendGames,
];

export const DB_VERSION = UPGRADE_STEPS.length;

/** Runs the steps that take a database from `oldVersion` (0: it did not exist) to `newVersion`, in order. */
export function runUpgradeSteps(
  steps: readonly UpgradeStep[],
  db: IDBDatabase,
  tx: IDBTransaction,
  oldVersion: number,
  newVersion: number,
): void {
  for (let version = oldVersion + 1; version <= newVersion; version++) {
    const step = steps[version - 1];
    if (!step) throw new Error(`No upgrade step for database version ${version}.`);
    step(db, tx);
  }
}

export interface OpenOptions {
  /** Where databases live; left out, the global `indexedDB`; null, none (as in a browser without it). */
  readonly factory?: IDBFactory | null;
  /**
   * The schema's history, whose length is the version opened. Left out, UPGRADE_STEPS; tests pass a longer
   * list to stand in for a later release.
   */
  readonly upgradeSteps?: readonly UpgradeStep[];
  /**
   * Called when this connection has been closed so that another tab, running a newer version, can
   * upgrade: storage calls fail with 'unavailable' from then on, and the page should offer a reload.
   */
  readonly onVersionChange?: () => void;
  /**
   * Called when the upgrade has to wait for another tab that holds the older version open and does not let
   * it go: the open then waits, and succeeds (upgraded) once that tab has closed, so the old tab's later
   * saves are never cut off by the upgrade. Left out, the open fails with 'blocked' instead.
   */
  readonly onBlocked?: () => void;
}

function globalFactory(): IDBFactory | null {
  try {
    return typeof indexedDB === 'undefined' ? null : indexedDB;
  } catch {
    // Some sandboxed frames throw SecurityError just for reading the property.
    return null;
  }
}

const UNAVAILABLE =
  'This browser offers no storage for Pente here (private browsing can do this): games will not be saved.';

/**
 * Opens the database, upgrading it first when it is older than this version of the app. When the upgrade
 * has to wait for another tab that still holds the old version open, it waits and says so (`onBlocked`),
 * or without `onBlocked` fails with 'blocked' (the caller can ask the player to close that tab and try again).
 */
export function openDatabase(options: OpenOptions = {}): Promise<StorageResult<PenteDb>> {
  const factory = options.factory === undefined ? globalFactory() : options.factory;
  if (!factory) return Promise.resolve(fail('unavailable', { kind: 'no-storage' }, UNAVAILABLE));
  const steps = options.upgradeSteps ?? UPGRADE_STEPS;

  let request: IDBOpenDBRequest;
  try {
    request = factory.open(DB_NAME, steps.length);
  } catch (e) {
    return Promise.resolve(fail('unavailable', { kind: 'no-storage' }, UNAVAILABLE, e));
  }

  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: StorageResult<PenteDb>): void => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    let stepError: unknown;

    request.onupgradeneeded = (event) => {
      const tx = request.transaction;
      if (!tx) return;
      try {
        runUpgradeSteps(steps, request.result, tx, event.oldVersion, event.newVersion ?? steps.length);
      } catch (e) {
        // Aborting rolls the whole upgrade back, so the old data stays as it was; the error event follows.
        stepError = e;
        tx.abort();
      }
    };
    request.onblocked = () => {
      if (options.onBlocked) return options.onBlocked();
      settle(
        fail(
          'blocked',
          { kind: 'upgrade-blocked' },
          'Pente is open in another tab with an older version. Close that tab so the saved games can be updated, then try again.',
        ),
      );
    };
    request.onsuccess = () => {
      const connection = request.result;
      if (settled) {
        // The caller was already told the open was blocked; this late connection has no owner.
        connection.close();
        return;
      }
      connection.onversionchange = () => {
        // Let the other tab's upgrade go ahead rather than block it; this tab must reload to go on.
        connection.close();
        options.onVersionChange?.();
      };
      settle(ok(wrap(connection) as unknown as PenteDb));
    };
    request.onerror = () => {
      settle(
        stepError === undefined
          ? err(toStorageError(request.error, 'open the saved games'))
          : fail(
              'unknown',
              { kind: 'upgrade-failed', version: steps.length, detail: String(stepError) },
              `Could not update the saved games to version ${steps.length}: ${String(stepError)}`,
              stepError,
            ),
      );
    };
  });
}

/**
 * A request's promise with its rejection marked as handled: when a body starts several requests and one
 * fails (or throws before the others are awaited), the rest reject with the aborted transaction, and
 * nothing should report those as unhandled. Await the returned promise as usual.
 */
export function request<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** A transaction's error: null while it is alive or when it was aborted by the app (no cause). */
function readError(tx: { readonly error: DOMException | null }): DOMException | null {
  try {
    return tx.error;
  } catch {
    return null;
  }
}

/** Aborts a transaction that may already have finished (which would throw). */
function abortQuietly(tx: { abort(): void }): void {
  try {
    tx.abort();
  } catch {
    // Already committed or aborted: nothing is left to undo.
  }
}

/**
 * Runs `body` in one transaction and turns every way it can fail into an error value. A body that returns
 * an error in a readwrite transaction aborts it, so nothing it wrote is kept: each storage call is all or
 * nothing. Success waits for the commit, which is where a full disk usually shows up. `options.durability`
 * 'strict' makes the commit wait until the data is flushed to disk (for what must survive a crash).
 */
/**
 * What a readwrite transaction tells the other tabs once it has committed (feed.ts), unless it says
 * otherwise (`announce`): by the stores it may have written. The settings store holds the settings, the
 * puzzle progress and the lessons done, so a write there announces all three unless it names its own. The
 * games are announced with their ids by the functions that write them; the other stores (summaries,
 * analyses, the openings book) are no one else's to show.
 */
function topicsOf(storeNames: readonly StoreName[]): Exclude<StoreTopic, 'games'>[] {
  const topics: Exclude<StoreTopic, 'games'>[] = [];
  if (storeNames.includes('players')) topics.push('players');
  if (storeNames.includes('settings')) topics.push('settings', 'puzzles', 'lessons');
  return topics;
}

type OtherTopic = Exclude<StoreTopic, 'games'>;

export interface TransactionOptions<T = unknown> {
  readonly durability?: IDBTransactionDurability;
  /**
   * The topics a committed readwrite transaction announces: a list, or what its result says it wrote
   * (default: `topicsOf` its stores).
   */
  readonly announce?: readonly OtherTopic[] | ((value: T) => readonly OtherTopic[]);
}

export async function withTransaction<Names extends StoreName[], Mode extends IDBTransactionMode, T>(
  db: PenteDb,
  storeNames: Names,
  mode: Mode,
  doing: string,
  body: (tx: IDBPTransaction<PenteSchema, Names, Mode>) => Promise<StorageResult<T>>,
  options: TransactionOptions<T> = {},
): Promise<StorageResult<T>> {
  let tx: IDBPTransaction<PenteSchema, Names, Mode>;
  try {
    tx = db.transaction(storeNames, mode, options.durability ? { durability: options.durability } : {});
  } catch (e) {
    return err(toStorageError(e, doing));
  }
  // Failures are reported through the awaits below; this only keeps an early rejection from going unhandled.
  tx.done.catch(() => undefined);
  try {
    const result = await body(tx);
    if (!result.ok) {
      if (mode === 'readwrite') abortQuietly(tx);
      return result;
    }
    await tx.done;
    if (mode === 'readwrite') {
      const { announce } = options;
      const topics = typeof announce === 'function' ? announce(result.value) : (announce ?? topicsOf(storeNames));
      for (const topic of topics) announceStoreChange(topic);
    }
    return result;
  } catch (e) {
    abortQuietly(tx);
    // A failed request aborts its transaction, and the transaction's error names the real cause (the quota):
    // what was caught may be only a consequence (an AbortError, or a later request the dead transaction
    // refused), so the transaction's error, when it has one, is the one reported.
    const cause = readError(tx) ?? e;
    return err(toStorageError(cause, doing));
  }
}
