import { describe, expect, it } from 'vitest';
import { type GameState, makeRules, parsePoint, positionFromDiagram } from '../../src/core';
import { Prover } from '../../src/ai/prove';
import { openThreeNineByNine } from '../helpers';

const diagram = (rows: string[], options: Parameters<typeof makeRules>[0] = {}): GameState => {
  const built = positionFromDiagram(makeRules({ size: rows.length as 9 | 13 | 19, ...options }), rows);
  if (!built.ok) throw new Error(built.error);
  return built.value;
};
const at = (state: GameState, name: string) => parsePoint(state.rules.size, name)!;
const names = (state: GameState, points: number[]) =>
  points.map(
    (p) => `${'ABCDEFGHJKLMNOPQRST'[p % state.rules.size]}${state.rules.size - Math.floor(p / state.rules.size)}`,
  );

/** Black to move with an open three in row 2 (C2 D2 E2): B2 or F2 makes an open four, a win in 3 plies. */
const openThree = openThreeNineByNine();

/** The same three, but White has a four on the top row to finish: Black must block, and has no win. */
const whiteFirst = diagram([
  'OOOO.....',
  '.........',
  '.........',
  '.........',
  '....X....',
  '.........',
  '.........',
  '..XXX....',
  '.........',
]);

describe('the prover', () => {
  it('finds the shortest win and every winning first move', () => {
    const prover = new Prover(openThree);
    prover.reset(1_000_000);
    expect(prover.wins(1)).toBe('no');
    prover.reset(1_000_000);
    expect(prover.wins(3)).toBe('win');
    prover.reset(1_000_000);
    const first = prover.firstMoves(3);
    const winners = names(
      openThree,
      first.filter((m) => m.answer === 'win').map((m) => m.move),
    ).sort();
    expect(winners).toEqual(['B2', 'F2']);
    expect(first.every((m) => m.answer !== 'unknown')).toBe(true);
  });

  it('proves nothing when the defender has a threat of its own to play first', () => {
    // White's four: Black must block at E9 and then White answers the three.
    const prover = new Prover(whiteFirst);
    prover.reset(1_000_000);
    expect(prover.wins(3)).toBe('no');
  });

  it('tries every defence: after the open four, every White move loses within 2 plies', () => {
    const prover = new Prover(openThree);
    prover.pos.make(at(openThree, 'F2'));
    prover.reset(1_000_000);
    expect(prover.loses(2)).toBe('win');
    prover.pos.unmake();
    // After a quiet move, White is not lost within 2 plies.
    prover.pos.make(at(openThree, 'A9'));
    prover.reset(1_000_000);
    expect(prover.loses(2)).toBe('no');
  });

  it('says unknown, never a guess, when its budget runs out', () => {
    const prover = new Prover(openThree);
    prover.reset(2);
    expect(prover.wins(5)).toBe('unknown');
  });

  it('sees a capture win: the fifth pair wins at once', () => {
    // Black has captured 8 stones; X O O _ on row 3: E3 captures the pair and wins.
    const base = diagram([
      '.........',
      '.........',
      '.........',
      '.........',
      '....X....',
      '.........',
      '.XOO.....',
      '.........',
      '.........',
    ]);
    const state: GameState = { ...base, captures: [8, 0] };
    const prover = new Prover(state);
    prover.reset(1000);
    expect(prover.wins(1)).toBe('win');
    expect(names(state, [prover.firstMoves(1).find((m) => m.answer === 'win')!.move])).toEqual(['E3']);
  });

  it('refuses the variants it does not support', () => {
    const gomoku = diagram(
      [
        '.........',
        '.........',
        '.........',
        '.........',
        '....X....',
        '.........',
        '.........',
        '.........',
        '.........',
      ],
      {
        variant: 'gomoku',
      },
    );
    expect(() => new Prover(gomoku)).toThrow(/does not support/);
  });
});
