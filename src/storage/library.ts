/**
 * The game library as the games screen, Home and "Continue" see it: summaries, not whole records (see
 * summaries.ts), read a page at a time through the summaries' indexes, so what a screen costs does not grow
 * with the library. Summaries are written with every save, import and delete, and built for every game by
 * the upgrades that add them.
 *
 * A record written some other way (by hand, by a tool, by a test) may have no summary, and a summary may
 * be left without its game or in a shape this version does not write. The check that finds these
 * (checkLibrary) has to read every key of both stores and every summary, so it never runs on the way to a
 * screen: the app runs it once per connection after its first screen is drawn, a page per transaction with
 * the page given a turn between pages, and imports run it before they look for duplicates. After it, a
 * walk of the keys alone (the same pages) tells whether anything wrote around the app since.
 *
 * A summary is trusted only as far as it can be checked cheaply: one that does not have the shape this
 * version writes (an unknown variant, a field missing) is made again from its game, and the games a list
 * shows (a page of them) are read and compared with their summaries, so a record edited in place since its
 * summary was written (so that it no longer replays) lists as damaged. What is made again is written back.
 */
import { VARIANTS, ok } from '../core';
import { DB_VERSION, type PenteDb, type PenteSchema, request, withTransaction } from './db';
import type { IDBPTransaction } from 'idb';
import { type StorageResult, fail } from './errors';
import { gameRecordProblem } from './game-record';
import type { GameFilter, OpeningCount } from './game-filter';
import type { GameSortKey } from './games';
import type { GameStatus, StoredGame } from './records';
import { yieldToPage } from './slices';
import {
  type DamagedSummary,
  type GameSummary,
  type Shelf,
  SUMMARY_SHAPE,
  type SummaryRecord,
  describesRecord,
  isDamaged,
  isSummaryRecord,
  summarize,
} from './summaries';

/** How far a long job has got, for a progress bar. */
export type ProgressReport = (done: number, total: number) => void;

/** Records summarised per transaction: small enough that each chunk's replays make no long task. */
const SUMMARY_CHUNK = 50;

/**
 * Keys and summaries read per transaction by the check and by a listing that no index orders: a few
 * milliseconds of the page's time to take in, however big the library.
 */
export const LIBRARY_PAGE = 500;

export { yieldToPage };

/** A Set-able text for a key: string ids as they are, other keys (numbers, dates, arrays) as typed JSON. */
const keyText = (key: IDBValidKey): string => (typeof key === 'string' ? `s${key}` : `k${JSON.stringify(key)}`);

/** Connections whose library has been checked in full once (see checkLibrary). */
const checkedInFull = new WeakSet<PenteDb>();

/**
 * The settings store's key for what the last full check found the library to be: the summaries' shape and
 * the database version it was checked under. A start finding them current walks only the keys (a page per
 * request, after the first screen), so no start reads the library's records; a new shape or version (an
 * update) checks it in full once more.
 */
export const LIBRARY_CHECKED_KEY = 'libraryChecked';

interface CheckedMark {
  readonly shape: number;
  readonly dbVersion: number;
}

const isCurrentMark = (v: unknown): boolean =>
  typeof v === 'object' &&
  v !== null &&
  (v as CheckedMark).shape === SUMMARY_SHAPE &&
  (v as CheckedMark).dbVersion === DB_VERSION;

/** Whether a full check under this shape and version is on record (a read that fails: no). */
async function checkedBefore(db: PenteDb): Promise<boolean> {
  const read = await withTransaction(db, ['settings'], 'readonly', 'check the saved games', async (tx) =>
    ok(isCurrentMark(await tx.objectStore('settings').get(LIBRARY_CHECKED_KEY))),
  );
  return read.ok && read.value;
}

/** Records a full check (nobody else's to show: no tab is told). A failure only means the next start walks. */
async function markChecked(db: PenteDb): Promise<void> {
  const mark: CheckedMark = { shape: SUMMARY_SHAPE, dbVersion: DB_VERSION };
  await withTransaction(
    db,
    ['settings'],
    'readwrite',
    'check the saved games',
    async (tx) => ok(await tx.objectStore('settings').put(mark, LIBRARY_CHECKED_KEY)),
    { announce: [] },
  );
}

/** One check at a time per connection: the start-up check and an import may both ask. */
const checks = new WeakMap<PenteDb, Promise<StorageResult<number>>>();

/**
 * Makes the library whole: writes the summaries that games lack, deletes summaries whose game is gone, and
 * makes again those not in the shape this version writes. The first time on a database (and after an
 * update that changes the summaries' shape or the database's version) every key and summary is read,
 * LIBRARY_PAGE at a time with the page given a turn between pages; after that, only the keys of both
 * stores, the same way (what something writing around the app leaves: a game without a summary, a summary
 * without a game). Returns how many summaries were written or deleted.
 */
export function checkLibrary(db: PenteDb, onProgress?: ProgressReport): Promise<StorageResult<number>> {
  const running = checks.get(db);
  if (running) return running;
  const check = runCheck(db, onProgress).finally(() => checks.delete(db));
  checks.set(db, check);
  return check;
}

/** The old name, for the imports: they need every stored game's summary before looking for duplicates. */
export const indexMissingSummaries = checkLibrary;

async function runCheck(db: PenteDb, onProgress?: ProgressReport): Promise<StorageResult<number>> {
  // A library checked in full under this shape and version: only its keys are walked (games without a
  // summary, summaries without a game: what something writing around the app leaves).
  const keysOnly = checkedInFull.has(db) || (await checkedBefore(db));
  const walked = await walkLibrary(db, keysOnly, onProgress);
  if (walked.ok && !keysOnly) {
    checkedInFull.add(db);
    await markChecked(db);
  }
  return walked;
}

/** IndexedDB's own key order (both stores are keyed alike, so their keys can be walked side by side). */
const compareKeys = (a: IDBValidKey, b: IDBValidKey): number => indexedDB.cmp(a, b);

/** What one page of the check found to write again, and the last key it covered (undefined: the end). */
interface CheckedPage {
  readonly fix: readonly IDBValidKey[];
  readonly covered: number;
  readonly last: IDBValidKey | undefined;
}

/**
 * Reads the next page of both stores' keys after `after` (and, unless `keysOnly`, the summaries), and finds
 * within it the games without a summary, the summaries without a game, and (reading the summaries) the
 * summaries not in this version's shape. The page ends at the smaller of the two stores' last keys, so
 * nothing past it is judged on half the keys.
 */
function checkPage(
  db: PenteDb,
  after: IDBValidKey | undefined,
  keysOnly: boolean,
): Promise<StorageResult<CheckedPage>> {
  return withTransaction(db, ['games', 'summaries'], 'readonly', 'check the saved games', async (tx) => {
    const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
    const games = tx.objectStore('games');
    const summaries = tx.objectStore('summaries');
    const [gameKeys, summaryKeys, summaryValues] = await Promise.all([
      request(games.getAllKeys(range, LIBRARY_PAGE)),
      request(summaries.getAllKeys(range, LIBRARY_PAGE)),
      keysOnly ? Promise.resolve(null) : request(summaries.getAll(range, LIBRARY_PAGE)),
    ]);
    const lastGame = gameKeys.length === LIBRARY_PAGE ? gameKeys[gameKeys.length - 1] : undefined;
    const lastSummary = summaryKeys.length === LIBRARY_PAGE ? summaryKeys[summaryKeys.length - 1] : undefined;
    const last =
      lastGame === undefined
        ? lastSummary
        : lastSummary === undefined || compareKeys(lastGame, lastSummary) <= 0
          ? lastGame
          : lastSummary;
    const within = (key: IDBValidKey) => last === undefined || compareKeys(key, last) <= 0;
    const gameSet = new Set(gameKeys.filter(within).map(keyText));
    const summarySet = new Set<string>();
    const fix: IDBValidKey[] = [];
    summaryKeys.forEach((key, i) => {
      if (!within(key)) return;
      summarySet.add(keyText(key));
      // No game: the summary goes. A game, but a summary this version did not write: made again.
      if (!gameSet.has(keyText(key)) || (summaryValues && !isSummaryRecord(summaryValues[i]))) fix.push(key);
    });
    for (const key of gameKeys) if (within(key) && !summarySet.has(keyText(key))) fix.push(key);
    return ok({ fix, covered: gameSet.size, last });
  });
}

/**
 * The whole check: every page of both stores, each page's findings written before the next is read. Every
 * request is a page: a listing asked for meanwhile waits for one page at most. (The counts a start compared
 * instead were one request each over the whole store or index; at 100,000 games they held the database
 * for 0.8-2.4 s, and the Games list's first read waited behind them: scripts/measure-library.ts.)
 */
async function walkLibrary(
  db: PenteDb,
  keysOnly: boolean,
  onProgress?: ProgressReport,
): Promise<StorageResult<number>> {
  // The total, for a progress bar only: a count is one request over the whole store (0.6-0.9 s of the
  // database's time at 100,000 games), which the check after start-up, with no one to tell, does not pay.
  const total = onProgress
    ? await withTransaction(db, ['games'], 'readonly', 'check the saved games', async (tx) =>
        ok(await tx.objectStore('games').count()),
      )
    : ok(0);
  if (!total.ok) return total;
  let after: IDBValidKey | undefined;
  let covered = 0;
  let written = 0;
  for (let first = true; ; first = false) {
    if (!first) await yieldToPage();
    const page = await checkPage(db, after, keysOnly);
    if (!page.ok) return page;
    if (page.value.fix.length > 0) {
      const done = await summarizeKeys(db, page.value.fix);
      if (!done.ok) return done;
      written += done.value;
    }
    covered += page.value.covered;
    onProgress?.(Math.min(covered, total.value), total.value);
    if (page.value.last === undefined) return ok(written);
    after = page.value.last;
  }
}

/**
 * Writes the summary of the game under each key as the game is now (deleting the summary of a game that is
 * gone), in chunks with the page given a turn between them. Each chunk reads the games and writes their
 * summaries in one transaction, so a save in another tab meanwhile is summarised as saved. Returns how many
 * summaries were written or deleted.
 */
async function summarizeKeys(db: PenteDb, keys: readonly IDBValidKey[]): Promise<StorageResult<number>> {
  let written = 0;
  for (let start = 0; start < keys.length; start += SUMMARY_CHUNK) {
    if (start > 0) await yieldToPage();
    const chunk = keys.slice(start, start + SUMMARY_CHUNK) as string[]; // idb types keys as strings; any key works
    const done = await withTransaction(db, ['games', 'summaries'], 'readwrite', 'list the saved games', async (tx) => {
      const games = tx.objectStore('games');
      const summaries = tx.objectStore('summaries');
      const [values, present] = await Promise.all([
        Promise.all(chunk.map((k) => request(games.get(k)))),
        Promise.all(chunk.map((k) => request(summaries.getKey(k)))),
      ]);
      let count = 0;
      const writes: Promise<unknown>[] = [];
      chunk.forEach((key, i) => {
        if (values[i] === undefined) {
          if (present[i] !== undefined) {
            writes.push(request(summaries.delete(key)));
            count++;
          }
          return;
        }
        writes.push(request(summaries.put(summarize(key, values[i]))));
        count++;
      });
      await Promise.all(writes);
      return ok(count);
    });
    if (!done.ok) return done;
    written += done.value;
  }
  return ok(written);
}

export interface LibraryQuery {
  /**
   * Only the games of this tab (default: all): played here and unfinished, played here and finished, or
   * imported (summaries.ts's Shelf). Damaged records are listed apart, whatever it is.
   */
  readonly shelf?: Shelf;
  /** Only games with this status (default: all), wherever they came from. */
  readonly status?: GameStatus;
  /**
   * Default 'date': the summary's listedAt (a game played here: its last save; an imported one: its own
   * date). A page by status in date order is read in the order of the last save (byStatusUpdated).
   */
  readonly sortBy?: GameSortKey;
  /** Default: true for 'date' (newest first), false for the others (A to Z, smallest first). */
  readonly descending?: boolean;
  /** Demonstration games are left out unless asked for. */
  readonly includeDemo?: boolean;
  /**
   * At most this many games (default: all). By date within one shelf or status, only those are read
   * (through the byShelfListed or byStatusUpdated index), so the first page of a big library costs what a
   * small one does; in any other order every summary is read, a page per transaction, keeping the best.
   */
  readonly limit?: number;
  /**
   * The search and filters (game-filter.ts). A listing with any of them reads every summary, a page per
   * transaction (no index holds names, results or openings), keeping the best `limit`.
   */
  readonly filter?: GameFilter;
  /**
   * A listing a newer one replaces (the player typed on): aborted, it stops walking at the next page and
   * returns what it has read, which its caller drops.
   */
  readonly signal?: AbortSignal;
}

export interface Library {
  /** The games asked for, sorted (the first `limit` of them when a limit was given). */
  readonly games: readonly GameSummary[];
  /** Whether more games than `games` match the query. */
  readonly more: boolean;
  /** Every record the app cannot open, newest first (undated ones last). */
  readonly damaged: readonly DamagedSummary[];
}

/** Names compare as people read them ("Bob 2" before "Bob 10", case aside); one collator serves every sort. */
const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true }).compare;

const COMPARE: { readonly [K in GameSortKey]: (a: GameSummary, b: GameSummary) => number } = {
  date: (a, b) => a.listedAt - b.listedAt,
  player1: (a, b) => byName(a.players[0], b.players[0]),
  player2: (a, b) => byName(a.players[1], b.players[1]),
  size: (a, b) => a.size - b.size,
  // A summary's variant is checked when it is read (isSummaryRecord); `?.` keeps a sort from ever throwing.
  variant: (a, b) => byName(VARIANTS[a.variant]?.name ?? a.variant, VARIANTS[b.variant]?.name ?? b.variant),
};

/** Sorts summaries; ties go newest first whatever the direction, then by id so the order is stable. */
export function sortSummaries(games: readonly GameSummary[], sortBy: GameSortKey, descending: boolean): GameSummary[] {
  const compare = COMPARE[sortBy];
  return [...games].sort(
    (a, b) => (descending ? -compare(a, b) : compare(a, b)) || b.updatedAt - a.updatedAt || byName(a.id, b.id),
  );
}

const newestFirst = (a: DamagedSummary, b: DamagedSummary): number =>
  (b.updatedAt ?? -Infinity) - (a.updatedAt ?? -Infinity) || byName(String(a.id), String(b.id));

type ListingTransaction = IDBPTransaction<PenteSchema, ('games' | 'summaries')[], 'readonly'>;

/**
 * A stored summary as a list may use it: as stored when it passes its check, else made from its game (and
 * its key noted in `stale`, to be written back); null when its game is gone.
 */
async function trusted(
  tx: ListingTransaction,
  key: IDBValidKey,
  value: unknown,
  stale: IDBValidKey[],
): Promise<SummaryRecord | null> {
  if (isSummaryRecord(value)) return value;
  stale.push(key);
  const game: unknown = await tx.objectStore('games').get(key as string);
  return game === undefined ? null : summarize(key, game);
}

/** What a listing read before its page's records are checked. */
interface Candidates {
  /** The games that match, sorted, at most `limit` of them (with one more when there are more). */
  readonly sorted: readonly GameSummary[];
  /** Whether more than `limit` match. */
  readonly more: boolean;
  readonly damaged: readonly DamagedSummary[];
}

/**
 * The first page by date of one shelf or status, straight from its index (one more than asked tells
 * whether there are more), and the damaged records through theirs.
 */
async function readIndexPage(
  tx: ListingTransaction,
  key: string,
  indexName: 'byStatusUpdated' | 'byShelfListed',
  descending: boolean,
  limit: number,
  shows: (s: GameSummary) => boolean,
  stale: IDBValidKey[],
): Promise<Candidates> {
  const store = tx.objectStore('summaries');
  const damaged: DamagedSummary[] = [];
  for (const value of await store.index('byStatus').getAll('damaged')) {
    const summary = await trusted(tx, (value as { id: IDBValidKey }).id, value, stale);
    if (summary && isDamaged(summary)) damaged.push(summary);
  }
  const range = IDBKeyRange.bound([key, -Infinity], [key, Infinity]);
  const games: GameSummary[] = [];
  let cursor = await store.index(indexName).openCursor(range, descending ? 'prev' : 'next');
  for (; cursor && games.length <= limit; cursor = await cursor.continue()) {
    const summary = await trusted(tx, cursor.primaryKey, cursor.value, stale);
    if (!summary) continue;
    if (isDamaged(summary)) damaged.push(summary);
    else if (shows(summary)) games.push(summary);
  }
  // A summary made again from its game may sort elsewhere than its index entry did: sorted once more.
  const sorted = sortSummaries(games, 'date', descending);
  return { sorted, more: sorted.length > limit, damaged };
}

/**
 * Every summary, LIBRARY_PAGE per transaction in key order with the page given a turn between pages, each
 * given to `visit` as trusted (made again from its game when its own fails its check). No page task grows
 * with the library; the time does. Stops early when `signal` aborts.
 */
async function walkSummaries(
  db: PenteDb,
  visit: (summary: SummaryRecord) => void,
  stale: IDBValidKey[],
  signal?: AbortSignal,
): Promise<StorageResult<void>> {
  let after: IDBValidKey | undefined;
  for (let first = true; ; first = false) {
    if (!first) await yieldToPage();
    if (signal?.aborted) return ok(undefined);
    const page = await withTransaction(db, ['games', 'summaries'], 'readonly', 'list the saved games', async (tx) => {
      const store = tx.objectStore('summaries');
      const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
      const [keys, values] = await Promise.all([
        request(store.getAllKeys(range, LIBRARY_PAGE)),
        request(store.getAll(range, LIBRARY_PAGE)),
      ]);
      const read: SummaryRecord[] = [];
      for (let i = 0; i < keys.length; i++) {
        const summary = await trusted(tx, keys[i]!, values[i], stale);
        if (summary) read.push(summary);
      }
      return ok({ read, last: keys.length === LIBRARY_PAGE ? keys[keys.length - 1] : undefined });
    });
    if (!page.ok) return page;
    page.value.read.forEach(visit);
    if (page.value.last === undefined) return ok(undefined);
    after = page.value.last;
  }
}

/**
 * Every summary (walkSummaries), keeping the damaged records and the best `limit` (and one) of the games
 * that match: for an order no index holds, or a filter no index holds.
 */
async function readAllPages(
  db: PenteDb,
  sortBy: GameSortKey,
  descending: boolean,
  limit: number,
  shows: (s: GameSummary) => boolean,
  stale: IDBValidKey[],
  signal?: AbortSignal,
): Promise<StorageResult<Candidates>> {
  let best: GameSummary[] = [];
  let matching = 0;
  const damaged: DamagedSummary[] = [];
  const walked = await walkSummaries(
    db,
    (summary) => {
      if (isDamaged(summary)) damaged.push(summary);
      else if (shows(summary)) {
        matching++;
        best.push(summary);
        // Sorted and cut back only now and then: a sort per page of a big library would cost more.
        if (best.length > 2 * limit + LIBRARY_PAGE) best = sortSummaries(best, sortBy, descending).slice(0, limit + 1);
      }
    },
    stale,
    signal,
  );
  if (!walked.ok) return walked;
  return ok({ sorted: sortSummaries(best, sortBy, descending).slice(0, limit + 1), more: matching > limit, damaged });
}

/**
 * The most common openings of `plies` moves among the games a query lists (its limit aside), most games
 * first, at most `top`: every summary is read, a page per transaction. Stops early when `signal` aborts.
 */
export async function listOpenings(
  db: PenteDb,
  query: Pick<LibraryQuery, 'shelf' | 'includeDemo' | 'filter' | 'signal'>,
  plies: number,
  top: number,
): Promise<StorageResult<OpeningCount[]>> {
  const shows = listingPredicate(query, await searchPredicate(query.filter));
  const { openingCounter } = await import('./game-filter');
  const counter = openingCounter(plies);
  const walked = await walkSummaries(
    db,
    (s) => {
      if (!isDamaged(s) && shows(s)) counter.add(s);
    },
    [],
    query.signal,
  );
  return walked.ok ? ok(counter.top(top)) : walked;
}

/**
 * The search's predicate, or null when the query does not filter. game-filter.ts is fetched only for a
 * listing that filters: Home lists through this module on the first screen, whose budget it would break.
 */
async function searchPredicate(filter: GameFilter | undefined): Promise<((s: GameSummary) => boolean) | null> {
  if (!filter) return null;
  const { filterPredicate, isEmptyFilter } = await import('./game-filter');
  return isEmptyFilter(filter) ? null : filterPredicate(filter);
}

/** Which games a query lists (its order and limit aside), `search` its search's predicate. */
function listingPredicate(
  query: LibraryQuery,
  search: ((s: GameSummary) => boolean) | null,
): (s: GameSummary) => boolean {
  const { shelf, status } = query;
  const filtered = search ?? (() => true);
  return (s) =>
    (shelf === undefined || s.shelf === shelf) &&
    (status === undefined || s.status === status) &&
    (query.includeDemo || !s.demo) &&
    filtered(s);
}

/**
 * The games screen's list: summaries of the games asked for, sorted, and every damaged record. A stored
 * summary that fails its check, and a listed game whose record no longer matches its summary, are
 * summarised again from the record (so a record damaged in place lists as damaged) and written back.
 * Games stored without a summary are listed once checkLibrary has made theirs.
 */
export async function listGameSummaries(db: PenteDb, query: LibraryQuery = {}): Promise<StorageResult<Library>> {
  const sortBy = query.sortBy ?? 'date';
  const descending = query.descending ?? sortBy === 'date';
  const { shelf, status, limit = Infinity } = query;
  const search = await searchPredicate(query.filter);
  const shows = listingPredicate(query, search);
  const filtered = search !== null;
  /** Keys whose stored summary is not the one their record makes now: written again after the listing. */
  const stale: IDBValidKey[] = [];
  const byIndex = (shelf !== undefined || status !== undefined) && sortBy === 'date' && limit < Infinity && !filtered;
  // In an order no index holds, every summary is read first, in transactions of its own.
  let read: Candidates | null = null;
  if (!byIndex) {
    const all = await readAllPages(db, sortBy, descending, limit, shows, stale, query.signal);
    if (!all.ok) return all;
    read = all.value;
  }
  const listed = await withTransaction(db, ['games', 'summaries'], 'readonly', 'list the saved games', async (tx) => {
    const [key, indexName] =
      shelf === undefined ? [status!, 'byStatusUpdated' as const] : [shelf, 'byShelfListed' as const];
    const candidates = read ?? (await readIndexPage(tx, key, indexName, descending, limit, shows, stale));
    const damaged = [...candidates.damaged];
    // The games shown are read and compared with their summaries: one edited in place since is made again.
    const page = candidates.sorted.slice(0, limit);
    const records = await Promise.all(page.map((s) => request(tx.objectStore('games').get(s.id))));
    const games: GameSummary[] = [];
    page.forEach((s, i) => {
      const record: unknown = records[i];
      if (record !== undefined && describesRecord(s, record)) return void games.push(s);
      stale.push(s.id);
      if (record === undefined) return;
      const fresh = summarize(s.id, record);
      if (isDamaged(fresh)) damaged.push(fresh);
      else if (shows(fresh)) games.push(fresh);
    });
    const seen = new Set<string>();
    const uniqueDamaged = damaged.filter((d) => !seen.has(keyText(d.id)) && seen.add(keyText(d.id)));
    return ok<Library>({
      games: sortSummaries(games, sortBy, descending),
      more: candidates.more,
      damaged: uniqueDamaged.sort(newestFirst),
    });
  });
  if (!listed.ok) return listed;
  // Written back so the next listing reads them as they are; the list above is right either way.
  if (stale.length > 0) await summarizeKeys(db, stale);
  return listed;
}

/**
 * Unfinished games with a friend by links (on the in-progress shelf, demonstrations aside), last move
 * first, for Home: found through the games' byFriendGame index, so they cost what the friend games do,
 * not what the library does.
 */
export function listFriendGames(db: PenteDb): Promise<StorageResult<GameSummary[]>> {
  return withTransaction(db, ['games', 'summaries'], 'readonly', 'list the games with friends', async (tx) => {
    const keys = await tx.objectStore('games').index('byFriendGame').getAllKeys();
    const values = await Promise.all(keys.map((k) => request(tx.objectStore('summaries').get(k))));
    const games = values.filter(
      (v): v is GameSummary =>
        isSummaryRecord(v) && !isDamaged(v) && v.shelf === 'in-progress' && !v.demo && v.friend !== undefined,
    );
    return ok(sortSummaries(games, 'date', true));
  });
}

/**
 * A listed game's record, read to open or export it and checked as its summary promised (its moves
 * replay). A record damaged since the list was read gets its damaged summary now, so the list shows it apart.
 */
export async function loadListedGame(db: PenteDb, id: string): Promise<StorageResult<StoredGame>> {
  const read = await withTransaction(db, ['games'], 'readonly', 'load the game', async (tx) =>
    ok(await tx.objectStore('games').get(id)),
  );
  if (!read.ok) return read;
  const stored: unknown = read.value;
  if (stored === undefined)
    return fail('not-found', { kind: 'missing', thing: 'game' }, 'That game is no longer saved here.');
  const problem = gameRecordProblem(stored);
  if (problem === null) return ok(stored as StoredGame);
  await summarizeKeys(db, [id]);
  return fail(
    'invalid',
    { kind: 'unreadable-listed', detail: problem },
    `This game cannot be opened: ${problem}. It is now listed with the damaged records.`,
  );
}

/**
 * The newest unfinished game played here (demonstrations and imported games aside) that opens, for
 * "Continue": its summary says its moves replay, and the record is read and checked again here, so a record
 * damaged since is passed over for the next newest rather than offered. null when there is none.
 */
export async function findResumableGame(db: PenteDb): Promise<StorageResult<StoredGame | null>> {
  return withTransaction(db, ['games', 'summaries'], 'readonly', 'find the last game', async (tx) => {
    const unfinished = IDBKeyRange.bound(['in-progress', -Infinity], ['in-progress', Infinity]);
    let cursor = await tx.objectStore('summaries').index('byShelfListed').openCursor(unfinished, 'prev');
    for (; cursor; cursor = await cursor.continue()) {
      const summary: unknown = cursor.value;
      if (isSummaryRecord(summary) && summary.status !== 'damaged' && summary.demo) continue;
      const game: unknown = await tx.objectStore('games').get(cursor.primaryKey);
      if (gameRecordProblem(game) === null && !(game as StoredGame).demo) return ok(game as StoredGame);
    }
    return ok(null);
  });
}
