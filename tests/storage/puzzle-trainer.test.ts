import { describe, expect, it } from 'vitest';
import 'fake-indexeddb/auto';
import {
  type GameState,
  type Puzzle,
  NEW_RATING,
  choosePuzzle,
  difficultyOf,
  parsePoint,
  puzzleMove,
  rateAttempt,
  startAttempt,
  withDefence,
} from '../../src/core';
import {
  HISTORY_LIMIT,
  NEW_PUZZLE_PROGRESS,
  loadPuzzleProgress,
  openDatabase,
  readPuzzleProgress,
  recordPuzzleAnswer,
  withPuzzleAttempt,
} from '../../src/storage';
import { game, openThreeNineByNine } from '../helpers';

/** Black to move with an open three C2 D2 E2 on a 9×9 board: F2 (stored) or B2 makes an open four. */
const openThree = openThreeNineByNine();
const at = (state: GameState, name: string) => parsePoint(state.rules.size, name)!;

const winPuzzle: Puzzle = {
  id: 'open-four',
  rules: openThree.rules,
  goal: 'win',
  moves: openThree.moves,
  solution: ['F2', 'G2', 'B2'].map((n) => at(openThree, n)),
  firstMoves: ['F2', 'B2'].map((n) => at(openThree, n)),
  rating: NEW_RATING,
  themes: ['win-in-3'],
  source: null,
};

const stopThree = game({ size: 9 }, 'E5 A9 C2 A8 D2 A7 E2');
const defendPuzzle: Puzzle = {
  ...winPuzzle,
  id: 'stop-three',
  goal: 'defend',
  moves: stopThree.moves,
  solution: [at(stopThree, 'F2')],
  firstMoves: ['F2', 'B2'].map((n) => at(stopThree, n)),
  themes: ['stop-the-win'],
};

describe('the puzzle trainer', () => {
  it('answers the stored line with its defence, then the winning move solves it', () => {
    const start = startAttempt(winPuzzle, openThree);
    const first = puzzleMove(start, at(openThree, 'F2'));
    expect(first.kind).toBe('reply');
    if (first.kind !== 'reply') return;
    expect(first.reply).toBe(at(openThree, 'G2'));
    expect(first.attempt.state.cells[at(openThree, 'G2')]).toBe(2);
    const second = puzzleMove(first.attempt, at(openThree, 'B2'));
    expect(second.kind).toBe('solved');
    if (second.kind === 'solved') expect(second.attempt.state.result?.winner).toBe(1);
  });

  it('hands another proved first move to the engine, and calls any other first move wrong', () => {
    const start = startAttempt(winPuzzle, openThree);
    const other = puzzleMove(start, at(openThree, 'B2'));
    expect(other).toMatchObject({ kind: 'ask-engine', proven: true, attempt: { onLine: false } });
    expect(puzzleMove(start, at(openThree, 'A1')).kind).toBe('wrong');
    expect(puzzleMove(start, at(openThree, 'C2'))).toMatchObject({ kind: 'illegal' });
  });

  it('lets the engine judge a later move off the line by its score', () => {
    const first = puzzleMove(startAttempt(winPuzzle, openThree), at(openThree, 'F2'));
    if (first.kind !== 'reply') throw new Error(first.kind);
    // Not the stored B2 but a quiet move: for the engine to judge.
    const later = puzzleMove(first.attempt, at(openThree, 'A1'));
    expect(later).toMatchObject({ kind: 'ask-engine', proven: false });
    if (later.kind !== 'ask-engine') return;
    const defended = withDefence(later.attempt, at(openThree, 'B2'));
    expect(defended?.played).toHaveLength(4);
    expect(withDefence(later.attempt, at(openThree, 'C2'))).toBeNull();
  });

  it('accepts every stored defence of a defence puzzle, and nothing else', () => {
    const start = startAttempt(defendPuzzle, stopThree);
    expect(puzzleMove(start, at(stopThree, 'B2')).kind).toBe('solved');
    expect(puzzleMove(start, at(stopThree, 'F2')).kind).toBe('solved');
    expect(puzzleMove(start, at(stopThree, 'H8')).kind).toBe('wrong');
  });

  it('rates both ways, and picks a puzzle near the rating that was not just played', () => {
    const solved = rateAttempt(NEW_RATING, { rating: 1500, deviation: 200, volatility: 0.06 }, true);
    expect(solved.player.rating).toBeGreaterThan(1500);
    expect(solved.puzzle.rating).toBeLessThan(1500);
    const missed = rateAttempt(NEW_RATING, { rating: 1500, deviation: 200, volatility: 0.06 }, false);
    expect(missed.player.rating).toBeLessThan(1500);
    const ratings = [900, 1200, 1480, 1510, 1900];
    expect(choosePuzzle(ratings, 1500, new Set(), 0, 1)).toBe(3);
    expect(choosePuzzle(ratings, 1500, new Set([3]), 0, 1)).toBe(2);
    expect(choosePuzzle(ratings, 1500, new Set([0, 1, 2, 3, 4]), 0, 1)).toBe(3); // all recent: any
    expect(choosePuzzle([], 1500, new Set(), 0)).toBe(-1);
    expect(difficultyOf(900)).toBe('easy');
    expect(difficultyOf(1300)).toBe('medium');
    expect(difficultyOf(1700)).toBe('hard');
  });
});

describe('puzzle progress', () => {
  it('counts streaks, keeps a bounded history and moves the puzzle’s own rating', () => {
    let p = NEW_PUZZLE_PROGRESS;
    p = withPuzzleAttempt(p, 'a', NEW_RATING, true, 1);
    p = withPuzzleAttempt(p, 'b', NEW_RATING, true, 2);
    expect(p.streak).toBe(2);
    p = withPuzzleAttempt(p, 'c', NEW_RATING, false, 3);
    expect([p.streak, p.bestStreak, p.solved, p.failed]).toEqual([0, 2, 2, 1]);
    expect(p.history.map((h) => h.id)).toEqual(['c', 'b', 'a']);
    expect(p.puzzleRatings.c!.rating).toBeGreaterThan(1500);
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) p = withPuzzleAttempt(p, `x${i}`, NEW_RATING, true, 10 + i);
    expect(p.history).toHaveLength(HISTORY_LIMIT);
  });

  it('is saved and read back; a damaged value is never read as a fresh start', async () => {
    const opened = await openDatabase({ factory: new IDBFactory() });
    if (!opened.ok) throw new Error(opened.error.message);
    const db = opened.value;
    expect(await loadPuzzleProgress(db)).toEqual({ ok: true, value: { progress: NEW_PUZZLE_PROGRESS, damaged: [] } });
    const p = withPuzzleAttempt(NEW_PUZZLE_PROGRESS, 'a', NEW_RATING, true, 5);
    expect(await recordPuzzleAnswer(db, { id: 'a', packRating: NEW_RATING, solved: true, at: 5 })).toEqual({
      ok: true,
      value: { progress: p, damaged: [] },
    });
    expect(await loadPuzzleProgress(db)).toEqual({ ok: true, value: { progress: p, damaged: [] } });
    // Each bad part is skipped and named; the rest stays (tests/storage/progress.test.ts has the cases).
    expect(readPuzzleProgress({ ...p, streak: -1 })).toMatchObject({
      progress: { ...p, streak: 1 },
      damaged: [{ kind: 'puzzle-field', key: 'streak', value: -1 }],
    });
    expect(
      readPuzzleProgress({ ...p, puzzleRatings: { a: { rating: 1, deviation: 0, volatility: 1 } } }),
    ).toMatchObject({ progress: { ...p, puzzleRatings: {} }, damaged: [{ kind: 'puzzle-rating', key: 'a' }] });
    expect(readPuzzleProgress('nonsense')).toMatchObject({
      progress: NEW_PUZZLE_PROGRESS,
      damaged: [{ kind: 'puzzle-progress', value: 'nonsense' }],
    });
    db.close();
  });
});
