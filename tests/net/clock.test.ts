import { describe, expect, it } from 'vitest';
import {
  FLAG_GRACE_MS,
  FREE_PLIES,
  type MoveReading,
  type TimeControl,
  flagStands,
  moveReadingProblem,
  timeAtTurn,
  whoFlagged,
} from '../../src/net/clock';

const control: TimeControl = { initialMs: 60_000, incrementMs: 2_000 };
// Alice's clock starts at 1,000,000; Bob's is an hour behind: comparisons are within one device's clock.
const readings: MoveReading[] = [
  { side: 1, ply: 0, leftMs: 62_000, atMs: 1_000_000 },
  { side: 2, ply: 1, leftMs: 50_000, atMs: 1_000_000 - 3_600_000 + 12_000 },
  { side: 1, ply: 2, leftMs: 40_000, atMs: 1_024_000 },
];

describe('clock', () => {
  it('time at the start of a turn: the last reading before it, or the initial time', () => {
    expect(timeAtTurn(control, readings, 2, 1)).toBe(60_000);
    expect(timeAtTurn(control, readings, 2, 3)).toBe(50_000);
    expect(timeAtTurn(control, readings, 1, 2)).toBe(62_000);
  });

  it('a reading may show the time before plus the increment, not more; zero is a flag', () => {
    expect(moveReadingProblem(control, readings, { side: 2, ply: 3, leftMs: 52_000, atMs: 0 })).toBeNull();
    expect(moveReadingProblem(control, readings, { side: 2, ply: 3, leftMs: 52_001, atMs: 0 })).toBe('gained-time');
    expect(moveReadingProblem(control, readings, { side: 2, ply: 3, leftMs: 0, atMs: 0 })).toBe('flag');
  });

  it("a claim stands once the flagged side's time and the grace are past on the claimant's clock", () => {
    const at = 1_024_000 + 50_000 + FLAG_GRACE_MS;
    expect(flagStands(control, readings, { by: 1, side: 2, ply: 3, atMs: at }, false)).toBe(false);
    expect(flagStands(control, readings, { by: 1, side: 2, ply: 3, atMs: at + 1 }, false)).toBe(true);
  });

  it('a claim fails when answered, against the side not to move, or with no move of the claimant before it', () => {
    const late = 9_999_999_999;
    expect(flagStands(control, readings, { by: 1, side: 2, ply: 3, atMs: late }, true)).toBe(false);
    expect(flagStands(control, readings, { by: 2, side: 1, ply: 3, atMs: late }, false)).toBe(false);
    expect(flagStands(control, [], { by: 2, side: 1, ply: 0, atMs: late }, false)).toBe(false);
  });

  it("no claim stands against a side's first move (FREE_PLIES): the clocks start once both have moved", () => {
    const late = 9_999_999_999;
    expect(FREE_PLIES).toBe(2);
    expect(flagStands(control, readings.slice(0, 1), { by: 1, side: 2, ply: 1, atMs: late }, false)).toBe(false);
    expect(flagStands(control, readings.slice(0, 2), { by: 2, side: 1, ply: 2, atMs: late }, false)).toBe(true);
  });

  it("one's own flag always stands", () => {
    expect(flagStands(control, readings, { by: 2, side: 2, ply: 3, atMs: 0 }, false)).toBe(true);
  });

  it('who flagged: nobody; the first reading at zero; a claim that stands', () => {
    expect(whoFlagged(control, readings, [])).toBeNull();
    const zero = [...readings, { side: 2, ply: 3, leftMs: -5, atMs: 0 } as const];
    expect(whoFlagged(control, zero, [])).toEqual({ side: 2, ply: 3 });
    expect(whoFlagged(control, readings, [{ by: 1, side: 2, ply: 3, atMs: 2_000_000 }])).toEqual({ side: 2, ply: 3 });
  });

  it('who flagged does not depend on the order of the readings or flags', () => {
    const flags = [
      { by: 1, side: 2, ply: 3, atMs: 2_000_000 },
      { by: 2, side: 2, ply: 3, atMs: 5 },
    ] as const;
    const a = whoFlagged(control, readings, flags);
    const b = whoFlagged(control, [...readings].reverse(), [...flags].reverse());
    expect(a).toEqual(b);
  });
});
