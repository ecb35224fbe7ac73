/**
 * The board: draws stones and markers and reports taps and keyboard choices. It knows no rules (the
 * chessground way): the caller passes the position and what to mark, and decides what a chosen point means
 * (the game screens through placement.ts: preview, confirm, drag; `usePlacement(...).board` fills the
 * input props).
 *
 * Accessibility: an ARIA grid of points named by coordinate ("K10, empty"); one point holds the focus
 * (roving tabindex), arrow keys move it and Enter or Space chooses it.
 *
 * Zoom (board-view.ts says why): when the points are too close to hit with a finger, the first touch on the
 * board zooms it in around the finger instead of choosing a point; the next taps choose at a pitch of 36 px.
 * The zoom is the board's own presentation state; the names of the points do not change with it. It stays
 * where play is (Pente is played close: the next moves are usually near the last ones, so the player does
 * not zoom in again for every move): a move near the window's edge or out of it moves the window to it at
 * the same zoom, so the player always sees the move just made and a typical move is two taps, preview and
 * confirm. The first time a tap only zooms, the board says so. A button below the board ("Whole board"), a
 * pinch and the end of the game (a five out of view) zoom out; while zoomed, one finger drags the window
 * around (the board takes the touch, not the page).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { COLUMN_LETTERS, formatPoint } from '../../core/coords';
import {
  type BoardGeometry,
  type View,
  centredOn,
  clampView,
  followMove,
  isShown,
  needsZoom,
  revealPoint,
  unitsAt,
  zoomInAt as zoomedAround,
  zoomedSide,
} from './board-view';

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
  /** Stones of a line to come (the engine's best line), drawn faint with their order: 1, 2, 3… */
  readonly ghosts?: readonly BoardGhost[];
  /** Labelled points on empty intersections, such as the openings book's moves with their win rates. */
  readonly marks?: readonly BoardMark[];
  readonly showCoordinates?: boolean;
  /** Drag mode: the preview sits above the finger while it moves, and the move is chosen on release. */
  readonly dragToPlace?: boolean;
  readonly disabled?: boolean;
  readonly onPoint: (point: number) => void;
  /** Drag mode only: the point under the lifted finger's preview, as it moves. */
  readonly onHover?: (point: number | null) => void;
}

export interface BoardGhost {
  readonly point: number;
  readonly player: 1 | 2;
  readonly label: string;
}

export interface BoardMark {
  readonly point: number;
  readonly label: string;
}

const CELL = 10;
/**
 * Whether the board has said "Zoomed in: tap your point" on this page yet. Said once: after the first tap
 * that only zoomed, a player knows what the next one does.
 */
let zoomNoteSaid = false;
const STONE_NAMES = ['empty', 'black stone', 'white stone'] as const;
/** A touch that moves further than this (in CSS pixels) is a drag, a pan or a scroll, not a tap. */
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
    ghosts = [],
    marks = [],
  } = props;
  const ghostAt = new Map(ghosts.map((g) => [g.point, g]));
  const markAt = new Map(marks.map((m) => [m.point, m]));
  const [cursor, setCursor] = useState(() => ((size * size) >> 1) as number);
  const svgRef = useRef<SVGSVGElement>(null);
  const focus = cursor < size * size ? cursor : (size * size) >> 1;

  const margin = showCoordinates ? CELL * 1.4 : CELL;
  const extent = margin + (size - 1) * CELL + CELL;
  const at = (i: number) => margin + i * CELL;
  const geometry: BoardGeometry = { size, extent, cell: CELL, margin };

  // The drawn width, which decides whether the board is too dense to tap (and so zooms).
  const [widthPx, setWidthPx] = useState(0);
  useLayoutEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    setWidthPx(svg.getBoundingClientRect().width);
    const watch = new ResizeObserver(() => setWidthPx(svg.getBoundingClientRect().width));
    watch.observe(svg);
    return () => watch.disconnect();
  }, []);
  const zoomable = !props.disabled && needsZoom(geometry, widthPx);

  // The window on screen (null: the whole board). The ref is the same value for handlers that run before
  // the next render (a drag that zooms on touch-down goes on in the zoomed board at once).
  const [view, setView] = useState<View | null>(null);
  const viewRef = useRef<View | null>(null);
  const showView = (next: View | null) => {
    viewRef.current = next;
    setView(next);
  };
  /** Following a finger that drags the zoomed board: no easing, or the board lags behind the finger. */
  const [panning, setPanning] = useState(false);

  // The window follows play (see the top): a move near its edge or out of view moves it there. A new
  // game or an undo to the start, and a game won by a five not wholly on screen, show the whole board.
  useEffect(() => {
    const v = viewRef.current;
    if (!v) return;
    const fiveOutOfView = !preview && !highlighted.every((p) => isShown(geometry, v, p));
    if (v.side >= extent || lastMove === null || lastMove === undefined || fiveOutOfView) return showView(null);
    const next = followMove(geometry, v, lastMove);
    if (next !== v) showView(next);
  }, [lastMove, extent]);
  // A board that grows past the threshold (a rotation, a wider window) needs no zoom; one that changes
  // width while zoomed keeps its centre at the new zoomed side.
  useEffect(() => {
    const v = viewRef.current;
    if (!v) return;
    if (!zoomable) return showView(null);
    const side = zoomedSide(geometry, widthPx);
    if (Math.abs(side - v.side) > 0.01)
      showView(clampView(geometry, v.x + (v.side - side) / 2, v.y + (v.side - side) / 2, side));
  }, [widthPx, zoomable]);

  /** Where a client position falls on the drawn board, as fractions of its width and height. */
  const fractionAt = (clientX: number, clientY: number): [number, number] | null => {
    const svg = svgRef.current;
    if (!svg) return null;
    const box = svg.getBoundingClientRect();
    return [(clientX - box.left) / box.width, (clientY - box.top) / box.height];
  };

  /** The board point under a client position (drag mode lifts it one and a half points above the finger). */
  const pointAt = (clientX: number, clientY: number, lift: boolean): number | null => {
    const f = fractionAt(clientX, clientY);
    if (!f) return null;
    const [ux, uy] = unitsAt(geometry, viewRef.current, f[0], f[1]);
    const x = Math.round((ux - margin) / CELL);
    const y = Math.round((uy - margin) / CELL - (lift ? 1.5 : 0));
    return x < 0 || y < 0 || x >= size || y >= size ? null : y * size + x;
  };

  /** Zooms in around a finger on the whole board. */
  const zoomInAt = (clientX: number, clientY: number) => {
    const f = fractionAt(clientX, clientY);
    if (f) showView(zoomedAround(geometry, zoomedSide(geometry, widthPx), f[0], f[1]));
  };
  /** "Zoomed in: tap your point", after the first tap that only zoomed (once a page: see zoomNoteSaid). */
  const [zoomNote, setZoomNote] = useState(false);

  const choose = (p: number) => {
    if (props.disabled) return;
    setCursor(p);
    props.onPoint(p);
  };

  /** The touch (or mouse press) in progress: where it began, the window then, and what it has done. */
  const gesture = useRef<{
    id: number;
    x: number;
    y: number;
    from: View | null;
    zoomedHere: boolean;
    moved: boolean;
  } | null>(null);
  /** Fingers on the board, for the pinch that zooms out. */
  const fingers = useRef(new Map<number, { x: number; y: number }>());
  const pinchFrom = useRef<number | null>(null);
  const spread = () => {
    const [a, b] = [...fingers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const endGesture = () => {
    gesture.current = null;
    setPanning(false);
  };

  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType === 'touch') fingers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (fingers.current.size >= 2) {
      // A second finger: a pinch, not a tap, a drag or a pan.
      if (gesture.current && props.dragToPlace) props.onHover?.(null);
      endGesture();
      pinchFrom.current = viewRef.current ? spread() : null;
      return;
    }
    const finger = e.pointerType === 'touch';
    let zoomedHere = false;
    if (props.dragToPlace && finger && zoomable && !viewRef.current) {
      // Drag mode zooms as the finger lands, and the same touch goes on to drag in the zoomed board.
      zoomInAt(e.clientX, e.clientY);
      zoomedHere = true;
    }
    gesture.current = { id: e.pointerId, x: e.clientX, y: e.clientY, from: viewRef.current, zoomedHere, moved: false };
    // The board keeps the touch it takes (drag, or a pan of the zoomed board) even off its edge.
    if (props.dragToPlace || viewRef.current) svgRef.current?.setPointerCapture?.(e.pointerId);
    if (props.dragToPlace) props.onHover?.(pointAt(e.clientX, e.clientY, true));
  };
  const onPointerMove = (e: PointerEvent) => {
    if (fingers.current.has(e.pointerId)) fingers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pinchFrom.current !== null) {
      // Fingers closing by a quarter zoom out, the way a photo is made smaller.
      if (spread() < pinchFrom.current * 0.75) {
        pinchFrom.current = null;
        showView(null);
      }
      return;
    }
    const g = gesture.current;
    if (!g || g.id !== e.pointerId) return;
    if (Math.hypot(e.clientX - g.x, e.clientY - g.y) > TAP_SLOP_PX) g.moved = true;
    if (props.dragToPlace) {
      props.onHover?.(pointAt(e.clientX, e.clientY, true));
    } else if (g.from && g.moved) {
      const svg = svgRef.current;
      if (!svg) return;
      const unitsPerPx = g.from.side / svg.getBoundingClientRect().width;
      setPanning(true);
      showView(
        clampView(
          geometry,
          g.from.x - (e.clientX - g.x) * unitsPerPx,
          g.from.y - (e.clientY - g.y) * unitsPerPx,
          g.from.side,
        ),
      );
    }
  };
  const onPointerUp = (e: PointerEvent) => {
    fingers.current.delete(e.pointerId);
    if (fingers.current.size < 2) pinchFrom.current = null;
    const g = gesture.current;
    if (!g || g.id !== e.pointerId) return;
    endGesture();
    if (props.dragToPlace) {
      props.onHover?.(null);
      // The touch that zoomed the board chose nothing unless it went on to drag.
      if (g.zoomedHere && !g.moved) return;
      const p = pointAt(e.clientX, e.clientY, true);
      if (p !== null) choose(p);
      return;
    }
    if (g.moved) return;
    if (e.pointerType === 'touch' && zoomable && !viewRef.current) {
      zoomInAt(e.clientX, e.clientY);
      if (!zoomNoteSaid) {
        zoomNoteSaid = true;
        setZoomNote(true);
      }
      return;
    }
    setZoomNote(false);
    const p = pointAt(e.clientX, e.clientY, false);
    if (p !== null) choose(p);
  };
  const onPointerCancel = (e: PointerEvent) => {
    fingers.current.delete(e.pointerId);
    pinchFrom.current = null;
    const g = gesture.current;
    if (!g || g.id !== e.pointerId) return;
    endGesture();
    props.onHover?.(null);
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
      // A zoomed board follows the focus, so the focused point is always on screen.
      const v = viewRef.current;
      if (v && !isShown(geometry, v, next)) showView(revealPoint(geometry, v, next));
      const target = svgRef.current?.querySelector(`[data-point="${next}"]`) as SVGGElement | null;
      target?.focus(v ? { preventScroll: true } : undefined);
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
      const ghost = stone === 0 ? ghostAt.get(p) : undefined;
      const mark = stone === 0 && !ghost ? markAt.get(p) : undefined;
      const label =
        `${formatPoint(size, p)}, ${STONE_NAMES[stone]}${preview?.point === p ? ', preview' : ''}` +
        (ghost ? `, line move ${ghost.label}` : '') +
        (mark ? `, book ${mark.label}` : '');
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
                class="book-mark"
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

  const scale = view ? extent / view.side : 1;
  const shift = view ? `translate(${-view.x * scale}px, ${-view.y * scale}px) scale(${scale})` : 'none';
  const classes = ['board'];
  if (props.disabled) classes.push('disabled');
  // The board takes the touch (no page scroll) when a drag places stones or moves the zoomed window.
  if (props.dragToPlace || view) classes.push('takes-touch');
  if (view) classes.push('zoomed');
  if (panning) classes.push('panning');

  return (
    <>
      <svg
        ref={svgRef}
        class={classes.join(' ')}
        viewBox={`0 0 ${extent} ${extent}`}
        role="grid"
        aria-label={`${size} by ${size} board`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onKeyDown={onKeyDown}
      >
        <g class="board-view" role="presentation" style={{ transform: shift }}>
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
        </g>
        {view && showCoordinates && (
          // The board's own coordinates scroll away with the zoom: its edges say where the window is.
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
        )}
      </svg>
      {zoomable && (
        <div class="board-zoom">
          <p class="zoom-note" aria-live="polite">
            {zoomNote && view ? 'Zoomed in: tap your point' : ''}
          </p>
          <button
            type="button"
            onClick={() => {
              setZoomNote(false);
              showView(view ? null : centredOn(geometry, zoomedSide(geometry, widthPx), lastMove ?? focus));
            }}
          >
            {view ? 'Whole board' : 'Zoom in'}
          </button>
        </div>
      )}
    </>
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
