/**
 * Game summaries: what the games screen and "Continue" need to know of a game, kept in their own store
 * beside the games (one summary per game, same key) and written in the same transaction as every save,
 * import and delete. Listing thousands of games then reads a few small objects each instead of whole
 * records, and replays nothing: whether a game's moves replay is decided once, when the summary is made.
 *
 * A record the app cannot open (it fails validation, or its moves do not replay) gets a 'damaged' summary,
 * so it is listed and counted whatever is wrong with it, a missing status included.
 */
import { type BoardSize, type GameResult, type VariantId } from '../core';
import { contentHash, contentKey, gameRecordProblem } from './game-record';
import type { GameStatus, StoredGame } from './records';
import { isObject } from './validate';

/** A game the app can open, as the list shows it. */
export interface GameSummary {
  readonly id: string;
  readonly status: GameStatus;
  readonly variant: VariantId;
  readonly size: BoardSize;
  /** The players' names, player 1 (Black) first. */
  readonly players: readonly [string, string];
  readonly moveCount: number;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly result: GameResult | null;
  readonly demo: boolean;
  readonly revision: number;
  /** contentHash of the game's content (every field but the id and revision), for import's duplicate check. */
  readonly contentHash: string;
  /** A game with a friend by links: the side this device plays (the lists say whose turn it is). */
  readonly friend?: { readonly mySide: 1 | 2 };
}

/** A stored record the app cannot open, as the list shows it. */
export interface DamagedSummary {
  /** The record's key in the games store (normally a string id; a hand-written record may have another). */
  readonly id: IDBValidKey;
  readonly status: 'damaged';
  /** The first problem found. */
  readonly reason: string;
  /** The record's last save (or else creation) date, when either can be read; null otherwise. */
  readonly updatedAt: number | null;
  /** "Ann vs Bob" when both names can be read; null otherwise. */
  readonly title: string | null;
}

export type SummaryRecord = GameSummary | DamagedSummary;

const finiteOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function readableTitle(value: Record<string, unknown>): string | null {
  const { players } = value;
  if (!Array.isArray(players) || players.length !== 2) return null;
  const names = players.map((p: unknown) => (isObject(p) && typeof p.name === 'string' ? p.name.trim() : ''));
  return names.every((n) => n !== '') ? `${names[0]!.slice(0, 60)} vs ${names[1]!.slice(0, 60)}` : null;
}

/** The summary of the record stored under `key`: a game's, or a damaged record's. Never throws. */
export function summarize(key: IDBValidKey, value: unknown): SummaryRecord {
  const problem = gameRecordProblem(value);
  if (problem !== null || !isObject(value)) {
    const record = isObject(value) ? value : {};
    return {
      id: key,
      status: 'damaged',
      reason: problem ?? 'not an object',
      updatedAt: finiteOrNull(record.updatedAt) ?? finiteOrNull(record.createdAt),
      title: readableTitle(record),
    };
  }
  const game = value as unknown as StoredGame;
  return {
    id: game.id,
    status: game.status,
    variant: game.variant,
    size: game.size,
    players: [game.players[0].name, game.players[1].name],
    moveCount: game.moves.length,
    createdAt: game.createdAt,
    updatedAt: game.updatedAt,
    result: game.result && { ...game.result },
    demo: game.demo,
    revision: game.revision,
    contentHash: contentHash(contentKey(game)),
    ...(game.friend ? { friend: { mySide: game.friend.mySide } } : {}),
  };
}

export const isDamaged = (summary: SummaryRecord): summary is DamagedSummary => summary.status === 'damaged';

/**
 * Whether a value read from the summaries store has the shape this module writes. Summaries are the app's
 * own derived data, so one that fails this is rebuilt from its game rather than reported.
 */
export function isSummaryRecord(v: unknown): v is SummaryRecord {
  if (!isObject(v) || v.id === undefined) return false;
  if (v.status === 'damaged') return typeof v.reason === 'string';
  return (
    (v.status === 'in-progress' || v.status === 'finished') &&
    Array.isArray(v.players) &&
    typeof v.updatedAt === 'number' &&
    typeof v.contentHash === 'string'
  );
}
