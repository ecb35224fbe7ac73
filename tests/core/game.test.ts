import { describe, expect, it } from 'vitest';
import {
  type GameState,
  concede,
  illegality,
  legalMoves,
  newGame,
  parsePoint,
  play,
  stateAtPly,
  undo,
  winningLine,
} from '../../src/core';
import { at, game, names } from '../helpers';
import {
  BREAKS_FIVE,
  FIVE_LINE,
  LEAVES_FIVE,
  MOVE,
  boatBreakableFiveAndTen,
  boatReplyReachesTen,
  boatUnbreakableFiveAndTen,
  keryoFiveAndFifteen,
  penteFiveAndTen,
  poofFiveAndTen,
} from './outcome-cases';

const free = { tournamentRule: false } as const;

function tryPlay(state: GameState, name: string) {
  const point = parsePoint(state.rules.size, name);
  if (point === undefined) throw new Error(name);
  return play(state, point);
}

/** Moves in which `capturer` captures a pair on row `row` (B…E, with a filler at S); the other side moves next. */
function captureDrill(row: number): string {
  return `B${row} C${row} S${row} D${row} E${row}`;
}

describe('move legality', () => {
  it('requires the centre first in Pente, and names it', () => {
    const result = tryPlay(newGame(), 'A1');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.reason).toBe('centre-first');
      expect(result.error.message).toContain('K10');
    }
    expect(tryPlay(newGame({ size: 9 }), 'E5').ok).toBe(true);
    expect(tryPlay(newGame({ size: 13 }), 'A1').ok).toBe(false);
  });

  it('refuses an occupied point, a point off the board, and any move after the end', () => {
    const s = game({}, 'K10');
    const occupied = tryPlay(s, 'K10');
    expect(!occupied.ok && occupied.error.reason).toBe('occupied');
    for (const p of [-1, 361, 1.5, Number.NaN]) expect(illegality(s, p)?.reason).toBe('off-board');
    const over = concede(s, 2, 'resignation');
    expect(over.result).toEqual({ winner: 1, reason: 'resignation' });
    expect(illegality(over, 0)?.reason).toBe('game-over');
    expect(legalMoves(over)).toEqual([]);
  });

  it('applies the tournament rule to the first player’s second stone only, at the 5x5 boundary', () => {
    const s = game({}, 'K10 L9');
    for (const inside of ['M12', 'H8', 'M8', 'H12', 'K12', 'L10']) {
      expect(illegality(s, parsePoint(19, inside)!)?.reason, inside).toBe('tournament-rule');
    }
    for (const outside of ['N10', 'G10', 'K13', 'K7', 'N13', 'G7', 'A1']) {
      expect(illegality(s, parsePoint(19, outside)!), outside).toBeNull();
    }
    // Player 2's moves and player 1's later moves are free.
    expect(tryPlay(game({}, 'K10'), 'L11').ok).toBe(true);
    expect(tryPlay(game({}, 'K10 L9 N10'), 'L10').ok).toBe(true);
    expect(tryPlay(game({}, 'K10 L9 N10 A1'), 'L11').ok).toBe(true);
  });

  it('lets the tournament rule be switched off, and measures it from the centre of 9x9 and 13x13', () => {
    expect(tryPlay(game(free, 'K10 L9'), 'L11').ok).toBe(true);
    expect(illegality(game({ size: 13 }, 'G7 H8'), parsePoint(13, 'J9')!)?.reason).toBe('tournament-rule');
    expect(illegality(game({ size: 13 }, 'G7 H8'), parsePoint(13, 'K7')!)).toBeNull();
    expect(illegality(game({ size: 9 }, 'E5 F6'), parsePoint(9, 'G7')!)?.reason).toBe('tournament-rule');
    expect(illegality(game({ size: 9 }, 'E5 F6'), parsePoint(9, 'H5')!)).toBeNull();
  });

  it('has no centre rule and no tournament rule in Gomoku and Freestyle', () => {
    for (const variant of ['gomoku', 'freestyle'] as const) {
      expect(newGame({ variant, tournamentRule: true }).rules.tournamentRule).toBe(false);
      expect(game({ variant }, 'A1 K10 B2').moves).toHaveLength(3);
    }
  });
});

describe('Pente captures', () => {
  it('captures exactly two flanked stones and counts stones', () => {
    const s = game(free, 'K10 L10 A1 M10 N10');
    expect(at(s, 'L10')).toBe(0);
    expect(at(s, 'M10')).toBe(0);
    expect(s.captures).toEqual([2, 0]);
    expect(names(s, s.lastMove!.captured)).toEqual(['L10', 'M10']);
  });

  it('does not capture one stone or three', () => {
    expect(game(free, 'K10 L10 M10').captures).toEqual([0, 0]);
    const three = game(free, 'K10 L10 A1 M10 A2 N10 O10');
    expect(three.captures).toEqual([0, 0]);
    expect(at(three, 'M10')).toBe(2);
  });

  it('makes playing into a flanked position safe', () => {
    const s = game(free, 'K10 L10 N10 M10');
    expect(s.captures).toEqual([0, 0]);
    expect(at(s, 'L10')).toBe(2);
    expect(at(s, 'M10')).toBe(2);
  });

  it('captures along the board edge, but the edge itself flanks nothing', () => {
    const edge = game(free, 'K10 A2 A1 A3 A4');
    expect(edge.captures).toEqual([2, 0]);
    expect(at(edge, 'A2') + at(edge, 'A3')).toBe(0);
    const corner = game(free, 'K10 A1 T19 A2 A3');
    expect(corner.captures).toEqual([0, 0]);
    expect(at(corner, 'A1')).toBe(2);
  });

  it('captures in every direction, several pairs at once', () => {
    const double = game(free, 'K10 L10 N13 M10 A1 N11 A2 N12 N10');
    expect(double.captures).toEqual([4, 0]);
    expect(names(double, double.lastMove!.captured)).toEqual(['L10', 'M10', 'N11', 'N12']);
    const triple = game(free, 'K10 L10 N13 M10 Q13 N11 A1 N12 A2 O11 A3 P12 N10');
    expect(triple.captures).toEqual([6, 0]);
    // Down-left and down-right diagonals and straight down.
    const diagonals = game(free, 'K10 J9 A1 H8 G7 L9 A2 M8 N7 K9 A3 K8 K7');
    expect(diagonals.captures).toEqual([6, 0]);
  });

  it('wins with ten captured stones', () => {
    let moves = 'K10 T1';
    for (const row of [3, 6, 9, 12]) moves += ` ${captureDrill(row)} T${row}`;
    const eight = game(free, moves);
    expect(eight.captures).toEqual([8, 0]);
    expect(eight.result).toBeNull();
    const ten = game(free, captureDrill(15), eight);
    expect(ten.captures).toEqual([10, 0]);
    expect(ten.result).toEqual({ winner: 1, reason: 'captures' });
  });
});

describe('fives', () => {
  const six = 'K10 A1 K11 A3 K12 A5 K14 A7 K15 A9 K13';
  const five = 'K10 A1 K11 A3 K12 A5 K13 A7 K14';

  it('five or more in a row wins Pente and Freestyle, and the winning line is known', () => {
    const s = game(free, five);
    expect(s.result).toEqual({ winner: 1, reason: 'five' });
    expect(names(s, winningLine(s))).toEqual(['K10', 'K11', 'K12', 'K13', 'K14']);
    expect(game(free, six).result).toEqual({ winner: 1, reason: 'five' });
    expect(game({ variant: 'freestyle' }, six).result).toEqual({ winner: 1, reason: 'five' });
  });

  it('only exactly five wins Gomoku', () => {
    expect(game({ variant: 'gomoku' }, five).result).toEqual({ winner: 1, reason: 'five' });
    const overline = game({ variant: 'gomoku' }, six);
    expect(overline.result).toBeNull();
    expect(winningLine(overline)).toEqual([]);
  });

  it('a move that captures and makes five wins for the mover', () => {
    const s = game(free, 'K10 L14 K11 M14 K12 A1 N14 A2 K13 A3 K14');
    expect(s.result).toEqual({ winner: 1, reason: 'five' });
    expect(s.captures).toEqual([2, 0]);
    expect(at(s, 'L14') + at(s, 'M14')).toBe(0);
  });

  it('player 2 can win too, diagonally', () => {
    const s = game(free, 'K10 A1 K12 B2 K14 C3 K16 D4 K18 E5');
    expect(s.result).toEqual({ winner: 2, reason: 'five' });
  });
});

describe('Keryo-Pente', () => {
  const keryo = { variant: 'keryo', tournamentRule: false } as const;

  it('captures exactly two or exactly three flanked stones', () => {
    expect(game(keryo, 'K10 L10 A1 M10 N10').captures).toEqual([2, 0]);
    const triple = game(keryo, 'K10 L10 A1 M10 A2 N10 O10');
    expect(triple.captures).toEqual([3, 0]);
    expect(names(triple, triple.lastMove!.captured)).toEqual(['L10', 'M10', 'N10']);
    const four = game(keryo, 'K10 L10 A1 M10 A2 N10 A3 O10 P10');
    expect(four.captures).toEqual([0, 0]);
  });

  it('wins with fifteen stones, not ten', () => {
    let s = game(keryo, 'K10 T1');
    const drill = (row: number) => `B${row} C${row} S${row} D${row} R${row} E${row} F${row}`;
    for (const row of [3, 6, 9, 12]) s = game(keryo, `${drill(row)} T${row}`, s);
    expect(s.captures).toEqual([12, 0]);
    expect(s.result).toBeNull();
    s = game(keryo, drill(15), s);
    expect(s.captures).toEqual([15, 0]);
    expect(s.result).toEqual({ winner: 1, reason: 'captures' });
  });
});

describe('Gomoku and Freestyle', () => {
  it('have no captures', () => {
    for (const variant of ['gomoku', 'freestyle'] as const) {
      const s = game({ variant }, 'K10 L10 A1 M10 N10');
      expect(s.captures).toEqual([0, 0]);
      expect(at(s, 'L10')).toBe(2);
    }
  });

  it('end in a draw when the board fills without a five', () => {
    // Colouring ((x >> 1) + y) % 2 has no run longer than two in any direction: 41 and 40 points on 9x9.
    const first: string[] = [];
    const second: string[] = [];
    const letters = 'ABCDEFGHJ';
    for (let y = 0; y < 9; y++) {
      for (let x = 0; x < 9; x++) (((x >> 1) + y) % 2 === 0 ? first : second).push(`${letters[x]}${y + 1}`);
    }
    const moves = first.flatMap((p, i) => (second[i] ? [p, second[i]] : [p])).join(' ');
    for (const variant of ['gomoku', 'freestyle'] as const) {
      const s = game({ variant, size: 9 }, moves);
      expect(s.moves).toHaveLength(81);
      expect(s.result).toEqual({ winner: null, reason: 'draw' });
    }
  });
});

describe('Boat-Pente', () => {
  const boat = { variant: 'boat', tournamentRule: false } as const;
  // Player 1's five K10–K14 includes K12, whose pair K12–L12 player 2 can capture at J12.
  const breakable = 'K10 M12 L12 A1 K11 A3 K13 A5 K14 A7 K12';

  it('a five that cannot be captured wins at once', () => {
    expect(game(boat, 'K10 A1 K11 A3 K12 A5 K13 A7 K14').result).toEqual({ winner: 1, reason: 'five' });
  });

  it('a five that can be broken waits for the reply', () => {
    const s = game(boat, breakable);
    expect(s.result).toBeNull();
    expect(s.pendingFive).toBe(1);
    expect(game(free, breakable).result).toEqual({ winner: 1, reason: 'five' });
  });

  it('a reply that captures out of the five saves the game', () => {
    const s = game(boat, 'J12', game(boat, breakable));
    expect(s.result).toBeNull();
    expect(s.pendingFive).toBeNull();
    expect(s.captures).toEqual([0, 2]);
  });

  it('a reply that leaves the five standing loses', () => {
    const s = game(boat, 'A9', game(boat, breakable));
    expect(s.result).toEqual({ winner: 1, reason: 'five' });
    expect(names(s, winningLine(s))).toEqual(['K10', 'K11', 'K12', 'K13', 'K14']);
  });

  it('a stone that makes two fives, one breakable and one not, wins at once (pente.org, 13×13)', () => {
    // C11 makes A11–E11 (D11–E11 can be captured from E13) and A13–E9 (no stone of it can be captured).
    const record =
      'G7 J8 K9 L7 K8 G9 K7 N7 G8 E5 N5 N9 H7 D3 E6 M7 N1 D2 J5 C13 G4 M6 K10 M12 J3 M2 G5 B13 D12 J10 L6 F4 K12 ' +
      'D4 D10 D9 B11 B3 E7 H3 C12 F13 E9 E3 E11 A3 L2 E10 A13 J6 E4 H11 L13 L5 L8 B1 J2 M13 H6 D7 D11 L12 G12 A10 ' +
      'A5 J9 F9 B9 M10 G13 B10 M9 J7 K5 N12 C2 E12 D6 J10 F5 J12 K6 L8 K4 N3 L9 H4 B6 A6 H10 D13 E1 B4 H8 N8 M4 G2 ' +
      'K11 J11 B5 B12 N2 A11 M1 L11 G1 J4 N6 C11';
    const rules = { variant: 'boat', size: 13 } as const;
    const s = game(rules, record);
    expect(s.moves).toHaveLength(record.split(' ').length);
    expect(s.result).toEqual({ winner: s.lastMove!.player, reason: 'five' });
    expect(s.pendingFive).toBeNull();
    expect(tryPlay(s, 'A1').ok).toBe(false);
  });

  it("a reply that makes its own five while the standing five survives loses to it (the standing five's owner wins first)", () => {
    // Player 2 builds A2–A5 and makes A6 five (no stone of it capturable) as the reply to K12's breakable five.
    const s = game(boat, 'K10 M12 L12 A2 K11 A3 K13 A4 K14 A5 K12 A6');
    expect(s.result).toEqual({ winner: 1, reason: 'five' });
    expect(names(s, winningLine(s))).toEqual(['K10', 'K11', 'K12', 'K13', 'K14']);
  });
});

describe('Poof-Pente', () => {
  const poof = { variant: 'poof', tournamentRule: false } as const;

  it('a stone that completes its own flanked pair is removed with it, credited to the opponent', () => {
    const s = game(poof, 'K10 L10 M10 O10 N10');
    expect(at(s, 'M10') + at(s, 'N10')).toBe(0);
    expect(s.captures).toEqual([0, 2]);
    expect(names(s, s.lastMove!.poofed)).toEqual(['M10', 'N10']);
    // In plain Pente the same move is safe.
    expect(game(free, 'K10 L10 M10 O10 N10').captures).toEqual([0, 0]);
  });

  it('gives captures and poofs equal priority: a flanking stone captured by the move still poofs', () => {
    const s = game(poof, 'K10 L10 M10 O10 Q10 P10 N10');
    expect(s.captures).toEqual([2, 2]);
    for (const p of ['M10', 'N10', 'O10', 'P10']) expect(at(s, p), p).toBe(0);
    expect(at(s, 'L10')).toBe(2);
  });

  it('needs ten stones and strictly more than the opponent to win by captures', () => {
    let moves = 'K10';
    // Player 2 captures on rows 1, 5, 9, 13 and player 1 on rows 3, 7, 11, 15: eight stones each.
    for (const [a, b] of [
      [1, 3],
      [5, 7],
      [9, 11],
      [13, 15],
    ] as const)
      moves += ` ${captureDrill(a)} ${captureDrill(b)}`;
    const eightAll = game(poof, moves);
    expect(eightAll.captures).toEqual([8, 8]);
    const finale = 'L17 M17 O17 Q17 P17 N17';
    const tied = game(poof, finale, eightAll);
    expect(tied.captures).toEqual([10, 10]);
    expect(tied.result).toBeNull();
    expect(game(free, moves + ' ' + finale).result).toEqual({ winner: 1, reason: 'captures' });
  });

  it('a poof can win the game for the opponent', () => {
    let moves = 'K10';
    for (const [row, filler] of [
      [1, 'T2'],
      [5, 'T6'],
      [9, 'T10'],
      [13, 'T14'],
    ] as const)
      moves += ` ${captureDrill(row)} ${filler}`;
    const s = game(poof, `${moves.replace(/ T14$/, '')} M17 L17 T8 O17 N17`);
    expect(s.captures).toEqual([0, 10]);
    expect(s.result).toEqual({ winner: 2, reason: 'captures' });
  });
});

describe('history', () => {
  it('undo returns the earlier state itself, and stops at the start', () => {
    const s = game(free, 'K10 L10 A1 M10 N10');
    expect(undo(s).moves).toHaveLength(4);
    expect(at(undo(s), 'L10')).toBe(2);
    expect(undo(s, 2)).toBe(s.parent!.parent);
    expect(undo(s, 99).moves).toHaveLength(0);
    expect(stateAtPly(s, 3)).toBe(undo(s, 2));
    expect(stateAtPly(s, 5)).toBe(s);
  });

  it('never changes an earlier state', () => {
    const before = game(free, 'K10 L10 A1 M10');
    const snapshot = Uint8Array.from(before.cells);
    game(free, 'N10', before);
    expect(Uint8Array.from(before.cells)).toEqual(snapshot);
    expect(before.captures).toEqual([0, 0]);
  });
});

describe('five and the capture target in one move', () => {
  function after(state: GameState, ...points: number[]): GameState {
    let s = state;
    for (const p of points) {
      const next = play(s, p);
      if (!next.ok) throw new Error(next.error.message);
      s = next.value;
    }
    return s;
  }

  it('Pente: five with the tenth captured stone wins by five, as pente.org records it', () => {
    const s = after(penteFiveAndTen(), MOVE);
    expect(s.captures).toEqual([10, 0]);
    expect(s.result).toEqual({ winner: 1, reason: 'five' });
    expect(winningLine(s)).toEqual(FIVE_LINE);
  });

  it('Keryo-Pente: five with a triple capture reaching fifteen wins by five', () => {
    const s = after(keryoFiveAndFifteen(), MOVE);
    expect(s.captures).toEqual([15, 0]);
    expect(s.result).toEqual({ winner: 1, reason: 'five' });
  });

  it('Poof-Pente: five with the tenth stone and a lead wins by five', () => {
    // A move that poofs loses its own stone, so it never makes five: the opponent's capture win by a poof
    // (tested above) and the mover's five cannot meet in one move; only the mover's own captures can.
    const s = after(poofFiveAndTen(), MOVE);
    expect(s.captures).toEqual([10, 4]);
    expect(s.result).toEqual({ winner: 1, reason: 'five' });
  });

  describe('Boat-Pente', () => {
    it('an unbreakable five with the tenth stone wins by five', () => {
      expect(after(boatUnbreakableFiveAndTen(), MOVE).result).toEqual({ winner: 1, reason: 'five' });
    });

    it('a breakable five with the tenth stone wins by captures: the five would only win after a reply', () => {
      const s = after(boatBreakableFiveAndTen(), MOVE);
      expect(s.captures).toEqual([10, 0]);
      expect(s.result).toEqual({ winner: 1, reason: 'captures' });
      expect(s.pendingFive).toBeNull();
    });

    it('a reply that reaches the capture target but leaves the five standing loses to the five', () => {
      // The five was made first and survived its reply; pente.org's Boat-Pente checks the surviving five
      // before the capture count too.
      const s = after(boatReplyReachesTen(), MOVE, LEAVES_FIVE);
      expect(s.captures).toEqual([0, 10]);
      expect(s.result).toEqual({ winner: 1, reason: 'five' });
    });

    it('a reply that reaches the capture target by breaking the five wins by captures', () => {
      const pending = after(boatReplyReachesTen(), MOVE);
      expect(pending.result).toBeNull();
      expect(pending.pendingFive).toBe(1);
      const s = after(pending, BREAKS_FIVE);
      expect(s.captures).toEqual([0, 10]);
      expect(s.result).toEqual({ winner: 2, reason: 'captures' });
    });
  });
});
