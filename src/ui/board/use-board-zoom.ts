/**
 * The board's zoom (board-view.ts says why): its own presentation state, never the caller's. The window on
 * screen (null: the whole board), whether the board is too dense to tap, and the window following play: a
 * move near its edge or out of view moves it there; a new game, an undo to the start, and a game won by a
 * five not wholly on screen show the whole board.
 */
import { type RefObject } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { type BoardGeometry, type View, centredOn, clampView, followMove, needsZoom, zoomedSide } from './board-view';

export interface BoardZoom {
  /** The window on screen (null: the whole board). */
  readonly view: View | null;
  /** The same, for handlers that run before the next render (a drag that zooms on touch-down). */
  readonly viewRef: RefObject<View | null>;
  readonly showView: (next: View | null) => void;
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
  lastMove: number | null | undefined,
  /** Whether the winning five (if any) is wholly in the window. */
  fiveShown: (view: View) => boolean,
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
  const zoomable = !disabled && needsZoom(geometry, widthPx);

  const [view, setView] = useState<View | null>(null);
  const viewRef = useRef<View | null>(null);
  const showView = (next: View | null) => {
    viewRef.current = next;
    setView(next);
  };
  const [panning, setPanning] = useState(false);
  const { extent } = geometry;

  // Opened zoomed in where play is (a friend's link: the game as it was left), once the width is known.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !zoomable) return;
    opened.current = true;
    if (openAt !== null && !viewRef.current) showView(centredOn(geometry, zoomedSide(geometry, widthPx), openAt));
  }, [zoomable]);

  // The window follows play: a move near its edge or out of view moves it there.
  useEffect(() => {
    const v = viewRef.current;
    if (!v) return;
    if (v.side >= extent || lastMove === null || lastMove === undefined || !fiveShown(v)) return showView(null);
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

  return { view, viewRef, showView, zoomable, widthPx, panning, setPanning };
}
