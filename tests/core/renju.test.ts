/**
 * Renju in the core (issue 32), as pente.org's RenjuState plays it: 15×15, no captures, black wins only with
 * exactly five and loses at once on a forbidden point, white wins with five or more; the Taraguchi-10 opening
 * (swap windows after stones 1–4, area limits, branch A or B's ten offers); passes after it, two in a row draw.
 */
import { describe, expect, it } from 'vitest';
import {
  type GameState,
  VARIANTS,
  actingSeat,
  allowedOpeningSteps,
  dueOpeningSteps,
  forbiddenPoints,
  formatPoint,
  formatRecord,
  illegality,
  loadRecord,
  makeRules,
  newGame,
  offerConflict,
  parsePoint,
  play,
  positionSymmetries,
  recordOf,
  renjuDue,
  renjuForbiddenMarks,
  renjuOffersProblem,
  renjuSeatsSwapped,
  replay,
  sizeForVariant,
  takeOpeningStep,
  undo,
  variantByName,
  winningLine,
} from '../../src/core';

const P = (name: string): number => parsePoint(15, name)!;

/** Plays items as the JSON engine reads them: points, swap, keep, pass, offer:A1,B2,…; throws when refused. */
function renju(items: string, from: GameState = newGame({ variant: 'renju' })): GameState {
  let state = from;
  for (const item of items.split(/\s+/).filter(Boolean)) {
    let next: GameState | null;
    if (item.startsWith('offer:')) next = takeOpeningStep(state, { offer: item.slice(6).split(',').map(P) });
    else if (item === 'swap' || item === 'keep' || item === 'pass') next = takeOpeningStep(state, item);
    else {
      const played = play(state, P(item));
      if (!played.ok) throw new Error(`${item}: ${played.error.reason}: ${played.error.message}`);
      next = played.value;
    }
    if (!next) throw new Error(`${item}: not due`);
    state = next;
  }
  return state;
}

const reasonAt = (state: GameState, name: string) => illegality(state, P(name))?.reason ?? null;
const OFFERS = 'offer:A1,A3,A5,A7,A9,A11,A13,A15,C1,E1';
/** Branch B's opening up to white's sixth stone (issue 32's example). */
const BRANCH_B = `H8 keep H9 keep J9 keep G7 keep ${OFFERS} A5 B2`;
/** A branch A opening: the fifth stone within the 9×9, a last window, white's sixth stone. */
const BRANCH_A = 'H8 keep H9 keep J9 keep G7 keep K10 keep L3';

describe('Renju: the row', () => {
  it('is pente.org\'s "Renju" on 15×15 only, no captures, exactly five for black', () => {
    expect(VARIANTS.renju).toMatchObject({ name: 'Renju', captureLengths: [], captureWin: null, renju: true });
    expect(variantByName('Renju')?.id).toBe('renju');
    expect(makeRules({ variant: 'renju', size: 19 }).size).toBe(15);
    expect(newGame({ variant: 'renju' }).renju).toEqual({ swaps: [], offers: [], passes: [] });
    expect(newGame({ variant: 'gomoku' }).renju).toBeUndefined();
    expect(sizeForVariant('pente', 'renju', 19)).toBe(15);
    expect(sizeForVariant('renju', 'pente', 15)).toBe(19);
    expect(sizeForVariant('renju', 'gomoku', 15)).toBe(15);
  });
});

describe('Renju: the Taraguchi-10 opening', () => {
  it('puts stone 1 on the centre, 2 in the 3×3, 3 in the 5×5, 4 in the 7×7, 5 (branch A) in the 9×9', () => {
    expect(reasonAt(newGame({ variant: 'renju' }), 'H9')).toBe('renju-area');
    expect(reasonAt(renju('H8 keep'), 'K10')).toBe('renju-area');
    expect(reasonAt(renju('H8 keep'), 'J9')).toBeNull();
    expect(reasonAt(renju('H8 keep H9 keep'), 'L8')).toBe('renju-area');
    expect(reasonAt(renju('H8 keep H9 keep'), 'K10')).toBeNull();
    expect(reasonAt(renju('H8 keep H9 keep J9 keep'), 'L11')).toBeNull();
    expect(reasonAt(renju('H8 keep H9 keep J9 keep'), 'M11')).toBe('renju-area');
    expect(reasonAt(renju('H8 keep H9 keep J9 keep G7 keep'), 'M12')).toBeNull();
    expect(reasonAt(renju('H8 keep H9 keep J9 keep G7 keep'), 'N12')).toBe('renju-area');
    expect(reasonAt(renju('H8 keep H9 keep J9 keep G7 keep K10 keep'), 'A1')).toBeNull();
  });

  it("opens a swap window after each of stones 1–4 and after branch A's fifth, for the seat to move next", () => {
    let s = renju('H8');
    expect(renjuDue(s)).toBe('swap');
    expect(dueOpeningSteps(s)).toEqual(['swap', 'keep']);
    expect(actingSeat(s)).toBe(2);
    expect(reasonAt(s, 'H9')).toBe('seat-choice-due');
    s = renju('swap H9', s);
    expect(actingSeat(s)).toBe(1);
    expect(dueOpeningSteps(s)).toEqual(['swap', 'keep']);
    s = renju('keep J9 swap G7 keep K10', s);
    expect(renjuDue(s)).toBe('swap');
    expect(actingSeat(s)).toBe(2);
    s = renju('swap', s);
    expect(s.renju!.swaps).toEqual(['swap', 'keep', 'swap', 'keep', 'swap']);
    expect(renjuSeatsSwapped(s.renju!)).toBe(true);
    expect(dueOpeningSteps(s)).toEqual([]);
    // A window is a step of the stone before it: one back takes both.
    expect(undo(s).moves.length).toBe(4);
  });

  it('gives black the branch after a kept fourth stone: a fifth stone in the 9×9, or ten offers', () => {
    const s = renju('H8 keep H9 keep J9 keep G7 keep');
    expect(renjuDue(s)).toBe('branch');
    expect(allowedOpeningSteps(s)).toEqual(['offer']);
    expect(dueOpeningSteps(s)).toEqual([]);
    expect(actingSeat(s)).toBe(1);
    // A swap at the fourth window commits branch A (pente.org's renjuSwapDecisionMade): no offers then.
    const swapped = renju('H8 keep H9 keep J9 keep G7 swap');
    expect(renjuDue(swapped)).toBe('stone');
    expect(allowedOpeningSteps(swapped)).toEqual([]);
    expect(takeOpeningStep(swapped, { offer: OFFERS.slice(6).split(',').map(P) })).toBeNull();
  });

  it('branch B: white picks the fifth stone among the offers, then plays the sixth; no window after the fifth', () => {
    const offered = renju(`H8 keep H9 keep J9 keep G7 keep ${OFFERS}`);
    expect(renjuDue(offered)).toBe('pick');
    expect(actingSeat(offered)).toBe(2);
    expect(offered.toMove).toBe(1);
    expect(reasonAt(offered, 'B2')).toBe('renju-not-offered');
    expect(reasonAt(offered, 'K10')).toBe('renju-not-offered');
    const picked = renju('A5', offered);
    expect(picked.cells[P('A5')]).toBe(1);
    expect(renjuDue(picked)).toBe('stone');
    expect(actingSeat(picked)).toBe(2);
    const s = renju(BRANCH_B);
    expect(s.moves.length).toBe(6);
    expect(s.cells[P('B2')]).toBe(2);
  });

  it("offers: exactly ten empty points, no two the same under the position's symmetries", () => {
    const s = renju('H8 keep H9 keep J9 keep G7 keep');
    const names = (list: string) => list.split(',').map(P);
    expect(renjuOffersProblem(s, names('A1,A3,A5'))).toMatch(/exactly 10/);
    expect(renjuOffersProblem(s, names('A1,A3,A5,A7,A9,A11,A13,A15,C1,H8'))).toMatch(/not an empty point/);
    expect(renjuOffersProblem(s, names('A1,A3,A5,A7,A9,A11,A13,A15,C1,A1'))).toMatch(/offered twice/);
    // This shape (black H8 J9, white H9 G7) has only the identity.
    expect(positionSymmetries(s)).toHaveLength(1);
    // Black H8 J9 and white G8 H7 are symmetric about the diagonal through H8 and J9: H10 and K8 are one.
    const sym = renju('H8 keep G8 keep J9 keep H7 keep');
    expect(positionSymmetries(sym)).toHaveLength(2);
    expect(renjuOffersProblem(sym, names('A1,A2,A3,A4,A5,A6,A7,A8,H10,K8'))).toMatch(/K8 is the same as H10/);
    expect(renjuOffersProblem(sym, names('A1,A2,A3,A4,A5,A6,A7,A8,H10,K9'))).toBeNull();
    expect(takeOpeningStep(sym, { offer: names('A1,A2,A3,A4,A5,A6,A7,A8,H10,K8') })).toBeNull();
  });

  it("finds symmetries about the stones' own centre, off the board's centre", () => {
    // Black H8 and J9, white J8 and H9: a square, symmetric about its own centre (between the points) by
    // both diagonals and the half turn.
    const s = renju('H8 keep J8 keep J9 keep H9 keep');
    expect(positionSymmetries(s).length).toBe(4);
    expect(renjuOffersProblem(s, 'A1,A2,A3,A4,A5,A6,A7,A8,H10,J10'.split(',').map(P))).toBeNull();
    // The half turn about (7.5, 6.5) takes H10 to J7.
    expect(renjuOffersProblem(s, 'A1,A2,A3,A4,A5,A6,A7,A8,H10,J7'.split(',').map(P))).toMatch(/J7 is the same as H10/);
  });
});

describe('Renju: winning and losing', () => {
  it('black wins with exactly five; a black overline is forbidden and loses at once', () => {
    // After the opening, black builds F5 G5 H5 J5 (row 5) far from white's stones.
    const base = renju(`${BRANCH_A} F5 A15 G5 A13 J5 A11`);
    const five = renju('H5', renju('A9', renju('K5', base)));
    expect(five.result).toEqual({ winner: 1, reason: 'five' });
    const over = renju('K5 A9 L5 A7 H5', base);
    // F5 G5 H5 J5 K5 L5: six.
    expect(over.result).toEqual({ winner: 2, reason: 'forbidden' });
  });

  it('white wins with five or more', () => {
    const s = renju(`${BRANCH_A} A1 B1 A2 C1 A3 D1 A4 E1 B15 F1`);
    expect(s.result).toEqual({ winner: 2, reason: 'five' });
    const six = renju(`${BRANCH_A} A1 B1 A2 C1 A3 D1 A4 F1 B15 G1 C15 A15 D15 E1`);
    expect(six.result).toEqual({ winner: 2, reason: 'five' });
    // The board shows white's whole run of six as the winning line.
    expect(winningLine(six)).toHaveLength(6);
  });

  it("marks the points outside the opening's area while a stone is due there", () => {
    expect(forbiddenPoints(newGame({ variant: 'renju' })).points).toHaveLength(224);
    expect(forbiddenPoints(renju('H8')).points).toEqual([]);
    const third = forbiddenPoints(renju('H8 keep H9 keep'));
    expect(third.reason).toBe('renju-area');
    expect(third.points).toHaveLength(225 - 25);
    expect(forbiddenPoints(renju(BRANCH_A)).points).toEqual([]);
  });

  it("marks black's forbidden points while black is to place a stone, and none otherwise", () => {
    const s = renju(`${BRANCH_A} E12 A1 F12 A3 G14 A5 G13 A7`);
    const marks = renjuForbiddenMarks(s).map((p) => formatPoint(15, p));
    expect(marks).toContain('G12');
    expect(marks).not.toContain('D12');
    expect(renjuForbiddenMarks(renju('A9', s))).toEqual([]);
    expect(renjuForbiddenMarks(renju('G12', s))).toEqual([]);
    expect(renjuForbiddenMarks(newGame({ variant: 'renju' }))).toEqual([]);
  });

  it('offerConflict names the chosen offer a tapped point is alike to', () => {
    const sym = renju('H8 keep G8 keep J9 keep H7 keep');
    expect(offerConflict(sym, [P('H10')], P('K8'))).toBe(P('H10'));
    expect(offerConflict(sym, [P('H10')], P('H10'))).toBe(P('H10'));
    expect(offerConflict(sym, [P('H10')], P('K9'))).toBeNull();
  });

  it('a black double three loses at once (reason "forbidden"); a four-three does not', () => {
    // Black: E12 F12 (row 12) and G14 G13 (column G): G12 makes two open threes.
    const s = renju(`${BRANCH_A} E12 A1 F12 A3 G14 A5 G13 A7`);
    expect(s.toMove).toBe(1);
    expect(renju('G12', s).result).toEqual({ winner: 2, reason: 'forbidden' });
    expect(renju('D12', s).result).toBeNull();
  });
});

describe('Renju: passes', () => {
  it('are refused in the opening and allowed after its six stones; two in a row draw', () => {
    expect(takeOpeningStep(renju('H8 keep H9 keep J9 keep G7 keep K10 keep'), 'pass')).toBeNull();
    const s = renju(BRANCH_A);
    expect(allowedOpeningSteps(s)).toEqual(['pass']);
    const once = renju('pass', s);
    expect(once.toMove).toBe(2);
    expect(once.result).toBeNull();
    expect(once.moves).toEqual(s.moves);
    expect(renju('pass', once).result).toEqual({ winner: null, reason: 'draw' });
    // A pass, a stone, a pass: not two in a row.
    const apart = renju('pass A1 pass', s);
    expect(apart.result).toBeNull();
    expect(apart.toMove).toBe(2);
    expect(apart.renju!.passes).toEqual([6, 7]);
  });
});

describe('Renju: replay and records', () => {
  const games = [
    BRANCH_B,
    `${BRANCH_A} pass A1 pass pass`,
    'H8 swap H9 keep J9 swap G7 swap K10 swap L3 A1',
    `${BRANCH_A} E12 A1 F12 A3 G14 A5 G13 A7 G12`,
  ];

  it('replays a game from its stones and opening steps', () => {
    for (const items of games) {
      const s = renju(items);
      const r = replay(s.rules, s.moves, null, false, s.renju!);
      expect(r.ok && r.value.renju).toEqual(s.renju);
      expect(r.ok && Array.from(r.value.cells)).toEqual(Array.from(s.cells));
      expect(r.ok && r.value.result).toEqual(s.result);
      expect(r.ok && r.value.toMove).toBe(s.toMove);
    }
  });

  it("writes pente.org's game name and our Renju Opening header, and reads them back", () => {
    for (const items of games) {
      const s = renju(items);
      const text = formatRecord(recordOf(s));
      expect(text).toContain('[Game "Renju"]');
      const loaded = loadRecord(text);
      if (!loaded.ok) throw new Error(loaded.error.message);
      expect(loaded.value.state.renju).toEqual(s.renju);
      expect(loaded.value.state.result).toEqual(s.result);
      expect(formatRecord(recordOf(loaded.value.state))).toBe(text);
    }
    expect(formatRecord(recordOf(renju(BRANCH_B)))).toContain(
      '[Renju Opening "swaps=keep,keep,keep,keep;offers=A1,A3,A5,A7,A9,A11,A13,A15,C1,E1;passes="]',
    );
  });

  it('reads a record without the header with every window kept, and refuses a malformed one', () => {
    const plain = loadRecord('[Game "Renju"]\n\n1. H8 H9 2. J9 G7 3. K10 L3 *\n');
    expect(plain.ok && plain.value.state.renju!.swaps).toEqual(['keep', 'keep', 'keep', 'keep', 'keep']);
    const bad = loadRecord('[Game "Renju"]\n[Renju Opening "swaps=maybe"]\n\n1. H8 *\n');
    expect(!bad.ok && bad.error.problem.kind).toBe('malformed-header');
    // Without the header a fifth stone outside the 9×9 (branch B's) is refused: the offers are not known.
    const b = loadRecord('[Game "Renju"]\n\n1. H8 H9 2. J9 G7 3. A5 B2 *\n');
    expect(!b.ok && b.error.problem).toMatchObject({ kind: 'illegal-move', reason: 'renju-area' });
  });

  it('refuses recorded offers that could not have been offered: twice the same, or alike by symmetry', () => {
    const twice = replay({ variant: 'renju' }, 'H8 H9 J9 G7 A1'.split(' ').map(P), null, false, {
      swaps: ['keep', 'keep', 'keep', 'keep'],
      offers: 'A1,A1,A5,A7,A9,A11,A13,A15,C1,E1'.split(',').map(P),
      passes: [],
    });
    expect(!twice.ok && twice.error).toMatchObject({ ply: 4, illegal: { reason: 'renju-not-offered' } });
    // Black H8 J9, white G8 H7 are symmetric about the diagonal through H8 and J9: H10 and K8 are one offer.
    const header = '[Renju Opening "swaps=keep,keep,keep,keep;offers=A1,A2,A3,A4,A5,A6,A7,A8,H10,K8;passes="]';
    const alike = loadRecord(`[Game "Renju"]\n${header}\n\n1. H8 G8 2. J9 H7 3. A1 *\n`);
    expect(!alike.ok && alike.error.message).toMatch(/K8 is the same as H10/);
    const fine = loadRecord(`[Game "Renju"]\n${header.replace('K8', 'K9')}\n\n1. H8 G8 2. J9 H7 3. A1 *\n`);
    expect(fine.ok).toBe(true);
  });
});
