/**
 * The engine's module Web Worker, exposed with Comlink. The page talks to it only through
 * src/ui/engine/bridge.ts, which owns its life (lazy start, one job at a time, terminate on abort or hang).
 *
 * A request carries the rules and the move list, never a GameState: a state's parent chain holds every
 * earlier position, which would be cloned across for nothing. The worker rebuilds the game with `replay`.
 */
import * as Comlink from 'comlink';
import {
  type BoardSize,
  type EngineLevel,
  type Point,
  type VariantId,
  isBoardSize,
  isVariantId,
  levelById,
  replay,
} from '../core';
import { OpeningBook, bookMovesFor } from '../ai/book/book';
import { type AnalysisLine, Engine } from '../ai/engine';
import { movesToForcedWin, winChance } from '../ai/win-chance';
import type { SearchProgress } from '../ai/search';

export interface EngineRequest {
  readonly variant: VariantId;
  readonly size: BoardSize;
  readonly tournamentRule: boolean;
  /** The game so far, as points (see src/core/board.ts). */
  readonly moves: readonly Point[];
  /** Think time in milliseconds; otherwise the level's, otherwise the engine's default (1000). */
  readonly timeMs?: number;
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
}

/** What the search reports after each completed iteration. */
export type EngineProgress = SearchProgress;

/** The worker's answer: plain data, cheap to clone. */
export interface EngineAnswer {
  /** The request's key, unchanged ('' when it had none). */
  readonly key: string;
  /** The point to play; -1 only when there is no move at all (a full board). */
  readonly move: Point;
  /** Centi-stones from the mover's side; near ±1,000,000 is a forced win or loss. */
  readonly score: number;
  /** The deepest completed iteration (0 for a forced move found without searching). */
  readonly depth: number;
  readonly nodes: number;
  readonly timeMs: number;
  readonly pv: readonly Point[];
  /** The move was the only sensible one (a win now, or the only defence), found without searching. */
  readonly forced: boolean;
}

/** An analysis request: a position, given like a move request's, the time and how many lines. */
export interface AnalysisRequest {
  readonly variant: VariantId;
  readonly size: BoardSize;
  readonly tournamentRule: boolean;
  readonly moves: readonly Point[];
  /** The whole analysis's time, in milliseconds. */
  readonly timeMs: number;
  /** How many of the best moves to give (1–5, default 1). */
  readonly lines?: number;
  readonly key?: string;
  /** As a move request's: the search stops once element 0 is non-zero. */
  readonly stopFlag?: Int32Array;
}

/** One line of an analysis, for the side to move. */
export interface AnalysisLineAnswer {
  readonly move: Point;
  /** Centi-stones (for the engine line display). */
  readonly score: number;
  /** The side to move's chance of winning after this move, 0–1 (src/ai/win-chance.ts). */
  readonly winChance: number;
  /**
   * A forced result: how many moves the winner still makes (positive, the side to move wins; negative, it
   * loses); null when the search has found none.
   */
  readonly forcedWin: number | null;
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

/** A book query: a position, given like a move request's. */
export interface BookRequest {
  readonly variant: VariantId;
  readonly size: BoardSize;
  readonly tournamentRule: boolean;
  readonly moves: readonly Point[];
}

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

/**
 * The name of the error thrown for a request the worker cannot answer (bad rules, an illegal move list, a
 * finished game). The bridge keeps its own copy, tied to this one by type: it may import only types here.
 */
export const REQUEST_ERROR_NAME = 'EngineRequestError';

/** The worker's API as the page sees it through Comlink.wrap (every call then returns a Promise). */
export interface EngineWorkerApi {
  /**
   * Answers as soon as the worker's module has loaded: the page's bridge asks it first, so a worker whose
   * script failed to load (which may never say so) is noticed by a deadline.
   */
  ready(): true;
  /**
   * Finds a move for the position after `request.moves`. `onProgress` is a Comlink.proxy from the page;
   * it is called after each completed iteration.
   */
  think(request: EngineRequest, onProgress?: (progress: EngineProgress) => void): EngineAnswer;
  /**
   * Analyses the position after `request.moves` at full strength, without the book. `onProgress` (a
   * Comlink.proxy) gets every line known so far as they are found and deepened.
   */
  analyse(request: AnalysisRequest, onProgress?: (lines: readonly AnalysisLineAnswer[]) => void): AnalysisAnswer;
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

function requestError(message: string): Error {
  const error = new Error(message);
  // Comlink carries an Error's name across, so the bridge can tell a bad request from a crash.
  error.name = REQUEST_ERROR_NAME;
  return error;
}

/** A Comlink proxy's release, if the callback is one: it closes the message channel behind it. */
function releaseCallback(callback: unknown): void {
  const release = (callback as Partial<Comlink.ProxyMethods> | undefined)?.[Comlink.releaseProxy];
  release?.();
}

/** An analysis line as the page gets it: plain data, with the win chance worked out here. */
const lineAnswer = (line: AnalysisLine): AnalysisLineAnswer => ({
  move: line.move,
  score: line.score,
  winChance: winChance(line.score),
  forcedWin: movesToForcedWin(line.score),
  pv: [...line.pv],
  depth: line.depth,
});

// One engine for the worker's life: its transposition table carries over from move to move.
const engine = new Engine();
/** The book the engine was given, kept for book queries too. */
let book: OpeningBook | null = null;

/** Rebuilds the game a request describes, or throws a request error (the page's bug, not the engine's). */
function replayRequest(request: BookRequest) {
  const { variant, size, tournamentRule, moves } = request;
  if (!isVariantId(variant)) throw requestError(`Unknown variant "${String(variant)}".`);
  if (!isBoardSize(size)) throw requestError(`Unsupported board size ${String(size)}.`);
  const game = replay({ variant, size, tournamentRule }, moves);
  if (!game.ok) throw requestError(`Move ${game.error.ply + 1} is illegal: ${game.error.illegal.message}`);
  return game.value;
}

const api: EngineWorkerApi = {
  think(request, onProgress) {
    try {
      const { level } = request;
      if (typeof level === 'string' && !levelById(level)) throw requestError(`Unknown level "${level}".`);
      const state = replayRequest(request);
      if (state.result) throw requestError('The game is over: there is no move to find.');

      const stopFlag = request.stopFlag;
      const result = engine.think(state, {
        ...(request.timeMs === undefined ? {} : { timeMs: request.timeMs }),
        ...(request.depth === undefined ? {} : { depth: request.depth }),
        ...(level === undefined ? {} : { level }),
        ...(request.seed === undefined ? {} : { seed: request.seed }),
        ...(stopFlag ? { shouldStop: () => Atomics.load(stopFlag, 0) !== 0 } : {}),
        ...(onProgress
          ? {
              onProgress: (p: SearchProgress) => {
                // Through Comlink this returns a promise that settles only once the search has ended and
                // the worker reads its messages again; a throwing page callback must not become an
                // unhandled rejection here.
                const delivered: unknown = onProgress({
                  depth: p.depth,
                  move: p.move,
                  score: p.score,
                  pv: p.pv,
                  nodes: p.nodes,
                  timeMs: p.timeMs,
                });
                if (delivered instanceof Promise) delivered.catch(() => undefined);
              },
            }
          : {}),
      });
      return {
        key: request.key ?? '',
        move: result.move,
        score: result.score,
        depth: result.depth,
        nodes: result.nodes,
        timeMs: result.timeMs,
        pv: result.pv,
        forced: result.forced,
      };
    } finally {
      releaseCallback(onProgress);
    }
  },
  analyse(request, onProgress) {
    try {
      const state = replayRequest(request);
      if (state.result) throw requestError('The game is over: there is nothing to analyse.');
      if (!(request.timeMs > 0)) throw requestError('An analysis needs a time.');
      const stopFlag = request.stopFlag;
      const found = engine.analyse(state, {
        timeMs: request.timeMs,
        ...(request.lines === undefined ? {} : { lines: request.lines }),
        ...(stopFlag ? { shouldStop: () => Atomics.load(stopFlag, 0) !== 0 } : {}),
        ...(onProgress
          ? {
              onProgress: (lines: readonly AnalysisLine[]) => {
                const delivered: unknown = onProgress(lines.map(lineAnswer));
                if (delivered instanceof Promise) delivered.catch(() => undefined);
              },
            }
          : {}),
      });
      return { key: request.key ?? '', lines: found.lines.map(lineAnswer), nodes: found.nodes, timeMs: found.timeMs };
    } finally {
      releaseCallback(onProgress);
    }
  },
  ready() {
    return true;
  },
  newGame() {
    engine.newGame();
  },
  setBook(bytes) {
    book = new OpeningBook(new Uint8Array(bytes));
    engine.setBook(book);
  },
  bookMoves(request) {
    const state = replayRequest(request);
    if (!book) return null;
    return bookMovesFor(book, state).map(({ point, name, games, winRate }) => ({ point, name, games, winRate }));
  },
};

/**
 * The worker's global scope, typed only as the message endpoint Comlink needs: this file is also read
 * (for its types) by the page's DOM-typed build through the bridge, where `self` is a Window, so naming
 * DedicatedWorkerGlobalScope here would not compile there.
 */
declare const self: Comlink.Endpoint;

Comlink.expose(api, self);
