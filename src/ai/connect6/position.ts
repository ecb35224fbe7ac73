/**
 * Connect6's position for the engine: make/unmake on typed arrays, one stone a ply, with the line counter
 * kept incrementally over six-windows (every run of six points on a line), as the five-in-a-row games'
 * Position does over five-windows:
 *
 * - for each window, how many stones of each colour it holds; for each colour, how many windows hold k of
 *   its stones and none of the other's (`lineCount[player * 7 + k]`, k = 1…6: a window of six is a win);
 * - for each point, how many such windows with k stones pass through it (`through`), so a point that
 *   completes a window of five (one stone to six) or four (two stones to six) is read off at once;
 * - `near`, how many stones lie within two points (quiet candidate moves), and a 64-bit Zobrist hash of
 *   the stones (the side to move and the stones left in its turn follow from the stone count).
 *
 * Whose stone a ply is follows the core's `moverAt` (one stone for player 1, then two a turn), so the
 * search plays each stone as a ply with the side to move the rules give.
 */
import { type GameState, type Player, type Rules, centreOf, twoStoneTurnMover } from '../../core';
import { geometry, lineWindows } from '../geometry';
import { MAX_POINTS, STONE_HI, STONE_LO } from '../zobrist';

/** The winning run. */
export const SIX = 6;
/** A window's code: player 1's stones plus 7 times player 2's. */
const STONE_UNIT = [0, 1, 7] as const;
/** Codes of a six-window: a + 7b for a + b <= 6. */
const CODES = 49;

/** How many stones the side to move still places in its turn, this one included (1 or 2). */
export const c6StonesLeft = (ply: number): 1 | 2 => (ply !== 0 && (ply & 1) === 1 ? 2 : 1);

/** By code: the pure window's class player * 7 + k (k stones of one colour, none of the other), else 0. */
const CLASS_OF: Int8Array = (() => {
  const table = new Int8Array(CODES);
  for (let a = 0; a <= SIX; a++) {
    for (let b = 0; a + b <= SIX; b++) {
      const code = a + 7 * b;
      if (a > 0 && b === 0) table[code] = 7 + a;
      else if (b > 0 && a === 0) table[code] = 14 + b;
    }
  }
  return table;
})();

export class Connect6Position {
  readonly rules: Rules;
  readonly size: number;
  readonly points: number;
  readonly cells: Uint8Array;
  /** Stones placed since the start of the game: whose stone is next, and how many its turn has left. */
  ply = 0;
  /** Set by `make` when the stone made six: its player (0: the game goes on). */
  winner: 0 | Player = 0;
  hashLo = 0;
  hashHi = 0;
  /** Stones placed since the counter was last reset: the search's node count. */
  nodes = 0;
  /** Pure windows by class: [player * 7 + k], k stones of the player and none of the other's. */
  readonly lineCount = new Int32Array(21);
  /** Pure windows through a point by class: [(player * 7 + k) * points + point]. */
  readonly through: Int32Array;
  /** Stones within two points of each point. */
  readonly near: Int32Array;

  private readonly windowPoints: Int16Array;
  private readonly windowsStart: Int32Array;
  private readonly windowsOf: Int32Array;
  private readonly code: Int32Array;
  private readonly neighbours: Int16Array;
  private readonly neighbourCount: Uint8Array;
  private readonly undoPoint: Int16Array;
  private frames = 0;
  private sixMade = false;

  constructor(rules: Rules) {
    this.rules = rules;
    this.size = rules.size;
    this.points = rules.size * rules.size;
    this.cells = new Uint8Array(this.points);
    const w = lineWindows(rules.size, SIX);
    this.windowPoints = w.points;
    this.windowsStart = w.start;
    this.windowsOf = w.of;
    this.code = new Int32Array(w.count);
    const geo = geometry(rules.size, []);
    this.neighbours = geo.neighbours;
    this.neighbourCount = geo.neighbourCount;
    this.through = new Int32Array(21 * this.points);
    this.near = new Int32Array(this.points);
    this.undoPoint = new Int16Array(this.points + 1);
  }

  static fromState(state: GameState): Connect6Position {
    const pos = new Connect6Position(state.rules);
    for (let p = 0; p < pos.points; p++) if (state.cells[p]) pos.setCell(p, state.cells[p] as Player);
    pos.ply = state.moves.length;
    return pos;
  }

  /** The side to move: whose stone the next one is. */
  get toMove(): Player {
    return twoStoneTurnMover(this.ply);
  }

  /** Stones the side to move places in this turn, the next one included (1 or 2). */
  get stonesLeft(): 1 | 2 {
    return c6StonesLeft(this.ply);
  }

  /** How many pure windows of `player` hold k stones. */
  windows(player: Player, k: number): number {
    return this.lineCount[player * 7 + k]!;
  }

  /** How many pure windows of `player` with k stones pass through point p. */
  windowsThrough(player: Player, k: number, p: number): number {
    return this.through[(player * 7 + k) * this.points + p]!;
  }

  /** Places the side to move's stone at p. Afterwards `winner` says whether it made six. */
  make(p: number): void {
    const player = twoStoneTurnMover(this.ply);
    this.nodes++;
    this.undoPoint[this.frames++] = p;
    this.sixMade = false;
    this.setCell(p, player);
    this.ply++;
    this.winner = this.sixMade ? player : 0;
  }

  /** Takes back the last stone. */
  unmake(): void {
    const p = this.undoPoint[--this.frames]!;
    this.setCell(p, 0);
    this.ply--;
    this.winner = 0;
  }

  /** The point of the stone `back` stones before the last (0: the last), or -1. */
  lastMove(back = 0): number {
    return this.frames > back ? this.undoPoint[this.frames - 1 - back]! : -1;
  }

  /** The empty points worth a look: within two of a stone; on an empty board, the centre. */
  listCandidates(out: Int16Array): number {
    let count = 0;
    const cells = this.cells;
    const near = this.near;
    for (let q = 0; q < this.points; q++) if (cells[q] === 0 && near[q]! > 0) out[count++] = q;
    if (count === 0 && cells[centreOf(this.size)] === 0) out[count++] = centreOf(this.size);
    return count;
  }

  /** Puts a stone on p (1 or 2) or empties it (0), updating every incremental count through p. */
  private setCell(p: number, value: 0 | Player): void {
    const old = this.cells[p]!;
    if (old === value) return;
    const delta = STONE_UNIT[value] - STONE_UNIT[old as 0 | Player];
    const n = this.points;
    const through = this.through;
    const lineCount = this.lineCount;
    const windowPoints = this.windowPoints;
    const end = this.windowsStart[p + 1]!;
    for (let i = this.windowsStart[p]!; i < end; i++) {
      const w = this.windowsOf[i]!;
      const code = this.code[w]!;
      const next = code + delta;
      this.code[w] = next;
      const before = CLASS_OF[code]!;
      const after = CLASS_OF[next]!;
      if (before === after) continue;
      lineCount[before]!--;
      lineCount[after]!++;
      if (after === 13 || after === 20) this.sixMade = true;
      const k0 = w * SIX;
      if (before !== 0) {
        const o = before * n;
        for (let k = k0; k < k0 + SIX; k++) through[o + windowPoints[k]!]!--;
      }
      if (after !== 0) {
        const o = after * n;
        for (let k = k0; k < k0 + SIX; k++) through[o + windowPoints[k]!]!++;
      }
    }
    this.cells[p] = value;
    if (old) {
      this.hashLo ^= STONE_LO[old * MAX_POINTS + p]!;
      this.hashHi ^= STONE_HI[old * MAX_POINTS + p]!;
    }
    if (value) {
      this.hashLo ^= STONE_LO[value * MAX_POINTS + p]!;
      this.hashHi ^= STONE_HI[value * MAX_POINTS + p]!;
    }
    if ((old === 0) !== (value === 0)) {
      const d = value ? 1 : -1;
      const start = p * 24;
      const stop = start + this.neighbourCount[p]!;
      for (let i = start; i < stop; i++) this.near[this.neighbours[i]!]! += d;
    }
  }
}
