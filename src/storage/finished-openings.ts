/**
 * The openings explorer's read of the library: every finished game's opening, from the summaries alone
 * (no game record is read). A module of its own, off the first screen: library.ts is in Home's chunk, and
 * only the explorer needs this.
 *
 * It reads the summaries store a page per transaction in key order, the page given a turn between, as
 * library.ts's listings do, but smaller pages: the explorer reads every summary while its screen is in use,
 * and taking in 500 (the structured clone, the checks) was a task of 50–108 ms on this shared machine at
 * load 22 (e2e/explorer.spec.ts's 10,000 games). A summary that fails its check is passed over: the
 * library's check (checkLibrary) makes it again from its game, and the explorer's counts are a guide.
 */
import { ok } from '../core';
import { type PenteDb, request, withTransaction } from './db';
import type { StorageResult } from './errors';
import { yieldToPage } from './slices';
import { type GameSummary, isDamaged, isSummaryRecord } from './summaries';

/** Summaries read per transaction. */
const FINISHED_OPENINGS_PAGE = 200;

/** A finished game's opening, as the openings explorer counts the player's own games. */
export interface FinishedOpening {
  readonly variant: GameSummary['variant'];
  readonly size: GameSummary['size'];
  readonly opening: string;
  readonly result: NonNullable<GameSummary['result']>;
}

/**
 * The openings of every finished game but the demos (the computer against itself). Stops early (with what
 * it has read) when `signal` aborts.
 */
export async function listFinishedOpenings(
  db: PenteDb,
  signal?: AbortSignal,
): Promise<StorageResult<FinishedOpening[]>> {
  const out: FinishedOpening[] = [];
  let after: IDBValidKey | undefined;
  for (let first = true; ; first = false) {
    if (!first) await yieldToPage();
    if (signal?.aborted) return ok(out);
    const page = await withTransaction(db, ['summaries'], 'readonly', 'read the games’ openings', async (tx) => {
      const store = tx.objectStore('summaries');
      const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
      const [keys, values] = await Promise.all([
        request(store.getAllKeys(range, FINISHED_OPENINGS_PAGE)),
        request(store.getAll(range, FINISHED_OPENINGS_PAGE)),
      ]);
      return ok({ values, last: keys.length === FINISHED_OPENINGS_PAGE ? keys[keys.length - 1] : undefined });
    });
    if (!page.ok) return page;
    for (const s of page.value.values as unknown[]) {
      if (!isSummaryRecord(s) || isDamaged(s) || s.demo || s.result === null || s.opening === '') continue;
      out.push({ variant: s.variant, size: s.size, opening: s.opening, result: s.result });
    }
    if (page.value.last === undefined) return ok(out);
    after = page.value.last;
  }
}
