/**
 * The engine's entry point for the worker and for Node tools: give it a game state and limits, get a move.
 * One Engine keeps its transposition table between moves of a game.
 */
import { type EngineLevel, type GameState, type Point, illegality, levelById, play } from '../core';
import type { BookCandidate, OpeningBook } from './book/book';
import { Position } from './position';
import { type SearchProgress, type SearchResult, Searcher, WIN, isWinScore } from './search';
import { DEFAULT_SETTINGS, type SearchSettings } from './search-settings';
import { levelSettings, noiseFor, overlookedThreatMove } from './skill';
import { urgency } from './threats';
import { type HelperChannel, LazySmp, combine } from './smp';
import { type ClockBudget, moveTime } from './timeman';
import { TranspositionTable, tableBytes } from './tt';
import { Connect6Position } from './connect6/position';
import { Connect6Searcher } from './connect6/search';
import { type RenjuDecision, type SearchFn, renjuDecision, renjuStone } from './renju';

export interface ThinkOptions {
  /** Think time in milliseconds: the most a move may take (otherwise the level's, otherwise 1000). */
  readonly timeMs?: number;
  /**
   * The engine's side's clock, when the game has one: the move then thinks no longer than its share of the
   * time left (timeman.ts), so a computer player never loses on time.
   */
  readonly clock?: ClockBudget;
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

/** One of an analysis's lines: a move, its score for the side to move, and the line it starts. */
export interface AnalysisLine {
  readonly move: Point;
  /** Centi-stones for the side to move (see search.ts: near ±WIN is a forced win or loss). */
  readonly score: number;
  /** The move first, then the expected replies. */
  readonly pv: readonly Point[];
  /** The deepest completed iteration behind the score. */
  readonly depth: number;
}

export interface AnalysisOptions {
  /** The whole analysis's time, shared out among its lines (the best line gets half when there are more). */
  readonly timeMs: number;
  /** How many of the best moves to score, each with its line (1 to 5; fewer when there are fewer moves). */
  readonly lines?: number;
  /**
   * The deepest iteration each line searches (default: as deep as the time allows). Tests set it, with a
   * time too long to matter, so what they check does not depend on how busy the machine is.
   */
  readonly depth?: number;
  readonly shouldStop?: () => boolean;
  /** Called as lines are found and deepened, with every line known so far, best first. */
  readonly onProgress?: (lines: readonly AnalysisLine[]) => void;
}

export interface Analysis {
  /** Best first. Empty only when the side to move has no move at all (a full board). */
  readonly lines: readonly AnalysisLine[];
  readonly nodes: number;
  readonly timeMs: number;
}

/** Lines best first (a copy). */
const byScore = (lines: readonly AnalysisLine[]): AnalysisLine[] => [...lines].sort((a, b) => b.score - a.score);

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
    if (state.rules.variant.twoStoneTurns) return this.thinkConnect6(state, options, level, seed);
    if (state.rules.variant.renju) return renjuStone(this.renjuSearch, state, options);
    return this.searchState(state, options, level, seed);
  }

  /**
   * Renju: what the engine does where the opening's step is due (a swap window's choice, black's branch
   * with its ten offers, white's pick, a pass) or a stone, decided by searching (renju.ts). `think` in a
   * Renju game answers the stone (after the due seat choice, as in D-Pente), never the other steps.
   */
  decideRenju(state: GameState, options: ThinkOptions = {}): RenjuDecision {
    if (state.result) throw new Error('The game is over: there is no move to find.');
    if (!state.rules.variant.renju) throw new Error('Not a Renju game.');
    return renjuDecision(this.renjuSearch, state, options);
  }

  /** Renju's searches: alone (no helpers: they replay moves without the opening's steps) and without the book. */
  private readonly renjuSearch: SearchFn = (state, options) => {
    const level = typeof options.level === 'string' ? levelById(options.level) : options.level;
    return this.searchState(state, { ...options, book: false }, level, options.seed ?? 0);
  };

  /** The search of the games with one stone a turn (the book first, when it has the position). */
  private searchState(
    state: GameState,
    options: ThinkOptions,
    level: EngineLevel | undefined,
    seed: number,
  ): ThinkResult {
    const fromBook = this.bookMove(state, level, options);
    if (fromBook) return fromBook;
    const timeMs = options.timeMs ?? level?.timeMs ?? 1000;
    const depth = Math.min(options.depth ?? level?.depth ?? 64, 64);
    const settings: SearchSettings = {
      ...DEFAULT_SETTINGS,
      ...(level ? levelSettings(level, depth) : {}),
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
    const { softMs, hardMs } = moveTime(timeMs, options.clock);
    const limits = {
      depth,
      hardMs,
      softMs,
      ...(options.nodes ? { nodes: options.nodes } : {}),
      ...(options.shouldStop ? { shouldStop: options.shouldStop } : {}),
      ...(options.fixedTime ? { fixedTime: true } : {}),
    };
    const smp = state.rules.variant.renju ? null : this.smp;
    if (!smp) return searcher.run(limits, options.onProgress);

    // Lazy SMP: the helpers search the same root with the same table age, and stop when this search does.
    this.tt.newSearch();
    const { variant, size, tournamentRule } = state.rules;
    const search = smp.start({
      rules: { variant: variant.id, size, tournamentRule },
      moves: [...state.moves],
      settings,
      depth,
      hardMs,
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

  /**
   * Connect6: its own search (connect6/search.ts), one stone a ply, alone (no helpers, no book). A level's
   * depth counts turns, so it searches twice as many stones; its vision and judgement work as in the other
   * games (the root's candidates it sees, the evaluation noise).
   */
  private thinkConnect6(state: GameState, options: ThinkOptions, level: EngineLevel | undefined, seed: number) {
    const timeMs = options.timeMs ?? level?.timeMs ?? 1000;
    const depth = Math.min(options.depth ?? 2 * (level?.depth ?? 32), 64);
    const { hardMs } = moveTime(timeMs, options.clock);
    this.tt.newSearch();
    const searcher = new Connect6Searcher(Connect6Position.fromState(state), this.tt);
    return searcher.run(
      {
        depth,
        hardMs,
        seed,
        noise: level ? noiseFor(level.judgement) : 0,
        vision: level ? level.vision / 100 : 1,
        ...(options.nodes ? { nodes: options.nodes } : {}),
        ...(options.shouldStop ? { shouldStop: options.shouldStop } : {}),
      },
      options.onProgress,
    );
  }

  /** Connect6's analysis: its search's best line (one line for now, whatever `lines` asks). */
  private analyseConnect6(state: GameState, options: AnalysisOptions): Analysis {
    this.tt.newSearch();
    const searcher = new Connect6Searcher(Connect6Position.fromState(state), this.tt);
    const found = searcher.run(
      {
        depth: Math.min(options.depth ?? 64, 64),
        hardMs: options.timeMs,
        ...(options.shouldStop ? { shouldStop: options.shouldStop } : {}),
      },
      (p) => options.onProgress?.([{ move: p.move, score: p.score, pv: p.pv, depth: p.depth }]),
    );
    const lines = found.move < 0 ? [] : [{ move: found.move, score: found.score, pv: found.pv, depth: found.depth }];
    return { lines, nodes: found.nodes, timeMs: found.timeMs };
  }

  /** How many helper threads are searching now (tests: all stop when the search does). */
  get busyHelpers(): number {
    return this.smp?.busy() ?? 0;
  }

  /**
   * Analyses a position at full strength without the book: its best moves, each scored by a search of
   * its own (the k-th line is the best line once the first k − 1 moves are excluded, so every score is
   * exact, not a bound) and sharing the table, so later lines reuse the first one's work.
   */
  analyse(state: GameState, options: AnalysisOptions): Analysis {
    if (state.result) throw new Error('The game is over: there is nothing to analyse.');
    if (state.rules.variant.twoStoneTurns) return this.analyseConnect6(state, options);
    const start = performance.now();
    const wanted = Math.max(1, Math.min(5, options.lines ?? 1));
    const deadline = start + options.timeMs;
    const lines: AnalysisLine[] = [];
    let nodes = 0;
    const stop = options.shouldStop;
    for (let k = 0; k < wanted; k++) {
      const left = deadline - performance.now();
      if (k > 0 && (left <= 0 || stop?.())) break;
      // The best line gets half the time (all of it alone); the others share the rest.
      const budget = wanted === 1 ? left : k === 0 ? options.timeMs / 2 : left / (wanted - k);
      const exclude = lines.map((l) => l.move);
      const line = this.analyseLine(state, Math.max(1, budget), options.depth ?? 64, exclude, stop, (partial) =>
        options.onProgress?.(byScore([...lines, partial])),
      );
      nodes += line.nodes;
      if (!line.line) break;
      lines.push(line.line);
      options.onProgress?.(byScore(lines));
    }
    return { lines: byScore(lines), nodes, timeMs: performance.now() - start };
  }

  /** The best line among the moves not excluded (null when none is left). */
  private analyseLine(
    state: GameState,
    timeMs: number,
    depth: number,
    exclude: readonly Point[],
    shouldStop: (() => boolean) | undefined,
    onLine: (line: AnalysisLine) => void,
  ): { line: AnalysisLine | null; nodes: number } {
    const searcher = new Searcher(Position.fromState(state), DEFAULT_SETTINGS, this.tt);
    const found = searcher.run(
      { depth, hardMs: timeMs, softMs: timeMs, exclude, ...(shouldStop ? { shouldStop } : {}) },
      (p) => onLine({ move: p.move, score: p.score, pv: p.pv, depth: p.depth }),
    );
    if (found.move < 0) return { line: null, nodes: found.nodes };
    if (!found.forced || found.depth > 0) {
      return { line: { move: found.move, score: found.score, pv: found.pv, depth: found.depth }, nodes: found.nodes };
    }
    // The only sensible move (or a win now) was found without a search: score it by searching the reply.
    const next = play(state, found.move);
    if (!next.ok) return { line: null, nodes: found.nodes };
    if (next.value.result) {
      const won = next.value.result.winner === state.toMove;
      const score = next.value.result.winner === null ? 0 : won ? WIN - 1 : -(WIN - 1);
      return { line: { move: found.move, score, pv: [found.move], depth: 1 }, nodes: found.nodes };
    }
    const reply = new Searcher(Position.fromState(next.value), DEFAULT_SETTINGS, this.tt).run(
      { depth: Math.max(1, depth - 1), hardMs: timeMs, softMs: timeMs, ...(shouldStop ? { shouldStop } : {}) },
      (p) => onLine({ move: found.move, score: -p.score, pv: [found.move, ...p.pv], depth: p.depth + 1 }),
    );
    // A win or loss found one ply further on is one ply further away from here.
    const score = isWinScore(reply.score) ? -reply.score + (reply.score > 0 ? 1 : -1) : -reply.score;
    return {
      line: { move: found.move, score, pv: [found.move, ...reply.pv.filter((p) => p >= 0)], depth: reply.depth + 1 },
      nodes: found.nodes + reply.nodes,
    };
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
