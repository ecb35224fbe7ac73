/**
 * The priority filter: candidate moves for the side to move, scored by threat level so the search tries
 * the sharpest first and can prune the rest.
 *
 *   win now (five, or the capture win)           → the only move returned
 *   stop the opponent's win next move            → only blocks and captures are returned
 *     (with the capture win one capture away, stopping that capture is forced too)
 *   own fours → captures and capture threats → threes → quiet moves near the stones
 *
 * Scores add up, so a move that counts in several categories comes earlier.
 */
import { makesFive } from '../core';
import type { Position } from './position';

export const WIN_NOW = 1 << 30;
/** Priorities stay below 2^28: the search keeps the bits above for its own ordering. */
const BLOCK_FIVE = 1 << 22;
const OWN_FOUR = 40_000;
const BLOCK_FOUR = 12_000;
const OWN_THREE = 900;
const BLOCK_THREE = 500;

/** What the generator found about the position besides the moves. */
export interface GenInfo {
  /** The opponent threatens to win next move, so the moves returned are only the defences. */
  forced: boolean;
  /** The highest priority among the moves returned. */
  best: number;
}

export class MoveGen {
  /** Scratch for the capture-threat test, per direction. */
  private readonly dirStep: Int32Array;
  private readonly dirX: Int8Array;
  private readonly dirY: Int8Array;

  constructor(private readonly pos: Position) {
    const s = pos.size;
    this.dirX = Int8Array.from([1, 0, 1, 1, -1, 0, -1, -1]);
    this.dirY = Int8Array.from([0, 1, 1, -1, 0, -1, -1, 1]);
    this.dirStep = Int32Array.from([1, s, s + 1, -s + 1, -1, -s, -s - 1, s - 1]);
  }

  /**
   * Writes the candidate moves and their priority scores from `base`, unsorted (the search picks them
   * best first, lazily, since most nodes are cut off after a move or two), and returns how many.
   */
  generate(moves: Int16Array, scores: Int32Array, base: number, info: GenInfo, history: Int32Array): number {
    const pos = this.pos;
    const n = pos.points;
    const me = pos.toMove;
    const them = 3 - me;
    const cells = pos.cells;
    const threat = pos.threat;
    const near = pos.near;
    const captureAt = pos.captureAt;
    const variant = pos.rules.variant;
    const target = variant.captureWin ?? 1 << 20;
    const maxCapture = variant.captureLengths.length ? variant.captureLengths[variant.captureLengths.length - 1]! : 0;
    const myCaps = pos.captures[me - 1]!;
    const theirCaps = pos.captures[them - 1]!;
    const exact = variant.fiveRule === 'exactly-five';
    const theyThreatenFive = pos.lineCount[them * 6 + 4]! > 0;
    const theyThreatenCaptureWin = pos.takes[them]! > 0 && theirCaps + maxCapture >= target;
    const forced = theyThreatenFive || theyThreatenCaptureWin;
    const opening = pos.ply <= 2;

    const my4 = (me * 5 + 4) * n;
    const my3 = (me * 5 + 3) * n;
    const my2 = (me * 5 + 2) * n;
    const their4 = (them * 5 + 4) * n;
    const their3 = (them * 5 + 3) * n;
    const their2 = (them * 5 + 2) * n;
    const historyBase = me * n;

    let count = 0;
    let best = -1;
    for (let q = 0; q < n; q++) {
      if (cells[q] !== 0) continue;
      if (near[q] === 0 && !(opening && pos.ply === 0)) continue;
      if (opening && !pos.isLegal(q)) continue;
      const capMine = captureAt[me * n + q]!;
      // A win now ends the list: nothing else needs searching.
      if (
        (threat[my4 + q]! > 0 && (!exact || makesFive(cells, pos.size, q, me, true))) ||
        (capMine > 0 && myCaps + 2 * capMine >= target && this.capturesReachWin(q))
      ) {
        moves[base] = q;
        scores[base] = WIN_NOW;
        info.forced = false;
        info.best = WIN_NOW;
        return 1;
      }
      const capTheirs = captureAt[them * n + q]!;
      const blocksFive = threat[their4 + q]!;
      if (forced && blocksFive === 0 && capMine === 0 && !(theyThreatenCaptureWin && capTheirs > 0)) continue;

      let s = blocksFive * BLOCK_FIVE;
      s += threat[my3 + q]! * OWN_FOUR + threat[their3 + q]! * BLOCK_FOUR;
      s += threat[my2 + q]! * OWN_THREE + threat[their2 + q]! * BLOCK_THREE;
      if (capMine) s += capMine * (3_000 + 1_500 * myCaps);
      if (capTheirs) s += capTheirs * (2_000 + 1_500 * theirCaps);
      if (maxCapture) s += this.captureThreats(q, me) * (600 + 300 * myCaps);
      s += near[q]! + (history[historyBase + q]! >> 4);
      moves[base + count] = q;
      scores[base + count] = s;
      count++;
      if (s > best) best = s;
    }
    info.forced = forced;
    info.best = best;
    return count;
  }

  /** Sorts moves [from, to) by score, best first. */
  static sort(moves: Int16Array, scores: Int32Array, from: number, to: number): void {
    for (let i = from + 1; i < to; i++) {
      const m = moves[i]!;
      const s = scores[i]!;
      let j = i - 1;
      while (j >= from && scores[j]! < s) {
        moves[j + 1] = moves[j]!;
        scores[j + 1] = scores[j]!;
        j--;
      }
      moves[j + 1] = m;
      scores[j + 1] = s;
    }
  }

  /** Brings the best move of [i, to) to place i (lazy selection). */
  static pick(moves: Int16Array, scores: Int32Array, i: number, to: number): void {
    let best = i;
    for (let j = i + 1; j < to; j++) if (scores[j]! > scores[best]!) best = j;
    if (best === i) return;
    const m = moves[i]!;
    moves[i] = moves[best]!;
    moves[best] = m;
    const s = scores[i]!;
    scores[i] = scores[best]!;
    scores[best] = s;
  }

  /** Whether capturing at q wins by captures (the lead rule of Poof-Pente included). */
  private capturesReachWin(q: number): boolean {
    const pos = this.pos;
    pos.make(q);
    const won = pos.winner === 3 - pos.toMove;
    pos.unmake();
    pos.nodes--;
    return won;
  }

  /** How many capture threats (X O O _) a stone of `me` at q would make. */
  private captureThreats(q: number, me: number): number {
    const pos = this.pos;
    const cells = pos.cells;
    const size = pos.size;
    const them = 3 - me;
    const x = q % size;
    const y = (q - x) / size;
    let threats = 0;
    for (let d = 0; d < 8; d++) {
      const ex = x + 3 * this.dirX[d]!;
      const ey = y + 3 * this.dirY[d]!;
      if (ex < 0 || ey < 0 || ex >= size || ey >= size) continue;
      const step = this.dirStep[d]!;
      if (cells[q + step] === them && cells[q + 2 * step] === them && cells[q + 3 * step] === 0) threats++;
    }
    return threats;
  }
}
