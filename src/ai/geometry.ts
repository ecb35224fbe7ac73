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

function lineWindows(
  size: number,
  span: number,
): { points: Int16Array; count: number; start: Int32Array; of: Int32Array } {
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
  const through: number[][] = Array.from({ length: size * size }, () => []);
  list.forEach((w, i) => {
    w.forEach((p, k) => {
      points[i * span + k] = p;
      through[p]!.push(i);
    });
  });
  const start = new Int32Array(size * size + 1);
  const of = new Int32Array(list.length * span);
  let n = 0;
  through.forEach((ws, p) => {
    start[p] = n;
    for (const w of ws) of[n++] = w;
  });
  start[size * size] = n;
  return { points, count: list.length, start, of };
}

const cache = new Map<string, Geometry>();

/** The geometry of a board size with the given capture lengths (cached: it never changes). */
export function geometry(size: number, captureLengths: readonly number[]): Geometry {
  const key = `${size}:${captureLengths.join(',')}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const five = lineWindows(size, 5);
  const captureWindows = new Map<number, CaptureWindows>();
  for (const length of captureLengths) {
    const w = lineWindows(size, length + 2);
    captureWindows.set(length, { span: length + 2, ...w });
  }
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
    neighbours,
    neighbourCount,
  };
  cache.set(key, g);
  return g;
}
