/**
 * The board's input: taps, drags, pans and pinches of the pointer, and the arrow keys, Enter and Space of
 * the keyboard, turned into chosen points (the caller's onPoint) and moves of the zoomed window. A touch
 * that moves further than a tap is a drag (drag mode), a pan (a zoomed board) or a scroll; on a board too
 * dense to tap, the first touch zooms instead of choosing; fingers closing by a quarter zoom out.
 */
import { type RefObject } from 'preact';
import { useRef } from 'preact/hooks';
import {
  type BoardGeometry,
  type View,
  clampView,
  fightView,
  isShown,
  revealPoint,
  unitsAt,
  zoomInAt,
  zoomedSide,
} from './board-view';
import { type BoardZoom, JUMP_GUARD_MS } from './use-board-zoom';

/** A touch that moves further than this (in CSS pixels) is a drag, a pan or a scroll, not a tap. */
const TAP_SLOP_PX = 10;

/**
 * Whether the board has said "Zoomed in: tap your point" on this page yet. Said once: after the first tap
 * that only zoomed, a player knows what the next one does.
 */
let zoomNoteSaid = false;

export interface BoardInputOptions {
  readonly svgRef: RefObject<SVGSVGElement | null>;
  readonly geometry: BoardGeometry;
  readonly zoom: BoardZoom;
  /** The focused point (roving tabindex) and how to move it. */
  readonly focus: number;
  readonly setCursor: (point: number) => void;
  /** Shows or hides "Zoomed in: tap your point". */
  readonly setZoomNote: (shown: boolean) => void;
  /** The position and its last move: a zooming tap on the fight zooms to the fight's window. */
  readonly cells: ArrayLike<number>;
  readonly lastMove?: number | null;
  readonly dragToPlace?: boolean;
  readonly disabled?: boolean;
  readonly onPoint: (point: number, zoomedTouch?: boolean) => void;
  readonly onHover?: (point: number | null) => void;
}

export interface BoardInput {
  readonly onPointerDown: (e: PointerEvent) => void;
  readonly onPointerMove: (e: PointerEvent) => void;
  readonly onPointerUp: (e: PointerEvent) => void;
  readonly onPointerCancel: (e: PointerEvent) => void;
  readonly onKeyDown: (e: KeyboardEvent) => void;
}

export function useBoardInput(o: BoardInputOptions): BoardInput {
  const { svgRef, geometry, zoom } = o;
  const { viewRef, showView } = zoom;
  const { size, margin, cell } = geometry;

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
    const x = Math.round((ux - margin) / cell);
    const y = Math.round((uy - margin) / cell - (lift ? 1.5 : 0));
    return x < 0 || y < 0 || x >= size || y >= size ? null : y * size + x;
  };

  /**
   * Zooms in around a finger on the whole board: to the fight's window when the finger is on it (where
   * the board will stay while play goes on there), else around the finger.
   */
  const zoomInAround = (clientX: number, clientY: number) => {
    const f = fractionAt(clientX, clientY);
    if (!f) return;
    const fight = fightView(geometry, zoom.widthPx, o.cells, o.lastMove ?? null);
    const under = pointAt(clientX, clientY, false);
    showView(
      fight && under !== null && isShown(geometry, fight, under)
        ? fight
        : zoomInAt(geometry, zoomedSide(geometry, zoom.widthPx), f[0], f[1]),
    );
  };

  const choose = (p: number, zoomedTouch = false) => {
    if (o.disabled) return;
    o.setCursor(p);
    o.onPoint(p, zoomedTouch);
  };

  /** The touch (or mouse press) in progress: where it began, the window then, and what it has done. */
  const gesture = useRef<{
    id: number;
    x: number;
    y: number;
    from: View | null;
    /** When the finger came down (the event's time, as performance.now() counts). */
    at: number;
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
    zoom.setPanning(false);
  };

  const onPointerDown = (e: PointerEvent) => {
    if (e.pointerType === 'touch') fingers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (fingers.current.size >= 2) {
      // A second finger: a pinch, not a tap, a drag or a pan.
      if (gesture.current && o.dragToPlace) o.onHover?.(null);
      endGesture();
      pinchFrom.current = viewRef.current ? spread() : null;
      return;
    }
    const finger = e.pointerType === 'touch';
    let zoomedHere = false;
    if (o.dragToPlace && finger && zoom.zoomable && !viewRef.current) {
      // Drag mode zooms as the finger lands, and the same touch goes on to drag in the zoomed board.
      zoomInAround(e.clientX, e.clientY);
      zoomedHere = true;
    }
    gesture.current = {
      id: e.pointerId,
      x: e.clientX,
      y: e.clientY,
      from: viewRef.current,
      at: e.timeStamp,
      zoomedHere,
      moved: false,
    };
    // The board keeps the touch it takes (drag, or a pan of the zoomed board) even off its edge.
    if (o.dragToPlace || viewRef.current) svgRef.current?.setPointerCapture?.(e.pointerId);
    if (o.dragToPlace) o.onHover?.(pointAt(e.clientX, e.clientY, true));
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
    if (o.dragToPlace) {
      o.onHover?.(pointAt(e.clientX, e.clientY, true));
    } else if (g.from && g.moved) {
      const svg = svgRef.current;
      if (!svg) return;
      const unitsPerPx = g.from.side / svg.getBoundingClientRect().width;
      zoom.setPanning(true);
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
    if (o.dragToPlace) {
      o.onHover?.(null);
      // The touch that zoomed the board chose nothing unless it went on to drag.
      if (g.zoomedHere && !g.moved) return;
      const p = pointAt(e.clientX, e.clientY, true);
      if (p !== null) choose(p);
      return;
    }
    if (g.moved) return;
    // The window changed by itself while the finger was on its way: it was aimed at the board before.
    if (g.at < zoom.jumpedAt.current + JUMP_GUARD_MS && e.timeStamp >= zoom.jumpedAt.current) return;
    if (e.pointerType === 'touch' && zoom.zoomable && !viewRef.current) {
      zoomInAround(e.clientX, e.clientY);
      if (!zoomNoteSaid) {
        zoomNoteSaid = true;
        o.setZoomNote(true);
      }
      return;
    }
    o.setZoomNote(false);
    const p = pointAt(e.clientX, e.clientY, false);
    if (p !== null) choose(p, e.pointerType === 'touch' && zoom.zoomable && !!viewRef.current);
  };
  const onPointerCancel = (e: PointerEvent) => {
    fingers.current.delete(e.pointerId);
    pinchFrom.current = null;
    const g = gesture.current;
    if (!g || g.id !== e.pointerId) return;
    endGesture();
    o.onHover?.(null);
  };

  return { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onKeyDown: keyHandler(o, choose) };
}

/** The keyboard: arrows move the focus (a zoomed window follows it), Enter or Space chooses the point. */
function keyHandler(o: BoardInputOptions, choose: (point: number) => void): (e: KeyboardEvent) => void {
  const { svgRef, geometry, focus } = o;
  const { viewRef, showView } = o.zoom;
  const { size } = geometry;
  return (e: KeyboardEvent) => {
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
      o.setCursor(next);
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
}
