/**
 * Precomputed line geometry for one board size: every 5-point window (the line counter's unit), every
 * capture window (a run of capture length flanked by two points), and for each point the windows through
 * it, stored flat in typed arrays so the search reads them without allocating.
 */
import { AXES } from '../core';

export interface Geometry {
  readonly size: number;
  readonly points: number;
  /** Five-windows: points of window w at [w * 5, w * 5 + 5). */
  readonly windowPoints: Int16Array;
  readonly windowCount: number;
  /** Windows through point p: windowsOf[windowsStart[p] .. windowsStart[p + 1]). */
  readonly windowsStart: Int32Array;
  readonly windowsOf: Int32Array;
  /** Capture windows by capture length: [end, stones…, end]; see captureWindows(). */
  readonly captureWindows: ReadonlyMap<number, CaptureWindows>;
  /**
   * Every capture window of every length in one list, for the position's incremental update: window w's
   * points at capPoints[w * 5 ..] (its span: 4 or 5), its pattern table at capTable[w] (see CAPTURE_TABLE);
   * the windows through p at capOf[capStart[p] .. capStart[p + 1]), each with capMult, 3^(p's place in
   * the window), so that the window's base-3 code of its cells changes by (new - old) * capMult.
   */
  readonly capPoints: Int16Array;
  readonly capTable: Int32Array;
  readonly capStart: Int32Array;
  readonly capOf: Int32Array;
  readonly capMult: Int32Array;
  readonly capCount: number;
  /** Points within two of p (a 5x5 square without p): neighbours[p * 24 .. p * 24 + neighbourCount[p]). */
  readonly neighbours: Int16Array;
  readonly neighbourCount: Uint8Array;
}

export interface CaptureWindows {
  /** Points per window: the capture length plus the two ends. */
  readonly span: number;
  readonly points: Int16Array;
  readonly count: number;
  readonly start: Int32Array;
  readonly of: Int32Array;
}

export function lineWindows(
  size: number,
  span: number,
): { points: Int16Array; count: number; start: Int32Array; of: Int32Array; place: Int32Array } {
  const list: number[][] = [];
  for (const [dx, dy] of AXES) {
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const ex = x + (span - 1) * dx;
        const ey = y + (span - 1) * dy;
        if (ex < 0 || ey < 0 || ex >= size || ey >= size) continue;
        const w: number[] = [];
        for (let k = 0; k < span; k++) w.push((y + k * dy) * size + x + k * dx);
        list.push(w);
      }
    }
  }
  const points = new Int16Array(list.length * span);
  const through: [number, number][][] = Array.from({ length: size * size }, () => []);
  list.forEach((w, i) => {
    w.forEach((p, k) => {
      points[i * span + k] = p;
      through[p]!.push([i, k]);
    });
  });
  const start = new Int32Array(size * size + 1);
  const of = new Int32Array(list.length * span);
  const place = new Int32Array(list.length * span);
  let n = 0;
  through.forEach((ws, p) => {
    start[p] = n;
    for (const [w, k] of ws) {
      place[n] = k;
      of[n++] = w;
    }
  });
  start[size * size] = n;
  return { points, count: list.length, start, of, place };
}

/**
 * The capture patterns of a window of span 4 or 5 by its base-3 code (cell k, 0 empty / 1 / 2, times 3^k):
 * at CAPTURE_TABLE[(span - 4) * 81 + code], 0 when the window offers nothing, else
 *   bits 0–1: the player who captures by playing at one end (the run between is the other's);
 *   bits 2–4: which end that is (0 or span - 1);
 *   bits 5–6: the player who makes a capture threat (X O O _, or X O O O _ in span 5) by playing either
 *   end, both ends being empty;
 *   bit 7: set in span 5 (so the threat's far end is cell 4, not 3).
 */
export const CAPTURE_TABLE: Int32Array = (() => {
  const table = new Int32Array(81 + 243);
  for (const span of [4, 5]) {
    const codes = 3 ** span;
    for (let code = 0; code < codes; code++) {
      const cell: number[] = [];
      for (let k = 0, c = code; k < span; k++, c = Math.floor(c / 3)) cell.push(c % 3);
      const middle = cell[1]!;
      if (middle === 0 || cell.slice(1, span - 1).some((c) => c !== middle)) continue;
      const capturer = 3 - middle;
      const first = cell[0]!;
      const last = cell[span - 1]!;
      let v = 0;
      if (first === 0 && last === capturer) v = capturer;
      else if (last === 0 && first === capturer) v = capturer | ((span - 1) << 2);
      else if (first === 0 && last === 0) v = (capturer << 5) | (span === 5 ? 1 << 7 : 0);
      table[(span - 4) * 81 + code] = v;
    }
  }
  return table;
})();

const cache = new Map<string, Geometry>();

/** The geometry of a board size with the given capture lengths (cached: it never changes). */
export function geometry(size: number, captureLengths: readonly number[]): Geometry {
  const key = `${size}:${captureLengths.join(',')}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const five = lineWindows(size, 5);
  const captureWindows = new Map<number, CaptureWindows>();
  const flat: ReturnType<typeof lineWindows>[] = [];
  for (const length of captureLengths) {
    if (length < 2 || length > 3) throw new Error(`Capture length ${length} is not supported (2 or 3).`);
    const w = lineWindows(size, length + 2);
    flat.push(w);
    captureWindows.set(length, { span: length + 2, points: w.points, count: w.count, start: w.start, of: w.of });
  }
  // All lengths in one list: each length's windows after the previous length's.
  const capCount = flat.reduce((n, w) => n + w.count, 0);
  const capPoints = new Int16Array(capCount * 5);
  const capTable = new Int32Array(capCount);
  const capStart = new Int32Array(size * size + 1);
  const through = flat.reduce((n, w) => n + w.of.length, 0);
  const capOf = new Int32Array(through);
  const capMult = new Int32Array(through);
  let offset = 0;
  for (const w of flat) {
    const span = w.points.length / w.count;
    for (let i = 0; i < w.count; i++) {
      capTable[offset + i] = (span - 4) * 81;
      for (let k = 0; k < span; k++) capPoints[(offset + i) * 5 + k] = w.points[i * span + k]!;
    }
    offset += w.count;
  }
  let n = 0;
  for (let p = 0; p < size * size; p++) {
    capStart[p] = n;
    offset = 0;
    for (const w of flat) {
      for (let i = w.start[p]!; i < w.start[p + 1]!; i++) {
        capOf[n] = offset + w.of[i]!;
        capMult[n++] = 3 ** w.place[i]!;
      }
      offset += w.count;
    }
  }
  capStart[size * size] = n;
  const neighbours = new Int16Array(size * size * 24);
  const neighbourCount = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const p = y * size + x;
      let n = 0;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if ((dx === 0 && dy === 0) || nx < 0 || ny < 0 || nx >= size || ny >= size) continue;
          neighbours[p * 24 + n++] = ny * size + nx;
        }
      }
      neighbourCount[p] = n;
    }
  }
  const g: Geometry = {
    size,
    points: size * size,
    windowPoints: five.points,
    windowCount: five.count,
    windowsStart: five.start,
    windowsOf: five.of,
    captureWindows,
    capPoints,
    capTable,
    capStart,
    capOf,
    capMult,
    capCount,
    neighbours,
    neighbourCount,
  };
  cache.set(key, g);
  return g;
}
