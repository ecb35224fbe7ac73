/**
 * Game summaries: what the games screen and "Continue" need to know of a game, kept in their own store
 * beside the games (one summary per game, same key) and written in the same transaction as every save,
 * import and delete. Listing thousands of games then reads a few small objects each instead of whole
 * records, and replays nothing: whether a game's moves replay is decided once, when the summary is made.
 *
 * A record the app cannot open (it fails validation, or its moves do not replay) gets a 'damaged' summary,
 * so it is listed and counted whatever is wrong with it, a missing status included.
 */
import {
  type BoardSize,
  type GameResult,
  type SeatChoice,
  type VariantId,
  isBoardSize,
  isVariantId,
  seatOfPerson,
} from '../core';
import { gameIdentity, gameRecordProblem, textHash } from './game-record';
import type { FriendSynced, GameOrigin, GameStatus, ImportMark, StoredGame } from './records';
import { gameProblem, isObject, resultProblem } from './validate';

/**
 * Where the list shows a game: a game played here under its status; a game that came in from a file,
 * pasted text or a link on a shelf of its own, until a move is played in it here.
 */
export type Shelf = GameStatus | 'imported';

/** Whether a game is on the imported shelf: imported, and no move played in it here since. */
export const isImportedShelf = (game: Pick<StoredGame, 'imported' | 'updatedAt'>): boolean =>
  game.imported !== undefined && game.updatedAt <= game.imported.at;

/**
 * The version of the summaries' shape: bumped whenever a field is added, dropped or changes meaning (and
 * isSummaryRecord then refuses the old shape). A library checked in full under another shape is checked in
 * full again at the next start (library.ts), which makes the old summaries again; under this one, a start
 * only compares the stores' counts. tests/storage/library-pages.test.ts fails when the fields change and
 * this does not.
 */
export const SUMMARY_SHAPE = 2;

/**
 * How many of a game's first moves its summary keeps (`opening`), for the list's opening filter and its
 * most common openings: enough to tell openings apart, few enough that 100,000 summaries stay small.
 */
export const OPENING_PLIES = 8;

/**
 * The side this device's player played, when the app knows it: the device's side of a friend game, else
 * the human side of a game between a human and the computer; null otherwise (two humans at one device, an
 * imported game), where results can only be told by colour. A friend game's side is the seat the device's
 * person plays now: after D-Pente's or Swap2's swap, the other one than they started in (`mySide`).
 */
export function mySideOf(game: Pick<StoredGame, 'players' | 'friend' | 'seatChoice'>): 1 | 2 | null {
  if (game.friend) return seatOfPerson(game.seatChoice, game.friend.mySide);
  const [black, white] = game.players;
  if (black.kind === 'human' && white.kind === 'computer') return 1;
  if (black.kind === 'computer' && white.kind === 'human') return 2;
  return null;
}

/** A game the app can open, as the list shows it. */
export interface GameSummary {
  readonly id: string;
  readonly status: GameStatus;
  readonly variant: VariantId;
  readonly size: BoardSize;
  /** The players' names, player 1 (Black) first. */
  readonly players: readonly [string, string];
  readonly moveCount: number;
  /** The first OPENING_PLIES moves (fewer in a shorter game), as pente.org coordinates joined by spaces. */
  readonly opening: string;
  /** The side this device's player played, when known (mySideOf): results filter as won or lost by it. */
  readonly me: 1 | 2 | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly result: GameResult | null;
  readonly demo: boolean;
  readonly revision: number;
  /** textHash of the game's identity (gameIdentity: the duplicate rule), under the byIdentity index. */
  readonly identity: string;
  /** Which tab of the list holds it (with listedAt, the byShelfListed index). */
  readonly shelf: Shelf;
  /**
   * The date the list shows and sorts by: the last save of a game played here; the game's own date
   * (its record's, else its import's) for one on the imported shelf.
   */
  readonly listedAt: number;
  /** How it came in, when it was not played here. */
  readonly imported: ImportMark | null;
  /** A game played from another game's position: which game, and which move (the list says so). */
  readonly origin?: GameOrigin;
  /**
   * A game with a friend: the side this device plays and what the friend's copy holds (the lists say whose
   * turn it is); `pinned` once the friend's key is pinned (FriendGame.peer): the moves go over relays by
   * themselves, so the lists say so ("Sending your move…") instead of asking for a link.
   */
  readonly friend?: {
    readonly mySide: 1 | 2;
    readonly synced?: FriendSynced;
    readonly pinned?: true;
    /** The opening steps taken (D-Pente, Swap2): with the moves, whose turn it is (core's personToAct). */
    readonly seatChoice?: SeatChoice;
    readonly swap2Pass?: true;
  };
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
    opening: game.moves.slice(0, OPENING_PLIES).join(' '),
    me: mySideOf(game),
    createdAt: game.createdAt,
    updatedAt: game.updatedAt,
    result: game.result && { ...game.result },
    demo: game.demo,
    revision: game.revision,
    identity: textHash(gameIdentity(game)),
    ...(isImportedShelf(game)
      ? { shelf: 'imported', listedAt: game.createdAt }
      : { shelf: game.status, listedAt: game.updatedAt }),
    imported: game.imported ? { ...game.imported } : null,
    ...(game.origin ? { origin: { gameId: game.origin.gameId, ply: game.origin.ply } } : {}),
    ...(game.friend
      ? {
          friend: {
            mySide: game.friend.mySide,
            ...(game.friend.synced ? { synced: { ...game.friend.synced } } : {}),
            ...(game.friend.peer ? { pinned: true as const } : {}),
            ...(game.seatChoice ? { seatChoice: game.seatChoice } : {}),
            ...(game.swap2Pass ? { swap2Pass: true as const } : {}),
          },
        }
      : {}),
  };
}

export const isDamaged = (summary: SummaryRecord): summary is DamagedSummary => summary.status === 'damaged';

const isWhole = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Whether a value read from the summaries store has the shape this module writes, every field checked (a
 * summary the list trusts must not break it: an unknown variant has no name to show or sort by). Summaries
 * are the app's own derived data, so one that fails this is made again from its game rather than reported:
 * the game decides whether it lists as a game or as damaged.
 */
export function isSummaryRecord(v: unknown): v is SummaryRecord {
  if (!isObject(v) || v.id === undefined) return false;
  if (v.status === 'damaged') {
    return (
      typeof v.reason === 'string' &&
      (v.updatedAt === null || isFiniteNumber(v.updatedAt)) &&
      (v.title === null || typeof v.title === 'string')
    );
  }
  const { players } = v;
  return (
    typeof v.id === 'string' &&
    (v.status === 'in-progress' || v.status === 'finished') &&
    typeof v.variant === 'string' &&
    isVariantId(v.variant) &&
    typeof v.size === 'number' &&
    isBoardSize(v.size) &&
    Array.isArray(players) &&
    players.length === 2 &&
    players.every((p) => typeof p === 'string') &&
    isWhole(v.moveCount) &&
    typeof v.opening === 'string' &&
    (v.me === null || v.me === 1 || v.me === 2) &&
    isFiniteNumber(v.createdAt) &&
    isFiniteNumber(v.updatedAt) &&
    resultProblem(v.result) === null &&
    (v.status === 'finished') === (v.result !== null) &&
    typeof v.demo === 'boolean' &&
    isWhole(v.revision) &&
    typeof v.identity === 'string' &&
    (v.shelf === 'in-progress' || v.shelf === 'finished' || v.shelf === 'imported') &&
    isFiniteNumber(v.listedAt)
  );
}

/**
 * Whether a summary was made from this stored value as it is now: a record edited in place since (by a tool,
 * a damaged disk) no longer matches its summary's revision and identity (rules, names, moves, result), and
 * must be summarised again.
 */
export function describesRecord(summary: GameSummary, value: unknown): boolean {
  if (gameProblem(value) !== null) return false;
  const game = value as StoredGame;
  return game.revision === summary.revision && textHash(gameIdentity(game)) === summary.identity;
}
