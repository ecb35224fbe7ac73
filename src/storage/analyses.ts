/**
 * A game's analysis, saved beside it (since database version 3) so it is not computed twice and survives a
 * reload mid-analysis: one record per game, under the game's id, in the `analyses` store. It is kept apart
 * from the game record so that writing an evaluation never bumps the game's revision (which would look like
 * another tab's move to a tab playing it). Deleting a game deletes its analysis in the same transaction.
 *
 * A record that does not read as an analysis is treated as no analysis (it is recomputed and overwritten):
 * it holds nothing the player made.
 */
import { ok } from '../core';
import { type PenteDb, request, withTransaction } from './db';
import type { StorageResult } from './errors';

/** The engine's view of one position, from the side to move's point of view. */
export interface PositionEval {
  /** The side to move's chance of winning, 0–1. */
  readonly winChance: number;
  /** The engine's best move (a point), or -1 when it had none. */
  readonly best: number;
  /** A forced result in moves (positive: the side to move wins), or null (see the worker's AnalysisLineAnswer). */
  readonly forcedWin: number | null;
}

export interface StoredAnalysis {
  /** The game's id. */
  readonly id: string;
  /** The moves analysed, as the game record stores them (pente.org coordinates). */
  readonly moves: readonly string[];
  /** The engine's time per position, in milliseconds. */
  readonly timeMs: number;
  /** One per position (index = plies played), null where not yet evaluated or where the game is over. */
  readonly evals: readonly (PositionEval | null)[];
  readonly updatedAt: number;
}

const isPositionEval = (v: unknown): v is PositionEval => {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  return (
    typeof e.winChance === 'number' &&
    e.winChance >= 0 &&
    e.winChance <= 1 &&
    Number.isInteger(e.best) &&
    (e.forcedWin === null || Number.isInteger(e.forcedWin))
  );
};

/** Whether a stored value is an analysis this app can use. */
export function isStoredAnalysis(v: unknown): v is StoredAnalysis {
  if (typeof v !== 'object' || v === null) return false;
  const a = v as Record<string, unknown>;
  return (
    typeof a.id === 'string' &&
    Array.isArray(a.moves) &&
    a.moves.every((m) => typeof m === 'string') &&
    typeof a.timeMs === 'number' &&
    typeof a.updatedAt === 'number' &&
    Array.isArray(a.evals) &&
    a.evals.length <= a.moves.length + 1 &&
    a.evals.every((e) => e === null || isPositionEval(e))
  );
}

/** The game's saved analysis; null when it has none (or none this app can read). */
export function getAnalysis(db: PenteDb, id: string): Promise<StorageResult<StoredAnalysis | null>> {
  return withTransaction(db, ['analyses'], 'readonly', 'load the analysis', async (tx) => {
    const stored: unknown = await tx.objectStore('analyses').get(id);
    return ok(isStoredAnalysis(stored) ? stored : null);
  });
}

/** Saves (replaces) a game's analysis, keeping only its own fields. */
export function saveAnalysis(db: PenteDb, analysis: StoredAnalysis): Promise<StorageResult<void>> {
  const { id, moves, timeMs, evals, updatedAt } = analysis;
  const record: StoredAnalysis = {
    id,
    moves: [...moves],
    timeMs,
    evals: evals.map((e) => (e ? { winChance: e.winChance, best: e.best, forcedWin: e.forcedWin } : null)),
    updatedAt,
  };
  return withTransaction(db, ['analyses'], 'readwrite', 'save the analysis', async (tx) => {
    await request(tx.objectStore('analyses').put(record));
    return ok(undefined);
  });
}
