/**
 * The priority filter: candidate moves for the side to move, scored by threat level so the search tries
 * the sharpest first and can prune the rest.
 *
 *   win now (five, or the capture win)           → the only move returned
 *   stop the opponent's win next move            → only blocks and captures are returned
 *     (with the capture win one capture away, stopping that capture is forced too)
 *   own fours → captures and capture threats → threes → quiet moves near the stones
 *
 * With `captureThreatFours`, a capture threat by a player one capture from the capture win is a winning
 * threat: it is scored as a four, and blocking it (taking the pair's open end) as blocking a four.
 *
 * A capture that leaves its player a winning threat (it takes away the stone that blocked a four, or
 * brings the capture win within one more capture) is scored as that many fours, so it is never filtered
 * out or reduced; taking the opponent's such capture point first is scored as blocking them.
 *
 * Scores add up, so a move that counts in several categories comes earlier.
 *
 * Renju: black's forbidden points are never generated (a five is never one: the win now is looked for
 * first), so a white four whose only blocking point is forbidden to black leaves black no defence: `forced`
 * with no moves, a loss. Black's four that can only make an overline threatens nothing: white is not forced.
 * The opening's first five stones keep to their areas (Position.isLegal).
 */
import { centreOf, makesFive } from '../core';
import { type Position, THREAT_BITS, THREAT_MASK } from './position';
import { longestCapture } from './threats';

export const WIN_NOW = 1 << 30;
/** Priorities stay below 2^28: the search keeps the bits above for its own ordering. */
const BLOCK_FIVE = 1 << 22;
const OWN_FOUR = 40_000;
const BLOCK_FOUR = 12_000;
const OWN_THREE = 900;
const BLOCK_THREE = 500;
/** A packed threat entry at least this large counts a window of four (see Position.threat). */
const FOUR_UNIT = 1 << (2 * THREAT_BITS);

/** What the generator found about the position besides the moves. */
export interface GenInfo {
  /** The opponent threatens to win next move, so the moves returned are only the defences. */
  forced: boolean;
  /** The highest priority among the moves returned. */
  best: number;
}

export class MoveGen {
  /** Scratch: the points to consider. */
  private readonly list: Int16Array;
  private readonly captureWin: number;
  /** The longest capture (0: no captures). */
  private readonly maxCapture: number;
  /** Score a capture threat one capture from the capture win as a four (the search sets it from its settings). */
  captureThreatFours = false;

  constructor(private readonly pos: Position) {
    const variant = pos.rules.variant;
    this.list = new Int16Array(pos.points);
    this.captureWin = variant.captureWin ?? 1 << 20;
    this.maxCapture = longestCapture(variant);
  }

  /**
   * Writes the candidate moves and their priority scores from `base`, unsorted (the search picks them
   * best first, lazily, since most nodes are cut off after a move or two), and returns how many. With
   * `lazyForbidden`, Renju's black forbidden points are left in: the caller judges the moves it searches.
   */
  generate(moves: Int16Array, scores: Int32Array, base: number, info: GenInfo, lazyForbidden = false): number {
    const pos = this.pos;
    const n = pos.points;
    const me = pos.toMove;
    const them = 3 - me;
    const cells = pos.cells;
    const threat = pos.threat;
    const near = pos.near;
    const captureAt = pos.captureAt;
    const captureThreat = pos.captureThreat;
    const target = this.captureWin;
    const myCaps = pos.captures[me - 1]!;
    const theirCaps = pos.captures[them - 1]!;
    const exact = pos.exactFor(me);
    const renjuBlack = pos.renju && me === 1;
    const theyThreatenFive = pos.lineCount[them * 6 + 4]! > 0 && (!pos.renju || them === 2 || this.blackFiveAt() >= 0);
    const theyThreatenCaptureWin = pos.takes[them]! > 0 && theirCaps + this.maxCapture >= target;
    const forced = theyThreatenFive || theyThreatenCaptureWin;

    const mine = me * n;
    const theirs = them * n;
    const captureValue = 3_000 + 1_500 * myCaps;
    const blockValue = 2_000 + 1_500 * theirCaps;
    // Near the capture win: 8 stones in Pente, 12 in Keryo-Pente (where a triple's threat wins, a pair's
    // only from 13; the filter does not tell them apart).
    const myThreatWins = this.captureThreatFours && this.maxCapture > 0 && myCaps + this.maxCapture >= target;
    const theirThreatWins = this.captureThreatFours && this.maxCapture > 0 && theirCaps + this.maxCapture >= target;
    const threatValue = myThreatWins ? OWN_FOUR : 600 + 300 * myCaps;
    const threatBlockValue = theirThreatWins ? BLOCK_FOUR : 0;

    const list = this.list;
    const listed = pos.ply <= pos.openingPlies ? this.openingCandidates() : pos.listCandidates(list);
    let count = 0;
    let best = -1;
    for (let j = 0; j < listed; j++) {
      const q = list[j]!;
      const capMine = captureAt[mine + q]!;
      const t = threat[mine + q]!;
      // A win now ends the list: nothing else needs searching.
      if (
        (t >= FOUR_UNIT && (!exact || makesFive(cells, pos.size, q, me, true))) ||
        (capMine > 0 && myCaps + this.maxCapture * capMine >= target && this.capturesReachWin(q))
      ) {
        moves[base] = q;
        scores[base] = WIN_NOW;
        info.forced = false;
        info.best = WIN_NOW;
        return 1;
      }
      const capTheirs = captureAt[theirs + q]!;
      const u = threat[theirs + q]!;
      const blocksFive = u >> (2 * THREAT_BITS);
      if (forced && blocksFive === 0 && capMine === 0 && !(theyThreatenCaptureWin && capTheirs > 0)) continue;
      if (renjuBlack && !lazyForbidden && pos.forbidden(q)) continue;

      let s = blocksFive * BLOCK_FIVE;
      s += ((t >> THREAT_BITS) & THREAT_MASK) * OWN_FOUR + ((u >> THREAT_BITS) & THREAT_MASK) * BLOCK_FOUR;
      s += (t & THREAT_MASK) * OWN_THREE + (u & THREAT_MASK) * BLOCK_THREE;
      s += capMine * captureValue + capTheirs * blockValue + captureThreat[mine + q]! * threatValue;
      s += captureThreat[theirs + q]! * threatBlockValue;
      // A capture that leaves a winning threat (it opens a four by taking a blocking stone away, or brings
      // the capture win within one capture) forces as a four does; taking the opponent's such capture point
      // first is worth what blocking a four is.
      if (capMine > 0) s += Math.max(0, this.captureThreats(q) - ((t >> THREAT_BITS) & THREAT_MASK)) * OWN_FOUR;
      if (capTheirs > 0 && !forced) {
        pos.makeNull();
        s += this.captureThreats(q) * BLOCK_FOUR;
        pos.unmakeNull();
      }
      s += near[q]!;
      moves[base + count] = q;
      scores[base + count] = s;
      count++;
      if (s > best) best = s;
    }
    info.forced = forced;
    info.best = best;
    return count;
  }

  /**
   * Renju: a point where black makes exactly five now (its fours may only make overlines, which are not
   * fives), or -1. Asked only when black has a window of four.
   */
  blackFiveAt(): number {
    const pos = this.pos;
    const n = pos.points;
    const threat = pos.threat;
    const list = this.list;
    const listed = pos.listCandidates(list);
    for (let j = 0; j < listed; j++) {
      const q = list[j]!;
      if (threat[n + q]! >= FOUR_UNIT && makesFive(pos.cells, pos.size, q, 1, true)) return q;
    }
    return -1;
  }

  /**
   * The opening's candidates into `list`: legal points near the stones; on an empty board, the centre (where
   * a first stone free to go anywhere belongs: Gomoku, D-Pente; every point is equal to the evaluation there,
   * so a weak level's noise would otherwise put it on the edge), or every legal point if the centre is not.
   */
  private openingCandidates(): number {
    const pos = this.pos;
    const list = this.list;
    let count = 0;
    const centre = centreOf(pos.size);
    if (pos.ply === 0 && pos.isLegal(centre)) {
      list[0] = centre;
      return 1;
    }
    for (let q = 0; q < pos.points; q++) {
      if (pos.near[q] === 0 && pos.ply !== 0) continue;
      if (pos.isLegal(q)) list[count++] = q;
    }
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

  /**
   * The winning threats the side to move would have after capturing at q: its windows of four (a capture
   * opens one by taking a blocking stone away) plus one for a capture win one capture away. 0 when q
   * captures nothing or the move wins at once. A quick test of the taken stones' windows (and of the
   * capture count) comes first; only a capture that may leave a threat is made and taken back.
   */
  captureThreats(q: number): number {
    const pos = this.pos;
    const me = pos.toMove;
    const taking = pos.captureAt[me * pos.points + q]!;
    if (taking === 0) return 0;
    const nearWin = pos.captures[me - 1]! + (taking + 1) * this.maxCapture >= this.captureWin;
    if (!nearWin && !pos.captureMayOpenFour(q, me)) return 0;
    pos.make(q);
    let threats = 0;
    if (!pos.winner) {
      threats = pos.lineCount[me * 6 + 4]!;
      if (pos.takes[me]! > 0 && pos.captures[me - 1]! + this.maxCapture >= this.captureWin) threats++;
    }
    pos.unmake();
    pos.nodes--;
    return threats;
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
}
