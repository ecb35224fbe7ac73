/**
 * Iterative-deepening principal-variation search with aspiration windows, a transposition table, a
 * gnubg-style move filter that narrows as the search deepens, late-move reductions (at the root too),
 * null-move pruning, and a quiescence search on win threats so forced wins and losses past the horizon are
 * seen: a side facing a win threat searches every defence, and a side that is not looks for a victory by
 * continuous fours (vcf.ts). Its settings are in search-settings.ts, a level's vision and noise in skill.ts,
 * the time limits and the stopping rule in timeman.ts.
 *
 * Make/unmake on the Position's typed arrays; per-ply buffers are allocated once, so the hot loop
 * allocates nothing.
 */
import { type GenInfo, MoveGen, WIN_NOW } from './movegen';
import { evaluate } from './evaluate';
import { MAX_SEARCH_PLY, type Position, threatCount } from './position';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from './tt';
import { DEFAULT_SETTINGS, type SearchSettings } from './search-settings';
import { evaluationNoise, visibleMoves } from './skill';
import { helperSkips } from './smp-skip';
import { canWinNow, threatOnBoard } from './threats';
import { SearchClock, Stability, stopAfterIteration } from './timeman';
import { VcfSearch } from './vcf';

/** A win in n plies scores WIN - n, so faster wins and slower losses are preferred. */
export const WIN = 1_000_000;
const WIN_BOUND = WIN - 2 * MAX_SEARCH_PLY;
const INFINITY = WIN + 1;
const MAX_QUIESCENCE = 10;
/**
 * The table's move is raised above every priority (priorities stay below 2^28). No killer moves and no
 * history heuristic: both measured no gain (docs/ENGINE-MEASUREMENTS.md); the filter's threat order already
 * puts the refutations first.
 */
const PROMOTE_TT = 1 << 30;
const PRIORITY_MASK = (1 << 28) - 1;
/** Fours searched for their gain at a quiescence node (without vcfQuiescence). */
const QUIESCENCE_WIDTH = 5;

export const isWinScore = (score: number): boolean => Math.abs(score) >= WIN_BOUND;

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
  /**
   * Search until the hard limit (or a proven result) however settled the best move looks: no early stop.
   * Benchmarks use it, so "depth at 1 s" means what one second of search reaches.
   */
  readonly fixedTime?: boolean;
  /**
   * Root moves not to search (analysis: the second-best line is the best line without the best move).
   * Excluding every legal move leaves nothing: the answer is then move -1.
   */
  readonly exclude?: readonly number[];
  /**
   * A Lazy SMP helper thread's number (1, 2, …; see smp.ts): it shares the main search's table, so it keeps
   * the table's age as set, and it skips some depths by its number, so the threads spread over depths.
   */
  readonly helper?: number;
  /** Leave the table's age as it is (Lazy SMP: the engine sets it once for every thread of a search). */
  readonly keepTableAge?: boolean;
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

export class Searcher {
  readonly pos: Position;
  readonly tt: TranspositionTable;
  readonly settings: SearchSettings;
  private readonly gen: MoveGen;
  private readonly moves: Int16Array;
  private readonly scores: Int32Array;
  private readonly pv: Int16Array;
  private readonly pvLength: Int32Array;
  /** Scratch list of points. */
  private readonly list: Int16Array;
  /** The generator's priority of each root move, by point. */
  private readonly rootPriority: Int32Array;
  /** The victory search (by continuous fours) quiescence runs. */
  private readonly vcf: VcfSearch;
  private readonly info: GenInfo = { forced: false, best: 0 };
  /** The hard limits, shared with the victory search. */
  private readonly clock = new SearchClock();

  constructor(pos: Position, settings: SearchSettings = DEFAULT_SETTINGS, tt = new TranspositionTable()) {
    this.pos = pos;
    this.settings = settings;
    this.tt = tt;
    this.gen = new MoveGen(pos);
    this.gen.captureThreatFours = settings.captureThreatFours;
    const n = pos.points;
    this.moves = new Int16Array((MAX_SEARCH_PLY + 2) * n);
    this.scores = new Int32Array((MAX_SEARCH_PLY + 2) * n);
    this.pv = new Int16Array((MAX_SEARCH_PLY + 2) * (MAX_SEARCH_PLY + 2));
    this.pvLength = new Int32Array(MAX_SEARCH_PLY + 2);
    this.list = new Int16Array(n);
    this.rootPriority = new Int32Array(n);
    this.vcf = new VcfSearch(pos, this.gen, settings, this.clock, this.moves, this.scores, this.list);
  }

  /** Searches the position for the side to move and returns the best move found. */
  run(limits: SearchLimits, onProgress?: (p: SearchProgress) => void): SearchResult {
    const pos = this.pos;
    const start = performance.now();
    const clock = this.clock;
    clock.start(start, limits.hardMs, limits.nodes, limits.shouldStop);
    pos.nodes = 0;
    if (limits.keepTableAge) this.tt.resetCounts();
    else this.tt.newSearch();

    let rootCount = this.gen.generate(this.moves, this.scores, 0, this.info);
    MoveGen.sort(this.moves, this.scores, 0, rootCount);
    if (limits.exclude?.length) rootCount = this.withoutExcluded(rootCount, limits.exclude);
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
    for (let i = 0; i < rootCount; i++) this.rootPriority[rootMoves[i]!] = rootPriority[i]!;
    if (rootCount === 1) return result(rootMoves[0]!, evaluate(pos, this.settings.weights), 0, rootMoves, true);
    const settings = this.settings;
    const seen = visibleMoves(rootMoves, rootPriority, this.info.forced, settings.vision, settings.seed, pos.hashLo);

    let bestMove = seen[0]!;
    let bestScore = -INFINITY;
    let bestPv: number[] = [bestMove];
    let completedDepth = 0;
    const stability = new Stability();
    const rootScores = new Map<number, number>();
    for (let depth = 1; depth <= limits.depth; depth++) {
      if (limits.helper && settings.helperSkipDepths && depth < limits.depth && helperSkips(limits.helper, depth))
        continue;
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
        if (this.clock.stopped) break;
        if (score <= alpha) {
          alpha = Math.max(-INFINITY, alpha - delta * 4);
          delta *= 4;
        } else if (score >= beta) {
          beta = Math.min(INFINITY, beta + delta * 4);
          delta *= 4;
        } else break;
      }
      if (this.clock.stopped) {
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
      // A win found ends the search. A loss does not: its length is only as good as the filter that
      // found it (a defence it left out may hold longer), and deeper iterations find the longest
      // resistance, which is what avoids a quick loss (issue #24's tactics set: 3 of 4 missed defences
      // were losses found at depth 2-4 and chosen there).
      if (isWinScore(bestScore) && bestScore > 0) break;
      // The next iteration costs a few times this one: don't start it late (timeman.ts).
      stability.update(depth, bestMove, bestScore);
      if (
        !limits.fixedTime &&
        stopAfterIteration(
          elapsed,
          limits.softMs,
          stability.stable,
          stability.changes,
          stability.fell,
          this.rootPriority[bestMove]! >= settings.reductionLimit,
          settings.unsettledTime,
        )
      )
        break;
    }
    // When every move loses, prefer the one leaving the fewest winning replies (if time allows the look).
    if (bestScore <= -WIN_BOUND && clock.remainingMs() > 20) bestMove = this.leastLosing(seen, rootScores, bestScore);
    return result(bestMove, bestScore, completedDepth, bestPv[0] === bestMove ? bestPv : [bestMove], false);
  }

  /** Removes the excluded moves from the root's sorted list, keeping its order; returns the new count. */
  private withoutExcluded(count: number, exclude: readonly number[]): number {
    let kept = 0;
    for (let i = 0; i < count; i++) {
      const m = this.moves[i]!;
      if (exclude.includes(m)) continue;
      this.moves[kept] = m;
      this.scores[kept] = this.scores[i]!;
      kept++;
    }
    return kept;
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
    const floor = alpha;
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
        const reduce = this.rootReduction(i, depth, this.rootPriority[m]!);
        score = -this.search(depth - 1 - reduce, -alpha - 1, -alpha, 1, false);
        if (score > alpha && reduce && !this.clock.stopped)
          score = -this.search(depth - 1, -alpha - 1, -alpha, 1, false);
        if (score > alpha && score < beta && !this.clock.stopped)
          score = -this.search(depth - 1, -beta, -alpha, 1, true);
      }
      pos.unmake();
      if (this.clock.stopped) break;
      rootScores.set(m, score);
      if (score > best) {
        best = score;
        bestMove = m;
        this.updatePv(0, m);
        if (score > alpha) alpha = score;
        if (score >= beta) break;
      }
    }
    // A move that failed low scored only an upper bound: one such bound above another (fail-soft) says
    // nothing of which move is better, so the iteration names a move only once one beat the window's floor.
    // (An iteration cut short after its first move failed low would otherwise switch to a later move that
    // merely failed low less: issue #24's tactics set lost a defence to it, D13 walking into a win in 3.)
    return { score: best, move: best > floor ? bestMove : -1 };
  }

  /**
   * How much shallower the i-th root move is searched first: late moves below reductionLimit, by up to three
   * plies (a surprise earns the full depth).
   */
  private rootReduction(i: number, depth: number, priority: number): number {
    const settings = this.settings;
    if (!settings.useRootReductions || depth < 3 || i < 3 || priority >= settings.reductionLimit) return 0;
    return i >= 20 && depth >= 6 ? 3 : i >= 8 ? 2 : 1;
  }

  private updatePv(ply: number, move: number): void {
    const row = ply * (MAX_SEARCH_PLY + 2);
    const next = (ply + 1) * (MAX_SEARCH_PLY + 2);
    this.pv[row] = move;
    const len = this.pvLength[ply + 1]!;
    for (let i = 0; i < len; i++) this.pv[row + 1 + i] = this.pv[next + i]!;
    this.pvLength[ply] = len + 1;
  }

  private search(depth: number, alpha: number, beta: number, ply: number, pvNode: boolean): number {
    const pos = this.pos;
    this.pvLength[ply] = 0;
    this.clock.poll(pos.nodes);
    if (this.clock.stopped) return 0;
    if (ply >= MAX_SEARCH_PLY) return this.evaluate();

    // Mate-distance pruning: no line from here beats a win now or loses faster than a loss next move.
    const winHere = WIN - ply - 1;
    if (alpha >= winHere) return alpha;
    if (beta <= -winHere) return beta;

    const settings = this.settings;
    let ttMove = -1;
    if (settings.useTable) {
      const tt = this.tt;
      if (tt.probe(pos.hashLo, pos.hashHi)) {
        ttMove = tt.move;
        if (!pvNode && tt.depth >= depth) {
          const s = fromTable(tt.score, ply);
          const bound = tt.bound;
          if (bound === BOUND_EXACT || (bound === BOUND_LOWER && s >= beta) || (bound === BOUND_UPPER && s <= alpha))
            return s;
        }
      }
    }
    if (depth <= 0) {
      if (!settings.useQuiescence) return this.evaluate();
      const score = this.quiesce(alpha, beta, ply, 0);
      if (settings.useTable && !this.clock.stopped) {
        const bound = score <= alpha ? BOUND_UPPER : score >= beta ? BOUND_LOWER : BOUND_EXACT;
        this.tt.store(pos.hashLo, pos.hashHi, 0, toTable(score, ply), bound, -1);
      }
      return score;
    }

    // Null move: give the opponent a free move; if we still hold beta at a reduced depth, cut. Not when a
    // win threat is on the board (passing would simply lose) nor on the principal variation.
    if (
      settings.useNullMove &&
      !pvNode &&
      depth >= 3 &&
      pos.pendingFive === 0 &&
      !threatOnBoard(pos) &&
      this.evaluate() >= beta
    ) {
      pos.makeNull();
      const reduce = depth >= settings.nullMoveDeep ? 3 : 2;
      const score = -this.search(depth - 1 - reduce, -beta, -beta + 1, ply + 1, false);
      pos.unmakeNull();
      if (this.clock.stopped) return 0;
      if (score >= beta && !isWinScore(score)) return score;
    }

    const n = pos.points;
    const base = ply * n;
    let best = -INFINITY;
    let bestMove = -1;
    let bound = BOUND_UPPER;

    // Renju: black's forbidden points are judged only for the moves searched (most nodes cut off after a
    // few), not for every candidate the generator lists.
    const lazy = pos.renju && pos.toMove === 1;
    const count = this.gen.generate(this.moves, this.scores, base, this.info, lazy);
    // No move: a full board, a draw; or (Renju) every defence of black's is a forbidden point: a loss.
    if (count === 0) return this.info.forced ? -(winHere - 1) : 0;
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
    // Forcing moves (fours, captures that open one, capture-win threats: priority of a four) are never
    // filtered out, however many there are.
    const forcing = settings.reductionLimit;
    this.promoteTableMove(base, count, ttMove);
    // A lone defence costs the side to move nothing to find: look one ply further along it.
    const extension = forced && count === 1 ? 1 : 0;

    // j: the moves searched so far (a forbidden point skipped is not one).
    let j = 0;
    for (let i = 0; i < count; i++) {
      MoveGen.pick(this.moves, this.scores, base + i, base + count);
      const m = this.moves[base + i]!;
      const priority = this.scores[base + i]! & PRIORITY_MASK;
      if ((j >= keep && priority < floor) || (j >= most && priority < forcing)) break;
      if (lazy && pos.forbidden(m)) continue;
      // Late quiet moves are first searched shallower; a surprise earns them the full depth.
      const reduce =
        settings.useReductions &&
        !forced &&
        j >= 3 &&
        depth >= settings.reductionDepth &&
        priority < settings.reductionLimit
          ? j >= 6
            ? 2
            : 1
          : 0;
      const score = this.searchMove(m, j, depth - 1 + extension, alpha, beta, ply, pvNode, reduce);
      j++;
      if (this.clock.stopped) return 0;
      if (score > best) {
        best = score;
        bestMove = m;
        if (score > alpha) {
          alpha = score;
          bound = BOUND_EXACT;
          this.updatePv(ply, m);
          if (score >= beta) {
            bound = BOUND_LOWER;
            break;
          }
        }
      }
    }
    // Every move listed was forbidden to black: forced, a loss; otherwise black has no stone worth one, a draw.
    if (j === 0) return forced ? -(winHere - 1) : 0;
    if (settings.useTable) this.tt.store(pos.hashLo, pos.hashHi, depth, toTable(best, ply), bound, bestMove);
    return best;
  }

  /**
   * Makes move m (the i-th searched at this node), searches it to depth d (less `reduce` at first, for a late
   * move) with principal-variation windows, takes it back, and returns its score for the side to move.
   */
  private searchMove(
    m: number,
    i: number,
    d: number,
    alpha: number,
    beta: number,
    ply: number,
    pvNode: boolean,
    reduce: number,
  ): number {
    const pos = this.pos;
    const me = pos.toMove;
    pos.make(m);
    let score: number;
    if (pos.winner) score = pos.winner === me ? WIN - ply - 1 : -(WIN - ply - 1);
    else if (i === 0) score = -this.search(d, -beta, -alpha, ply + 1, pvNode);
    else {
      score = -this.search(d - reduce, -alpha - 1, -alpha, ply + 1, false);
      if (score > alpha && reduce && !this.clock.stopped) score = -this.search(d, -alpha - 1, -alpha, ply + 1, false);
      if (score > alpha && score < beta && !this.clock.stopped) score = -this.search(d, -beta, -alpha, ply + 1, true);
    }
    pos.unmake();
    return score;
  }

  private updatePvLeaf(ply: number, move: number): void {
    this.pv[ply * (MAX_SEARCH_PLY + 2)] = move;
    this.pvLength[ply] = 1;
  }

  /** Raises the table's move above every other move, so it is picked first. */
  private promoteTableMove(base: number, count: number, ttMove: number): void {
    if (ttMove < 0) return; // (search() reads a table move only when the table is on)
    for (let j = base; j < base + count; j++) {
      if (this.moves[j] === ttMove) {
        this.scores[j] = this.scores[j]! | PROMOTE_TT;
        return;
      }
    }
  }

  private evaluate(): number {
    const s = evaluate(this.pos, this.settings.weights);
    const noise = this.settings.noise;
    if (noise === 0) return s;
    return s + evaluationNoise(this.pos.hashLo, this.settings.seed, noise);
  }

  /**
   * Quiescence: at the horizon, a side that can win at once wins; a side facing a win threat must answer it
   * (every defence is searched, no standing pat); otherwise it may stand pat or make a four, which forces
   * an answer in turn, so victories by continuous fours are seen.
   */
  private quiesce(alpha: number, beta: number, ply: number, qd: number): number {
    const pos = this.pos;
    this.pvLength[ply] = 0;
    this.clock.poll(pos.nodes);
    if (this.clock.stopped) return 0;
    const me = pos.toMove;
    const them = 3 - me;
    const n = pos.points;
    const winHere = WIN - ply - 1;
    const canWin = canWinNow(pos, me);
    const threatened = canWinNow(pos, them);
    if (!canWin && !threatened) {
      const stand = this.evaluate();
      if (stand >= beta || qd >= MAX_QUIESCENCE || ply >= MAX_SEARCH_PLY) return stand;
      if (stand > alpha) alpha = stand;
      if (this.settings.vcfQuiescence) {
        const plies = this.vcf.find(ply, Math.min(MAX_QUIESCENCE - qd, this.settings.vcfPlies));
        return plies > 0 ? WIN - ply - plies : stand;
      }
      // Otherwise the best few fours, each searched for whatever it gains.
      if (pos.lineCount[me * 6 + 3]! === 0) return stand;
      const base = ply * n;
      const limit = this.listFours(base, QUIESCENCE_WIDTH);
      return this.quiesceMoves(base, limit, stand, alpha, beta, ply, qd);
    }
    // A win now, or the defences against the opponent's threat: the generator knows both.
    const base = ply * n;
    const count = this.gen.generate(this.moves, this.scores, base, this.info);
    if (count === 0) return threatened ? -(winHere - 1) : this.evaluate();
    if (this.scores[base] === WIN_NOW) {
      this.updatePvLeaf(ply, this.moves[base]!);
      return winHere;
    }
    if (!this.info.forced) return this.evaluate(); // The "threat" was an overline or a lead rule: none.
    if (qd >= MAX_QUIESCENCE || ply >= MAX_SEARCH_PLY) return this.evaluate();
    return this.quiesceMoves(base, count, -INFINITY, alpha, beta, ply, qd);
  }

  /** Searches the quiescence moves at [base, base + count), in order; `best` is the score to beat. */
  private quiesceMoves(
    base: number,
    count: number,
    best: number,
    alpha: number,
    beta: number,
    ply: number,
    qd: number,
  ): number {
    const pos = this.pos;
    const me = pos.toMove;
    const winHere = WIN - ply - 1;
    for (let i = 0; i < count; i++) {
      const m = this.moves[base + i]!;
      pos.make(m);
      const score = pos.winner
        ? pos.winner === me
          ? winHere
          : -winHere
        : -this.quiesce(-beta, -alpha, ply + 1, qd + 1);
      pos.unmake();
      if (this.clock.stopped) return 0;
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

  /** The fours of the side to move, best first by what else they make, at most `limit`, from `base`. */
  private listFours(base: number, limit: number): number {
    const pos = this.pos;
    const n = pos.points;
    const me = pos.toMove;
    const mine = me * n;
    const threat = pos.threat;
    // (Every point of a window with three stones is within two of one of them: a candidate.)
    const list = this.list;
    const listed = pos.listCandidates(list);
    const renjuBlack = pos.renju && me === 1;
    let count = 0;
    for (let j = 0; j < listed; j++) {
      const q = list[j]!;
      const t = threat[mine + q]!;
      if (threatCount(t, 3) === 0) continue;
      if (renjuBlack && pos.forbidden(q)) continue;
      this.moves[base + count] = q;
      this.scores[base + count] = threatCount(t, 3) * 16 + threatCount(t, 2);
      count++;
    }
    const limited = Math.min(count, limit);
    for (let i = 0; i < limited; i++) MoveGen.pick(this.moves, this.scores, base + i, base + count);
    return limited;
  }
}

/** Win scores are stored relative to the node, so they stay right wherever the position recurs. */
export function toTable(score: number, ply: number): number {
  if (score >= WIN_BOUND) return score + ply;
  if (score <= -WIN_BOUND) return score - ply;
  return score;
}

/** A table score read at `ply`: a win or loss in n plies from the node is WIN - (ply + n) from the root. */
export function fromTable(score: number, ply: number): number {
  if (score >= WIN_BOUND) return score - ply;
  if (score <= -WIN_BOUND) return score + ply;
  return score;
}
