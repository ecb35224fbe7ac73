/**
 * The openings explorer's model: a path of moves from a start (the empty board, or a game's position in
 * review), stepped into and out of, and the rows the screen lists for the position at its end, the book's
 * moves and the player's own merged into one row per move.
 *
 * A row is a move up to the position's symmetries: the book gives one point for a move however many
 * symmetric images it has, and the player's games may have played any of them, so both are put in canonical
 * form (src/core/canonical.ts) before they are matched. Pure: no I/O, no signals.
 */
import { type GameState, type Point, type Rules, formatPoint, illegality, newGame, play } from '../../core';
import { canonicalize, toCanonicalMove } from '../../core/canonical';
import type { OwnMove } from './own-openings';

/** Where the explorer stands: the start position's rules and moves, then the moves stepped into since. */
export interface ExplorerPath {
  readonly rules: Rules;
  /** The start's moves (a game in review): stepping out never goes above them. */
  readonly start: readonly Point[];
  /** The moves stepped into from the start. */
  readonly steps: readonly Point[];
}

export const startPath = (rules: Rules, start: readonly Point[] = []): ExplorerPath => ({ rules, start, steps: [] });

/** The position at the end of the path; null when its moves do not replay (a damaged start). */
export function positionOf(path: ExplorerPath): GameState | null {
  let state = newGame(path.rules);
  for (const point of [...path.start, ...path.steps]) {
    const next = play(state, point);
    if (!next.ok) return null;
    state = next.value;
  }
  return state;
}

/** The path one move deeper, or null when the move is not legal there. */
export function stepInto(path: ExplorerPath, state: GameState, point: Point): ExplorerPath | null {
  if (illegality(state, point)) return null;
  return { ...path, steps: [...path.steps, point] };
}

/** The path with only its first `depth` steps (0: back at the start). */
export const stepOutTo = (path: ExplorerPath, depth: number): ExplorerPath => ({
  ...path,
  steps: path.steps.slice(0, Math.max(0, Math.min(depth, path.steps.length))),
});

/** The path one step shallower (the start stays). */
export const stepOut = (path: ExplorerPath): ExplorerPath => stepOutTo(path, path.steps.length - 1);

/** A move's games and the mover's score in them. */
export interface Tally {
  readonly games: number;
  /** 0–1, a draw counting half. */
  readonly winRate: number;
}

/** One move the explorer lists: the book's figures, the player's, or both. */
export interface ExplorerRow {
  /** The move on the board shown. */
  readonly point: Point;
  /** pente.org notation, e.g. "L9". */
  readonly name: string;
  readonly book: Tally | null;
  readonly own: Tally | null;
}

/** What the book says of a move (the engine's BookMove has these fields and more). */
export interface BookTally extends Tally {
  readonly point: Point;
}

/**
 * The rows for a position: the book's moves and the player's own, one row per move up to the position's
 * symmetries (shown at the book's point when the book has it), most book games first, then most own games.
 */
export function explorerRows(
  state: GameState,
  book: readonly BookTally[] | null,
  own: readonly OwnMove[],
): ExplorerRow[] {
  const canon = canonicalize(state);
  const rows = new Map<Point, { point: Point; book: Tally | null; own: Tally | null }>();
  for (const move of book ?? []) {
    const key = toCanonicalMove(canon, move.point);
    if (key < 0 || rows.has(key)) continue;
    rows.set(key, { point: move.point, book: { games: move.games, winRate: move.winRate }, own: null });
  }
  for (const move of own) {
    const key = toCanonicalMove(canon, move.point);
    if (key < 0) continue;
    const row = rows.get(key);
    const tally = { games: move.games, winRate: move.winRate };
    if (row) row.own = tally;
    else rows.set(key, { point: move.point, book: null, own: tally });
  }
  const size = state.rules.size;
  return [...rows.values()]
    .map((r) => ({ ...r, name: formatPoint(size, r.point) }))
    .sort(
      (a, b) =>
        (b.book?.games ?? 0) - (a.book?.games ?? 0) || (b.own?.games ?? 0) - (a.own?.games ?? 0) || a.point - b.point,
    );
}
