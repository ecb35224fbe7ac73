import { describe, expect, it } from 'vitest';
import {
  type BoardGeometry,
  FIGHT_PITCH_PX,
  FIGHT_MARGIN,
  HOLD_MARGIN,
  KEEP_ZOOM_REACH,
  ZOOM_PITCH_PX,
  type View,
  boxOfPoints,
  fightView,
  isShown,
  nextView,
  roomFor,
  showsBox,
} from '../../../src/ui/board/board-view';
import { rng } from '../../helpers';

/** The geometry Board.tsx draws without coordinates (the default): 10 units a point, a margin of 10. */
const g19: BoardGeometry = { size: 19, cell: 10, margin: 10, extent: 200 };
/** The board's drawn width on a 360×640 phone (measured: 16.5 px a point). */
const PHONE = 330;
const at = (x: number, y: number) => y * 19 + x;
/** The 19×19 position with stones on the given points (colours do not matter to the window). */
const cellsWith = (...points: number[]) => {
  const cells = new Uint8Array(361);
  points.forEach((p, i) => (cells[p] = (i % 2) + 1));
  return cells;
};
/** The distance between points on screen in a window. */
const pitchOf = (v: View) => (PHONE * g19.cell) / v.side;
const around = (p: number, by: number) => ({
  x0: (p % 19) - by,
  y0: Math.floor(p / 19) - by,
  x1: (p % 19) + by,
  y1: Math.floor(p / 19) + by,
});
const K10 = at(9, 9);

describe("the fight's window", () => {
  it('boxes points; no points, no box', () => {
    expect(boxOfPoints(19, [at(3, 4), at(7, 2), at(5, 9)])).toEqual({ x0: 3, y0: 2, x1: 7, y1: 9 });
    expect(boxOfPoints(19, [])).toBeNull();
  });

  it('opens on the first stone at the comfortable pitch with its neighbours whole (K10 and L10 not cut)', () => {
    const v = fightView(g19, PHONE, cellsWith(K10), K10)!;
    expect(pitchOf(v)).toBeCloseTo(ZOOM_PITCH_PX, 5);
    expect(showsBox(g19, v, around(K10, 2))).toBe(true);
    expect(fightView(g19, PHONE, cellsWith(), null)).toBeNull();
  });

  it('widens to take in a wider fight, never below FIGHT_PITCH_PX', () => {
    // Stones from G7 to N13: 8 points across, with a point of room each side at 30 px or more.
    const stones = [at(6, 6), at(13, 12), at(9, 9), at(10, 8)];
    const v = fightView(g19, PHONE, cellsWith(...stones), stones[3]!)!;
    expect(pitchOf(v)).toBeGreaterThanOrEqual(FIGHT_PITCH_PX - 1e-9);
    expect(pitchOf(v)).toBeLessThan(ZOOM_PITCH_PX);
    expect(
      showsBox(g19, v, { x0: 6 - HOLD_MARGIN, y0: 6 - HOLD_MARGIN, x1: 13 + HOLD_MARGIN, y1: 12 + HOLD_MARGIN }),
    ).toBe(true);
  });

  it('shows a fight too wide for the window where the last move is, with its reach', () => {
    const last = at(16, 3);
    const v = fightView(g19, PHONE, cellsWith(at(2, 15), K10, last), last)!;
    expect(pitchOf(v)).toBeCloseTo(FIGHT_PITCH_PX, 5);
    expect(showsBox(g19, v, around(last, KEEP_ZOOM_REACH))).toBe(true);
  });

  it('stays put (the same window) while a reply lands in the fight, so nothing moves under a finger', () => {
    const cells = cellsWith(K10, at(10, 9));
    const v = fightView(g19, PHONE, cells, at(10, 9))!;
    // Replies next to the stones: the window does not move.
    for (const reply of [at(8, 8), at(11, 10), at(9, 11), at(8, 10)]) {
      const after = cellsWith(K10, at(10, 9), reply);
      expect(nextView(g19, PHONE, v, after, reply)).toBe(v);
    }
  });

  it('changes when a move leaves the fight outside it, to a window that holds the whole fight', () => {
    const v = fightView(g19, PHONE, cellsWith(K10), K10)!;
    const far = at(14, 9);
    const cells = cellsWith(K10, far);
    expect(isShown(g19, v, far) && showsBox(g19, v, around(far, HOLD_MARGIN))).toBe(false);
    const next = nextView(g19, PHONE, v, cells, far);
    expect(next).not.toBe(v);
    expect(
      showsBox(g19, next, { x0: 9 - HOLD_MARGIN, y0: 9 - HOLD_MARGIN, x1: 14 + HOLD_MARGIN, y1: 9 + HOLD_MARGIN }),
    ).toBe(true);
    expect(pitchOf(next)).toBeGreaterThanOrEqual(FIGHT_PITCH_PX - 1e-9);
  });

  it("takes in room for the reply on the computer's turn, and after the reply moves only for one out of view", () => {
    // Black's stone two points right of the window's edge room: on the computer's turn the window refits
    // with FIGHT_MARGIN around the fight.
    const v = fightView(g19, PHONE, cellsWith(K10), K10)!;
    const black = at(12, 9);
    const cells = cellsWith(K10, at(10, 10), black);
    const refit = nextView(g19, PHONE, v, cells, black, { room: roomFor(true) });
    expect(
      showsBox(g19, refit, {
        x0: 9 - FIGHT_MARGIN,
        y0: 9 - FIGHT_MARGIN,
        x1: 12 + FIGHT_MARGIN,
        y1: 10 + FIGHT_MARGIN,
      }),
    ).toBe(true);
    // The reply at the window's last column: the player may be aiming, the window stays.
    const edge = at(12 + FIGHT_MARGIN, 11);
    const after = cellsWith(K10, at(10, 10), black, edge);
    expect(nextView(g19, PHONE, refit, after, edge, { room: roomFor(false) })).toBe(refit);
    // Shared by two players at the board, a point of room is kept.
    expect(nextView(g19, PHONE, refit, after, edge, { room: roomFor(undefined) })).not.toBe(refit);
    // A reply out of view moves the window (at once: use-board-zoom.ts) to show it.
    const far = at(3, 3);
    const moved = nextView(g19, PHONE, refit, cellsWith(K10, at(10, 10), black, far), far, { room: roomFor(false) });
    expect(isShown(g19, moved, far)).toBe(true);
  });

  it('shows a winning five whole at the end', () => {
    // A wide fight, a window on its right; White's five runs from B2 up the left edge.
    const five = [at(1, 17), at(1, 16), at(1, 15), at(1, 14), at(1, 13)];
    const cells = cellsWith(at(16, 2), ...five, at(9, 9));
    const v: View = { x: 100, y: 0, side: 110 };
    const next = nextView(g19, PHONE, v, cells, five[4]!, { keep: five });
    expect(showsBox(g19, next, boxOfPoints(19, five)!)).toBe(true);
    expect(pitchOf(next)).toBeGreaterThanOrEqual(FIGHT_PITCH_PX - 1e-9);
  });

  it('over seeded games of moves played near each other: every window at 30 px or more, the last move shown', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const rnd = rng(seed);
      const stones = [K10];
      let v = fightView(g19, PHONE, cellsWith(...stones), K10)!;
      let changes = 0;
      for (let move = 1; move < 50; move++) {
        const near = stones[Math.max(0, stones.length - 1 - Math.floor(rnd() * 4))]!;
        const x = Math.min(18, Math.max(0, (near % 19) + Math.floor(rnd() * 5) - 2));
        const y = Math.min(18, Math.max(0, Math.floor(near / 19) + Math.floor(rnd() * 5) - 2));
        const p = at(x, y);
        if (stones.includes(p)) continue;
        stones.push(p);
        const next = nextView(g19, PHONE, v, cellsWith(...stones), p);
        if (next !== v) changes++;
        v = next;
        expect(pitchOf(v)).toBeGreaterThanOrEqual(FIGHT_PITCH_PX - 1e-9);
        expect(showsBox(g19, v, { x0: x, y0: y, x1: x, y1: y })).toBe(true);
        expect(v.x).toBeGreaterThanOrEqual(0);
        expect(v.x + v.side).toBeLessThanOrEqual(g19.extent + 1e-9);
      }
      // The window moves now and then, not after most moves.
      expect(changes).toBeLessThan(20);
    }
  });
});
