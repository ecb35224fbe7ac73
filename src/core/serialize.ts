/** The plain JSON view of a game state that tools print (the CLI and the engine's `state` command). */
import type { Player } from './board';
import type { GameResult, GameState } from './game';
import { actingSeat } from './opening';

export interface StateJson {
  /** The seat that acts next: the side to move, or in an opening protocol the seat whose step is due. */
  readonly toMove: Player;
  readonly captures: readonly [number, number];
  readonly result: { readonly winner: Player | null; readonly reason: GameResult['reason'] } | null;
  /** Rows from the top, one character a point: `.` empty, `1` and `2` the players' stones. */
  readonly board: readonly string[];
}

export function boardRows(cells: ArrayLike<number>, size: number): string[] {
  const rows: string[] = [];
  for (let y = 0; y < size; y++) {
    let row = '';
    for (let x = 0; x < size; x++) row += '.12'[cells[y * size + x]!] ?? '?';
    rows.push(row);
  }
  return rows;
}

export function stateToJson(state: GameState): StateJson {
  return {
    toMove: actingSeat(state),
    captures: state.captures,
    result: state.result ? { winner: state.result.winner, reason: state.result.reason } : null,
    board: boardRows(state.cells, state.rules.size),
  };
}
