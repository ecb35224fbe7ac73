/**
 * What the board draws, layer by layer, in SVG units (board-view.ts's geometry): the wood, the grid lines,
 * the star points and the coordinates under everything; one grid cell per point with its stone and marks
 * (the ARIA grid's cells); and, while zoomed, the coordinates on the window's edges.
 */
import { COLUMN_LETTERS, formatPoint } from '../../core/coords';
import type { BoardGeometry, View } from './board-view';
import type { BoardProps } from './Board';
import * as m from '../words/paraglide/messages.js';
import './board.css';

const STONE_NAMES = [m.board_point_empty, m.board_point_black, m.board_point_white] as const;

/** The traditional marked points: the centre and the points three (or two, on 9x9) in from the corners. */
function starPoints(size: number): [number, number][] {
  const c = (size - 1) >> 1;
  const d = size >= 13 ? 3 : 2;
  const far = size - 1 - d;
  return [
    [c, c],
    [d, d],
    [far, d],
    [d, far],
    [far, far],
  ];
}

/** The wood, the grid lines, the star points and (when asked) the coordinates round the edge. */
export function BoardBackground({ g, showCoordinates }: { g: BoardGeometry; showCoordinates: boolean }) {
  const { size, extent, cell: CELL, margin } = g;
  const at = (i: number) => margin + i * CELL;
  let lines = '';
  for (let i = 0; i < size; i++) lines += `M${at(0)} ${at(i)}H${at(size - 1)}M${at(i)} ${at(0)}V${at(size - 1)}`;
  return (
    <>
      <rect class="wood" width={extent} height={extent} rx={CELL / 3} aria-hidden="true" />
      <path class="grid-lines" d={lines} aria-hidden="true" />
      {starPoints(size).map(([sx, sy]) => (
        <circle key={`${sx},${sy}`} class="star" cx={at(sx)} cy={at(sy)} r={CELL * 0.09} aria-hidden="true" />
      ))}
      {showCoordinates && (
        <g class="coords" aria-hidden="true">
          {Array.from({ length: size }, (_, i) => [
            <text key={`c${i}`} x={at(i)} y={margin * 0.45}>
              {COLUMN_LETTERS[i]}
            </text>,
            <text key={`r${i}`} x={margin * 0.45} y={at(i)}>
              {size - i}
            </text>,
          ])}
        </g>
      )}
    </>
  );
}

/** What a point shows: the caller's props with the lookups made once per render. */
export interface PointLayers {
  readonly props: BoardProps;
  readonly ghostAt: ReadonlyMap<number, { readonly player: 1 | 2; readonly label: string }>;
  readonly markAt: ReadonlyMap<number, { readonly label: string; readonly kind?: 'offer' }>;
  readonly focus: number;
  readonly setCursor: (point: number) => void;
}

/**
 * One point's grid cell: its hit area (shaded where the tournament rule forbids), the stone (won, marked),
 * its move number or the last-move dot, the preview, a line ghost with its order, a book tag, the hint
 * ring and the keyboard cursor. A plain function, not a component: 361 of them are drawn per render.
 */
export function pointCell(g: BoardGeometry, layers: PointLayers, x: number, y: number) {
  const { cell: CELL, margin, size } = g;
  const { props, ghostAt, markAt, focus, setCursor } = layers;
  const { cells, lastMove, preview, marked = [], highlighted = [], shaded = [], crossed = [], numbers, hint } = props;
  const at = (i: number) => margin + i * CELL;
  const p = y * size + x;
  const stone = cells[p] as 0 | 1 | 2;
  const ghost = stone === 0 ? ghostAt.get(p) : undefined;
  const mark = stone === 0 && !ghost ? markAt.get(p) : undefined;
  const parts = [formatPoint(size, p), STONE_NAMES[stone]()];
  if (preview?.point === p) parts.push(m.board_point_preview());
  if (ghost) parts.push(m.board_point_line_move({ label: ghost.label }));
  if (mark) parts.push((mark.kind === 'offer' ? m.board_point_offer : m.board_point_book)({ label: mark.label }));
  const cross = stone === 0 && !mark && crossed.includes(p);
  if (cross) parts.push(m.board_point_forbidden());
  const label = parts.join(m.board_separator());
  return (
    <g
      key={p}
      role="gridcell"
      data-point={p}
      aria-label={label}
      tabIndex={p === focus ? 0 : -1}
      onFocus={() => setCursor(p)}
    >
      <rect
        class={`hit${shaded.includes(p) ? ' shade' : ''}`}
        x={at(x) - CELL / 2}
        y={at(y) - CELL / 2}
        width={CELL}
        height={CELL}
      />
      {stone !== 0 && (
        <circle
          cx={at(x)}
          cy={at(y)}
          r={CELL * 0.46}
          class={`stone p${stone}${highlighted.includes(p) ? ' win' : ''}${marked.includes(p) ? ' marked' : ''}`}
        />
      )}
      {stone !== 0 && numbers?.has(p) && (
        <text x={at(x)} y={at(y)} class={`move-number p${stone}`}>
          {numbers.get(p)}
        </text>
      )}
      {p === lastMove && stone !== 0 && !numbers && <circle cx={at(x)} cy={at(y)} r={CELL * 0.13} class="last-move" />}
      {preview?.point === p && (
        <circle cx={at(x)} cy={at(y)} r={CELL * 0.46} class={`stone ghost p${preview.player}`} />
      )}
      {ghost &&
        preview?.point !== p && [
          <circle key="g" cx={at(x)} cy={at(y)} r={CELL * 0.42} class={`stone line-ghost p${ghost.player}`} />,
          <text key="t" x={at(x)} y={at(y)} class={`ghost-number p${ghost.player}`}>
            {ghost.label}
          </text>,
        ]}
      {mark &&
        preview?.point !== p && [
          <rect
            key="m"
            class={mark.kind === 'offer' ? 'book-mark offer' : 'book-mark'}
            x={at(x) - CELL * 0.45}
            y={at(y) - CELL * 0.32}
            width={CELL * 0.9}
            height={CELL * 0.64}
            rx={CELL * 0.12}
          />,
          <text key="t" x={at(x)} y={at(y)} class="book-mark-label">
            {mark.label}
          </text>,
        ]}
      {cross && preview?.point !== p && (
        <path
          class="forbidden-cross"
          d={`M${at(x) - CELL * 0.22} ${at(y) - CELL * 0.22}l${CELL * 0.44} ${CELL * 0.44}m0 ${-CELL * 0.44}l${-CELL * 0.44} ${CELL * 0.44}`}
        />
      )}
      {hint === p && <circle cx={at(x)} cy={at(y)} r={CELL * 0.3} class="hint" />}
      {p === focus && (
        <rect class="cursor" x={at(x) - CELL / 2} y={at(y) - CELL / 2} width={CELL} height={CELL} rx={1.5} />
      )}
    </g>
  );
}

/** The zoomed window's own coordinates on its top and left edges (the board's scroll away with the zoom). */
export function ZoomCoords({ g, view, scale }: { g: BoardGeometry; view: View; scale: number }) {
  const { size, extent, margin, cell } = g;
  const at = (i: number) => margin + i * cell;
  return (
    <g class="zoom-coords" aria-hidden="true">
      {Array.from({ length: size }, (_, i) => {
        const sx = (at(i) - view.x) * scale;
        const sy = (at(i) - view.y) * scale;
        // Each label on a wood tag of its own, so the grid line it sits on does not run into it
        // (a row's line read as a minus sign: "-13").
        return [
          view.y > 0 && sx > 8 && sx < extent - 3 && (
            <g key={`c${i}`}>
              <rect x={sx - 3.5} y={0} width={7} height={7} rx={1.5} />
              <text x={sx} y={3.5}>
                {COLUMN_LETTERS[i]}
              </text>
            </g>
          ),
          view.x > 0 && sy > 8 && sy < extent - 3 && (
            <g key={`r${i}`}>
              <rect x={0} y={sy - 3.5} width={8.5} height={7} rx={1.5} />
              <text x={4.25} y={sy}>
                {size - i}
              </text>
            </g>
          ),
        ];
      })}
    </g>
  );
}
