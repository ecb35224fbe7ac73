/**
 * What one game record means, apart from where it is stored: replaying its moves through the core, its
 * fields (and nothing else an object may carry), its identity for duplicate checks, and the one test of
 * whether a stored value is a game the app can open. Kept apart from games.ts so the database's upgrade
 * steps (db.ts) can summarise records without importing the modules that use the database.
 */
import {
  type GameState,
  type RenjuOpening,
  centreOf,
  concede,
  formatPoint,
  ok,
  opponent,
  parsePoint,
  replay,
} from '../core';
import { type StorageResult, fail } from './errors';
import { type GameSide, type StoredGame, type StoredRenjuOpening, friendRatingOf } from './records';
import { type Problem, gameProblem, isObject, moveName } from './validate';

const capitalised = (text: string): string => text[0]!.toUpperCase() + text.slice(1);

/**
 * Replays a record's moves through the core. A game that ended by resignation, time or a recorded draw has
 * no move that ends it, so its stored result is applied after the replay.
 */
export function toGameState(game: StoredGame): StorageResult<GameState> {
  const points: number[] = [];
  for (const [ply, move] of game.moves.entries()) {
    const point = parsePoint(game.size, move);
    if (point === undefined) {
      return fail(
        'invalid',
        { kind: 'move-off-board', ply: ply + 1, move, size: game.size },
        `${capitalised(moveName(ply + 1))} of this game, "${move}", is not a point of the ${game.size}x${game.size} board.`,
      );
    }
    points.push(point);
  }
  const replayed = replay(
    { variant: game.variant, size: game.size, tournamentRule: game.tournamentRule },
    points,
    game.seatChoice ?? null,
    game.swap2Pass === true,
    game.renju ? renjuOpeningOf(game.size, game.renju) : null,
  );
  if (!replayed.ok) {
    const { ply, illegal } = replayed.error;
    const move = game.moves[ply] ?? '?';
    return fail(
      'invalid',
      {
        kind: 'move-illegal',
        ply: ply + 1,
        move,
        reason: illegal.reason,
        centre: formatPoint(game.size, centreOf(game.size)),
      },
      `${capitalised(moveName(ply + 1))} of this game, ${move}, is illegal: ${illegal.message}`,
    );
  }
  const state = replayed.value;
  const { result } = game;
  if (state.result || !result) return ok(state);
  if (result.winner === null) return ok({ ...state, result }); // a draw agreed or recorded elsewhere
  if (result.reason === 'resignation' || result.reason === 'time') {
    return ok(concede(state, opponent(result.winner), result.reason));
  }
  return fail(
    'invalid',
    { kind: 'result-mismatch', winner: result.winner },
    `This game is recorded as won by player ${result.winner}, but its moves do not end in that win.`,
  );
}

/** Renju's opening steps as a game keeps them (the offers as coordinates), from the core's. */
export const storedRenjuOpening = (size: number, o: RenjuOpening): StoredRenjuOpening => ({
  swaps: [...o.swaps],
  offers: o.offers.map((p) => formatPoint(size, p)),
  passes: [...o.passes],
});

/** The core's Renju opening from a stored one (validate.ts has checked its offers are points). */
export const renjuOpeningOf = (size: number, o: StoredRenjuOpening): RenjuOpening => ({
  swaps: [...o.swaps],
  offers: o.offers.map((name) => parsePoint(size, name)!),
  passes: [...o.passes],
});

/**
 * Why a stored value is not a game the app can open, or null: it fails the shape check, or its moves do
 * not replay through the core. Never throws, whatever the value.
 */
export function gameRecordProblem(value: unknown): Problem {
  const shape = gameProblem(value);
  if (shape) return shape;
  try {
    const state = toGameState(value as StoredGame);
    return state.ok ? null : state.error.message.replace(/\.$/, '');
  } catch (e) {
    // The core does not throw on a valid shape; this keeps a surprise from stopping a whole listing.
    return `its moves could not be replayed (${e instanceof Error ? e.message : String(e)})`;
  }
}

const sideFields = ({ name, kind, playerId }: GameSide): GameSide =>
  playerId === undefined ? { name, kind } : { name, kind, playerId };

/** The fields of a game record, and nothing else the caller's object may carry. */
export function gameFields(game: StoredGame, revision: number, updatedAt: number): StoredGame {
  const {
    id,
    variant,
    size,
    tournamentRule,
    players,
    moves,
    seatChoice,
    swap2Pass,
    renju,
    clocks,
    createdAt,
    status,
    result,
    demo,
    imported,
    origin,
    friend,
    assisted,
  } = game;
  return {
    id,
    variant,
    size,
    tournamentRule,
    players: [sideFields(players[0]), sideFields(players[1])],
    moves: [...moves],
    ...(seatChoice ? { seatChoice } : {}),
    ...(swap2Pass ? { swap2Pass } : {}),
    ...(renju ? { renju: { swaps: [...renju.swaps], offers: [...renju.offers], passes: [...renju.passes] } } : {}),
    clocks: clocks && {
      remainingMs: [clocks.remainingMs[0], clocks.remainingMs[1]],
      incrementMs: clocks.incrementMs,
      ...(typeof clocks.runningSince === 'number' ? { runningSince: clocks.runningSince } : {}),
      ...(typeof clocks.seenAt === 'number' ? { seenAt: clocks.seenAt } : {}),
      ...(typeof clocks.initialMs === 'number' ? { initialMs: clocks.initialMs } : {}),
    },
    createdAt,
    updatedAt,
    status,
    result: result && { ...result },
    demo,
    ...(imported ? { imported: { at: imported.at, dated: imported.dated } } : {}),
    ...(origin ? { origin: { gameId: origin.gameId, ply: origin.ply } } : {}),
    // Only `true` is a mark (records.ts): anything else a file or a tool wrote reads as none.
    ...(assisted === true && { assisted }),
    ...(friend
      ? {
          friend: {
            gameId: friend.gameId,
            mySide: friend.mySide,
            ...(friend.synced ? { synced: { moves: friend.synced.moves, ended: friend.synced.ended } } : {}),
            ...(friend.peer ? { peer: { key: friend.peer.key, relays: [...friend.peer.relays] } } : {}),
            ...(friend.clock
              ? { clock: { initialMs: friend.clock.initialMs, incrementMs: friend.clock.incrementMs } }
              : {}),
            ...theirRatingField(friend.theirRating),
          },
        }
      : {}),
    revision,
  };
}

/** A kept rating, copied where it is one (a bad one is dropped here rather than refusing the game). */
const theirRatingField = (value: unknown) => {
  const rating = friendRatingOf(value);
  return rating ? { theirRating: rating } : {};
};

/** JSON with object keys sorted, so two records compare equal whatever order their fields were written in. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/**
 * The duplicate rule, in one place: what makes two stored games the same game, wherever each came from
 * (played here, a pente.org file, pasted text, a shared link, a backup): the rules, the players' names, the
 * moves and the result (who won and how, or a draw, or none yet). Everything a round trip through a
 * pente.org record or a link may change or lose is left out: the id, the dates, the clocks, the kinds of
 * player and which stored player each was, the revision, the demo and import marks. Two games with the
 * same identity are one game to the player, so an import, a link's "Save to my games" and a restored
 * backup store it once.
 */
export function gameIdentity(game: StoredGame): string {
  const { variant, size, tournamentRule, players, moves, result } = game;
  const outcome = result ? `${result.winner ?? 'draw'} ${result.reason}` : 'none';
  return JSON.stringify([variant, size, tournamentRule, players[0].name, players[1].name, moves.join(' '), outcome]);
}

/**
 * A short hash of a text (cyrb53, 53 bits, base 36): a game's identity's is kept in its summary, under an
 * index, so an import finds likely duplicates without reading every stored game; a match is confirmed
 * against the stored game's full identity.
 */
export function textHash(content: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < content.length; i++) {
    const c = content.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * A copy of any stored value that JSON can hold, for exporting damaged records as they are: what
 * structured cloning allows but JSON does not (BigInt, cycles, Map, Set, binary data) is written out in a
 * readable form rather than making the export throw.
 */
export function jsonSafe(value: unknown, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return null;
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[cycle]';
  seen.add(value);
  try {
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
    if (value instanceof ArrayBuffer) return { bytes: [...new Uint8Array(value)] };
    if (ArrayBuffer.isView(value)) {
      return { bytes: [...new Uint8Array(value.buffer, value.byteOffset, value.byteLength)] };
    }
    if (value instanceof Map) return { map: [...value].map(([k, v]) => [jsonSafe(k, seen), jsonSafe(v, seen)]) };
    if (value instanceof Set) return { set: [...value].map((v) => jsonSafe(v, seen)) };
    if (Array.isArray(value)) return value.map((v) => jsonSafe(v, seen));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonSafe(v, seen)]));
  } finally {
    seen.delete(value);
  }
}
