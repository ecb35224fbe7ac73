/**
 * The hook the play, puzzle and tutorial screens place stones with: the state machine of placement.ts
 * (tap to preview, tap again or Confirm to place, one-tap, confirm-only and drag modes) held for a screen.
 * The screen passes in how to judge a point (its rules come from the core) and gets events out: a move to
 * place, a refusal to say, a new preview. Spread `board` into the Board's props; Confirm calls `confirm`.
 */
import { useState } from 'preact/hooks';
import type { Result } from '../../core';
import type { InputMode } from '../../storage';
import { type Placement, type Previewed, NO_PREVIEW, confirm, hover, modeForTap, shownPreview, tap } from './placement';

export interface PlacementOptions<P extends Previewed, R> {
  readonly mode: InputMode;
  /** The position a preview belongs to (compared by identity; null: none may show, as in review). */
  readonly at: unknown;
  /** A touch on a zoomed board places at once in two-tap mode (placement.ts's modeForTap): a game. */
  readonly oneTapWhenZoomed?: boolean;
  /** Whether choices count now (false: taps, drags and Confirm do nothing, as while an answer is saved). */
  readonly enabled?: boolean;
  /** The caller's verdict on a point: the preview of the move there, or why it may not be played. */
  readonly judge: (point: number) => Result<P, R>;
  /** A move to place: a second tap, one tap in one-tap mode, a lifted finger in drag mode, or Confirm. */
  readonly onPlace: (preview: P) => void;
  /** A chosen point that may not be played, and why (the preview is gone). */
  readonly onRefuse?: (why: R, point: number) => void;
  /** A tap that made a preview (a drag's preview, which follows the finger, does not say so). */
  readonly onPreview?: (preview: P) => void;
}

export interface PlacementInput<P extends Previewed> {
  /** The preview shown now, if any. */
  readonly preview: P | null;
  /** Places the shown preview (the Confirm button). */
  readonly confirm: () => void;
  /** Drops the preview (a new puzzle or lesson, a move made). */
  readonly clear: () => void;
  /** The Board's input props. */
  readonly board: {
    readonly dragToPlace: boolean;
    readonly onPoint: (point: number, zoomedTouch?: boolean) => void;
    readonly onHover: (point: number | null) => void;
  };
}

export function usePlacement<P extends Previewed, R>(options: PlacementOptions<P, R>): PlacementInput<P> {
  const { mode, at, judge, onPlace, onRefuse, onPreview } = options;
  const enabled = options.enabled ?? true;
  // The state as this render drew it: a tap means what the player saw. (A lifted dragging finger is
  // reported off the board before it is chosen, in the same event: it places the preview it was showing.)
  const [state, setState] = useState<Placement<P>>(NO_PREVIEW);
  return {
    preview: shownPreview(state, at),
    clear: () => setState(NO_PREVIEW),
    confirm: () => {
      if (!enabled) return;
      const done = confirm(state, at);
      if (!done.place) return;
      setState(done.state);
      onPlace(done.place);
    },
    board: {
      dragToPlace: mode === 'drag',
      onPoint: (point, zoomedTouch = false) => {
        if (!enabled) return;
        const tapMode = modeForTap(mode, zoomedTouch, options.oneTapWhenZoomed ?? false);
        const done = tap(state, at, tapMode, point, judge(point));
        setState(done.state);
        if (done.refused !== null) onRefuse?.(done.refused, point);
        else if (done.place) onPlace(done.place);
        else if (done.state.preview) onPreview?.(done.state.preview);
      },
      onHover: (point) => {
        if (!enabled) return;
        const judged = point === null ? null : judge(point);
        setState((s) => hover(s, at, judged));
      },
    },
  };
}
