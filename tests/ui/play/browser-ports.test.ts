/**
 * The play controller's ports in the browser (src/ui/play/session/browser-ports.ts): localStorage when it can
 * be used, games saved and loaded through storage with the unsaved-games journal, another tab's writes
 * heard through storage's games feed, the clock heartbeats and the wall clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FeedChannelFactory,
  getGame,
  keepUnsavedGame,
  readHeartbeat,
  saveGame,
  unsavedGame,
  useFeedChannels,
} from '../../../src/storage';
import { browserGameStore, browserHeartbeatLog, wallClock } from '../../../src/ui/play/session/browser-ports';
import { browserKeyValueStore } from '../../../src/ui/shell/key-value-store';
import { MemoryStore } from '../../storage/memory-kv';
import { openFresh, sampleGame, unwrap } from '../../storage/helpers';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('browserKeyValueStore', () => {
  it('is localStorage where it can be used', () => {
    const kv = new MemoryStore();
    vi.stubGlobal('localStorage', kv);
    expect(browserKeyValueStore()).toBe(kv);
  });

  it('is null where reading localStorage throws (switched off, a sandboxed frame) or there is none', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      expect(browserKeyValueStore()).toBeNull();
    } finally {
      delete (globalThis as { localStorage?: unknown }).localStorage;
    }
    vi.stubGlobal('localStorage', undefined);
    expect(browserKeyValueStore()).toBeNull();
  });
});

describe('browserGameStore', () => {
  it('saves, and forgets a kept copy once the save lands', async () => {
    const { db } = await openFresh();
    const kv = new MemoryStore();
    const record = sampleGame();
    keepUnsavedGame(kv, record);
    const outcome = await browserGameStore(db, kv).save(record, 0);
    expect(outcome).toEqual({ kind: 'saved', record: expect.objectContaining({ id: record.id, revision: 1 }) });
    expect(unsavedGame(kv, record.id)).toBeNull();
    expect(unwrap(await getGame(db, record.id)).revision).toBe(1);
  });

  it('reports a conflict when another tab saved first, writing nothing', async () => {
    const { db } = await openFresh();
    const saved = unwrap(await saveGame(db, sampleGame()));
    const kv = new MemoryStore();
    expect(await browserGameStore(db, kv).save({ ...saved, moves: ['K10'] }, 0)).toEqual({ kind: 'conflict' });
    expect(unsavedGame(kv, saved.id)).toBeNull();
    expect(unwrap(await getGame(db, saved.id)).moves).toEqual([]);
  });

  it('keeps a record whose save failed, at the revision it was to replace; says when it could not', async () => {
    const { db } = await openFresh();
    const saved = unwrap(await saveGame(db, sampleGame()));
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const kv = new MemoryStore();
    const next = { ...saved, moves: ['K10'] };
    const failed = await browserGameStore(db, kv).save(next, saved.revision);
    expect(failed).toMatchObject({ kind: 'failed', kept: true, message: expect.stringMatching(/storage space/) });
    expect(unsavedGame(kv, saved.id)).toMatchObject({ moves: ['K10'], revision: saved.revision });

    const full = new MemoryStore();
    full.full = true;
    expect(await browserGameStore(db, full).save(next, saved.revision)).toMatchObject({ kind: 'failed', kept: false });
    expect(await browserGameStore(db, null).save(next, saved.revision)).toMatchObject({ kind: 'failed', kept: false });
  });

  it('loads the stored game; a missing one is missing', async () => {
    const { db } = await openFresh();
    const saved = unwrap(await saveGame(db, sampleGame()));
    const store = browserGameStore(db, new MemoryStore());
    expect(await store.load(saved.id)).toEqual({ kind: 'loaded', record: saved });
    expect(await store.load('nope')).toEqual({ kind: 'missing' });
  });

  it('saves a kept copy before loading, and opens the kept copy while it still cannot be saved', async () => {
    const { db } = await openFresh();
    const saved = unwrap(await saveGame(db, sampleGame()));
    const kv = new MemoryStore();
    keepUnsavedGame(kv, { ...saved, moves: ['K10'] });
    const loaded = await browserGameStore(db, kv).load(saved.id);
    expect(loaded).toEqual({ kind: 'loaded', record: expect.objectContaining({ moves: ['K10'], revision: 2 }) });
    expect(unsavedGame(kv, saved.id)).toBeNull();

    keepUnsavedGame(kv, { ...unwrap(await getGame(db, saved.id)), moves: ['K10', 'L11'] });
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const stuck = await browserGameStore(db, kv).load(saved.id);
    expect(stuck).toMatchObject({ kind: 'loaded', record: { moves: ['K10', 'L11'] }, unsaved: /storage space/ });
  });

  describe('watch', () => {
    let hub: { post: (data: unknown) => void };
    let restore: () => void;
    beforeEach(() => {
      // One "other tab" posting on the channel the module's feed listens to.
      const listeners: ((e: { data: unknown }) => void)[] = [];
      const factory: FeedChannelFactory = () => ({
        postMessage: () => undefined,
        addEventListener: (_t, l) => void listeners.push(l),
        close: () => undefined,
      });
      restore = useFeedChannels(factory);
      hub = { post: (data) => listeners.forEach((l) => l({ data })) };
    });
    afterEach(() => restore());

    it('hears another tab’s save or delete of this game only, until it stops', async () => {
      const { db } = await openFresh();
      const heard: (number | null)[] = [];
      const stop = browserGameStore(db, null).watch('g1', (revision) => heard.push(revision));
      hub.post({ id: 'g1', revision: 3 });
      hub.post({ id: 'g2', revision: 9 });
      hub.post({
        changes: [
          { id: 'g0', revision: 1 },
          { id: 'g1', revision: 4 },
        ],
      });
      hub.post({ id: 'g1', revision: null });
      hub.post('puzzles');
      stop();
      hub.post({ id: 'g1', revision: 5 });
      expect(heard).toEqual([3, 4, null]);
    });

    it('is told by storage itself, not by this tab: its own save reaches only the others', async () => {
      const { db } = await openFresh();
      const posted: unknown[] = [];
      restore();
      restore = useFeedChannels(() => ({
        postMessage: (data) => void posted.push(data),
        addEventListener: () => undefined,
        close: () => undefined,
      }));
      const record = sampleGame();
      const heard = vi.fn();
      browserGameStore(db, null).watch(record.id, heard);
      await browserGameStore(db, null).save(record, 0);
      expect(posted).toEqual([{ id: record.id, revision: 1 }]);
      expect(heard).not.toHaveBeenCalled();
    });
  });
});

describe('browserHeartbeatLog', () => {
  it('writes a running clock’s heartbeat and clears it', () => {
    const kv = new MemoryStore();
    const log = browserHeartbeatLog(kv);
    log.write('g1', { runningSince: 10, seenAt: 20 });
    expect(readHeartbeat(kv, 'g1')).toEqual({ runningSince: 10, seenAt: 20 });
    log.write('g1', null);
    expect(readHeartbeat(kv, 'g1')).toBeNull();
    expect(() => browserHeartbeatLog(null).write('g1', { runningSince: 1, seenAt: 2 })).not.toThrow();
  });
});

describe('wallClock', () => {
  it('tells wall time, waits, stops waiting when aborted, and ticks until stopped', async () => {
    vi.useFakeTimers({ now: 123_456 });
    expect(wallClock.now()).toBe(123_456);
    let waited = false;
    void wallClock.delay(1000).then(() => (waited = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(waited).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(waited).toBe(true);

    const abort = new AbortController();
    let aborted = false;
    void wallClock.delay(60_000, abort.signal).then(() => (aborted = true));
    abort.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);

    let ticks = 0;
    const stop = wallClock.every(100, () => ticks++);
    await vi.advanceTimersByTimeAsync(350);
    stop();
    await vi.advanceTimersByTimeAsync(500);
    expect(ticks).toBe(3);
  });
});
