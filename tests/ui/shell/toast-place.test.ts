import { describe, expect, it } from 'vitest';
import { type Box, TOAST_MARGIN, toastTop } from '../../../src/ui/shell/toast-place';

const row = (top: number, bottom: number, left = 0, right = 360): Box => ({ left, right, top, bottom });
const covers = (top: number, height: number, controls: readonly Box[], left = 60, right = 300) =>
  controls.some(
    (c) =>
      Math.min(right, c.right) - Math.max(left, c.left) > 0 &&
      Math.min(top + height, c.bottom) - Math.max(top, c.top) > 0,
  );

describe('where the notices go', () => {
  const base = { areaHeight: 640, left: 60, right: 300, height: 40 };

  it('at the bottom when nothing is there', () => {
    expect(toastTop({ ...base, controls: [] })).toBe(640 - TOAST_MARGIN - 40);
  });

  it('above a control at the bottom (a Start button), not over it', () => {
    const start = row(580, 630);
    const top = toastTop({ ...base, controls: [start] });
    expect(covers(top, 40, [start])).toBe(false);
    // As low as it can be: just above the button, with a little room.
    expect(top).toBeGreaterThan(500);
    expect(top + 40).toBeLessThanOrEqual(580);
  });

  it('in the one free band of a screen full of controls', () => {
    const controls = [row(0, 300), row(360, 640)];
    const top = toastTop({ ...base, controls });
    expect(covers(top, 40, controls)).toBe(false);
    expect(top).toBeGreaterThanOrEqual(300);
    expect(top + 40).toBeLessThanOrEqual(360);
  });

  it('beside controls it does not reach across (the header’s Back at the left)', () => {
    const back = row(8, 52, 12, 56);
    const everythingElse = row(60, 640);
    const top = toastTop({ ...base, controls: [back, everythingElse] });
    expect(covers(top, 40, [back, everythingElse])).toBe(false);
    expect(top + 40).toBeLessThanOrEqual(60);
  });

  it('where it covers the least when every band has a control', () => {
    // A small button at the top, a wide one everywhere else.
    const controls = [row(0, 30, 100, 140), row(30, 640)];
    const top = toastTop({ ...base, height: 20, controls });
    expect(top).toBe(TOAST_MARGIN);
  });

  it('within the area when the notices are taller than it', () => {
    expect(toastTop({ ...base, height: 700, controls: [] })).toBe(TOAST_MARGIN);
  });
});
