/**
 * Renju's Taraguchi-10 opening, as pente.org's RenjuState plays it, as data on the game state and the
 * rules that read it (what is due, where a stone may go). Taking the steps is opening.ts's; checking ten
 * offers against the position's symmetries is renju-offers.ts's.
 *
 * - Stone 1 on the centre, stone 2 within the centre's 3×3, stone 3 within its 5×5, stone 4 within 7×7.
 * - After each of stones 1–4 the seat to move next may take the other seat ("swap") or keep its own.
 * - After stone 4 (kept), black chooses: branch A, a fifth stone within the 9×9 (then white may swap once
 *   more), or branch B, ten fifth-stone offers (no two the same under the position's symmetries), of
 *   which white picks one as the fifth stone. A swap after stone 4 commits branch A (pente.org:
 *   `renjuSwapDecisionMade` calls `chooseBranch(false)`).
 * - Six stones on, the opening is over; from then on either side may pass, and two passes in a row draw.
 *
 * Seats are colours here (seat 1 is black): a swap exchanges the people between the seats, never the
 * stones, so `toMove` is always the colour to play and the swaps only say who sits where.
 */
import { type Point, centreOf, xOf, yOf } from './board';
import type { GameState, SeatChoice } from './game';

export interface RenjuOpening {
  /** The swap windows' choices in order: after stones 1–4, and after the fifth in branch A. */
  readonly swaps: readonly SeatChoice[];
  /** Branch B's ten fifth-stone offers (empty before they are made, and in branch A). */
  readonly offers: readonly Point[];
  /** The stone counts at which a side passed (after the opening), in order. */
  readonly passes: readonly number[];
}

export const RENJU_START: RenjuOpening = { swaps: [], offers: [], passes: [] };

/** Stones on the board when the opening is over and passes are allowed. */
export const RENJU_OPENING_STONES = 6;

/**
 * What the Renju opening wants next: a swap window's choice; black's branch (a fifth stone in the 9×9, or
 * ten offers); white's pick among the offers (a stone, one of them); or a stone (the area limits apply up
 * to the fifth).
 */
export type RenjuDue = 'swap' | 'branch' | 'pick' | 'stone';

export function renjuDue(state: GameState): RenjuDue {
  const n = state.moves.length;
  const { swaps, offers } = state.renju ?? RENJU_START;
  if (n >= 1 && n <= 4 && swaps.length < n) return 'swap';
  if (n === 4) return offers.length > 0 ? 'pick' : swaps[3] === 'keep' ? 'branch' : 'stone';
  if (n === 5 && offers.length === 0 && swaps.length < 5) return 'swap';
  return 'stone';
}

/** How far (in king moves) from the centre stone `ply` (0-based) may be: 0, 1, 2, 3, 4 (branch A), then any. */
export const renjuAreaLimit = (ply: number): number => (ply <= 4 ? ply : Infinity);

/** Whether `point` is within the opening's area for stone `ply` (0-based) on this board. */
export function withinRenjuArea(size: number, ply: number, point: Point): boolean {
  const c = centreOf(size);
  const d = Math.max(Math.abs(xOf(size, point) - xOf(size, c)), Math.abs(yOf(size, point) - yOf(size, c)));
  return d <= renjuAreaLimit(ply);
}

export type RenjuIllegal = 'seat-choice-due' | 'renju-area' | 'renju-not-offered';

/** Why a stone at the empty `point` breaks the opening, or null (game.ts words it). */
export function renjuIllegality(state: GameState, point: Point): RenjuIllegal | null {
  const due = renjuDue(state);
  if (due === 'swap') return 'seat-choice-due';
  if (due === 'pick') return state.renju!.offers.includes(point) ? null : 'renju-not-offered';
  return withinRenjuArea(state.rules.size, state.moves.length, point) ? null : 'renju-area';
}

/** Whether a pass may be made now: the opening is over and the game goes on. */
export const renjuPassAllowed = (state: GameState): boolean =>
  state.result === null && state.renju !== undefined && state.moves.length >= RENJU_OPENING_STONES;

/** Whether the people have changed seats an odd number of times (the one who began now plays white). */
export const renjuSeatsSwapped = (opening: RenjuOpening): boolean =>
  opening.swaps.filter((s) => s === 'swap').length % 2 === 1;
