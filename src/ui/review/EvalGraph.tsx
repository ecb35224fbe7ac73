/**
 * The evaluation graph: Black's win chance over the game's positions (up: Black is winning), the marked
 * moves as dots, and the shown position as a line. A tap (or a drag) anywhere on it shows that position.
 * For keyboards and screen readers the same jumps are the marked-move buttons and the move list.
 */
import { moveNumberOf } from '../../core';
import { type MoveVerdict, isMarked } from './analysis/game-analysis';
import { graphGeometry } from './analysis/graph';
import * as m from '../words/paraglide/messages.js';
import './review.css';

const WIDTH = 300;
const HEIGHT = 80;
/** The room around the plot, so that a dot at either end or at a sure win or loss is drawn whole. */
const GRAPH_PAD = 4; // the dot's radius (3) and half its outline (0.4), rounded up
const DOT_RADIUS = 3;

interface EvalGraphProps {
  /** Black's win chance at each position, null where not evaluated yet. */
  readonly chances: readonly (number | null)[];
  readonly verdicts: readonly (MoveVerdict | null)[];
  readonly shownPly: number;
  readonly onGo: (ply: number) => void;
}

export function EvalGraph({ chances, verdicts, shownPly, onGo }: EvalGraphProps) {
  const { x, y, line, area, positionAt } = graphGeometry(chances, { width: WIDTH, height: HEIGHT, pad: GRAPH_PAD });
  const mid = HEIGHT / 2;
  const marked = verdicts.filter((v): v is MoveVerdict => v !== null && isMarked(v.quality));

  const go = (e: PointerEvent) => {
    const box = (e.currentTarget as SVGSVGElement).getBoundingClientRect();
    if (box.width <= 0) return;
    onGo(positionAt(((e.clientX - box.left) / box.width) * WIDTH));
  };

  return (
    <svg
      class="eval-graph"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={m.review_graph_label({
        moves: m.review_graph_moves({ count: moveNumberOf(chances.length - 1) }),
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
      <line class="eval-graph-mid" x1={0} x2={WIDTH} y1={mid} y2={mid} />
      <path class="eval-graph-line" d={line} />
      <line class="eval-graph-now" x1={x(shownPly)} x2={x(shownPly)} y1={0} y2={HEIGHT} />
      {marked.map((v) => {
        const c = chances[v.ply + 1];
        return c === null || c === undefined ? null : (
          <circle key={v.ply} class={`eval-graph-dot q-${v.quality}`} cx={x(v.ply + 1)} cy={y(c)} r={DOT_RADIUS} />
        );
      })}
    </svg>
  );
}
