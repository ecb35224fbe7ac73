/**
 * The engine's mutable position: make/unmake on typed arrays, with everything the evaluation and the move
 * filter read kept up to date incrementally when a stone is placed or removed (captures included):
 *
 * - the line counter: for each five-window, how many stones of each colour it holds; for each colour, how
 *   many windows hold k of its stones and none of the other's (`lineCount`), and for each point, how many
 *   such windows with k stones pass through it (`threat`: a point in a window with four is a winning point);
 * - capture windows (X O O _): for each colour, the points where it would capture (`captureAt`), the
 *   total number of such opportunities (`takes`), and the points where it would threaten a pair
 *   (`captureThreat`: playing either end of _ O O _ makes X O O _; in Keryo-Pente _ O O O _ too);
 * - `near`: how many stones lie within two points, so quiet candidate moves come from around the stones,
 *   and `candidates`, a bitset of the empty points with a stone within two;
 * - a 64-bit Zobrist hash of stones, captured stones and side to move.
 *
 * The rules themselves (which stones a move captures or poofs, fives, capture wins, opening rules, Renju's
 * forbidden points) come from src/core's primitives, so the search plays exactly the game the rest of the
 * app plays.
 *
 * Renju: black (player 1) wins only with exactly five, white with five or more; black's forbidden points
 * (core's `forbiddenIn`, asked on this position's own cells) are not legal here (`isLegal`, `forbidden`):
 * the move generator never offers one, so `make` does not judge them again; the opening's area limits
 * (stones 1–5 within the centre's 1×1 … 9×9) hold in `isLegal`.
 */
import {
  type GameState,
  type Player,
  type Rules,
  CAPTURES_ENEMY,
  CAPTURES_MOVER,
  CAPTURES_NONE,
  MAX_CAPTURED_PER_MOVE,
  OUTCOME_CAPTURES,
  OUTCOME_ENEMY_CAPTURES,
  OUTCOME_ENEMY_FIVE,
  OUTCOME_FIVE,
  OUTCOME_PENDING_FIVE,
  captureWin,
  decideOutcome,
  everyFiveBreakable,
  findCaptures,
  findPoofs,
  forbiddenIn,
  makesFive,
  openingRestriction,
  withinRenjuArea,
} from '../core';
import { CAPTURE_TABLE, type Geometry, geometry } from './geometry';
import { CAPTURE_HI, CAPTURE_LO, MAX_CAPTURE_COUNT, MAX_POINTS, SIDE_HI, SIDE_LO, STONE_HI, STONE_LO } from './zobrist';

/** A stone's weight in a five-window's code: the code is player 1's stones plus 6 times player 2's. */
const STONE_UNIT = Int8Array.from([0, 1, 6]);

/** Bits per count in a packed threat entry (at most 20 windows pass through a point). */
export const THREAT_BITS = 5;
export const THREAT_MASK = (1 << THREAT_BITS) - 1;

/** The count of pure windows with k stones (2…4) in a packed threat entry. */
export const threatCount = (packed: number, k: number): number => (packed >> (THREAT_BITS * (k - 2))) & THREAT_MASK;

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

  /**
   * The incremental state and the geometry it is updated from, in one typed array (one base pointer for
   * the hot loop to keep); the public counts below are views into it, at the offsets in the o… fields.
   */
  private readonly mem: Int32Array;
  /**
   * Windows with k stones of a player and none of the other: [player * 6 + k]; at [player * 6], its fours
   * blocked by a single stone of the other (which a capture could take away). ([0] is scratch: the other
   * mixed windows and the empty ones are counted there, less the window count.)
   */
  readonly lineCount: Int32Array;
  /**
   * Pure windows of a player with k stones (k = 2…4) through a point, packed: [player * points + point] holds
   * the count for k at bits 5 * (k - 2) (see threatCount).
   */
  readonly threat: Int32Array;
  /** Capture opportunities: [player * points + point] = how many runs the player captures by playing there. */
  readonly captureAt: Int32Array;
  /** Total capture opportunities per player: [player]. */
  readonly takes: Int32Array;
  /**
   * Capture threats: [player * points + point] = how many runs (_ O O _, and in Keryo-Pente _ O O O _) the
   * player threatens by playing there.
   */
  readonly captureThreat: Int32Array;
  /** Stones within two points of each point. */
  readonly near: Int32Array;
  /** The empty points with near > 0, as a bitset: bit (p & 31) of word p >> 5. */
  readonly candidates: Int32Array;

  // Offsets in `mem`. Five-windows: the windows through p at windowsOf[windowsStart[p] .. windowsStart[p + 1]),
  // window w's points at windowPoints[w * 5 ..], its code (player 1's stones + 6 × player 2's) at
  // windowCode[w]; by code, its lineCount index (lineClass), and the offset in mem of its owner's threat
  // counts (threatBase, -1: not a pure window of 2–4 stones) and what it adds there (threatUnit).
  private readonly oWindowsStart: number;
  private readonly oWindowsOf: number;
  private readonly oWindowPoints: number;
  private readonly oWindowCode: number;
  private readonly oLineClass: number;
  private readonly oThreatBase: number;
  private readonly oThreatUnit: number;
  private readonly oLineCount: number;
  private readonly oThreat: number;
  // Capture windows (see Geometry.capPoints): their codes, and CAPTURE_TABLE.
  private readonly oCapStart: number;
  private readonly oCapOf: number;
  private readonly oCapMult: number;
  private readonly oCapTable: number;
  private readonly oCapPoints: number;
  private readonly oCapCode: number;
  private readonly oCaptureTable: number;
  private readonly oCaptureAt: number;
  private readonly oTakes: number;
  private readonly oCaptureThreat: number;
  // Points within two: neighbours of p at [p * 24, p * 24 + neighbourCount[p]).
  private readonly oNeighbours: number;
  private readonly oNeighbourCount: number;
  private readonly oNear: number;
  private readonly oCandidates: number;

  // Module constants held as fields: a field read is cheaper than a module binding in some loaders.
  private readonly stoneLo = STONE_LO;
  private readonly stoneHi = STONE_HI;
  private readonly captureLengths: readonly number[];
  private readonly exactFive: boolean;
  /** Renju: black's forbidden points, its exactly-five against white's five or more, the opening's areas. */
  readonly renju: boolean;
  private readonly poof: boolean;
  /** Set by setCell when a window of five of one colour appears. */
  private fiveMade = false;

  // Undo stack: one frame a move, and the stones each move removed.
  private readonly undoPoint = new Int16Array(MAX_SEARCH_PLY + MAX_POINTS);
  private readonly undoCaptured = new Uint8Array(MAX_SEARCH_PLY + MAX_POINTS);
  private readonly undoPoofed = new Uint8Array(MAX_SEARCH_PLY + MAX_POINTS);
  private readonly undoPending = new Uint8Array(MAX_SEARCH_PLY + MAX_POINTS);
  private readonly removed = new Int16Array((MAX_SEARCH_PLY + MAX_POINTS) * MAX_CAPTURED_PER_MOVE);
  private frames = 0;
  private removedTop = 0;
  /** Scratch for captureMayOpenFour: the stones a capture would take. */
  private readonly scratch = new Int16Array(MAX_CAPTURED_PER_MOVE);

  constructor(rules: Rules) {
    this.rules = rules;
    this.size = rules.size;
    this.points = rules.size * rules.size;
    this.captureLengths = rules.variant.captureLengths;
    this.exactFive = rules.variant.fiveRule === 'exactly-five';
    this.renju = rules.variant.renju === true;
    this.poof = rules.variant.poof;
    this.geo = geometry(rules.size, this.captureLengths);
    this.cells = new Uint8Array(this.points);
    const geo = this.geo;
    const n = this.points;
    // Lay out `mem`: each part's offset, then its contents.
    let size = 0;
    const take = (length: number): number => {
      const at = size;
      size += length;
      return at;
    };
    this.oWindowsStart = take(n + 1);
    this.oWindowsOf = take(geo.windowsOf.length);
    this.oWindowPoints = take(geo.windowPoints.length);
    this.oWindowCode = take(geo.windowCount);
    this.oLineClass = take(36);
    this.oThreatBase = take(36);
    this.oThreatUnit = take(36);
    this.oLineCount = take(18);
    this.oThreat = take(3 * n);
    this.oCapStart = take(n + 1);
    this.oCapOf = take(geo.capOf.length);
    this.oCapMult = take(geo.capMult.length);
    this.oCapTable = take(geo.capTable.length);
    this.oCapPoints = take(geo.capPoints.length);
    this.oCapCode = take(geo.capCount);
    this.oCaptureTable = take(CAPTURE_TABLE.length);
    this.oCaptureAt = take(3 * n);
    this.oTakes = take(3);
    this.oCaptureThreat = take(3 * n);
    this.oNeighbours = take(geo.neighbours.length);
    this.oNeighbourCount = take(n);
    this.oNear = take(n);
    this.oCandidates = take((n + 31) >> 5);
    const mem = new Int32Array(size);
    this.mem = mem;
    mem.set(geo.windowsStart, this.oWindowsStart);
    mem.set(geo.windowsOf, this.oWindowsOf);
    mem.set(geo.windowPoints, this.oWindowPoints);
    for (let code = 0; code < 36; code++) mem[this.oThreatBase + code] = -1;
    for (let a = 0; a <= 5; a++) {
      for (let b = 0; a + b <= 5; b++) {
        const code = a + STONE_UNIT[2]! * b;
        const player = a > 0 && b === 0 ? 1 : b > 0 && a === 0 ? 2 : 0;
        const k = a + b;
        if (player) mem[this.oLineClass + code] = player * 6 + k;
        // A player's four blocked by one stone of the other (a capture may open it) is counted at [player * 6].
        else if (k === 5 && (a === 4 || b === 4)) mem[this.oLineClass + code] = (a === 4 ? 1 : 2) * 6;
        if (player && k >= 2 && k <= 4) {
          mem[this.oThreatBase + code] = this.oThreat + player * n;
          mem[this.oThreatUnit + code] = 1 << (THREAT_BITS * (k - 2));
        }
      }
    }
    mem.set(geo.capStart, this.oCapStart);
    mem.set(geo.capOf, this.oCapOf);
    mem.set(geo.capMult, this.oCapMult);
    for (let w = 0; w < geo.capCount; w++) mem[this.oCapTable + w] = this.oCaptureTable + geo.capTable[w]!;
    mem.set(geo.capPoints, this.oCapPoints);
    mem.set(CAPTURE_TABLE, this.oCaptureTable);
    mem.set(geo.neighbours, this.oNeighbours);
    mem.set(geo.neighbourCount, this.oNeighbourCount);
    this.lineCount = mem.subarray(this.oLineCount, this.oLineCount + 18);
    this.threat = mem.subarray(this.oThreat, this.oThreat + 3 * n);
    this.captureAt = mem.subarray(this.oCaptureAt, this.oCaptureAt + 3 * n);
    this.takes = mem.subarray(this.oTakes, this.oTakes + 3);
    this.captureThreat = mem.subarray(this.oCaptureThreat, this.oCaptureThreat + 3 * n);
    this.near = mem.subarray(this.oNear, this.oNear + n);
    this.candidates = mem.subarray(this.oCandidates, this.oCandidates + ((n + 31) >> 5));
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

  /**
   * Whether the side to move may play at p: empty, and allowed by the opening rules (Renju: within the
   * opening's area, and for black not a forbidden point).
   */
  isLegal(p: number): boolean {
    if (this.cells[p] !== 0) return false;
    if (this.renju) {
      if (this.ply <= 4 && !withinRenjuArea(this.size, this.ply, p)) return false;
      return this.toMove !== 1 || !this.forbidden(p);
    }
    return this.ply > 2 || openingRestriction(this.rules, this.ply, p) === null;
  }

  /** Whether a win needs exactly five for this player: Gomoku's both, Renju's black. */
  exactFor(player: Player): boolean {
    return this.exactFive && !(this.renju && player === 2);
  }

  /** The stones of the opening whose area limits hold: Renju's first five (0 elsewhere). */
  get openingPlies(): number {
    return this.renju ? 4 : 2;
  }

  /**
   * Renju: whether the empty point p is forbidden to black (an overline, a double four, a double three:
   * core's finder, on these cells: its trial stones are taken off again, and nothing else is touched).
   * Quick tests first, each a condition the finder's answer needs: an overline needs a window of four of
   * black's stones through p; a three or a four, two of black's stones on the line within four points of
   * p, with no white stone between, so a double three or four needs two such lines, or one line with four
   * such stones (two fours on one line, X.XXX.X). Most points fail them for a few array reads.
   */
  forbidden(p: number): boolean {
    const t = this.threat[this.points + p]!;
    if (t === 0) return false;
    if (t >> (2 * THREAT_BITS) === 0) {
      if ((t & THREAT_MASK) + ((t >> THREAT_BITS) & THREAT_MASK) < 2) return false;
      const cells = this.cells;
      const size = this.size;
      const x = p % size;
      const y = (p - x) / size;
      let lines = 0;
      let crowded = false;
      for (let a = 0; a < 4 && lines < 2 && !crowded; a++) {
        const dx = a === 1 ? 0 : 1;
        const dy = a === 0 ? 0 : a === 3 ? -1 : 1;
        let count = 0;
        for (let sign = -1; sign <= 1; sign += 2) {
          for (let k = 1; k <= 4; k++) {
            const i = x + sign * k * dx;
            const j = y + sign * k * dy;
            if (i < 0 || j < 0 || i >= size || j >= size) break;
            const c = cells[j * size + i]!;
            if (c === 2) break;
            if (c === 1) count++;
          }
        }
        if (count >= 2) lines++;
        if (count >= 4) crowded = true;
      }
      if (lines < 2 && !crowded) return false;
    }
    return forbiddenIn(this.cells, this.size, p) !== null;
  }

  /** Plays p for the side to move. Afterwards `winner` says whether the move ended the game. */
  make(p: number): void {
    const player = this.toMove;
    const enemy = (3 - player) as Player;
    this.nodes++;
    const f = this.frames++;
    this.undoPoint[f] = p;
    this.undoPending[f] = this.pendingFive;
    // The capture windows already know whether p captures; the line counter, whether it makes a five.
    const captures = this.captureAt[player * this.points + p]! > 0;
    this.fiveMade = false;
    this.setCell(p, player);
    const fiveMade = this.fiveMade;
    const lengths = this.captureLengths;
    const top = this.removedTop;
    // Captures and poofs are found on the same board, before either is removed (as in the core).
    const nCaptured = captures ? findCaptures(this.cells, this.size, p, player, lengths, this.removed, top) : 0;
    const nPoofed = this.poof ? findPoofs(this.cells, this.size, p, player, lengths, this.removed, top + nCaptured) : 0;
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

    // The outcome, in the core's order (src/core/outcome.ts). Capture counts only change when stones are
    // removed. (A full board is left to the search: the side to move has no move, a draw.)
    const previousPending = this.pendingFive;
    const exact = this.exactFive && !(this.renju && player === 2);
    const five = fiveMade && this.cells[p] === player && makesFive(this.cells, this.size, p, player, exact);
    const breakable =
      five &&
      this.rules.variant.fiveMustSurviveReply &&
      everyFiveBreakable(this.cells, this.size, p, player, exact, this.captureLengths);
    const enemyFiveStands = previousPending === enemy && this.lineCount[enemy * 6 + 5]! > 0;
    const byCaptures = nCaptured + nPoofed > 0 ? captureWin(this.rules, this.captures, player) : null;
    const captureWinner = byCaptures === null ? CAPTURES_NONE : byCaptures === player ? CAPTURES_MOVER : CAPTURES_ENEMY;
    const outcome = decideOutcome(five, breakable, enemyFiveStands, captureWinner, false);
    this.winner =
      outcome === OUTCOME_FIVE || outcome === OUTCOME_CAPTURES
        ? player
        : outcome === OUTCOME_ENEMY_FIVE || outcome === OUTCOME_ENEMY_CAPTURES
          ? enemy
          : 0;
    this.pendingFive = outcome === OUTCOME_PENDING_FIVE ? player : 0;
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

  /** Writes the candidate points (empty, with a stone within two) to `out` in increasing order; returns how many. */
  listCandidates(out: Int16Array): number {
    const words = this.candidates;
    let count = 0;
    for (let i = 0; i < words.length; i++) {
      let bits = words[i]!;
      while (bits !== 0) {
        const low = bits & -bits;
        out[count++] = (i << 5) + 31 - Math.clz32(low);
        bits ^= low;
      }
    }
    return count;
  }

  /**
   * A quick test before the exact one (make and look): whether the player's capture at q might open a line
   * of four, that is whether a stone it takes lies in a window holding four of the player's stones once q
   * is counted. False means it cannot.
   */
  captureMayOpenFour(q: number, player: Player): boolean {
    const taken = this.scratch;
    const count = findCaptures(this.cells, this.size, q, player, this.captureLengths, taken, 0);
    const mem = this.mem;
    const oWindowCode = this.oWindowCode;
    const oWindowPoints = this.oWindowPoints;
    for (let i = 0; i < count; i++) {
      const c = taken[i]!;
      const end = this.oWindowsOf + mem[this.oWindowsStart + c + 1]!;
      for (let j = this.oWindowsOf + mem[this.oWindowsStart + c]!; j < end; j++) {
        const w = mem[j]!;
        const code = mem[oWindowCode + w]!;
        const mine = player === 1 ? code % 6 : (code / 6) | 0;
        if (mine < 3) continue;
        if (mine >= 4) return true;
        const k0 = oWindowPoints + w * 5;
        for (let k = k0; k < k0 + 5; k++) if (mem[k] === q) return true;
      }
    }
    return false;
  }

  /** The point of the last move made, or -1. */
  lastMove(back = 0): number {
    return this.frames > back ? this.undoPoint[this.frames - 1 - back]! : -1;
  }

  /** Stones the last move removed (captured, then poofed). */
  lastRemovedCount(): number {
    return this.frames ? this.undoCaptured[this.frames - 1]! + this.undoPoofed[this.frames - 1]! : 0;
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
    const mem = this.mem;

    // Five-windows: the line counter, and the threat counts of the windows' points.
    const oWindowsOf = this.oWindowsOf;
    const oWindowPoints = this.oWindowPoints;
    const oWindowCode = this.oWindowCode;
    const oLineClass = this.oLineClass;
    const oThreatBase = this.oThreatBase;
    const oThreatUnit = this.oThreatUnit;
    const oLineCount = this.oLineCount;
    const delta = STONE_UNIT[value]! - STONE_UNIT[old]!;
    const end = oWindowsOf + mem[this.oWindowsStart + p + 1]!;
    let five = false;
    for (let i = oWindowsOf + mem[this.oWindowsStart + p]!; i < end; i++) {
      const w = mem[i]!;
      const code = mem[oWindowCode + w]!;
      const next = code + delta;
      mem[oWindowCode + w] = next;
      mem[oLineCount + mem[oLineClass + code]!]!--;
      mem[oLineCount + mem[oLineClass + next]!]!++;
      if (next === 5 || next === 30) five = true;
      // Per-point threat counts are kept for windows of two to four stones (one-stone windows are too
      // common to be worth it: quiet moves come from `near`).
      const oldT = mem[oThreatBase + code]!;
      const newT = mem[oThreatBase + next]!;
      const k0 = oWindowPoints + w * 5;
      if (oldT === newT) {
        if (oldT < 0) continue;
        // The same player's window with one stone more or less.
        const d = mem[oThreatUnit + next]! - mem[oThreatUnit + code]!;
        for (let k = k0; k < k0 + 5; k++) mem[oldT + mem[k]!]! += d;
      } else {
        if (oldT >= 0) {
          const u = mem[oThreatUnit + code]!;
          for (let k = k0; k < k0 + 5; k++) mem[oldT + mem[k]!]! -= u;
        }
        if (newT >= 0) {
          const u = mem[oThreatUnit + next]!;
          for (let k = k0; k < k0 + 5; k++) mem[newT + mem[k]!]! += u;
        }
      }
    }
    if (five) this.fiveMade = true;

    // Capture windows: each window's pattern before and after, by its code.
    const oCapOf = this.oCapOf;
    const oCapMult = this.oCapMult - oCapOf;
    const oCapCode = this.oCapCode;
    const oCapTable = this.oCapTable;
    const step = value - old;
    const capEnd = oCapOf + mem[this.oCapStart + p + 1]!;
    for (let i = oCapOf + mem[this.oCapStart + p]!; i < capEnd; i++) {
      const w = mem[i]!;
      const code = mem[oCapCode + w]!;
      const next = code + step * mem[oCapMult + i]!;
      mem[oCapCode + w] = next;
      const table = mem[oCapTable + w]!;
      const before = mem[table + code]!;
      const after = mem[table + next]!;
      if (before === after) continue;
      if (before !== 0) this.capturePattern(w, before, -1);
      if (after !== 0) this.capturePattern(w, after, 1);
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
      const cells = this.cells;
      const oNear = this.oNear;
      const oCandidates = this.oCandidates;
      const start = this.oNeighbours + p * 24;
      const stop = start + mem[this.oNeighbourCount + p]!;
      if (value) {
        for (let i = start; i < stop; i++) {
          const q = mem[i]!;
          const n = mem[oNear + q]!;
          mem[oNear + q] = n + 1;
          if (n === 0 && cells[q] === 0) mem[oCandidates + (q >> 5)]! |= 1 << (q & 31);
        }
        mem[oCandidates + (p >> 5)]! &= ~(1 << (p & 31));
      } else {
        for (let i = start; i < stop; i++) {
          const q = mem[i]!;
          const n = mem[oNear + q]! - 1;
          mem[oNear + q] = n;
          if (n === 0) mem[oCandidates + (q >> 5)]! &= ~(1 << (q & 31));
        }
        if (mem[oNear + p]! > 0) mem[oCandidates + (p >> 5)]! |= 1 << (p & 31);
      }
    }
  }

  /** Adds (sign 1) or removes (sign -1) what a capture window's pattern (a CAPTURE_TABLE entry) offers. */
  private capturePattern(w: number, pattern: number, sign: number): void {
    const mem = this.mem;
    const points = this.points;
    const at = this.oCapPoints + w * 5;
    const capturer = pattern & 3;
    if (capturer) {
      mem[this.oCaptureAt + capturer * points + mem[at + ((pattern >> 2) & 7)]!]! += sign;
      mem[this.oTakes + capturer]! += sign;
    }
    const threatener = (pattern >> 5) & 3;
    if (threatener) {
      const o = this.oCaptureThreat + threatener * points;
      mem[o + mem[at]!]! += sign;
      mem[o + mem[at + (pattern & 128 ? 4 : 3)]!]! += sign;
    }
  }
}
