import { describe, expect, it } from 'vitest';
import {
  concede,
  formatMoveEntry,
  formatMoveList,
  formatNumberedMove,
  moveListEntries,
  moveListRows,
  moveMarks,
  moveNumberOf,
  newGame,
  stateAtPly,
} from '../../src/core';
import { game } from '../helpers';

const free = { tournamentRule: false } as const;

describe('moveListEntries', () => {
  it('is empty at the start of a game', () => {
    expect(moveListEntries(newGame())).toEqual([]);
  });

  it('lists every move with its ply, full-move number, player and pente.org name', () => {
    const s = game({ size: 9 }, 'E5 F6 A1');
    expect(moveListEntries(s)).toEqual([
      { ply: 1, number: 1, player: 1, point: 40, name: 'E5', captured: 0, poofed: 0 },
      { ply: 2, number: 1, player: 2, point: 32, name: 'F6', captured: 0, poofed: 0 },
      { ply: 3, number: 2, player: 1, point: 72, name: 'A1', captured: 0, poofed: 0 },
    ]);
  });

  it('counts the stones a capture took', () => {
    // Black H8 flanks White's F6 and G7 with E5.
    const s = game({ size: 9 }, 'E5 F6 A1 G7 H8');
    const last = moveListEntries(s).at(-1)!;
    expect(last).toMatchObject({ ply: 5, number: 3, name: 'H8', captured: 2, poofed: 0 });
    expect(formatMoveEntry(last)).toBe('H8 ×2');
  });

  it('counts three for a Keryo-Pente triple', () => {
    const s = game({ variant: 'keryo', ...free }, 'K10 L10 A1 M10 A2 N10 O10');
    expect(formatMoveEntry(moveListEntries(s).at(-1)!)).toBe('O10 ×3');
  });

  it("marks a Poof-Pente move's own lost stones with a minus sign", () => {
    const s = game({ variant: 'poof', ...free }, 'K10 L10 M10 O10 N10');
    const last = moveListEntries(s).at(-1)!;
    expect(last).toMatchObject({ name: 'N10', player: 1, captured: 0, poofed: 2 });
    expect(moveMarks(last)).toBe('−2');
  });

  it('writes a move that both captured and lost stones with both marks, the capture first', () => {
    const s = game({ variant: 'poof', ...free }, 'K10 L10 M10 O10 Q10 P10 N10');
    expect(formatMoveEntry(moveListEntries(s).at(-1)!)).toBe('N10 ×2 −2');
  });

  it('keeps the whole list of a game that ended by resignation', () => {
    const s = game({ size: 9 }, 'E5 F6 A1');
    expect(moveListEntries(concede(s, 2, 'resignation'))).toEqual(moveListEntries(s));
  });

  it('lists only the moves up to a reviewed position when given it', () => {
    const s = game({ size: 9 }, 'E5 F6 A1 G7 H8');
    expect(moveListEntries(stateAtPly(s, 2)).map((e) => e.name)).toEqual(['E5', 'F6']);
  });
});

describe('moveListRows and formatMoveList', () => {
  it('pairs a black move with the white reply, leaving the last row open after a black move', () => {
    const entries = moveListEntries(game({ size: 9 }, 'E5 F6 A1 G7 H8'));
    expect(moveListRows(entries).map((r) => [r.number, r.moves.map((m) => m.name)])).toEqual([
      [1, ['E5', 'F6']],
      [2, ['A1', 'G7']],
      [3, ['H8']],
    ]);
    expect(formatMoveList(entries)).toBe('1. E5 F6 2. A1 G7 3. H8 ×2');
  });

  it('writes an empty game as an empty string', () => {
    expect(formatMoveList([])).toBe('');
  });
});

describe('one numbering', () => {
  it('numbers a move by full moves, as the list rows do', () => {
    expect([1, 2, 3, 4, 27, 28].map(moveNumberOf)).toEqual([1, 1, 2, 2, 14, 14]);
    const s = game({ size: 9 }, 'E5 F6 A1 G7');
    for (const row of moveListRows(moveListEntries(s)))
      for (const entry of row.moves) expect(moveNumberOf(entry.ply)).toBe(row.number);
  });

  it('names a single move with its full-move number: Black with a dot, White with an ellipsis', () => {
    expect(formatNumberedMove(27, 1, 'K10')).toBe('14. K10');
    expect(formatNumberedMove(28, 2, 'L9')).toBe('14… L9');
    expect(formatNumberedMove(1, 1, 'E5')).toBe('1. E5');
    expect(formatNumberedMove(2, 2, 'F6')).toBe('1… F6');
  });
});
