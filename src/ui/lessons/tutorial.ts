/**
 * The tutorial's progress as pure functions of the completed lessons' ids (the `lessonsDone` setting): which
 * lesson to open, and the list after one more is done. Ids of lessons that no longer exist are kept but
 * never counted, so a later version can drop or rename a lesson without confusing the progress. And what a
 * lesson's board shows (`lessonBoard`).
 */
import {
  type GameState,
  type Lesson,
  type LessonAttempt,
  type MovePreview,
  type Player,
  LESSONS,
  forbiddenPoints,
  levelById,
  previewMove,
} from '../../core';
import type { StoredPlayer } from '../../storage';
import type { NewGameChoice } from '../play/live-session';

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

/** The board of the first game after the lessons: big enough for real play, every point a finger's tap on a phone. */
export const FIRST_GAME_SIZE = 13;
/** The level of the first game after the lessons: it plays real moves and still misses threats. */
export const FIRST_GAME_LEVEL = 'beginner';

/**
 * The game the tutorial's "Play a game" starts: the player (the new-game form's Black if a person, else
 * the first person) against the Beginner computer player on 13×13, no clock, rather than the form's
 * defaults (19×19 against a stronger level) that suit someone who already plays. Without the Beginner
 * player (deleted), the weakest computer player left; null when there is no person or no computer.
 */
export function firstGameChoice(players: readonly StoredPlayer[], playerId: string | null): NewGameChoice | null {
  const people = players.filter((p) => p.kind === 'human');
  const me = people.find((p) => p.id === playerId) ?? people[0];
  const computers = players.filter((p) => p.kind === 'computer');
  const strength = (p: StoredPlayer) => levelById(p.id)?.elo ?? Infinity;
  const opponent =
    computers.find((p) => p.id === FIRST_GAME_LEVEL) ?? [...computers].sort((a, b) => strength(a) - strength(b))[0];
  if (!me || !opponent) return null;
  return {
    player1: me,
    player2: opponent,
    variant: 'pente',
    size: FIRST_GAME_SIZE,
    tournamentRule: true,
    timeControl: null,
  };
}

/**
 * What the board shows: the lesson's position with the preview, or the attempt with the reply it allows.
 * The tournament rule's zone (G-Pente's points with it) is the lesson's question: shaded once answered.
 */
export function lessonBoard(
  state: GameState,
  attempt: LessonAttempt | null,
  preview: MovePreview | null,
): {
  shown: GameState;
  ghost: { point: number; player: Player } | null;
  highlighted: readonly number[];
  shaded: readonly number[];
} {
  const shown = attempt?.preview?.next ?? state;
  const refutation = attempt?.refutation ?? null;
  const reply = refutation !== null && attempt?.preview ? previewMove(attempt.preview.next, refutation) : null;
  const ghost = preview
    ? { point: preview.point, player: preview.player }
    : refutation !== null
      ? { point: refutation, player: shown.toMove }
      : null;
  const highlighted = preview
    ? preview.winningLine
    : reply?.ok
      ? reply.value.winningLine
      : (attempt?.preview?.winningLine ?? []);
  const forbidden = forbiddenPoints(state);
  const shaded =
    attempt && (forbidden.reason === 'tournament-rule' || forbidden.reason === 'g-pente-rule') ? forbidden.points : [];
  return { shown, ghost, highlighted, shaded };
}
