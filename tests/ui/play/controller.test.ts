/**
 * The play controller with fake ports: an in-memory store whose saves can be held open, an engine whose
 * answers the test gives, and a clock the test moves by hand. No timers run.
 */
import { describe, expect, it } from 'vitest';
import { parsePoint } from '../../../src/core';
import {
  type ClockHeartbeat,
  DEFAULT_COMPUTERS,
  type StoredGame,
  newStoredGame,
  toGameState,
  withState,
} from '../../../src/storage';
import { EngineError } from '../../../src/ui/engine/bridge';
import { moveThinkLimitMs } from '../../../src/ui/engine/client';
import { PlayController, RETRY_SAVE_MS } from '../../../src/ui/play/session/controller';
import { type Match, type MatchSide, newMatch } from '../../../src/ui/play/session/match';
import type { Clock, GameStore, HeartbeatLog, LoadOutcome, SaveOutcome } from '../../../src/ui/play/session/ports';
import { ABSENCE_MS, HEARTBEAT_MS } from '../../../src/ui/play/session/game-clock';
import { FakeEngine } from '../../fake-engine';

const pt = (name: string) => parsePoint(9, name)!;
const HUMAN: MatchSide = { name: 'Alice', kind: 'human', playerId: 'a' };
const GUEST: MatchSide = { name: 'Bob', kind: 'human' };
const CPU: MatchSide = { name: 'Casual', kind: 'computer', playerId: 'casual', computer: DEFAULT_COMPUTERS[1]! };

/** Lets queued promise callbacks run (no time passes). */
const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

class ManualClock implements Clock {
  t = 1_000_000;
  private waits: { at: number; resolve: () => void }[] = [];
  private ticks: { every: number; due: number; tick: () => void }[] = [];
  now = () => this.t;
  delay = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve) => {
      this.waits.push({ at: this.t + ms, resolve });
      signal?.addEventListener('abort', () => resolve());
    });
  every = (ms: number, tick: () => void) => {
    const entry = { every: ms, due: this.t + ms, tick };
    this.ticks.push(entry);
    return () => void (this.ticks = this.ticks.filter((e) => e !== entry));
  };
  async advance(ms: number) {
    this.t += ms;
    for (const w of this.waits.filter((w) => w.at <= this.t)) w.resolve();
    this.waits = this.waits.filter((w) => w.at > this.t);
    // An interval fires once per advance that reaches its due time (a long advance is one late tick, as a
    // browser's throttled or sleeping timers are).
    for (const e of [...this.ticks]) {
      if (this.t < e.due) continue;
      e.due = this.t + e.every;
      e.tick();
    }
    await settle();
  }
  get ticking() {
    return this.ticks.length;
  }
}

/** IndexedDB's contract in memory: a save names the revision it started from. */
class FakeStore implements GameStore {
  records = new Map<string, StoredGame>();
  saves: StoredGame[] = [];
  hold: (() => void)[] | null = null;
  failWith: string | null = null;
  /** Whether a failed save is kept where it survives a reload (the browser's journal). */
  keeps = true;
  watchers = new Map<string, (revision: number | null) => void>();
  async save(record: StoredGame, expectedRevision: number): Promise<SaveOutcome> {
    if (this.hold) await new Promise<void>((r) => this.hold!.push(r));
    if (this.failWith) return { kind: 'failed', message: this.failWith, kept: this.keeps };
    const stored = this.records.get(record.id)?.revision ?? 0;
    if (stored !== expectedRevision) return { kind: 'conflict' };
    const next = { ...record, revision: stored + 1 };
    this.records.set(record.id, next);
    this.saves.push(next);
    return { kind: 'saved', record: next };
  }
  holdLoads: (() => void)[] | null = null;
  async load(id: string): Promise<LoadOutcome> {
    if (this.holdLoads) await new Promise<void>((r) => this.holdLoads!.push(r));
    const r = this.records.get(id);
    return r ? { kind: 'loaded', record: r } : { kind: 'missing' };
  }
  watch(id: string, onChange: (revision: number | null) => void) {
    this.watchers.set(id, onChange);
    return () => void this.watchers.delete(id);
  }
  /** Another tab saves this game with extra moves. */
  otherTabSaves(id: string, moves: string[]) {
    const r = this.records.get(id)!;
    const next = { ...r, moves: [...r.moves, ...moves], revision: r.revision + 1 };
    this.records.set(id, next);
    this.watchers.get(id)?.(next.revision);
  }
}

class FakeHeartbeats implements HeartbeatLog {
  beats = new Map<string, ClockHeartbeat | null>();
  writes = 0;
  write(id: string, beat: ClockHeartbeat | null) {
    this.writes++;
    this.beats.set(id, beat);
  }
}

function setUp(
  sides: readonly [MatchSide, MatchSide],
  options: {
    demo?: boolean;
    clocks?: boolean;
    store?: boolean;
    record?: StoredGame;
    saveAtStart?: boolean;
    failing?: string;
  } = {},
) {
  const clock = new ManualClock();
  const store = new FakeStore();
  if (options.failing) store.failWith = options.failing;
  const engine = new FakeEngine();
  const heartbeats = new FakeHeartbeats();
  const notices: string[] = [];
  const record =
    options.record ??
    newStoredGame({
      players: [sides[0], sides[1]],
      size: 9,
      demo: options.demo ?? false,
      clocks: options.clocks ? { remainingMs: [60_000, 60_000], incrementMs: 0 } : null,
    });
  const state = toGameState(record);
  if (!state.ok) throw new Error(state.error.message);
  const match: Match = newMatch({
    id: record.id,
    sides,
    game: state.value,
    clocks: record.clocks,
    demo: record.demo,
    startPly: record.origin?.ply ?? 0,
  });
  const controller = new PlayController(record, match, {
    store: options.store === false ? null : store,
    moves: engine,
    clock,
    notify: (t) => notices.push(t),
    newId: () => 'new-id',
    matchFrom: (r, s) => {
      const state = toGameState(r);
      return state.ok ? newMatch({ id: r.id, sides: s, game: state.value, clocks: r.clocks, demo: r.demo }) : null;
    },
    minReplyMs: 450,
    heartbeats,
    saveAtStart: options.saveAtStart ?? false,
  });
  return { clock, store, engine, heartbeats, notices, controller, id: record.id };
}

const shownMoves = (c: PlayController) => c.match.value.game.moves.map((p) => p);

function toGameStateOf(moves: string[]) {
  const state = toGameState({ ...newStoredGame({ players: [HUMAN, GUEST], size: 9 }), moves });
  if (!state.ok) throw new Error(state.error.message);
  return state.value;
}

/** Plays each side's free first move (E5, F6) in a pass-and-play game: Black's clock runs from then. */
async function firstMoves(controller: PlayController) {
  controller.move(pt('E5'));
  await settle();
  controller.move(pt('F6'));
  await settle();
}

describe('saving', () => {
  it('shows a move only once its save has committed', async () => {
    const { controller, store } = setUp([HUMAN, GUEST]);
    await settle();
    store.hold = [];
    expect(controller.move(pt('E5'))).toBeNull();
    await settle();
    expect(shownMoves(controller)).toEqual([]);
    expect(controller.busy.value).toBe(true);
    expect(controller.move(pt('F6'))?.reason).toBe('busy');
    store.hold.forEach((r) => r());
    store.hold = null;
    await settle();
    expect(shownMoves(controller)).toEqual([pt('E5')]);
    expect(store.records.values().next().value!.moves).toEqual(['E5']);
  });

  it('a failed save still shows the move, says it is not saved, and the next save clears it', async () => {
    const { controller, store, notices } = setUp([HUMAN, GUEST]);
    await settle();
    store.failWith = 'The disk is full.';
    controller.move(pt('E5'));
    await settle();
    expect(shownMoves(controller)).toEqual([pt('E5')]);
    expect(controller.saving.value).toBe('failed');
    expect(controller.savingProblem.value).toMatch(/Not saved yet: your moves are kept/);
    expect(notices).toEqual(['The disk is full.']);
    expect(controller.unsavedAtRisk.value).toBe(false);
    store.failWith = null;
    controller.move(pt('F6'));
    await settle();
    expect(controller.saving.value).toBe('saving');
    expect(controller.savingProblem.value).toBeNull();
    expect([...store.records.values()][0]!.moves).toEqual(['E5', 'F6']);
  });

  it('a failed save is tried again by itself every few seconds, with no move needed', async () => {
    const { controller, store, clock, id } = setUp([HUMAN, GUEST]);
    await settle();
    store.failWith = 'The disk is full.';
    controller.move(pt('E5'));
    controller.move(pt('F6')); // (busy: refused)
    await settle();
    controller.move(pt('F6'));
    await settle();
    expect(store.records.has(id)).toBe(false);
    await clock.advance(RETRY_SAVE_MS);
    expect(controller.saving.value).toBe('failed');
    store.failWith = null; // room again
    await clock.advance(RETRY_SAVE_MS - 1);
    expect(store.records.has(id)).toBe(false);
    await clock.advance(1);
    expect(store.records.get(id)!.moves).toEqual(['E5', 'F6']);
    expect(controller.saving.value).toBe('saving');
    // Saved: no more tries.
    const saves = store.saves.length;
    await clock.advance(RETRY_SAVE_MS * 3);
    expect(store.saves.length).toBe(saves);
  });

  it('moves that nothing could keep are at risk until a Retry saves them', async () => {
    const { controller, store, id } = setUp([HUMAN, GUEST]);
    await settle();
    store.failWith = 'The disk is full.';
    store.keeps = false;
    controller.move(pt('E5'));
    await settle();
    expect(controller.unsavedAtRisk.value).toBe(true);
    expect(controller.savingProblem.value).toMatch(/leaving now would lose your last moves/);
    controller.retrySave();
    await settle();
    expect(controller.unsavedAtRisk.value).toBe(true);
    store.failWith = null;
    controller.retrySave();
    await settle();
    expect(controller.unsavedAtRisk.value).toBe(false);
    expect(controller.saving.value).toBe('saving');
    expect(store.records.get(id)!.moves).toEqual(['E5']);
  });

  it('a game that starts with moves (played from a position) is saved at once', async () => {
    const from = newStoredGame({ players: [HUMAN, GUEST], size: 9, origin: { gameId: 'original', ply: 2 } });
    const record = withState(from, toGameStateOf(['E5', 'F6']));
    const { store, id } = setUp([HUMAN, GUEST], { record, saveAtStart: true });
    await settle();
    expect(store.records.get(id)).toMatchObject({ moves: ['E5', 'F6'], origin: { gameId: 'original', ply: 2 } });
  });

  it('a kept copy opened while storage is still full says it is not saved, and saves once there is room', async () => {
    const record = withState(newStoredGame({ players: [HUMAN, GUEST], size: 9 }), toGameStateOf(['E5']));
    const { controller, store, clock, id } = setUp([HUMAN, GUEST], {
      record,
      saveAtStart: true,
      failing: 'The disk is full.',
    });
    await settle();
    expect(controller.saving.value).toBe('failed');
    expect(shownMoves(controller)).toEqual([pt('E5')]);
    store.failWith = null;
    await clock.advance(RETRY_SAVE_MS);
    expect(store.records.get(id)!.moves).toEqual(['E5']);
  });

  it('a demo is not saved until kept; then it is', async () => {
    const { controller, store, engine, clock } = setUp([CPU, CPU], { demo: true });
    await settle();
    expect(controller.saving.value).toBe('demo');
    engine.answer('E5');
    await clock.advance(700);
    expect(shownMoves(controller)).toEqual([pt('E5')]);
    expect(store.saves).toEqual([]);
    controller.setPaused(true);
    controller.keep();
    await settle();
    expect(controller.saving.value).toBe('saving');
    expect(store.saves.at(-1)).toMatchObject({ demo: false, moves: ['E5'] });
  });

  it('with no storage, play goes on in memory', async () => {
    const { controller } = setUp([HUMAN, GUEST], { store: false });
    await settle();
    expect(controller.saving.value).toBe('no-storage');
    controller.move(pt('E5'));
    await settle();
    expect(shownMoves(controller)).toEqual([pt('E5')]);
  });
});

describe('other tabs', () => {
  it('a conflicting save shows the newest stored game and says so, and play goes on saving', async () => {
    const { controller, store, notices, id } = setUp([HUMAN, GUEST]);
    await settle();
    controller.move(pt('E5'));
    await settle();
    // Another tab saves behind this one's back (its message has not arrived).
    const r = store.records.get(id)!;
    store.records.set(id, { ...r, moves: ['E5', 'A1'], revision: r.revision + 1 });
    controller.move(pt('F6'));
    await settle();
    expect(shownMoves(controller)).toEqual([pt('E5'), pt('A1')]);
    expect(notices.at(-1)).toMatch(/changed in another tab/);
    expect(controller.saving.value).toBe('saving');
    expect(controller.move(pt('A9'))).toBeNull();
    await settle();
    expect(store.records.get(id)!.moves).toEqual(['E5', 'A1', 'A9']);
  });

  it('a tap made before another tab’s move arrived is dropped, not played in the new position', async () => {
    const { controller, store, id } = setUp([HUMAN, GUEST]);
    await settle();
    controller.move(pt('E5'));
    await settle();
    store.holdLoads = [];
    store.otherTabSaves(id, ['A1']); // another tab's White move arrives; the reload is under way…
    await settle();
    expect(controller.move(pt('A9'))).toBeNull(); // …when White's tap here comes, and waits its turn
    store.holdLoads.forEach((r) => r());
    store.holdLoads = null;
    await settle();
    expect(shownMoves(controller)).toEqual([pt('E5'), pt('A1')]);
    expect(store.records.get(id)!.moves).toEqual(['E5', 'A1']);
  });

  it('another tab’s save reloads this tab’s copy', async () => {
    const { controller, store, id } = setUp([HUMAN, GUEST]);
    await settle();
    controller.move(pt('E5'));
    await settle();
    store.otherTabSaves(id, ['A1']);
    await settle();
    expect(shownMoves(controller)).toEqual([pt('E5'), pt('A1')]);
  });

  it('the stored copy names a side anew (a friend\'s acceptance names "Friend"): the shown game takes the name', async () => {
    const { controller, store, id } = setUp([HUMAN, { name: 'Friend', kind: 'human', remote: true }]);
    await settle();
    controller.move(pt('E5'));
    await settle();
    const r = store.records.get(id)!;
    store.records.set(id, {
      ...r,
      players: [r.players[0], { ...r.players[1], name: 'Bob' }],
      revision: r.revision + 1,
    });
    await controller.storedHere(r.revision + 1, null);
    expect(controller.match.value.sides.map((side) => side.name)).toEqual(['Alice', 'Bob']);
    expect(controller.match.value.sides[1].remote).toBe(true);
  });

  it('a game deleted elsewhere stops saving until it is saved as a new game', async () => {
    const { controller, store, id } = setUp([HUMAN, GUEST]);
    await settle();
    controller.move(pt('E5'));
    await settle();
    store.records.delete(id);
    controller.move(pt('F6'));
    await settle();
    expect(controller.saving.value).toBe('stopped');
    expect(controller.savingProblem.value).toMatch(/deleted in another tab/);
    controller.saveAsNew();
    await settle();
    expect(controller.id).toBe('new-id');
    expect(store.records.get('new-id')!.moves).toEqual(['E5']);
  });
});

describe('the computer', () => {
  it('replies no sooner than the minimum delay, and its move is saved before it is shown', async () => {
    const { controller, engine, clock, store } = setUp([HUMAN, CPU]);
    await settle();
    controller.move(pt('E5'));
    await settle();
    expect(engine.calls).toHaveLength(1);
    expect(engine.calls[0]!.request.moves).toEqual([pt('E5')]);
    expect(controller.thinking.value).toBe('starting');
    engine.answer('F6');
    await settle();
    expect(shownMoves(controller)).toEqual([pt('E5')]);
    await clock.advance(449);
    expect(shownMoves(controller)).toEqual([pt('E5')]);
    await clock.advance(1);
    expect(shownMoves(controller)).toEqual([pt('E5'), pt('F6')]);
    expect(controller.thinking.value).toBeNull();
    expect(store.saves.at(-1)!.moves).toEqual(['E5', 'F6']);
  });

  it('tells the engine its clock (time left and increment) in a game with clocks, and none without', async () => {
    const timed = setUp([HUMAN, CPU], { clocks: true });
    await settle();
    timed.controller.move(pt('E5'));
    await settle();
    expect(timed.engine.calls[0]!.request.clock).toEqual({ remainingMs: 60_000, incrementMs: 0 });
    timed.engine.answer('F6');
    await settle();
    await timed.clock.advance(450);
    expect(shownMoves(timed.controller)).toEqual([pt('E5'), pt('F6')]);
    await timed.clock.advance(2_000);
    timed.controller.move(pt('B8'));
    await settle();
    // White's clock runs from Black's move: nothing used yet when the engine is asked.
    expect(timed.engine.calls[0]!.request.clock).toEqual({ remainingMs: 60_000, incrementMs: 0 });

    const untimed = setUp([HUMAN, CPU]);
    await settle();
    untimed.controller.move(pt('E5'));
    await settle();
    expect(untimed.engine.calls[0]!.request).not.toHaveProperty('clock');
  });

  it('on a short clock, shows its move as soon as the move may think, not after the unhurried delay', async () => {
    const record = newStoredGame({
      players: [HUMAN, CPU],
      size: 9,
      clocks: { remainingMs: [60_000, 300], incrementMs: 0 },
    });
    const { controller, engine, clock } = setUp([HUMAN, CPU], { record });
    await settle();
    controller.move(pt('E5'));
    await settle();
    engine.answer('F6');
    await settle();
    await clock.advance(moveThinkLimitMs({ level: CPU.computer!, clock: { remainingMs: 300, incrementMs: 0 } }));
    expect(shownMoves(controller)).toEqual([pt('E5'), pt('F6')]);
  });

  it('closing stops the computer and saves nothing after', async () => {
    const { controller, engine, store } = setUp([HUMAN, CPU]);
    await settle();
    controller.move(pt('E5'));
    await settle();
    const saves = store.saves.length;
    await controller.close();
    expect(engine.calls[0]!.signal!.aborted).toBe(true);
    controller.move(pt('F6'));
    await settle();
    expect(store.saves.length).toBe(saves);
    expect(controller.thinking.value).toBeNull();
  });

  it('a worker that cannot start is reported with Retry; Retry asks again', async () => {
    const { controller, engine } = setUp([HUMAN, CPU]);
    await settle();
    controller.move(pt('E5'));
    await settle();
    engine.calls.shift()!.reject(new EngineError('unavailable', 'The engine could not start.'));
    await settle();
    expect(controller.engineProblem.value).toBe('The computer could not start.');
    expect(engine.calls).toHaveLength(0);
    controller.retryComputer();
    await settle();
    expect(engine.calls).toHaveLength(1);
  });

  it('after a crash it tries once more by itself, then asks', async () => {
    const { controller, engine, clock, notices } = setUp([HUMAN, CPU]);
    await settle();
    controller.move(pt('E5'));
    await settle();
    engine.calls.shift()!.reject(new EngineError('crashed', 'boom'));
    await settle();
    expect(notices.at(-1)).toMatch(/restarted/);
    await clock.advance(500);
    expect(engine.calls).toHaveLength(1);
    engine.calls.shift()!.reject(new EngineError('timeout', 'slow'));
    await settle();
    expect(controller.engineProblem.value).toMatch(/stopped responding/);
  });

  it('a hang asks at once, with Retry: no second wait unasked; Retry asks the engine again', async () => {
    const { controller, engine, clock, notices } = setUp([HUMAN, CPU]);
    await settle();
    controller.move(pt('E5'));
    await settle();
    engine.calls.shift()!.reject(new EngineError('timeout', 'The engine did not answer in time.'));
    await settle();
    expect(controller.engineProblem.value).toBe('The computer stopped responding.');
    expect(controller.thinking.value).toBeNull();
    expect(notices.filter((n) => /restarted/.test(n))).toEqual([]);
    await clock.advance(5000);
    expect(engine.calls).toHaveLength(0);
    controller.retryComputer();
    await settle();
    expect(controller.engineProblem.value).toBeNull();
    engine.answer('F6');
    await clock.advance(450);
    expect(shownMoves(controller)).toEqual([pt('E5'), pt('F6')]);
  });

  it('undo during its turn aborts the search and gives the person the move back', async () => {
    const { controller, engine } = setUp([HUMAN, CPU]);
    await settle();
    controller.move(pt('E5'));
    await settle();
    controller.undo();
    await settle();
    expect(engine.calls[0]!.signal!.aborted).toBe(true);
    expect(shownMoves(controller)).toEqual([]);
  });

  it('a take-back marks the game as assisted (not rated), saved with it; a game without one is not marked', async () => {
    const { controller, store, clock, engine } = setUp([HUMAN, CPU]);
    await settle();
    controller.move(pt('E5'));
    await settle();
    engine.answer('F6');
    await clock.advance(450);
    expect(store.saves.at(-1)!.assisted).toBeUndefined();
    controller.undo();
    await settle();
    expect(store.saves.at(-1)).toMatchObject({ moves: [], assisted: true });
    controller.move(pt('E5'));
    await settle();
    expect(store.saves.at(-1)).toMatchObject({ moves: ['E5'], assisted: true });
  });

  it('asking for a hint marks the game as assisted, saved with the next move; nothing is marked on the computer’s turn', async () => {
    const { controller, store, clock, engine } = setUp([HUMAN, CPU]);
    await settle();
    controller.move(pt('E5'));
    await settle();
    void controller.requestHint(); // the computer's turn: no hint, no mark
    engine.answer('F6');
    await clock.advance(450);
    expect(store.saves.at(-1)!.assisted).toBeUndefined();
    void controller.requestHint();
    engine.answer('A1');
    await settle();
    expect(controller.hint.value).toEqual(pt('A1'));
    controller.move(pt('A1'));
    await settle();
    expect(store.saves.at(-1)).toMatchObject({ moves: ['E5', 'F6', 'A1'], assisted: true });
  });
});

describe('clocks', () => {
  it('a clock does not run before its side’s first move', async () => {
    const { controller, clock, store, id } = setUp([HUMAN, GUEST], { clocks: true });
    await settle();
    await clock.advance(30_000);
    expect(controller.clocks.value).toEqual([60_000, 60_000]);
    controller.move(pt('E5'));
    await settle();
    await clock.advance(30_000);
    expect(controller.clocks.value).toEqual([60_000, 60_000]);
    expect(store.records.get(id)!.clocks!.runningSince ?? null).toBeNull();
    controller.move(pt('F6'));
    await settle();
    expect(store.records.get(id)!.clocks!.runningSince).toBe(clock.t);
    await clock.advance(5_000);
    expect(controller.clocks.value).toEqual([55_000, 60_000]);
  });

  it('closing stops the clock and saves the time used', async () => {
    const { controller, clock, store, heartbeats, id } = setUp([HUMAN, GUEST], { clocks: true });
    await settle();
    await firstMoves(controller);
    await clock.advance(5_000);
    expect(controller.clocks.value).toEqual([55_000, 60_000]);
    await controller.close();
    expect(store.records.get(id)!.clocks).toMatchObject({ remainingMs: [55_000, 60_000] });
    expect(store.records.get(id)!.clocks!.runningSince ?? null).toBeNull();
    expect(heartbeats.beats.get(id)).toBeNull();
    expect(clock.ticking).toBe(0);
  });

  it('writes a heartbeat every few seconds while the clock runs, and at once as the page hides', async () => {
    const { controller, clock, heartbeats, id } = setUp([HUMAN, GUEST], { clocks: true });
    await settle();
    await firstMoves(controller);
    const since = clock.t;
    const writes = heartbeats.writes;
    for (let i = 0; i < 30; i++) {
      await clock.advance(200);
      const beat = heartbeats.beats.get(id)!;
      expect(beat.runningSince).toBe(since);
      expect(clock.t - beat.seenAt).toBeLessThan(HEARTBEAT_MS);
    }
    // Every few seconds, not every tick: 6 s of ticks, 3 or 4 writes.
    expect(heartbeats.writes - writes).toBeGreaterThanOrEqual(3);
    expect(heartbeats.writes - writes).toBeLessThanOrEqual(4);
    // Hidden (a closed tab): the heartbeat is written before the save that stops the clock is even tried.
    const before = heartbeats.writes;
    controller.setVisible(false);
    expect(heartbeats.writes).toBe(before + 1);
    expect(heartbeats.beats.get(id)).toEqual({ runningSince: since, seenAt: clock.t });
  });

  it('a long gap between ticks (the device slept) is not charged', async () => {
    const { controller, clock, store, id } = setUp([HUMAN, GUEST], { clocks: true });
    await settle();
    await firstMoves(controller);
    await clock.advance(1_000);
    await clock.advance(1_000);
    expect(controller.clocks.value).toEqual([58_000, 60_000]);
    await clock.advance(ABSENCE_MS + 5 * 60_000); // asleep for five minutes: no tick meanwhile
    expect(controller.match.value.game.result).toBeNull();
    expect(controller.clocks.value).toEqual([58_000, 60_000]);
    expect(store.records.get(id)!.clocks).toMatchObject({ remainingMs: [58_000, 60_000], runningSince: clock.t });
    await clock.advance(1_000);
    expect(controller.clocks.value).toEqual([57_000, 60_000]);
  });

  it('the flag falls on time and the loss is saved', async () => {
    const { controller, clock, store, id } = setUp([HUMAN, GUEST], { clocks: true });
    await settle();
    await firstMoves(controller);
    for (let i = 0; i < 60; i++) await clock.advance(1_000);
    await settle();
    expect(controller.match.value.game.result).toEqual({ winner: 2, reason: 'time' });
    expect(store.records.get(id)!.result).toEqual({ winner: 2, reason: 'time' });
  });

  it('a hidden page stops the clock', async () => {
    const { controller, clock } = setUp([HUMAN, GUEST], { clocks: true });
    await settle();
    await firstMoves(controller);
    await clock.advance(1_000);
    controller.setVisible(false);
    await settle();
    await clock.advance(30_000);
    expect(controller.clocks.value).toEqual([59_000, 60_000]);
    controller.setVisible(true);
    await settle();
    await clock.advance(1_000);
    expect(controller.clocks.value).toEqual([58_000, 60_000]);
  });
});

describe('a friend game by links', () => {
  const FRIEND: MatchSide = { name: 'Bob', kind: 'human', remote: true };
  const friendRecord = () => ({
    ...newStoredGame({ players: [HUMAN, FRIEND], size: 9 }),
    friend: { gameId: 'AbCdEfGhIjKlMn-_', mySide: 1 as const },
  });

  it('keeps what the friend has once a link went out, saved with the game and shown at once', async () => {
    const { controller, store, id } = setUp([HUMAN, FRIEND], { record: friendRecord() });
    await settle();
    expect(controller.friend.value?.synced).toBeUndefined();
    controller.move(pt('E5'));
    await settle();
    expect(controller.friend.value?.synced).toBeUndefined();
    controller.friendLinkSent();
    expect(controller.friend.value?.synced).toEqual({ moves: 1, ended: false });
    await settle();
    expect(store.records.get(id)!.friend!.synced).toEqual({ moves: 1, ended: false });
    // The same link again says nothing new: nothing is saved.
    const saves = store.saves.length;
    controller.friendLinkSent();
    await settle();
    expect(store.saves.length).toBe(saves);
  });
});
