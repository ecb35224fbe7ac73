import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/ai/engine';
import { handleRequest } from '../../src/ai/protocol';

const engine = new Engine(16);
const ask = (req: unknown) => JSON.parse(handleRequest(engine, typeof req === 'string' ? req : JSON.stringify(req)));

describe('the JSON-lines engine protocol', () => {
  it('answers a search with a legal move, its score, depth, nodes, time and line', () => {
    const r = ask({ id: 7, variant: 'pente', size: 19, moves: ['K10', 'L9', 'N10'], depth: 3, timeMs: 5000 });
    expect(r).toMatchObject({ id: 7, depth: 3 });
    expect(r.move).toMatch(/^[A-HJ-T]\d{1,2}$/);
    expect(['K10', 'L9', 'N10']).not.toContain(r.move);
    expect(r.pv[0]).toBe(r.move);
    expect(r.nodes).toBeGreaterThan(0);
    expect(typeof r.score).toBe('number');
  });

  it('reports the state of a game: captures, side to move, board rows top first', () => {
    const r = ask({ id: 8, cmd: 'state', variant: 'pente', size: 9, moves: ['E5', 'F5', 'A1', 'G5', 'H5'] });
    expect(r).toMatchObject({ id: 8, toMove: 2, captures: [2, 0], result: null });
    expect(r.board[4]).toBe('....1..1.');
    expect(r.board[8]).toBe('1........');
  });

  it('reports a finished game’s result', () => {
    const r = ask({
      id: 1,
      cmd: 'state',
      tournamentRule: false,
      moves: ['K10', 'A1', 'K11', 'A3', 'K12', 'A5', 'K13', 'A7', 'K14'],
    });
    expect(r.result).toEqual({ winner: 1, reason: 'five' });
    expect(
      ask({ id: 2, tournamentRule: false, moves: ['K10', 'A1', 'K11', 'A3', 'K12', 'A5', 'K13', 'A7', 'K14'] }),
    ).toEqual({
      id: 2,
      error: 'The game is already over.',
    });
  });

  it('answers anything malformed or illegal with an error, and keeps serving', () => {
    expect(ask('not json')).toEqual({ id: null, error: 'The request is not valid JSON.' });
    expect(ask('[1,2]').error).toBe('The request must be a JSON object.');
    expect(ask({ id: 3, variant: 'chess' }).error).toContain('Unknown variant "chess"');
    expect(ask({ id: 4, size: 17 }).error).toContain('Unsupported board size 17');
    expect(ask({ id: 5, moves: ['K10', 'Z99'] }).error).toBe('Move 2 "Z99" is not a point of the 19x19 board.');
    expect(ask({ id: 6, moves: ['K10', 'K10'] }).error).toBe('Move 2 K10 is illegal: K10 is already occupied.');
    expect(ask({ id: 7, moves: 'K10' }).error).toContain('"moves" must be');
    expect(ask({ id: 8, level: 'godlike' }).error).toContain('Unknown level "godlike"');
    expect(ask({ id: 9, timeMs: -5 }).error).toContain('"timeMs" must be a positive whole number');
    expect(ask({ id: 10, cmd: 'dance' }).error).toContain('Unknown command "dance"');
    expect(ask({ id: 11, size: 9, moves: ['E5'], depth: 2 }).move).toMatch(/^[A-J]\d$/);
  });

  it('speaks the new games: G-Pente, 15×15, and D-Pente with its seat choice as an item of moves', () => {
    expect(ask({ id: 1, variant: 'g-pente', moves: ['K10', 'L9', 'K13'] }).error).toContain('G-Pente');
    expect(ask({ id: 2, variant: 'gomoku', size: 15, moves: ['H8'], depth: 2 }).move).toMatch(/^[A-P]\d+$/);
    const four = ['A1', 'B2', 'L10', 'K10'];
    // A stone while the choice is due is refused, naming what is due; a choice that is not due too.
    expect(ask({ id: 3, variant: 'd-pente', moves: [...four, 'K12'] }).error).toContain('choose a seat');
    expect(ask({ id: 4, variant: 'd-pente', moves: ['A1', 'swap'] }).error).toContain('no seat choice is due');
    const decided = ask({ id: 5, variant: 'd-pente', moves: [...four, 'swap', 'K12'], depth: 2 });
    expect(decided.move).toMatch(/^[A-T]\d+$/);
    expect(decided.seatChoice).toBeUndefined();
    // Asked to search while the choice is due, it answers the choice from seat 1's score.
    const choice = ask({ id: 6, variant: 'dk-pente', moves: four, depth: 2 });
    expect(choice.seatChoice).toBe((choice.score as number) > 0 ? 'swap' : 'keep');
  });

  it('speaks Swap2: three stones, then "swap", "keep" or "pass"; after a pass two stones and "swap" or "keep"', () => {
    for (const variant of ['swap2-pente', 'swap2-keryo']) {
      const state = (moves: string[]) => ask({ id: 1, cmd: 'state', variant, moves });
      // Seat 1 places three stones; then seat 2 acts (the choice), and after a pass seat 2 places two.
      expect(state(['K10', 'L9']).toMove).toBe(1);
      expect(state(['K10', 'L9', 'M10']).toMove).toBe(2);
      expect(state(['K10', 'L9', 'M10', 'pass', 'N11']).toMove).toBe(2);
      expect(state(['K10', 'L9', 'M10', 'pass', 'N11', 'J9']).toMove).toBe(1);
      const played = state(['K10', 'L9', 'M10', 'pass', 'N11', 'J9', 'keep', 'A1']);
      expect(played).toMatchObject({ toMove: 1, result: null });
      expect(played.board[18]).toBe('2..................');
      expect(state(['K10', 'L9', 'M10', 'swap', 'N11']).toMove).toBe(1);
    }
    const steps = (moves: string[]) => ask({ id: 2, cmd: 'state', variant: 'swap2-pente', moves }).error;
    // A step that is not due is refused, naming what is due.
    expect(steps(['K10', 'pass'])).toBe('Item 2 "pass" is not due: no seat choice is due; a stone is.');
    expect(steps(['K10', 'L9', 'M10', 'keep', 'pass'])).toBe(
      'Item 5 "pass" is not due: no seat choice is due; a stone is.',
    );
    expect(steps(['K10', 'L9', 'M10', 'pass', 'N11', 'J9', 'pass'])).toBe(
      'Item 7 "pass" is not due: the seat choice is ("swap" or "keep").',
    );
    expect(steps(['K10', 'L9', 'M10', 'pass', 'keep'])).toContain('a stone is');
    expect(steps(['K10', 'L9', 'M10', 'N11'])).toBe(
      'Move 4 N11 is illegal: The second player must first choose a seat. Due: the seat choice is ("swap", "keep", "pass").',
    );
    expect(steps(['K10', 'L9', 'M10', 'pass', 'N11', 'J9', 'A1'])).toContain('The first player must first choose');
    expect(ask({ id: 3, cmd: 'state', variant: 'd-pente', moves: ['A1', 'B2', 'L10', 'K10', 'pass'] }).error).toBe(
      'Item 5 "pass" is not due: the seat choice is ("swap" or "keep").',
    );
  });

  it('makes a legal Swap2 decision at each step, from a search of the side to move', () => {
    const search = (moves: string[]) => ask({ id: 4, variant: 'swap2-keryo', size: 13, moves, depth: 2 });
    for (const moves of [
      ['G7', 'H8', 'J7'],
      ['G7', 'H8', 'J7', 'pass', 'H6', 'F8'],
    ]) {
      const r = search(moves);
      // Seat 2 moves at both choices; player 2 chooses at the first, player 1 after the pass.
      const keepIfGood = moves.length === 3;
      expect(r.seatChoice).toBe((r.score as number) > 0 === keepIfGood ? 'keep' : 'swap');
      // The decision is legal: the game goes on with it, and the move it searched is then playable.
      const after = ask({
        id: 5,
        cmd: 'state',
        variant: 'swap2-keryo',
        size: 13,
        moves: [...moves, r.seatChoice, r.move],
      });
      expect(after.error).toBeUndefined();
    }
    // While stones are due (the opening's three, the pass's two), it answers a stone and no choice.
    for (const moves of [[], ['G7'], ['G7', 'H8', 'J7', 'pass'], ['G7', 'H8', 'J7', 'pass', 'H6']]) {
      const r = search(moves);
      expect(r.seatChoice).toBeUndefined();
      expect(
        ask({ id: 6, cmd: 'state', variant: 'swap2-keryo', size: 13, moves: [...moves, r.move] }).error,
      ).toBeUndefined();
    }
  });

  it('plays the same move for the same level and seed', () => {
    const req = { id: 1, size: 13, moves: ['G7', 'H8', 'K7'], level: 'beginner', seed: 42, depth: 2 };
    expect(ask(req).move).toBe(ask(req).move);
  });
});

describe('the JSON engine and Connect6', () => {
  it('takes a turn as two consecutive points, answers the whole turn, and names a win "six"', () => {
    const moves = ['F10', 'A1', 'C1', 'G10', 'H10', 'E1', 'G1', 'J10', 'K10', 'J1', 'L1'];
    const state = ask({ cmd: 'state', variant: 'connect6', moves });
    expect(state).toMatchObject({ toMove: 1, result: null });
    expect(ask({ cmd: 'state', variant: 'connect6', moves: [...moves, 'L10'] }).result).toEqual({
      winner: 1,
      reason: 'six',
    });
    // White to place two stones against black's five F10–K10: both ends, E10 and L10.
    const r = ask({ variant: 'connect6', moves: moves.slice(0, 9), depth: 4 });
    expect(r.turn[0]).toBe(r.move);
    expect([...r.turn].sort()).toEqual(['E10', 'L10']);
    expect(ask({ cmd: 'state', variant: 'connect6', moves: [...moves.slice(0, 9), ...r.turn] }).toMove).toBe(1);
    // The second stone of a turn is answered alone.
    expect(ask({ variant: 'connect6', moves: moves.slice(0, 10), depth: 2 }).turn).toBeUndefined();
  });

  it('speaks O-Pente: poofs credited to the opponent, triples captured, a breakable five waits a reply', () => {
    // N10–O10 is poofed between M10 and P10; then player 2 takes the triple Q11–Q13 from Q10 against Q14.
    const poofed = ['K10', 'M10', 'N10', 'P10', 'O10'];
    expect(ask({ cmd: 'state', variant: 'o-pente', moves: poofed })).toMatchObject({ toMove: 2, captures: [0, 2] });
    const taken = ask({
      cmd: 'state',
      variant: 'o-pente',
      moves: ['K10', 'Q14', 'Q11', 'A1', 'Q12', 'A3', 'Q13', 'Q10'],
    });
    expect(taken).toMatchObject({ toMove: 1, captures: [0, 3], result: null });
    // Player 1's five K10–K14 includes the pair K12–L12 that J12 can take: it waits, and J12 saves the game.
    const five = ['K10', 'M12', 'L12', 'A1', 'K11', 'A3', 'K13', 'A5', 'K14', 'A7', 'K12'];
    expect(ask({ cmd: 'state', variant: 'o-pente', tournamentRule: false, moves: five }).result).toBeNull();
    expect(ask({ cmd: 'state', variant: 'o-pente', tournamentRule: false, moves: [...five, 'J12'] })).toMatchObject({
      captures: [0, 2],
      result: null,
    });
    expect(ask({ cmd: 'state', variant: 'o-pente', tournamentRule: false, moves: [...five, 'A9'] }).result).toEqual({
      winner: 1,
      reason: 'five',
    });
    expect(ask({ variant: 'o-pente', moves: poofed, depth: 2 }).move).toMatch(/^[A-HJ-T]\d{1,2}$/);
  });
});
