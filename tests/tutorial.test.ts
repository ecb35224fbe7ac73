import { describe, expect, it } from 'vitest';
import { LESSONS } from '../src/core';
import { firstLessonToDo, lessonsDoneCount, withLessonDone } from '../src/ui/tutorial';

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
