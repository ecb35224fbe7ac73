/** The puzzle trainer's parts round the board: the head (rating, puzzle, task), the actions, the history. */
import type { GameState, Puzzle, PuzzlePackIndex } from '../../core';
import type { PuzzleProgress } from '../../storage';
import { CapturedCount } from '../play/CapturedCount';
import { ScreenHeader } from '../shell/ScreenHeader';
import { formatNumber } from '../words/locale';
import * as m from '../words/paraglide/messages.js';
import { type Phase, difficultyText, historyText, taskOf, themesText } from './puzzle-words';
import { variantName } from '../words/game-words';

export interface PuzzleHeadProps {
  readonly puzzle: Puzzle;
  readonly position: GameState;
  readonly shown: GameState;
  readonly progress: PuzzleProgress;
  /** The puzzle's own rating, as the player's progress has moved it. */
  readonly puzzleRating: number;
}

export function PuzzleHead({ puzzle: p, position, shown, progress, puzzleRating }: PuzzleHeadProps) {
  const rating = Math.round(progress.rating.rating);
  const size = shown.rules.size;
  const variant = p.rules.variant.id === 'pente' ? '' : ` · ${variantName(p.rules.variant.id)}`;
  return (
    <div class="lesson-head">
      <p class="puzzle-rating">
        {m.puzzles_your_rating()} <strong data-rating={rating}>{rating}</strong> ·{' '}
        {m.puzzles_streak({ streak: formatNumber(progress.streak), best: formatNumber(progress.bestStreak) })}
      </p>
      <p class="lesson-count">
        {m.puzzles_puzzle_rating({ rating: String(puzzleRating) })} · {difficultyText(puzzleRating)} ·{' '}
        {themesText(p.themes)}
        {variant}
        {size === 19 ? '' : ` · ${size}×${size}`}
      </p>
      <p class="lesson-prompt">{taskOf(p, position)}</p>
      <CapturedCount state={shown} />
    </div>
  );
}

export interface PuzzleActionsProps {
  readonly phase: Phase;
  /** A move is previewed and may be confirmed. */
  readonly mayConfirm: boolean;
  readonly confirm: () => void;
  readonly retry: () => void;
  readonly showSolution: () => void;
  readonly next: () => void;
}

export function PuzzleActions({ phase, mayConfirm, confirm, retry, showSolution, next }: PuzzleActionsProps) {
  return (
    <div class="actions lesson-actions">
      {phase.kind === 'solving' && (
        <button type="button" class="primary" disabled={!mayConfirm} onClick={confirm}>
          {m.puzzles_confirm()}
        </button>
      )}
      {(phase.kind === 'failed' || phase.kind === 'solution') && (
        <button type="button" onClick={retry}>
          {m.puzzles_retry()}
        </button>
      )}
      {phase.kind === 'failed' && (
        <button type="button" onClick={showSolution}>
          {m.puzzles_solution()}
        </button>
      )}
      {phase.kind !== 'solving' && phase.kind !== 'thinking' && (
        <button type="button" class="primary" onClick={next}>
          {m.puzzles_next()}
        </button>
      )}
    </div>
  );
}

export function PuzzleHistory({ progress, pack }: { progress: PuzzleProgress; pack: PuzzlePackIndex | string | null }) {
  const now = Date.now();
  return (
    <section class="puzzle-history" aria-labelledby="history-heading">
      <h2 id="history-heading">
        {m.puzzles_history()}{' '}
        <small>
          {m.puzzles_history_counts({
            solved: formatNumber(progress.solved),
            missed: formatNumber(progress.failed),
          })}
        </small>
      </h2>
      {progress.history.length === 0 ? (
        <p class="puzzle-none">{m.puzzles_history_empty()}</p>
      ) : (
        <ol>
          {progress.history.slice(0, 20).map((h) => (
            <li key={`${h.id}-${h.at}`} class={h.solved ? 'solved' : 'missed'}>
              <span aria-hidden="true">{h.solved ? '✓' : '✗'}</span>
              <span class="sr-only">{h.solved ? m.puzzles_solved() : m.puzzles_missed()}</span>{' '}
              {historyText(h, pack, now)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A link to a puzzle the pack does not hold: said so, with a way on to another. */
export function PuzzleMissing({ id, onAnother }: { readonly id: string; readonly onAnother: () => void }) {
  return (
    <main class="puzzles">
      <ScreenHeader title={m.puzzles_title()} />
      <p class="notice" role="alert">
        {m.puzzles_missing({ id: id.slice(0, 40) })}
      </p>
      <button type="button" class="primary" onClick={onAnother}>
        {m.puzzles_open_another()}
      </button>
    </main>
  );
}

/** The screen while the pack loads, or when it could not be read (`problem`: what is wrong, if known). */
export function PuzzlesMessage(props: { readonly loading?: boolean; readonly problem?: string | null }) {
  return (
    <main class="puzzles">
      <ScreenHeader title={m.puzzles_title()} />
      {props.loading ? (
        <p class="loading">{m.puzzles_loading()}</p>
      ) : (
        <p class="notice">{typeof props.problem === 'string' ? props.problem : m.puzzles_not_set_up()}</p>
      )}
    </main>
  );
}

/** What the last move did, under the board: solved, not quite, or what to do now. */
export function PuzzleResult({ phase, status }: { readonly phase: Phase; readonly status: string }) {
  const resultClass =
    phase.kind === 'solved' ? 'lesson-result right' : phase.kind === 'failed' ? 'lesson-result wrong' : 'lesson-result';
  return (
    <div class="lesson-bottom" role="status">
      <div class={resultClass}>
        <p>
          {phase.kind === 'solved' && <strong>{m.puzzles_solved_result()} </strong>}
          {phase.kind === 'failed' && <strong>{m.puzzles_not_quite()} </strong>}
          {status}
        </p>
      </div>
    </div>
  );
}
