/**
 * The player's own games as an openings tree: for every position their games passed through in their first
 * moves (as many as a game's summary keeps, OPENING_PLIES_KEPT), the moves played next, with how many games
 * and the mover's score. Positions are keyed by the core's canonical keys (src/core/canonical.ts, the
 * openings book's own), so a game that reached a position mirrored, rotated or by another move order
 * counts for the same position and the same move as the book does.
 *
 * Pure: built a game at a time (the screen feeds it in slices), asked a position at a time.
 */
import {
  type BoardSize,
  type GameResult,
  type GameState,
  type Point,
  type VariantId,
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

export interface OwnOpenings {
  /** Games added that counted (finished, with at least one move that replays). */
  readonly games: number;
  /** Adds one game's opening; moves after one that does not replay are left out. */
  add(game: OpeningGame): void;
  /** The moves played next in this position (or a symmetric one), most games first. */
  movesAt(state: GameState): OwnMove[];
}

export function ownOpenings(): OwnOpenings {
  /** Position key → canonical move → tally. */
  const tree = new Map<string, Map<Point, MoveTally>>();
  let games = 0;
  return {
    get games() {
      return games;
    },
    add(game) {
      const rules = makeRules({ variant: game.variant, size: game.size });
      // A seat choice makes "the mover" a matter of seats, not colours: those variants are left out.
      if (rules.variant.seatChoiceAfter !== null || game.opening === '') return;
      let state = newGame(rules);
      // A game that comes back to a position (through captures) counts once there.
      const seen = new Set<string>();
      let counted = false;
      for (const name of game.opening.split(' ')) {
        const point = parsePoint(rules.size, name);
        if (point === undefined || seatChoiceDue(state) || illegality(state, point)) break;
        const canon = canonicalize(state);
        const key = keyOf(canon.hi, canon.lo);
        if (!seen.has(key)) {
          seen.add(key);
          const move = toCanonicalMove(canon, point);
          let moves = tree.get(key);
          if (!moves) tree.set(key, (moves = new Map()));
          let tally = moves.get(move);
          if (!tally) moves.set(move, (tally = { games: 0, halfPoints: 0 }));
          tally.games++;
          const winner = game.result.winner;
          tally.halfPoints += winner === null ? 1 : winner === state.toMove ? 2 : 0;
          counted = true;
        }
        const next = play(state, point);
        if (!next.ok) break;
        state = next.value;
      }
      if (counted) games++;
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
