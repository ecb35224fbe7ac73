/**
 * Board geometry and the rule primitives that look at the stones around one point: captures, poofs and
 * fives. They read a flat cell array (`y * size + x`, row 0 at the top) and write into caller-owned
 * buffers, so the immutable game core and the engine's make/unmake search share one implementation
 * without allocating.
 */

export type Player = 1 | 2;
/** 0 = empty, 1 = player 1's stone, 2 = player 2's stone. */
export type Stone = 0 | Player;
/** A point on the board: `y * size + x`, with y = 0 the top row. */
export type Point = number;
/** Cells read by the primitives: the game core's frozen copy or the engine's working array. */
export type Cells = ArrayLike<number>;

export const EMPTY = 0;

export const opponent = (player: Player): Player => (3 - player) as Player;

/** The four line axes as (dx, dy); a direction is an axis or its opposite. */
export const AXES: readonly (readonly [number, number])[] = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
];

/** Eight directions: the four axes, then their opposites. */
const DIR_X = [1, 0, 1, 1, -1, 0, -1, -1] as const;
const DIR_Y = [0, 1, 1, -1, 0, -1, -1, 1] as const;

/** The most stones one move can capture: eight directions times the longest capture (three, in Keryo). */
export const MAX_CAPTURED_PER_MOVE = 8 * 3;

export const pointOf = (size: number, x: number, y: number): Point => y * size + x;
export const xOf = (size: number, point: Point): number => point % size;
export const yOf = (size: number, point: Point): number => (point - (point % size)) / size;
export const centreOf = (size: number): Point => pointOf(size, (size - 1) >> 1, (size - 1) >> 1);

/** The cell at (x, y), or -1 off the board, so that a line walk stops at the edge like at any other stone. */
function cellAt(cells: Cells, size: number, x: number, y: number): number {
  return x < 0 || y < 0 || x >= size || y >= size ? -1 : cells[y * size + x]!;
}

/**
 * Stones that `player` captures by placing at `point` (the point itself is not read): for each of the eight
 * directions, a run of exactly n enemy stones (n in `lengths`) closed by one of the player's stones. Writes
 * the captured points to `out` from index `start` and returns how many it wrote.
 */
export function findCaptures(
  cells: Cells,
  size: number,
  point: Point,
  player: Player,
  lengths: readonly number[],
  out: { [i: number]: number },
  start = 0,
): number {
  if (lengths.length === 0) return 0;
  const enemy = 3 - player;
  const x0 = point % size;
  const y0 = (point - x0) / size;
  let count = start;
  for (let d = 0; d < 8; d++) {
    const dx = DIR_X[d]!;
    const dy = DIR_Y[d]!;
    // Walk over enemy stones; the first non-enemy cell decides whether that run is flanked.
    let n = 0;
    let x = x0 + dx;
    let y = y0 + dy;
    let cell = cellAt(cells, size, x, y);
    while (cell === enemy && n < 3) {
      n++;
      x += dx;
      y += dy;
      cell = cellAt(cells, size, x, y);
    }
    if (cell !== player || !lengths.includes(n)) continue;
    for (let k = 1; k <= n; k++) out[count++] = pointOf(size, x0 + k * dx, y0 + k * dy);
  }
  return count - start;
}

/** Length of the run of `player` stones through `point` along an axis, counting `point` as the player's. */
export function runLength(cells: Cells, size: number, point: Point, player: Player, dx: number, dy: number): number {
  const x0 = point % size;
  const y0 = (point - x0) / size;
  let n = 1;
  for (let x = x0 + dx, y = y0 + dy; cellAt(cells, size, x, y) === player; x += dx, y += dy) n++;
  for (let x = x0 - dx, y = y0 - dy; cellAt(cells, size, x, y) === player; x -= dx, y -= dy) n++;
  return n;
}

/** Whether a run through `point` makes a winning five: length five or more, or exactly five when `exact`. */
export function makesFive(cells: Cells, size: number, point: Point, player: Player, exact: boolean): boolean {
  for (let a = 0; a < 4; a++) {
    const n = runLength(cells, size, point, player, DIR_X[a]!, DIR_Y[a]!);
    if (exact ? n === 5 : n >= 5) return true;
  }
  return false;
}

/** The points of the winning run through `point` (empty if there is none; `length`: 6 in Connect6). */
export function fiveLine(
  cells: Cells,
  size: number,
  point: Point,
  player: Player,
  exact: boolean,
  length = 5,
): Point[] {
  for (const [dx, dy] of AXES) {
    const n = runLength(cells, size, point, player, dx, dy);
    if (!(exact ? n === length : n >= length)) continue;
    const x0 = point % size;
    const y0 = (point - x0) / size;
    let back = 0;
    while (cellAt(cells, size, x0 - (back + 1) * dx, y0 - (back + 1) * dy) === player) back++;
    const line: Point[] = [];
    for (let k = -back; k < n - back; k++) line.push(pointOf(size, x0 + k * dx, y0 + k * dy));
    return line;
  }
  return [];
}

/**
 * Boat-Pente: whether every winning run through `point` (which holds the player's stone) has a stone the
 * enemy could capture with the reply, so the move's five must wait a reply; false when one of them has none
 * (that five wins at once, as pente.org's BoatPenteState reads each direction's run on its own) or when
 * there is no winning run. Allocates nothing: the engine's make asks it.
 */
export function everyFiveBreakable(
  cells: Cells,
  size: number,
  point: Point,
  player: Player,
  exact: boolean,
  lengths: readonly number[],
): boolean {
  const x0 = point % size;
  const y0 = (point - x0) / size;
  let fives = 0;
  for (let a = 0; a < 4; a++) {
    const dx = DIR_X[a]!;
    const dy = DIR_Y[a]!;
    const n = runLength(cells, size, point, player, dx, dy);
    if (!(exact ? n === 5 : n >= 5)) continue;
    fives++;
    let back = 0;
    while (cellAt(cells, size, x0 - (back + 1) * dx, y0 - (back + 1) * dy) === player) back++;
    let breakable = false;
    for (let k = -back; k < n - back && !breakable; k++) {
      breakable = isCapturable(cells, size, pointOf(size, x0 + k * dx, y0 + k * dy), player, lengths);
    }
    if (!breakable) return false;
  }
  return fives > 0;
}

/**
 * Poof-Pente: the runs of the player's own stones through `point` (which holds the player's stone) whose
 * length is a capture length and which are flanked by enemy stones at both ends. Writes their points,
 * `point` at most once, to `out` from `start`; returns how many.
 */
export function findPoofs(
  cells: Cells,
  size: number,
  point: Point,
  player: Player,
  lengths: readonly number[],
  out: { [i: number]: number },
  start = 0,
): number {
  const enemy = 3 - player;
  const x0 = point % size;
  const y0 = (point - x0) / size;
  let count = start;
  let pointWritten = false;
  for (let a = 0; a < 4; a++) {
    const dx = DIR_X[a]!;
    const dy = DIR_Y[a]!;
    let fwd = 0;
    while (cellAt(cells, size, x0 + (fwd + 1) * dx, y0 + (fwd + 1) * dy) === player) fwd++;
    let back = 0;
    while (cellAt(cells, size, x0 - (back + 1) * dx, y0 - (back + 1) * dy) === player) back++;
    const n = fwd + back + 1;
    if (!lengths.includes(n)) continue;
    if (cellAt(cells, size, x0 + (fwd + 1) * dx, y0 + (fwd + 1) * dy) !== enemy) continue;
    if (cellAt(cells, size, x0 - (back + 1) * dx, y0 - (back + 1) * dy) !== enemy) continue;
    for (let k = -back; k <= fwd; k++) {
      if (k === 0) {
        if (pointWritten) continue;
        pointWritten = true;
      }
      out[count++] = pointOf(size, x0 + k * dx, y0 + k * dy);
    }
  }
  return count - start;
}

/**
 * Whether the enemy could capture the player's stone at `point` with one move: on some axis the stone is
 * in a run of a capture length with an enemy stone at one end and an empty point at the other.
 */
export function isCapturable(
  cells: Cells,
  size: number,
  point: Point,
  player: Player,
  lengths: readonly number[],
): boolean {
  const enemy = 3 - player;
  const x0 = point % size;
  const y0 = (point - x0) / size;
  for (let a = 0; a < 4; a++) {
    const dx = DIR_X[a]!;
    const dy = DIR_Y[a]!;
    let fwd = 0;
    while (cellAt(cells, size, x0 + (fwd + 1) * dx, y0 + (fwd + 1) * dy) === player) fwd++;
    let back = 0;
    while (cellAt(cells, size, x0 - (back + 1) * dx, y0 - (back + 1) * dy) === player) back++;
    if (!lengths.includes(fwd + back + 1)) continue;
    const ahead = cellAt(cells, size, x0 + (fwd + 1) * dx, y0 + (fwd + 1) * dy);
    const behind = cellAt(cells, size, x0 - (back + 1) * dx, y0 - (back + 1) * dy);
    if ((ahead === enemy && behind === EMPTY) || (ahead === EMPTY && behind === enemy)) return true;
  }
  return false;
}

/** Whether the player has a winning run anywhere on the board. */
export function hasFiveAnywhere(cells: Cells, size: number, player: Player, exact: boolean): boolean {
  for (let p = 0; p < size * size; p++) {
    if (cells[p] === player && makesFive(cells, size, p, player, exact)) return true;
  }
  return false;
}
