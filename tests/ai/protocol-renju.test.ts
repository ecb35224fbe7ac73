/** The JSON engine speaks Renju (issue 32): its opening's items, the 15×15 board, the forbidden loss. */
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/ai/engine';
import { handleRequest } from '../../src/ai/protocol';

const engine = new Engine(16);
const ask = (req: unknown) => JSON.parse(handleRequest(engine, JSON.stringify(req)));
const state = (moves: string[]) => ask({ id: 1, cmd: 'state', variant: 'renju', moves });
const items = (text: string) => text.split(' ');
const OFFER = 'offer:A1,A3,A5,A7,A9,A11,A13,A15,C1,E1';

describe('the JSON engine: Renju', () => {
  it("plays issue 32's branch B example on 15×15, seats acting as the opening says", () => {
    const b = `H8 keep H9 keep J9 keep G7 keep ${OFFER} A5 B2`;
    const done = state(items(b));
    expect(done).toMatchObject({ id: 1, toMove: 1, captures: [0, 0], result: null });
    expect(done.board).toHaveLength(15);
    // Row 5 holds the picked A5 (black), row 2 white's B2.
    expect(done.board[10]).toBe('1..............');
    expect(done.board[13]).toBe('.2.............');
    // Seat 2 acts at the first window, seat 1 at the branch, seat 2 at the pick (black's stone).
    expect(state(['H8']).toMove).toBe(2);
    expect(state(items('H8 keep H9 keep J9 keep G7 keep')).toMove).toBe(1);
    expect(state(items(`H8 keep H9 keep J9 keep G7 keep ${OFFER}`)).toMove).toBe(2);
    expect(ask({ id: 2, cmd: 'state', variant: 'renju', size: 19, moves: [] }).error).toBe(
      'Renju is played on 15x15 only, not 19x19.',
    );
  });

  it('refuses a step that is not due, naming what is', () => {
    const err = (text: string) => state(items(text)).error;
    expect(err('H8 H9')).toBe(
      'Move 2 H9 is illegal: The second player must first choose a seat. Due: the seat choice is ("swap" or "keep").',
    );
    expect(err('H8 keep pass')).toBe(
      'Item 3 "pass" is not due: a stone is (no pass before the opening\'s six stones).',
    );
    expect(err(`H8 keep ${OFFER}`)).toBe(
      'Item 3 "offer:…" is not due: a stone is (no pass before the opening\'s six stones).',
    );
    expect(err(`H8 keep H9 keep J9 keep G7 swap ${OFFER}`)).toContain('is not due');
    expect(err(`H8 keep H9 keep J9 keep G7 keep ${OFFER} keep`)).toBe(
      'Item 10 "keep" is not due: white\'s pick of the fifth stone among the offers is.',
    );
    expect(err(`H8 keep H9 keep J9 keep G7 keep keep`)).toBe(
      'Item 9 "keep" is not due: black\'s fifth stone within the centre\'s 9x9 or ten offers ("offer:…") are.',
    );
    expect(err(`H8 keep H9 keep J9 keep G7 keep ${OFFER} B2`)).toContain('not one');
    expect(err('H8 keep H9 keep J9 keep G7 keep offer:A1,A3')).toBe(
      'Item 9: Black offers exactly 10 fifth stones, not 2.',
    );
    expect(err('H8 keep H9 keep J9 keep G7 keep offer:A1,Z3')).toBe(
      'Item 9: offer "Z3" is not a point of the 15x15 board.',
    );
    expect(err('H8 keep K10')).toContain("within the centre's 3x3");
  });

  it('passes after the opening; two in a row draw; a forbidden point loses with reason "forbidden"', () => {
    const a = 'H8 keep H9 keep J9 keep G7 keep K10 keep L3';
    expect(state(items(`${a} pass`)).toMove).toBe(2);
    expect(state(items(`${a} pass pass`)).result).toEqual({ winner: null, reason: 'draw' });
    const forbidden = state(items(`${a} E12 A1 F12 A3 G14 A5 G13 A7 G12`));
    expect(forbidden.result).toEqual({ winner: 2, reason: 'forbidden' });
  });

  describe('searches (node- and depth-limited)', () => {
    const search = (moves: string[], extra: object = {}) =>
      ask({ id: 9, variant: 'renju', moves, depth: 2, nodes: 4000, ...extra });
    const opening = items('H8 keep H9 keep J9 keep G7 keep');

    it('answers a swap window with the seat choice, as D-Pente does, and the stone that would follow', () => {
      for (const moves of [['H8'], items('H8 keep H9'), items('H8 keep H9 keep J9 keep G7')]) {
        const a = search(moves);
        expect(['swap', 'keep']).toContain(a.seatChoice);
        expect(a.step).toBe(a.seatChoice);
        // The step is due, and the stone after it is legal (within the next stone's area).
        const after = state([...moves, a.step, a.move]);
        expect(after.error).toBeUndefined();
      }
    });

    it("answers black's branch with ten valid offers or a fifth stone in the 9×9, and white's pick with an offer", () => {
      const a = search(opening);
      expect(a.error).toBeUndefined();
      expect(state([...opening, a.step]).error).toBeUndefined();
      if (a.offer) {
        expect(a.offer).toHaveLength(10);
        expect(a.step).toBe(`offer:${a.offer.join(',')}`);
        expect(a.move).toBeUndefined();
      } else expect(a.step).toBe(a.move);
      const picked = search([...opening, OFFER]);
      expect(OFFER.slice('offer:'.length).split(',')).toContain(picked.move);
      expect(picked.step).toBe(picked.move);
      expect(picked.seatChoice).toBeUndefined();
    });

    it('answers a stone after the opening and after a pass (a pass only where nothing else is as good)', () => {
      const a = 'H8 keep H9 keep J9 keep G7 keep K10 keep L3';
      for (const moves of [items(a), items(`${a} pass`)]) {
        const r = search(moves);
        expect(r.step).toBe(r.move);
        expect(state([...moves, r.move]).error).toBeUndefined();
      }
    });

    it('passes to draw a lost game after the opponent passed, and not otherwise', () => {
      // White's B1–E1 is an open four; with white to move it wins at once (A1 or F1).
      const lost = items('H8 keep H9 keep J9 keep G7 keep K10 keep L3 N14 B1 A14 C1 N12 D1 A12 E1 P15');
      const win = search(lost);
      expect(['A1', 'F1']).toContain(win.move);
      expect(state([...lost, win.move]).result).toEqual({ winner: 2, reason: 'five' });
      // White passes instead: black, lost whatever stone it plays, passes too, and the game is drawn.
      const passed = search([...lost, 'pass']);
      expect(passed).toMatchObject({ step: 'pass' });
      expect(passed.move).toBeUndefined();
      expect(state([...lost, 'pass', 'pass']).result).toEqual({ winner: null, reason: 'draw' });
    });

    it("never answers black's forbidden point: G12's double three is played around", () => {
      // The position of the forbidden-loss example above, one stone before G12, black's double three.
      const moves = items('H8 keep H9 keep J9 keep G7 keep K10 keep L3 E12 A1 F12 A3 G14 A5 G13 A7');
      const r = search(moves, { depth: 3 });
      expect(r.move).not.toBe('G12');
      expect(state([...moves, 'G12']).result).toEqual({ winner: 2, reason: 'forbidden' });
      expect(state([...moves, r.move]).result).toBeNull();
    });

    it('plays whole node-limited games against itself, every item legal, to a five or a draw', () => {
      for (const level of ['casual', undefined]) {
        const moves: string[] = [];
        let result: unknown = null;
        for (let i = 0; i < 200 && !result; i++) {
          const limits = level ? { level, seed: i } : { depth: 4 };
          const a = ask({ id: i, variant: 'renju', moves, nodes: 3000, timeMs: 600_000, ...limits });
          expect(a.error).toBeUndefined();
          moves.push(a.step);
          const now = state(moves);
          expect(now.error).toBeUndefined();
          result = now.result;
        }
        expect(result === null ? null : (result as { reason: string }).reason).toMatch(/^(five|draw)$/);
      }
    });

    it('refuses a finished game and bad limits', () => {
      expect(search(items('H8 keep H9 keep J9 keep G7 keep K10 keep L3 pass pass')).error).toBe(
        'The game is already over.',
      );
      expect(search(['H8'], { nodes: 0 }).error).toBe('"nodes" must be a positive whole number.');
      expect(search(['H8', 'H9']).error).toContain('The second player must first choose a seat.');
    });
  });
});
