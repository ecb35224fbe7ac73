/** The live clock on one device (src/ui/online/live/live-clock.ts): faces, readings, and when a flag is said. */
import { describe, expect, it } from 'vitest';
import { makeRules, moverAt } from '../../../src/core';
import { FLAG_GRACE_MS, type MoveReading, flagStands, moveReadingProblem, whoFlagged } from '../../../src/net/clock';
import {
  type ClockGame,
  clockFace,
  faceAt,
  flagPlan,
  flagReading,
  myReading,
  turnStart,
} from '../../../src/ui/online/live/live-clock';

const control = { initialMs: 60_000, incrementMs: 2_000 };
// This device plays Black (1); its clock reads around 1,000,000. White's readings are on White's clock.
const readings: MoveReading[] = [
  { side: 1, ply: 0, leftMs: 62_000, atMs: 1_000_000 },
  { side: 2, ply: 1, leftMs: 62_000, atMs: 5_000 },
  { side: 1, ply: 2, leftMs: 50_000, atMs: 1_020_000 },
];
const black = (over: Partial<ClockGame> = {}): ClockGame => ({
  actorAt: (ply) => moverAt(makeRules(), ply),
  control,
  readings,
  ply: 3,
  over: false,
  mySide: 1,
  turnSeenAt: 1_021_000,
  ...over,
});

describe('the clocks shown', () => {
  it("the side to move's clock runs from the turn's start; the other shows its last signed time", () => {
    // White to move at ply 3: counted from Black's own signed move (1,020,000), not from when it was seen.
    expect(turnStart(black())).toBe(1_020_000);
    expect(clockFace(black(), 1_030_000)).toEqual({ leftMs: [50_000, 52_000], running: 2, atMs: 1_030_000 });
    // Black to move at ply 2 (White's first move was free): counted from when Black's device saw it.
    const mine = black({ readings: readings.slice(0, 2), ply: 2, turnSeenAt: 1_010_000 });
    expect(turnStart(mine)).toBe(1_010_000);
    expect(clockFace(mine, 1_015_000)).toEqual({ leftMs: [57_000, 62_000], running: 1, atMs: 1_015_000 });
  });

  it('never below zero; no clock runs before each side has moved once, nor after the end', () => {
    expect(clockFace(black(), 9_999_999).leftMs).toEqual([50_000, 0]);
    expect(clockFace(black({ readings: [], ply: 0 }), 2_000_000)).toEqual({
      leftMs: [60_000, 60_000],
      running: null,
      atMs: 2_000_000,
    });
    expect(clockFace(black({ readings: readings.slice(0, 1), ply: 1 }), 2_000_000).running).toBeNull();
    expect(clockFace(black({ over: true }), 2_000_000)).toMatchObject({ leftMs: [50_000, 62_000], running: null });
    // The side that lost on time shows 0 (its flag's reading is not a move's).
    expect(clockFace(black({ over: true, lostOnTime: 2 }), 2_000_000).leftMs).toEqual([50_000, 0]);
  });

  it('a face ticks down its running clock only, to zero', () => {
    const face = clockFace(black(), 1_030_000);
    expect(faceAt(face, 1_031_500)).toEqual([50_000, 50_500]);
    expect(faceAt(face, 1_030_000 - 5)).toEqual([50_000, 52_000]);
    expect(faceAt(face, 9_999_999)).toEqual([50_000, 0]);
    const stopped = clockFace(black({ over: true }), 0);
    expect(faceAt(stopped, 9_999_999)).toEqual(stopped.leftMs);
  });
});

describe('the reading this device signs', () => {
  it('a move: the time left after it plus the increment, which the rule lets stand', () => {
    const mine = black({ readings: readings.slice(0, 2), ply: 2, turnSeenAt: 1_010_000 });
    const reading = myReading(mine, 2, 1_022_000, true);
    expect(reading).toEqual({ leftMs: 62_000 - 12_000 + 2_000, atMs: 1_022_000 });
    const asMove = { side: 1 as const, ply: 2, ...reading };
    expect(moveReadingProblem(control, mine.readings, asMove)).toBeNull();
  });

  it("each side's first move is free: the time it had plus the increment", () => {
    expect(myReading(black({ readings: [], ply: 0, turnSeenAt: 0 }), 0, 999_999, true).leftMs).toBe(62_000);
    const white = black({ mySide: 2, readings: readings.slice(0, 1), ply: 1, turnSeenAt: 0 });
    expect(myReading(white, 1, 999_999, true).leftMs).toBe(62_000);
  });

  it('a move saved before its own flag fell keeps 1 ms (it stands); other actions get no increment', () => {
    const mine = black({ readings: readings.slice(0, 2), ply: 2, turnSeenAt: 1_010_000 });
    expect(myReading(mine, 2, 5_000_000, true).leftMs).toBe(1 + 2_000);
    expect(myReading(mine, 2, 1_012_000, false)).toEqual({ leftMs: 60_000, atMs: 1_012_000 });
  });
});

describe('when a flag is said', () => {
  it("its own player's: when their time runs out from the turn's start, reading 0, and it stands", () => {
    const mine = black({ readings: readings.slice(0, 2), ply: 2, turnSeenAt: 1_010_000 });
    const plan = flagPlan(mine)!;
    expect(plan).toEqual({ kind: 'own', side: 1, atMs: 1_010_000 + 62_000 });
    const reading = flagReading(mine, plan, plan.atMs);
    expect(reading).toEqual({ leftMs: 0, atMs: 1_072_000 });
    expect(flagStands(control, mine.readings, { by: 1, side: 1, ply: 2, atMs: reading.atMs }, false)).toBe(true);
  });

  it("the other's: from this device's own move, after their time and the grace, when the rule lets it stand", () => {
    const plan = flagPlan(black())!;
    expect(plan).toEqual({ kind: 'claim', side: 2, atMs: 1_020_000 + 62_000 + FLAG_GRACE_MS + 1 });
    const flag = { by: 1 as const, side: 2 as const, ply: 3 };
    expect(flagStands(control, readings, { ...flag, atMs: plan.atMs }, false)).toBe(true);
    expect(flagStands(control, readings, { ...flag, atMs: plan.atMs - 1 }, false)).toBe(false);
    expect(flagReading(black(), plan, plan.atMs)).toEqual({ leftMs: 50_000, atMs: plan.atMs });
    // Both devices fold the same readings and flags to the same loser.
    expect(whoFlagged(control, readings, [{ ...flag, atMs: plan.atMs }])).toEqual({ side: 2, ply: 3 });
  });

  it('none: the game over, a free first move, or a claim with no signed move of ours to count from', () => {
    expect(flagPlan(black({ over: true }))).toBeNull();
    expect(flagPlan(black({ readings: [], ply: 0 }))).toBeNull();
    expect(flagPlan(black({ readings: readings.slice(0, 1), ply: 1 }))).toBeNull();
    expect(flagPlan(black({ readings: readings.slice(0, 2) }))).toBeNull();
  });
});

describe('Connect6 on the clock: turns of two stones (core moverAt)', () => {
  const c6 = makeRules({ variant: 'connect6' });
  // Black's one stone, White's two: each side's first turn is free; then Black's turn at ply 3.
  const game = (over: Partial<ClockGame>): ClockGame => ({
    actorAt: (ply) => moverAt(c6, ply),
    control,
    readings: [],
    ply: 3,
    over: false,
    mySide: 1,
    turnSeenAt: 1_000_000,
    ...over,
  });

  it("runs Black's clock at ply 3 and 4 (both stones of one turn), White's at 5", () => {
    expect(clockFace(game({ ply: 2 }), 1_010_000).running).toBeNull();
    expect(clockFace(game({ ply: 3 }), 1_010_000).running).toBe(1);
    expect(clockFace(game({ ply: 4 }), 1_010_000).running).toBe(1);
    expect(clockFace(game({ ply: 5, mySide: 2 }), 1_010_000).running).toBe(2);
  });

  it("adds the increment once a turn, with the turn's second stone", () => {
    const first = myReading(game({ ply: 3 }), 3, 1_010_000, true);
    expect(first.leftMs).toBe(control.initialMs - 10_000);
    const readings: MoveReading[] = [{ side: 1, ply: 3, ...first }];
    const second = myReading(game({ ply: 4, readings, turnSeenAt: 1_010_000 }), 4, 1_015_000, true);
    expect(second.leftMs).toBe(control.initialMs - 15_000 + control.incrementMs);
  });

  it("mid-turn (White's second stone due), Black's device counts White's turn from its own last stone", () => {
    // White's turn began at ply 5 after Black's stone signed at 1,020,000; White had 50 s then and has
    // signed its first stone (20 s left on its own clock). The claim and the face agree with net/clock.
    const readings: MoveReading[] = [
      { side: 2, ply: 2, leftMs: 50_000, atMs: 7_000 },
      { side: 1, ply: 4, leftMs: 45_000, atMs: 1_020_000 },
      { side: 2, ply: 5, leftMs: 20_000, atMs: 40_000 },
    ];
    const mid = game({ ply: 6, readings, turnSeenAt: 1_031_000 });
    expect(turnStart(mid)).toBe(1_020_000);
    expect(clockFace(mid, 1_030_000)).toEqual({ leftMs: [45_000, 40_000], running: 2, atMs: 1_030_000 });
    const plan = flagPlan(mid)!;
    expect(plan).toEqual({ kind: 'claim', side: 2, atMs: 1_020_000 + 50_000 + FLAG_GRACE_MS + 1 });
    const order = (ply: number) => moverAt(c6, ply);
    const flag = { by: 1 as const, side: 2 as const, ply: 6 };
    expect(flagStands(control, readings, { ...flag, atMs: plan.atMs }, false, order)).toBe(true);
    expect(flagStands(control, readings, { ...flag, atMs: plan.atMs - 1 }, false, order)).toBe(false);
    // White's own device: its flag falls when the time its first stone signed runs out from that stone.
    expect(flagPlan({ ...mid, mySide: 2, turnSeenAt: 1_500 })).toEqual({ kind: 'own', side: 2, atMs: 21_500 });
  });
});
