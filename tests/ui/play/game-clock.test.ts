/**
 * The clock model (src/ui/play/session/game-clock.ts) with the time given by hand: first moves free, charging
 * and increments, heartbeats and restoring a clock stored running, absences, flag fall.
 */
import { describe, expect, it } from 'vitest';
import {
  ABSENCE_MS,
  FREE_PLIES,
  HEARTBEAT_MS,
  type MatchClock,
  afterAbsence,
  clockAfterMove,
  clockRunsAfter,
  freshClock,
  isAbsence,
  isOutOfTime,
  newClock,
  readClock,
  restoreClock,
  startClock,
  stopClock,
  storeClock,
} from '../../../src/ui/play/session/game-clock';

const MIN = 60_000;
const T0 = 1_700_000_000_000;
const fiveMinutes = (): MatchClock => newClock(5 * MIN, 2_000);

describe('when a clock runs', () => {
  it('each side’s first move is free: the clock runs only once the side to move has moved', () => {
    expect(FREE_PLIES).toBe(2);
    expect(clockRunsAfter(0)).toBe(false); // Black to make its first move
    expect(clockRunsAfter(1)).toBe(false); // White to make its first move
    expect(clockRunsAfter(2)).toBe(true); // Black's second move
    expect(clockRunsAfter(3)).toBe(true);
  });
  it('a new clock is stopped, with the time control as both times', () => {
    const c = fiveMinutes();
    expect(c).toEqual({ remainingMs: [5 * MIN, 5 * MIN], incrementMs: 2_000, initialMs: 5 * MIN, runningSince: null });
    expect(readClock(c, 1, T0 + 10 * MIN)).toEqual([5 * MIN, 5 * MIN]);
  });
});

describe('charging', () => {
  it('the running clock counts down for the side to move only, never below zero', () => {
    const c = startClock(fiveMinutes(), T0);
    expect(readClock(c, 1, T0 + 7_000)).toEqual([5 * MIN - 7_000, 5 * MIN]);
    expect(readClock(c, 2, T0 + 7_000)).toEqual([5 * MIN, 5 * MIN - 7_000]);
    expect(readClock(c, 1, T0 + 6 * MIN)).toEqual([0, 5 * MIN]);
    // A wall clock set back does not add time.
    expect(readClock(c, 1, T0 - 5_000)).toEqual([5 * MIN, 5 * MIN]);
  });
  it('starting a running clock again keeps its start', () => {
    const c = startClock(fiveMinutes(), T0);
    expect(startClock(c, T0 + 9_000)).toBe(c);
  });
  it('stopping charges the time run; stopping a stopped clock changes nothing', () => {
    const stopped = stopClock(startClock(fiveMinutes(), T0), 2, T0 + 4_000);
    expect(stopped.remainingMs).toEqual([5 * MIN, 5 * MIN - 4_000]);
    expect(stopped.runningSince).toBeNull();
    expect(stopClock(stopped, 2, T0 + 60_000)).toBe(stopped);
  });
  it('a timed move is charged and earns the increment; the next clock starts at once', () => {
    const c = clockAfterMove(startClock(fiveMinutes(), T0), 1, T0 + 10_000, true);
    expect(c.remainingMs).toEqual([5 * MIN - 10_000 + 2_000, 5 * MIN]);
    expect(c.runningSince).toBe(T0 + 10_000);
  });
  it('a free move costs nothing and earns nothing; the next clock starts only if told', () => {
    const c = clockAfterMove(fiveMinutes(), 1, T0 + 10_000, false);
    expect(c.remainingMs).toEqual([5 * MIN, 5 * MIN]);
    expect(c.runningSince).toBeNull();
    expect(clockAfterMove(c, 2, T0 + 20_000, true).runningSince).toBe(T0 + 20_000);
  });
  it('a move that ends the game stops the clock (nextRuns false) after charging it', () => {
    const c = clockAfterMove(startClock(fiveMinutes(), T0), 2, T0 + 3_000, false);
    expect(c.remainingMs).toEqual([5 * MIN, 5 * MIN - 1_000]);
    expect(c.runningSince).toBeNull();
  });
});

describe('flag fall', () => {
  it('only with the clock running and the time really gone', () => {
    const c = startClock(newClock(10_000, 0), T0);
    expect(isOutOfTime(c, 1, T0 + 9_999)).toBe(false);
    expect(isOutOfTime(c, 1, T0 + 10_000)).toBe(true);
    expect(isOutOfTime(stopClock(c, 1, T0 + 5_000), 1, T0 + 10 * MIN)).toBe(false);
    // The side to move's time, not the other's: White, with 20 s, is not out when Black would be.
    const uneven = startClock({ ...newClock(10_000, 0), remainingMs: [10_000, 20_000] }, T0);
    expect(isOutOfTime(uneven, 2, T0 + 10_000)).toBe(false);
    expect(isOutOfTime(uneven, 1, T0 + 10_000)).toBe(true);
  });
});

describe('no charge for the time the app was not open', () => {
  it('a stored clock records the last moment seen with it running; a stopped one records none', () => {
    const running = startClock(fiveMinutes(), T0);
    expect(storeClock(running, T0 + 3_000)).toEqual({
      remainingMs: [5 * MIN, 5 * MIN],
      incrementMs: 2_000,
      runningSince: T0,
      seenAt: T0 + 3_000,
      initialMs: 5 * MIN,
    });
    expect(storeClock(fiveMinutes(), T0)).toEqual({
      remainingMs: [5 * MIN, 5 * MIN],
      incrementMs: 2_000,
      runningSince: null,
      initialMs: 5 * MIN,
    });
  });
  it('a clock stored running opens stopped, charged up to the last moment seen, not for the absence', () => {
    const stored = storeClock(startClock(fiveMinutes(), T0), T0 + 20_000);
    // Opened ten minutes later: 20 s charged, not 10 min 20 s.
    const opened = restoreClock(stored, 2, null);
    expect(opened.runningSince).toBeNull();
    expect(opened.remainingMs).toEqual([5 * MIN, 5 * MIN - 20_000]);
  });
  it('a heartbeat for the same turn, later than the record, is where charging stops', () => {
    const stored = storeClock(startClock(fiveMinutes(), T0), T0 + 20_000);
    const beat = { runningSince: T0, seenAt: T0 + 20_000 + HEARTBEAT_MS };
    expect(restoreClock(stored, 1, beat).remainingMs).toEqual([5 * MIN - 20_000 - HEARTBEAT_MS, 5 * MIN]);
    // An older heartbeat, or one for another turn (another tab moved since), does not count.
    expect(restoreClock(stored, 1, { runningSince: T0, seenAt: T0 + 1_000 }).remainingMs[0]).toBe(5 * MIN - 20_000);
    expect(restoreClock(stored, 1, { runningSince: T0 - 1, seenAt: T0 + 99_000 }).remainingMs[0]).toBe(
      5 * MIN - 20_000,
    );
  });
  it('a clock stored running with no moment seen (an older record) is charged nothing more', () => {
    const opened = restoreClock({ remainingMs: [MIN, MIN], incrementMs: 0, runningSince: T0 }, 1);
    expect(opened).toEqual({ remainingMs: [MIN, MIN], incrementMs: 0, initialMs: null, runningSince: null });
  });
  it('a stored clock that had run out while open stays out: the flag falls once it runs again', () => {
    const stored = storeClock(startClock(newClock(10_000, 0), T0), T0 + 12_000);
    const opened = restoreClock(stored, 1);
    expect(opened.remainingMs).toEqual([0, 10_000]);
    expect(isOutOfTime(startClock(opened, T0 + 20 * MIN), 1, T0 + 20 * MIN)).toBe(true);
  });
  it('a stopped stored clock opens as it was', () => {
    const opened = restoreClock({ remainingMs: [1_000, 2_000], incrementMs: 5, runningSince: null, initialMs: 9 }, 1);
    expect(opened).toEqual({ remainingMs: [1_000, 2_000], incrementMs: 5, initialMs: 9, runningSince: null });
  });
  it('a gap between ticks longer than ABSENCE_MS is an absence, charged only up to the last tick', () => {
    expect(isAbsence(T0, T0 + ABSENCE_MS)).toBe(false);
    expect(isAbsence(T0, T0 + ABSENCE_MS + 1)).toBe(true);
    const c = startClock(fiveMinutes(), T0);
    const after = afterAbsence(c, 1, T0 + 5_000, T0 + 30 * MIN);
    expect(after.remainingMs).toEqual([5 * MIN - 5_000, 5 * MIN]);
    expect(after.runningSince).toBe(T0 + 30 * MIN);
    expect(readClock(after, 1, T0 + 30 * MIN + 1_000)[0]).toBe(5 * MIN - 6_000);
    // A last tick from before the turn started charges nothing; a stopped clock is left alone.
    expect(afterAbsence(c, 1, T0 - 9_000, T0 + MIN).remainingMs).toEqual([5 * MIN, 5 * MIN]);
    const stopped = fiveMinutes();
    expect(afterAbsence(stopped, 1, T0, T0 + MIN)).toBe(stopped);
  });
});

describe('a game played from a position', () => {
  it('starts with the time control afresh, or untimed when it is not known', () => {
    const used = clockAfterMove(startClock(fiveMinutes(), T0), 1, T0 + 90_000, true);
    expect(freshClock(used)).toEqual(fiveMinutes());
    expect(freshClock({ ...used, initialMs: null })).toBeNull();
    expect(freshClock(null)).toBeNull();
  });
});
