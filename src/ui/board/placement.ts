/**
 * Placing a stone, as the play, puzzle and tutorial screens all do it: a tap previews a point (a ghost
 * stone and what the move would do), a second tap on it or Confirm places it; in one-tap mode a tap places
 * at once, in confirm mode only Confirm places, and in drag mode the preview follows the finger and the
 * stone goes down where it is lifted. The board (Board.tsx) turns touches, clicks and keys into points
 * (and zooms a board too dense to tap on the first touch); this is what the points then mean.
 *
 * A pure state machine: it knows no rules. The caller judges each point (the core's `previewMove`, and
 * whatever else decides whether the player may move now) and passes the verdict in; what comes out is the
 * preview to show, and a move to place or a refusal to say. `use-placement.ts` is the hook around it.
 */
import type { Result } from '../../core';
import type { InputMode } from '../../storage';
import * as m from '../words/paraglide/messages.js';

/** What a preview must say for the machine: where it is. (The caller's preview may hold much more.) */
export interface Previewed {
  readonly point: number;
}

/**
 * The machine's state: the preview, and the position it belongs to (any value the caller names it by). A
 * preview is shown only in the position it was made in: once the game moves on, or while the caller shows
 * another position (review: position null), it is not; back in its own position it is again.
 */
export interface Placement<P extends Previewed> {
  readonly preview: P | null;
  readonly at: unknown;
}

export const NO_PREVIEW: Placement<never> = { preview: null, at: null };

/** What a tap did: the state after it, and the move it placed or why the point was refused (or neither). */
export interface TapOutcome<P extends Previewed, R> {
  readonly state: Placement<P>;
  readonly place: P | null;
  readonly refused: R | null;
}

/** The preview shown in position `at` (null: none there, or `at` is null: no preview may show). */
export const shownPreview = <P extends Previewed>(s: Placement<P>, at: unknown): P | null =>
  at !== null && s.at === at ? s.preview : null;

/**
 * A point chosen (a tap, a click, Enter on the board's focused point, a dragging finger lifted), judged by
 * the caller. A refused point clears the preview and says why. An accepted one places at once in one-tap
 * mode, or when it is the point already previewed (two-tap and drag: the second tap, or the finger lifted
 * where the preview followed it); else it becomes the preview (confirm mode always previews).
 */
export function tap<P extends Previewed, R>(
  s: Placement<P>,
  at: unknown,
  mode: InputMode,
  point: number,
  judged: Result<P, R>,
): TapOutcome<P, R> {
  if (!judged.ok) return { state: NO_PREVIEW, place: null, refused: judged.error };
  const current = shownPreview(s, at);
  if (mode === 'one-tap' || (mode !== 'confirm' && current?.point === point))
    return { state: NO_PREVIEW, place: judged.value, refused: null };
  return { state: { preview: judged.value, at }, place: null, refused: null };
}

/**
 * The mode a tap is judged in. A touch on a zoomed board (a 19×19 board on a phone, at 30 px or more a
 * point, which does not move under the finger: board-view.ts) places at once in the default two-tap mode
 * where the screen asks for it (a game): the tap that zoomed was the look before the move, and a second
 * tap on every move was the most of a move's touches (measure:touches, issue 31: 2.05 touches a move with
 * it, 0 mis-hits without it). The keyboard, the mouse and the other modes are unchanged.
 */
export const modeForTap = (mode: InputMode, zoomedTouch: boolean, oneTapWhenZoomed: boolean): InputMode =>
  mode === 'two-tap' && zoomedTouch && oneTapWhenZoomed ? 'one-tap' : mode;

/**
 * A dragging finger over a point (drag mode), judged by the caller, or off the board (null). A point that
 * may be played becomes the preview; over one that may not, the preview stays where it was (nothing is
 * said until the finger is lifted); off the board, or a touch the system cancels, there is none.
 */
export function hover<P extends Previewed, R>(s: Placement<P>, at: unknown, judged: Result<P, R> | null): Placement<P> {
  if (judged === null) return NO_PREVIEW;
  return judged.ok ? { preview: judged.value, at } : s;
}

/** Confirm: the shown preview is placed (and the preview is gone); without one, nothing happens. */
export function confirm<P extends Previewed>(
  s: Placement<P>,
  at: unknown,
): { readonly state: Placement<P>; readonly place: P | null } {
  const current = shownPreview(s, at);
  return current ? { state: NO_PREVIEW, place: current } : { state: s, place: null };
}

/**
 * How a previewed stone is placed, by input mode, as a sentence to follow "Preview at K10." (with its
 * leading space where the language puts one between sentences). Getters, so each read is in the current
 * language.
 */
export const PLACE_HOW: Readonly<Record<InputMode, string>> = {
  get 'two-tap'() {
    return m.board_place_two_tap();
  },
  get confirm() {
    return m.board_place_confirm();
  },
  'one-tap': '',
  get drag() {
    return m.board_place_drag();
  },
};
