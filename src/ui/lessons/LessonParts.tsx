/**
 * The tutorial's parts: the lesson's head above the board; under it what the move did, the buttons, and
 * the list of lessons.
 */
import type { GameState, Lesson, LessonAttempt, MovePreview, LessonStep } from '../../core';
import { LESSONS, formatPoint } from '../../core';
import type { InputMode } from '../../storage';
import { PLACE_HOW } from '../board/placement';
import { formatNumber } from '../words/locale';
import * as m from '../words/paraglide/messages.js';
import { CapturedCount } from '../play/CapturedCount';
import { variantName } from '../words/game-words';
import { explanationWords, lessonPrompt, lessonTitle } from './lesson-words';
import { lessonsDoneCount } from './tutorial';
import { navigate } from '../shell/router';
import './lessons.css';

/** Which lesson this is (and its variant, when not Pente), its title and its prompt. */
export function LessonHead(props: {
  readonly lesson: Lesson;
  readonly index: number;
  /** The lesson's position as set up, and as the board shows it now. */
  readonly state: GameState;
  readonly shown: GameState;
}) {
  const { lesson, index, state } = props;
  return (
    <div class="lesson-head">
      <p class="lesson-count">
        {m.lessons_count({ number: formatNumber(index + 1), total: formatNumber(LESSONS.length) })}
        {lesson.variant === 'pente' ? '' : ` · ${variantName(lesson.variant)}`}
      </p>
      <h2>{lessonTitle(lesson)}</h2>
      <p class="lesson-prompt">{lessonPrompt(lesson)}</p>
      {/* Where the lesson starts with stones captured, the count is part of the position. */}
      {(state.captures[0] > 0 || state.captures[1] > 0) && <CapturedCount state={props.shown} />}
    </div>
  );
}

/** What a previewed move would do, in words (as on the play screen), and how to place it. */
export function previewText(p: MovePreview, size: number, mode: InputMode): string {
  const point = formatPoint(size, p.point);
  const count = formatNumber(p.captured.length);
  const wins = p.result?.winner === p.player;
  const what = p.captured.length
    ? wins
      ? m.lessons_preview_captures_wins({ point, count })
      : m.lessons_preview_captures({ point, count })
    : wins
      ? m.lessons_preview_wins({ point })
      : m.lessons_preview({ point });
  return `${what}${PLACE_HOW[mode]}`;
}

/** What the answer did (right, or not quite, and why), or before it the line that says what to do. */
export function LessonResult(props: {
  readonly lesson: Lesson;
  readonly attempt: LessonAttempt | null;
  readonly state: GameState;
  /** Before an answer: the notice, the preview in words, or whose move it is. */
  readonly line: string;
  readonly isNotice: boolean;
}) {
  const { lesson, attempt, state } = props;
  return (
    <div class="lesson-bottom" role="status">
      {attempt ? (
        <div class={`lesson-result ${attempt.correct ? 'right' : 'wrong'}`}>
          <p>
            <strong>{attempt.correct ? m.lessons_right() : m.lessons_not_quite()}</strong>{' '}
            {explanationWords(lesson, attempt, state.toMove, state.rules.size)}
          </p>
        </div>
      ) : (
        <div class="lesson-result">
          <p class={props.isNotice ? 'notice' : undefined}>{props.line}</p>
        </div>
      )}
    </div>
  );
}

const STEP_WORDS: { readonly [S in LessonStep]: () => string } = {
  swap: m.lessons_seat_take_black,
  keep: m.lessons_seat_keep_white,
  pass: m.lessons_seat_pass,
};

/** A seat lesson's answer: one button for each opening step that is due (take Black, keep White, pass). */
export function LessonSeatChoice(props: {
  readonly steps: readonly LessonStep[];
  readonly disabled: boolean;
  readonly choose: (step: LessonStep) => void;
}) {
  return (
    <>
      {props.steps.map((step) => (
        <button key={step} type="button" disabled={props.disabled} onClick={() => props.choose(step)}>
          {STEP_WORDS[step]()}
        </button>
      ))}
    </>
  );
}

/** Confirm before an answer; Retry after a wrong one; Next after a right one, or after the last lesson a game. */
export function LessonActions(props: {
  readonly attempt: LessonAttempt | null;
  readonly last: boolean;
  readonly mayConfirm: boolean;
  readonly confirm: () => void;
  readonly retry: () => void;
  readonly next: () => void;
  readonly playFirstGame: () => void;
}) {
  const { attempt } = props;
  if (!attempt) {
    return (
      <button type="button" class="primary" disabled={!props.mayConfirm} onClick={props.confirm}>
        {m.lessons_confirm()}
      </button>
    );
  }
  if (!attempt.correct) {
    return (
      <button type="button" class="primary" onClick={props.retry}>
        {m.lessons_retry()}
      </button>
    );
  }
  if (props.last) {
    return (
      <>
        <button type="button" onClick={() => navigate({ screen: 'puzzles' })}>
          {m.lessons_try_puzzles()}
        </button>
        <button type="button" class="primary" onClick={props.playFirstGame}>
          {m.lessons_play_game()}
        </button>
      </>
    );
  }
  return (
    <button type="button" class="primary" onClick={props.next}>
      {m.lessons_next()}
    </button>
  );
}

/** Every lesson, ticked when done; the one open is marked. */
export function LessonList(props: {
  readonly done: readonly string[];
  readonly index: number;
  readonly open: (index: number) => void;
}) {
  const { done, index, open } = props;
  const doneCount = lessonsDoneCount(done);
  return (
    <section class="lesson-list" aria-labelledby="lessons-heading">
      <h2 id="lessons-heading">
        {m.lessons_list_heading()}{' '}
        <small>
          {doneCount === LESSONS.length
            ? m.lessons_all_done()
            : m.lessons_done_count({ count: formatNumber(doneCount) })}
        </small>
      </h2>
      <ol>
        {LESSONS.map((l, i) => {
          const isDone = done.includes(l.id);
          return (
            <li key={l.id}>
              <button
                type="button"
                class={`lesson-item${isDone ? ' done' : ''}`}
                aria-current={i === index ? 'step' : undefined}
                onClick={() => open(i)}
              >
                <span class="tick" aria-hidden="true">
                  {isDone ? '✓' : ''}
                </span>
                <span class="lesson-name">
                  {i + 1}. {lessonTitle(l)}
                </span>
                {isDone && <span class="sr-only"> {m.lessons_done()}</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
