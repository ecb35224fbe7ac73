/** The puzzle trainer's words and phases: the task, the status line, the themes, a line of the history. */
import {
  type GameState,
  type MovePreview,
  type Puzzle,
  type PuzzlePackIndex,
  difficultyOf,
  formatPoint,
} from '../../core';
import type { PuzzleHistoryEntry } from '../../storage';
import { PLACE_HOW } from '../board/placement';
import type { InputMode } from '../../storage';
import { timeAgo } from '../words/game-words';

export const COLOURS = ['', 'Black', 'White'] as const;
export const THEME_NAMES: Readonly<Record<string, string>> = {
  'win-in-1': 'win in 1',
  'win-in-3': 'win in 2',
  'win-in-5-plus': 'win in 3+',
  'capture-win': 'capture win',
  'capture-race': 'capture race',
  'four-three': 'four-three',
  'stop-the-win': 'stop the win',
  five: 'five in a row',
};

export type Phase =
  | { readonly kind: 'solving'; readonly note: string }
  | { readonly kind: 'thinking' }
  | { readonly kind: 'solved'; readonly note: string }
  | { readonly kind: 'failed'; readonly note: string; readonly refutation: number | null }
  | { readonly kind: 'solution'; readonly line: readonly number[] };

/** The task in words: who moves and what to do. */
export function taskOf(puzzle: Puzzle, position: GameState): string {
  const side = COLOURS[position.toMove];
  if (puzzle.goal === 'defend') return `${side} to move. Your opponent threatens to win: stop it.`;
  const solverMoves = (puzzle.solution.length + 1) / 2;
  return solverMoves === 1
    ? `${side} to move and win in 1.`
    : `${side} to move and win in ${solverMoves} moves (five in a row or captures), whatever the defence.`;
}

/**
 * A line of the history in the player's words: how hard the puzzle was, when, and the rating it left
 * (the pack's ids are the app's own, not the player's).
 */
export function historyText(h: PuzzleHistoryEntry, pack: PuzzlePackIndex | string | null, now: number): string {
  const i = typeof pack === 'string' || !pack ? -1 : pack.ids.indexOf(h.id);
  const rating = i < 0 || typeof pack === 'string' || !pack ? null : Math.round(pack.ratings[i]!);
  const what = rating === null ? 'A puzzle' : `A ${difficultyOf(rating)} puzzle (${rating})`;
  return `${what} · ${timeAgo(h.at, now)} · your rating ${h.rating}`;
}

/** The line under the board: what is going on, the result, the solution, or what to do. */
export function statusOf(phase: Phase, preview: MovePreview | null, size: number, mode: InputMode): string {
  if (phase.kind === 'thinking') return 'The computer is thinking…';
  if (phase.kind === 'solved') return phase.note;
  if (phase.kind === 'failed') return phase.note;
  if (phase.kind === 'solution') return `The solution: ${phase.line.map((q) => formatPoint(size, q)).join(', ')}.`;
  if (phase.note) return phase.note;
  if (preview) return `Preview at ${formatPoint(size, preview.point)}.${PLACE_HOW[mode]}`;
  return 'Tap a point on the board.';
}
