/**
 * Where the notices go on the screen: a band across the viewport where they cover no control, if there is
 * one (nearest the bottom, where notices are looked for; else the one covering the least). Pure: the
 * shell (App.tsx) measures the page and moves the notices; they take no tap wherever they are.
 */

export interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

export interface ToastLayout {
  /** The height of the area the notices may take (the viewport within its safe-area insets). */
  readonly areaHeight: number;
  /** The notices' own box: its horizontal extent and its height (where it is now does not matter). */
  readonly left: number;
  readonly right: number;
  readonly height: number;
  /** The controls on screen, in the area's coordinates (top 0 is the area's top). */
  readonly controls: readonly Box[];
}

/** The gap kept between the notices and the viewport's edges. */
export const TOAST_MARGIN = 8;
/** The step of the positions tried, in CSS pixels. */
const STEP = 4;
/** The clear space kept above and below the notices: a control just touching them reads as covered. */
const CLEARANCE = 4;

function overlap(a: Box, b: Box): number {
  const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return across > 0 && down > 0 ? across * down : 0;
}

/**
 * The top (in the area's coordinates) for the notices: of the positions from the area's top edge to its
 * bottom edge, the one covering the least control area, nearest the bottom among equals.
 */
export function toastTop(layout: ToastLayout): number {
  const highest = TOAST_MARGIN;
  const lowest = Math.max(highest, layout.areaHeight - TOAST_MARGIN - layout.height);
  let best = lowest;
  let bestCovered = Infinity;
  for (let top = lowest; top >= highest - STEP; top -= STEP) {
    const y = Math.max(top, highest);
    const box = { left: layout.left, right: layout.right, top: y - CLEARANCE, bottom: y + layout.height + CLEARANCE };
    let covered = 0;
    for (const c of layout.controls) covered += overlap(box, c);
    if (covered < bestCovered) {
      best = y;
      bestCovered = covered;
      if (covered === 0) break;
    }
  }
  return best;
}
