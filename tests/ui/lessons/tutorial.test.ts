import { describe, expect, it } from 'vitest';
import { LESSONS, formatPoint, lessonById, lessonPosition, parsePoint, tryLessonMove } from '../../../src/core';
import { builtInPlayers } from '../../../src/storage/defaults';
import {
  firstGameChoice,
  firstLessonToDo,
  lessonBoard,
  lessonsDoneCount,
  withLessonDone,
} from '../../../src/ui/lessons/tutorial';

describe('tutorial progress', () => {
  const ids = LESSONS.map((l) => l.id);

  it('opens at the first lesson not done, in the course order', () => {
    expect(firstLessonToDo([])).toBe(0);
    expect(firstLessonToDo([ids[0]!, ids[1]!])).toBe(2);
    // Done out of order: the gap comes first.
    expect(firstLessonToDo([ids[0]!, ids[2]!])).toBe(1);
    // All done: back to the start, to revise.
    expect(firstLessonToDo(ids)).toBe(0);
  });

  it('adds a lesson once, and counts only lessons that exist', () => {
    const once = withLessonDone([], ids[0]!);
    expect(once).toEqual([ids[0]]);
    expect(withLessonDone(once, ids[0]!)).toBe(once);
    expect(lessonsDoneCount([...once, 'a-lesson-from-another-version'])).toBe(1);
    expect(firstLessonToDo(['a-lesson-from-another-version'])).toBe(0);
  });
});

describe('the first game after the lessons', () => {
  const players = builtInPlayers();

  it('is the player against Beginner on 13x13, with no clock', () => {
    const choice = firstGameChoice(players, 'player-1')!;
    expect(choice.player1.id).toBe('player-1');
    expect(choice.player2.id).toBe('beginner');
    expect(choice.size).toBe(13);
    expect(choice.variant).toBe('pente');
    expect(choice.timeControl).toBeNull();
  });

  it('takes the weakest computer player left when Beginner is gone, and the first person when Black is not one', () => {
    const without = players.filter((p) => p.id !== 'beginner');
    const choice = firstGameChoice(without, 'casual')!;
    expect(choice.player1.kind).toBe('human');
    expect(choice.player2.id).toBe('first-game');
  });

  it('is none without a person or a computer player', () => {
    expect(
      firstGameChoice(
        players.filter((p) => p.kind === 'computer'),
        null,
      ),
    ).toBeNull();
    expect(
      firstGameChoice(
        players.filter((p) => p.kind === 'human'),
        null,
      ),
    ).toBeNull();
  });
});

describe('lessonBoard', () => {
  const attemptAt = (id: string, name: string) => {
    const lesson = lessonById(id)!;
    const start = lessonPosition(lesson);
    if (!start.ok) throw new Error(start.error);
    return { start: start.value, attempt: tryLessonMove(lesson, start.value, parsePoint(9, name)!) };
  };

  it("shades the second stone's forbidden points once answered: the tournament rule's, and G-Pente's", () => {
    const g = attemptAt('g-pente', 'H5');
    expect(lessonBoard(g.start, null, null).shaded).toEqual([]);
    const shaded = lessonBoard(g.start, g.attempt, null).shaded.map((p) => formatPoint(9, p));
    // The square, and the row's and column's points three and four out.
    expect(shaded).toEqual(expect.arrayContaining(['D5', 'H5', 'J5', 'E8', 'E9', 'A5', 'B5', 'E1', 'E2']));
    expect(shaded).not.toContain('B2');
    const t = attemptAt('tournament-rule', 'D5');
    const square = lessonBoard(t.start, t.attempt, null).shaded.map((p) => formatPoint(9, p));
    expect(square).toContain('D5');
    expect(square).not.toContain('H5');
  });
});
