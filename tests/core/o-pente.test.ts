/**
 * O-Pente (issue 32; pente.org's OPenteState, GridStateFactory.OPENTE): Keryo's captures of pairs and triples,
 * Poof's poofs of pairs and triples, Boat's five that must survive a reply, 15 captured stones to win and more
 * than the opponent (a tie plays on). Positions are 9×9 diagrams (X: player 1, O: player 2; row y from the
 * top, x from the left), each move the one under test.
 */
import { describe, expect, it } from 'vitest';
import {
  type GameState,
  VARIANTS,
  formatRecord,
  loadRecord,
  newGame,
  parsePoint,
  play,
  pointOf,
  recordOf,
  variantByName,
} from '../../src/core';
import { fromDiagram } from '../ai/helpers';
import { game } from '../helpers';

const E = '. . . . . . . . .';

/** A 9×9 position from up to nine rows (the rest empty), player `toMove` to move. */
function board(rows: readonly string[], toMove: 1 | 2 = 1, captures: [number, number] = [0, 0]): GameState {
  const all = [...rows, ...Array<string>(9 - rows.length).fill(E)];
  return fromDiagram(all, toMove, { variant: 'o-pente', captures });
}

function move(state: GameState, x: number, y: number): GameState {
  const next = play(state, pointOf(9, x, y));
  if (!next.ok) throw new Error(next.error.message);
  return next.value;
}

const cell = (state: GameState, x: number, y: number): number => state.cells[pointOf(9, x, y)]!;

describe('O-Pente: the row', () => {
  it("is pente.org's O-Pente: Keryo captures, poofs, Boat fives, 15 with a lead, the tournament rule", () => {
    expect(VARIANTS['o-pente']).toMatchObject({
      name: 'O-Pente',
      captureLengths: [2, 3],
      captureWin: 15,
      captureWinNeedsLead: true,
      poof: true,
      fiveMustSurviveReply: true,
      centreFirst: true,
      tournamentRule: true,
    });
    expect(variantByName('O-Pente')?.id).toBe('o-pente');
    expect(variantByName('Speed O-Pente')?.id).toBe('o-pente');
  });

  it('keeps the centre-first and tournament rules on 19×19', () => {
    const s = newGame({ variant: 'o-pente' });
    expect(play(s, parsePoint(19, 'A1')!).ok).toBe(false);
    const two = game({ variant: 'o-pente' }, 'K10 A1');
    expect(play(two, parsePoint(19, 'L11')!).ok).toBe(false);
    expect(play(two, parsePoint(19, 'O10')!).ok).toBe(true);
  });

  it("round-trips a record under pente.org's name", () => {
    // N10–O10 is poofed between M10 and P10.
    const s = game({ variant: 'o-pente' }, 'K10 M10 N10 P10 O10 A1');
    const text = formatRecord(recordOf(s));
    expect(text).toContain('[Game "O-Pente"]');
    const back = loadRecord(text);
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.state.rules.variant.id).toBe('o-pente');
    expect(back.value.state.moves).toEqual(s.moves);
    expect(back.value.state.captures).toEqual([0, 2]);
  });
});

describe('O-Pente: captures and poofs', () => {
  it('captures pairs and triples', () => {
    expect(move(board(['X O O . . . . . .']), 3, 0).captures).toEqual([2, 0]);
    const triple = move(board(['X O O O . . . . .']), 4, 0);
    expect(triple.captures).toEqual([3, 0]);
    expect([1, 2, 3].map((x) => cell(triple, x, 0))).toEqual([0, 0, 0]);
    // Four is not a capture.
    expect(move(board(['X O O O O . . . .']), 5, 0).captures).toEqual([0, 0]);
  });

  it('poofs a pair the move completes between enemy stones, credited to the opponent', () => {
    const s = move(board(['O X . O . . . . .']), 2, 0);
    expect(s.captures).toEqual([0, 2]);
    expect([...s.lastMove!.poofed].sort()).toEqual([pointOf(9, 1, 0), pointOf(9, 2, 0)].sort());
    expect([1, 2].map((x) => cell(s, x, 0))).toEqual([0, 0]);
  });

  it('poofs a triple completed at its end', () => {
    const s = move(board(['O X X . O . . . .']), 3, 0);
    expect(s.captures).toEqual([0, 3]);
    expect([1, 2, 3].map((x) => cell(s, x, 0))).toEqual([0, 0, 0]);
  });

  it('poofs a triple completed in its middle (pente.org misses this one)', () => {
    const s = move(board(['O X . X O . . . .']), 2, 0);
    expect(s.captures).toEqual([0, 3]);
    expect([1, 2, 3].map((x) => cell(s, x, 0))).toEqual([0, 0, 0]);
  });

  it('does not poof a run of four, nor a run with an empty end', () => {
    expect(move(board(['O X X . X O . . .']), 3, 0).captures).toEqual([0, 0]);
    expect(move(board(['O X . . . . . . .']), 2, 0).captures).toEqual([0, 0]);
  });

  it('poofs on several lines at once, the played stone counted once', () => {
    // A pair on the row and a triple down the column, both through (2, 1).
    const rows = [
      '. . O . . . . . .',
      'O X . O . . . . .',
      '. . X . . . . . .',
      '. . X . . . . . .',
      '. . O . . . . . .',
    ];
    const s = move(board(rows), 2, 1);
    expect(s.captures).toEqual([0, 4]);
  });

  it('captures and poofs read off one board: a capture does not save the pair it poofs', () => {
    // X at (2, 0) takes O's pair (3, 0)–(4, 0) and completes its own pair (1, 0)–(2, 0) between O stones.
    const s = move(board(['O X . O O X . . .']), 2, 0);
    expect(s.captures).toEqual([2, 2]);
    expect([1, 2, 3, 4].map((x) => cell(s, x, 0))).toEqual([0, 0, 0, 0]);
  });

  it("a stone poofed with a pair still takes its triple (pente.org's pair pass removed it first)", () => {
    const s = move(board(['O X . O O O X . .']), 2, 0);
    expect(s.captures).toEqual([3, 2]);
  });

  it("a pair capture does not save the triple it would poof (pente.org's pair pass took the flank first)", () => {
    // X at (3, 0) takes O's pair (4, 0)–(5, 0) and completes its own triple (1…3, 0) between (0, 0) and (4, 0).
    const s = move(board(['O X X . O O X . .']), 3, 0);
    expect(s.captures).toEqual([2, 3]);
  });

  it('a stone that would make five but is poofed makes none: the enemy gets the stones', () => {
    // (4, 4) completes X's row (0…4, 4), but also its pair (4, 4)–(4, 5) between O at (4, 3) and (4, 6).
    const s = move(
      board([E, E, E, '. . . . O . . . .', 'X X X X . . . . .', '. . . . X . . . .', '. . . . O . . . .']),
      4,
      4,
    );
    expect(s.result).toBeNull();
    expect(s.pendingFive).toBeNull();
    expect(s.captures).toEqual([0, 2]);
  });
});

describe('O-Pente: fifteen with a lead', () => {
  it('fifteen and more than the opponent wins', () => {
    const s = move(board(['X O O . . . . . .'], 1, [13, 14]), 3, 0);
    expect(s.result).toEqual({ winner: 1, reason: 'captures' });
  });

  it('a tie at fifteen plays on, and the next stone taken decides', () => {
    const tie = move(board(['X O O . . . . . .', '. . . . . . . . .', 'O X X . . . . . .'], 1, [13, 15]), 3, 0);
    expect(tie.captures).toEqual([15, 15]);
    expect(tie.result).toBeNull();
    expect(move(tie, 3, 2).result).toEqual({ winner: 2, reason: 'captures' });
  });

  it("a poof can hand the opponent the win on the mover's own move", () => {
    const s = move(board(['O X . O . . . . .'], 1, [0, 13]), 2, 0);
    expect(s.result).toEqual({ winner: 2, reason: 'captures' });
  });

  it('past fifteen on both sides the one with more wins, not player 1 (fixed pente.org bug)', () => {
    // At 15–15, X takes a pair (17) and poofs a triple (O: 18).
    const start = board(
      ['O X X . O . . . .', '. . . O . . . . .', '. . . O . . . . .', '. . . X . . . . .'],
      1,
      [15, 15],
    );
    const s = move(start, 3, 0);
    expect(s.captures).toEqual([17, 18]);
    expect(s.result).toEqual({ winner: 2, reason: 'captures' });
  });
});

describe('O-Pente: the Boat rule', () => {
  const five = 'X X X X . . . . .';

  it('a five none of whose stones can be captured wins at once', () => {
    expect(move(board([E, E, E, E, five]), 4, 4).result).toEqual({ winner: 1, reason: 'five' });
  });

  it('a five with a capturable pair waits one reply', () => {
    const s = move(board([E, E, E, E, five, '. X . . . . . . .', '. O . . . . . . .']), 4, 4);
    expect(s.result).toBeNull();
    expect(s.pendingFive).toBe(1);
  });

  it('a five with a capturable triple waits one reply, and a reply taking the triple saves the game', () => {
    const s = move(board([E, E, E, E, five, '. X . . . . . . .', '. X . . . . . . .', '. O . . . . . . .']), 4, 4);
    expect(s.pendingFive).toBe(1);
    const saved = move(s, 1, 3);
    expect(saved.captures).toEqual([0, 3]);
    expect(saved.result).toBeNull();
  });

  it('a reply that leaves the five standing loses, even when it reaches fifteen', () => {
    const rows = [E, E, E, E, five, '. X . . . . . . .', '. O . . . . . . .', E, 'O X X . . . . . .'];
    const s = move(board(rows, 1, [0, 13]), 4, 4);
    expect(s.pendingFive).toBe(1);
    const reply = move(s, 3, 8);
    expect(reply.captures).toEqual([0, 15]);
    expect(reply.result).toEqual({ winner: 1, reason: 'five' });
  });

  it('a reply that poofs its own stones and leaves the five loses', () => {
    const rows = [E, E, E, E, five, '. X . . . . . . .', '. O . . . . . . .', E, 'X O . X . . . . .'];
    const reply = move(move(board(rows), 4, 4), 2, 8);
    expect(reply.captures).toEqual([2, 0]);
    expect(reply.result).toEqual({ winner: 1, reason: 'five' });
  });

  it('a breakable five that also reaches fifteen with a lead wins by captures', () => {
    const rows = [E, E, E, E, 'X X X X . O O X .', '. X . . . . . . .', '. O . . . . . . .'];
    expect(move(board(rows, 1, [13, 0]), 4, 4).result).toEqual({ winner: 1, reason: 'captures' });
  });
});
