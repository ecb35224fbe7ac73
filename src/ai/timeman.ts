/**
 * Time management: how long one move may think, from the level's think time and, when the game has a
 * clock, the time the engine's side has left (as Stockfish's timeman and Rapfi's TimeControl do).
 *
 * The level's think time is a cap, never a target to exceed: a clock only ever shortens a move. With a
 * clock the engine plans on `MOVES_TO_GO` more moves of its own, so it spends a share of what is left plus
 * most of the increment, and its hard limit never passes `MAX_SHARE_OF_LEFT` of the time left after the
 * reserve for the answer's way back to the page (`MOVE_OVERHEAD_MS`, kept for this move and the
 * `MOVES_TO_GO` to come). Every move's time is then a fraction
 * of what remains, so a computer never loses on time however long the game (it may move fast).
 */

/** The engine's side's clock when it is asked for a move. */
export interface ClockBudget {
  /** What the engine's side has left on its clock, in milliseconds. */
  readonly remainingMs: number;
  /** Added to the side's clock after each of its moves (Fischer increment), in milliseconds. */
  readonly incrementMs: number;
}

/** How long the search may run: it starts no iteration late in `softMs` and stops at `hardMs`. */
export interface MoveTime {
  readonly softMs: number;
  readonly hardMs: number;
}

/**
 * Kept back on every move for what is charged besides the search: the request's and answer's way through
 * the worker and the page's handling of the move.
 */
export const MOVE_OVERHEAD_MS = 100;
/** Moves the engine plans to make still, whatever the ply (Pente games are rarely longer for one side). */
export const MOVES_TO_GO = 25;
/** The most of the time left (less the overhead) that one move's hard limit may use. */
export const MAX_SHARE_OF_LEFT = 0.2;
/** The shortest search: a move is always found (the search's first iteration takes well under this). */
export const MIN_THINK_MS = 5;

/**
 * The think time of one move: the level's `thinkMs` alone, or with a clock the smaller of that and the
 * clock's share. `softMs` is the planned share and `hardMs` the most this move may take.
 */
export function moveTime(thinkMs: number, clock?: ClockBudget): MoveTime {
  const cap = Math.max(MIN_THINK_MS, thinkMs);
  if (!clock) return { softMs: cap, hardMs: cap };
  const left = Math.max(0, clock.remainingMs - MOVE_OVERHEAD_MS);
  // What a move may share out keeps back the overhead of the moves still to come (as Stockfish's timeman
  // does): without it, a share of what is left shrinks towards nothing while each move still costs its
  // overhead, and a long game without increment would lose on time.
  const spare = Math.max(0, left - MOVE_OVERHEAD_MS * MOVES_TO_GO);
  const increment = Math.max(0, clock.incrementMs);
  // The increment arrives after the move, so it never lets one move take more than most of what is left.
  const hardMs = Math.max(MIN_THINK_MS, Math.min(cap, spare * MAX_SHARE_OF_LEFT + increment * 0.75, left * 0.8));
  const planned = spare / MOVES_TO_GO + increment * 0.75;
  const softMs = Math.max(MIN_THINK_MS, Math.min(hardMs, planned));
  return { softMs, hardMs };
}
