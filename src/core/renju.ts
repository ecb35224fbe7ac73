/**
 * Renju's forbidden points for black (player 1): an overline, a double four or a double three, judged as
 * pente.org's RenjuForbiddenPointFinder judges them (its port of the classic CForbiddenPointFinder): a move
 * that makes exactly five is never forbidden (five before anything else); a three counts only when it is
 * "real", when the point that would make it a straight four is itself neither a double four nor a double
 * three (the test recurses, each level with one more stone on the board); a line that holds two fours at
 * once (X.XXX.X filled in the middle) counts as two fours.
 *
 * Black is 1, white 2. The functions place trial stones on the cells they are given and take them off
 * again before they return, so the engine can ask about its working board without allocating; the core
 * asks with `forbiddenKind`, which works on a copy.
 */
import type { Cells, Point } from './board';

/** Cells the finder may write trial stones to (and always restores). */
export type MutableCells = { [i: number]: number; readonly length: number };

export type ForbiddenKind = 'overline' | 'double-four' | 'double-three';

const BLACK = 1;
const EMPTY = 0;
/** The four axes as (dx, dy). */
const AX = [1, 0, 1, 1] as const;
const AY = [0, 1, 1, -1] as const;

/** The cell at (x, y), or -1 off the board. */
function at(c: MutableCells, size: number, x: number, y: number): number {
  return x < 0 || y < 0 || x >= size || y >= size ? -1 : c[y * size + x]!;
}

/** The run of black stones through (x, y) along axis a, counting (x, y) as black. */
function run(c: MutableCells, size: number, x: number, y: number, a: number): number {
  const dx = AX[a]!;
  const dy = AY[a]!;
  let n = 1;
  for (let i = x + dx, j = y + dy; at(c, size, i, j) === BLACK; i += dx, j += dy) n++;
  for (let i = x - dx, j = y - dy; at(c, size, i, j) === BLACK; i -= dx, j -= dy) n++;
  return n;
}

/** Whether black at the empty point (x, y) makes exactly five on some axis (or on axis `only`). */
function isFive(c: MutableCells, size: number, x: number, y: number, only = -1): boolean {
  if (at(c, size, x, y) !== EMPTY) return false;
  for (let a = only < 0 ? 0 : only; a < (only < 0 ? 4 : only + 1); a++) {
    if (run(c, size, x, y, a) === 5) return true;
  }
  return false;
}

/** Whether black at the empty point (x, y) makes six or more on some axis and exactly five on none. */
function isOverline(c: MutableCells, size: number, x: number, y: number): boolean {
  if (at(c, size, x, y) !== EMPTY) return false;
  let over = false;
  for (let a = 0; a < 4; a++) {
    const n = run(c, size, x, y, a);
    if (n === 5) return false;
    if (n >= 6) over = true;
  }
  return over;
}

/**
 * Walks from (x, y), which holds a trial stone, along axis a in direction `sign` over black stones to the
 * first other cell; its point when that cell is empty, else -1.
 */
function firstEmpty(c: MutableCells, size: number, x: number, y: number, a: number, sign: number): number {
  const dx = AX[a]! * sign;
  const dy = AY[a]! * sign;
  let i = x + dx;
  let j = y + dy;
  while (at(c, size, i, j) === BLACK) {
    i += dx;
    j += dy;
  }
  return at(c, size, i, j) === EMPTY ? j * size + i : -1;
}

/** Black at the empty point (x, y) makes a four on axis a: one more stone there would make exactly five. */
function isFour(c: MutableCells, size: number, x: number, y: number, a: number): boolean {
  if (at(c, size, x, y) !== EMPTY || isFive(c, size, x, y) || isOverline(c, size, x, y)) return false;
  const p = y * size + x;
  c[p] = BLACK;
  let four = false;
  for (let sign = -1; sign <= 1 && !four; sign += 2) {
    const e = firstEmpty(c, size, x, y, a, sign);
    four = e >= 0 && isFive(c, size, e % size, (e - (e % size)) / size, a);
  }
  c[p] = EMPTY;
  return four;
}

/**
 * Black at the empty point (x, y) on axis a: 1 for a straight four (four in a row, both ends making five),
 * 2 for two fours on the one line (both ends make five but the stones in a row are not four), 0 otherwise.
 */
function openFour(c: MutableCells, size: number, x: number, y: number, a: number): number {
  if (at(c, size, x, y) !== EMPTY || isFive(c, size, x, y) || isOverline(c, size, x, y)) return 0;
  const p = y * size + x;
  c[p] = BLACK;
  let result = 0;
  const back = firstEmpty(c, size, x, y, a, -1);
  const ahead = firstEmpty(c, size, x, y, a, 1);
  if (
    back >= 0 &&
    ahead >= 0 &&
    isFive(c, size, back % size, (back - (back % size)) / size, a) &&
    isFive(c, size, ahead % size, (ahead - (ahead % size)) / size, a)
  ) {
    result = run(c, size, x, y, a) === 4 ? 1 : 2;
  }
  c[p] = EMPTY;
  return result;
}

function isDoubleFour(c: MutableCells, size: number, x: number, y: number): boolean {
  if (at(c, size, x, y) !== EMPTY || isFive(c, size, x, y)) return false;
  let fours = 0;
  for (let a = 0; a < 4 && fours < 2; a++) {
    if (openFour(c, size, x, y, a) === 2) fours += 2;
    else if (isFour(c, size, x, y, a)) fours++;
  }
  return fours >= 2;
}

/**
 * Black at the empty point (x, y) makes a real three on axis a: a point next to its run, on either side,
 * would make a straight four and is itself neither a double four nor a double three (the recursion).
 */
function isRealThree(c: MutableCells, size: number, x: number, y: number, a: number): boolean {
  if (isFive(c, size, x, y) || isOverline(c, size, x, y)) return false;
  const p = y * size + x;
  c[p] = BLACK;
  let three = false;
  for (let sign = -1; sign <= 1 && !three; sign += 2) {
    const e = firstEmpty(c, size, x, y, a, sign);
    if (e < 0) continue;
    const ex = e % size;
    const ey = (e - ex) / size;
    three = openFour(c, size, ex, ey, a) === 1 && !isDoubleFour(c, size, ex, ey) && !isDoubleThree(c, size, ex, ey);
  }
  c[p] = EMPTY;
  return three;
}

function isDoubleThree(c: MutableCells, size: number, x: number, y: number): boolean {
  if (at(c, size, x, y) !== EMPTY || isFive(c, size, x, y)) return false;
  let threes = 0;
  for (let a = 0; a < 4 && threes < 2; a++) if (isRealThree(c, size, x, y, a)) threes++;
  return threes >= 2;
}

/**
 * Why black may not play at `point` (which must be empty), or null when it may. Writes trial stones to
 * `cells` and takes them off again: allocates nothing (the engine's move generation asks this).
 */
export function forbiddenIn(cells: MutableCells, size: number, point: Point): ForbiddenKind | null {
  const x = point % size;
  const y = (point - x) / size;
  if (at(cells, size, x, y) !== EMPTY) return null;
  if (isOverline(cells, size, x, y)) return 'overline';
  if (isDoubleFour(cells, size, x, y)) return 'double-four';
  if (isDoubleThree(cells, size, x, y)) return 'double-three';
  return null;
}

let scratch = new Uint8Array(0);

/** Why black may not play at `point`, read off cells that stay untouched (a copy is tried on), or null. */
export function forbiddenKind(cells: Cells, size: number, point: Point): ForbiddenKind | null {
  if (scratch.length !== cells.length) scratch = new Uint8Array(cells.length);
  for (let i = 0; i < cells.length; i++) scratch[i] = cells[i]!;
  return forbiddenIn(scratch, size, point);
}

/** Every empty point where black may not play, in board order (for the board's marks). */
export function renjuForbiddenPoints(cells: Cells, size: number): Point[] {
  if (scratch.length !== cells.length) scratch = new Uint8Array(cells.length);
  for (let i = 0; i < cells.length; i++) scratch[i] = cells[i]!;
  const points: Point[] = [];
  for (let p = 0; p < size * size; p++) if (scratch[p] === EMPTY && forbiddenIn(scratch, size, p)) points.push(p);
  return points;
}
