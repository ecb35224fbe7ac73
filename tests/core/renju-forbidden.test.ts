/**
 * Renju's forbidden points for black (core/renju.ts), as pente.org's RenjuForbiddenPointFinder judges them.
 * Boards are 15×15 diagrams, top row first: X black, O white, . empty, ? the point asked about (empty).
 */
import { describe, expect, it } from 'vitest';
import { forbiddenIn, forbiddenKind, renjuForbiddenPoints } from '../../src/core/renju';

const SIZE = 15;

/** The cells and the ? point of a diagram (rows padded to 15 with empty points, 15 rows). */
function board(rows: readonly string[]): { cells: Uint8Array; point: number } {
  const cells = new Uint8Array(SIZE * SIZE);
  let point = -1;
  rows.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      if (ch === 'X') cells[y * SIZE + x] = 1;
      else if (ch === 'O') cells[y * SIZE + x] = 2;
      else if (ch === '?') point = y * SIZE + x;
    });
  });
  return { cells, point };
}

const kind = (rows: readonly string[]) => {
  const { cells, point } = board(rows);
  return forbiddenKind(cells, SIZE, point);
};

/** The diagram with the stones at the given (x, y) removed. */
const without = (rows: readonly string[], ...xy: [number, number][]): string[] =>
  rows.map((row, y) => [...row].map((ch, x) => (xy.some(([a, b]) => a === x && b === y) ? '.' : ch)).join(''));

const pad = (rows: readonly string[]): string[] => ['', '', '', '', ...rows];

describe('Renju forbidden points: overline and five', () => {
  it('six or more in a row is an overline', () => {
    expect(kind(pad(['..XXX?XX']))).toBe('overline');
    expect(kind(pad(['..XXXXX?']))).toBe('overline');
  });

  it('exactly five is never forbidden, even when it also makes an overline, a double four or a double three', () => {
    expect(kind(pad(['...XX?XX']))).toBeNull();
    // Five across, six down: five first.
    const fiveAndSix = ['.....X', '.....X', '.....X', '.....X', '.XXXX?', '.....X', '.....X'];
    expect(kind(fiveAndSix)).toBeNull();
    // Five across with a four down and a three on a diagonal: still five.
    const fiveAndFour = ['.....X', '.....X', '.X...X', '..X..', '.XXXX?', '......'];
    expect(kind(fiveAndFour)).toBeNull();
  });

  it('a run of four with the point beyond a gap is not an overline (five would need the gap)', () => {
    expect(kind(pad(['..XXXX.?']))).toBeNull();
  });
});

describe('Renju forbidden points: double four', () => {
  it('two fours on two lines (neither need be open)', () => {
    const twoLines = pad(['.....O', '.....X', '.....X', '.....X', '.OXXX?.', '......']);
    expect(kind(twoLines)).toBe('double-four');
  });

  it('two fours on one line: X.X?X.X and XX.?X.XX', () => {
    expect(kind(pad(['.X.X?X.X.']))).toBe('double-four');
    expect(kind(pad(['.XX.?X.XX.']))).toBe('double-four');
    // A white stone where the second five would end leaves one four: allowed.
    expect(kind(pad(['.X.X?X.O.']))).toBeNull();
  });

  it('a four and a three is allowed (four-three)', () => {
    expect(kind(pad(['......', '.....X', '.....X', '......', '.OXXX?.', '......']))).toBeNull();
  });

  it('a four that would make an overline is no four', () => {
    // Across: XX.XX? – the gap would make six, so only the vertical four counts.
    const rows = pad(['.....X', '.....X', '.....X', 'XX.XX?', '......']);
    expect(kind(rows)).toBeNull();
    expect(kind(without(rows, [0, 7]))).toBe('double-four');
  });
});

describe('Renju forbidden points: double three', () => {
  const cross = pad(['.......', '.....X.', '.....X.', '...XX?.', '.......', '.......']);

  it('two open threes crossing', () => {
    expect(kind(cross)).toBe('double-three');
  });

  it('split threes count: X.X? and ?X.X', () => {
    expect(kind(pad(['.......', '....X..', '.......', '....X..', '.X.X?..', '.......', '.......']))).toBe(
      'double-three',
    );
  });

  it('a three blocked at one end is no three', () => {
    expect(kind(pad(['.....O.', '.....X.', '.....X.', '...XX?.', '.......']))).toBeNull();
    expect(kind(pad(['.......', '.....X.', '.....X.', '..OXX?.', '.......', '.......']))).toBeNull();
  });

  it('a three whose four would be an overline is no three', () => {
    // Down: X at 2 rows above the gap and 3 below make every straight four an overline.
    const rows = [
      '.......',
      '.......',
      '.......',
      '.......',
      '.......',
      '.......',
      '.......X',
      '.......',
      '.......',
      '.......X',
      '.......X',
      '.....XX?',
      '.......',
      '.......',
      '.......X',
    ];
    expect(kind(rows)).toBeNull();
    expect(kind(without(rows, [7, 6], [7, 14]))).toBe('double-three');
  });

  // Found by a search of random boards for points that a test without the recursion calls a double three.
  it("a false double three: one three's only straight-four point is itself a double four", () => {
    const rows = [
      '...............',
      '...............',
      '...............',
      '...............',
      '...............',
      '....X..........',
      '...?.XX...X....',
      '....X..........',
      '....XXX........',
    ];
    // ? makes ?.XX across and ?XX on the diagonal; E.. the across three's four point (4,6) also makes
    // (4,5)-(4,8) down: two fours there, so across is no real three.
    expect(kind(rows)).toBeNull();
    const { cells, point } = board(rows);
    cells[point] = 1;
    expect(forbiddenKind(cells, SIZE, 6 * SIZE + 4)).toBe('double-four');
    // Without (4,5) the four point is a plain straight four, and ? is a double three.
    expect(kind(without(rows, [4, 5]))).toBe('double-three');
  });

  it("a false double three by recursion: one three's only straight-four point is itself a double three", () => {
    const rows = [
      '...............',
      '...............',
      '...............',
      '...............',
      '......X.X......',
      '.....OX........',
      '...............',
      '.....X.X.X.....',
      '....X...?......',
      '........OX.....',
      '......XXXO.....',
    ];
    // ? (8,8) makes (7,7)-(9,9) on the diagonal and X.?X, (6,10) (8,8) (9,7), on the other: that one's only
    // straight-four point is (7,9), which (with ? placed) makes threes down and across the diagonal (and
    // the four): a double three, so forbidden, so the three through it is no real three.
    expect(kind(rows)).toBeNull();
    const { cells, point } = board(rows);
    cells[point] = 1;
    expect(forbiddenKind(cells, SIZE, 9 * SIZE + 7)).toBe('double-three');
    // Take away (5,7), one of (7,9)'s threes: (7,9) is allowed, the three is real, and ? a double three.
    expect(kind(without(rows, [5, 7]))).toBe('double-three');
  });
});

describe('Renju forbidden points: the finder', () => {
  it('leaves the board as it found it and allocates nothing it keeps', () => {
    const { cells, point } = board(pad(['.......', '.....X.', '.....X.', '...XX?.', '.......']));
    const before = Uint8Array.from(cells);
    expect(forbiddenIn(cells, SIZE, point)).toBe('double-three');
    expect(cells).toEqual(before);
  });

  it('an occupied point is not forbidden; renjuForbiddenPoints lists every forbidden point', () => {
    const { cells } = board(pad(['..XXX.XX']));
    expect(forbiddenKind(cells, SIZE, 4 * SIZE + 2)).toBeNull();
    expect(renjuForbiddenPoints(cells, SIZE)).toEqual([4 * SIZE + 5]);
  });

  it("works at the board's edges", () => {
    expect(kind(['XXX?XX'])).toBe('overline');
    expect(kind(['?', 'X', 'X', 'X', 'X'])).toBeNull();
    expect(kind(['.XX?X.X'])).toBeNull();
  });
});
