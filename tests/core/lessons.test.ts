import { describe, expect, it } from 'vitest';
import {
  type GameState,
  type Lesson,
  LESSONS,
  LESSON_BOARD_SIZE,
  type LessonStep,
  diagramStones,
  dueOpeningSteps,
  isSeatLesson,
  lessonById,
  lessonPosition,
  lessonRules,
  makeRules,
  parsePoint,
  positionFromDiagram,
  runLength,
  tryLessonMove,
  tryLessonStep,
  winningReply,
} from '../../src/core';
import { at, names } from '../helpers';

function start(lesson: Lesson): GameState {
  const built = lessonPosition(lesson);
  if (!built.ok) throw new Error(`${lesson.id}: ${built.error}`);
  return built.value;
}

function point(name: string, size: number = LESSON_BOARD_SIZE): number {
  const p = parsePoint(size, name);
  if (p === undefined) throw new Error(`bad point ${name}`);
  return p;
}

function attempt(id: string, name: string) {
  const lesson = lessonById(id)!;
  if (isSeatLesson(lesson)) return tryLessonStep(lesson, start(lesson), name as LessonStep);
  return tryLessonMove(lesson, start(lesson), point(name, lessonRules(lesson).size));
}

describe('every lesson', () => {
  it('has a unique id, and the lessons the issue asks for are there in order', () => {
    const ids = LESSONS.map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([
      'place',
      'five',
      'block',
      'capture',
      'safe-pair',
      'capture-win',
      'break-five',
      'tournament-rule',
      'big-board',
      'keryo',
      'gomoku',
      'g-pente',
      'd-pente',
      'swap2',
      'connect6',
      'renju',
    ]);
  });

  for (const lesson of LESSONS) {
    describe(lesson.id, () => {
      it('starts from a position reached by legal play, game not over, Black to move (or a seat to choose)', () => {
        const state = start(lesson);
        expect(state.result).toBeNull();
        if (isSeatLesson(lesson)) expect(dueOpeningSteps(state)).toContain(lesson.solutions[0]);
        else expect(state.toMove).toBe(1);
        expect(state.rules).toEqual(lessonRules(lesson));
        if ('diagram' in lesson.setup) {
          // Every stone of the diagram is on the board, and nothing else.
          const stones = diagramStones(lessonRules(lesson).size, lesson.setup.diagram);
          expect(stones.ok).toBe(true);
          if (!stones.ok) return;
          const cells = Array.from(state.cells);
          expect(cells.flatMap((c, p) => (c === 1 ? [p] : []))).toEqual(stones.value.black);
          expect(cells.flatMap((c, p) => (c === 2 ? [p] : []))).toEqual(stones.value.white);
        }
      });

      it('has answers, and the core says each is legal and meets the goal', () => {
        expect(lesson.solutions.length).toBeGreaterThan(0);
        for (const name of lesson.solutions) {
          const a = attempt(lesson.id, name);
          expect(a.illegal, `${lesson.id} ${name}`).toBeNull();
          expect(a.correct, `${lesson.id} ${name}`).toBe(true);
          expect(a.explanation).toEqual({ kind: 'right' });
          expect(a.refutation).toBeNull();
        }
      });

      it('has mistakes, and the core says none of them meets the goal', () => {
        expect(lesson.mistakes.length).toBeGreaterThan(0);
        for (const m of lesson.mistakes) {
          const a = attempt(lesson.id, m);
          expect(a.correct, `${lesson.id} ${m}`).toBe(false);
          expect(a.explanation).toEqual({ kind: 'mistake', point: m });
          // Every listed mistake is on an empty point: a real move the player could make, not a misclick.
          expect(a.illegal?.reason).not.toBe('occupied');
          // A mistake against a threat is shown its punishment: the opponent's winning reply.
          if (lesson.goal.kind === 'stop-win') expect(a.refutation, m).not.toBeNull();
        }
      });
    });
  }
});

describe('what each goal means to the core', () => {
  it('place: the first stone must go on the centre; elsewhere the core refuses it', () => {
    expect(attempt('place', 'E5').preview?.next.moves.length).toBe(1);
    for (const name of ['A1', 'D4', 'F5']) expect(attempt('place', name).illegal?.reason).toBe('centre-first');
    // A point not in the list gets the lesson's own words.
    expect(attempt('place', 'F5').explanation).toEqual({ kind: 'wrong', reply: null });
  });

  it('five: the answer wins by five; the mistakes leave the game going on', () => {
    const right = attempt('five', 'D5');
    expect(right.preview?.result).toEqual({ winner: 1, reason: 'five' });
    expect(names(right.preview!.next, right.preview!.winningLine)).toEqual(['B5', 'C5', 'D5', 'E5', 'F5']);
    expect(attempt('five', 'A5').preview?.result).toBeNull();
  });

  it('block: a wrong move shows the reply that makes five', () => {
    const lesson = lessonById('block')!;
    // Black has no win of its own to play instead.
    expect(winningReply(start(lesson))).toBeNull();
    const wrong = attempt('block', 'E6');
    expect(names(start(lesson), [wrong.refutation!])).toEqual(['G7']);
    // An unlisted wrong move says so in words too.
    expect(attempt('block', 'A1').explanation).toEqual({ kind: 'wrong', reply: point('G7') });
    expect(winningReply(attempt('block', 'G7').preview!.next)).toBeNull();
  });

  it('capture: the answer takes the pair', () => {
    const a = attempt('capture', 'H5');
    expect(names(a.preview!.next, a.preview!.captured)).toEqual(['F5', 'G5']);
    expect(a.preview!.next.captures).toEqual([2, 0]);
  });

  it('safe pair: the block makes a black pair between white stones, and nothing is captured', () => {
    const a = attempt('safe-pair', 'G8');
    const after = a.preview!.next;
    expect(a.preview!.captured).toEqual([]);
    expect([at(after, 'E8'), at(after, 'F8'), at(after, 'G8'), at(after, 'H8')]).toEqual([2, 1, 1, 2]);
    expect(after.captures).toEqual([0, 0]);
  });

  it('capture win: Black starts with eight stones captured and the answer makes ten', () => {
    const lesson = lessonById('capture-win')!;
    expect(start(lesson).captures).toEqual([8, 0]);
    const a = attempt('capture-win', 'B5');
    expect(a.preview?.result).toEqual({ winner: 1, reason: 'captures' });
    expect(a.preview?.next.captures).toEqual([10, 0]);
  });

  it('break a five: the open four cannot be blocked, only broken by a capture', () => {
    const lesson = lessonById('break-five')!;
    const before = start(lesson);
    // Either end alone leaves the other.
    expect(attempt('break-five', 'B7').refutation).toBe(point('G7'));
    expect(attempt('break-five', 'G7').refutation).toBe(point('B7'));
    const a = attempt('break-five', 'E8');
    expect(names(before, a.preview!.captured)).toEqual(['E6', 'E7']);
  });

  it('tournament rule: points within two of the centre are refused by the core', () => {
    for (const name of ['D5', 'G7', 'C3', 'E6']) {
      expect(attempt('tournament-rule', name).illegal?.reason, name).toBe('tournament-rule');
    }
    // The occupied point is the core's plain refusal, not the lesson's.
    expect(attempt('tournament-rule', 'F6').explanation).toEqual({ kind: 'occupied', point: 'F6' });
  });

  it('the big board: a 19x19 position, the lesson the zoom is taught on; either end of the four makes five', () => {
    expect(lessonRules(lessonById('big-board')!).size).toBe(19);
    for (const name of ['J10', 'O10'])
      expect(attempt('big-board', name).preview?.result).toEqual({ winner: 1, reason: 'five' });
    expect(attempt('big-board', 'P10').preview?.result).toBeNull();
    // Every other lesson is on the small board, but Renju's, which is played on 15×15 only.
    expect(LESSONS.filter((l) => lessonRules(l).size !== LESSON_BOARD_SIZE).map((l) => l.id)).toEqual([
      'big-board',
      'renju',
    ]);
  });

  it('Renju: exactly five wins for Black; an overline and a double three are forbidden points that lose at once', () => {
    expect(lessonRules(lessonById('renju')!).size).toBe(15);
    expect(attempt('renju', 'E5').preview?.result).toEqual({ winner: 1, reason: 'five' });
    for (const name of ['K5', 'M12']) {
      const lost = attempt('renju', name);
      expect(lost.correct).toBe(false);
      expect(lost.preview?.result).toEqual({ winner: 2, reason: 'forbidden' });
      expect(lost.explanation).toEqual({ kind: 'mistake', point: name });
    }
    expect(attempt('renju', 'A9').correct).toBe(false);
  });

  it('Keryo: three stones are taken; a pair is not enough for this lesson', () => {
    const three = attempt('keryo', 'J5');
    expect(names(three.preview!.next, three.preview!.captured)).toEqual(['F5', 'G5', 'H5']);
    const pair = attempt('keryo', 'B2');
    expect(pair.preview!.captured).toHaveLength(2);
    expect(pair.correct).toBe(false);
  });

  it('Gomoku: six in a row does not win; exactly five does', () => {
    const six = attempt('gomoku', 'F5');
    expect(runLength(six.preview!.next.cells, LESSON_BOARD_SIZE, point('F5'), 1, 1, 0)).toBe(6);
    expect(six.preview!.result).toBeNull();
    expect(attempt('gomoku', 'A5').preview!.result).toEqual({ winner: 1, reason: 'five' });
  });
});

describe('the opening protocols and Connect6', () => {
  it('G-Pente: the centre’s row and column three and four points out are refused, as is the square', () => {
    for (const name of ['H5', 'J5', 'E8', 'E9', 'B5', 'E2']) {
      expect(attempt('g-pente', name).illegal?.reason, name).toBe('g-pente-rule');
    }
    expect(attempt('g-pente', 'D5').illegal).not.toBeNull();
    // In Pente the same points are fine.
    expect(attempt('tournament-rule', 'H5').correct).toBe(true);
  });

  it('D-Pente: four stones by player 1, then player 2 takes Black’s seat (or keeps White)', () => {
    const state = start(lessonById('d-pente')!);
    expect(state.moves).toHaveLength(4);
    expect(dueOpeningSteps(state)).toEqual(['swap', 'keep']);
    expect(attempt('d-pente', 'swap').correct).toBe(true);
    expect(attempt('d-pente', 'keep').explanation).toEqual({ kind: 'mistake', point: 'keep' });
    // A stone is no answer: the choice is due first.
    expect(tryLessonMove(lessonById('d-pente')!, state, point('C3')).correct).toBe(false);
    // A step that is not due is no answer either.
    expect(attempt('d-pente', 'pass').correct).toBe(false);
  });

  it('Swap2: three stones, then take Black, keep White or place two more', () => {
    const state = start(lessonById('swap2')!);
    expect(state.moves).toHaveLength(3);
    expect(dueOpeningSteps(state)).toEqual(['swap', 'keep', 'pass']);
    expect(attempt('swap2', 'keep').correct).toBe(true);
    for (const step of ['swap', 'pass']) expect(attempt('swap2', step).correct, step).toBe(false);
  });

  it('Connect6: the second stone of Black’s turn; six wins, five does not', () => {
    const state = start(lessonById('connect6')!);
    expect(state.moves).toHaveLength(12);
    expect(attempt('connect6', 'F5').preview?.result).toEqual({ winner: 1, reason: 'six' });
    const five = attempt('connect6', 'A5');
    expect(runLength(five.preview!.next.cells, LESSON_BOARD_SIZE, point('A5'), 1, 1, 0)).toBe(5);
    expect(five.preview!.result).toBeNull();
    // Then it is White's turn: Black's two stones are placed.
    expect(five.preview!.next.toMove).toBe(2);
  });
});

describe('positionFromDiagram', () => {
  const rules = makeRules({ variant: 'pente', size: 9 });
  const rows = (marks: Record<number, string>) =>
    Array.from({ length: 9 }, (_, y) => (marks[y] ?? '.........').padEnd(9, '.'));

  it('refuses counts no game can reach, a wrong size and unknown marks', () => {
    expect(positionFromDiagram(rules, rows({ 4: '....XX...' })).ok).toBe(false);
    expect(positionFromDiagram(rules, rows({ 4: '....XOO..' })).ok).toBe(false);
    expect(positionFromDiagram(rules, ['...']).ok).toBe(false);
    expect(positionFromDiagram(rules, rows({ 4: '....Xq...' })).ok).toBe(false);
  });

  it('refuses a position the opening rules cannot reach (no black stone on the centre)', () => {
    expect(positionFromDiagram(rules, rows({ 0: 'X.O......' })).ok).toBe(false);
  });

  it('finds an order that puts the far black stone second, for the tournament rule', () => {
    const built = positionFromDiagram(rules, rows({ 4: '....XO...', 5: '.....X...', 8: 'X........' }));
    // Black E5 (centre), F4 and A1 against White F5 and nothing else: counts 3 and 1 cannot be.
    expect(built.ok).toBe(false);
    const ok = positionFromDiagram(rules, rows({ 4: '....XO...', 5: '.....X...', 7: '.O.......', 8: 'X........' }));
    expect(ok.ok).toBe(true);
    if (!ok.ok) return;
    const [first, , third] = ok.value.moves;
    expect(first).toBe(point('E5'));
    expect(third).toBe(point('A1'));
  });

  it('never captures on the way: a flanked pair is made by walking in', () => {
    const built = positionFromDiagram(rules, rows({ 4: '...OXXO..', 0: 'O.......X' }));
    expect(built.ok).toBe(true);
    if (built.ok) expect(built.value.captures).toEqual([0, 0]);
  });
});
