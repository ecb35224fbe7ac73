/**
 * The engine worker's wire protocol: what the page sends (requests), what comes back (answers, progress)
 * and the few pure helpers both ends share. It imports nothing with side effects (types from the core, and
 * the pure `moveTime` of src/ai/timeman.ts), so the page's bridge may import it for values as well as
 * types without pulling the engine into the page (docs/ARCHITECTURE.md, "The worker bridge").
 *
 * A request carries the rules and the move list, never a GameState: a state's parent chain holds every
 * earlier position, which would be cloned across for nothing. The worker rebuilds the game with `replay`.
 */
import {
  type BoardSize,
  type EngineLevel,
  type OpeningStep,
  type Point,
  type RenjuOpening,
  type VariantId,
  levelById,
} from '../core';
import { type ClockBudget, type MoveTime, moveTime } from '../ai/timeman';

export type { ClockBudget, MoveTime };

/** A position as the worker is told it: the rules and the game so far. */
export interface EnginePosition {
  readonly variant: VariantId;
  readonly size: BoardSize;
  readonly tournamentRule: boolean;
  /** The game so far, as points (see src/core/board.ts). */
  readonly moves: readonly Point[];
  /**
   * Renju: the opening's steps so far (the swap windows' choices, branch B's offers, the passes: the game
   * state's `renju`, plain data), replayed with the stones. Absent in the other games.
   */
  readonly renju?: RenjuOpening;
}

export interface EngineRequest extends EnginePosition {
  /** Think time in milliseconds; otherwise the level's, otherwise the engine's default (1000). */
  readonly timeMs?: number;
  /**
   * The engine's side's clock, when the game has one: the move then thinks no longer than its share of
   * what is left (src/ai/timeman.ts), so a computer player never loses on time.
   */
  readonly clock?: ClockBudget;
  readonly depth?: number;
  /** A computer player: its settings, or the id of one of src/core/levels.ts's LEVELS. */
  readonly level?: EngineLevel | string;
  readonly seed?: number;
  /** Echoed in the answer, so the page can tell which position an answer is for. */
  readonly key?: string;
  /**
   * Cooperative stop, where the page is cross-origin isolated: an Int32Array over a SharedArrayBuffer.
   * The search polls element 0 and, once it is non-zero, stops and answers with its best move so far.
   */
  readonly stopFlag?: Int32Array;
  /**
   * Search threads wanted (Lazy SMP: the worker starts `threads - 1` helper workers sharing its table);
   * 1 or absent: the worker searches alone. Honoured only where memory can be shared (a cross-origin
   * isolated page), and at most MAX_THREADS.
   */
  readonly threads?: number;
}

/**
 * A score that says what it is, for the side to move, decided in the worker from the engine's own scale
 * (src/ai/search.ts's WIN and isWinScore), so no page code reads the engine's numbers.
 */
export type EngineScore =
  /**
   * A forced win: `plies` to the end, both sides' moves counted; `moves`, the winner's own moves still to
   * make (1: it wins with its next move), as a player counts them.
   */
  | { readonly kind: 'win'; readonly plies: number; readonly moves: number }
  /** A forced loss, counted as a win is (`moves`: the opponent's moves still to make). */
  | { readonly kind: 'loss'; readonly plies: number; readonly moves: number }
  /** No forced result found: the evaluation, in hundredths of a stone. */
  | { readonly kind: 'eval'; readonly centiStones: number };

/** What the search reports after each completed iteration. */
export interface EngineProgress {
  readonly depth: number;
  readonly move: Point;
  readonly score: EngineScore;
  readonly pv: readonly Point[];
  readonly nodes: number;
  readonly timeMs: number;
}

/** The worker's answer to a move request: plain data, cheap to clone. */
export interface EngineAnswer {
  /** The request's key, unchanged ('' when it had none). */
  readonly key: string;
  /**
   * The point to play; -1 only when there is no move at all (a full board), or in Renju when the answer is
   * a `step` without a stone (offers, a pass).
   */
  readonly move: Point;
  /**
   * Renju only: the opening step the engine takes now, decided by searching (src/ai/renju.ts): a swap
   * window's "swap" or "keep" (then `move` is the stone it would play next, as in D-Pente, to be asked for
   * again), branch B's ten offers, or a pass. Absent when the answer is the stone `move` (white's pick of an
   * offer included). D-Pente's and Swap2's seat choices are read from the score (`seatChoiceForScore`).
   */
  readonly step?: OpeningStep;
  /** From the mover's side. A move from the book or found without searching scores 'eval' 0. */
  readonly score: EngineScore;
  /** The deepest completed iteration (0 for a forced move found without searching). */
  readonly depth: number;
  readonly nodes: number;
  readonly timeMs: number;
  readonly pv: readonly Point[];
  /** The move was the only sensible one (a win now, or the only defence), found without searching. */
  readonly forced: boolean;
  /** How many threads searched: 1, or 1 + the helper workers (absent from answers made before threads). */
  readonly threads?: number;
}

/** An analysis request: a position, the time and how many lines. */
export interface AnalysisRequest extends EnginePosition {
  /** The whole analysis's time, in milliseconds. */
  readonly timeMs: number;
  /** How many of the best moves to give (1–5, default 1). */
  readonly lines?: number;
  /**
   * The deepest iteration each line searches (default: as deep as the time allows): tests set it, with a
   * time too long to matter, so what they check does not depend on how busy the machine is.
   */
  readonly depth?: number;
  readonly key?: string;
  /** As a move request's: the search stops once element 0 is non-zero. */
  readonly stopFlag?: Int32Array;
}

/** One line of an analysis, for the side to move. */
export interface AnalysisLineAnswer {
  readonly move: Point;
  /** What the line is worth to the side to move: a forced win or loss, or an evaluation. */
  readonly score: EngineScore;
  /** The side to move's chance of winning after this move, 0–1 (src/ai/win-chance.ts). */
  readonly winChance: number;
  /** The move, then the expected replies. */
  readonly pv: readonly Point[];
  /** The deepest completed iteration behind the score. */
  readonly depth: number;
}

export interface AnalysisAnswer {
  readonly key: string;
  /** Best first; empty only when there is no move at all. */
  readonly lines: readonly AnalysisLineAnswer[];
  readonly nodes: number;
  readonly timeMs: number;
}

/** A book query: just a position. */
export type BookRequest = EnginePosition;

/** One of the book's moves for a position: plain data for the page's book panel. */
export interface BookMove {
  readonly point: Point;
  /** The move in pente.org notation, e.g. "L9". */
  readonly name: string;
  /** Games in the book that went on with this move. */
  readonly games: number;
  /** The mover's score in those games, 0–1 (a draw counts half). */
  readonly winRate: number;
}

/** The worker's API as the page sees it through Comlink.wrap (every call then returns a Promise). */
export interface EngineWorkerApi {
  /**
   * Answers as soon as the worker's module has loaded: the page's bridge asks it first, so a worker whose
   * script failed to load (which may never say so) is noticed by a deadline.
   */
  ready(): true;
  /**
   * Finds a move for the position after `request.moves`. `onProgress` is a Comlink.proxy from the page;
   * it is called after each completed iteration. `onAlive` (a Comlink.proxy too) is called every
   * HEARTBEAT_MS while the search runs, so the page can tell a live search from a hung one.
   */
  think(request: EngineRequest, onProgress?: (progress: EngineProgress) => void, onAlive?: () => void): EngineAnswer;
  /**
   * Analyses the position after `request.moves` at full strength, without the book. `onProgress` (a
   * Comlink.proxy) gets every line known so far as they are found and deepened; `onAlive`, as for think.
   */
  analyse(
    request: AnalysisRequest,
    onProgress?: (lines: readonly AnalysisLineAnswer[]) => void,
    onAlive?: () => void,
  ): AnalysisAnswer;
  /** Forgets the transposition table (a new game: its entries are only dead weight). */
  newGame(): void;
  /** Gives the engine the packed openings book (public/openings.bin); throws if the bytes are not a book. */
  setBook(bytes: ArrayBuffer): void;
  /**
   * The book's moves for the position after `request.moves`, most played first ([] when the book does not
   * know it); null when the worker has been given no book.
   */
  bookMoves(request: BookRequest): readonly BookMove[] | null;
}

/** The most search threads a request may ask for. */
export const MAX_THREADS = 8;

/**
 * How often a searching worker says it is alive (`onAlive`, from the search's polls of its stop check,
 * every 1024 nodes): the page deems a worker hung after a second without a word past its answer's due time.
 */
export const HEARTBEAT_MS = 250;

/** A thread count as the worker honours it: a whole number from 1 to MAX_THREADS (1 for nonsense). */
export const clampThreads = (threads: number): number =>
  Number.isFinite(threads) ? Math.max(1, Math.min(MAX_THREADS, Math.floor(threads))) : 1;

/**
 * The name of the error thrown for a request the worker cannot answer (bad rules, an illegal move list, a
 * finished game). Comlink carries an Error's name across, so the bridge can tell a bad request from a crash.
 */
export const REQUEST_ERROR_NAME = 'EngineRequestError';

export function requestError(message: string): Error {
  const error = new Error(message);
  error.name = REQUEST_ERROR_NAME;
  return error;
}

export const isRequestError = (error: unknown): boolean => error instanceof Error && error.name === REQUEST_ERROR_NAME;

/** Only the position's fields, with the moves copied: nothing else of the caller's object is cloned across. */
export const wirePosition = (p: EnginePosition): EnginePosition => ({
  variant: p.variant,
  size: p.size,
  tournamentRule: p.tournamentRule,
  moves: [...p.moves],
  ...(p.renju ? { renju: wireRenju(p.renju) } : {}),
});

/** Renju's opening steps, copied field by field (plain arrays of strings and numbers). */
export const wireRenju = (o: RenjuOpening): RenjuOpening => ({
  swaps: [...o.swaps],
  offers: [...o.offers],
  passes: [...o.passes],
});

/** Renju's opening steps in a position's key ('' elsewhere): the same stones after a swap are another position. */
export const renjuKey = (o: RenjuOpening | undefined): string =>
  o ? `/${o.swaps.map((c) => c[0]).join('')}/${o.offers.join('.')}/${o.passes.join('.')}` : '';

/**
 * A move request as it goes to the worker: only the fields it reads, built afresh so nothing else the
 * caller's object holds is cloned across (the page's bridge adds the key, its stop flag and threads).
 */
export function wireMoveRequest(
  request: Omit<EngineRequest, 'key' | 'stopFlag' | 'threads'>,
  key: string,
  stopFlag: Int32Array | undefined,
  threads: number,
): EngineRequest {
  const { timeMs, clock, depth, level, seed } = request;
  return {
    ...wirePosition(request),
    key,
    ...(timeMs === undefined ? {} : { timeMs }),
    ...(clock === undefined ? {} : { clock: { remainingMs: clock.remainingMs, incrementMs: clock.incrementMs } }),
    ...(depth === undefined ? {} : { depth }),
    ...(level === undefined ? {} : { level: typeof level === 'string' ? level : { ...level } }),
    ...(seed === undefined ? {} : { seed }),
    ...(stopFlag ? { stopFlag } : {}),
    ...(threads > 1 ? { threads } : {}),
  };
}

/** An analysis request as it goes to the worker (as wireMoveRequest). */
export function wireAnalysisRequest(
  request: Omit<AnalysisRequest, 'key' | 'stopFlag'>,
  key: string,
  stopFlag: Int32Array | undefined,
): AnalysisRequest {
  const { timeMs, lines, depth } = request;
  return {
    ...wirePosition(request),
    timeMs,
    key,
    ...(lines === undefined ? {} : { lines }),
    ...(depth === undefined ? {} : { depth }),
    ...(stopFlag ? { stopFlag } : {}),
  };
}

/** Whether a request's clock can be planned with: finite times of 0 or more. The worker refuses any other. */
export const isSaneClock = ({ remainingMs, incrementMs }: ClockBudget): boolean =>
  Number.isFinite(remainingMs) && remainingMs >= 0 && Number.isFinite(incrementMs) && incrementMs >= 0;

/** The engine's think time when a request names neither a time nor a level (src/ai/engine.ts). */
export const ENGINE_DEFAULT_TIME_MS = 1000;

/**
 * How long a move request may search at most: the request's time, else its level's, else the engine's
 * default; shortened by the clock as the engine shortens it (src/ai/timeman.ts), so the page's hang
 * deadline and the worker's search agree. What the worker refuses (an unknown level id, a clock that is
 * not sane) counts as absent: the refusal comes at once, whatever the deadline.
 */
export function thinkTime(request: Pick<EngineRequest, 'timeMs' | 'level' | 'clock'>): MoveTime {
  const { timeMs, level, clock } = request;
  const levelTimeMs = typeof level === 'string' ? levelById(level)?.timeMs : level?.timeMs;
  return moveTime(timeMs ?? levelTimeMs ?? ENGINE_DEFAULT_TIME_MS, clock && isSaneClock(clock) ? clock : undefined);
}
