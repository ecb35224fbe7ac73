import {
  type BoardSize,
  type GameState,
  type Player,
  type VariantId,
  COLUMN_LETTERS,
  makeRules,
  parsePoint,
  replay,
} from '../../src/core';

/**
 * A game state from a diagram (rows top first: `.` empty, `X` player 1, `O` player 2), for engine tests.
 * Its move list holds the stones only so that the move number is past the opening rules.
 */
export function fromDiagram(
  rows: readonly string[],
  toMove: Player,
  options: { variant?: VariantId; captures?: [number, number] } = {},
): GameState {
  const size = rows.length as BoardSize;
  const rules = makeRules({ variant: options.variant ?? 'pente', size, tournamentRule: false });
  const cells = new Uint8Array(size * size);
  const stones: number[] = [];
  rows.forEach((row, y) => {
    const compact = row.replace(/\s+/g, '');
    if (compact.length !== size) throw new Error(`row ${y} has ${compact.length} points, not ${size}`);
    [...compact].forEach((c, x) => {
      if (c === 'X' || c === 'O') {
        cells[y * size + x] = c === 'X' ? 1 : 2;
        stones.push(y * size + x);
      }
    });
  });
  while (stones.length < 4) stones.push(-1);
  return {
    rules,
    cells,
    toMove,
    captures: options.captures ?? [0, 0],
    moves: stones,
    result: null,
    pendingFive: null,
    seatChoice: null,
    swap2Pass: false,
    lastMove: null,
    parent: null,
  };
}

/** PentAI's notation: (x, y) from the bottom-left, 0-based, moves alternating from player 1. */
export function fromPentAi(size: BoardSize, moves: readonly (readonly [number, number])[]): GameState {
  const points = moves.map(([x, y]) => parsePoint(size, `${COLUMN_LETTERS[x]}${y + 1}`)!);
  const s = replay({ size, tournamentRule: false }, points);
  if (!s.ok) throw new Error(s.error.illegal.message);
  return s.value;
}

export const pentAiPoint = (size: number, x: number, y: number): number =>
  parsePoint(size, `${COLUMN_LETTERS[x]}${y + 1}`)!;

/** A pente.org record's moves ("K10 L11 …") played from the start on 19×19 with the tournament rule. */
export function fromRecord(moves: string): GameState {
  const points = moves
    .trim()
    .split(/\s+/)
    .map((m) => {
      const p = parsePoint(19, m);
      if (p === undefined) throw new Error(`not a point: ${m}`);
      return p;
    });
  const s = replay({ size: 19, tournamentRule: true }, points);
  if (!s.ok) throw new Error(`illegal move ${s.error.ply + 1}: ${s.error.illegal.message}`);
  return s.value;
}
