/**
 * The engine's mutable position: make/unmake on typed arrays, with everything the evaluation and the move
 * filter read kept up to date incrementally when a stone is placed or removed (captures included):
 *
 * - the line counter: for each five-window, how many stones of each colour it holds; for each colour, how
 *   many windows hold k of its stones and none of the other's (`lineCount`), and for each point, how many
 *   such windows with k stones pass through it (`threat`: a point in a window with four is a winning point);
 * - capture windows (X O O _): for each colour, the points where it would capture (`captureAt`) and
 *   the total number of such opportunities (`takes`);
 * - `near`: how many stones lie within two points, so quiet candidate moves come from around the stones;
 * - a 64-bit Zobrist hash of stones, captured stones and side to move.
 *
 * The rules themselves (which stones a move captures or poofs, fives, capture wins, opening rules) come
 * from src/core's primitives, so the search plays exactly the game the rest of the app plays.
 */
import {
  type GameState,
  type Player,
  type Rules,
  MAX_CAPTURED_PER_MOVE,
  captureWin,
  fiveLine,
  findCaptures,
  findPoofs,
  isCapturable,
  makesFive,
  openingRestriction,
} from '../core';
import { type CaptureWindows, type Geometry, geometry } from './geometry';
import { CAPTURE_HI, CAPTURE_LO, MAX_CAPTURE_COUNT, MAX_POINTS, SIDE_HI, SIDE_LO, STONE_HI, STONE_LO } from './zobrist';

/** Deepest line the search may reach from the root, game moves before it not counted. */
export const MAX_SEARCH_PLY = 128;

export class Position {
  readonly rules: Rules;
  readonly geo: Geometry;
  readonly size: number;
  readonly points: number;
  readonly cells: Uint8Array;
  /** Stones captured by player 1 at [0] and player 2 at [1] (the core's layout). */
  readonly captures = new Int32Array(2);
  toMove: Player = 1;
  /** Moves played since the start of the game (the opening rules depend on it). */
  ply = 0;
  /** Boat-Pente: the player whose five the coming move may still break (0: none). */
  pendingFive: 0 | Player = 0;
  /** Set by `make` when the move ended the game: the winner (0: the game goes on). */
  winner: 0 | Player = 0;
  hashLo = 0;
  hashHi = 0;
  /** Moves made since the counter was last reset: the search's node count. */
  nodes = 0;

  /** Stones of player 1 and 2 in each five-window. */
  private readonly count1: Uint8Array;
  private readonly count2: Uint8Array;
  /** Windows with k stones of a player and none of the other: [player * 6 + k]. */
  readonly lineCount = new Int32Array(18);
  /** Pure windows of a player with k stones through a point: [(player * 5 + k) * points + point], k = 2…4. */
  readonly threat: Int16Array;
  /** Capture opportunities: [player * points + point] = how many runs the player captures by playing there. */
  readonly captureAt: Int16Array;
  /** Total capture opportunities per player: [player]. */
  readonly takes = new Int32Array(3);
  /** Stones within two points of each point. */
  readonly near: Uint8Array;

  // Module constants held as fields: a field read is cheaper than a module binding in some loaders.
  private readonly stoneLo = STONE_LO;
  private readonly stoneHi = STONE_HI;
  private readonly captureLengths: readonly number[];
  private readonly captureWindowSets: readonly CaptureWindows[];
  private readonly exactFive: boolean;

  // Undo stack: one frame a move, and the stones each move removed.
  private readonly undoPoint = new Int16Array(MAX_SEARCH_PLY + MAX_POINTS);
  private readonly undoCaptured = new Uint8Array(MAX_SEARCH_PLY + MAX_POINTS);
  private readonly undoPoofed = new Uint8Array(MAX_SEARCH_PLY + MAX_POINTS);
  private readonly undoPending = new Uint8Array(MAX_SEARCH_PLY + MAX_POINTS);
  private readonly removed = new Int16Array((MAX_SEARCH_PLY + MAX_POINTS) * MAX_CAPTURED_PER_MOVE);
  private frames = 0;
  private removedTop = 0;

  constructor(rules: Rules) {
    this.rules = rules;
    this.size = rules.size;
    this.points = rules.size * rules.size;
    this.captureLengths = rules.variant.captureLengths;
    this.exactFive = rules.variant.fiveRule === 'exactly-five';
    this.geo = geometry(rules.size, this.captureLengths);
    this.captureWindowSets = [...this.geo.captureWindows.values()];
    this.cells = new Uint8Array(this.points);
    this.count1 = new Uint8Array(this.geo.windowCount);
    this.count2 = new Uint8Array(this.geo.windowCount);
    this.threat = new Int16Array(15 * this.points);
    this.captureAt = new Int16Array(3 * this.points);
    this.near = new Uint8Array(this.points);
  }

  /** The position of a game state (its stones, captures, side to move and move number). */
  static fromState(state: GameState): Position {
    const pos = new Position(state.rules);
    for (let p = 0; p < pos.points; p++) if (state.cells[p]) pos.setCell(p, state.cells[p] as Player);
    pos.setCaptures(1, state.captures[0]);
    pos.setCaptures(2, state.captures[1]);
    pos.toMove = state.toMove;
    if (state.toMove === 2) {
      pos.hashLo ^= SIDE_LO;
      pos.hashHi ^= SIDE_HI;
    }
    pos.ply = state.moves.length;
    pos.pendingFive = state.pendingFive ?? 0;
    return pos;
  }

  /** Whether the side to move may play at p: empty, and allowed by the opening rules. */
  isLegal(p: number): boolean {
    return this.cells[p] === 0 && (this.ply > 2 || openingRestriction(this.rules, this.ply, p) === null);
  }

  /** Plays p for the side to move. Afterwards `winner` says whether the move ended the game. */
  make(p: number): void {
    const player = this.toMove;
    const enemy = (3 - player) as Player;
    this.nodes++;
    const f = this.frames++;
    this.undoPoint[f] = p;
    this.undoPending[f] = this.pendingFive;
    this.setCell(p, player);
    const lengths = this.captureLengths;
    const top = this.removedTop;
    // Captures and poofs are found on the same board, before either is removed (as in the core).
    const nCaptured = findCaptures(this.cells, this.size, p, player, lengths, this.removed, top);
    const nPoofed = this.rules.variant.poof
      ? findPoofs(this.cells, this.size, p, player, lengths, this.removed, top + nCaptured)
      : 0;
    for (let i = 0; i < nCaptured + nPoofed; i++) this.setCell(this.removed[top + i]!, 0);
    this.removedTop = top + nCaptured + nPoofed;
    this.undoCaptured[f] = nCaptured;
    this.undoPoofed[f] = nPoofed;
    if (nCaptured) this.setCaptures(player, this.captures[player - 1]! + nCaptured);
    if (nPoofed) this.setCaptures(enemy, this.captures[enemy - 1]! + nPoofed);
    this.toMove = enemy;
    this.hashLo ^= SIDE_LO;
    this.hashHi ^= SIDE_HI;
    this.ply++;

    // The outcome, in the core's order: capture win, then five (Boat-Pente: a breakable five waits).
    const previousPending = this.pendingFive;
    this.pendingFive = 0;
    this.winner = 0;
    const byCaptures = nCaptured + nPoofed > 0 ? captureWin(this.rules, this.captures, player) : null;
    if (byCaptures) {
      this.winner = byCaptures;
    } else if (this.cells[p] === player && makesFive(this.cells, this.size, p, player, this.exactFive)) {
      if (this.rules.variant.fiveMustSurviveReply && this.fiveIsBreakable(p, player)) this.pendingFive = player;
      else this.winner = player;
    } else if (previousPending === enemy && this.lineCount[enemy * 6 + 5]! > 0) {
      this.winner = enemy;
    }
  }

  /** Takes back the last move. */
  unmake(): void {
    const f = --this.frames;
    const p = this.undoPoint[f]!;
    const enemy = this.toMove;
    const player = (3 - enemy) as Player;
    const nCaptured = this.undoCaptured[f]!;
    const nPoofed = this.undoPoofed[f]!;
    const top = this.removedTop - nCaptured - nPoofed;
    if (nCaptured) this.setCaptures(player, this.captures[player - 1]! - nCaptured);
    if (nPoofed) this.setCaptures(enemy, this.captures[enemy - 1]! - nPoofed);
    for (let i = 0; i < nCaptured; i++) this.setCell(this.removed[top + i]!, enemy);
    for (let i = nCaptured; i < nCaptured + nPoofed; i++) this.setCell(this.removed[top + i]!, player);
    this.setCell(p, 0);
    this.removedTop = top;
    this.toMove = player;
    this.hashLo ^= SIDE_LO;
    this.hashHi ^= SIDE_HI;
    this.ply--;
    this.pendingFive = this.undoPending[f] as 0 | Player;
    this.winner = 0;
  }

  /** Passes the move (null-move pruning's "what if I did nothing"): only the side to move changes. */
  makeNull(): void {
    this.toMove = (3 - this.toMove) as Player;
    this.hashLo ^= SIDE_LO;
    this.hashHi ^= SIDE_HI;
  }

  unmakeNull(): void {
    this.makeNull();
  }

  /** The point of the last move made, or -1. */
  lastMove(back = 0): number {
    return this.frames > back ? this.undoPoint[this.frames - 1 - back]! : -1;
  }

  /** Stones the last move removed (captured, then poofed). */
  lastRemovedCount(): number {
    return this.frames ? this.undoCaptured[this.frames - 1]! + this.undoPoofed[this.frames - 1]! : 0;
  }

  private fiveIsBreakable(p: number, player: Player): boolean {
    // Boat-Pente only, and only when a five is made: the one place the engine allocates (the core's line).
    for (const q of fiveLine(this.cells, this.size, p, player, false)) {
      if (isCapturable(this.cells, this.size, q, player, this.captureLengths)) return true;
    }
    return false;
  }

  private setCaptures(player: Player, count: number): void {
    const old = this.captures[player - 1]!;
    const base = player * MAX_CAPTURE_COUNT;
    const o = Math.min(old, MAX_CAPTURE_COUNT - 1);
    const n = Math.min(count, MAX_CAPTURE_COUNT - 1);
    this.hashLo ^= CAPTURE_LO[base + o]! ^ CAPTURE_LO[base + n]!;
    this.hashHi ^= CAPTURE_HI[base + o]! ^ CAPTURE_HI[base + n]!;
    this.captures[player - 1] = count;
  }

  /** Puts a stone on p (1 or 2) or empties it (0), updating every incremental count through p. */
  private setCell(p: number, value: 0 | Player): void {
    const old = this.cells[p]!;
    if (old === value) return;
    const geo = this.geo;
    const points = this.points;
    const threat = this.threat;
    const lineCount = this.lineCount;
    const c1 = this.count1;
    const c2 = this.count2;
    const wp = geo.windowPoints;

    for (const cw of this.captureWindowSets) this.updateCaptureWindows(cw, p, -1);

    const end = geo.windowsStart[p + 1]!;
    for (let i = geo.windowsStart[p]!; i < end; i++) {
      const w = geo.windowsOf[i]!;
      const a = c1[w]!;
      const b = c2[w]!;
      const na = a + (value === 1 ? 1 : 0) - (old === 1 ? 1 : 0);
      const nb = b + (value === 2 ? 1 : 0) - (old === 2 ? 1 : 0);
      c1[w] = na;
      c2[w] = nb;
      // The window's class: pure for one player with k stones (k > 0), or mixed/empty (-1).
      const oldBase = a > 0 && b === 0 ? 6 + a : b > 0 && a === 0 ? 12 + b : -1;
      const newBase = na > 0 && nb === 0 ? 6 + na : nb > 0 && na === 0 ? 12 + nb : -1;
      if (oldBase >= 0) lineCount[oldBase]!--;
      if (newBase >= 0) lineCount[newBase]!++;
      // Per-point threat counts are kept for windows of two to four stones (one-stone windows are too
      // common to be worth it: quiet moves come from `near`).
      const oldT =
        a >= 2 && a <= 4 && b === 0 ? (5 + a) * points : b >= 2 && b <= 4 && a === 0 ? (10 + b) * points : -1;
      const newT =
        na >= 2 && na <= 4 && nb === 0 ? (5 + na) * points : nb >= 2 && nb <= 4 && na === 0 ? (10 + nb) * points : -1;
      if (oldT === newT) continue;
      const k0 = w * 5;
      if (oldT >= 0 && newT >= 0) {
        for (let k = k0; k < k0 + 5; k++) {
          const q = wp[k]!;
          threat[oldT + q]!--;
          threat[newT + q]!++;
        }
      } else if (oldT >= 0) {
        for (let k = k0; k < k0 + 5; k++) threat[oldT + wp[k]!]!--;
      } else {
        for (let k = k0; k < k0 + 5; k++) threat[newT + wp[k]!]!++;
      }
    }

    this.cells[p] = value;
    if (old) {
      this.hashLo ^= this.stoneLo[old * MAX_POINTS + p]!;
      this.hashHi ^= this.stoneHi[old * MAX_POINTS + p]!;
    }
    if (value) {
      this.hashLo ^= this.stoneLo[value * MAX_POINTS + p]!;
      this.hashHi ^= this.stoneHi[value * MAX_POINTS + p]!;
    }
    if ((old === 0) !== (value === 0)) {
      const delta = value ? 1 : -1;
      const nb = geo.neighbours;
      const start = p * 24;
      const stop = start + geo.neighbourCount[p]!;
      for (let i = start; i < stop; i++) this.near[nb[i]!]! += delta;
    }

    for (const cw of this.captureWindowSets) this.updateCaptureWindows(cw, p, 1);
  }

  /** Adds (sign 1) or removes (sign -1) the capture opportunities of the capture windows through p. */
  private updateCaptureWindows(cw: CaptureWindows, p: number, sign: number): void {
    const cells = this.cells;
    const pts = cw.points;
    const span = cw.span;
    const end = cw.start[p + 1]!;
    for (let i = cw.start[p]!; i < end; i++) {
      const base = cw.of[i]! * span;
      const middle = cells[pts[base + 1]!]!;
      if (middle === 0) continue;
      let k = 2;
      while (k < span - 1 && cells[pts[base + k]!] === middle) k++;
      if (k < span - 1) continue;
      const capturer = 3 - middle;
      const first = cells[pts[base]!]!;
      const last = cells[pts[base + span - 1]!]!;
      let at = -1;
      if (first === 0 && last === capturer) at = pts[base]!;
      else if (last === 0 && first === capturer) at = pts[base + span - 1]!;
      if (at < 0) continue;
      this.captureAt[capturer * this.points + at]! += sign;
      this.takes[capturer]! += sign;
    }
  }
}
