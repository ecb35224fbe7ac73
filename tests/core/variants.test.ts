/**
 * The games of issue 32's first step: the 15×15 board, G-Pente, D-Pente and DK-Pente, as pente.org plays them
 * (org.pente.game.SimplePenteState and GridStateFactory), with their links and records.
 */
import { describe, expect, it } from 'vitest';
import {
  BOARD_SIZES,
  VARIANTS,
  actingSeat,
  centreOf,
  chooseSeat,
  decodeGameLink,
  encodeGameLink,
  forbiddenPoints,
  formatPoint,
  formatRecord,
  illegality,
  loadRecord,
  makeRules,
  newGame,
  parsePoint,
  recordOf,
  replay,
  seatChoiceDue,
  sizeForVariant,
  variantByName,
} from '../../src/core';
import { game, names } from '../helpers';

const point = (size: number, name: string): number => parsePoint(size, name)!;

describe('the 15×15 board', () => {
  it('is offered with the other sizes, smallest first', () => {
    expect(BOARD_SIZES).toEqual([9, 13, 15, 19]);
  });

  it('has its centre at H8 and the tournament rule two points around it (pente.org: size / 2 - 3 < x < size / 2 + 3)', () => {
    const rules = { size: 15 } as const;
    expect(formatPoint(15, centreOf(15))).toBe('H8');
    const s = game(rules, 'H8 J9');
    const shaded = forbiddenPoints(s);
    expect(shaded.reason).toBe('tournament-rule');
    // The 5×5 square F6–K10 less the two stones.
    expect(shaded.points).toHaveLength(23);
    expect(names(s, shaded.points)).toContain('F6');
    expect(names(s, shaded.points)).toContain('K10');
    expect(illegality(s, point(15, 'E8'))).toBeNull();
    expect(illegality(s, point(15, 'H11'))).toBeNull();
    expect(illegality(s, point(15, 'H10'))?.reason).toBe('tournament-rule');
  });

  it("is Gomoku's board on the new-game form: choosing Gomoku moves 19×19 to 15×15, leaving it moves back", () => {
    expect(sizeForVariant('pente', 'gomoku', 19)).toBe(15);
    expect(sizeForVariant('gomoku', 'keryo', 15)).toBe(19);
    expect(sizeForVariant('pente', 'gomoku', 13)).toBe(13);
    expect(sizeForVariant('gomoku', 'pente', 9)).toBe(9);
    expect(sizeForVariant('pente', 'keryo', 15)).toBe(15);
    expect(sizeForVariant('gomoku', 'gomoku', 19)).toBe(19);
  });

  it('plays a whole Gomoku game to an exact five', () => {
    const s = game({ variant: 'gomoku', size: 15 }, 'A1 O15 B1 O14 C1 O13 D1 O12 E1');
    expect(s.result).toEqual({ winner: 1, reason: 'five' });
  });

  it('is carried by links, records and the record header Board Size', () => {
    const s = game({ variant: 'gomoku', size: 15 }, 'H8 J9 O15 A1');
    const code = encodeGameLink(s.rules, s.moves);
    const decoded = decodeGameLink(code);
    expect(decoded.ok && decoded.value.rules).toEqual(s.rules);
    expect(decoded.ok && decoded.value.moves).toEqual(s.moves);
    const text = formatRecord(recordOf(s));
    expect(text).toContain('[Board Size "15"]');
    const loaded = loadRecord(text);
    expect(loaded.ok && loaded.value.state.moves).toEqual(s.moves);
    expect(loaded.ok && loaded.value.state.rules.size).toBe(15);
  });

  it('leaves the links made before it as they were: one rules digit for the first games and boards', () => {
    // Pente, 19×19, tournament rule: digit (0 × 3 + 2) × 2 + 1 = 5, 'F'; Poof-Pente 13×13 without: (5 × 3 + 1) × 2 = 32, 'g'.
    expect(encodeGameLink(makeRules({ variant: 'pente', size: 19 }), [])).toBe('1F');
    expect(encodeGameLink(makeRules({ variant: 'poof', size: 13, tournamentRule: false }), [])).toBe('1g');
    const old = decodeGameLink('1FJJKK');
    expect(old.ok && old.value.rules).toEqual(makeRules({ variant: 'pente', size: 19 }));
    expect(old.ok && names(old.value, old.value.moves)).toEqual(['K10', 'L9']);
    // The new boards and games take three characters: `_`, the variant, the size and rule.
    expect(encodeGameLink(makeRules({ variant: 'pente', size: 15 }), [])).toBe('1_AF');
    expect(encodeGameLink(makeRules({ variant: 'g-pente', size: 19 }), [])).toBe('1_GG');
  });

  it('refuses a long rules code that names no game or board', () => {
    expect(decodeGameLink('1_').ok).toBe(false);
    expect(decodeGameLink('1_A').ok).toBe(false);
    expect(decodeGameLink('1_AI').ok).toBe(false); // size index 4: no such board
    expect(decodeGameLink('1_zA').ok).toBe(false); // no such variant
    expect(decodeGameLink('1_CB').ok).toBe(false); // Gomoku with the tournament rule
  });
});

describe('G-Pente', () => {
  // pente.org's SimplePenteState (gPenteRules): (9,5), (9,6), (9,12), (9,13), (5,9), (6,9), (12,9), (13,9).
  const G_POINTS = ['K14', 'K13', 'K7', 'K6', 'F10', 'G10', 'N10', 'O10'];

  it('is pente.org\'s "G-Pente", read from records by that name', () => {
    expect(VARIANTS['g-pente'].name).toBe('G-Pente');
    expect(variantByName('G-Pente')?.id).toBe('g-pente');
    expect(variantByName('Speed G-Pente')?.id).toBe('g-pente');
  });

  it("forbids player 1's second stone in the tournament square and at the eight points of the issue, 19×19", () => {
    const s = game({ variant: 'g-pente' }, 'K10 L9');
    const shaded = forbiddenPoints(s);
    expect(shaded.reason).toBe('g-pente-rule');
    expect(shaded.points).toHaveLength(23 + 8);
    for (const name of G_POINTS) expect(illegality(s, point(19, name))?.reason).toBe('g-pente-rule');
    // Five from the centre on its column, and three off the column diagonally, are allowed.
    for (const name of ['K15', 'K5', 'E10', 'P10', 'N13', 'H7']) expect(illegality(s, point(19, name))).toBeNull();
  });

  it('applies only to move 3: player 2 may play there, and so may player 1 later', () => {
    const s = game({ variant: 'g-pente' }, 'K10');
    expect(illegality(s, point(19, 'K13'))).toBeNull();
    expect(illegality(game({ variant: 'g-pente' }, 'K10 L9 A1 B1'), point(19, 'K13'))).toBeNull();
  });

  it('keeps the rule whatever the tournament-rule option says (pente.org: tournamentRule || gPenteRules)', () => {
    const s = game({ variant: 'g-pente', tournamentRule: false }, 'K10 L9');
    expect(illegality(s, point(19, 'L10'))?.reason).toBe('g-pente-rule');
  });

  it('scales to the other boards: the same distances from the centre', () => {
    const s = game({ variant: 'g-pente', size: 13 }, 'G7 H6');
    for (const name of ['G10', 'G11', 'G4', 'G3', 'C7', 'D7', 'K7', 'L7']) {
      expect(illegality(s, point(13, name))?.reason).toBe('g-pente-rule');
    }
    expect(illegality(s, point(13, 'G12'))).toBeNull();
  });

  it('round-trips links and records', () => {
    const s = game({ variant: 'g-pente' }, 'K10 L9 K15 M8');
    const decoded = decodeGameLink(encodeGameLink(s.rules, s.moves));
    expect(decoded.ok && decoded.value.moves).toEqual(s.moves);
    const text = formatRecord(recordOf(s));
    expect(text).toContain('[Game "G-Pente"]');
    expect(text).not.toContain('Tournament Rule');
    const loaded = loadRecord(text);
    expect(loaded.ok && loaded.value.state.rules.variant.id).toBe('g-pente');
    // A record breaking the G rule is refused with its move.
    const bad = loadRecord('[Game "G-Pente"]\n\n1. K10 L9 2. K13 *');
    expect(!bad.ok && bad.error.problem).toMatchObject({ kind: 'illegal-move', move: 'K13', reason: 'g-pente-rule' });
  });
});

describe('D-Pente and DK-Pente', () => {
  it('are pente.org\'s "D-Pente" and "DK-Pente": no opening rule, Keryo captures and 15 to win for DK', () => {
    expect(VARIANTS['d-pente']).toMatchObject({ name: 'D-Pente', centreFirst: false, tournamentRule: false });
    expect(VARIANTS['dk-pente']).toMatchObject({ name: 'DK-Pente', captureLengths: [2, 3], captureWin: 15 });
    expect(variantByName('DK-Pente')?.id).toBe('dk-pente');
    expect(makeRules({ variant: 'd-pente', tournamentRule: true }).tournamentRule).toBe(false);
  });

  it('let player 1 place the first four stones anywhere, then player 2 choose a seat', () => {
    let s = newGame({ variant: 'd-pente' });
    expect(illegality(s, point(19, 'A1'))).toBeNull();
    const acting: number[] = [];
    for (const name of ['A1', 'B2', 'L10', 'K10']) {
      acting.push(actingSeat(s));
      expect(seatChoiceDue(s)).toBe(false);
      s = game({}, name, s);
    }
    // Player 1 placed all four (black, white, black, white: the colours alternate as ever).
    expect(acting).toEqual([1, 1, 1, 1]);
    expect(s.toMove).toBe(1);
    expect(seatChoiceDue(s)).toBe(true);
    expect(actingSeat(s)).toBe(2);
    // No stone until the choice is made.
    expect(illegality(s, point(19, 'K12'))?.reason).toBe('seat-choice-due');
  });

  it.each(['swap', 'keep'] as const)('after %s: seat 1 plays the fifth stone, and the game goes on', (choice) => {
    const four = game({ variant: 'd-pente' }, 'A1 B2 L10 K10');
    const chosen = chooseSeat(four, choice)!;
    expect(chosen.seatChoice).toBe(choice);
    expect(chosen.moves).toEqual(four.moves);
    expect(Array.from(chosen.cells)).toEqual(Array.from(four.cells));
    expect(seatChoiceDue(chosen)).toBe(false);
    expect(chosen.toMove).toBe(1);
    expect(actingSeat(chosen)).toBe(1);
    const after = game({}, 'K12 M12', chosen);
    expect(after.seatChoice).toBe(choice);
    expect(actingSeat(after)).toBe(1);
    // One step back from the choice takes back the fourth stone with it (pente.org allows no undo between).
    expect(chosen.parent).toBe(four.parent);
  });

  it('refuse a seat choice when none is due', () => {
    expect(chooseSeat(newGame({ variant: 'd-pente' }), 'swap')).toBeNull();
    expect(chooseSeat(game({ variant: 'pente' }, 'K10 L9 N10 M9'), 'swap')).toBeNull();
    const made = game({ variant: 'd-pente' }, 'A1 B2 L10 K10 keep');
    expect(chooseSeat(made, 'swap')).toBeNull();
  });

  it('replay the choice, or take "keep" when the moves go on without one (the stones do not depend on it)', () => {
    const moves = ['A1', 'B2', 'L10', 'K10', 'K12'].map((n) => point(19, n));
    const swapped = replay({ variant: 'd-pente' }, moves, 'swap');
    expect(swapped.ok && swapped.value.seatChoice).toBe('swap');
    const unsaid = replay({ variant: 'd-pente' }, moves);
    expect(unsaid.ok && unsaid.value.seatChoice).toBe('keep');
    const waiting = replay({ variant: 'd-pente' }, moves.slice(0, 4));
    expect(waiting.ok && seatChoiceDue(waiting.value)).toBe(true);
    const decided = replay({ variant: 'd-pente' }, moves.slice(0, 4), 'swap');
    expect(decided.ok && decided.value.seatChoice).toBe('swap');
  });

  it('capture by Keryo rules in DK-Pente (a flanked three), not in D-Pente', () => {
    const three = game({ variant: 'dk-pente' }, 'K10 L10 A1 M10 keep A3 N10 O10');
    expect(three.captures).toEqual([3, 0]);
    const d = game({ variant: 'd-pente' }, 'K10 L10 A1 M10 keep A3 N10 O10');
    expect(d.captures).toEqual([0, 0]);
  });

  it('carry the choice in links: a pair after the fourth move', () => {
    const s = game({ variant: 'dk-pente', size: 15 }, 'A1 B2 H8 J9 swap G7');
    const code = encodeGameLink(s.rules, s.moves, s.seatChoice);
    expect(code.slice(4, 12 + 4)).toContain('__');
    const decoded = decodeGameLink(code);
    expect(decoded.ok && decoded.value.seatChoice).toBe('swap');
    expect(decoded.ok && decoded.value.moves).toEqual(s.moves);
    const waiting = game({ variant: 'd-pente' }, 'A1 B2 L10 K10');
    const open = decodeGameLink(encodeGameLink(waiting.rules, waiting.moves, null));
    expect(open.ok && seatChoiceDue(open.value)).toBe(true);
    const kept = game({ variant: 'd-pente' }, 'A1 B2 L10 K10 keep');
    const keptLink = decodeGameLink(encodeGameLink(kept.rules, kept.moves, kept.seatChoice));
    expect(keptLink.ok && keptLink.value.seatChoice).toBe('keep');
  });

  it('carry the choice in records as pente.org\'s [Player\'s Swapped? "Yes"], and read it back', () => {
    const s = game({ variant: 'd-pente' }, 'A1 B2 L10 K10 swap K12');
    const text = formatRecord(recordOf(s, [['Player 1 Name', 'bob']]));
    expect(text).toContain(`[Player's Swapped? "Yes"]`);
    const loaded = loadRecord(text);
    expect(loaded.ok && loaded.value.state.seatChoice).toBe('swap');
    expect(loaded.ok && formatRecord(recordOf(loaded.value.state, loaded.value.record.headers))).toBe(text);
    // As pente.org writes it (PGNGameFormat): the header after the result, No for a kept seat.
    const fromSite = loadRecord(
      `[Game "D-Pente"]\n[Player 1 Name "ann"]\n[Result "*"]\n[Player's Swapped? "No"]\n\n1. A1 B2 2. L10 K10 3. K12 *`,
    );
    expect(fromSite.ok && fromSite.value.state.seatChoice).toBe('keep');
  });
});
