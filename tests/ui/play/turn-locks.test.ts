/**
 * One game in two tabs asks the engine once per computer move: the turn lock over a LockManager with the
 * Web Locks rules (a fake in memory), then two play controllers ("tabs") sharing one store and the locks.
 */
import { describe, expect, it } from 'vitest';
import { parsePoint } from '../../../src/core';
import { DEFAULT_COMPUTERS, type StoredGame, newStoredGame, toGameState } from '../../../src/storage';
import { PlayController } from '../../../src/ui/play/session/controller';
import { type MatchSide, newMatch } from '../../../src/ui/play/session/match';
import type { Clock, GameStore, LoadOutcome, SaveOutcome } from '../../../src/ui/play/session/ports';
import { type LockRequester, turnLockName, webTurnLocks } from '../../../src/ui/play/session/turn-locks';
import { FakeEngine } from '../../fake-engine';

const pt = (name: string) => parsePoint(9, name)!;
const HUMAN: MatchSide = { name: 'Alice', kind: 'human', playerId: 'a' };
const CPU: MatchSide = { name: 'Casual', kind: 'computer', playerId: 'casual', computer: DEFAULT_COMPUTERS[1]! };

/** Lets queued promise callbacks run (no time passes). */
const settle = async () => {
  for (let i = 0; i < 40; i++) await Promise.resolve();
};

/**
 * The Web Locks rules in memory: one holder per name; waiters are granted in the order they asked; a
 * wait ends, rejected with the signal's reason, when its signal aborts; a lock is let go when its
 * callback settles, or when the tab holding it closes (or dies).
 */
class FakeLocks {
  private readonly holders = new Map<string, object>();
  private waiting: { name: string; tab: object; grant: () => void }[] = [];

  /** What one tab sees (`navigator.locks`), and its closing. */
  tab(): { locks: LockRequester; close: () => void } {
    const tab = {};
    const locks: LockRequester = {
      request: (name, options, callback) =>
        new Promise((resolve, reject) => {
          const grant = () => {
            this.holders.set(name, tab);
            void callback()
              .then(resolve, reject)
              .finally(() => this.release(name, tab));
          };
          if (!this.holders.has(name)) return grant();
          const entry = { name, tab, grant };
          this.waiting.push(entry);
          options.signal?.addEventListener(
            'abort',
            () => {
              if (!this.waiting.includes(entry)) return;
              this.waiting = this.waiting.filter((w) => w !== entry);
              reject(options.signal!.reason);
            },
            { once: true },
          );
        }),
    };
    const close = () => {
      this.waiting = this.waiting.filter((w) => w.tab !== tab);
      for (const [name, holder] of [...this.holders]) this.release(name, holder === tab ? tab : {});
    };
    return { locks, close };
  }

  holder(name: string): object | undefined {
    return this.holders.get(name);
  }

  private release(name: string, tab: object): void {
    if (this.holders.get(name) !== tab) return;
    this.holders.delete(name);
    const next = this.waiting.find((w) => w.name === name);
    if (!next) return;
    this.waiting = this.waiting.filter((w) => w !== next);
    next.grant();
  }
}

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('the turn lock over Web Locks', () => {
  it('is null where the browser has no Web Locks', () => {
    expect(webTurnLocks(undefined)).toBeNull();
    expect(webTurnLocks(null)).toBeNull();
  });

  it('names one lock per game', () => {
    expect(turnLockName('g1')).toBe('pente-engine-g1');
    expect(turnLockName('g1')).not.toBe(turnLockName('g2'));
  });

  it('runs one tab’s work at a time: the second waits until the first settles, then runs', async () => {
    const fake = new FakeLocks();
    const a = webTurnLocks(fake.tab().locks)!;
    const b = webTurnLocks(fake.tab().locks)!;
    const first = deferred<string>();
    const ran: string[] = [];
    const held = a.hold('n', new AbortController().signal, () => (ran.push('a'), first.promise));
    const waited = b.hold('n', new AbortController().signal, async () => (ran.push('b'), 'b done'));
    await settle();
    expect(ran).toEqual(['a']);
    first.resolve('a done');
    expect(await held).toBe('a done');
    expect(await waited).toBe('b done');
    expect(ran).toEqual(['a', 'b']);
  });

  it('another game’s lock does not wait', async () => {
    const fake = new FakeLocks();
    const a = webTurnLocks(fake.tab().locks)!;
    const b = webTurnLocks(fake.tab().locks)!;
    void a.hold('one', new AbortController().signal, () => new Promise<never>(() => undefined));
    expect(await b.hold('two', new AbortController().signal, async () => 'ran')).toBe('ran');
  });

  it('an abort while waiting answers aborted, and the work never runs; an aborted signal asks for nothing', async () => {
    const fake = new FakeLocks();
    const a = webTurnLocks(fake.tab().locks)!;
    const b = webTurnLocks(fake.tab().locks)!;
    const first = deferred<void>();
    void a.hold('n', new AbortController().signal, () => first.promise);
    const stop = new AbortController();
    let ran = false;
    const waiting = b.hold('n', stop.signal, async () => void (ran = true));
    stop.abort();
    expect(await waiting).toBe('aborted');
    first.resolve();
    await settle();
    expect(ran).toBe(false);
    expect(fake.holder('n')).toBeUndefined();
    expect(await b.hold('n', stop.signal, async () => void (ran = true))).toBe('aborted');
    expect(ran).toBe(false);
  });

  it('the work’s own failure is not an abort', async () => {
    const fake = new FakeLocks();
    const a = webTurnLocks(fake.tab().locks)!;
    const stop = new AbortController();
    const failing = a.hold('n', stop.signal, async () => {
      stop.abort();
      throw new Error('boom');
    });
    await expect(failing).rejects.toThrow('boom');
  });

  it('a tab that closes while holding the lock lets the next in line take over', async () => {
    const fake = new FakeLocks();
    const tabA = fake.tab();
    const a = webTurnLocks(tabA.locks)!;
    const b = webTurnLocks(fake.tab().locks)!;
    void a.hold('n', new AbortController().signal, () => new Promise<never>(() => undefined));
    const taken = b.hold('n', new AbortController().signal, async () => 'b thinks');
    await settle();
    tabA.close();
    expect(await taken).toBe('b thinks');
  });
});

// ── Two tabs on one game ─────────────────────────────────────────────────────────────────────────────

/**
 * One IndexedDB shared by tabs: a save names the revision it started from, and the other tabs are told of
 * it (as the BroadcastChannel does) once `deliver` is called, or at once unless told are held.
 */
class SharedStore {
  records = new Map<string, StoredGame>();
  saves: StoredGame[] = [];
  holdNotices = false;
  private notices: (() => void)[] = [];
  private watchers: { tab: object; id: string; onChange: (revision: number | null) => void }[] = [];

  tab(): { store: GameStore; close: () => void } {
    const tab = {};
    const store: GameStore = {
      save: async (record, expectedRevision): Promise<SaveOutcome> => {
        const stored = this.records.get(record.id)?.revision ?? 0;
        if (stored !== expectedRevision) return { kind: 'conflict' };
        const next = { ...record, revision: stored + 1 };
        this.records.set(record.id, next);
        this.saves.push(next);
        for (const w of this.watchers)
          if (w.tab !== tab && w.id === next.id) this.notices.push(() => w.onChange(next.revision));
        if (!this.holdNotices) this.deliver();
        return { kind: 'saved', record: next };
      },
      load: async (id): Promise<LoadOutcome> => {
        const r = this.records.get(id);
        return r ? { kind: 'loaded', record: r } : { kind: 'missing' };
      },
      watch: (id, onChange) => {
        const entry = { tab, id, onChange };
        this.watchers.push(entry);
        return () => void (this.watchers = this.watchers.filter((w) => w !== entry));
      },
    };
    return { store, close: () => void (this.watchers = this.watchers.filter((w) => w.tab !== tab)) };
  }

  /** Tells the other tabs of the saves made so far. */
  deliver(): void {
    for (const notice of this.notices.splice(0)) notice();
  }
}

/** Time stands still: no clocks in these games, and the computer replies as soon as it has answered. */
const stillClock: Clock = { now: () => 1_000_000, delay: async () => undefined, every: () => () => undefined };

/** A game of `sides` (the computer to move first when it is player 1) in a shared store and shared locks. */
function twoTabs(sides: readonly [MatchSide, MatchSide]) {
  const shared = new SharedStore();
  const locks = new FakeLocks();
  const record = newStoredGame({ players: [sides[0], sides[1]], size: 9, demo: false, clocks: null });
  const open = () => {
    const engine = new FakeEngine();
    const notices: string[] = [];
    const storeTab = shared.tab();
    const lockTab = locks.tab();
    const stored = shared.records.get(record.id) ?? record;
    const game = toGameState(stored);
    if (!game.ok) throw new Error('unreadable record');
    const controller = new PlayController(
      stored,
      newMatch({ id: stored.id, sides, game: game.value, clocks: null, demo: false }),
      {
        store: storeTab.store,
        moves: engine,
        clock: stillClock,
        turns: webTurnLocks(lockTab.locks),
        notify: (t) => notices.push(t),
        newId: () => 'new-id',
        matchFrom: (r, s) => {
          const state = toGameState(r);
          return state.ok ? newMatch({ id: r.id, sides: s, game: state.value, clocks: null, demo: false }) : null;
        },
        minReplyMs: 0,
      },
    );
    /** The tab is killed: its lock and its messages go, and nothing of it runs again. */
    const kill = () => {
      storeTab.close();
      lockTab.close();
    };
    return { controller, engine, notices, kill };
  };
  return { shared, locks, record, open };
}

const movesOf = (c: PlayController) => c.match.value.game.moves;

describe('one game in two tabs', () => {
  it('asks the engine once for each computer move; the other tab shows the move when it is saved', async () => {
    const { shared, open, record } = twoTabs([HUMAN, CPU]);
    const a = open();
    await settle();
    const b = open();
    await settle();
    // Either tab may get the lock first (the one that moved, or the other as the news reaches it): one asks.
    for (const [move, reply] of [
      ['E5', 'F6'],
      ['A1', 'J9'],
    ] as const) {
      (move === 'E5' ? a : b).controller.move(pt(move));
      await settle();
      expect(a.engine.calls.length + b.engine.calls.length).toBe(1);
      const [thinker, waiter] = a.engine.calls.length ? [a, b] : [b, a];
      expect(waiter.controller.thinking.value).toBe('starting'); // waiting in line: the computer is thinking
      thinker.engine.answer(reply);
      await settle();
      for (const tab of [a, b]) {
        expect(movesOf(tab.controller).at(-1)).toBe(pt(reply));
        expect(tab.controller.thinking.value).toBeNull();
      }
      expect(a.engine.calls.length + b.engine.calls.length).toBe(0);
    }
    expect(shared.records.get(record.id)!.moves).toEqual(['E5', 'F6', 'A1', 'J9']);
    expect(shared.saves.map((s) => s.moves.length)).toEqual([1, 2, 3, 4]);
  });

  it('a tab that gets the lock before the news of the move reloads instead of thinking again', async () => {
    const { shared, open } = twoTabs([CPU, HUMAN]);
    shared.holdNotices = true;
    const a = open();
    await settle();
    const b = open(); // the computer moves first: both tabs want to think, A asked first
    await settle();
    expect(a.engine.calls).toHaveLength(1);
    expect(b.engine.calls).toHaveLength(0);
    a.engine.answer('E5');
    await settle();
    // A has saved and let go; B has the lock, but not yet the message: it checks the store and reloads.
    expect(b.engine.calls).toHaveLength(0);
    expect(movesOf(b.controller)).toEqual([pt('E5')]);
    expect(b.controller.thinking.value).toBeNull();
    shared.deliver(); // the message comes late: the copy is already that new, nothing reloads twice
    await settle();
    expect(b.notices.filter((n) => /another tab/.test(n))).toHaveLength(1);
    expect(shared.saves).toHaveLength(1);
  });

  it('when the thinking tab dies, the other takes over, and the move is saved once', async () => {
    const { shared, open, record } = twoTabs([CPU, HUMAN]);
    const a = open();
    await settle();
    const b = open();
    await settle();
    expect(a.engine.calls).toHaveLength(1);
    expect(b.engine.calls).toHaveLength(0);
    a.kill();
    await settle();
    expect(b.engine.calls).toHaveLength(1);
    b.engine.answer('E5');
    await settle();
    expect(movesOf(b.controller)).toEqual([pt('E5')]);
    expect(shared.records.get(record.id)!.moves).toEqual(['E5']);
    // The dead tab's engine answering late (it never would) could not add a second move.
    a.engine.answer('F6');
    await settle();
    expect(shared.records.get(record.id)!.moves).toEqual(['E5']);
  });

  it('a tab that closes (leaves the game) while thinking lets the other take over', async () => {
    const { shared, open, record } = twoTabs([CPU, HUMAN]);
    const a = open();
    await settle();
    const b = open();
    await settle();
    expect(b.engine.calls).toHaveLength(0);
    await a.controller.close();
    await settle();
    expect(b.engine.calls).toHaveLength(1);
    b.engine.answer('E5');
    await settle();
    expect(shared.records.get(record.id)!.moves).toEqual(['E5']);
  });
});
