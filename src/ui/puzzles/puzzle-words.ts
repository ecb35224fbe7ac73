/** The puzzle trainer's words and phases: the task, the status line, the themes, a line of the history. */
import {
  type GameState,
  type IllegalMove,
  type MovePreview,
  type Puzzle,
  type PuzzlePackIndex,
  centreOf,
  difficultyOf,
  formatPoint,
} from '../../core';
import type { PuzzleHistoryEntry } from '../../storage';
import { PLACE_HOW } from '../board/placement';
import type { InputMode } from '../../storage';
import { colourName, illegalMoveWords, timeAgo } from '../words/game-words';
import type { PlainMessage } from '../words/locale';
import * as m from '../words/paraglide/messages.js';

/** The pack's themes as the player reads them (an unknown theme shows its id). */
export const THEME_NAMES: Readonly<Record<string, PlainMessage>> = {
  'win-in-1': m.puzzles_theme_win_in_1,
  'win-in-3': m.puzzles_theme_win_in_2,
  'win-in-5-plus': m.puzzles_theme_win_in_3_plus,
  'capture-win': m.puzzles_theme_capture_win,
  'capture-race': m.puzzles_theme_capture_race,
  'four-three': m.puzzles_theme_four_three,
  'stop-the-win': m.puzzles_theme_stop_the_win,
  five: m.puzzles_theme_five,
};

/** The themes in a line: "win in 2, capture win". */
export const themesText = (themes: readonly string[]): string =>
  themes.map((t) => THEME_NAMES[t]?.() ?? t).join(m.puzzles_list_separator());

const DIFFICULTY: Readonly<Record<ReturnType<typeof difficultyOf>, PlainMessage>> = {
  easy: m.puzzles_difficulty_easy,
  medium: m.puzzles_difficulty_medium,
  hard: m.puzzles_difficulty_hard,
};

/** How hard a puzzle of this rating is, in a word: "easy", "medium", "hard". */
export const difficultyText = (rating: number): string => DIFFICULTY[difficultyOf(rating)]();

export type Phase =
  | { readonly kind: 'solving'; readonly note: string }
  | { readonly kind: 'thinking' }
  | { readonly kind: 'solved'; readonly note: string }
  | { readonly kind: 'failed'; readonly note: string; readonly refutation: number | null }
  | { readonly kind: 'solution'; readonly line: readonly number[] };

/** The task in words: who moves and what to do. */
export function taskOf(puzzle: Puzzle, position: GameState): string {
  const side = colourName(position.toMove);
  if (puzzle.goal === 'defend') return m.puzzles_task_defend({ side });
  const solverMoves = (puzzle.solution.length + 1) / 2;
  return solverMoves === 1
    ? m.puzzles_task_win_in_1({ side })
    : m.puzzles_task_win_in_moves({ side, moves: String(solverMoves) });
}

/** Why a point cannot be played, in words (the core's reason, with the point names). */
export const refusalText = (why: Pick<IllegalMove, 'reason'>, size: number, point: number): string =>
  illegalMoveWords(why, { point: formatPoint(size, point), centre: formatPoint(size, centreOf(size)) });

/**
 * A line of the history in the player's words: how hard the puzzle was, when, and the rating it left
 * (the pack's ids are the app's own, not the player's).
 */
export function historyText(h: PuzzleHistoryEntry, pack: PuzzlePackIndex | string | null, now: number): string {
  const i = typeof pack === 'string' || !pack ? -1 : pack.ids.indexOf(h.id);
  const rating = i < 0 || typeof pack === 'string' || !pack ? null : Math.round(pack.ratings[i]!);
  const what =
    rating === null
      ? m.puzzles_history_unrated()
      : {
          easy: m.puzzles_history_easy,
          medium: m.puzzles_history_medium,
          hard: m.puzzles_history_hard,
        }[difficultyOf(rating)]({ rating: String(rating) });
  return m.puzzles_history_line({ what, when: timeAgo(h.at, now), rating: String(h.rating) });
}

/** The line under the board: what is going on, the result, the solution, or what to do. */
export function statusOf(phase: Phase, preview: MovePreview | null, size: number, mode: InputMode): string {
  if (phase.kind === 'thinking') return m.puzzles_thinking();
  if (phase.kind === 'solved') return phase.note;
  if (phase.kind === 'failed') return phase.note;
  if (phase.kind === 'solution')
    return m.puzzles_solution_line({ moves: phase.line.map((q) => formatPoint(size, q)).join(', ') });
  if (phase.note) return phase.note;
  if (preview) return `${m.puzzles_preview({ point: formatPoint(size, preview.point) })}${PLACE_HOW[mode]}`;
  return m.puzzles_tap_point();
}
