/**
 * The board's zoom (board-view.ts says why): its own presentation state, never the caller's. The window on
 * screen (null: the whole board), whether the board is too dense to tap, and the window following the
 * fight (nextView): it stays put while the stones and a point of room around them are on screen, and when
 * a move leaves the fight outside it, it changes at once (no easing) in the same frame as the move is
 * drawn, and the taps begun just before or just after that change are ignored (they were aimed at the
 * board as it was). A new game and an undo to the start show the whole board; a board that is disabled for
 * a moment (a puzzle's defence) keeps its window.
 */
import { type RefObject } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import {
  type BoardGeometry,
  type View,
  centredOn,
  clampView,
  fightSides,
  fightView,
  needsZoom,
  nextView,
  roomFor,
  zoomedSide,
} from './board-view';

/**
 * A tap begun less than this after the window changed by itself was aimed at the board before the change
 * (a finger is about a quarter of a second behind the eye): it is ignored, not played somewhere else.
 */
export const JUMP_GUARD_MS = 250;

export interface BoardZoom {
  /** The window on screen (null: the whole board). */
  readonly view: View | null;
  /** The same, for handlers that run before the next render (a drag that zooms on touch-down). */
  readonly viewRef: RefObject<View | null>;
  /** Shows a window the player asked for (a zooming tap, the button, a drag): eased unless panning. */
  readonly showView: (next: View | null) => void;
  /** When the window last changed by itself (performance.now() time; -Infinity: never). */
  readonly jumpedAt: RefObject<number>;
  /** Whether the last change was the board's own (drawn at once, no easing). */
  readonly jumped: boolean;
  /** The board is too dense to tap: the first touch zooms. */
  readonly zoomable: boolean;
  /** The drawn width in CSS pixels. */
  readonly widthPx: number;
  /** Following a finger that drags the zoomed board: no easing, or the board lags behind the finger. */
  readonly panning: boolean;
  readonly setPanning: (on: boolean) => void;
}

export function useBoardZoom(
  svgRef: RefObject<SVGSVGElement | null>,
  geometry: BoardGeometry,
  disabled: boolean,
  cells: ArrayLike<number>,
  lastMove: number | null | undefined,
  /** Points the window must show whole (the winning five), unless a preview is being made. */
  keep: readonly number[],
  /** Whether no one at this board is to move now (board-view.ts's roomFor; undefined: both players are). */
  othersTurn: boolean | undefined,
  /** Where to open zoomed in, once the board is known to need it (null: the whole board). Read once. */
  openAt: number | null = null,
): BoardZoom {
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
  const dense = needsZoom(geometry, widthPx);
  const zoomable = !disabled && dense;

  const [view, setView] = useState<View | null>(null);
  const viewRef = useRef<View | null>(null);
  const [jumped, setJumped] = useState(false);
  const jumpedAt = useRef(-Infinity);
  const showView = (next: View | null) => {
    viewRef.current = next;
    setJumped(false);
    setView(next);
  };
  /** The board's own change of window: at once, and taps aimed before it are ignored. */
  const jumpTo = (next: View | null) => {
    viewRef.current = next;
    jumpedAt.current = performance.now();
    setJumped(true);
    setView(next);
  };
  const [panning, setPanning] = useState(false);
  const { extent } = geometry;

  // Opened zoomed in where play is (a friend's link: the game as it was left), once the width is known.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !zoomable) return;
    opened.current = true;
    if (openAt !== null && !viewRef.current)
      showView(
        fightView(geometry, widthPx, cells, openAt) ?? centredOn(geometry, zoomedSide(geometry, widthPx), openAt),
      );
  }, [zoomable]);

  // The window follows the fight, in the frame the move is drawn in (a layout effect: no frame shows the
  // new stone in the old window and then moves).
  useLayoutEffect(() => {
    const v = viewRef.current;
    if (!v) return;
    // A new board or a position with no last move (another lesson, a new game): the whole board, as for a
    // board first shown; no tap is ignored, as none was aimed at a window that moved under it.
    if (v.side >= extent || lastMove === null || lastMove === undefined) return showView(null);
    const next = nextView(geometry, widthPx, v, cells, lastMove, { keep, room: roomFor(othersTurn) });
    if (next !== v) jumpTo(next);
  }, [lastMove, extent, keep.join(), othersTurn]);
  // A board that grows past the threshold (a rotation, a wider window) needs no zoom; one that changes
  // width while zoomed keeps its centre at the new zoomed side. (A board disabled for a while keeps it.)
  useEffect(() => {
    const v = viewRef.current;
    if (!v) return;
    if (!dense) return showView(null);
    const { least, most } = fightSides(geometry, widthPx);
    const side = Math.min(most, Math.max(least, v.side));
    if (Math.abs(side - v.side) > 0.01)
      showView(clampView(geometry, v.x + (v.side - side) / 2, v.y + (v.side - side) / 2, side));
  }, [widthPx, dense]);

  return { view, viewRef, showView, jumpedAt, jumped, zoomable, widthPx, panning, setPanning };
}
