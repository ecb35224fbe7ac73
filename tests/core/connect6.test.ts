import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type GameState,
  formatPoint,
  formatRecord,
  legalMoves,
  loadRecord,
  makeRules,
  moveListEntries,
  moveListRows,
  moverAt,
  newGame,
  play,
  recordOf,
  turnStone,
  variantByName,
  winningLine,
} from '../../src/core';
import { game, rng } from '../helpers';

const C6 = { variant: 'connect6', size: 19 } as const;

describe('Connect6 in the rules core', () => {
  it('gives player 1 one stone, then each side two a turn (pente.org: ((n + 1) / 2) % 2 + 1)', () => {
    const rules = makeRules(C6);
    expect(Array.from({ length: 9 }, (_, ply) => moverAt(rules, ply))).toEqual([1, 2, 2, 1, 1, 2, 2, 1, 1]);
    expect(Array.from({ length: 5 }, (_, ply) => turnStone(rules, ply))).toEqual([
      { nth: 1, of: 1 },
      { nth: 1, of: 2 },
      { nth: 2, of: 2 },
      { nth: 1, of: 2 },
      { nth: 2, of: 2 },
    ]);
    const s = game(C6, 'K10 A1 B1 K11');
    expect(s.toMove).toBe(1);
    expect(s.cells[s.moves[3]!]).toBe(1);
    expect(game(C6, 'K10 A1 B1 K11 K12').toMove).toBe(2);
    // Every other game alternates as before.
    expect(turnStone(makeRules({ variant: 'pente' }), 3)).toEqual({ nth: 1, of: 1 });
    expect(game({ variant: 'gomoku' }, 'K10 A1').toMove).toBe(1);
  });

  it('wins with six or more in a row, not five; no captures, no opening rule', () => {
    // Black: K10 then pairs; White plays far away on the first row.
    const five = game(C6, 'F10 A1 C1 G10 H10 E1 G1 J10 K10 J1 L1');
    expect(five.result).toBeNull();
    const six = game(C6, 'L10', five);
    expect(six.result).toEqual({ winner: 1, reason: 'six' });
    expect(winningLine(six).map((p) => formatPoint(19, p))).toEqual(['F10', 'G10', 'H10', 'J10', 'K10', 'L10']);
    // An overline (seven: the gap filled last) wins too.
    const gap = game(C6, 'F10 A1 C1 G10 H10 E1 G1 K10 L10 J1 L1 M10', newGame(C6));
    expect(gap.result).toBeNull();
    expect(game(C6, 'J10', gap).result).toEqual({ winner: 1, reason: 'six' });
    // A flanked pair is not captured.
    const pair = game(C6, 'K10 L10 M10 N10');
    expect(pair.cells.filter((c) => c !== 0)).toHaveLength(4);
    expect(game(C6, 'A1').moves).toHaveLength(1);
  });

  it('is read and written as pente.org’s “Connect6”, and random games round-trip through records', () => {
    expect(variantByName('Connect6')?.id).toBe('connect6');
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const random = rng(seed);
        let state: GameState = newGame(C6);
        while (!state.result && state.moves.length < 160) {
          const legal = legalMoves(state);
          const near = legal.filter((p) => state.moves.some((m) => Math.abs(m - p) <= 20));
          const pool = near.length ? near : legal;
          const next = play(state, pool[Math.floor(random() * pool.length)]!);
          if (!next.ok) throw new Error(next.error.message);
          state = next.value;
        }
        const text = formatRecord(recordOf(state));
        expect(text).toContain('[Game "Connect6"]');
        const loaded = loadRecord(text);
        if (!loaded.ok) throw new Error(loaded.error.message);
        expect(loaded.value.state.moves).toEqual(state.moves);
        expect(loaded.value.state.result).toEqual(state.result);
        expect(loaded.value.state.toMove).toBe(state.toMove);
        expect(formatRecord(loaded.value.record)).toBe(text);
      }),
      { numRuns: 20 },
    );
  });
});

describe('Connect6 in the move list', () => {
  it('numbers turns: the first stone alone, then one row per turn of two stones', () => {
    const s = game(C6, 'K10 H8 H11 A19 B5 C3');
    const rows = moveListRows(moveListEntries(s)).map((r) => `${r.number}. ${r.moves.map((m) => m.name).join(' ')}`);
    expect(rows).toEqual(['1. K10', '2. H8 H11', '3. A19 B5', '4. C3']);
  });
});
