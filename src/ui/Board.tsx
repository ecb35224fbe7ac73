/**
 * The board: draws stones and markers and reports taps and keyboard choices. It knows no rules (the
 * chessground way): the caller passes the position and what to mark, and decides what a chosen point means.
 *
 * Accessibility: an ARIA grid of points named by coordinate ("K10, empty"); one point holds the focus
 * (roving tabindex), arrow keys move it and Enter or Space chooses it.
 */
import { useRef, useState } from 'preact/hooks';
import { COLUMN_LETTERS, formatPoint } from '../core/coords';

export interface BoardProps {
  readonly size: number;
  readonly cells: ArrayLike<number>;
  readonly lastMove?: number | null;
  /** A ghost stone where the player is about to play. */
  readonly preview?: { readonly point: number; readonly player: 1 | 2 } | null;
  /** Stones to mark, such as those the previewed move would capture. */
  readonly marked?: readonly number[];
  /** Stones to highlight, such as the winning five. */
  readonly highlighted?: readonly number[];
  /** Points to shade, such as where the tournament rule forbids the next stone. */
  readonly shaded?: readonly number[];
  /** Move numbers to draw on stones: point → number. */
  readonly numbers?: ReadonlyMap<number, number> | null;
  /** A suggested point (hint) to ring. */
  readonly hint?: number | null;
  readonly showCoordinates?: boolean;
  /** Drag mode: the preview sits above the finger while it moves, and the move is chosen on release. */
  readonly dragToPlace?: boolean;
  readonly disabled?: boolean;
  readonly onPoint: (point: number) => void;
  /** Drag mode only: the point under the lifted finger's preview, as it moves. */
  readonly onHover?: (point: number | null) => void;
}

const CELL = 10;
const STONE_NAMES = ['empty', 'black stone', 'white stone'] as const;
/** A touch that moves further than this (in CSS pixels) is a drag or a scroll, not a tap. */
const TAP_SLOP_PX = 10;

export function Board(props: BoardProps) {
  const {
    size,
    cells,
    lastMove,
    preview,
    marked = [],
    highlighted = [],
    shaded = [],
    numbers,
    hint,
    showCoordinates,
  } = props;
  const [cursor, setCursor] = useState(() => ((size * size) >> 1) as number);
  const svgRef = useRef<SVGSVGElement>(null);
  const downAt = useRef<{ x: number; y: number; id: number } | null>(null);
  const focus = cursor < size * size ? cursor : (size * size) >> 1;

  const margin = showCoordinates ? CELL * 1.4 : CELL;
  const extent = margin + (size - 1) * CELL + CELL;
  const at = (i: number) => margin + i * CELL;

  /** The board point under a client position (drag mode lifts it one and a half points above the finger). */
  const pointAt = (clientX: number, clientY: number, lift: boolean): number | null => {
    const svg = svgRef.current;
    if (!svg) return null;
    const box = svg.getBoundingClientRect();
    const scale = extent / box.width;
    const x = Math.round(((clientX - box.left) * scale - margin) / CELL);
    const y = Math.round(((clientY - box.top) * scale - margin) / CELL - (lift ? 1.5 : 0));
    return x < 0 || y < 0 || x >= size || y >= size ? null : y * size + x;
  };

  const choose = (p: number) => {
    if (props.disabled) return;
    setCursor(p);
    props.onPoint(p);
  };

  const onPointerDown = (e: PointerEvent) => {
    downAt.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
    if (props.dragToPlace) props.onHover?.(pointAt(e.clientX, e.clientY, true));
  };
  const onPointerMove = (e: PointerEvent) => {
    if (props.dragToPlace && downAt.current?.id === e.pointerId) props.onHover?.(pointAt(e.clientX, e.clientY, true));
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = downAt.current;
    downAt.current = null;
    if (!start || start.id !== e.pointerId) return;
    if (props.dragToPlace) {
      props.onHover?.(null);
      const p = pointAt(e.clientX, e.clientY, true);
      if (p !== null) choose(p);
      return;
    }
    if (Math.hypot(e.clientX - start.x, e.clientY - start.y) > TAP_SLOP_PX) return;
    const p = pointAt(e.clientX, e.clientY, false);
    if (p !== null) choose(p);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const x = focus % size;
    const y = (focus - x) / size;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const step = moves[e.key];
    if (step) {
      e.preventDefault();
      const nx = Math.min(size - 1, Math.max(0, x + step[0]));
      const ny = Math.min(size - 1, Math.max(0, y + step[1]));
      const next = ny * size + nx;
      setCursor(next);
      (svgRef.current?.querySelector(`[data-point="${next}"]`) as SVGGElement | null)?.focus();
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose(focus);
    }
  };

  let lines = '';
  for (let i = 0; i < size; i++) lines += `M${at(0)} ${at(i)}H${at(size - 1)}M${at(i)} ${at(0)}V${at(size - 1)}`;
  const stars = starPoints(size);

  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = [];
    for (let x = 0; x < size; x++) {
      const p = y * size + x;
      const stone = cells[p] as 0 | 1 | 2;
      const label = `${formatPoint(size, p)}, ${STONE_NAMES[stone]}${preview?.point === p ? ', preview' : ''}`;
      row.push(
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
          {p === lastMove && stone !== 0 && !numbers && (
            <circle cx={at(x)} cy={at(y)} r={CELL * 0.13} class="last-move" />
          )}
          {preview?.point === p && (
            <circle cx={at(x)} cy={at(y)} r={CELL * 0.46} class={`stone ghost p${preview.player}`} />
          )}
          {hint === p && <circle cx={at(x)} cy={at(y)} r={CELL * 0.3} class="hint" />}
          {p === focus && (
            <rect class="cursor" x={at(x) - CELL / 2} y={at(y) - CELL / 2} width={CELL} height={CELL} rx={1.5} />
          )}
        </g>,
      );
    }
    rows.push(
      <g key={y} role="row">
        {row}
      </g>,
    );
  }

  return (
    <svg
      ref={svgRef}
      class={`board${props.disabled ? ' disabled' : ''}`}
      viewBox={`0 0 ${extent} ${extent}`}
      role="grid"
      aria-label={`${size} by ${size} board`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        downAt.current = null;
        props.onHover?.(null);
      }}
      onKeyDown={onKeyDown}
    >
      <rect class="wood" width={extent} height={extent} rx={CELL / 3} aria-hidden="true" />
      <path class="grid-lines" d={lines} aria-hidden="true" />
      {stars.map(([sx, sy]) => (
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
      {rows}
    </svg>
  );
}

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
