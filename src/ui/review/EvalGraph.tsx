/**
 * The evaluation graph: Black's win chance over the game's positions (up: Black is winning), the marked
 * moves as dots, and the shown position as a line. A tap (or a drag) anywhere on it shows that position.
 * For keyboards and screen readers the same jumps are the marked-move buttons and the move list.
 */
import type { MoveVerdict } from './analysis/game-analysis';
import * as m from '../words/paraglide/messages.js';
import './review.css';

const WIDTH = 300;
const HEIGHT = 80;

interface EvalGraphProps {
  /** Black's win chance at each position, null where not evaluated yet. */
  readonly chances: readonly (number | null)[];
  readonly verdicts: readonly (MoveVerdict | null)[];
  readonly shownPly: number;
  readonly onGo: (ply: number) => void;
}

export function EvalGraph({ chances, verdicts, shownPly, onGo }: EvalGraphProps) {
  const last = Math.max(1, chances.length - 1);
  const x = (k: number) => (k / last) * WIDTH;
  const y = (chance: number) => (1 - chance) * HEIGHT;
  // The curve through the evaluated positions (an unevaluated gap is bridged by the line).
  const points: [number, number][] = [];
  chances.forEach((c, k) => c !== null && points.push([x(k), y(c)]));
  const line = points.map(([px, py], i) => `${i ? 'L' : 'M'}${px.toFixed(1)} ${py.toFixed(1)}`).join('');
  const area = points.length
    ? `M${points[0]![0].toFixed(1)} ${HEIGHT / 2}${points.map(([px, py]) => `L${px.toFixed(1)} ${py.toFixed(1)}`).join('')}L${points.at(-1)![0].toFixed(1)} ${HEIGHT / 2}Z`
    : '';
  const marked = verdicts.filter(
    (v): v is MoveVerdict =>
      v !== null && (v.quality === 'inaccuracy' || v.quality === 'mistake' || v.quality === 'blunder'),
  );

  const go = (e: PointerEvent) => {
    const box = (e.currentTarget as SVGSVGElement).getBoundingClientRect();
    if (box.width <= 0) return;
    const ratio = Math.min(1, Math.max(0, (e.clientX - box.left) / box.width));
    onGo(Math.round(ratio * last));
  };

  return (
    <svg
      class="eval-graph"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={m.review_graph_label({
        moves: m.review_graph_moves({ count: chances.length - 1 }),
        marked: m.review_graph_marked({ count: marked.length }),
      })}
      onPointerDown={(e) => {
        (e.currentTarget as SVGSVGElement).setPointerCapture?.(e.pointerId);
        go(e);
      }}
      onPointerMove={(e) => e.buttons && go(e)}
    >
      <rect class="eval-graph-bg" width={WIDTH} height={HEIGHT} />
      <path class="eval-graph-area" d={area} />
      <line class="eval-graph-mid" x1={0} x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} />
      <path class="eval-graph-line" d={line} />
      <line class="eval-graph-now" x1={x(shownPly)} x2={x(shownPly)} y1={0} y2={HEIGHT} />
      {marked.map((v) => {
        const c = chances[v.ply + 1];
        return c === null || c === undefined ? null : (
          <circle key={v.ply} class={`eval-graph-dot q-${v.quality}`} cx={x(v.ply + 1)} cy={y(c)} r={3} />
        );
      })}
    </svg>
  );
}
