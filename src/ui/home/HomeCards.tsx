/**
 * Home's dashboard cards for a wide screen (a tablet either way): the puzzle of the day, with a picture of
 * its position, and the lessons, with how far the player has got. A phone's Home stays a short column
 * without them (the puzzles and the lessons are a tile and, for a first-timer, a card away).
 */
import { useEffect, useState } from 'preact/hooks';
import {
  type GameState,
  LESSONS,
  type Puzzle,
  dailyPuzzleIndex,
  difficultyOf,
  puzzlePosition,
  readPackPuzzle,
} from '../../core';
import './home.css';
import { lessonTitle } from '../lessons/lesson-words';
import { BoardThumbnail } from '../board/BoardThumbnail';
import { settings } from '../shell/app-state';
import { loadPack } from '../puzzles/puzzle-data';
import { navigate } from '../shell/router';
import { firstLessonToDo, lessonsDoneCount } from '../lessons/tutorial';
import { colourName } from '../words/game-words';
import * as m from '../words/paraglide/messages.js';

/** How hard the day's puzzle is, with its rating (one sentence each: the adjective agrees in German). */
const DIFFICULTY = {
  easy: m.home_daily_easy,
  medium: m.home_daily_medium,
  hard: m.home_daily_hard,
} as const;

/** The place a dashboard card holds while it loads (styles.css: as tall as its row, unseen). */
export const CardSlot = () => <section class="home-card card-slot" aria-hidden="true" />;

export function PuzzleOfTheDay() {
  // 'none': the pack has no puzzle for today; a string: why the pack could not be read (the puzzles' words).
  const [today, setToday] = useState<{ puzzle: Puzzle; position: GameState } | 'none' | string | null>(null);
  useEffect(() => {
    let live = true;
    void loadPack().then((pack) => {
      if (!live) return;
      if (typeof pack === 'string') return setToday(pack);
      const read = readPackPuzzle(pack, dailyPuzzleIndex(pack.ids.length, Date.now()));
      const position = read.ok ? puzzlePosition(read.value) : read;
      setToday(read.ok && position.ok ? { puzzle: read.value, position: position.value } : 'none');
    });
    return () => (live = false);
  }, []);
  if (today === null) return <CardSlot />;
  return (
    <section class="home-card" aria-labelledby="daily-heading">
      <h2 id="daily-heading">{m.home_daily_heading()}</h2>
      {typeof today === 'string' ? (
        <p class="home-note">{today === 'none' ? m.home_daily_none() : today}</p>
      ) : (
        <>
          <div class="resume-body">
            <BoardThumbnail
              size={today.position.rules.size}
              cells={today.position.cells}
              lastMove={today.position.lastMove?.point ?? null}
              label={m.home_daily_position()}
            />
            <div class="resume-info" id="daily-info">
              <p class="resume-side">
                {(today.puzzle.goal === 'defend' ? m.home_daily_goal_defend : m.home_daily_goal_win)({
                  colour: colourName(today.position.toMove),
                })}
              </p>
              <p class="resume-rules">
                {DIFFICULTY[difficultyOf(today.puzzle.rating.rating)]({
                  rating: Math.round(today.puzzle.rating.rating),
                })}
              </p>
            </div>
          </div>
          <button
            type="button"
            class="hero-button"
            aria-describedby="daily-info"
            onClick={() => navigate({ screen: 'puzzles', puzzleId: today.puzzle.id })}
          >
            {m.home_daily_solve()}
          </button>
        </>
      )}
    </section>
  );
}

export function LessonsCard() {
  const done = settings.value.lessonsDone;
  const count = lessonsDoneCount(done);
  const next = LESSONS[firstLessonToDo(done)]!;
  const all = count === LESSONS.length;
  return (
    <section class="home-card" aria-labelledby="lessons-card-heading">
      <h2 id="lessons-card-heading">{count === 0 ? m.home_learn_heading() : m.home_lessons_heading()}</h2>
      <p class="home-note">
        {count === 0
          ? m.home_lessons_new({ count: LESSONS.length })
          : all
            ? m.home_lessons_all_done({ count: LESSONS.length })
            : m.home_lessons_progress({ done: count, total: LESSONS.length, next: lessonTitle(next) })}
      </p>
      <button
        type="button"
        class={`hero-button${count === 0 ? ' primary' : ''}`}
        onClick={() => navigate({ screen: 'learn' })}
      >
        {count === 0 ? m.home_learn_to_play() : all ? m.home_lessons_go_over() : m.home_lessons_next()}
      </button>
    </section>
  );
}
