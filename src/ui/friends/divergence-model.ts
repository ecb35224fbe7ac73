/**
 * What the divergence sheet shows (issue 30, item 6): where this device's copy and a link's game part, and
 * each line's step there. Pure: the copy, the link's game and the keys in; the view out.
 */
import { type GameMoves, type GameResult, type Player, divergence, formatPoint, moverOf } from '../../core';

/** A line's step at the parting: a move, its ending (a resignation, time, a draw), or nothing yet. */
export type LineStep =
  | { readonly kind: 'move'; readonly side: Player; readonly point: string }
  | { readonly kind: 'end'; readonly result: GameResult }
  | { readonly kind: 'none' };

export interface DivergenceView {
  /** The first move (from 1) where the lines part. */
  readonly move: number;
  /** The moves both lines share. */
  readonly common: number;
  readonly mine: LineStep;
  readonly theirs: LineStep;
  /** The link was signed by another key than the one this copy pinned for the other side: their other device. */
  readonly otherDevice: boolean;
}

/** What `line` holds at move `ply` (from 1). */
export function stepAt(line: GameMoves, ply: number): LineStep {
  const point = line.moves[ply - 1];
  if (point !== undefined) return { kind: 'move', side: moverOf(ply), point: formatPoint(line.rules.size, point) };
  return line.result ? { kind: 'end', result: line.result } : { kind: 'none' };
}

/**
 * Where `mine` and `theirs` part, as the sheet shows it, or null when they do not (the link is the same
 * game, or one a later or earlier copy of it). `signer`: the key that signed the link; `pinned`: the key
 * this copy pinned for the other side.
 */
export function divergenceView(
  mine: GameMoves,
  theirs: GameMoves,
  signer: string | null,
  pinned: string | null,
): DivergenceView | null {
  const parted = divergence(mine, theirs);
  if (!parted) return null;
  const move = parted.firstDifference;
  return {
    move,
    common: parted.common,
    mine: stepAt(mine, move),
    theirs: stepAt(theirs, move),
    otherDevice: signer !== null && pinned !== null && signer !== pinned,
  };
}
