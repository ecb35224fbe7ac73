/**
 * The player's own games as an openings tree: for every position their games passed through in their first
 * moves (as many as a game's summary keeps, OPENING_PLIES_KEPT), the moves played next, with how many games
 * and the mover's score. Positions are keyed by the core's canonical keys (src/core/canonical.ts, the
 * openings book's own), so a game that reached a position mirrored, rotated or by another move order
 * counts for the same position and the same move as the book does.
 *
 * Pure: games added a text at a time, then built (a generator the screen runs in slices), then asked a
 * position at a time.
 */
import {
  type BoardSize,
  type GameResult,
  type GameState,
  type Point,
  type VariantId,
  VARIANTS,
  illegality,
  makeRules,
  newGame,
  parsePoint,
  play,
  seatChoiceDue,
} from '../../core';
import { canonicalize, fromCanonicalMove, toCanonicalMove } from '../../core/canonical';

/** What the tree needs of a game: a finished game's summary has it all. */
export interface OpeningGame {
  readonly variant: VariantId;
  readonly size: BoardSize;
  /** Its first moves, pente.org coordinates joined by spaces (GameSummary.opening). */
  readonly opening: string;
  readonly result: GameResult;
}

/** Games that went on with a move, and the mover's points in them in half points (win 2, draw 1). */
export interface MoveTally {
  games: number;
  halfPoints: number;
}

/** A move of the player's games in a position, on the real board. */
export interface OwnMove {
  readonly point: Point;
  readonly games: number;
  /** The mover's score in those games, 0–1 (a draw counts half). */
  readonly winRate: number;
}

const keyOf = (hi: number, lo: number): string => `${hi.toString(36)}.${lo.toString(36)}`;

/** A next move's games by how they ended: Black's points in half points (win 2, draw 1). */
interface NextTally {
  games: number;
  blackHalfPoints: number;
}

export interface OwnOpenings {
  /** Games counted (finished, with a first move that replays); known once `build` has run. */
  readonly games: number;
  /** Adds one game's opening (cheap: text only; `build` replays). */
  add(game: OpeningGame): void;
  /**
   * Replays every distinct opening prefix once, from its parent's position, and files its next moves under
   * the position's canonical key: a generator to run in slices (one prefix a step). Moves after one that
   * does not replay are left out. Adding after building needs another build.
   */
  build(): Generator<void, void, undefined>;
  /** The moves played next in this position (or a symmetric one, or a transposition), most games first. */
  movesAt(state: GameState): OwnMove[];
}

/**
 * Two steps, so that a library of thousands of games that mostly share their first moves replays each
 * shared prefix once: `add` counts each game's next move under each of its prefixes (text), `build` walks
 * the prefixes as a tree, one `play` and one `canonicalize` per distinct prefix.
 */
export function ownOpenings(): OwnOpenings {
  /** "variant size|K10 L9" → next move's name → tally. The root of a game is "variant size|". */
  const prefixes = new Map<string, Map<string, NextTally>>();
  /** Position key → canonical move → tally for the side to move there. */
  const tree = new Map<string, Map<Point, MoveTally>>();
  let games = 0;
  return {
    get games() {
      return games;
    },
    add(game) {
      if (VARIANTS[game.variant].seatChoiceAfter !== null || game.opening === '') return;
      const moves = game.opening.split(' ');
      const winner = game.result.winner;
      const blackHalfPoints = winner === null ? 1 : winner === 1 ? 2 : 0;
      let prefix = `${game.variant} ${game.size}|`;
      for (let k = 0; k < moves.length; k++) {
        let next = prefixes.get(prefix);
        if (!next) prefixes.set(prefix, (next = new Map()));
        const tally = next.get(moves[k]!);
        if (tally) {
          tally.games++;
          tally.blackHalfPoints += blackHalfPoints;
        } else next.set(moves[k]!, { games: 1, blackHalfPoints });
        prefix = k === 0 ? `${prefix}${moves[k]}` : `${prefix} ${moves[k]}`;
      }
    },
    *build() {
      tree.clear();
      games = 0;
      const stack: { prefix: string; state: GameState }[] = [];
      for (const prefix of prefixes.keys()) {
        if (!prefix.endsWith('|')) continue;
        const [variant, size] = prefix.slice(0, -1).split(' ') as [VariantId, string];
        stack.push({ prefix, state: newGame(makeRules({ variant, size: Number(size) as BoardSize })) });
      }
      while (stack.length > 0) {
        const { prefix, state } = stack.pop()!;
        const root = prefix.endsWith('|');
        const canon = canonicalize(state);
        const key = keyOf(canon.hi, canon.lo);
        let moves = tree.get(key);
        for (const [name, next] of prefixes.get(prefix)!) {
          const point = parsePoint(state.rules.size, name);
          if (point === undefined || seatChoiceDue(state) || illegality(state, point)) continue;
          if (root) games += next.games;
          if (!moves) tree.set(key, (moves = new Map()));
          const move = toCanonicalMove(canon, point);
          const halfPoints = state.toMove === 1 ? next.blackHalfPoints : 2 * next.games - next.blackHalfPoints;
          const tally = moves.get(move);
          if (tally) {
            tally.games += next.games;
            tally.halfPoints += halfPoints;
          } else moves.set(move, { games: next.games, halfPoints });
          const child = root ? `${prefix}${name}` : `${prefix} ${name}`;
          if (!prefixes.has(child)) continue;
          const played = play(state, point);
          if (played.ok) stack.push({ prefix: child, state: played.value });
        }
        yield;
      }
    },
    movesAt(state) {
      if (state.result) return [];
      const canon = canonicalize(state);
      const moves = tree.get(keyOf(canon.hi, canon.lo));
      if (!moves) return [];
      const out: OwnMove[] = [];
      for (const [move, tally] of moves) {
        const point = fromCanonicalMove(canon, move);
        if (point < 0 || illegality(state, point)) continue;
        out.push({ point, games: tally.games, winRate: tally.halfPoints / 2 / tally.games });
      }
      return out.sort((a, b) => b.games - a.games || a.point - b.point);
    },
  };
}
