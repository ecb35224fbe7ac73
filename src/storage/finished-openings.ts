/**
 * The openings explorer's read of the library: every finished game's opening, from the summaries alone.
 * A module of its own, off the first screen: library.ts is in Home's chunk, and only the explorer needs this.
 */
import { ok } from '../core';
import type { StorageResult } from './errors';
import type { PenteDb } from './db';
import { walkSummaries } from './library';
import { type GameSummary, isDamaged } from './summaries';

/** A finished game's opening, as the openings explorer counts the player's own games. */
export interface FinishedOpening {
  readonly variant: GameSummary['variant'];
  readonly size: GameSummary['size'];
  readonly opening: string;
  readonly result: NonNullable<GameSummary['result']>;
}

/**
 * The openings of every finished game but the demos (the computer against itself), from their summaries
 * (no game record is read), a page per transaction. Stops early when `signal` aborts.
 */
export async function listFinishedOpenings(
  db: PenteDb,
  signal?: AbortSignal,
): Promise<StorageResult<FinishedOpening[]>> {
  const out: FinishedOpening[] = [];
  const walked = await walkSummaries(
    db,
    (s) => {
      if (isDamaged(s) || s.demo || s.result === null || s.opening === '') return;
      out.push({ variant: s.variant, size: s.size, opening: s.opening, result: s.result });
    },
    [],
    signal,
  );
  return walked.ok ? ok(out) : walked;
}
