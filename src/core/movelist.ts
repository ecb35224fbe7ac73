/**
 * The move list as people read it: pente.org coordinates numbered by full moves ("1. K10 L9 2. G10 N9"),
 * each move marked with what it did. A capture is "×n" (the stones taken: 2 per pair, 3 for a Keryo
 * triple); in Poof-Pente a move that lost its own stones is "−n" (a minus sign, the stones lost). A move
 * that did both carries both marks, capture first ("×2 −2").
 */
import type { Player, Point } from './board';
import { formatPoint } from './coords';
import { type GameState, twoStoneTurnMover } from './game';
import type { Rules, Variant } from './variants';

export interface MoveListEntry {
  /** The ply this move leads to: the number of stones played once it is on the board (1 for the first). */
  readonly ply: number;
  /** The full-move number: a black move and the white reply after it share one. */
  readonly number: number;
  readonly player: Player;
  readonly point: Point;
  /** The point in pente.org notation, e.g. "K10". */
  readonly name: string;
  /** Stones this move captured. */
  readonly captured: number;
  /** Stones of the mover's this move lost (Poof-Pente). */
  readonly poofed: number;
}

/** One row of the list: a full move, its black move and (unless the game stopped there) the white reply. */
export interface MoveListRow {
  readonly number: number;
  readonly moves: readonly MoveListEntry[];
}

/** A move's full-move number, as the list numbers it: moves 1 and 2 (Black's and White's) are both 1. */
export const moveNumberOf = (ply: number): number => Math.ceil(ply / 2);

/** Who played stone `ply` (from 1): player 1 plays the odd ones. */
export const moverOf = (ply: number): Player => (ply % 2 === 1 ? 1 : 2);

/**
 * Which stone of its turn the stone at move `ply` is, and how many the turn has: {nth: 1, of: 1} in every
 * game but Connect6, whose first turn is one stone and every later one two ({nth: 1, of: 2}, {nth: 2, of: 2}).
 */
export function turnStone(rules: Rules, ply: number): { readonly nth: 1 | 2; readonly of: 1 | 2 } {
  if (!rules.variant.twoStoneTurns || ply === 0) return { nth: 1, of: 1 };
  return { nth: ply % 2 === 1 ? 1 : 2, of: 2 };
}

/**
 * Connect6 numbers turns, not full moves: a row of the list is one turn (the first stone alone, then two
 * stones of one colour), so ply 1 is turn 1, plies 2 and 3 turn 2, plies 4 and 5 turn 3.
 */
export const turnNumberOf = (ply: number): number => (ply >> 1) + 1;

/**
 * Stone `ply` (from 1) as the list numbers it: its row's number (a full move; in Connect6 a turn) and who
 * played it. What every message naming a move says (issue 31: one numbering everywhere).
 */
export function movePlaceOf(
  variant: Pick<Variant, 'twoStoneTurns'>,
  ply: number,
): { readonly number: number; readonly player: Player } {
  if (!variant.twoStoneTurns) return { number: moveNumberOf(ply), player: moverOf(ply) };
  return { number: turnNumberOf(ply), player: twoStoneTurnMover(ply - 1) };
}

/** A game of `plies` stones as a count of the list's rows (full moves; in Connect6 turns). */
export const movesCountOf = (variant: Pick<Variant, 'twoStoneTurns'>, plies: number): number =>
  plies === 0 ? 0 : movePlaceOf(variant, plies).number;

/**
 * A move named as the list numbers it, for wherever the review names one move on its own (the marked moves,
 * the verdict): "14. K10" for Black's, "14… L9" for White's (the reply of full move 14). `ply` is 1-based.
 */
export function formatNumberedMove(ply: number, player: Player, name: string): string {
  return `${moveNumberOf(ply)}${player === 1 ? '.' : '…'} ${name}`;
}

/** Every move of the game that led to `state`, in order, with what each did. */
export function moveListEntries(state: GameState): MoveListEntry[] {
  const size = state.rules.size;
  const numberOf = state.rules.variant.twoStoneTurns ? turnNumberOf : moveNumberOf;
  const entries: MoveListEntry[] = [];
  // The effects of a move live on the state it led to: walk the history back to the start.
  for (let s: GameState | null = state; s?.lastMove; s = s.parent) {
    const { point, player, captured, poofed } = s.lastMove;
    const ply = s.moves.length;
    entries.push({
      ply,
      number: numberOf(ply),
      player,
      point,
      name: formatPoint(size, point),
      captured: captured.length,
      poofed: poofed.length,
    });
  }
  return entries.reverse();
}

/** The marks of a move's effects: "×2", "−2", "×2 −2", or "" for a quiet move. */
export function moveMarks(entry: MoveListEntry): string {
  const marks: string[] = [];
  if (entry.captured) marks.push(`×${entry.captured}`);
  if (entry.poofed) marks.push(`−${entry.poofed}`);
  return marks.join(' ');
}

/** A move as written in the list: "L9", "L9 ×2". */
export function formatMoveEntry(entry: MoveListEntry): string {
  const marks = moveMarks(entry);
  return marks ? `${entry.name} ${marks}` : entry.name;
}

/** The entries grouped by full move, for a list of one row per full move. */
export function moveListRows(entries: readonly MoveListEntry[]): MoveListRow[] {
  const rows: MoveListRow[] = [];
  for (const entry of entries) {
    const last = rows[rows.length - 1];
    if (last?.number === entry.number) rows[rows.length - 1] = { number: last.number, moves: [...last.moves, entry] };
    else rows.push({ number: entry.number, moves: [entry] });
  }
  return rows;
}

/** The whole list on one line: "1. E5 F6 2. A1 G7 3. H8 ×2". */
export function formatMoveList(entries: readonly MoveListEntry[]): string {
  return moveListRows(entries)
    .map((row) => `${row.number}. ${row.moves.map(formatMoveEntry).join(' ')}`)
    .join(' ');
}
