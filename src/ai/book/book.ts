/**
 * The openings book at play time: candidate moves for a position, and a choice among them.
 *
 * `OpeningBook` reads the packed bytes in place (src/ai/book/pack.ts): a lookup canonicalises the position
 * (src/core/canonical.ts), finds its key by binary search, and maps the stored moves back to the real
 * board, keeping only legal ones.
 *
 * `choose` picks a move at random, weighted, deterministic for a seed:
 *
 *   score     p = (points + 2) / (games + 4)                 the mover's result with the move, shrunk
 *                                                            towards ½ by 4 imaginary drawn games
 *   choosers  r = (rating · games + 1700 · 4) / (games + 4)  their mean rating, shrunk likewise
 *             e = 1 / (1 + 10^((1700 − r) / 400))           their expected score against a 1700 player
 *   quality   q = p · (0.5 + e)
 *   weight    w = √games · q^(1 + 3·strength)
 *
 * and moves whose weight is under 2% of the best's are not chosen. So a move is chosen more often the more
 * it is played, the better it scores and the stronger the players who choose it, and a move seen in two
 * games cannot outweigh one seen in thirty on a lucky result. `strength` (0–1; the engine passes its
 * level's judgement) sharpens the choice: at 1 the best moves of strong players dominate, lower strengths
 * spread the choice over more of what people play.
 */
import { type GameState, type Point, formatPoint, illegality } from '../../core';
import { canonicalize, fromCanonicalMove } from '../../core/canonical';
import { BookReader } from './pack';
import { mix32, unit } from '../random';

export interface BookCandidate {
  /** The move on the real board. */
  readonly point: Point;
  readonly games: number;
  /** The mover's points in those games (a draw counts half). */
  readonly points: number;
  /** points / games. */
  readonly winRate: number;
  /** Mean rating of the players who chose it (engine self-play: its level's nominal rating); 0 if unknown. */
  readonly rating: number;
}

export interface ChooseOptions {
  readonly seed?: number;
  /** 0–1: how strongly the choice prefers the best results (default 1). */
  readonly strength?: number;
}

/** Chooser ratings are compared with this one. */
export const REFERENCE_RATING = 1700;
/** Imaginary games at the reference rating and a 50% score that every move's statistics are shrunk with. */
export const PRIOR_GAMES = 4;
/** Moves weighing under this share of the best move's weight are never chosen. */
export const MIN_WEIGHT_SHARE = 0.02;

/** The choice weight of a candidate (see the module comment). */
export function bookWeight(c: BookCandidate, strength: number): number {
  const p = (c.points + PRIOR_GAMES / 2) / (c.games + PRIOR_GAMES);
  const rating = c.rating > 0 ? c.rating : REFERENCE_RATING;
  const r = (rating * c.games + REFERENCE_RATING * PRIOR_GAMES) / (c.games + PRIOR_GAMES);
  const e = 1 / (1 + 10 ** ((REFERENCE_RATING - r) / 400));
  const q = p * (0.5 + e);
  return Math.sqrt(c.games) * q ** (1 + 3 * Math.max(0, Math.min(1, strength)));
}

export class OpeningBook {
  readonly reader: BookReader;

  constructor(bytes: Uint8Array | ArrayBuffer) {
    this.reader = new BookReader(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  }

  get positions(): number {
    return this.reader.positions;
  }

  get moves(): number {
    return this.reader.moves;
  }

  /** The book's moves for this position (legal, on the real board), most played first; [] if none. */
  lookup(state: GameState): BookCandidate[] {
    return this.probe(state).candidates;
  }

  private probe(state: GameState): { candidates: BookCandidate[]; lo: number } {
    if (state.result || this.reader.positions === 0) return { candidates: [], lo: 0 };
    const canon = canonicalize(state);
    const index = this.reader.find(canon.hi, canon.lo);
    if (index < 0) return { candidates: [], lo: canon.lo };
    const r = this.reader;
    const [from, to] = r.range(index);
    const out: BookCandidate[] = [];
    for (let k = from; k < to; k++) {
      const point = fromCanonicalMove(canon, r.point[k]!);
      if (point < 0 || illegality(state, point)) continue;
      const games = r.games[k]!;
      const points = r.halfPoints[k]! / 2;
      out.push({ point, games, points, winRate: games ? points / games : 0, rating: r.rating[k]! });
    }
    return { candidates: out, lo: canon.lo };
  }

  /** A book move for this position, or null when the book has none. Deterministic for a seed. */
  choose(state: GameState, options: ChooseOptions = {}): BookCandidate | null {
    const { candidates, lo } = this.probe(state);
    if (candidates.length === 0) return null;
    const strength = options.strength ?? 1;
    const weights = candidates.map((c) => bookWeight(c, strength));
    const top = Math.max(...weights);
    for (let i = 0; i < weights.length; i++) if (weights[i]! < MIN_WEIGHT_SHARE * top) weights[i] = 0;
    const total = weights.reduce((s, w) => s + w, 0);
    // One draw per (seed, position): the same seed plays the same line, different seeds vary.
    const r = mix32(mix32((options.seed ?? 0) ^ 0x9e3779b9) ^ lo ^ Math.imul(state.moves.length, 0x27d4eb2f));
    let x = unit(r) * total;
    for (let i = 0; i < candidates.length; i++) {
      x -= weights[i]!;
      if (x < 0 && weights[i]! > 0) return candidates[i]!;
    }
    return candidates[weights.findLastIndex((w) => w > 0)]!;
  }
}

/** One row of the book's view of a position, for the review and analysis panel. */
export interface BookMoveInfo extends BookCandidate {
  /** The move in pente.org notation, e.g. "L9". */
  readonly name: string;
  /** Share of the position's book games that chose this move (0–1). */
  readonly share: number;
  /** How likely `choose` at full strength is to play it (0–1). */
  readonly chance: number;
}

/** The book's moves for a position with game counts, win rates and how often the engine would pick them. */
export function bookMovesFor(book: OpeningBook, state: GameState, strength = 1): BookMoveInfo[] {
  const candidates = book.lookup(state);
  const totalGames = candidates.reduce((s, c) => s + c.games, 0);
  const weights = candidates.map((c) => bookWeight(c, strength));
  const top = Math.max(0, ...weights);
  const kept = weights.map((w) => (w < MIN_WEIGHT_SHARE * top ? 0 : w));
  const totalWeight = kept.reduce((s, w) => s + w, 0);
  return candidates.map((c, i) => ({
    ...c,
    name: formatPoint(state.rules.size, c.point),
    share: totalGames ? c.games / totalGames : 0,
    chance: totalWeight ? kept[i]! / totalWeight : 0,
  }));
}
