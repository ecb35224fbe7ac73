/**
 * Swap2-Pente and Swap2-Keryo (issue 32): no opening rule; player 1 places three stones (black, white,
 * black); player 2 takes a seat, or passes: places two more (white, black) and hands the choice to player 1.
 */
import { describe, expect, it } from 'vitest';
import {
  VARIANTS,
  actingSeat,
  chooseSeat,
  dueOpeningSteps,
  formatRecord,
  illegality,
  loadRecord,
  makeRules,
  newGame,
  parsePoint,
  passSwap2,
  recordOf,
  replay,
  seatChoiceDue,
  seatChooser,
  swap2PassAllowed,
  undo,
  variantByName,
} from '../../src/core';
import { game } from '../helpers';

const point = (name: string): number => parsePoint(19, name)!;
const swap2 = { variant: 'swap2-pente' } as const;

describe('Swap2-Pente and Swap2-Keryo', () => {
  it('are pente.org\'s "Swap2-Pente" and "Swap2-Keryo": no opening rule, Keryo captures and 15 to win for Keryo', () => {
    expect(VARIANTS['swap2-pente']).toMatchObject({ centreFirst: false, tournamentRule: false, seatChoiceAfter: 3 });
    expect(VARIANTS['swap2-keryo']).toMatchObject({ captureLengths: [2, 3], captureWin: 15, swap2: true });
    expect(variantByName('Swap2-Keryo')?.id).toBe('swap2-keryo');
    expect(variantByName('Speed Swap2-Pente')?.id).toBe('swap2-pente');
    expect(makeRules({ variant: 'swap2-pente', tournamentRule: true }).tournamentRule).toBe(false);
    expect(illegality(newGame(swap2), point('A1'))).toBeNull();
  });

  it('let player 1 place three stones, then player 2 choose: swap, keep or pass', () => {
    let s = newGame(swap2);
    const acting: number[] = [];
    for (const name of ['K10', 'L9', 'M10']) {
      acting.push(actingSeat(s));
      expect(dueOpeningSteps(s)).toEqual([]);
      s = game({}, name, s);
    }
    expect(acting).toEqual([1, 1, 1]);
    expect(s.toMove).toBe(2);
    expect(seatChoiceDue(s)).toBe(true);
    expect(swap2PassAllowed(s)).toBe(true);
    expect(dueOpeningSteps(s)).toEqual(['swap', 'keep', 'pass']);
    expect(actingSeat(s)).toBe(2);
    expect(seatChooser(s)).toBe(2);
    expect(illegality(s, point('N11'))?.reason).toBe('seat-choice-due');
    expect(illegality(s, point('N11'))?.message).toBe('The second player must first choose a seat.');
  });

  it.each(['swap', 'keep'] as const)('after %s at three stones: seat 2 plays the fourth stone', (choice) => {
    const three = game(swap2, 'K10 L9 M10');
    const chosen = chooseSeat(three, choice)!;
    expect(chosen.seatChoice).toBe(choice);
    expect(chosen.swap2Pass).toBe(false);
    expect(actingSeat(chosen)).toBe(2);
    expect(dueOpeningSteps(chosen)).toEqual([]);
    expect(passSwap2(chosen)).toBeNull();
    const after = game({}, 'N11 J9', chosen);
    expect(actingSeat(after)).toBe(2);
    expect(seatChoiceDue(after)).toBe(false);
    // The choice replaces the third stone's state: one step back takes both.
    expect(chosen.parent).toBe(three.parent);
  });

  it('after a pass: player 2 places a white and a black stone, then player 1 chooses swap or keep', () => {
    const three = game(swap2, 'K10 L9 M10');
    const passed = passSwap2(three)!;
    expect(passed.swap2Pass).toBe(true);
    expect(passed.seatChoice).toBeNull();
    expect(seatChoiceDue(passed)).toBe(false);
    expect(actingSeat(passed)).toBe(2);
    const four = game({}, 'N11', passed);
    expect(four.cells[point('N11')]).toBe(2);
    expect(actingSeat(four)).toBe(2);
    expect(dueOpeningSteps(four)).toEqual([]);
    const five = game({}, 'J9', four);
    expect(five.cells[point('J9')]).toBe(1);
    expect(five.toMove).toBe(2);
    expect(seatChoiceDue(five)).toBe(true);
    expect(seatChooser(five)).toBe(1);
    expect(actingSeat(five)).toBe(1);
    // No second pass, and no stone before the choice.
    expect(dueOpeningSteps(five)).toEqual(['swap', 'keep']);
    expect(passSwap2(five)).toBeNull();
    expect(illegality(five, point('A1'))?.message).toBe('The first player must first choose a seat.');
    const kept = chooseSeat(five, 'keep')!;
    expect(actingSeat(kept)).toBe(2);
    expect(actingSeat(game({}, 'A1', kept))).toBe(1);
    // Undo walks back through the two stones to the pass, then to before it.
    expect(undo(five, 2)).toBe(passed);
    expect(undo(passed)).toBe(three.parent);
  });

  it('refuse a pass anywhere but at the first choice, and in D-Pente', () => {
    expect(passSwap2(newGame(swap2))).toBeNull();
    expect(passSwap2(game(swap2, 'K10 L9'))).toBeNull();
    expect(passSwap2(game({ variant: 'd-pente' }, 'A1 B2 L10 K10'))).toBeNull();
    expect(passSwap2(game(swap2, 'K10 L9 M10 keep'))).toBeNull();
  });

  it('replay the pass and the choice; without them the moves go on as a kept first choice', () => {
    const moves = ['K10', 'L9', 'M10', 'N11', 'J9', 'A1'].map(point);
    const passed = replay(swap2, moves, 'swap', true);
    expect(passed.ok && [passed.value.swap2Pass, passed.value.seatChoice]).toEqual([true, 'swap']);
    const unsaid = replay(swap2, moves);
    expect(unsaid.ok && [unsaid.value.swap2Pass, unsaid.value.seatChoice]).toEqual([false, 'keep']);
    const waiting = replay(swap2, moves.slice(0, 4), null, true);
    expect(waiting.ok && actingSeat(waiting.value)).toBe(2);
    const due = replay(swap2, moves.slice(0, 5), null, true);
    expect(due.ok && seatChooser(due.value) === 1 && seatChoiceDue(due.value)).toBe(true);
    const atThree = replay(swap2, moves.slice(0, 3), null, true);
    expect(atThree.ok && atThree.value.swap2Pass && !seatChoiceDue(atThree.value)).toBe(true);
  });

  it('capture by Keryo rules in Swap2-Keryo (a flanked three), not in Swap2-Pente', () => {
    const line = 'K10 L10 A1 keep M10 A3 N10 O10';
    expect(game({ variant: 'swap2-keryo' }, line).captures).toEqual([3, 0]);
    expect(game(swap2, line).captures).toEqual([0, 0]);
  });

  it("round-trip records under pente.org's names, with the choice and the pass", () => {
    const s = game({ variant: 'swap2-keryo' }, 'K10 L9 M10 pass N11 J9 swap A1 A2');
    const text = formatRecord(recordOf(s, [['Player 1 Name', 'ann']]));
    expect(text).toContain('[Game "Swap2-Keryo"]');
    expect(text).toContain(`[Player's Swapped? "Yes"]`);
    expect(text).toContain('[Swap2 Pass "Yes"]');
    const loaded = loadRecord(text);
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.state.swap2Pass).toBe(true);
    expect(loaded.value.state.seatChoice).toBe('swap');
    expect(loaded.value.state.moves).toEqual(s.moves);
    expect(formatRecord(recordOf(loaded.value.state, loaded.value.record.headers))).toBe(text);
    // A pente.org record without our pass header still replays (the stones do not depend on it).
    const site = loadRecord('[Game "Swap2-Pente"]\n[Result "*"]\n\n1. K10 L9 2. M10 N11 3. J9 A1 *');
    expect(site.ok && site.value.state.moves).toHaveLength(6);
  });
});
