import { describe, expect, it } from 'vitest';
import { LESSONS, LESSON_IDS } from '../../../src/core';
import { homeLessons } from '../../../src/ui/home/home-lessons';
import { firstLessonToDo } from '../../../src/ui/lessons/tutorial';

describe('homeLessons', () => {
  it('the ids Home counts are the course, in its order', () => {
    expect([...LESSON_IDS]).toEqual(LESSONS.map((l) => l.id));
  });

  it('a first-timer: a card, none done, the first lesson next', () => {
    expect(homeLessons([])).toEqual({ kind: 'card', done: 0, total: 16, next: 'place' });
  });

  it('three done: "3 of 16", and the next is the first not done, as the tutorial opens it', () => {
    const done = ['place', 'five', 'block'];
    const shown = homeLessons(done);
    expect(shown).toEqual({ kind: 'card', done: 3, total: 16, next: 'capture' });
    expect(shown.kind === 'card' && shown.next).toBe(LESSONS[firstLessonToDo(done)]!.id);
  });

  it('lessons done out of order: the next is the first gap, not the one after the last done', () => {
    expect(homeLessons(['five', 'gomoku', 'place', 'capture'])).toEqual({
      kind: 'card',
      done: 4,
      total: 16,
      next: 'block',
    });
  });

  it('ids of lessons that no longer exist are not counted', () => {
    expect(homeLessons(['place', 'old-lesson', 'old-lesson'], ['place', 'five'])).toEqual({
      kind: 'card',
      done: 1,
      total: 2,
      next: 'five',
    });
  });

  it('every lesson done: a tile instead of the card', () => {
    expect(homeLessons([...LESSON_IDS])).toEqual({ kind: 'tile' });
    expect(homeLessons([LESSON_IDS.at(-1)!, ...LESSON_IDS.slice(0, -1), 'extra'])).toEqual({ kind: 'tile' });
  });
});
