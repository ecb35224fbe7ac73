/**
 * What a phone's Home offers for the lessons, as a pure function of the completed lessons' ids (the
 * `lessonsDone` setting): a card with how far the player has got and the lesson to open next, until every
 * lesson is done; then only a Lessons tile in the menu. Ids of lessons that no longer exist are not counted.
 */
import { LESSON_IDS } from '../../core/lesson-ids';

export type HomeLessons =
  | {
      readonly kind: 'card';
      /** How many of the course's lessons are done. */
      readonly done: number;
      readonly total: number;
      /** The id of the first lesson not yet done, in the course's order (the one the tutorial opens). */
      readonly next: string;
    }
  | { readonly kind: 'tile' };

export function homeLessons(done: readonly string[], ids: readonly string[] = LESSON_IDS): HomeLessons {
  const next = ids.find((id) => !done.includes(id));
  if (next === undefined) return { kind: 'tile' };
  return { kind: 'card', done: ids.filter((id) => done.includes(id)).length, total: ids.length, next };
}
