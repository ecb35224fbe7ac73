/**
 * The tutorial's progress as pure functions of the completed lessons' ids (the `lessonsDone` setting): which
 * lesson to open, and the list after one more is done. Ids of lessons that no longer exist are kept but
 * never counted, so a later version can drop or rename a lesson without confusing the progress.
 */
import { type Lesson, LESSONS } from '../core';

/** The first lesson not yet done, in the course's order; the first lesson once all are done. */
export function firstLessonToDo(done: readonly string[], lessons: readonly Lesson[] = LESSONS): number {
  const i = lessons.findIndex((l) => !done.includes(l.id));
  return i < 0 ? 0 : i;
}

/** The completed ids with `id` added (unchanged when it is there already). */
export function withLessonDone(done: readonly string[], id: string): readonly string[] {
  return done.includes(id) ? done : [...done, id];
}

/** How many of the course's lessons are done. */
export function lessonsDoneCount(done: readonly string[], lessons: readonly Lesson[] = LESSONS): number {
  return lessons.filter((l) => done.includes(l.id)).length;
}
