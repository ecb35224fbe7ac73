/**
 * The evaluation graph's geometry as values (EvalGraph.tsx draws it): where each position sits in the
 * graph's view box, inside a margin so that a dot at either end or at a sure win or loss is drawn whole,
 * and the curve through the evaluated positions only, broken where a position is not evaluated yet (no
 * line for moves the analysis has not reached).
 */

export interface GraphBox {
  readonly width: number;
  readonly height: number;
  /** The room kept on every side of the plot: at least a dot's radius and its outline. */
  readonly pad: number;
}

export interface GraphGeometry {
  /** The x of position k and the y of a chance (1: Black sure to win, at the top). */
  readonly x: (k: number) => number;
  readonly y: (chance: number) => number;
  /** The curve (an SVG path), and the area between it and the middle line. */
  readonly line: string;
  readonly area: string;
  /** The position nearest to a point at `viewX` across the view box (clamped to the game). */
  readonly positionAt: (viewX: number) => number;
}

export function graphGeometry(chances: readonly (number | null)[], box: GraphBox): GraphGeometry {
  const { width, height, pad } = box;
  const last = Math.max(1, chances.length - 1);
  const x = (k: number) => pad + (k / last) * (width - 2 * pad);
  const y = (chance: number) => pad + (1 - chance) * (height - 2 * pad);
  const mid = height / 2;
  const runs: [number, number][][] = [];
  chances.forEach((c, k) => {
    if (c === null) return;
    const point: [number, number] = [x(k), y(c)];
    if (k > 0 && chances[k - 1] !== null && runs.length) runs.at(-1)!.push(point);
    else runs.push([point]);
  });
  const at = ([px, py]: [number, number]) => `${px.toFixed(1)} ${py.toFixed(1)}`;
  const line = runs.map((run) => run.map((p, i) => `${i ? 'L' : 'M'}${at(p)}`).join('')).join('');
  const area = runs
    .map(
      (run) =>
        `M${run[0]![0].toFixed(1)} ${mid}${run.map((p) => `L${at(p)}`).join('')}L${run.at(-1)![0].toFixed(1)} ${mid}Z`,
    )
    .join('');
  const positionAt = (viewX: number) => Math.round(Math.min(1, Math.max(0, (viewX - pad) / (width - 2 * pad))) * last);
  return { x, y, line, area, positionAt };
}
