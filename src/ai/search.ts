/**
 * Iterative-deepening principal-variation search with aspiration windows, a transposition table, killer
 * and history heuristics, a gnubg-style move filter that narrows as the search deepens, and a
 * quiescence search on fours and win threats so forced wins and losses past the horizon are seen.
 *
 * Make/unmake on the Position's typed arrays; per-ply buffers are allocated once, so the hot loop
 * allocates nothing.
 */
import { type GenInfo, MoveGen, WIN_NOW } from './movegen';
import { evaluate } from './evaluate';
import { MAX_SEARCH_PLY, type Position } from './position';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from './tt';
import { DEFAULT_WEIGHTS, type Weights } from './weights';

/** A win in n plies scores WIN - n, so faster wins and slower losses are preferred. */
export const WIN = 1_000_000;
const WIN_BOUND = WIN - 2 * MAX_SEARCH_PLY;
const INFINITY = WIN + 1;
const MAX_QUIESCENCE = 10;
/** Promotion bits above every priority (priorities stay below 2^27). */
const PROMOTE_TT = 1 << 30;
const PROMOTE_KILLER_1 = 1 << 29;
const PROMOTE_KILLER_2 = 1 << 28;
const PRIORITY_MASK = (1 << 28) - 1;
const QUIESCENCE_WIDTH = 5;

export const isWinScore = (score: number): boolean => Math.abs(score) >= WIN_BOUND;

/** How many moves to search at a given remaining depth: the best `keep`, plus `extra` within `margin`. */
export interface FilterWidth {
  readonly keep: number;
  readonly extra: number;
  /** An extra move is searched only if its priority is at least this fraction of the best move's. */
  readonly margin: number;
}

export interface SearchSettings {
  readonly weights: Weights;
  /**
   * Filter widths by distance from the root: [ply 1, ply 2, …], the last applying beyond. The tree
   * narrows as it deepens (as gnubg's move filters do): near the root a mistake in the filter costs most.
   */
  readonly widths: readonly FilterWidth[];
  /** Share of candidate moves the player sees (1 = all); forced moves are always seen. */
  readonly vision: number;
  /** Evaluation noise in centi-stones (0 = exact judgement). */
  readonly noise: number;
  readonly seed: number;
  readonly useTable: boolean;
  readonly useKillers: boolean;
  readonly useHistory: boolean;
  readonly useQuiescence: boolean;
  /** Late-move reductions for quiet moves far down the list. */
  readonly useReductions: boolean;
  /** Null-move pruning: if passing still holds beta at reduced depth, the node is cut. */
  readonly useNullMove: boolean;
}

export const DEFAULT_SETTINGS: SearchSettings = {
  weights: DEFAULT_WEIGHTS,
  widths: [
    { keep: 12, extra: 4, margin: 0.5 },
    { keep: 10, extra: 3, margin: 0.5 },
    { keep: 8, extra: 3, margin: 0.5 },
    { keep: 7, extra: 2, margin: 0.5 },
    { keep: 6, extra: 2, margin: 0.5 },
    { keep: 5, extra: 2, margin: 0.5 },
  ],
  vision: 1,
  noise: 0,
  seed: 0,
  useTable: true,
  useKillers: true,
  useHistory: true,
  useQuiescence: true,
  useReductions: true,
  useNullMove: true,
};

export interface SearchLimits {
  /** Deepest nominal depth. */
  readonly depth: number;
  /** Hard limit: the search stops within a few milliseconds of it. */
  readonly hardMs: number;
  /** Soft target: no new iteration starts once most of it is spent. */
  readonly softMs: number;
  /** Node limit, for reproducible searches. */
  readonly nodes?: number;
  /** Polled with the clock (every 1024 nodes): true stops the search as the hard limit would. */
  readonly shouldStop?: () => boolean;
}

export interface SearchProgress {
  readonly depth: number;
  readonly move: number;
  readonly score: number;
  readonly pv: readonly number[];
  readonly nodes: number;
  readonly timeMs: number;
}

export interface SearchResult extends SearchProgress {
  /** The move was the only sensible one (a win now, or the only defence), found without searching. */
  readonly forced: boolean;
  readonly ttHitRate: number;
}

const mix = (a: number): number => {
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
  return (a ^ (a >>> 16)) >>> 0;
};

export class Searcher {
  readonly pos: Position;
  readonly tt: TranspositionTable;
  settings: SearchSettings;
  private readonly gen: MoveGen;
  private readonly moves: Int16Array;
  private readonly scores: Int32Array;
  private readonly killers: Int16Array;
  private readonly history: Int32Array;
  private readonly pv: Int16Array;
  private readonly pvLength: Int32Array;
  private readonly info: GenInfo = { forced: false, best: 0 };
  private stopped = false;
  private deadline = 0;
  private nodeLimit = Infinity;
  private shouldStop: (() => boolean) | undefined = undefined;
  private startPly = 0;

  constructor(pos: Position, settings: SearchSettings = DEFAULT_SETTINGS, tt = new TranspositionTable()) {
    this.pos = pos;
    this.settings = settings;
    this.tt = tt;
    this.gen = new MoveGen(pos);
    const n = pos.points;
    this.moves = new Int16Array((MAX_SEARCH_PLY + 2) * n);
    this.scores = new Int32Array((MAX_SEARCH_PLY + 2) * n);
    this.killers = new Int16Array((MAX_SEARCH_PLY + 2) * 2).fill(-1);
    this.history = new Int32Array(3 * n);
    this.pv = new Int16Array((MAX_SEARCH_PLY + 2) * (MAX_SEARCH_PLY + 2));
    this.pvLength = new Int32Array(MAX_SEARCH_PLY + 2);
  }

  /** Searches the position for the side to move and returns the best move found. */
  run(limits: SearchLimits, onProgress?: (p: SearchProgress) => void): SearchResult {
    const pos = this.pos;
    const start = performance.now();
    this.deadline = start + limits.hardMs;
    this.nodeLimit = limits.nodes ?? Infinity;
    this.shouldStop = limits.shouldStop;
    this.stopped = false;
    this.startPly = pos.ply;
    pos.nodes = 0;
    this.tt.newSearch();
    this.killers.fill(-1);
    for (let i = 0; i < this.history.length; i++) this.history[i] = this.history[i]! >> 2;

    const rootCount = this.gen.generate(this.moves, this.scores, 0, this.info, this.history);
    MoveGen.sort(this.moves, this.scores, 0, rootCount);
    const result = (
      move: number,
      score: number,
      depth: number,
      pv: readonly number[],
      forced: boolean,
    ): SearchResult => ({
      move,
      score,
      depth,
      pv,
      forced,
      nodes: pos.nodes,
      timeMs: performance.now() - start,
      ttHitRate: this.tt.probes ? this.tt.hits / this.tt.probes : 0,
    });
    if (rootCount === 0) return result(-1, 0, 0, [], true);
    if (this.scores[0] === WIN_NOW) return result(this.moves[0]!, WIN - 1, 1, [this.moves[0]!], true);
    const rootMoves = Array.from(this.moves.subarray(0, rootCount));
    const rootPriority = Array.from(this.scores.subarray(0, rootCount));
    if (rootCount === 1) return result(rootMoves[0]!, evaluate(pos, this.settings.weights), 0, rootMoves, true);
    const seen = this.applyVision(rootMoves, rootPriority, this.info.forced);

    let bestMove = seen[0]!;
    let bestScore = -INFINITY;
    let bestPv: number[] = [bestMove];
    let completedDepth = 0;
    let previousBest = -1;
    let stableIterations = 0;
    const rootScores = new Map<number, number>();
    for (let depth = 1; depth <= limits.depth; depth++) {
      let alpha = -INFINITY;
      let beta = INFINITY;
      let delta = 60;
      if (depth >= 3 && !isWinScore(bestScore)) {
        alpha = bestScore - delta;
        beta = bestScore + delta;
      }
      let score: number;
      let iterationBest: number;
      for (;;) {
        const r = this.searchRoot(seen, depth, alpha, beta, rootScores);
        score = r.score;
        iterationBest = r.move;
        if (this.stopped) break;
        if (score <= alpha) {
          alpha = Math.max(-INFINITY, alpha - delta * 4);
          delta *= 4;
        } else if (score >= beta) {
          beta = Math.min(INFINITY, beta + delta * 4);
          delta *= 4;
        } else break;
      }
      if (this.stopped) {
        // The unfinished iteration searched the last best move first, so any move it finished searching
        // and preferred has beaten that move at the greater depth.
        if (iterationBest >= 0 && iterationBest !== bestMove) {
          bestMove = iterationBest;
          bestScore = score;
          bestPv = [iterationBest];
        }
        break;
      }
      bestMove = iterationBest;
      bestScore = score;
      bestPv = this.principalVariation();
      completedDepth = depth;
      // Order the next iteration by this one's result: best first.
      seen.sort((a, b) => (rootScores.get(b) ?? -INFINITY) - (rootScores.get(a) ?? -INFINITY));
      const elapsed = performance.now() - start;
      onProgress?.({ depth, move: bestMove, score: bestScore, pv: bestPv, nodes: pos.nodes, timeMs: elapsed });
      if (isWinScore(bestScore)) break;
      // The next iteration costs a few times this one: don't start it late. A best move that has held
      // for several iterations is clearly best, and may stop sooner.
      stableIterations = bestMove === previousBest ? stableIterations + 1 : 0;
      previousBest = bestMove;
      if (elapsed > limits.softMs * (stableIterations >= 4 ? 0.3 : 0.6)) break;
    }
    // When every move loses, prefer the one leaving the fewest winning replies (if time allows the look).
    if (bestScore <= -WIN_BOUND && performance.now() < this.deadline - 20)
      bestMove = this.leastLosing(seen, rootScores, bestScore);
    return result(bestMove, bestScore, completedDepth, bestPv[0] === bestMove ? bestPv : [bestMove], false);
  }

  /** Drops a deterministic share of the candidates the player does not "see"; forced moves stay. */
  private applyVision(moves: number[], priorities: number[], forced: boolean): number[] {
    const vision = this.settings.vision;
    if (vision >= 1 || forced) return moves;
    const seed = this.settings.seed;
    const kept = moves.filter(
      (m, i) => priorities[i]! >= 1 << 24 || mix(m * 7919 + seed * 104729 + this.pos.hashLo) / 2 ** 32 < vision,
    );
    return kept.length ? kept : [moves[0]!];
  }

  /** When every move loses: the longest loss, then the move leaving the opponent fewest winning replies. */
  private leastLosing(moves: readonly number[], scores: Map<number, number>, best: number): number {
    const pos = this.pos;
    let choice = moves[0]!;
    let fewest = Infinity;
    for (const m of moves) {
      if ((scores.get(m) ?? -INFINITY) < best) continue;
      pos.make(m);
      const replies = pos.winner ? 0 : this.winningReplies();
      pos.unmake();
      if (replies < fewest) {
        fewest = replies;
        choice = m;
      }
    }
    return choice;
  }

  /** How many moves win at once for the side to move. */
  private winningReplies(): number {
    const pos = this.pos;
    let count = 0;
    for (let q = 0; q < pos.points; q++) {
      if (!pos.isLegal(q)) continue;
      pos.make(q);
      if (pos.winner === 3 - pos.toMove) count++;
      pos.unmake();
    }
    return count;
  }

  private principalVariation(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.pvLength[0]!; i++) out.push(this.pv[i]!);
    return out;
  }

  private searchRoot(
    moves: readonly number[],
    depth: number,
    alpha: number,
    beta: number,
    rootScores: Map<number, number>,
  ): { score: number; move: number } {
    const pos = this.pos;
    const me = pos.toMove;
    let best = -INFINITY;
    let bestMove = -1;
    this.pvLength[0] = 0;
    for (let i = 0; i < moves.length; i++) {
      const m = moves[i]!;
      pos.make(m);
      let score: number;
      if (pos.winner) score = pos.winner === me ? WIN - 1 : -(WIN - 1);
      else if (i === 0) score = -this.search(depth - 1, -beta, -alpha, 1, true);
      else {
        score = -this.search(depth - 1, -alpha - 1, -alpha, 1, false);
        if (score > alpha && score < beta && !this.stopped) score = -this.search(depth - 1, -beta, -alpha, 1, true);
      }
      pos.unmake();
      if (this.stopped) break;
      rootScores.set(m, score);
      if (score > best) {
        best = score;
        bestMove = m;
        this.updatePv(0, m);
        if (score > alpha) alpha = score;
        if (score >= beta) break;
      }
    }
    return { score: best, move: bestMove };
  }

  private updatePv(ply: number, move: number): void {
    const row = ply * (MAX_SEARCH_PLY + 2);
    const next = (ply + 1) * (MAX_SEARCH_PLY + 2);
    this.pv[row] = move;
    const len = this.pvLength[ply + 1]!;
    for (let i = 0; i < len; i++) this.pv[row + 1 + i] = this.pv[next + i]!;
    this.pvLength[ply] = len + 1;
  }

  private checkTime(): void {
    if (
      (this.pos.nodes & 1023) === 0 &&
      (performance.now() >= this.deadline || this.pos.nodes >= this.nodeLimit || this.shouldStop?.() === true)
    )
      this.stopped = true;
  }

  private search(depth: number, alpha: number, beta: number, ply: number, pvNode: boolean): number {
    const pos = this.pos;
    this.pvLength[ply] = 0;
    this.checkTime();
    if (this.stopped) return 0;
    if (ply >= MAX_SEARCH_PLY) return this.evaluate();

    // Mate-distance pruning: no line from here beats a win now or loses faster than a loss next move.
    const winHere = WIN - ply - 1;
    if (alpha >= winHere) return alpha;
    if (beta <= -winHere) return beta;

    const settings = this.settings;
    let ttMove = -1;
    if (settings.useTable) {
      const slot = this.tt.probe(pos.hashLo, pos.hashHi);
      if (slot >= 0) {
        ttMove = this.tt.moveAt(slot);
        if (!pvNode && this.tt.depthAt(slot) >= depth) {
          const s = fromTable(this.tt.scoreAt(slot), ply);
          const bound = this.tt.boundAt(slot);
          if (bound === BOUND_EXACT || (bound === BOUND_LOWER && s >= beta) || (bound === BOUND_UPPER && s <= alpha))
            return s;
        }
      }
    }
    if (depth <= 0) return settings.useQuiescence ? this.quiesce(alpha, beta, ply, 0) : this.evaluate();

    // Null move: give the opponent a free move; if we still hold beta at a reduced depth, cut. Not when a
    // win threat is on the board (passing would simply lose) nor on the principal variation.
    if (
      settings.useNullMove &&
      !pvNode &&
      depth >= 3 &&
      pos.pendingFive === 0 &&
      !this.threatOnBoard() &&
      this.evaluate() >= beta
    ) {
      pos.makeNull();
      const score = -this.search(depth - 3, -beta, -beta + 1, ply + 1, false);
      pos.unmakeNull();
      if (this.stopped) return 0;
      if (score >= beta && !isWinScore(score)) return score;
    }

    const n = pos.points;
    const base = ply * n;
    const count = this.gen.generate(this.moves, this.scores, base, this.info, this.history);
    if (count === 0) return 0; // A full board: a draw.
    const me = pos.toMove;
    if (this.scores[base] === WIN_NOW) {
      this.updatePvLeaf(ply, this.moves[base]!);
      return winHere;
    }
    const forced = this.info.forced;
    // The filter: forced positions search every defence; otherwise the best `keep`, plus up to `extra`
    // more whose priority is within `margin` of the best.
    const width = settings.widths[Math.min(ply, settings.widths.length) - 1]!;
    const floor = this.info.best * width.margin;
    const most = forced ? count : Math.min(count, width.keep + width.extra);
    const keep = forced ? count : Math.min(count, width.keep);
    this.promote(base, count, ttMove, ply);
    // A lone defence costs the side to move nothing to find: look one ply further along it.
    const extension = forced && count === 1 ? 1 : 0;

    let best = -INFINITY;
    let bestMove = -1;
    let bound = BOUND_UPPER;
    for (let i = 0; i < most; i++) {
      MoveGen.pick(this.moves, this.scores, base + i, base + count);
      const m = this.moves[base + i]!;
      const priority = this.scores[base + i]! & PRIORITY_MASK;
      if (i >= keep && priority < floor) break;
      pos.make(m);
      let score: number;
      if (pos.winner) score = pos.winner === me ? winHere : -winHere;
      else {
        const d = depth - 1 + extension;
        if (i === 0) score = -this.search(d, -beta, -alpha, ply + 1, pvNode);
        else {
          // Late quiet moves are first searched shallower; a surprise earns them the full depth.
          const reduce =
            settings.useReductions && !forced && i >= 3 && depth >= 3 && priority < 12_000 ? (i >= 6 ? 2 : 1) : 0;
          score = -this.search(d - reduce, -alpha - 1, -alpha, ply + 1, false);
          if (score > alpha && reduce && !this.stopped) score = -this.search(d, -alpha - 1, -alpha, ply + 1, false);
          if (score > alpha && score < beta && !this.stopped) score = -this.search(d, -beta, -alpha, ply + 1, true);
        }
      }
      pos.unmake();
      if (this.stopped) return 0;
      if (score > best) {
        best = score;
        bestMove = m;
        if (score > alpha) {
          alpha = score;
          bound = BOUND_EXACT;
          this.updatePv(ply, m);
          if (score >= beta) {
            bound = BOUND_LOWER;
            this.rememberCutoff(m, ply, depth, priority);
            break;
          }
        }
      }
    }
    if (settings.useTable) this.tt.store(pos.hashLo, pos.hashHi, depth, toTable(best, ply), bound, bestMove);
    return best;
  }

  /** Whether either side could win next move (a four, or a capture to the capture win). */
  private threatOnBoard(): boolean {
    const pos = this.pos;
    const variant = pos.rules.variant;
    if (pos.lineCount[1 * 6 + 4]! > 0 || pos.lineCount[2 * 6 + 4]! > 0) return true;
    if (variant.captureWin === null) return false;
    const reach = variant.captureWin - variant.captureLengths[variant.captureLengths.length - 1]!;
    return (pos.takes[1]! > 0 && pos.captures[0]! >= reach) || (pos.takes[2]! > 0 && pos.captures[1]! >= reach);
  }

  private updatePvLeaf(ply: number, move: number): void {
    this.pv[ply * (MAX_SEARCH_PLY + 2)] = move;
    this.pvLength[ply] = 1;
  }

  /** Raises the table's move, then the killers, above every other move, so they are picked first. */
  private promote(base: number, count: number, ttMove: number, ply: number): void {
    const k1 = this.settings.useKillers ? this.killers[ply * 2]! : -1;
    const k2 = this.settings.useKillers ? this.killers[ply * 2 + 1]! : -1;
    const tt = this.settings.useTable ? ttMove : -1;
    if (tt < 0 && k1 < 0) return;
    for (let j = base; j < base + count; j++) {
      const m = this.moves[j]!;
      if (m === tt) this.scores[j] = this.scores[j]! | PROMOTE_TT;
      else if (m === k1) this.scores[j] = this.scores[j]! | PROMOTE_KILLER_1;
      else if (m === k2) this.scores[j] = this.scores[j]! | PROMOTE_KILLER_2;
    }
  }

  private rememberCutoff(move: number, ply: number, depth: number, priority: number): void {
    if (this.settings.useKillers && priority < 12_000 && this.killers[ply * 2] !== move) {
      this.killers[ply * 2 + 1] = this.killers[ply * 2]!;
      this.killers[ply * 2] = move;
    }
    if (this.settings.useHistory) this.history[this.pos.toMove * this.pos.points + move]! += depth * depth;
  }

  private evaluate(): number {
    const s = evaluate(this.pos, this.settings.weights);
    const noise = this.settings.noise;
    if (noise === 0) return s;
    const r = mix(this.pos.hashLo ^ Math.imul(this.settings.seed + 1, 0x9e3779b1));
    return s + (r % (2 * noise + 1)) - noise;
  }

  /**
   * Quiescence: at the horizon, a side that can win at once wins; a side facing a win threat must answer it
   * (every defence is searched, no standing pat); otherwise it may stand pat or make a four, which forces
   * an answer in turn, so victories by continuous fours are seen.
   */
  private quiesce(alpha: number, beta: number, ply: number, qd: number): number {
    const pos = this.pos;
    this.pvLength[ply] = 0;
    this.checkTime();
    if (this.stopped) return 0;
    const me = pos.toMove;
    const them = 3 - me;
    const n = pos.points;
    const winHere = WIN - ply - 1;
    const variant = pos.rules.variant;
    const target = variant.captureWin ?? 1 << 20;
    const maxCapture = variant.captureLengths.length ? variant.captureLengths[variant.captureLengths.length - 1]! : 0;
    const canWin =
      pos.lineCount[me * 6 + 4]! > 0 || (pos.takes[me]! > 0 && pos.captures[me - 1]! + maxCapture >= target);
    const threatened =
      pos.lineCount[them * 6 + 4]! > 0 || (pos.takes[them]! > 0 && pos.captures[them - 1]! + maxCapture >= target);
    if (!canWin && !threatened) {
      const stand = this.evaluate();
      if (stand >= beta || qd >= MAX_QUIESCENCE || ply >= MAX_SEARCH_PLY) return stand;
      if (stand > alpha) alpha = stand;
      if (pos.lineCount[me * 6 + 3]! === 0) return stand;
      // Fours: points that complete a window of four of mine.
      const base = ply * n;
      const my3 = (me * 5 + 3) * n;
      const my2 = (me * 5 + 2) * n;
      let count = 0;
      for (let q = 0; q < n; q++) {
        if (pos.cells[q] !== 0 || pos.threat[my3 + q] === 0) continue;
        this.moves[base + count] = q;
        this.scores[base + count] = pos.threat[my3 + q]! * 16 + pos.threat[my2 + q]!;
        count++;
      }
      let best = stand;
      const limit = Math.min(count, QUIESCENCE_WIDTH);
      for (let i = 0; i < limit; i++) {
        let pick = base + i;
        for (let j = pick + 1; j < base + count; j++) if (this.scores[j]! > this.scores[pick]!) pick = j;
        const m = this.moves[pick]!;
        this.moves[pick] = this.moves[base + i]!;
        this.scores[pick] = this.scores[base + i]!;
        this.moves[base + i] = m;
        pos.make(m);
        const score = pos.winner
          ? pos.winner === me
            ? winHere
            : -winHere
          : -this.quiesce(-beta, -alpha, ply + 1, qd + 1);
        pos.unmake();
        if (this.stopped) return 0;
        if (score > best) {
          best = score;
          if (score > alpha) {
            alpha = score;
            this.updatePv(ply, m);
            if (score >= beta) break;
          }
        }
      }
      return best;
    }
    // A win now, or the defences against the opponent's threat: the generator knows both.
    const base = ply * n;
    const count = this.gen.generate(this.moves, this.scores, base, this.info, this.history);
    if (count === 0) return threatened ? -(winHere - 1) : this.evaluate();
    if (this.scores[base] === WIN_NOW) {
      this.updatePvLeaf(ply, this.moves[base]!);
      return winHere;
    }
    if (!this.info.forced) return this.evaluate(); // The "threat" was an overline or a lead rule: none.
    if (qd >= MAX_QUIESCENCE || ply >= MAX_SEARCH_PLY) return this.evaluate();
    let best = -INFINITY;
    for (let i = 0; i < count; i++) {
      const m = this.moves[base + i]!;
      pos.make(m);
      const score = pos.winner
        ? pos.winner === me
          ? winHere
          : -winHere
        : -this.quiesce(-beta, -alpha, ply + 1, qd + 1);
      pos.unmake();
      if (this.stopped) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, m);
          if (score >= beta) break;
        }
      }
    }
    return best;
  }
}

/** Win scores are stored relative to the node, so they stay right wherever the position recurs. */
function toTable(score: number, ply: number): number {
  if (score >= WIN_BOUND) return score + ply;
  if (score <= -WIN_BOUND) return score - ply;
  return score;
}

function fromTable(score: number, ply: number): number {
  if (score >= WIN_BOUND) return score - ply;
  if (score <= -WIN_BOUND) return score + ply;
  return score;
}
