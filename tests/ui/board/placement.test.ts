import { describe, expect, it } from 'vitest';
import { type Result, err, ok, parsePoint, previewMove } from '../../../src/core';
import type { InputMode } from '../../../src/storage';
import {
  type Placement,
  NO_PREVIEW,
  PLACE_HOW,
  confirm,
  hover,
  modeForTap,
  shownPreview,
  tap,
} from '../../../src/ui/board/placement';
import { game } from '../../helpers';

/** A preview as the machine sees it: a point (a caller's holds the move's marks and resulting state). */
interface Ghost {
  readonly point: number;
}
type Verdict = Result<Ghost, string>;

const HERE = { position: 'here' };
const legal = (point: number): Verdict => ok({ point });
const refused = (why: string): Verdict => err(why);

/** Taps a sequence of points, all legal, in one position; returns what was placed and the state after. */
function taps(mode: InputMode, points: number[], from: Placement<Ghost> = NO_PREVIEW) {
  let s = from;
  const placed: number[] = [];
  for (const p of points) {
    const out = tap(s, HERE, mode, p, legal(p));
    s = out.state;
    if (out.place) placed.push(out.place.point);
  }
  return { placed, preview: shownPreview(s, HERE)?.point ?? null, state: s };
}

describe('placing a stone', () => {
  it('two-tap: a tap previews, a second tap on the same point places, a tap elsewhere moves the preview', () => {
    expect(taps('two-tap', [10])).toMatchObject({ placed: [], preview: 10 });
    expect(taps('two-tap', [10, 10])).toMatchObject({ placed: [10], preview: null });
    expect(taps('two-tap', [10, 11])).toMatchObject({ placed: [], preview: 11 });
    expect(taps('two-tap', [10, 11, 11])).toMatchObject({ placed: [11], preview: null });
  });

  it('one-tap places at once; confirm mode only previews, and Confirm places', () => {
    expect(taps('one-tap', [10])).toMatchObject({ placed: [10], preview: null });
    const previewed = taps('confirm', [10, 10]);
    expect(previewed).toMatchObject({ placed: [], preview: 10 });
    const done = confirm(previewed.state, HERE);
    expect(done.place?.point).toBe(10);
    expect(shownPreview(done.state, HERE)).toBeNull();
  });

  it('Confirm places the preview in two-tap mode too, and without a preview does nothing', () => {
    expect(confirm(taps('two-tap', [7]).state, HERE).place?.point).toBe(7);
    const none = confirm(NO_PREVIEW, HERE);
    expect(none).toEqual({ state: NO_PREVIEW, place: null });
  });

  it('a refused point clears the preview and says why, in every mode', () => {
    for (const mode of ['two-tap', 'one-tap', 'confirm', 'drag'] as const) {
      const out = tap(taps('confirm', [10]).state, HERE, mode, 11, refused('That point is taken.'));
      expect(out).toEqual({ state: NO_PREVIEW, place: null, refused: 'That point is taken.' });
    }
  });

  it('drag: the preview follows the finger over points that may be played, and the lifted finger places', () => {
    let s: Placement<Ghost> = NO_PREVIEW;
    s = hover(s, HERE, legal(20));
    s = hover(s, HERE, legal(21));
    expect(shownPreview(s, HERE)?.point).toBe(21);
    // Over a point that may not be played the preview stays where it was, and nothing is said yet.
    s = hover(s, HERE, refused('no'));
    expect(shownPreview(s, HERE)?.point).toBe(21);
    // Lifted where the preview is: placed.
    expect(tap(s, HERE, 'drag', 21, legal(21)).place?.point).toBe(21);
    // Lifted over the refused point: refused, and said.
    expect(tap(s, HERE, 'drag', 22, refused('no'))).toMatchObject({ place: null, refused: 'no' });
    // Off the board (or a cancelled touch): no preview.
    expect(hover(s, HERE, null)).toBe(NO_PREVIEW);
  });

  it('a preview belongs to its position: not shown in another (or in review), shown again back in its own', () => {
    const { state } = taps('two-tap', [10]);
    const later = { position: 'after a move' };
    expect(shownPreview(state, later)).toBeNull();
    expect(shownPreview(state, null)).toBeNull();
    expect(shownPreview(state, HERE)?.point).toBe(10);
    // A tap on the same point in the new position previews it there; it does not place the old preview.
    const out = tap(state, later, 'two-tap', 10, legal(10));
    expect(out.place).toBeNull();
    expect(shownPreview(out.state, later)?.point).toBe(10);
    // Confirm in another position places nothing.
    expect(confirm(state, later).place).toBeNull();
  });

  it("knows no rules: the caller's judge (here the core's previewMove) decides, and its refusal comes out whole", () => {
    const position = game({}, 'K10 L9');
    const at = (name: string) => parsePoint(19, name)!;
    const judge = (p: number) => previewMove(position, p);
    const taken = tap(NO_PREVIEW, position, 'two-tap', at('K10'), judge(at('K10')));
    expect(taken.refused?.reason).toBe('occupied');
    const first = tap(NO_PREVIEW, position, 'two-tap', at('K13'), judge(at('K13')));
    expect(first.state.preview?.player).toBe(1);
    const second = tap(first.state, position, 'two-tap', at('K13'), judge(at('K13')));
    expect(second.place?.next.moves.length).toBe(3);
  });

  it('says how a preview is placed in each mode', () => {
    expect(PLACE_HOW['two-tap']).toBe(' Tap it again, or press Confirm, to place it.');
    expect(PLACE_HOW['one-tap']).toBe('');
  });
});

describe('a touch on a zoomed board', () => {
  it('places at once in the default two-tap mode where the screen asks (a game), and only there', () => {
    expect(modeForTap('two-tap', true, true)).toBe('one-tap');
    expect(modeForTap('two-tap', false, true)).toBe('two-tap'); // the whole board, a mouse, the keyboard
    expect(modeForTap('two-tap', true, false)).toBe('two-tap'); // puzzles and lessons keep the preview
    for (const mode of ['one-tap', 'confirm', 'drag'] as const) expect(modeForTap(mode, true, true)).toBe(mode);
  });
});
