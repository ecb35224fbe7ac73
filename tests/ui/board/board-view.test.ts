import { describe, expect, it } from 'vitest';
import {
  type BoardGeometry,
  ZOOM_PITCH_PX,
  centredOn,
  fullPitchPx,
  isShown,
  needsZoom,
  revealPoint,
  unitsAt,
  zoomAround,
  zoomInAt,
  zoomedSide,
} from '../../../src/ui/board/board-view';

/** The geometry Board.tsx draws: 10 units a point, a margin of 14 with coordinates, 10 without. */
const board = (size: number, coordinates = true): BoardGeometry => {
  const margin = coordinates ? 14 : 10;
  return { size, cell: 10, margin, extent: margin + (size - 1) * 10 + 10 };
};
const g19 = board(19);
/** The board's drawn width on a 360 px phone: the screen less main's 0.75 rem padding each side. */
const PHONE_360 = 336;
const point = (g: BoardGeometry, x: number, y: number) => y * g.size + x;

describe('when the board zooms', () => {
  it('zooms 19x19 on phones, not 13x13 or 9x9 there, nor 19x19 on a tablet', () => {
    expect(fullPitchPx(g19, PHONE_360)).toBeCloseTo(16.5, 1);
    expect(needsZoom(g19, PHONE_360)).toBe(true);
    expect(needsZoom(g19, 388)).toBe(true); // Pixel 7, 412 px
    expect(needsZoom(board(13), PHONE_360)).toBe(false);
    expect(needsZoom(board(13, false), PHONE_360)).toBe(false);
    expect(needsZoom(board(9), PHONE_360)).toBe(false);
    expect(needsZoom(g19, 796)).toBe(false); // an 820 px tablet
    expect(needsZoom(g19, 0)).toBe(false); // not laid out yet
  });

  it('zooms to ZOOM_PITCH_PX between points, nine to eleven points across', () => {
    for (const width of [PHONE_360, 366, 388]) {
      const side = zoomedSide(g19, width);
      expect((width / side) * g19.cell).toBeCloseTo(ZOOM_PITCH_PX, 6);
      expect(side / g19.cell).toBeGreaterThanOrEqual(9);
      expect(side / g19.cell).toBeLessThanOrEqual(11);
    }
  });
});

describe('the zoomed window', () => {
  const side = zoomedSide(g19, PHONE_360);

  it('keeps the board point under the finger where it was', () => {
    for (const [fx, fy] of [
      [0.5, 0.5],
      [0.1, 0.8],
      [0, 1],
      [0.97, 0.03],
    ] as const) {
      const before = unitsAt(g19, null, fx, fy);
      const after = unitsAt(g19, zoomAround(g19, side, fx, fy), fx, fy);
      expect(after[0]).toBeCloseTo(before[0], 9);
      expect(after[1]).toBeCloseTo(before[1], 9);
    }
  });

  it('stays on the board when centred on a corner point', () => {
    const v = centredOn(g19, side, point(g19, 0, 0));
    expect(v).toEqual({ x: 0, y: 0, side });
    const far = centredOn(g19, side, point(g19, 18, 18));
    expect(far.x + far.side).toBeCloseTo(g19.extent, 9);
    expect(far.y + far.side).toBeCloseTo(g19.extent, 9);
  });

  it('moves just enough to show a point the keyboard moved to', () => {
    const v = centredOn(g19, side, point(g19, 9, 9));
    const right = point(g19, 14, 9);
    expect(isShown(g19, v, right)).toBe(false);
    const moved = revealPoint(g19, v, right);
    expect(isShown(g19, moved, right)).toBe(true);
    expect(moved.y).toBe(v.y);
    expect(moved.x - v.x).toBeLessThan(2.5 * g19.cell);
    expect(revealPoint(g19, v, point(g19, 9, 9))).toEqual(v);
  });
});

describe('zooming in near the edge', () => {
  const side = zoomedSide(g19, PHONE_360);
  /** Whether the point's whole square (a pitch across) is inside the window. */
  const whole = (v: { x: number; y: number; side: number }, x: number, y: number) => {
    const cx = g19.margin + x * g19.cell;
    const cy = g19.margin + y * g19.cell;
    return cx - 5 >= v.x && cx + 5 <= v.x + v.side && cy - 5 >= v.y && cy + 5 <= v.y + v.side;
  };

  it('never leaves the point under the finger cut by the window, wherever the finger is', () => {
    for (let x = 0; x < 19; x++) {
      for (let y = 0; y < 19; y += 3) {
        // The finger up to half a pitch off the point, each way.
        for (const off of [-0.49, 0, 0.49]) {
          const fx = (g19.margin + (x + off) * g19.cell) / g19.extent;
          const fy = (g19.margin + (y - off) * g19.cell) / g19.extent;
          expect(whole(zoomInAt(g19, side, fx, fy), x, y), `${x},${y} ${off}`).toBe(true);
        }
      }
    }
  });

  it('is the magnifying glass (zoomAround) where that already shows the point whole', () => {
    const fx = (g19.margin + 9 * g19.cell) / g19.extent;
    expect(zoomInAt(g19, side, fx, fx)).toEqual(zoomAround(g19, side, fx, fx));
  });
});
