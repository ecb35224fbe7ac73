/**
 * The engine's entry point for the worker and for Node tools: give it a game state and limits, get a move.
 * One Engine keeps its transposition table between moves of a game.
 */
import { type EngineLevel, type GameState, illegality, levelById } from '../core';
import type { BookCandidate, OpeningBook } from './book/book';
import { urgency } from './book/urgent';
import { noiseFor } from './levels';
import { overlookedThreatMove } from './overlook';
import { Position } from './position';
import { DEFAULT_SETTINGS, type SearchProgress, type SearchResult, type SearchSettings, Searcher } from './search';
import { TranspositionTable } from './tt';

export interface ThinkOptions {
  /** Think time in milliseconds (the hard limit; the soft target is the same unless set). */
  readonly timeMs?: number;
  readonly depth?: number;
  /** A node limit, for reproducible searches. */
  readonly nodes?: number;
  readonly level?: EngineLevel | string;
  readonly seed?: number;
  /** Settings to override (for experiments and self-play matches). */
  readonly settings?: Partial<SearchSettings>;
  readonly onProgress?: (p: SearchProgress) => void;
  /**
   * Polled every 1024 nodes: true stops the search as its time limit would (it answers with the best move
   * so far). The worker passes a check of a shared stop flag, so the page can stop a search cooperatively.
   */
  readonly shouldStop?: () => boolean;
  /** Use the whole think time, with no early stop (benchmarks: see SearchLimits.fixedTime). */
  readonly fixedTime?: boolean;
  /**
   * Play from the openings book (set with `Engine.setBook`) when it has the position: by default the level's
   * `book` flag, and true without a level. A forced move (a win now, or stopping the opponent's win next
   * move) always overrides the book.
   */
  readonly book?: boolean;
}

/** The search's answer, or the book's: then `book` holds the move's statistics (and depth and nodes are 0). */
export interface ThinkResult extends SearchResult {
  readonly book?: BookCandidate;
}

export class Engine {
  private readonly tt: TranspositionTable;

  constructor(tableBits = 20) {
    this.tt = new TranspositionTable(tableBits);
  }

  newGame(): void {
    this.tt.clear();
  }

  think(state: GameState, options: ThinkOptions = {}): ThinkResult {
    if (state.result) throw new Error('The game is over: there is no move to find.');
    const level = typeof options.level === 'string' ? levelById(options.level) : options.level;
    if (typeof options.level === 'string' && !level) throw new Error(`Unknown level "${options.level}".`);
    const seed = options.seed ?? 0;
    const fromBook = this.bookMove(state, level, options);
    if (fromBook) return fromBook;
    const timeMs = options.timeMs ?? level?.timeMs ?? 1000;
    const depth = Math.min(options.depth ?? level?.depth ?? 64, 64);
    const settings: SearchSettings = {
      ...DEFAULT_SETTINGS,
      ...(level ? { vision: level.vision / 100, noise: noiseFor(level.judgement) } : {}),
      // A level of depth 1 looks at the position after its own move and no further: no quiescence, so no
      // reply to a threat and no victory by continuous fours is seen beyond it (a child's first games; it
      // may also overlook a threat to win: see overlook.ts).
      ...(level && depth <= 1 ? { useQuiescence: false } : {}),
      seed,
      ...options.settings,
    };
    if (level && depth <= 1) {
      const start = performance.now();
      const noise = noiseFor(level.judgement);
      const move = overlookedThreatMove(state, { vision: level.vision, noise }, seed, settings.weights);
      if (move !== null) {
        const timeMs = performance.now() - start;
        return { move, score: 0, depth: 1, pv: [move], nodes: 0, timeMs, forced: false, ttHitRate: 0 };
      }
    }
    const searcher = new Searcher(Position.fromState(state), settings, this.tt);
    return searcher.run(
      {
        depth,
        hardMs: timeMs,
        softMs: timeMs,
        ...(options.nodes ? { nodes: options.nodes } : {}),
        ...(options.shouldStop ? { shouldStop: options.shouldStop } : {}),
        ...(options.fixedTime ? { fixedTime: true } : {}),
      },
      options.onProgress,
    );
  }

  // --- The openings book (src/ai/book) ------------------------------------------------------------------

  private book: OpeningBook | null = null;

  /** Sets the openings book that `think` consults first (null: none). */
  setBook(book: OpeningBook | null): void {
    this.book = book;
  }

  /** The book's move, when there is a book, the level and options allow it, and no move is forced. */
  private bookMove(state: GameState, level: EngineLevel | undefined, options: ThinkOptions): ThinkResult | null {
    if (!this.book || !(options.book ?? level?.book ?? true)) return null;
    const start = performance.now();
    if (urgency(state) !== null) return null;
    const strength = level ? level.judgement / 100 : 1;
    const chosen = this.book.choose(state, { seed: options.seed ?? 0, strength });
    if (!chosen || illegality(state, chosen.point)) return null;
    const timeMs = performance.now() - start;
    const move = chosen.point;
    return { move, score: 0, depth: 0, pv: [move], nodes: 0, timeMs, forced: false, ttHitRate: 0, book: chosen };
  }
}
