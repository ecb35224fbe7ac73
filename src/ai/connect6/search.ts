/**
 * Connect6's search: iterative-deepening alpha-beta where every ply is one stone and the side to move
 * follows Connect6's turn rule (core's twoStoneTurnMover): two plies in a row may belong to the same side, whose score then
 * carries over unnegated, with the same window. A transposition table catches the two orders of a turn's
 * stones (the hash is of the stones alone: the stone count fixes the side to move).
 *
 * Threats are windows of six points: a side with two stones to place wins at once with a window holding
 * four of its stones and none of the other's, and with one stone left, a window of five. So a side facing
 * such a window of the opponent's (which moves next with two stones) must put a stone in it: its moves are
 * then only those points (a turn's two stones commute, so the stone that blocks may as well come first),
 * searched in full, and at the horizon such a defence is searched on (quiescence) rather than evaluated.
 */
import { MoveGen } from '../movegen';
import { evaluationNoise, visibleMoves } from '../skill';
import { BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TranspositionTable } from '../tt';
import { SearchClock } from '../timeman';
import { type SearchProgress, type SearchResult, WIN, fromTable, isWinScore, toTable } from '../search';
import type { Connect6Position } from './position';

const INFINITY = WIN + 1;
const MAX_PLY = 64;
const MAX_QUIESCENCE = 12;
export const C6_WIN_NOW = 1 << 30;

/** What raising one's own window from k to k + 1 stones is worth to the move order (k = 1…5). */
const OWN = [0, 2, 12, 90, 400, 400] as const;
/** What spoiling the opponent's window of k stones is worth to the move order. */
const BLOCK = [0, 1, 8, 60, 5000, 5000] as const;
/** Static weights of a pure window of k stones (k = 1…5), for the side to move and the other. */
const LINE = [0, 1, 6, 30, 90, 110] as const;
/** The side to move's windows count this much more (its stones come first). */
const TEMPO = 0.25;
/** The moves searched at a quiet node, by ply from the root (the last for every deeper ply). */
const WIDTHS = [24, 14, 12, 10, 9, 8, 7, 6] as const;

export interface Connect6Limits {
  readonly depth: number;
  readonly hardMs: number;
  readonly nodes?: number;
  readonly shouldStop?: () => boolean;
  /** Evaluation noise in centi-stones (a weaker level), and its seed. */
  readonly noise?: number;
  readonly seed?: number;
  /** The share of the root's candidates a weaker level sees (skill.ts visibleMoves; 1: all). */
  readonly vision?: number;
}

export class Connect6Searcher {
  readonly pos: Connect6Position;
  private readonly tt: TranspositionTable;
  private readonly clock = new SearchClock();
  private readonly moves: Int16Array;
  private readonly scores: Int32Array;
  private readonly list: Int16Array;
  private readonly pv: Int16Array;
  private readonly pvLength = new Int32Array(MAX_PLY + 2);
  private noise = 0;
  private seed = 0;
  /** Set by generate: the opponent threatens to win next turn, so the moves are only the defences. */
  private forced = false;

  constructor(pos: Connect6Position, tt = new TranspositionTable(18)) {
    this.pos = pos;
    this.tt = tt;
    const n = pos.points;
    this.moves = new Int16Array((MAX_PLY + 2) * n);
    this.scores = new Int32Array((MAX_PLY + 2) * n);
    this.list = new Int16Array(n);
    this.pv = new Int16Array((MAX_PLY + 2) * (MAX_PLY + 2));
  }

  /** Searches for the side to move's next stone. */
  run(limits: Connect6Limits, onProgress?: (p: SearchProgress) => void): SearchResult {
    const pos = this.pos;
    const start = performance.now();
    this.clock.start(start, limits.hardMs, limits.nodes, limits.shouldStop);
    this.noise = limits.noise ?? 0;
    this.seed = limits.seed ?? 0;
    pos.nodes = 0;
    this.tt.newSearch();
    const result = (move: number, score: number, depth: number, pv: readonly number[], forced: boolean) => ({
      move,
      score,
      depth,
      pv,
      forced,
      nodes: pos.nodes,
      timeMs: performance.now() - start,
      ttHitRate: this.tt.probes ? this.tt.hits / this.tt.probes : 0,
    });
    const count = this.generate(0);
    if (count === 0) return result(-1, 0, 0, [], true);
    if (this.scores[0] === C6_WIN_NOW) return result(this.moves[0]!, WIN - pos.stonesLeft, 1, [this.moves[0]!], true);
    sortMoves(this.moves, this.scores, 0, count);
    const width = this.forced ? count : Math.min(count, WIDTHS[0]);
    const candidates = Array.from(this.moves.subarray(0, width));
    const priorities = Array.from(this.scores.subarray(0, width));
    const root = visibleMoves(candidates, priorities, this.forced, limits.vision ?? 1, this.seed, pos.hashLo);
    if (root.length === 1) return result(root[0]!, this.evaluate(), 0, root, true);
    let bestMove = root[0]!;
    let bestScore = -INFINITY;
    let bestPv: number[] = [bestMove];
    let completed = 0;
    const rootScores = new Map<number, number>();
    for (let depth = 1; depth <= Math.min(limits.depth, MAX_PLY - 1); depth++) {
      const r = this.searchRoot(root, depth, rootScores);
      if (this.clock.stopped) {
        // Moves this unfinished iteration searched before the last best one and preferred beat it deeper.
        if (r.move >= 0 && r.move !== bestMove && r.score > -INFINITY) bestMove = r.move;
        break;
      }
      bestMove = r.move;
      bestScore = r.score;
      bestPv = Array.from(this.pv.subarray(0, this.pvLength[0]!));
      completed = depth;
      root.sort((a, b) => (rootScores.get(b) ?? -INFINITY) - (rootScores.get(a) ?? -INFINITY));
      onProgress?.({
        depth,
        move: bestMove,
        score: bestScore,
        pv: bestPv,
        nodes: pos.nodes,
        timeMs: performance.now() - start,
      });
      if (isWinScore(bestScore)) break;
    }
    return result(bestMove, bestScore, completed, bestPv[0] === bestMove ? bestPv : [bestMove], false);
  }

  private searchRoot(root: readonly number[], depth: number, rootScores: Map<number, number>) {
    let alpha = -INFINITY;
    let best = -INFINITY;
    let bestMove = -1;
    this.pvLength[0] = 0;
    for (const m of root) {
      const score = this.child(m, depth - 1, alpha, INFINITY, 0);
      if (this.clock.stopped) break;
      rootScores.set(m, score);
      if (score > best) {
        best = score;
        bestMove = m;
        this.updatePv(0, m);
        if (score > alpha) alpha = score;
      }
    }
    return { score: best, move: bestMove };
  }

  /** Places m for the side to move at `ply`, searches on, takes it back: the score for that side. */
  private child(m: number, depth: number, alpha: number, beta: number, ply: number): number {
    const pos = this.pos;
    const me = pos.toMove;
    pos.make(m);
    let score: number;
    if (pos.winner) {
      score = WIN - ply - 1;
      this.pvLength[ply + 1] = 0;
    }
    // The same side's second stone: its score is ours, with our window.
    else if (pos.toMove === me) score = this.search(depth, alpha, beta, ply + 1);
    else score = -this.search(depth, -beta, -alpha, ply + 1);
    pos.unmake();
    return score;
  }

  private search(depth: number, alpha: number, beta: number, ply: number): number {
    const pos = this.pos;
    this.pvLength[ply] = 0;
    this.clock.poll(pos.nodes);
    if (this.clock.stopped) return 0;
    if (ply >= MAX_PLY) return this.evaluate();
    const winHere = WIN - ply - 1;
    if (alpha >= winHere) return alpha;
    if (depth <= 0) return this.quiesce(alpha, beta, ply, 0);

    const tt = this.tt;
    let ttMove = -1;
    if (tt.probe(pos.hashLo, pos.hashHi)) {
      ttMove = tt.move;
      if (tt.depth >= depth) {
        const s = fromTable(tt.score, ply);
        const bound = tt.bound;
        if (bound === BOUND_EXACT || (bound === BOUND_LOWER && s >= beta) || (bound === BOUND_UPPER && s <= alpha))
          return s;
      }
    }
    const base = ply * pos.points;
    const count = this.generate(base);
    if (count === 0) return 0; // A full board: a draw.
    if (this.scores[base] === C6_WIN_NOW) {
      this.pv[ply * (MAX_PLY + 2)] = this.moves[base]!;
      this.pvLength[ply] = 1;
      return WIN - ply - pos.stonesLeft;
    }
    if (ttMove >= 0) {
      for (let j = base; j < base + count; j++) if (this.moves[j] === ttMove) this.scores[j] = C6_WIN_NOW - 1;
    }
    const width = this.forced ? count : Math.min(count, WIDTHS[Math.min(ply, WIDTHS.length - 1)]!);
    const alphaIn = alpha;
    let best = -INFINITY;
    let bestMove = -1;
    for (let i = 0; i < width; i++) {
      MoveGen.pick(this.moves, this.scores, base + i, base + count);
      const m = this.moves[base + i]!;
      const score = this.child(m, depth - 1, alpha, beta, ply);
      if (this.clock.stopped) return 0;
      if (score > best) {
        best = score;
        bestMove = m;
        if (score > alpha) {
          alpha = score;
          this.updatePv(ply, m);
          if (score >= beta) break;
        }
      }
    }
    const bound = best >= beta ? BOUND_LOWER : best > alphaIn ? BOUND_EXACT : BOUND_UPPER;
    tt.store(pos.hashLo, pos.hashHi, depth, toTable(best, ply), bound, bestMove);
    return best;
  }

  /**
   * At the horizon: a side that wins this turn wins; a side facing a window the opponent would complete
   * next turn searches every stone that spoils one; otherwise the static evaluation.
   */
  private quiesce(alpha: number, beta: number, ply: number, qd: number): number {
    const pos = this.pos;
    this.pvLength[ply] = 0;
    this.clock.poll(pos.nodes);
    if (this.clock.stopped) return 0;
    const base = ply * pos.points;
    const count = this.generate(base);
    if (count === 0) return 0;
    if (this.scores[base] === C6_WIN_NOW) return WIN - ply - pos.stonesLeft;
    if (!this.forced || qd >= MAX_QUIESCENCE || ply >= MAX_PLY) return this.evaluate();
    let best = -INFINITY;
    for (let i = 0; i < count; i++) {
      const m = this.moves[base + i]!;
      const pos0 = this.pos;
      const me = pos0.toMove;
      pos0.make(m);
      let score: number;
      if (pos0.winner) {
        score = WIN - ply - 1;
        this.pvLength[ply + 1] = 0;
      } else if (pos0.toMove === me) score = this.quiesce(alpha, beta, ply + 1, qd + 1);
      else score = -this.quiesce(-beta, -alpha, ply + 1, qd + 1);
      pos0.unmake();
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

  /**
   * The side to move's candidate stones from `base`, unsorted, with their priorities; returns how many. A
   * win this turn is the only move returned (C6_WIN_NOW); when the opponent could complete a window next
   * turn, only the points of such windows are returned (`forced`).
   */
  generate(base: number): number {
    const pos = this.pos;
    const n = pos.points;
    const me = pos.toMove;
    const them = (3 - me) as 1 | 2;
    const through = pos.through;
    const moves = this.moves;
    const scores = this.scores;
    const list = this.list;
    const listed = pos.listCandidates(list);
    // A window of five of mine: one stone wins. With two stones to place, a window of four: the first of
    // them makes it five, and the second wins.
    const winFrom = pos.stonesLeft === 2 ? 4 : 5;
    if (pos.lineCount[me * 7 + 5]! > 0 || (winFrom === 4 && pos.lineCount[me * 7 + 4]! > 0)) {
      const o5 = (me * 7 + 5) * n;
      const o4 = (me * 7 + 4) * n;
      for (let j = 0; j < listed; j++) {
        const q = list[j]!;
        if (through[o5 + q]! > 0 || (winFrom === 4 && through[o4 + q]! > 0)) {
          moves[base] = q;
          scores[base] = C6_WIN_NOW;
          this.forced = false;
          return 1;
        }
      }
    }
    const forced = pos.lineCount[them * 7 + 4]! + pos.lineCount[them * 7 + 5]! > 0;
    this.forced = forced;
    let count = 0;
    for (let j = 0; j < listed; j++) {
      const q = list[j]!;
      const block4 = through[(them * 7 + 4) * n + q]! + through[(them * 7 + 5) * n + q]!;
      if (forced && block4 === 0) continue;
      let s = pos.near[q]!;
      for (let k = 1; k <= 5; k++) {
        s += through[(me * 7 + k) * n + q]! * OWN[k]! + through[(them * 7 + k) * n + q]! * BLOCK[k]!;
      }
      moves[base + count] = q;
      scores[base + count] = s;
      count++;
    }
    return count;
  }

  /** The position for the side to move: its pure windows against the other's, by stones held. */
  evaluate(): number {
    const pos = this.pos;
    const me = pos.toMove;
    const them = 3 - me;
    const lc = pos.lineCount;
    let mine = 0;
    let theirs = 0;
    for (let k = 1; k <= 5; k++) {
      mine += LINE[k]! * lc[me * 7 + k]!;
      theirs += LINE[k]! * lc[them * 7 + k]!;
    }
    // Two stones still to place are worth more than one: the tempo counts double then.
    const tempo = pos.stonesLeft === 2 ? 2 * TEMPO : TEMPO;
    const s = Math.round(mine * (1 + tempo) - theirs);
    return this.noise ? s + evaluationNoise(pos.hashLo, this.seed, this.noise) : s;
  }

  private updatePv(ply: number, move: number): void {
    const row = ply * (MAX_PLY + 2);
    const next = (ply + 1) * (MAX_PLY + 2);
    this.pv[row] = move;
    const len = this.pvLength[ply + 1]!;
    for (let i = 0; i < len; i++) this.pv[row + 1 + i] = this.pv[next + i]!;
    this.pvLength[ply] = len + 1;
  }
}

function sortMoves(moves: Int16Array, scores: Int32Array, from: number, to: number): void {
  for (let i = from; i < to; i++) MoveGen.pick(moves, scores, i, to);
}
