/**
 * The puzzle trainer's rules, as pure functions: judging the player's moves against a puzzle's stored
 * line, picking the next puzzle near the player's rating, and rating an attempt (Glicko-2, both ways:
 * the player against the puzzle and the puzzle against the player).
 *
 * On the stored line the defence comes from the line. A move off the line that may still win (one of the
 * puzzle's other first moves, or any later move that is not the line's) is for the engine to judge: the
 * screen asks it for the defence, and the move stands if the engine, defending, sees a forced loss (the
 * engine's score says so in words: see src/workers/protocol.ts's EngineScore). Any other move is wrong, and the screen shows the engine's answer to it.
 */
import type { Point } from '../board';
import { type GameState, play } from '../game';
import { type Glicko2Rating, updateGlicko2 } from './glicko2';
import type { Puzzle } from './pack';

export interface PuzzleAttempt {
  readonly puzzle: Puzzle;
  /** The position now (the puzzle's position, then the moves played in the attempt). */
  readonly state: GameState;
  /** The attempt's moves so far, both sides'. */
  readonly played: readonly Point[];
  /** Whether every move so far is the stored line's, so the stored defence applies. */
  readonly onLine: boolean;
}

export type PuzzleStep =
  /** The point cannot be played (occupied, or off the board): not an answer. */
  | { readonly kind: 'illegal'; readonly message: string }
  /** Solved: the move won, or it was a defence the puzzle accepts. */
  | { readonly kind: 'solved'; readonly attempt: PuzzleAttempt }
  /** Right, and the stored line's defence follows (already played in `attempt`). */
  | { readonly kind: 'reply'; readonly attempt: PuzzleAttempt; readonly reply: Point }
  /**
   * Off the stored line: the engine must find the defence. `proven`: the move is one of the puzzle's proved
   * first moves; otherwise the engine's score judges it too (it must be a forced loss for the defender).
   */
  | { readonly kind: 'ask-engine'; readonly attempt: PuzzleAttempt; readonly proven: boolean }
  /** Wrong: the screen shows the engine's answer to it. */
  | { readonly kind: 'wrong'; readonly attempt: PuzzleAttempt };

export function startAttempt(puzzle: Puzzle, position: GameState): PuzzleAttempt {
  return { puzzle, state: position, played: [], onLine: true };
}

/** The solver's move in the attempt. */
export function puzzleMove(attempt: PuzzleAttempt, point: Point): PuzzleStep {
  const { puzzle, state, played } = attempt;
  const next = play(state, point);
  if (!next.ok) return { kind: 'illegal', message: next.error.message };
  const after: PuzzleAttempt = { ...attempt, state: next.value, played: [...played, point] };
  const solver = puzzle.moves.length % 2 === 0 ? 1 : 2;
  const first = played.length === 0;
  if (puzzle.goal === 'defend') {
    return puzzle.firstMoves.includes(point) ? { kind: 'solved', attempt: after } : { kind: 'wrong', attempt: after };
  }
  if (next.value.result) {
    return next.value.result.winner === solver ? { kind: 'solved', attempt: after } : { kind: 'wrong', attempt: after };
  }
  const expected = attempt.onLine ? puzzle.solution[played.length] : undefined;
  if (point === expected) {
    const reply = puzzle.solution[played.length + 1];
    if (reply === undefined) return { kind: 'wrong', attempt: after }; // (the line ends with a win: not reached)
    const replied = play(next.value, reply);
    if (!replied.ok) return { kind: 'wrong', attempt: after };
    return {
      kind: 'reply',
      attempt: { ...attempt, state: replied.value, played: [...played, point, reply] },
      reply,
    };
  }
  // Another first move the build proved wins: the engine finds the defence. A later move off the line:
  // the engine finds the defence and judges.
  if (first) {
    return puzzle.firstMoves.includes(point)
      ? { kind: 'ask-engine', attempt: { ...after, onLine: false }, proven: true }
      : { kind: 'wrong', attempt: after };
  }
  return { kind: 'ask-engine', attempt: { ...after, onLine: false }, proven: false };
}

/** The attempt with the engine's defence played (once the engine, defending, has seen a forced loss). */
export function withDefence(attempt: PuzzleAttempt, defence: Point): PuzzleAttempt | null {
  const next = play(attempt.state, defence);
  return next.ok ? { ...attempt, state: next.value, played: [...attempt.played, defence] } : null;
}

/** The new ratings after an attempt: the player's (it "played" the puzzle) and the puzzle's. */
export function rateAttempt(
  player: Glicko2Rating,
  puzzle: Glicko2Rating,
  solved: boolean,
): { player: Glicko2Rating; puzzle: Glicko2Rating } {
  return {
    player: updateGlicko2(player, [{ opponent: puzzle, score: solved ? 1 : 0 }]),
    puzzle: updateGlicko2(puzzle, [{ opponent: player, score: solved ? 0 : 1 }]),
  };
}

/**
 * The puzzle to offer: among those not attempted recently, one of the `spread` whose ratings are nearest
 * the player's, chosen by `random` (0 ≤ r < 1). Returns an index into `ratings`, or -1 when there are none.
 */
export function choosePuzzle(
  ratings: readonly number[],
  playerRating: number,
  recent: ReadonlySet<number>,
  random: number,
  spread = 8,
): number {
  const open = ratings.map((r, i) => ({ i, d: Math.abs(r - playerRating) })).filter((c) => !recent.has(c.i));
  const pool = open.length ? open : ratings.map((r, i) => ({ i, d: Math.abs(r - playerRating) }));
  if (!pool.length) return -1;
  pool.sort((a, b) => a.d - b.d || a.i - b.i);
  const nearest = pool.slice(0, spread);
  return nearest[Math.min(nearest.length - 1, Math.floor(random * nearest.length))]!.i;
}

/** A difficulty word for a puzzle's rating. */
export function difficultyOf(rating: number): 'easy' | 'medium' | 'hard' {
  return rating < 1150 ? 'easy' : rating < 1500 ? 'medium' : 'hard';
}

const DAY_MS = 86_400_000;

/**
 * The puzzle of the day: the same for everyone on a given day (UTC), a different one each day, days apart
 * spread over the pack rather than walking it in order (a multiplier prime to any pack size below it).
 */
export function dailyPuzzleIndex(count: number, now: number): number {
  if (count <= 0) return -1;
  const day = Math.floor(now / DAY_MS);
  return Number((BigInt(day) * 2_654_435_761n) % BigInt(count));
}
