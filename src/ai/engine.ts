/**
 * The engine's entry point for the worker and for Node tools: give it a game state and limits, get a move.
 * One Engine keeps its transposition table between moves of a game.
 */
import { type EngineLevel, type GameState, illegality, levelById } from '../core';
import type { BookCandidate, OpeningBook } from './book/book';
import { urgency } from './book/urgent';
import { noiseFor } from './levels';
import { Position } from './position';
import { DEFAULT_SETTINGS, type SearchProgress, type SearchResult, type SearchSettings, Searcher } from './search';
import { type HelperChannel, LazySmp, combine } from './smp';
import { TranspositionTable, tableBytes } from './tt';

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
   * Benchmarks only, with helper threads: every thread searches at the same pace (smp.ts `lockstep`), as on
   * equal idle cores, so the main search's nodes measure the time to a depth on a busy machine.
   */
  readonly lockstep?: boolean;
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

export interface EngineOptions {
  /**
   * Keep the transposition table in a SharedArrayBuffer, so helper threads can share it (`setHelpers`).
   * Needs shared memory (smp.ts `canShareMemory`).
   */
  readonly sharedTable?: boolean;
}

export class Engine {
  private readonly tt: TranspositionTable;
  private readonly tableBits: number;
  private smp: LazySmp | null = null;

  constructor(tableBits = 20, options: EngineOptions = {}) {
    this.tableBits = tableBits;
    this.tt = new TranspositionTable(
      tableBits,
      options.sharedTable ? new SharedArrayBuffer(tableBytes(tableBits)) : undefined,
    );
  }

  /**
   * Searches with these helper threads too (Lazy SMP, smp.ts), or alone (none, or an empty list). Each
   * channel is told the table and its number at once. Without a shared table there are no helpers: the
   * engine searches alone, as before.
   */
  setHelpers(channels: readonly HelperChannel[] | null): void {
    const shared = this.tt.buffer instanceof SharedArrayBuffer;
    this.smp = channels?.length && shared ? new LazySmp(this.tt, this.tableBits, channels) : null;
  }

  /** How many threads search: 1 + the helpers. */
  get threads(): number {
    return 1 + (this.smp?.helpers ?? 0);
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
    const settings: SearchSettings = {
      ...DEFAULT_SETTINGS,
      ...(level ? { vision: level.vision / 100, noise: noiseFor(level.judgement) } : {}),
      seed,
      ...options.settings,
    };
    const timeMs = options.timeMs ?? level?.timeMs ?? 1000;
    const depth = Math.min(options.depth ?? level?.depth ?? 64, 64);
    const searcher = new Searcher(Position.fromState(state), settings, this.tt);
    const limits = {
      depth,
      hardMs: timeMs,
      softMs: timeMs,
      ...(options.nodes ? { nodes: options.nodes } : {}),
      ...(options.shouldStop ? { shouldStop: options.shouldStop } : {}),
      ...(options.fixedTime ? { fixedTime: true } : {}),
    };
    const smp = this.smp;
    if (!smp) return searcher.run(limits, options.onProgress);

    // Lazy SMP: the helpers search the same root with the same table age, and stop when this search does.
    this.tt.newSearch();
    const { variant, size, tournamentRule } = state.rules;
    const search = smp.start({
      rules: { variant: variant.id, size, tournamentRule },
      moves: [...state.moves],
      settings,
      depth,
      hardMs: timeMs,
      age: this.tt.age,
      ...(options.lockstep ? { lockstep: true } : {}),
    });
    const stop = options.shouldStop;
    try {
      const result = searcher.run(
        // A helper that completed the deepest iteration asked for ends the search too.
        {
          ...limits,
          keepTableAge: true,
          shouldStop: () => {
            if (options.lockstep) smp.keepPace(search);
            return stop?.() === true || smp.deepest(search) >= depth;
          },
        },
        options.onProgress,
      );
      smp.stop(search);
      return combine(result, smp.results(search));
    } finally {
      smp.stop(search);
    }
  }

  /** How many helper threads are searching now (tests: all stop when the search does). */
  get busyHelpers(): number {
    return this.smp?.busy() ?? 0;
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
