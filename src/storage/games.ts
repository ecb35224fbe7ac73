/**
 * Saved games: one record per game, saved after every move and undo. A record holds the rules and the
 * moves as pente.org coordinates; `toGameState` replays them through the core, so the rules are never
 * stored twice and a record stays readable when GameState changes shape.
 */
import {
  type BoardSize,
  type GameState,
  type VariantId,
  RENJU_START,
  VARIANTS,
  formatPoint,
  makeRules,
  ok,
  renjuSeatsSwapped,
} from '../core';
import type { IDBPTransaction } from 'idb';
import { type PenteDb, type PenteSchema, request, withTransaction } from './db';
import { type SkippedRecord, type StorageResult, fail } from './errors';
import { announceGameChanges } from './feed';
import { gameFields, gameRecordProblem, storedRenjuOpening } from './game-record';
import type { GameClocks, GameOrigin, GameSide, GameStatus, StoredGame } from './records';
import { summarize } from './summaries';
import { gameProblem, isObject } from './validate';

export interface NewGameOptions {
  readonly variant?: VariantId;
  readonly size?: BoardSize;
  /** Ignored for variants without the tournament rule. */
  readonly tournamentRule?: boolean;
  readonly players: readonly [GameSide, GameSide];
  readonly clocks?: GameClocks | null;
  readonly demo?: boolean;
  /** For a game played from another game's position. */
  readonly origin?: GameOrigin;
  /** The creation time (default: now). */
  readonly now?: number;
}

/** A new game record, not yet stored (revision 0): save it with saveGame. */
export function newStoredGame(options: NewGameOptions): StoredGame {
  const rules = makeRules(options);
  const now = options.now ?? Date.now();
  return {
    id: crypto.randomUUID(),
    variant: rules.variant.id,
    size: rules.size,
    tournamentRule: rules.tournamentRule,
    players: options.players,
    moves: [],
    clocks: options.clocks ?? null,
    createdAt: now,
    updatedAt: now,
    status: 'in-progress',
    result: null,
    demo: options.demo ?? false,
    ...(options.origin ? { origin: options.origin } : {}),
    revision: 0,
  };
}

/**
 * The record brought up to date with a game state (after a move, an undo, a resignation). The players stay
 * as they are: for a game read from a record or a link, they are the seats as the game ended.
 */
export function withState(game: StoredGame, state: GameState, clocks: GameClocks | null = game.clocks): StoredGame {
  const { seatChoice: _before, swap2Pass: _passBefore, renju: _renjuBefore, ...rest } = game;
  return {
    ...rest,
    ...(state.seatChoice ? { seatChoice: state.seatChoice } : {}),
    ...(state.swap2Pass ? { swap2Pass: true } : {}),
    ...(state.renju ? { renju: storedRenjuOpening(state.rules.size, state.renju) } : {}),
    moves: state.moves.map((p) => formatPoint(state.rules.size, p)),
    clocks,
    status: state.result ? 'finished' : 'in-progress',
    result: state.result,
  };
}

/**
 * The record of a game played here brought up to date with its next state: as withState, and D-Pente's
 * swap (made, or taken back) exchanges the players, as it exchanged the people between the seats (Renju:
 * each window's swap does).
 * `clocks` are the seats' as the match has them (it exchanged those).
 */
export function withPlayedState(game: StoredGame, state: GameState, clocks: GameClocks | null): StoredGame {
  const record = withState(game, state, clocks);
  const swapped =
    (game.seatChoice === 'swap') !== (state.seatChoice === 'swap') ||
    renjuSeatsSwapped({ ...RENJU_START, swaps: game.renju?.swaps ?? [] }) !==
      renjuSeatsSwapped(state.renju ?? RENJU_START);
  return swapped ? { ...record, players: [game.players[1], game.players[0]] } : record;
}

/** The revision a stored value carries, or null when it cannot be read. */
const revisionOf = (stored: unknown): number | null =>
  isObject(stored) && Number.isInteger(stored.revision) ? (stored.revision as number) : null;

const CONFLICT =
  'This game was changed in another tab or window since it was opened here. Reload it to see the latest moves.';

/** A save's transaction: the game, its summary, and what a finishing save may count (players, settings). */
export type SaveTransaction = IDBPTransaction<
  PenteSchema,
  ('games' | 'summaries' | 'players' | 'settings')[],
  'readwrite'
>;

/**
 * More work for a save, in its own transaction (the hook looks at whether the save finishes the game), so it is done
 * exactly when the save lands (the rating against the levels counts the game: computer-rating.ts's
 * countFinishedGame). `before` is the stored value the save replaces (undefined: none). Given by the
 * caller, the play screen, so its code is fetched with that screen and not with the first one.
 */
export type WhenFinished = (tx: SaveTransaction, before: unknown, game: StoredGame) => Promise<unknown>;

/**
 * Stores a game (insert or update) and returns it as stored, with its next revision and `updatedAt`.
 * `expectedRevision` is the revision the caller's copy was loaded at (0 for a game never saved); when the
 * stored copy has moved on (another tab saved it), nothing is written and the error kind is 'conflict'.
 */
export async function saveGame(
  db: PenteDb,
  game: StoredGame,
  expectedRevision: number = game.revision,
  now: number = Date.now(),
  whenFinished?: WhenFinished,
): Promise<StorageResult<StoredGame>> {
  const problem = gameProblem(game);
  if (problem)
    return fail(
      'invalid',
      { kind: 'not-savable', thing: 'game', detail: problem },
      `The game could not be saved: ${problem}.`,
    );
  const saved = await withTransaction(
    db,
    // Players and settings too, for what a finishing save does besides (whenFinished).
    ['games', 'summaries', 'players', 'settings'],
    'readwrite',
    'save the game',
    async (tx) => {
      // Read and write in one transaction, so no other tab's save can land between the check and the write.
      const store = tx.objectStore('games');
      const stored: unknown = await store.get(game.id);
      const storedRevision = stored === undefined ? 0 : revisionOf(stored);
      if (storedRevision !== expectedRevision) return fail('conflict', { kind: 'changed-elsewhere' }, CONFLICT);
      const next = gameFields(game, expectedRevision + 1, now);
      // The summary goes in the same transaction, so the list never shows a game other than as stored.
      const summary = summarize(next.id, next);
      await Promise.all([
        request(store.put(next)),
        request(tx.objectStore('summaries').put(summary)),
        whenFinished?.(tx, stored, next),
      ]);
      return ok(next);
      // Strict: the app shows a move once its save has committed, so the commit must be on disk.
    },
    // Announces nothing but the game (below): the rating is read where it is shown, and every save would
    // otherwise have other tabs read their players and settings again.
    { durability: 'strict', announce: [] },
  );
  // Committed: the other tabs may read it now.
  if (saved.ok) announceGameChanges([{ id: saved.value.id, revision: saved.value.revision }]);
  return saved;
}

export function getGame(db: PenteDb, id: string): Promise<StorageResult<StoredGame>> {
  return withTransaction(db, ['games'], 'readonly', 'load the game', async (tx) => {
    const stored: unknown = await tx.objectStore('games').get(id);
    if (stored === undefined)
      return fail('not-found', { kind: 'missing', thing: 'game' }, 'That game is no longer saved here.');
    const problem = gameProblem(stored);
    if (problem)
      return fail(
        'invalid',
        { kind: 'unreadable', thing: 'game', detail: problem },
        `The saved game could not be read: ${problem}.`,
      );
    return ok(stored as StoredGame);
  });
}

/**
 * The value stored under a key in the games store, exactly as it is: for exporting a damaged record that
 * cannot be read as a game. `id` is the key the list reported (a string for any record the app wrote).
 */
export function getRawGame(db: PenteDb, id: IDBValidKey): Promise<StorageResult<unknown>> {
  return withTransaction(db, ['games'], 'readonly', 'read the stored record', async (tx) => {
    const stored: unknown = await tx.objectStore('games').get(id as string);
    return stored === undefined
      ? fail('not-found', { kind: 'missing', thing: 'record' }, 'That record is no longer saved here.')
      : ok(stored);
  });
}

/**
 * Deletes a game, or a damaged record under any key, with its summary and its analysis. The other tabs are
 * told (a tab playing the game stops saving it); a key that is no game's id tells them only that the games
 * changed.
 */
export async function deleteGame(db: PenteDb, id: IDBValidKey): Promise<StorageResult<void>> {
  const deleted = await withTransaction(
    db,
    ['games', 'summaries', 'analyses'],
    'readwrite',
    'delete the game',
    async (tx) => {
      const store = tx.objectStore('games');
      const key = id as string; // idb types the store's keys as strings; any valid key deletes its record
      if ((await store.getKey(key)) === undefined)
        return fail('not-found', { kind: 'missing', thing: 'game' }, 'That game is no longer saved here.');
      await Promise.all([
        request(store.delete(key)),
        request(tx.objectStore('summaries').delete(key)),
        request(tx.objectStore('analyses').delete(key)),
      ]);
      return ok(undefined);
    },
  );
  if (deleted.ok) announceGameChanges(typeof id === 'string' ? [{ id, revision: null }] : []);
  return deleted;
}

/**
 * Whether the games store holds any record (damaged ones too): Home offers the tutorial while it holds none.
 * The first key answers it, whatever the library's size.
 */
export function hasGames(db: PenteDb): Promise<StorageResult<boolean>> {
  return withTransaction(db, ['games'], 'readonly', 'look for saved games', async (tx) =>
    ok((await tx.objectStore('games').openKeyCursor()) !== null),
  );
}

/** How many records the games store holds (damaged ones too); the database counts them. */
export function countGames(db: PenteDb): Promise<StorageResult<number>> {
  return withTransaction(db, ['games'], 'readonly', 'count the games', async (tx) =>
    ok(await tx.objectStore('games').count()),
  );
}

export type GameSortKey = 'date' | 'player1' | 'player2' | 'size' | 'variant';

export interface GameListQuery {
  /** Only games with this status (default: all). */
  readonly status?: GameStatus;
  /** Default 'date' (the last time the game was saved). */
  readonly sortBy?: GameSortKey;
  /** Default: true for 'date' (newest first), false for the others (A to Z, smallest first). */
  readonly descending?: boolean;
  /** Demonstration games are left out unless asked for. */
  readonly includeDemo?: boolean;
}

export interface GameList {
  readonly games: readonly StoredGame[];
  /**
   * Records the app cannot open (they fail validation or their moves do not replay): left out of `games`,
   * so every other game still lists.
   */
  readonly skipped: readonly SkippedRecord[];
}

const byName = (a: string, b: string): number => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });

const COMPARE: { readonly [K in GameSortKey]: (a: StoredGame, b: StoredGame) => number } = {
  date: (a, b) => a.updatedAt - b.updatedAt,
  player1: (a, b) => byName(a.players[0].name, b.players[0].name),
  player2: (a, b) => byName(a.players[1].name, b.players[1].name),
  size: (a, b) => a.size - b.size,
  variant: (a, b) => byName(VARIANTS[a.variant].name, VARIANTS[b.variant].name),
};

/** Sorts games; ties go newest first whatever the direction, then by id so the order is stable. */
export function sortGames(games: readonly StoredGame[], sortBy: GameSortKey, descending: boolean): StoredGame[] {
  const compare = COMPARE[sortBy];
  return [...games].sort(
    (a, b) => (descending ? -compare(a, b) : compare(a, b)) || b.updatedAt - a.updatedAt || byName(a.id, b.id),
  );
}

/** Checks raw records read together with their keys (replaying them), keeping the good and reporting the rest. */
export function sortOutGames(keys: readonly IDBValidKey[], values: readonly unknown[]): GameList {
  const games: StoredGame[] = [];
  const skipped: SkippedRecord[] = [];
  values.forEach((value, i) => {
    const problem = gameRecordProblem(value);
    if (problem) skipped.push({ id: String(keys[i]), reason: problem });
    else games.push(value as StoredGame);
  });
  return { games, skipped };
}

/**
 * Lists whole game records, replaying each: for tools and tests, and small libraries. The games screen
 * reads summaries instead (listGameSummaries). Every record is read whatever the status asked for, so a
 * record too damaged to have a status is still reported in `skipped`.
 */
export function listGames(db: PenteDb, query: GameListQuery = {}): Promise<StorageResult<GameList>> {
  const sortBy = query.sortBy ?? 'date';
  const descending = query.descending ?? sortBy === 'date';
  return withTransaction(db, ['games'], 'readonly', 'list the saved games', async (tx) => {
    const store = tx.objectStore('games');
    // Same source, same query, same transaction: keys and values come back in the same order.
    const [keys, values] = await Promise.all([store.getAllKeys(), store.getAll()]);
    const { games, skipped } = sortOutGames(keys, values);
    const { status } = query;
    const shown = games.filter((g) => (query.includeDemo || !g.demo) && (status === undefined || g.status === status));
    return ok({ games: sortGames(shown, sortBy, descending), skipped });
  });
}
