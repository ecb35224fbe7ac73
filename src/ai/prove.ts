/**
 * A proof search for short forced wins, for puzzles: does the side to move win within n plies against
 * every defence? Unlike the game search, nothing is pruned on the defender's side:
 *
 * - when the defender faces a win next move, the move filter's defences are all the defences (it keeps
 *   every block of a four and every capture, and every capture point when a capture win is one capture
 *   away; any other move leaves the threat standing, so it loses at once);
 * - otherwise every empty point on the board is tried.
 *
 * The attacker's side may be narrowed without harm (a narrower search can only miss wins, never claim a
 * false one): with three plies left the attacker only tries moves that leave it threatening to win next
 * move, since otherwise the defender has a quiet move that keeps the game going.
 *
 * Runs on the engine's Position (the core's rules, with make/unmake), so it is exact about captures,
 * capture wins and fives. A node budget bounds the work: past it the answer is 'unknown', never a guess.
 * Only the variants where a window of four is a threat of five (five or more wins) are supported.
 */
import type { Player } from '../core';
import { MoveGen, WIN_NOW, type GenInfo } from './movegen';
import { Position } from './position';
import { canWinNow } from './threats';
import type { GameState } from '../core';

export type ProofAnswer = 'win' | 'no' | 'unknown';

/** Deepest line the prover looks at (plies). */
const MAX_PLIES = 11;

export class Prover {
  readonly pos: Position;
  private readonly gen: MoveGen;
  private readonly info: GenInfo = { forced: false, best: 0 };
  private readonly moves: Int16Array;
  private readonly scores: Int32Array;
  /** Per ply: the points the filter listed (so the rest of the board can be tried after them). */
  private readonly seenAt: Uint8Array;
  /** The attacker's winning reply found last at each ply: tried first next time (the refutation repeats). */
  private readonly killer: Int16Array;
  private budget = 0;
  /** Makes since the last `reset`. */
  nodes = 0;
  private aborted = false;

  constructor(state: GameState) {
    const variant = state.rules.variant;
    if (variant.fiveRule === 'exactly-five' || variant.fiveMustSurviveReply || variant.poof) {
      throw new Error(`The prover does not support ${variant.name}.`);
    }
    this.pos = Position.fromState(state);
    this.gen = new MoveGen(this.pos);
    const n = this.pos.points;
    this.moves = new Int16Array(n * (MAX_PLIES + 2));
    this.scores = new Int32Array(n * (MAX_PLIES + 2));
    this.seenAt = new Uint8Array(n * (MAX_PLIES + 2));
    this.killer = new Int16Array(MAX_PLIES + 2).fill(-1);
  }

  /** Starts a new budget of makes for the next questions. */
  reset(budget: number): void {
    this.budget = budget;
    this.nodes = 0;
    this.aborted = false;
  }

  /** Whether the side to move wins within `plies` (odd) against every defence. */
  wins(plies: number): ProofAnswer {
    const r = this.attacker(Math.min(plies, MAX_PLIES), 0);
    return this.aborted ? 'unknown' : r;
  }

  /**
   * The side to move's moves, each with whether it wins within `plies` (every candidate near the stones is
   * tried: a winning first move far from every stone does not exist in a short win).
   */
  firstMoves(plies: number): { move: number; answer: ProofAnswer }[] {
    const pos = this.pos;
    const count = this.generate(0);
    const list = Array.from(this.moves.subarray(0, count));
    const me = pos.toMove;
    return list.map((m) => {
      pos.make(m);
      let answer: ProofAnswer;
      if (pos.winner === me) answer = 'win';
      else if (pos.winner !== 0 || plies <= 1) answer = 'no';
      else {
        const r = this.defender(Math.min(plies, MAX_PLIES) - 1, 1);
        answer = this.aborted ? 'unknown' : r;
      }
      pos.unmake();
      return { move: m, answer };
    });
  }

  /** After the attacker's move: whether the side to move now loses within `plies` (even) whatever it plays. */
  loses(plies: number): ProofAnswer {
    const r = this.defender(Math.min(plies, MAX_PLIES), 0);
    return this.aborted ? 'unknown' : r;
  }

  /** Every legal move of the side to move: the filter's first (best first), then the rest of the board. */
  allMoves(): number[] {
    const count = this.generate(0);
    const out = Array.from(this.moves.subarray(0, count));
    const seen = new Set(out);
    for (let p = 0; p < this.pos.points; p++) if (!seen.has(p) && this.pos.isLegal(p)) out.push(p);
    return out;
  }

  /** Whether the player has a win next move if it were its turn: a four, or a capture win one capture away. */
  threatens(player: Player): boolean {
    return canWinNow(this.pos, player);
  }

  private spend(): boolean {
    if (++this.nodes > this.budget) this.aborted = true;
    return this.aborted;
  }

  /** The filter's moves at this ply's buffer, sorted best first; returns how many. */
  private generate(ply: number): number {
    const base = ply * this.pos.points;
    const count = this.gen.generate(this.moves, this.scores, base, this.info);
    MoveGen.sort(this.moves, this.scores, base, base + count);
    return count;
  }

  private attacker(plies: number, ply: number): ProofAnswer {
    const pos = this.pos;
    const me = pos.toMove;
    const base = ply * pos.points;
    const count = this.generate(ply);
    if (count === 0) return 'no';
    if (this.scores[base] === WIN_NOW) return 'win';
    if (plies < 3) return 'no';
    let unknown = false;
    const killer = this.killer[ply]!;
    // The killer first, then the list in order (skipping the killer the second time).
    for (let i = -1; i < count; i++) {
      const m = i < 0 ? killer : this.moves[base + i]!;
      if (m < 0 || (i >= 0 && m === killer) || !pos.isLegal(m)) continue;
      if (i < 0 && !this.inList(base, count, m)) continue;
      if (this.spend()) return 'unknown';
      pos.make(m);
      let r: ProofAnswer;
      if (pos.winner === me) r = 'win';
      else if (pos.winner !== 0) r = 'no';
      else if (plies === 3 && !this.threatens(me)) r = 'no';
      else r = this.defender(plies - 1, ply + 1);
      pos.unmake();
      if (r === 'win') {
        this.killer[ply] = m;
        return 'win';
      }
      if (r === 'unknown') {
        if (this.aborted) return 'unknown';
        unknown = true;
      }
    }
    return unknown ? 'unknown' : 'no';
  }

  private inList(base: number, count: number, m: number): boolean {
    for (let i = 0; i < count; i++) if (this.moves[base + i] === m) return true;
    return false;
  }

  /** The defender to move: 'win' when every move loses within `plies` (even, ≥ 2). */
  private defender(plies: number, ply: number): ProofAnswer {
    const pos = this.pos;
    const me = pos.toMove;
    const base = ply * pos.points;
    const count = this.generate(ply);
    if (count > 0 && this.scores[base] === WIN_NOW) return 'no';
    const forced = this.info.forced;
    // Not forced with two plies left: the attacker has no win next move, so any quiet move holds.
    if (!forced && plies <= 2) return 'no';
    let unknown = false;
    const tryMove = (m: number): boolean => {
      if (this.spend()) return false;
      pos.make(m);
      let r: ProofAnswer;
      if (pos.winner === me) r = 'no';
      else if (pos.winner !== 0) r = 'win';
      else r = this.attacker(plies - 1, ply + 1);
      pos.unmake();
      if (r === 'unknown') unknown = true;
      return r === 'win';
    };
    for (let i = 0; i < count; i++)
      if (!tryMove(this.moves[base + i]!)) return this.aborted ? 'unknown' : unknown ? 'unknown' : 'no';
    if (!forced) {
      // Every other point of the board, too (a move the filter left out is still a move).
      const seen = this.seenAt;
      seen.fill(0, base, base + pos.points);
      for (let i = 0; i < count; i++) seen[base + this.moves[base + i]!] = 1;
      for (let p = 0; p < pos.points; p++) {
        if (seen[base + p] || !pos.isLegal(p)) continue;
        if (!tryMove(p)) return this.aborted ? 'unknown' : unknown ? 'unknown' : 'no';
      }
    }
    return unknown ? 'unknown' : 'win';
  }
}
