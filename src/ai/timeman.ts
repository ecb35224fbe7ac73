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
 *
 * Within a move: the search polls its hard limits (`SearchClock`), and after each iteration of iterative
 * deepening asks whether to start another (`stopAfterIteration`, from what `Stability` has seen of the
 * best move and the score).
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

/**
 * A search's hard limits, polled as it runs: the deadline, a node limit (reproducible searches) and a
 * caller's stop. The search and its victory search share one clock, so either stops both.
 */
export class SearchClock {
  /** Set once a limit is reached: the search then unwinds and answers with what it has. */
  stopped = false;
  private deadline = 0;
  private nodeLimit = Infinity;
  private shouldStop: (() => boolean) | undefined = undefined;

  /** Starts the clock of a search begun at `start` (performance.now()). */
  start(start: number, hardMs: number, nodes?: number, shouldStop?: () => boolean): void {
    this.deadline = start + hardMs;
    this.nodeLimit = nodes ?? Infinity;
    this.shouldStop = shouldStop;
    this.stopped = false;
  }

  /** Called at every node with the node count; every 1024 nodes it checks the limits. */
  poll(nodes: number): void {
    if (
      (nodes & 1023) === 0 &&
      (performance.now() >= this.deadline || nodes >= this.nodeLimit || this.shouldStop?.() === true)
    )
      this.stopped = true;
  }

  /** Milliseconds left before the deadline. */
  remainingMs(): number {
    return this.deadline - performance.now();
  }
}

/** A fall of the score by this much (centi-stones) between iterations counts as a falling score. */
export const SCORE_FALL = 50;
/** Iterations the best move must hold to count as settled. */
export const SETTLED_ITERATIONS = 4;

/**
 * What iterative deepening has seen of its best move: how many iterations it has held, its changes (each
 * counting half as much an iteration later: Stockfish's bestMoveChanges), and whether the score just fell.
 */
export class Stability {
  /** Completed iterations since the best move last changed. */
  stable = 0;
  changes = 0;
  fell = false;
  private previousBest = -1;
  private previousScore = 0;

  /** Records a completed iteration at `depth` with its best move and score. */
  update(depth: number, best: number, score: number): void {
    const changed = best !== this.previousBest;
    this.stable = changed ? 0 : this.stable + 1;
    this.changes = this.changes / 2 + (changed && this.previousBest >= 0 ? 1 : 0);
    this.fell = depth > 1 && this.previousScore - score >= SCORE_FALL;
    this.previousBest = best;
    this.previousScore = score;
  }
}

/**
 * The share of the soft think time after which no new iteration starts. `unsettled` is
 * SearchSettings.unsettledTime (on by default): off, 60%, or 30% once the best move has held for
 * SETTLED_ITERATIONS iterations; on, the early stop at 30% is kept only for a settled move that forces
 * (`forcing`: a four, a block, a capture), and the share grows with the best move's changes and by a quarter
 * when the score fell, up to 95%.
 */
export function iterationShare(
  stable: number,
  changes: number,
  fell: boolean,
  forcing: boolean,
  unsettled: boolean,
): number {
  const settled = stable >= SETTLED_ITERATIONS;
  if (!unsettled) return settled ? 0.3 : 0.6;
  if (settled && forcing) return 0.3;
  return Math.min(0.95, 0.6 * (1 + changes) * (fell ? 1.25 : 1));
}

/**
 * The stopping rule: whether iterative deepening stops after an iteration completed `elapsedMs` into a
 * search with `softMs` of soft think time, rather than start the next (which costs a few times this one).
 */
export function stopAfterIteration(
  elapsedMs: number,
  softMs: number,
  stable: number,
  changes: number,
  fell: boolean,
  forcing: boolean,
  unsettled: boolean,
): boolean {
  return elapsedMs > softMs * iterationShare(stable, changes, fell, forcing, unsettled);
}
