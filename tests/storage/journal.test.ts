/**
 * The journal of what IndexedDB could not take (src/storage/journal.ts): kept unsaved games and how they
 * meet the stored game, clock heartbeats, a key-value store that refuses writes; and the game record's
 * fields this needs; puzzle answers kept while storage is full, and saved later, each once; (origin, the clock's last moment seen and starting time) through a save and a load.
 */
import { describe, expect, it, vi } from 'vitest';
import { NEW_RATING } from '../../src/core';
import {
  type PuzzleAnswer,
  type StoredGame,
  forgetPendingPuzzleAnswers,
  forgetUnsavedGame,
  gameProblem,
  getGame,
  keepPendingPuzzleAnswers,
  keepUnsavedGame,
  loadPuzzleProgress,
  pendingPuzzleAnswers,
  readHeartbeat,
  recordPuzzleAnswers,
  reconcileUnsaved,
  saveGame,
  savePendingPuzzleAnswers,
  saveUnsavedGame,
  summarize,
  unsavedGame,
  unsavedGames,
  writeHeartbeat,
} from '../../src/storage';
import { errorOf, openFresh, sampleGame, unwrap } from './helpers';
import { MemoryStore } from './memory-kv';

const game = (moves: string[], overrides: Partial<StoredGame> = {}): StoredGame =>
  sampleGame({ id: 'g1', size: 9, moves, ...overrides });

describe('reconcileUnsaved: how a kept copy meets the stored game', () => {
  it('a game never stored, or no longer stored, is saved as it is', () => {
    expect(reconcileUnsaved(null, game(['E5']))).toEqual({ kind: 'save', expectedRevision: 0 });
    expect(reconcileUnsaved(null, game(['E5'], { revision: 4 }))).toEqual({ kind: 'save', expectedRevision: 0 });
  });
  it('the stored game unchanged since the copy was made: the copy replaces it', () => {
    const stored = game(['E5'], { revision: 3 });
    expect(reconcileUnsaved(stored, game(['E5', 'F6', 'A1'], { revision: 3 }))).toEqual({
      kind: 'save',
      expectedRevision: 3,
    });
  });
  it('another tab saved the same moves or more since: the copy is dropped', () => {
    const kept = game(['E5', 'F6'], { revision: 1 });
    expect(reconcileUnsaved(game(['E5', 'F6'], { revision: 2 }), kept)).toEqual({ kind: 'drop' });
    expect(reconcileUnsaved(game(['E5', 'F6', 'A1'], { revision: 3 }), kept)).toEqual({ kind: 'drop' });
  });
  it('another tab saved fewer moves (only a clock stop, say): the copy, extending it, replaces it', () => {
    const kept = game(['E5', 'F6', 'A1'], { revision: 1 });
    expect(reconcileUnsaved(game(['E5'], { revision: 2 }), kept)).toEqual({ kind: 'save', expectedRevision: 2 });
  });
  it('a copy that ended the game (a resignation) replaces an unfinished stored game with the same moves', () => {
    const kept = game(['E5'], { revision: 1, status: 'finished', result: { winner: 1, reason: 'resignation' } });
    expect(reconcileUnsaved(game(['E5'], { revision: 2 }), kept)).toEqual({ kind: 'save', expectedRevision: 2 });
  });
  it('the two went different ways: the copy is kept as a new game from the moves they share', () => {
    const kept = game(['E5', 'F6', 'A1'], { revision: 1 });
    expect(reconcileUnsaved(game(['E5', 'F6', 'J9'], { revision: 2 }), kept)).toEqual({ kind: 'save-as-new', ply: 2 });
    const finished = game(['E5'], { revision: 2, status: 'finished', result: { winner: 2, reason: 'resignation' } });
    expect(reconcileUnsaved(finished, kept)).toEqual({ kind: 'save-as-new', ply: 1 });
  });
});

describe('kept games', () => {
  it('are kept, read back, listed newest first and forgotten', () => {
    const kv = new MemoryStore();
    expect(keepUnsavedGame(kv, game(['E5']), 5_000)).toBe(true);
    expect(keepUnsavedGame(kv, { ...game(['E5', 'F6']), id: 'g2' }, 9_000)).toBe(true);
    expect(unsavedGame(kv, 'g1')).toMatchObject({ moves: ['E5'], updatedAt: 5_000 });
    expect(unsavedGames(kv).map((g) => g.id)).toEqual(['g2', 'g1']);
    forgetUnsavedGame(kv, 'g2');
    expect(unsavedGames(kv).map((g) => g.id)).toEqual(['g1']);
  });
  it('a store that refuses the write says so; what it holds that is not a game is left out', () => {
    const kv = new MemoryStore();
    kv.full = true;
    expect(keepUnsavedGame(kv, game(['E5']))).toBe(false);
    kv.full = false;
    kv.setItem('pente.unsaved-game.bad', '{"id":');
    kv.setItem('pente.unsaved-game.worse', JSON.stringify({ id: 'worse', moves: ['Z99'] }));
    kv.setItem('other', 'x');
    expect(unsavedGames(kv)).toEqual([]);
    expect(unsavedGame(kv, 'bad')).toBeNull();
  });
});

describe('saveUnsavedGame', () => {
  it('saves a kept new game, then forgets it', async () => {
    const { db } = await openFresh();
    const kv = new MemoryStore();
    keepUnsavedGame(kv, game(['E5', 'F6']));
    const r = unwrap(await saveUnsavedGame(db, kv, 'g1'));
    expect(r.kind).toBe('saved');
    expect(unwrap(await getGame(db, 'g1')).moves).toEqual(['E5', 'F6']);
    expect(unsavedGame(kv, 'g1')).toBeNull();
  });
  it('saves a kept copy over the stored game it extends', async () => {
    const { db } = await openFresh();
    const kv = new MemoryStore();
    const stored = unwrap(await saveGame(db, game(['E5']), 0));
    keepUnsavedGame(kv, { ...stored, moves: ['E5', 'F6', 'A1'] });
    unwrap(await saveUnsavedGame(db, kv, 'g1'));
    expect(unwrap(await getGame(db, 'g1'))).toMatchObject({ moves: ['E5', 'F6', 'A1'], revision: 2 });
  });
  it('a copy that went another way than the stored game becomes a new game from where they parted', async () => {
    const { db } = await openFresh();
    const kv = new MemoryStore();
    const stored = unwrap(await saveGame(db, game(['E5', 'F6']), 0));
    keepUnsavedGame(kv, { ...stored, moves: ['E5', 'F6', 'A1'] });
    unwrap(await saveGame(db, { ...stored, moves: ['E5', 'F6', 'J9'] }, 1)); // another tab played on
    const r = unwrap(await saveUnsavedGame(db, kv, 'g1', () => 'g-new'));
    expect(r.kind).toBe('saved-as-new');
    expect(unwrap(await getGame(db, 'g1')).moves).toEqual(['E5', 'F6', 'J9']);
    expect(unwrap(await getGame(db, 'g-new'))).toMatchObject({
      moves: ['E5', 'F6', 'A1'],
      origin: { gameId: 'g1', ply: 2 },
    });
    expect(unsavedGame(kv, 'g1')).toBeNull();
  });
  it('a copy the stored game already holds is dropped', async () => {
    const { db } = await openFresh();
    const kv = new MemoryStore();
    const stored = unwrap(await saveGame(db, game(['E5']), 0));
    keepUnsavedGame(kv, stored);
    unwrap(await saveGame(db, { ...stored, moves: ['E5', 'F6'] }, 1));
    expect(unwrap(await saveUnsavedGame(db, kv, 'g1')).kind).toBe('dropped');
    expect(unsavedGame(kv, 'g1')).toBeNull();
  });
  it('a save that fails again keeps the copy; nothing kept is not-found', async () => {
    const { db } = await openFresh();
    const kv = new MemoryStore();
    keepUnsavedGame(kv, game(['E5'], { moves: ['Z1'] as string[] }));
    expect(errorOf(await saveUnsavedGame(db, kv, 'nothing')).kind).toBe('not-found');
    // (A record that is not a game is not even read back as kept.)
    expect(unsavedGame(kv, 'g1')).toBeNull();
    db.close();
    keepUnsavedGame(kv, game(['E5']));
    expect(errorOf(await saveUnsavedGame(db, kv, 'g1')).kind).toBe('unavailable');
    expect(unsavedGame(kv, 'g1')).not.toBeNull();
  });
});

describe('clock heartbeats', () => {
  it('are written, read back and cleared; a broken one reads as none', () => {
    const kv = new MemoryStore();
    expect(readHeartbeat(kv, 'g1')).toBeNull();
    expect(writeHeartbeat(kv, 'g1', { runningSince: 10, seenAt: 20 })).toBe(true);
    expect(readHeartbeat(kv, 'g1')).toEqual({ runningSince: 10, seenAt: 20 });
    writeHeartbeat(kv, 'g1', null);
    expect(readHeartbeat(kv, 'g1')).toBeNull();
    kv.setItem('pente.clock-seen.g2', '{"runningSince":"x"}');
    expect(readHeartbeat(kv, 'g2')).toBeNull();
    kv.full = true;
    expect(writeHeartbeat(kv, 'g1', { runningSince: 10, seenAt: 30 })).toBe(false);
  });
});

describe('the record fields behind it', () => {
  it('origin, the clock’s last moment seen and its starting time survive a save and a load', async () => {
    const { db } = await openFresh();
    const record = game(['E5', 'F6'], {
      origin: { gameId: 'original', ply: 1 },
      clocks: { remainingMs: [1_000, 2_000], incrementMs: 0, runningSince: 50, seenAt: 70, initialMs: 300_000 },
    });
    unwrap(await saveGame(db, record, 0));
    const loaded = unwrap(await getGame(db, 'g1'));
    expect(loaded.origin).toEqual({ gameId: 'original', ply: 1 });
    expect(loaded.clocks).toEqual(record.clocks);
    expect(summarize('g1', loaded)).toMatchObject({ origin: { gameId: 'original', ply: 1 } });
  });
  it('a bad origin or clock field is a problem', () => {
    expect(gameProblem(game(['E5'], { origin: { gameId: '', ply: 0 } }))).toMatch(/origin/);
    expect(gameProblem(game(['E5'], { origin: { gameId: 'x', ply: 2 } }))).toMatch(/origin/);
    const clocks = { remainingMs: [1, 1] as const, incrementMs: 0 };
    expect(gameProblem(game([], { clocks: { ...clocks, seenAt: Number.NaN } }))).toMatch(/last seen/);
    expect(gameProblem(game([], { clocks: { ...clocks, initialMs: -1 } }))).toMatch(/starting time/);
    expect(gameProblem(game(['E5'], { origin: { gameId: 'x', ply: 1 } }))).toBeNull();
  });
});

const answer = (id: string, at: number, solved = true): PuzzleAnswer => ({ id, packRating: NEW_RATING, solved, at });
const PENDING_KEY = 'pente.pending-puzzle-answers';

describe('pending puzzle answers', () => {
  it('are kept, read back oldest first (each once), and forgotten', () => {
    const kv = new MemoryStore();
    expect(pendingPuzzleAnswers(kv)).toEqual([]);
    expect(keepPendingPuzzleAnswers(kv, [answer('b', 20, false)])).toBe(true);
    expect(keepPendingPuzzleAnswers(kv, [answer('a', 10), answer('b', 20, false)])).toBe(true);
    expect(pendingPuzzleAnswers(kv)).toEqual([answer('a', 10), answer('b', 20, false)]);
    expect(forgetPendingPuzzleAnswers(kv, [answer('a', 10)])).toBe(true);
    expect(pendingPuzzleAnswers(kv)).toEqual([answer('b', 20, false)]);
    forgetPendingPuzzleAnswers(kv, [answer('b', 20, false)]);
    expect(pendingPuzzleAnswers(kv)).toEqual([]);
    expect(kv.map.has(PENDING_KEY)).toBe(false);
  });
  it('a damaged stored value is ignored, and a damaged entry skipped', () => {
    const kv = new MemoryStore();
    kv.map.set(PENDING_KEY, '{not json');
    expect(pendingPuzzleAnswers(kv)).toEqual([]);
    kv.map.set(PENDING_KEY, JSON.stringify({ id: 'a' }));
    expect(pendingPuzzleAnswers(kv)).toEqual([]);
    kv.map.set(
      PENDING_KEY,
      JSON.stringify([
        answer('a', 10),
        { id: 'b', at: 'soon', solved: true },
        { ...answer('c', 30), packRating: 5 },
        null,
      ]),
    );
    expect(pendingPuzzleAnswers(kv)).toEqual([answer('a', 10)]);
  });
  it('a store that refuses the write says so', () => {
    const kv = new MemoryStore();
    kv.full = true;
    expect(keepPendingPuzzleAnswers(kv, [answer('a', 10)])).toBe(false);
    expect(pendingPuzzleAnswers(kv)).toEqual([]);
  });
});

describe('savePendingPuzzleAnswers', () => {
  it('applies the kept answers and the new one, each once, then forgets them', async () => {
    const { db } = await openFresh();
    const kv = new MemoryStore();
    unwrap(await recordPuzzleAnswers(db, [answer('a', 10)]));
    keepPendingPuzzleAnswers(kv, [answer('b', 20, false), answer('c', 30)]);
    const saved = unwrap(await savePendingPuzzleAnswers(db, kv, [answer('d', 40)]));
    expect(saved.progress.history.map((h) => h.id)).toEqual(['d', 'c', 'b', 'a']);
    expect(saved.progress).toMatchObject({ solved: 3, failed: 1 });
    expect(pendingPuzzleAnswers(kv)).toEqual([]);
    // Nothing pending: saving again changes nothing.
    unwrap(await savePendingPuzzleAnswers(db, kv));
    expect(unwrap(await loadPuzzleProgress(db)).progress).toEqual(saved.progress);
    db.close();
  });
  it('kept answers already stored (a crash before they were forgotten) are not counted again', async () => {
    const { db } = await openFresh();
    const kv = new MemoryStore();
    keepPendingPuzzleAnswers(kv, [answer('a', 10), answer('b', 20, false)]);
    const first = unwrap(await recordPuzzleAnswers(db, pendingPuzzleAnswers(kv))); // committed, not forgotten
    const again = unwrap(await savePendingPuzzleAnswers(db, kv));
    expect(again.progress).toEqual(first.progress);
    expect(again.progress).toMatchObject({ solved: 1, failed: 1, history: [{ id: 'b' }, { id: 'a' }] });
    expect(pendingPuzzleAnswers(kv)).toEqual([]);
    db.close();
  });
  it('keeps the kept answers while storage is full, and saves them once there is room', async () => {
    const { db } = await openFresh();
    const kv = new MemoryStore();
    keepPendingPuzzleAnswers(kv, [answer('a', 10)]);
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      expect(errorOf(await savePendingPuzzleAnswers(db, kv, [answer('b', 20)])).kind).toBe('quota');
    } finally {
      put.mockRestore();
    }
    expect(pendingPuzzleAnswers(kv)).toEqual([answer('a', 10)]);
    expect(unwrap(await loadPuzzleProgress(db)).progress.history).toEqual([]);
    keepPendingPuzzleAnswers(kv, [answer('b', 20)]); // what the caller does with the new answer
    const saved = unwrap(await savePendingPuzzleAnswers(db, kv));
    expect(saved.progress).toMatchObject({ solved: 2, streak: 2, history: [{ id: 'b' }, { id: 'a' }] });
    expect(pendingPuzzleAnswers(kv)).toEqual([]);
    db.close();
  });
});
