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
 * board zooms it in (to the fight when the finger is on it) instead of choosing a point; the next taps
 * choose at a pitch of 30–36 px (in a game, one tap places: placement.ts's modeForTap). The zoom is the
 * board's own presentation state; the names of the points do not change with it. The window follows the
 * fight, the stones' box with room around it (board-view.ts's nextView), and never slides under a finger:
 * it changes only when a move leaves the fight outside it, at once, and taps aimed just before are ignored
 * (use-board-zoom.ts). The first time a tap only zooms, the board says so. A button below the board
 * ("Whole board") and a pinch zoom out; while zoomed, one finger drags the window around (the board takes
 * the touch, not the page).
 */
import { useRef, useState } from 'preact/hooks';
import { BoardBackground, ZoomCoords, pointCell } from './board-layers';
import { type BoardGeometry, centredOn, fightView, needsZoom, zoomedSide } from './board-view';
import { useBoardInput } from './use-board-input';
import { useBoardZoom } from './use-board-zoom';
import * as m from '../words/paraglide/messages.js';
import './board.css';

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
  /** Empty points drawn crossed out, such as where Renju's black may not play (the points come from core). */
  readonly crossed?: readonly number[];
  readonly showCoordinates?: boolean;
  /**
   * Where a board too dense to tap opens zoomed in (a friend game: around the last move, where play
   * is), instead of the whole board. Read when the board is first drawn.
   */
  readonly openZoomedAt?: number | null;
  /**
   * Whether no one at this board is to move (the computer or a distant player is; a puzzle's defence):
   * a zoomed window may then take in room for the reply, and after the reply it changes only if the reply
   * is out of view, so that it does not move as the player aims. Undefined: both players share the board.
   */
  readonly othersTurn?: boolean;
  /** Drag mode: the preview sits above the finger while it moves, and the move is chosen on release. */
  readonly dragToPlace?: boolean;
  readonly disabled?: boolean;
  /** A chosen point; `zoomedTouch`: chosen by a finger on the zoomed board (placement.ts's modeForTap). */
  readonly onPoint: (point: number, zoomedTouch?: boolean) => void;
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
  /** 'offer': one of Renju's fifth-stone offers (another colour, said as an offer); default: a book move. */
  readonly kind?: 'offer';
}

const CELL = 10;
const NO_POINTS: readonly number[] = [];

/**
 * The board as parts: its zoom (use-board-zoom.ts), its input (use-board-input.ts) and its layers
 * (board-layers.tsx: the wood and grid, one cell per point, the zoomed window's coordinates).
 */
export function Board(props: BoardProps) {
  const { size, lastMove, preview, highlighted = [], showCoordinates = false, ghosts = [], marks = [] } = props;
  const [cursor, setCursor] = useState(() => ((size * size) >> 1) as number);
  const svgRef = useRef<SVGSVGElement>(null);
  const focus = cursor < size * size ? cursor : (size * size) >> 1;

  const margin = showCoordinates ? CELL * 1.4 : CELL;
  const extent = margin + (size - 1) * CELL + CELL;
  const geometry: BoardGeometry = { size, extent, cell: CELL, margin };

  // The window follows the fight; a game won by a five shows it whole (not a preview's five to come).
  const zoom = useBoardZoom(
    svgRef,
    geometry,
    props.disabled ?? false,
    props.cells,
    lastMove,
    preview ? NO_POINTS : highlighted,
    props.othersTurn,
    props.openZoomedAt ?? null,
  );
  const { view, zoomable } = zoom;
  /** "Zoomed in: tap your point", after the first tap that only zoomed (once a page). */
  const [zoomNote, setZoomNote] = useState(false);
  const input = useBoardInput({ ...props, svgRef, geometry, zoom, focus, setCursor, setZoomNote });

  const layers = {
    props,
    ghostAt: new Map(ghosts.map((g) => [g.point, g])),
    markAt: new Map(marks.map((mark) => [mark.point, mark])),
    focus,
    setCursor,
  };
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = [];
    for (let x = 0; x < size; x++) row.push(pointCell(geometry, layers, x, y));
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
  if (zoom.panning) classes.push('panning');
  if (zoom.jumped) classes.push('jumped');

  return (
    <>
      <svg
        ref={svgRef}
        class={classes.join(' ')}
        viewBox={`0 0 ${extent} ${extent}`}
        role="grid"
        aria-label={m.board_label({ size })}
        {...input}
      >
        <g class="board-view" role="presentation" style={{ transform: shift }}>
          <BoardBackground g={geometry} showCoordinates={showCoordinates} />
          {rows}
        </g>
        {view && showCoordinates && <ZoomCoords g={geometry} view={view} scale={scale} />}
      </svg>
      {(zoomable || (view && needsZoom(geometry, zoom.widthPx))) && (
        <div class="board-zoom">
          <p class="zoom-note" aria-live="polite">
            {zoomNote && view ? m.board_zoom_note() : ''}
          </p>
          <button
            type="button"
            onClick={() => {
              setZoomNote(false);
              zoom.showView(
                view
                  ? null
                  : (fightView(geometry, zoom.widthPx, props.cells, lastMove ?? null) ??
                      centredOn(geometry, zoomedSide(geometry, zoom.widthPx), lastMove ?? focus)),
              );
            }}
          >
            {view ? m.board_whole() : m.board_zoom_in()}
          </button>
        </div>
      )}
    </>
  );
}
