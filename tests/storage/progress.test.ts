/**
 * The player's progress (puzzles, lessons) kept as carefully as games: read part by part (one bad entry
 * skipped and kept, never the whole record reset), written by read-modify-write in one transaction (two
 * connections, as two tabs, both keep their writes), merged (pure) for imports.
 */
import { describe, expect, it } from 'vitest';
import { NEW_RATING } from '../../src/core';
import {
  HISTORY_LIMIT,
  LESSONS_DAMAGED_KEY,
  LESSONS_DONE_KEY,
  NEW_PUZZLE_PROGRESS,
  PUZZLE_PROGRESS_KEY,
  type PuzzleHistoryEntry,
  type PuzzleProgress,
  discardDamagedLessons,
  discardDamagedPuzzleProgress,
  getSettings,
  loadLessonProgress,
  loadPuzzleProgress,
  markLessonDone,
  mergeLessonsDone,
  mergePuzzleProgress,
  openDatabase,
  readLessonsDone,
  readPuzzleProgress,
  recordPuzzleAnswer,
  saveSettings,
  withPuzzleAttempt,
} from '../../src/storage';
import { openFresh, rawOpen, rawPut, unwrap } from './helpers';

const entry = (id: string, at: number, solved = true, rating = 1600): PuzzleHistoryEntry => ({
  id,
  solved,
  at,
  rating,
});

/** A player well on: rating 1700, 40 solved and 5 missed, the last 3 answers in the history. */
const seasoned: PuzzleProgress = {
  rating: { rating: 1700, deviation: 80, volatility: 0.06 },
  streak: 2,
  bestStreak: 9,
  solved: 40,
  failed: 5,
  history: [entry('c', 300), entry('b', 200), entry('a', 100, false)],
  puzzleRatings: { a: { rating: 1650, deviation: 200, volatility: 0.06 } },
};

const answer = (id: string, at: number, solved = true) => ({ id, packRating: NEW_RATING, solved, at });

describe('reading puzzle progress', () => {
  it('skips one unreadable history entry and keeps the rating, the counts and the other entries', () => {
    const bad = { id: 42, solved: 'yes' };
    const read = readPuzzleProgress({ ...seasoned, history: [seasoned.history[0], bad, ...seasoned.history.slice(1)] });
    expect(read.progress).toEqual(seasoned);
    expect(read.damaged).toEqual([
      { kind: 'puzzle-history', key: 'history 2', reason: 'the puzzle id is missing or not text', value: bad },
    ]);
    expect(read.damaged.map((d) => d.kind)).toEqual(['puzzle-history']);
  });

  it('falls back field by field, from the history, and names each bad part', () => {
    const read = readPuzzleProgress({ ...seasoned, rating: 'high', solved: -3, streak: null, puzzleRatings: [] });
    expect(read.progress).toMatchObject({
      rating: { ...NEW_RATING, rating: 1600 }, // the newest history entry's
      solved: 2, // counted from the history
      streak: 2,
      failed: 5,
      bestStreak: 9,
      puzzleRatings: {},
    });
    expect(read.damaged.map((d) => [d.key, d.value])).toEqual([
      ['puzzleRatings', []],
      ['rating', 'high'],
      ['streak', null],
      ['solved', -3],
    ]);
    expect(read.damaged.map((d) => d.kind)).toEqual(Array(4).fill('puzzle-field'));
  });

  it('keeps what is not an object at all as a damaged entry, and the damaged list it stored', () => {
    expect(readPuzzleProgress(undefined)).toEqual({ progress: NEW_PUZZLE_PROGRESS, damaged: [] });
    expect(readPuzzleProgress(7).damaged).toEqual([
      { kind: 'puzzle-progress', key: PUZZLE_PROGRESS_KEY, reason: expect.any(String), value: 7 },
    ]);
    const kept = { kind: 'puzzle-history', key: 'history 9', reason: 'old', value: { x: 1 } };
    const read = readPuzzleProgress({ ...seasoned, damaged: [kept, 'junk'] });
    expect(read.progress).toEqual(seasoned);
    expect(read.damaged).toEqual([
      kept,
      { kind: 'puzzle-progress', key: 'damaged 2', reason: expect.any(String), value: 'junk' },
    ]);
    expect(readPuzzleProgress({ ...seasoned, damaged: 'junk' }).damaged).toHaveLength(1);
  });
});

describe('saving puzzle answers', () => {
  it('applies an answer to the stored progress with one bad entry: the rest kept, the bad entry kept raw', async () => {
    const { db, factory } = await openFresh();
    const bad = { id: 'z', solved: true, at: 'yesterday', rating: 1500 };
    const raw = await rawOpen(factory);
    await rawPut(raw, 'settings', { ...seasoned, history: [bad, ...seasoned.history] }, PUZZLE_PROGRESS_KEY);
    raw.close();

    const saved = unwrap(await recordPuzzleAnswer(db, answer('d', 400)));
    expect(saved.progress.solved).toBe(41);
    expect(saved.progress.rating.rating).toBeGreaterThan(1700);
    expect(saved.progress.history.map((h) => h.id)).toEqual(['d', 'c', 'b', 'a']);
    expect(saved.damaged).toEqual([expect.objectContaining({ kind: 'puzzle-history', value: bad })]);
    // Stored as read back: the bad entry moved, raw, to the damaged list; nothing reset.
    expect(unwrap(await loadPuzzleProgress(db))).toEqual(saved);
    const stored = (await db.transaction('settings').store.get(PUZZLE_PROGRESS_KEY)) as { damaged: unknown[] };
    expect(stored.damaged).toEqual([expect.objectContaining({ value: bad })]);

    // Deleting the damaged entries keeps the progress.
    const discarded = unwrap(await discardDamagedPuzzleProgress(db));
    expect(discarded).toEqual({ progress: saved.progress, damaged: [] });
    expect(unwrap(await loadPuzzleProgress(db))).toEqual(discarded);
    db.close();
  });

  it('keeps both answers when two connections (two tabs) answer at once', async () => {
    const { db, factory } = await openFresh();
    const other = unwrap(await openDatabase({ factory }));
    await Promise.all([
      recordPuzzleAnswer(db, answer('p1', 10)),
      recordPuzzleAnswer(other, answer('p2', 11, false)),
      recordPuzzleAnswer(db, answer('p3', 12)),
    ]);
    const { progress } = unwrap(await loadPuzzleProgress(other));
    expect([progress.solved, progress.failed]).toEqual([2, 1]);
    expect(progress.history.map((h) => h.id).sort()).toEqual(['p1', 'p2', 'p3']);
    db.close();
    other.close();
  });
});

describe('merging puzzle progress', () => {
  const answers = (from: PuzzleProgress, ids: readonly string[], start: number) =>
    ids.reduce((p, id, i) => withPuzzleAttempt(p, id, NEW_RATING, i % 3 !== 2, start + i), from);

  it('is the record itself with an empty one or itself, and restoring an older backup changes nothing', () => {
    const backup = answers(NEW_PUZZLE_PROGRESS, ['a', 'b', 'c'], 1);
    const now = answers(backup, ['d', 'e'], 10);
    expect(mergePuzzleProgress(now, NEW_PUZZLE_PROGRESS)).toEqual(now);
    expect(mergePuzzleProgress(NEW_PUZZLE_PROGRESS, now)).toEqual(now);
    expect(mergePuzzleProgress(now, now)).toEqual(now);
    expect(mergePuzzleProgress(now, backup)).toEqual(now);
    expect(mergePuzzleProgress(backup, now)).toEqual(now);
  });

  it('keeps every answer of two devices once, and the rating of the one answered last', () => {
    const phone = answers(NEW_PUZZLE_PROGRESS, ['a', 'b', 'c'], 1);
    const tablet = answers(NEW_PUZZLE_PROGRESS, ['x', 'y'], 100);
    const merged = mergePuzzleProgress(phone, tablet);
    expect(merged.history.map((h) => h.id)).toEqual(['y', 'x', 'c', 'b', 'a']);
    expect([merged.solved, merged.failed]).toEqual([phone.solved + tablet.solved, phone.failed + tablet.failed]);
    expect(merged.rating).toEqual(tablet.rating);
    expect(merged.streak).toBe(tablet.streak);
    expect(merged.bestStreak).toBe(Math.max(phone.bestStreak, tablet.bestStreak));
    expect(Object.keys(merged.puzzleRatings).sort()).toEqual(['a', 'b', 'c', 'x', 'y']);
    expect(mergePuzzleProgress(tablet, phone)).toEqual(merged);
  });

  it('does not count twice the answers an older backup has beyond the newer history', () => {
    const ids = Array.from({ length: HISTORY_LIMIT + 20 }, (_, i) => `q${i}`);
    const backup = answers(NEW_PUZZLE_PROGRESS, ids.slice(0, 30), 0);
    const now = answers(backup, ids.slice(30), 30); // its history no longer holds the first 20
    expect(now.history).toHaveLength(HISTORY_LIMIT);
    const merged = mergePuzzleProgress(now, backup);
    expect([merged.solved, merged.failed]).toEqual([now.solved, now.failed]);
    expect(merged.history).toEqual(now.history);
  });
});

describe('lesson progress', () => {
  it('reads entry by entry: a bad one skipped and named, the others kept', () => {
    expect(readLessonsDone(['place', 7, 'five', 'place', ''])).toEqual({
      done: ['place', 'five'],
      damaged: [
        { kind: 'lesson', key: 'lessonsDone 2', reason: 'not a lesson id', value: 7 },
        { kind: 'lesson', key: 'lessonsDone 5', reason: 'not a lesson id', value: '' },
      ],
    });
    expect(readLessonsDone('place').damaged).toHaveLength(1);
    expect(mergeLessonsDone(['a', 'b'], ['c', 'a'])).toEqual(['a', 'b', 'c']);
  });

  it('marks lessons done from two connections at once, keeping a bad entry raw until deleted', async () => {
    const { db, factory } = await openFresh();
    const raw = await rawOpen(factory);
    await rawPut(raw, 'settings', ['place', { id: 'five' }, 'block'], LESSONS_DONE_KEY);
    raw.close();
    // The settings read the lessons entry by entry too: the good ones stay done.
    const loaded = unwrap(await getSettings(db));
    expect(loaded.settings.lessonsDone).toEqual(['place', 'block']);
    expect(loaded.skipped).toEqual([{ id: 'lessonsDone 2', reason: 'not a lesson id' }]);

    const other = unwrap(await openDatabase({ factory }));
    await Promise.all([markLessonDone(db, 'capture'), markLessonDone(other, 'tournament')]);
    const both = unwrap(await loadLessonProgress(db));
    expect([...both.done].sort()).toEqual(['block', 'capture', 'place', 'tournament']);
    expect(both.damaged).toEqual([expect.objectContaining({ value: { id: 'five' } })]);
    expect(await db.transaction('settings').store.get(LESSONS_DAMAGED_KEY)).toEqual([
      expect.objectContaining({ value: { id: 'five' } }),
    ]);
    expect(both.damaged.map((d) => d.kind)).toEqual(['lesson']);

    // Settings never write the lessons over: a patch is merged.
    unwrap(await saveSettings(other, { lessonsDone: ['place'] }));
    expect(unwrap(await loadLessonProgress(db)).done).toHaveLength(4);

    expect(unwrap(await discardDamagedLessons(db)).damaged).toEqual([]);
    expect(unwrap(await loadLessonProgress(db))).toEqual({ done: both.done, damaged: [] });
    db.close();
    other.close();
  });
});
