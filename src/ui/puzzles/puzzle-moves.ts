/**
 * What a move of the player's does to the puzzle: the core judges it (core/puzzle/trainer.ts); on the
 * stored line the defence is the line's, off it the engine defends and, for a move the build did not
 * prove, judges it. A right or wrong answer is shown once it is saved: the stone goes down with its result.
 */
import {
  type GameState,
  type Puzzle,
  type PuzzleAttempt,
  formatPoint,
  previewMove,
  puzzleMove,
  withDefence,
} from '../../core';
import type { EngineMove } from '../engine/client';
import { hapticTap, playEffect } from '../shell/sound';
import { COLOURS, type Phase } from './puzzle-words';

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
    setPhase({ kind: 'solving', note: step.message });
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
    setPhase({ kind: 'solved', note: puzzle.goal === 'defend' ? 'That stops the win.' : 'That wins.' });
    return;
  }
  if (step.kind === 'wrong') {
    const why = puzzle.goal === 'defend' ? 'That does not stop the win.' : 'That lets the win slip.';
    await c.fail(step.attempt, why);
    return;
  }
  if (step.kind === 'reply') {
    setAttempt(step.attempt);
    setLastMove(step.reply);
    setPhase({
      kind: 'solving',
      note: `Right. ${COLOURS[attempt.state.toMove === 1 ? 2 : 1]} defends at ${formatPoint(attempt.state.rules.size, step.reply)}: your move.`,
    });
    return;
  }
  // Off the stored line: the engine defends (and judges a move the build did not prove).
  setAttempt(step.attempt);
  setPhase({ kind: 'thinking' });
  const reply = await c.engineMove(step.attempt.state);
  if (!reply || reply.move < 0) {
    setPhase({ kind: 'solving', note: 'The computer could not answer. Try the move again.' });
    setAttempt(attempt);
    return;
  }
  // A move the build did not prove stands only if the engine, defending, sees nothing but a forced loss.
  if (!step.proven && reply.score.kind !== 'loss') {
    await c.fail(step.attempt, 'That lets the win slip.');
    return;
  }
  const defended = withDefence(step.attempt, reply.move);
  if (!defended) {
    setPhase({ kind: 'solving', note: 'The computer could not answer. Try the move again.' });
    setAttempt(attempt);
    return;
  }
  setAttempt(defended);
  setLastMove(reply.move);
  setPhase({
    kind: 'solving',
    note: `Right, that wins too. ${COLOURS[defended.state.toMove === 1 ? 2 : 1]} defends at ${formatPoint(
      defended.state.rules.size,
      reply.move,
    )}: your move.`,
  });
}
