import { describe, expect, it } from 'vitest';
import {
  MIN_THINK_MS,
  MOVE_OVERHEAD_MS,
  SearchClock,
  Stability,
  iterationShare,
  moveTime,
  stopAfterIteration,
} from '../../src/ai/timeman';

describe('moveTime', () => {
  it('without a clock is the level think time, soft and hard alike', () => {
    expect(moveTime(3000)).toEqual({ softMs: 3000, hardMs: 3000 });
  });

  it('never exceeds the level think time, however much is on the clock', () => {
    const t = moveTime(1000, { remainingMs: 3_600_000, incrementMs: 30_000 });
    expect(t.hardMs).toBe(1000);
    expect(t.softMs).toBeLessThanOrEqual(t.hardMs);
  });

  it('on a short clock thinks a share of what is left, never all of it', () => {
    const t = moveTime(10_000, { remainingMs: 60_000, incrementMs: 0 });
    expect(t.hardMs).toBeLessThan(60_000 * 0.25);
    expect(t.softMs).toBeLessThan(t.hardMs);
    expect(t.softMs).toBeGreaterThan(1000);
  });

  it('spends no increment it has not yet received', () => {
    const t = moveTime(10_000, { remainingMs: MOVE_OVERHEAD_MS + 200, incrementMs: 5000 });
    expect(t.hardMs).toBeLessThanOrEqual(200 * 0.8);
  });

  it('still moves with nothing left', () => {
    expect(moveTime(10_000, { remainingMs: 0, incrementMs: 0 })).toEqual({
      softMs: MIN_THINK_MS,
      hardMs: MIN_THINK_MS,
    });
  });
});

describe('the stopping rule (after each iteration of iterative deepening)', () => {
  // stopAfterIteration(elapsed, soft, stable, changes, fell, forcing, unsettled)
  it('by default starts no iteration after 60% of the soft time, or 30% once the move has held four', () => {
    expect(stopAfterIteration(590, 1000, 0, 0, false, false, false)).toBe(false);
    expect(stopAfterIteration(610, 1000, 3, 0, false, false, false)).toBe(true);
    expect(stopAfterIteration(290, 1000, 4, 0, false, false, false)).toBe(false);
    expect(stopAfterIteration(310, 1000, 4, 0, false, false, false)).toBe(true);
    // Changes, a falling score and a forcing move make no difference when unsettledTime is off.
    expect(iterationShare(4, 3, true, false, false)).toBe(0.3);
    expect(iterationShare(0, 3, true, true, false)).toBe(0.6);
  });

  it('with unsettledTime keeps the early stop only for a settled move that forces, and gives an unstable one more', () => {
    expect(iterationShare(4, 0, false, true, true)).toBe(0.3);
    expect(iterationShare(4, 0, false, false, true)).toBe(0.6);
    expect(iterationShare(0, 0.5, false, false, true)).toBeCloseTo(0.9);
    expect(iterationShare(0, 0, true, false, true)).toBeCloseTo(0.75);
    expect(iterationShare(0, 3, true, false, true)).toBe(0.95);
    expect(stopAfterIteration(940, 1000, 0, 3, true, false, true)).toBe(false);
    expect(stopAfterIteration(960, 1000, 0, 3, true, false, true)).toBe(true);
  });

  it('Stability counts the iterations a move holds, halves old changes, and sees a fall of half a stone', () => {
    const s = new Stability();
    s.update(1, 10, 100);
    expect([s.stable, s.changes, s.fell]).toEqual([0, 0, false]); // the first move is no change
    s.update(2, 10, 90);
    s.update(3, 10, 80);
    expect([s.stable, s.changes, s.fell]).toEqual([2, 0, false]);
    s.update(4, 20, 30); // a new move, and the score fell by 50
    expect([s.stable, s.changes, s.fell]).toEqual([0, 1, true]);
    s.update(5, 20, 31);
    expect([s.stable, s.changes, s.fell]).toEqual([1, 0.5, false]);
    s.update(6, 30, 31);
    expect([s.stable, s.changes]).toEqual([0, 1.25]);
  });
});

describe('SearchClock', () => {
  it('stops at the node limit, checked every 1024 nodes', () => {
    const clock = new SearchClock();
    clock.start(performance.now(), 3_600_000, 2048);
    clock.poll(1024);
    expect(clock.stopped).toBe(false);
    clock.poll(2049); // not a multiple of 1024: not checked
    expect(clock.stopped).toBe(false);
    clock.poll(3072);
    expect(clock.stopped).toBe(true);
    clock.start(performance.now(), 3_600_000);
    expect(clock.stopped).toBe(false);
  });

  it("stops when the caller's stop says so, and past the deadline", () => {
    const clock = new SearchClock();
    let stop = false;
    clock.start(performance.now(), 3_600_000, undefined, () => stop);
    clock.poll(1024);
    expect(clock.stopped).toBe(false);
    stop = true;
    clock.poll(2048);
    expect(clock.stopped).toBe(true);
    clock.start(performance.now() - 10, 5);
    expect(clock.remainingMs()).toBeLessThan(0);
    clock.poll(0);
    expect(clock.stopped).toBe(true);
  });
});
