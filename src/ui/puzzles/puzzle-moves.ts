/**
 * What a move of the player's does to the puzzle: the core judges it (core/puzzle/trainer.ts); on the
 * stored line the defence is the line's, off it the engine defends and, for a move the build did not
 * prove, judges it. A right or wrong answer is shown once it is saved: the stone goes down with its result.
 */
import {
  type GameState,
  type MovePreview,
  type Player,
  type Puzzle,
  type PuzzleAttempt,
  formatPoint,
  play,
  previewMove,
  puzzleMove,
  winningLine,
  withDefence,
} from '../../core';
import type { EngineMove } from '../engine/client';
import { hapticTap, playEffect } from '../shell/sound';
import { colourName } from '../words/game-words';
import * as m from '../words/paraglide/messages.js';
import { type Phase, refusalText } from './puzzle-words';

/** The trainer's state and effects, as a move needs them. */
export interface PuzzleMoveContext {
  readonly puzzle: Puzzle;
  readonly attempt: PuzzleAttempt;
  /** Rates and saves the first answer; resolves once it is saved. */
  readonly answer: (solved: boolean) => Promise<void>;
  /** A wrong answer: saved, then shown with the engine's reply to it. */
  readonly fail: (a: PuzzleAttempt, why: string) => Promise<void>;
  /** The engine's move at a position (null: it could not answer). */
  readonly engineMove: (state: GameState) => Promise<EngineMove | null>;
  readonly setAttempt: (a: PuzzleAttempt) => void;
  readonly setPhase: (p: Phase) => void;
  readonly setLastMove: (point: number | null) => void;
}

/** Plays the player's move at `point` and shows what it did. */
export async function submitPuzzleMove(c: PuzzleMoveContext, point: number): Promise<void> {
  const { puzzle, attempt, setAttempt, setPhase, setLastMove } = c;
  const step = puzzleMove(attempt, point);
  if (step.kind === 'illegal') {
    const refused = previewMove(attempt.state, point);
    const why = refused.ok ? { reason: 'off-board' as const } : refused.error;
    setPhase({ kind: 'solving', note: refusalText(why, attempt.state.rules.size, point) });
    return;
  }
  // A right or wrong answer is shown once it is saved: the stone goes down with its result.
  if (step.kind === 'solved') await c.answer(true);
  else if (step.kind === 'wrong') await c.answer(false);
  const previewed = previewMove(attempt.state, point);
  if (previewed.ok) playEffect(previewed.value.result ? 'win' : previewed.value.captured.length ? 'capture' : 'place');
  hapticTap();
  setLastMove(point);
  if (step.kind === 'solved') {
    void c.answer(true);
    setAttempt(step.attempt);
    setPhase({ kind: 'solved', note: puzzle.goal === 'defend' ? m.puzzles_stops() : m.puzzles_wins() });
    return;
  }
  if (step.kind === 'wrong') {
    const why = puzzle.goal === 'defend' ? m.puzzles_stops_not() : m.puzzles_slips();
    await c.fail(step.attempt, why);
    return;
  }
  if (step.kind === 'reply') {
    setAttempt(step.attempt);
    setLastMove(step.reply);
    setPhase({
      kind: 'solving',
      note: m.puzzles_defends({
        colour: colourName(attempt.state.toMove === 1 ? 2 : 1),
        point: formatPoint(attempt.state.rules.size, step.reply),
      }),
    });
    return;
  }
  // Off the stored line: the engine defends (and judges a move the build did not prove).
  setAttempt(step.attempt);
  setPhase({ kind: 'thinking' });
  const reply = await c.engineMove(step.attempt.state);
  if (!reply || reply.move < 0) {
    setPhase({ kind: 'solving', note: m.puzzles_no_answer() });
    setAttempt(attempt);
    return;
  }
  // A move the build did not prove stands only if the engine, defending, sees nothing but a forced loss.
  if (!step.proven && reply.score.kind !== 'loss') {
    await c.fail(step.attempt, m.puzzles_slips());
    return;
  }
  const defended = withDefence(step.attempt, reply.move);
  if (!defended) {
    setPhase({ kind: 'solving', note: m.puzzles_no_answer() });
    setAttempt(attempt);
    return;
  }
  setAttempt(defended);
  setLastMove(reply.move);
  setPhase({
    kind: 'solving',
    note: m.puzzles_defends_too({
      colour: colourName(defended.state.toMove === 1 ? 2 : 1),
      point: formatPoint(defended.state.rules.size, reply.move),
    }),
  });
}

/**
 * What the board shows: the attempt, the stored solution (numbered), or the attempt with the refutation of
 * a wrong move ghosted; the preview's ghost and winning line while one is shown.
 */
export function puzzleBoard(
  state: GameState,
  start: GameState,
  phase: Phase,
  preview: MovePreview | null,
): {
  shown: GameState;
  ghost: { point: number; player: Player } | null;
  highlighted: readonly number[];
  numbers: ReadonlyMap<number, number> | null;
} {
  let shown = state;
  if (phase.kind === 'solution') {
    shown = start;
    for (const q of phase.line) {
      const r = play(shown, q);
      if (r.ok) shown = r.value;
    }
  }
  const refutation = phase.kind === 'failed' ? phase.refutation : null;
  const refuted = refutation !== null ? previewMove(shown, refutation) : null;
  const ghost = preview
    ? { point: preview.point, player: preview.player }
    : refutation !== null
      ? { point: refutation, player: shown.toMove }
      : null;
  const highlighted = preview ? preview.winningLine : refuted?.ok ? refuted.value.winningLine : winningLine(shown);
  const numbers = phase.kind === 'solution' ? new Map(phase.line.map((p, i) => [p, i + 1] as const)) : null;
  return { shown, ghost, highlighted, numbers };
}

/** A wrong answer: saved, then shown with the engine's reply to it (none once the game is over). */
export async function failPuzzle(
  c: Pick<PuzzleMoveContext, 'answer' | 'engineMove' | 'setAttempt' | 'setPhase'>,
  a: PuzzleAttempt,
  why: string,
): Promise<void> {
  const { answer, engineMove, setAttempt, setPhase } = c;
  await answer(false);
  setAttempt(a);
  if (a.state.result) {
    setPhase({ kind: 'failed', note: why, refutation: null });
    return;
  }
  setPhase({ kind: 'thinking' });
  const reply = await engineMove(a.state);
  const refutation = reply && reply.move >= 0 ? reply.move : null;
  const words =
    refutation === null
      ? why
      : m.puzzles_answers({
          why,
          colour: colourName(a.state.toMove),
          point: formatPoint(a.state.rules.size, refutation),
        });
  setPhase({ kind: 'failed', note: words, refutation });
}
