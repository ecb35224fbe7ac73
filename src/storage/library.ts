/**
 * The game library as the games screen and "Continue" see it: summaries, not whole records (see
 * summaries.ts). Summaries are written with every save, import and delete, and built for every game by the
 * version-2 upgrade; a record written some other way (by hand, by a tool, by a test) has none, so each
 * listing first compares the two stores' keys, which is cheap, and summarises only the games lacking one.
 */
import { VARIANTS, ok } from '../core';
import { type PenteDb, request, withTransaction } from './db';
import { type StorageResult } from './errors';
import { gameRecordProblem } from './game-record';
import type { GameSortKey } from './games';
import type { GameStatus, StoredGame } from './records';
import { yieldToPage } from './slices';
import {
  type DamagedSummary,
  type GameSummary,
  type Shelf,
  type SummaryRecord,
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
  let written = 0;
  for (let start = 0; start < missing.length; start += SUMMARY_CHUNK) {
    if (start > 0) await yieldToPage();
    onProgress?.(start, missing.length);
    const chunk = missing.slice(start, start + SUMMARY_CHUNK);
    const done = await withTransaction(db, ['games', 'summaries'], 'readwrite', 'list the saved games', async (tx) => {
      const games = tx.objectStore('games');
      const summaries = tx.objectStore('summaries');
      const [values, present] = await Promise.all([
        Promise.all(chunk.map((k) => request(games.get(k)))),
        Promise.all(chunk.map((k) => request(summaries.getKey(k)))),
      ]);
      let count = 0;
      const puts: Promise<unknown>[] = [];
      chunk.forEach((key, i) => {
        // Deleted meanwhile, or summarised by a save in another tab: nothing to do.
        if (values[i] === undefined || present[i] !== undefined) return;
        puts.push(request(summaries.put(summarize(key, values[i]))));
        count++;
      });
      await Promise.all(puts);
      return ok(count);
    });
    if (!done.ok) return done;
    written += done.value;
  }
  if (missing.length > 0) onProgress?.(missing.length, missing.length);
  keysCompared.add(db);
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
  variant: (a, b) => byName(VARIANTS[a.variant].name, VARIANTS[b.variant].name),
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
 * missing for some games are made first (`onProgress` reports that, when there is any to do).
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
  const wanted = (s: GameSummary): boolean =>
    (shelf === undefined || s.shelf === shelf) &&
    (status === undefined || s.status === status) &&
    (query.includeDemo || !s.demo);
  const filtered = shelf !== undefined || status !== undefined;
  return withTransaction(db, ['games', 'summaries'], 'readonly', 'list the saved games', async (tx) => {
    const store = tx.objectStore('summaries');
    const byStatus = store.index('byStatus');
    const damagedValues = filtered ? await byStatus.getAll('damaged') : [];
    if (filtered && sortBy === 'date' && limit < Infinity) {
      // A page in date order straight from an index: one more than asked tells whether there are more.
      const page: GameSummary[] = [];
      const key = shelf ?? status!;
      const range = IDBKeyRange.bound([key, -Infinity], [key, Infinity]);
      const index = store.index(shelf === undefined ? 'byStatusUpdated' : 'byShelfListed');
      let cursor = await index.openCursor(range, descending ? 'prev' : 'next');
      for (; cursor && page.length <= limit; cursor = await cursor.continue()) {
        const value: unknown = cursor.value;
        if (isSummaryRecord(value) && value.status !== 'damaged' && wanted(value)) page.push(value);
      }
      const damaged = damagedValues.filter(isSummaryRecord).filter((s): s is DamagedSummary => s.status === 'damaged');
      return ok({ games: page.slice(0, limit), more: page.length > limit, damaged: damaged.sort(newestFirst) });
    }
    // One status is read through its index (and the damaged beside it); anything else reads every summary.
    const listed =
      shelf === undefined && status !== undefined
        ? [...(await byStatus.getAll(status)), ...damagedValues]
        : await store.getAll();
    const summaries: SummaryRecord[] = [];
    for (const value of listed) {
      if (isSummaryRecord(value)) {
        summaries.push(value);
      } else if (typeof value === 'object' && value !== null && 'id' in value) {
        // Not a summary this version wrote: made again from its game, which is what it stands for.
        const key = value.id as string;
        const game: unknown = await tx.objectStore('games').get(key);
        if (game !== undefined) summaries.push(summarize(key, game));
      }
    }
    const games: GameSummary[] = [];
    const damaged: DamagedSummary[] = [];
    for (const s of summaries) {
      if (s.status === 'damaged') damaged.push(s);
      else if (wanted(s)) games.push(s);
    }
    const sorted = sortSummaries(games, sortBy, descending);
    return ok({ games: sorted.slice(0, limit), more: sorted.length > limit, damaged: damaged.sort(newestFirst) });
  });
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
