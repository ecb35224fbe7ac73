import { describe, expect, it } from 'vitest';
import { MIN_THINK_MS, MOVE_OVERHEAD_MS, moveTime } from '../src/ai/timeman';

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
