/**
 * The puzzle trainer's data on the page (src/ui/puzzles/puzzle-data.ts): the pack fetched once (and again after a
 * failure), the progress shown only once its write has committed, an answer whose save failed counted and
 * kept to be saved later, and the rating-matched choice of the next puzzle.
 */
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Puzzle, PuzzlePackIndex } from '../../src/core';
import { NEW_PUZZLE_PROGRESS, type PuzzleProgress, loadPuzzleProgress, pendingPuzzleAnswers } from '../../src/storage';
import { MemoryStore } from './memory-kv';
import { openFresh, unwrap } from './helpers';

const PACK = readFileSync(new URL('../../public/puzzles.json', import.meta.url), 'utf8');
const puzzle = (id: string): Puzzle => ({ id, rating: { rating: 1500, deviation: 80, volatility: 0.06 } }) as Puzzle;

let kv: MemoryStore;
/** The module afresh (its pack cache, pending answers and signals are per page). */
async function loadModule(fetchImpl: () => Promise<Response> = () => Promise.resolve(new Response(PACK))) {
  vi.resetModules();
  const fetchMock = vi.fn(fetchImpl);
  vi.stubGlobal('fetch', fetchMock);
  const appState = await import('../../src/ui/shell/app-state');
  const puzzles = await import('../../src/ui/puzzles/puzzle-data');
  return { ...puzzles, db: appState.db, fetchMock };
}

beforeEach(() => {
  kv = new MemoryStore();
  vi.stubGlobal('localStorage', kv);
  vi.stubGlobal('BroadcastChannel', undefined); // progress-sync: no other tabs here
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the puzzle pack', () => {
  it('is fetched once and indexed without parsing its puzzles', async () => {
    const { loadPack, fetchMock, PACK_URL } = await loadModule();
    const index = (await loadPack()) as PuzzlePackIndex;
    expect(typeof index).toBe('object');
    expect(index.ids.length).toBeGreaterThan(10);
    expect(index.ids.length).toBe(index.ratings.length);
    expect(await loadPack()).toBe(index);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual([PACK_URL]);
    expect(PACK_URL).toBe('/puzzles.json');
  });

  it('says why it could not be had, and is fetched again next time', async () => {
    let answer = () => Promise.resolve(new Response('', { status: 503 }));
    const { loadPack, fetchMock } = await loadModule(() => answer());
    expect(await loadPack()).toBe('The puzzles could not be loaded (503).');
    answer = () => Promise.reject(new TypeError('offline'));
    await Promise.resolve();
    expect(await loadPack()).toMatch(/offline and has not stored them yet/);
    answer = () => Promise.resolve(new Response('not a pack'));
    await Promise.resolve();
    expect(typeof (await loadPack())).toBe('string');
    answer = () => Promise.resolve(new Response(PACK));
    await Promise.resolve();
    expect(typeof (await loadPack())).toBe('object');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});

describe('recording answers', () => {
  it('without a database, counts the answer in memory', async () => {
    const { recordAnswer, puzzleProgress } = await loadModule();
    expect(await recordAnswer(puzzle('p1'), true)).toBeNull();
    expect(puzzleProgress.value).toMatchObject({ solved: 1, failed: 0, streak: 1 });
    expect(puzzleProgress.value.history.map((h) => h.id)).toEqual(['p1']);
  });

  it('saves the answer and shows the stored progress once it has committed', async () => {
    const { db: database } = await openFresh();
    const { recordAnswer, puzzleProgress, db } = await loadModule();
    db.value = database;
    expect(await recordAnswer(puzzle('p1'), false)).toBeNull();
    expect(await recordAnswer(puzzle('p2'), true)).toBeNull();
    const stored = unwrap(await loadPuzzleProgress(database)).progress;
    expect(stored).toMatchObject({ solved: 1, failed: 1 });
    expect(puzzleProgress.value).toEqual(stored);
    expect(pendingPuzzleAnswers(kv)).toEqual([]);
  });

  it('keeps an answer whose save failed, shows it counted, and saves it when the progress is loaded', async () => {
    const { db: database } = await openFresh();
    const { recordAnswer, loadProgress, puzzleProgress, db } = await loadModule();
    db.value = database;
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const why = await recordAnswer(puzzle('p1'), true);
    put.mockRestore();
    expect(why).toMatch(/storage space/);
    expect(puzzleProgress.value.solved).toBe(1);
    expect(pendingPuzzleAnswers(kv).map((a) => a.id)).toEqual(['p1']);
    expect(unwrap(await loadPuzzleProgress(database)).progress.solved).toBe(0);

    await loadProgress();
    expect(unwrap(await loadPuzzleProgress(database)).progress.solved).toBe(1);
    expect(pendingPuzzleAnswers(kv)).toEqual([]);
    expect(puzzleProgress.value.solved).toBe(1);
  });

  it('a pending answer already stored is not counted twice', async () => {
    const { db: database } = await openFresh();
    const { recordAnswer, loadProgress, puzzleProgress, db } = await loadModule();
    db.value = database;
    await recordAnswer(puzzle('p1'), true);
    const [entry] = unwrap(await loadPuzzleProgress(database)).progress.history;
    const { keepPendingPuzzleAnswers } = await import('../../src/storage');
    keepPendingPuzzleAnswers(kv, [{ id: 'p1', solved: true, at: entry!.at, packRating: puzzle('p1').rating }]);
    await loadProgress();
    expect(puzzleProgress.value.solved).toBe(1);
    expect(pendingPuzzleAnswers(kv)).toEqual([]);
  });
});

describe('the next puzzle', () => {
  it('is near the player’s rating and not one answered lately', async () => {
    const { nextPuzzleIndex, puzzleRatingOf } = await loadModule();
    // Twenty puzzles rated 0, 100, … 1900; the player at 1500.
    const ids = Array.from({ length: 20 }, (_, i) => `p${i}`);
    const pack = { ids, ratings: ids.map((_, i) => i * 100), lines: ids.map(() => '') } as unknown as PuzzlePackIndex;
    const progress: PuzzleProgress = {
      ...NEW_PUZZLE_PROGRESS,
      rating: { ...NEW_PUZZLE_PROGRESS.rating, rating: 1500 },
    };
    expect(nextPuzzleIndex(pack, progress, 0)).toBe(15);
    for (let r = 0; r < 1; r += 0.05) {
      expect(Math.abs(pack.ratings[nextPuzzleIndex(pack, progress, r)]! - 1500)).toBeLessThanOrEqual(400);
    }
    const answered: PuzzleProgress = {
      ...progress,
      history: [{ id: 'p15', solved: true, at: 1 } as PuzzleProgress['history'][number]],
    };
    expect(nextPuzzleIndex(pack, answered, 0)).not.toBe(15);
    expect([14, 16]).toContain(nextPuzzleIndex(pack, answered, 0));
    // A puzzle's own rating, as this player's answers moved it, counts over the pack's.
    const moved: PuzzleProgress = {
      ...progress,
      puzzleRatings: { p2: { rating: 1500, deviation: 60, volatility: 0.06 } },
    };
    expect(puzzleRatingOf(pack, 2, moved)).toBe(1500);
    expect(puzzleRatingOf(pack, 3, moved)).toBe(300);
    expect(nextPuzzleIndex(pack, moved, 0)).toBe(2);
  });
});
