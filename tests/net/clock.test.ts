import { describe, expect, it } from 'vitest';
import {
  FLAG_GRACE_MS,
  FREE_PLIES,
  type MoveReading,
  type TimeControl,
  clockRunsAt,
  flagStands,
  moveReadingProblem,
  timeAtTurn,
  whoFlagged,
} from '../../src/net/clock';
import { type GameAction, actorAtOf, makeRules, moverAt, replayActions } from '../../src/core';

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

describe('clock: Connect6 mid-turn, and the seat steps', () => {
  const c6 = makeRules({ variant: 'connect6' });
  const c6Order = (ply: number) => moverAt(c6, ply);
  // Black 1 stone; White 2; Black 2 (ply 3, 4, on Black's clock around 2,000,000); White's first stone at
  // ply 5 on White's clock, and then White's flag falls before the second.
  const c6Readings: MoveReading[] = [
    { side: 1, ply: 0, leftMs: 60_000, atMs: 1_000_000 },
    { side: 2, ply: 1, leftMs: 60_000, atMs: 5_000 },
    { side: 2, ply: 2, leftMs: 50_000, atMs: 15_000 },
    { side: 1, ply: 3, leftMs: 45_000, atMs: 2_000_000 },
    { side: 1, ply: 4, leftMs: 42_000, atMs: 2_003_000 },
    { side: 2, ply: 5, leftMs: 20_000, atMs: 45_000 },
  ];

  it("a claim after the turn's first stone counts the whole turn from the claimant's last stone", () => {
    // White had 50 s when the turn began (ply 5), as its reading at ply 2 says.
    const at = 2_003_000 + 50_000 + FLAG_GRACE_MS;
    expect(flagStands(control, c6Readings, { by: 1, side: 2, ply: 6, atMs: at }, false, c6Order)).toBe(false);
    expect(flagStands(control, c6Readings, { by: 1, side: 2, ply: 6, atMs: at + 1 }, false, c6Order)).toBe(true);
    // Answered (the second stone came in time): no flag. The first stone stands either way: ply 6.
    expect(flagStands(control, c6Readings, { by: 1, side: 2, ply: 6, atMs: at + 1 }, true, c6Order)).toBe(false);
    expect(whoFlagged(control, c6Readings, [{ by: 1, side: 2, ply: 6, atMs: at + 1 }], c6Order)).toEqual({
      side: 2,
      ply: 6,
    });
  });

  it("the increment comes only with the turn's last stone", () => {
    const before = c6Readings.slice(0, 3);
    const first = { side: 1, ply: 3, atMs: 0 } as const;
    expect(moveReadingProblem(control, before, { ...first, leftMs: 60_001 }, c6Order)).toBe('gained-time');
    expect(moveReadingProblem(control, before, { ...first, leftMs: 60_000 }, c6Order)).toBeNull();
    const second = { side: 1, ply: 4, atMs: 0 } as const;
    expect(moveReadingProblem(control, c6Readings.slice(0, 4), { ...second, leftMs: 47_000 }, c6Order)).toBeNull();
    expect(moveReadingProblem(control, c6Readings.slice(0, 4), { ...second, leftMs: 47_001 }, c6Order)).toBe(
      'gained-time',
    );
  });

  it("the clock runs once each person had a first turn: D-Pente's four stones and the choice are free", () => {
    const c = 180;
    const order = (actions: GameAction[]) => {
      const game = replayActions(makeRules({ variant: 'd-pente' }), actions);
      if (!game.ok) throw new Error(game.error.message);
      return actorAtOf(game.value);
    };
    const keep = order([c, c + 1, c + 40, c + 2, 'keep']);
    expect([0, 1, 2, 3, 4, 5].map((p) => clockRunsAt(keep, p))).toEqual([false, false, false, false, false, true]);
    // A swap: the chooser plays on in the same turn; Alice's first timed stone is at ply 6.
    const swap = order([c, c + 1, c + 40, c + 2, 'swap', c - 40]);
    expect([4, 5, 6].map((p) => clockRunsAt(swap, p))).toEqual([false, false, true]);
    expect(clockRunsAt(c6Order, 2)).toBe(false);
    expect(clockRunsAt(c6Order, 3)).toBe(true);
  });
});
