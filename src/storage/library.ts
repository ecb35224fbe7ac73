/**
 * The game library as the games screen and "Continue" see it: summaries, not whole records (see
 * summaries.ts). Summaries are written with every save, import and delete, and built for every game by the
 * version-2 upgrade; a record written some other way (by hand, by a tool, by a test) has none, so each
 * listing first compares the two stores' keys, which is cheap, and summarises only the games lacking one.
 *
 * A summary is trusted only as far as it can be checked cheaply: one that does not have the shape this
 * version writes (an unknown variant, a field missing) is made again from its game, and the games a list
 * shows (a page of them) are read and compared with their summaries, so a record edited in place since its
 * summary was written (so that it no longer replays) lists as damaged. What is made again is written back.
 */
import { VARIANTS, ok } from '../core';
import { type PenteDb, request, withTransaction } from './db';
import { type StorageResult, fail } from './errors';
import { gameRecordProblem } from './game-record';
import type { GameSortKey } from './games';
import type { GameStatus, StoredGame } from './records';
import { yieldToPage } from './slices';
import {
  type DamagedSummary,
  type GameSummary,
  type Shelf,
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

export { yieldToPage };

/** A Set-able text for a key: string ids as they are, other keys (numbers, dates, arrays) as typed JSON. */
const keyText = (key: IDBValidKey): string => (typeof key === 'string' ? `s${key}` : `k${JSON.stringify(key)}`);

/** Connections whose two stores' keys have been compared in full once (see repairSummaries). */
const keysCompared = new WeakSet<PenteDb>();

/** One repair at a time per connection: the home screen and the games screen may both ask at start-up. */
const repairs = new WeakMap<PenteDb, Promise<StorageResult<number>>>();

/**
 * Writes the summaries that games lack and deletes summaries whose game is gone, in chunks with the page
 * given a turn between them. Returns how many summaries were written.
 */
export function indexMissingSummaries(db: PenteDb, onProgress?: ProgressReport): Promise<StorageResult<number>> {
  const running = repairs.get(db);
  if (running) return running;
  const repair = repairSummaries(db, onProgress).finally(() => repairs.delete(db));
  repairs.set(db, repair);
  return repair;
}

/** The summaries store's keys whose values are not summaries this version wrote (made again from their games). */
async function invalidSummaryKeys(db: PenteDb): Promise<StorageResult<IDBValidKey[]>> {
  return withTransaction(db, ['summaries'], 'readonly', 'list the saved games', async (tx) => {
    const store = tx.objectStore('summaries');
    const byStatusUpdated = store.index('byStatusUpdated');
    const dated = (status: string) => IDBKeyRange.bound([status, -Infinity], [status, Infinity]);
    // Every summary this version writes is in one of these (a damaged one perhaps undated): a summary the
    // counts miss has a status or date no tab lists, and its game would be listed nowhere.
    const [total, unfinished, finished, damaged] = await Promise.all([
      store.count(),
      byStatusUpdated.count(dated('in-progress')),
      byStatusUpdated.count(dated('finished')),
      store.index('byStatus').count('damaged'),
    ]);
    if (unfinished + finished + damaged === total) return ok([]);
    const [keys, values] = await Promise.all([store.getAllKeys(), store.getAll()]);
    return ok(keys.filter((_, i) => !isSummaryRecord(values[i])));
  });
}

/**
 * Writes the summary of the game under each key as the game is now (deleting the summary of a game that is
 * gone), in chunks with the page given a turn between them; with `onlyMissing`, only for keys still without
 * one (another tab may have summarised them meanwhile). Returns how many summaries were written.
 */
async function summarizeKeys(
  db: PenteDb,
  keys: readonly IDBValidKey[],
  onlyMissing: boolean,
  onProgress?: ProgressReport,
): Promise<StorageResult<number>> {
  let written = 0;
  for (let start = 0; start < keys.length; start += SUMMARY_CHUNK) {
    if (start > 0) await yieldToPage();
    onProgress?.(start, keys.length);
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
        if (onlyMissing && present[i] !== undefined) return; // summarised by a save in another tab
        if (values[i] === undefined) {
          if (present[i] !== undefined) writes.push(request(summaries.delete(key)));
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
  if (keys.length > 0) onProgress?.(keys.length, keys.length);
  return ok(written);
}

async function repairSummaries(db: PenteDb, onProgress?: ProgressReport): Promise<StorageResult<number>> {
  const compared = await withTransaction(db, ['games', 'summaries'], 'readonly', 'list the saved games', async (tx) => {
    const games = tx.objectStore('games');
    const summaries = tx.objectStore('summaries');
    // After the first full comparison on this connection, counts are enough: the app writes a game and its
    // summary together, so a difference means something wrote around it since, and only then are keys read.
    const [gameCount, summaryCount] = await Promise.all([games.count(), summaries.count()]);
    if (gameCount === summaryCount && keysCompared.has(db)) return ok({ missing: [], orphans: [] });
    const [gameKeys, summaryKeys] = await Promise.all([games.getAllKeys(), summaries.getAllKeys()]);
    const gameSet = new Set(gameKeys.map(keyText));
    const summarySet = new Set(summaryKeys.map(keyText));
    return ok({
      missing: gameKeys.filter((k) => !summarySet.has(keyText(k))),
      orphans: summaryKeys.filter((k) => !gameSet.has(keyText(k))),
    });
  });
  if (!compared.ok) return compared;
  const { missing, orphans } = compared.value;
  if (orphans.length > 0) {
    const removed = await withTransaction(db, ['summaries'], 'readwrite', 'tidy the game list', async (tx) => {
      await Promise.all(orphans.map((k) => request(tx.objectStore('summaries').delete(k))));
      return ok(undefined);
    });
    if (!removed.ok) return removed;
  }
  const written = await summarizeKeys(db, missing, true, onProgress);
  if (!written.ok) return written;
  keysCompared.add(db);
  const invalid = await invalidSummaryKeys(db);
  if (!invalid.ok) return invalid;
  const rewritten = await summarizeKeys(db, invalid.value, false);
  if (!rewritten.ok) return rewritten;
  return ok(written.value + rewritten.value);
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
   * small one does.
   */
  readonly limit?: number;
}

export interface Library {
  /** The games asked for, sorted (the first `limit` of them when a limit was given). */
  readonly games: readonly GameSummary[];
  /** Whether more games than `games` match the query. */
  readonly more: boolean;
  /** Every record the app cannot open, newest first (undated ones last). */
  readonly damaged: readonly DamagedSummary[];
}

const byName = (a: string, b: string): number => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });

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

/**
 * The games screen's list: summaries of the games asked for, sorted, and every damaged record. Summaries
 * missing for some games are made first (`onProgress` reports that, when there is any to do). A stored
 * summary that fails its check, and a listed game whose record no longer matches its summary, are
 * summarised again from the record (so a record damaged in place lists as damaged) and written back.
 */
export async function listGameSummaries(
  db: PenteDb,
  query: LibraryQuery = {},
  onProgress?: ProgressReport,
): Promise<StorageResult<Library>> {
  const repaired = await indexMissingSummaries(db, onProgress);
  if (!repaired.ok) return repaired;
  const sortBy = query.sortBy ?? 'date';
  const descending = query.descending ?? sortBy === 'date';
  const { shelf, status, limit = Infinity } = query;
  const shows = (s: GameSummary): boolean =>
    (shelf === undefined || s.shelf === shelf) &&
    (status === undefined || s.status === status) &&
    (query.includeDemo || !s.demo);
  const filtered = shelf !== undefined || status !== undefined;
  const listed = await withTransaction(db, ['games', 'summaries'], 'readonly', 'list the saved games', async (tx) => {
    const store = tx.objectStore('summaries');
    const gameStore = tx.objectStore('games');
    const byStatus = store.index('byStatus');
    /** Keys whose stored summary is not the one their record makes now: written again after the listing. */
    const stale: IDBValidKey[] = [];
    /** A stored summary as the list may use it: as stored when it passes its check, else made from its game. */
    const trusted = async (key: IDBValidKey, value: unknown): Promise<SummaryRecord | null> => {
      if (isSummaryRecord(value)) return value;
      stale.push(key);
      const game: unknown = await gameStore.get(key as string);
      return game === undefined ? null : summarize(key, game);
    };
    const summaries: SummaryRecord[] = [];
    const damagedValues = filtered ? await byStatus.getAll('damaged') : [];
    if (filtered && sortBy === 'date' && limit < Infinity) {
      // A page in date order straight from an index: one more than asked tells whether there are more.
      const key = shelf ?? status!;
      const range = IDBKeyRange.bound([key, -Infinity], [key, Infinity]);
      const index = store.index(shelf === undefined ? 'byStatusUpdated' : 'byShelfListed');
      let cursor = await index.openCursor(range, descending ? 'prev' : 'next');
      let pageLength = 0;
      for (; cursor && pageLength <= limit; cursor = await cursor.continue()) {
        const summary = await trusted(cursor.primaryKey, cursor.value);
        if (!summary) continue;
        summaries.push(summary);
        if (!isDamaged(summary) && shows(summary)) pageLength++;
      }
    } else {
      // One status is read through its index (and the damaged beside it); anything else reads every summary.
      const values = shelf === undefined && status !== undefined ? await byStatus.getAll(status) : await store.getAll();
      for (const value of values) {
        const summary = await trusted((value as { id: IDBValidKey }).id, value);
        if (summary) summaries.push(summary);
      }
    }
    for (const value of damagedValues) {
      const summary = await trusted((value as { id: IDBValidKey }).id, value);
      if (summary) summaries.push(summary);
    }
    const damaged: DamagedSummary[] = [];
    const candidates: GameSummary[] = [];
    for (const s of summaries) {
      if (isDamaged(s)) damaged.push(s);
      else if (shows(s)) candidates.push(s);
    }
    const sorted = sortSummaries(candidates, sortBy, descending);
    // The games shown are read and compared with their summaries: one edited in place since is made again.
    const page = sorted.slice(0, limit);
    const records = await Promise.all(page.map((s) => request(gameStore.get(s.id))));
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
    const library: Library = {
      games: sortSummaries(games, sortBy, descending),
      more: sorted.length > limit,
      damaged: uniqueDamaged.sort(newestFirst),
    };
    return ok({ library, stale });
  });
  if (!listed.ok) return listed;
  const { library, stale } = listed.value;
  // Written back so the next listing reads them as they are; the list above is right either way.
  if (stale.length > 0) await summarizeKeys(db, stale, false);
  return ok(library);
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
  if (stored === undefined) return fail('not-found', 'That game is no longer saved here.');
  const problem = gameRecordProblem(stored);
  if (problem === null) return ok(stored as StoredGame);
  await summarizeKeys(db, [id], false);
  return fail('invalid', `This game cannot be opened: ${problem}. It is now listed with the damaged records.`);
}

/**
 * The newest unfinished game played here (demonstrations and imported games aside) that opens, for
 * "Continue": its summary says its moves replay, and the record is read and checked again here, so a record
 * damaged since is passed over for the next newest rather than offered. null when there is none.
 */
export async function findResumableGame(db: PenteDb): Promise<StorageResult<StoredGame | null>> {
  const repaired = await indexMissingSummaries(db);
  if (!repaired.ok) return repaired;
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
