/**
 * Collects the openings book's statistics from whole games and filters them into packable positions.
 *
 * For every position of a game up to `maxPly` (from `fromPly`: self-play games skip their random
 * opening), the move played there is counted in canonical form against the position's canonical key:
 * games, the mover's points (win 1, draw ½) and the rating of the player who chose it. Games without a
 * result are not counted.
 *
 * Then, by default (BOOK_THRESHOLDS):
 * - a move is kept when it was played in at least 2 games, and its smoothed score for the mover,
 *   (points + 1) / (games + 2), is at least 0.3 (so 0 of 2, 0 of 3 … and 1 of 6 or worse are dropped);
 * - a position is kept when it has a kept move and was reached in at least 3 games, before ply 24.
 * Two games is little evidence; the weights in `OpeningBook.choose` make moves with few games and poor
 * scores rare choices, and the engine's forced-move check and legality check stand behind every book move.
 */
import type { GameState, Player } from '../../core';
import { canonicalize, keyBigInt, toCanonicalMove } from '../../core/canonical';
import type { PackedMove, PackedPosition } from './pack';

export interface BookThresholds {
  /** Positions from this many moves on are not recorded. */
  readonly maxPly: number;
  /** A position needs this many games through it. */
  readonly minPositionGames: number;
  /** A move needs this many games. */
  readonly minMoveGames: number;
  /** A move needs this smoothed score for its mover, (points + 1) / (games + 2). */
  readonly minScore: number;
}

export const BOOK_THRESHOLDS: BookThresholds = { maxPly: 24, minPositionGames: 3, minMoveGames: 2, minScore: 0.3 };

interface MoveStats {
  games: number;
  halfPoints: number;
  ratingSum: number;
  rated: number;
}

interface PositionStats {
  hi: number;
  lo: number;
  games: number;
  moves: Map<number, MoveStats>;
}

export interface AddGameOptions {
  /** The winner, or null for a draw; undefined (no result) skips the game. */
  readonly winner: Player | null | undefined;
  /** The players' ratings (player 1, player 2); null where unknown. */
  readonly ratings: readonly [number | null, number | null];
  /** The first ply whose move is a real choice (self-play games start from random moves). */
  readonly fromPly?: number;
  readonly maxPly?: number;
}

export class BookBuilder {
  private readonly positions = new Map<bigint, PositionStats>();
  /** Games counted, and moves that could not be put in canonical form (off the board after translation). */
  games = 0;
  skippedMoves = 0;

  constructor(readonly thresholds: BookThresholds = BOOK_THRESHOLDS) {}

  /** Counts the moves of a game, given its final state (whose parent chain holds every position). */
  addGame(final: GameState, options: AddGameOptions): void {
    if (options.winner === undefined) return;
    const chain: GameState[] = [];
    for (let s: GameState | null = final; s; s = s.parent) chain.push(s);
    chain.reverse();
    const maxPly = Math.min(options.maxPly ?? this.thresholds.maxPly, final.moves.length);
    this.games++;
    for (let ply = options.fromPly ?? 0; ply < maxPly; ply++) {
      const before = chain[ply]!;
      const point = final.moves[ply]!;
      const mover = before.toMove;
      const canon = canonicalize(before);
      const move = toCanonicalMove(canon, point);
      if (move < 0) {
        this.skippedMoves++;
        continue;
      }
      const key = keyBigInt(canon.hi, canon.lo);
      let pos = this.positions.get(key);
      if (!pos) {
        pos = { hi: canon.hi, lo: canon.lo, games: 0, moves: new Map() };
        this.positions.set(key, pos);
      }
      pos.games++;
      let stats = pos.moves.get(move);
      if (!stats) {
        stats = { games: 0, halfPoints: 0, ratingSum: 0, rated: 0 };
        pos.moves.set(move, stats);
      }
      stats.games++;
      stats.halfPoints += options.winner === null ? 1 : options.winner === mover ? 2 : 0;
      const rating = options.ratings[mover - 1];
      if (rating !== null && rating !== undefined && Number.isFinite(rating)) {
        stats.ratingSum += rating;
        stats.rated++;
      }
    }
  }

  /** Positions seen (before filtering). */
  get seen(): number {
    return this.positions.size;
  }

  /** The positions and moves that pass the thresholds, ready to pack. */
  build(t: BookThresholds = this.thresholds): PackedPosition[] {
    const out: PackedPosition[] = [];
    for (const pos of this.positions.values()) {
      if (pos.games < t.minPositionGames) continue;
      const moves: PackedMove[] = [];
      for (const [point, s] of pos.moves) {
        if (s.games < t.minMoveGames) continue;
        if ((s.halfPoints / 2 + 1) / (s.games + 2) < t.minScore) continue;
        moves.push({ point, games: s.games, halfPoints: s.halfPoints, rating: s.rated ? s.ratingSum / s.rated : 0 });
      }
      if (moves.length > 0) out.push({ hi: pos.hi, lo: pos.lo, moves });
    }
    return out;
  }
}
