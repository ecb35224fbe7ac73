import { describe, expect, it } from 'vitest';
import {
  type GameState,
  type Puzzle,
  type PuzzlePack,
  NEW_RATING,
  decodePuzzlePack,
  indexPuzzlePack,
  readPackPuzzle,
  encodeGameLink,
  encodePuzzlePack,
  lessonById,
  lessonPosition,
  parsePoint,
  puzzlePosition,
} from '../../src/core';
import { game, openThreeNineByNine } from '../helpers';

const points = (state: GameState, names: string) =>
  names.split(' ').map((n) => {
    const p = parsePoint(state.rules.size, n);
    if (p === undefined) throw new Error(n);
    return p;
  });

function fromLesson(id: string): GameState {
  const built = lessonPosition(lessonById(id)!);
  if (!built.ok) throw new Error(built.error);
  return built.value;
}

/** Black's open three on row 2 of a 9x9 board: F2 makes an open four, so B2 or G2 wins next. */
const openThree = openThreeNineByNine();

/** White to move against Black's open three C2 D2 E2 on a 9×9 board: F2 or B2 stops it. */
const stopThree = game({ size: 9 }, 'E5 A9 C2 A8 D2 A7 E2');

/** A 19x19 game of Pente where White, to move, wins by five at once. */
const whiteWinsIn1 = game({}, 'K10 L11 O10 L10 P11 L9 Q12 L8 A1');

const puzzle = (id: string, position: GameState, solution: string, extra: Partial<Puzzle> = {}): Puzzle => ({
  id,
  rules: position.rules,
  goal: 'win',
  moves: position.moves,
  solution: points(position, solution),
  firstMoves: points(position, solution.split(' ')[0]!),
  rating: NEW_RATING,
  themes: ['five'],
  source: null,
  ...extra,
});

const PACK: PuzzlePack = {
  name: 'Test pack',
  puzzles: [
    puzzle('five-in-1', fromLesson('five'), 'D5'),
    puzzle('open-four', openThree, 'F2 G2 B2', { themes: ['open-four', 'five'], source: 'made by hand' }),
    puzzle('capture-win', fromLesson('capture-win'), 'B5', {
      themes: ['capture-win'],
      rating: { rating: 1712.5, deviation: 61.25, volatility: 0.0598 },
    }),
    puzzle('white-five', whiteWinsIn1, 'L12', { source: 'pente.org 0' }),
    // Two answers: F2 and B2 both make an open four (the stored line plays F2).
    puzzle('two-answers', openThree, 'F2 G2 B2', { firstMoves: points(openThree, 'F2 B2') }),
    // A defence: White stops Black's open three at F2 (a one-move answer, and the game goes on).
    puzzle('stop-three', stopThree, 'F2', {
      goal: 'defend',
      firstMoves: points(stopThree, 'F2 B2'),
      themes: ['stop-the-win'],
    }),
  ],
};

describe('puzzle packs', () => {
  it('read back exactly what was written', () => {
    const text = encodePuzzlePack(PACK);
    const read = decodePuzzlePack(text);
    expect(read.ok && read.value).toEqual(PACK);
    // And writing what was read gives the same text.
    if (read.ok) expect(encodePuzzlePack(read.value)).toBe(text);
  });

  it('are JSON with one puzzle a line, the game as a link code of two characters a move', () => {
    const text = encodePuzzlePack(PACK);
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(PACK.puzzles.length + 2);
    const head = JSON.parse(`${lines[0]!}]}`) as { ids: string[]; ratings: number[] };
    expect(head.ids).toEqual(PACK.puzzles.map((p) => p.id));
    expect(head.ratings).toEqual(PACK.puzzles.map((p) => p.rating.rating));
    const first = JSON.parse(lines[1]!.replace(/,$/, '')) as { line: string; ply: number };
    const p = PACK.puzzles[0]!;
    expect(first.line).toBe(encodeGameLink(p.rules, [...p.moves, ...p.solution]));
    expect(first.line).toHaveLength(2 + 2 * (p.moves.length + p.solution.length));
    expect(first.ply).toBe(p.moves.length);
  });

  it('read one puzzle at a time from the index, without parsing the others', () => {
    const text = encodePuzzlePack(PACK);
    // A broken puzzle elsewhere in the file does not stop another from being read.
    const lines = text.split('\n');
    lines[1] = '{"id":"five-in-1", not json},';
    const index = indexPuzzlePack(lines.join('\n'));
    if (!index.ok) throw new Error(index.error.message);
    expect(index.value.name).toBe('Test pack');
    expect(index.value.ids).toEqual(PACK.puzzles.map((p) => p.id));
    for (let i = 1; i < PACK.puzzles.length; i++)
      expect(readPackPuzzle(index.value, i)).toEqual({ ok: true, value: PACK.puzzles[i] });
    expect(readPackPuzzle(index.value, 0).ok).toBe(false);
    expect(readPackPuzzle(index.value, PACK.puzzles.length).ok).toBe(false);
    // The header must match the lines.
    const fewer = text.replace(/"ratings":\[[^\]]*\]/, '"ratings":[1]');
    expect(indexPuzzlePack(fewer).ok).toBe(false);
    expect(indexPuzzlePack('{"format":"pente-puzzles","version":1,"name":"old","puzzles":[\n]}').ok).toBe(false);
  });

  it('give each puzzle its position, the solver to move', () => {
    const read = decodePuzzlePack(encodePuzzlePack(PACK));
    if (!read.ok) throw new Error(read.error.message);
    const white = read.value.puzzles.find((p) => p.id === 'white-five')!;
    const position = puzzlePosition(white);
    expect(position.ok && position.value.toMove).toBe(2);
    expect(position.ok && position.value.result).toBeNull();
  });

  describe('refuse', () => {
    const text = encodePuzzlePack(PACK);
    const entries = () => (JSON.parse(text) as { puzzles: Record<string, unknown>[] }).puzzles;
    const withEntry = (change: (e: Record<string, unknown>) => void, index = 0) => {
      const data = JSON.parse(text) as { puzzles: Record<string, unknown>[] };
      change(data.puzzles[index]!);
      return JSON.stringify(data);
    };
    const message = (t: string) => {
      const r = decodePuzzlePack(t);
      return r.ok ? 'read' : r.error.message;
    };

    it('what is not a pack of this version', () => {
      expect(message('{')).toMatch(/not JSON/);
      expect(message('{"format":"something"}')).toMatch(/not a puzzle pack/);
      expect(message(text.replace('"version":2', '"version":3'))).toMatch(/version 3/);
      expect(message(text.replace('"name":"Test pack",', ''))).toMatch(/no name/);
    });

    it('a solution that does not win, or ends with the opponent’s move', () => {
      // Black's open four, then White blocks and Black plays elsewhere.
      const open = PACK.puzzles[1]!;
      const notWinning = encodeGameLink(open.rules, [...open.moves, ...points(openThree, 'F2 G2 A1')]);
      expect(message(withEntry((e) => (e.line = notWinning), 1))).toMatch(/^Puzzle 2 .*does not win/);
      const even = encodeGameLink(open.rules, [...open.moves, ...points(openThree, 'F2 G2')]);
      expect(message(withEntry((e) => (e.line = even), 1))).toMatch(/does not end with a move of the solver/);
    });

    it('a line the rules refuse, or that goes on after the game is won', () => {
      const p = PACK.puzzles[0]!;
      // The move after the winning D5 is refused: the game is over.
      const after = encodeGameLink(p.rules, [...p.moves, ...p.solution, ...points(fromLesson('five'), 'A1 A2')]);
      expect(message(withEntry((e) => (e.line = after)))).toMatch(/move \d+ is not allowed by the rules/);
      expect(message(withEntry((e) => (e.line = '1?')))).toMatch(/cannot be read/);
    });

    it('a defence of more than one move, and other answers that are not empty points', () => {
      const two = PACK.puzzles.findIndex((p) => p.id === 'two-answers');
      const stop = PACK.puzzles.findIndex((p) => p.id === 'stop-three');
      expect(message(withEntry((e) => (e.ply = (e.ply as number) - 2), stop))).toMatch(/defence is not one move/);
      expect(message(withEntry((e) => (e.also = 'E'), two))).toMatch(/other answers are not points/);
      // E8 on the 9×9 board (column E, row 8 from the top): Black's stone of the open three.
      expect(message(withEntry((e) => (e.also = 'EH'), two))).toMatch(/not empty points/);
      expect(message(withEntry((e) => (e.goal = 'draw'), two))).toMatch(/goal/);
    });

    it('a position past the line, bad ratings, themes and ids, and a repeated id', () => {
      expect(message(withEntry((e) => (e.ply = 99)))).toMatch(/no solution after the position/);
      expect(message(withEntry((e) => (e.ply = 1.5)))).toMatch(/ply/);
      expect(message(withEntry((e) => (e.deviation = 0)))).toMatch(/positive/);
      expect(message(withEntry((e) => (e.rating = '1500')))).toMatch(/three numbers/);
      expect(message(withEntry((e) => (e.themes = ['Five in a row'])))).toMatch(/themes/);
      expect(message(withEntry((e) => (e.id = '')))).toMatch(/id/);
      expect(message(withEntry((e) => (e.id = entries()[0]!.id), 2))).toMatch(/^Puzzle 3 .*id of an earlier one/);
    });
  });
});
