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
import { lessonTitle } from '../lessons/lesson-words';
import { BoardThumbnail } from '../board/BoardThumbnail';
import { settings } from '../shell/app-state';
import { loadPack } from '../puzzles/puzzle-data';
import { navigate } from '../shell/router';
import { firstLessonToDo, lessonsDoneCount } from '../lessons/tutorial';

const COLOURS = ['', 'Black', 'White'] as const;

/** The place a dashboard card holds while it loads (styles.css: as tall as its row, unseen). */
export const CardSlot = () => <section class="home-card card-slot" aria-hidden="true" />;

export function PuzzleOfTheDay() {
  const [today, setToday] = useState<{ puzzle: Puzzle; position: GameState } | string | null>(null);
  useEffect(() => {
    let live = true;
    void loadPack().then((pack) => {
      if (!live) return;
      if (typeof pack === 'string') return setToday(pack);
      const read = readPackPuzzle(pack, dailyPuzzleIndex(pack.ids.length, Date.now()));
      const position = read.ok ? puzzlePosition(read.value) : read;
      setToday(read.ok && position.ok ? { puzzle: read.value, position: position.value } : 'No puzzle today.');
    });
    return () => (live = false);
  }, []);
  if (today === null) return <CardSlot />;
  return (
    <section class="home-card" aria-labelledby="daily-heading">
      <h2 id="daily-heading">Puzzle of the day</h2>
      {typeof today === 'string' ? (
        <p class="home-note">{today}</p>
      ) : (
        <>
          <div class="resume-body">
            <BoardThumbnail
              size={today.position.rules.size}
              cells={today.position.cells}
              lastMove={today.position.lastMove?.point ?? null}
              label="The puzzle's position"
            />
            <div class="resume-info" id="daily-info">
              <p class="resume-side">
                {COLOURS[today.position.toMove]} to move and {today.puzzle.goal === 'defend' ? 'stop the win' : 'win'}
              </p>
              <p class="resume-rules">
                A {difficultyOf(today.puzzle.rating.rating)} puzzle, rated {Math.round(today.puzzle.rating.rating)}
              </p>
            </div>
          </div>
          <button
            type="button"
            class="hero-button"
            aria-describedby="daily-info"
            onClick={() => navigate({ screen: 'puzzles', puzzleId: today.puzzle.id })}
          >
            Solve it
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
      <h2 id="lessons-card-heading">{count === 0 ? 'New to Pente?' : 'Lessons'}</h2>
      <p class="home-note">
        {count === 0
          ? `${LESSONS.length} short lessons on the board: five in a row, captures, the big board, and the rules that catch new players out.`
          : all
            ? `All ${LESSONS.length} lessons done. Go over any of them again.`
            : `${count} of ${LESSONS.length} done. Next: ${lessonTitle(next)}.`}
      </p>
      <button
        type="button"
        class={`hero-button${count === 0 ? ' primary' : ''}`}
        onClick={() => navigate({ screen: 'learn' })}
      >
        {count === 0 ? 'Learn to play' : all ? 'Go over the lessons' : 'Next lesson'}
      </button>
    </section>
  );
}
