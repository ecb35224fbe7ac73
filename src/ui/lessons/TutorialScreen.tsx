/**
 * The interactive tutorial: one lesson at a time on the real board, with the play screen's input modes.
 * The lesson (core/lessons.ts) gives the position, the prompt and the goal; the core judges the move
 * (`tryLessonMove`). A right move is explained and opens the next lesson; a wrong one stays on the board with
 * the opponent's answer that punishes it, and Retry sets the lesson up again. Completed lessons are saved
 * in the `lessonsDone` setting, so the list's ticks and the lesson the screen opens at survive a reload: a
 * right answer is shown once the lesson's write has committed (a few milliseconds), so a crash cannot take
 * back a lesson the player saw done. Other tabs' lessons are read in when they say so.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  type GameState,
  type IllegalMove,
  type LessonAttempt,
  type MovePreview,
  type LessonStep,
  LESSONS,
  centreOf,
  dueOpeningSteps,
  err,
  formatPoint,
  isSeatLesson,
  lessonSteps,
  lessonPosition,
  previewMove,
  renjuForbiddenMarks,
  seatChooser,
  tryLessonMove,
  tryLessonStep,
} from '../../core';
import './lessons.css';
import { onStoreChange } from '../../storage';
import { DamagedProgressNotice } from '../shell/DamagedProgressNotice';
import { Board } from '../board/Board';
import { ScreenHeader } from '../shell/ScreenHeader';
import { players, settings, notifyProblem } from '../shell/app-state';
import { startGame } from '../play/live-session';
import { completeLesson, discardDamagedLessonEntries, lessonDamaged, loadLessons } from './lesson-progress';
import { navigate } from '../shell/router';
import { hapticTap, playEffect } from '../shell/sound';
import { firstGameChoice, firstLessonToDo, lessonBoard } from './tutorial';
import { usePlacement } from '../board/use-placement';
import { LessonActions, LessonHead, LessonList, LessonResult, LessonSeatChoice, previewText } from './LessonParts';
import { colourName, illegalMoveWords } from '../words/game-words';
import * as m from '../words/paraglide/messages.js';

/** No point can be played in a lesson that could not be set up (the screen then shows no board; no words). */
const NO_LESSON: IllegalMove = { reason: 'off-board', message: '' };

/** Before an answer, the line under the board: a seat lesson's choice is due, else whose move it is. */
const toDoLine = (state: GameState, seatLesson: boolean): string =>
  seatLesson
    ? m.lessons_choose_seat({ colour: colourName(seatChooser(state)) })
    : m.lessons_to_move({ colour: colourName(state.toMove) });

/** After the lessons, a game that suits a beginner (13×13 against Beginner), not the form's defaults. */
function playFirstGame(): void {
  const choice = firstGameChoice(players.value, settings.value.newGame.players[0]);
  if (choice) void startGame(choice);
  else navigate({ screen: 'new' });
}

export function Tutorial() {
  const done = settings.value.lessonsDone;
  const [index, setIndex] = useState(() => firstLessonToDo(done));
  const lesson = LESSONS[index]!;
  const seatLesson = isSeatLesson(lesson);
  const start = useMemo(() => lessonPosition(lesson), [lesson.id]);
  /** The board's size, which names a refused point (a lesson not set up refuses no point by name). */
  const boardSize = start.ok ? start.value.rules.size : 19;
  const [attempt, setAttempt] = useState<LessonAttempt | null>(null);
  const [notice, setNotice] = useState('');
  /** A lesson's write in flight: the board waits for it (a few milliseconds). */
  const saving = useRef(false);
  /** Retry / Next, brought into view once the lesson is answered (on a phone they are below the board). */
  const actions = useRef<HTMLDivElement>(null);
  const [savingShown, setSavingShown] = useState(false);
  const mode = settings.value.inputMode;
  // Tap to preview, tap again or Confirm to place (use-placement.ts), until the lesson is answered.
  const placement = usePlacement<MovePreview, IllegalMove>({
    mode,
    at: start.ok ? start.value : null,
    // A seat lesson is answered with its buttons, not on the board.
    enabled: attempt === null && !savingShown && !seatLesson,
    judge: (point: number) => (start.ok ? previewMove(start.value, point) : err(NO_LESSON)),
    onPlace: (chosen) => {
      setNotice('');
      void submit(chosen.point);
    },
    // An occupied point is a slip, not an answer; a point an opening rule forbids is what the lesson is about.
    onRefuse: (why, point) =>
      why.reason === 'occupied'
        ? setNotice(
            illegalMoveWords(why, {
              point: formatPoint(boardSize, point),
              centre: formatPoint(boardSize, centreOf(boardSize)),
            }),
          )
        : void submit(point),
    onPreview: () => setNotice(''),
  });
  const preview = placement.preview;
  /** Judges the player's move or seat choice: set below, once the position is known (the hooks come first). */
  let answer = async (_a: LessonAttempt): Promise<void> => undefined;
  const submit = (point: number) => (start.ok ? answer(tryLessonMove(lesson, start.value, point)) : undefined);
  const choose = (step: LessonStep) => (start.ok ? void answer(tryLessonStep(lesson, start.value, step)) : undefined);

  useEffect(() => {
    // The answer's words sit just above the buttons: 'nearest' scrolls only as far as the buttons need.
    if (attempt) actions.current?.scrollIntoView({ block: 'nearest' });
  }, [attempt]);

  useEffect(() => {
    void loadLessons();
    return onStoreChange('lessons', () => void loadLessons());
  }, []);

  const open = (i: number) => {
    if (saving.current) return;
    // A new lesson starts at its prompt, above the board (Next is below it).
    if (i !== index) window.scrollTo(0, 0);
    setIndex(i);
    placement.clear();
    setAttempt(null);
    setNotice('');
  };

  if (!start.ok) {
    // The lessons' tests build every position; this is only what a broken build would show.
    return (
      <main class="tutorial">
        <ScreenHeader title={m.lessons_screen_title()} />
        <p class="notice">{m.lessons_not_set_up({ why: start.error })}</p>
      </main>
    );
  }
  const state = start.value;
  const size = state.rules.size;

  answer = async (a: LessonAttempt) => {
    if (saving.current) return;
    setNotice('');
    // A right answer is shown once the lesson is saved as done.
    if (a.correct && !done.includes(lesson.id)) {
      saving.current = true;
      setSavingShown(true);
      const problem = await completeLesson(lesson.id);
      saving.current = false;
      setSavingShown(false);
      if (problem) notifyProblem(m.lessons_not_saved({ problem }), 8000);
    }
    setAttempt(a);
    if (a.preview) {
      playEffect(a.preview.result ? 'win' : a.preview.captured.length ? 'capture' : 'place');
      hapticTap();
    }
  };

  const { shown, ghost, highlighted, shaded } = lessonBoard(state, attempt, preview);

  const last = index === LESSONS.length - 1;

  return (
    <main class="tutorial" data-lesson={lesson.id}>
      <ScreenHeader title={m.lessons_screen_title()} />
      <DamagedProgressNotice
        entries={lessonDamaged.value}
        fileName="pente-damaged-lesson-progress.json"
        onDelete={discardDamagedLessonEntries}
      />
      <LessonHead lesson={lesson} index={index} state={state} shown={shown} />
      <Board
        size={size}
        cells={shown.cells}
        lastMove={attempt?.preview ? attempt.point : null}
        preview={ghost}
        marked={preview ? [...preview.captured] : []}
        highlighted={[...highlighted]}
        shaded={[...shaded]}
        crossed={attempt ? renjuForbiddenMarks(state) : []}
        showCoordinates
        disabled={attempt !== null || savingShown}
        {...placement.board}
      />
      <LessonResult
        lesson={lesson}
        attempt={attempt}
        state={state}
        line={notice || (preview ? previewText(preview, size, mode) : toDoLine(state, seatLesson))}
        isNotice={notice !== ''}
      />
      <div class="actions lesson-actions" ref={actions}>
        {seatLesson && !attempt ? (
          <LessonSeatChoice steps={lessonSteps(dueOpeningSteps(state))} disabled={savingShown} choose={choose} />
        ) : (
          <LessonActions
            attempt={attempt}
            last={last}
            mayConfirm={!!preview && !savingShown}
            confirm={placement.confirm}
            retry={() => open(index)}
            next={() => open(index + 1)}
            playFirstGame={playFirstGame}
          />
        )}
      </div>
      <LessonList done={done} index={index} open={open} />
    </main>
  );
}
