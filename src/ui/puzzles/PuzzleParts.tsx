/** The puzzle trainer's parts round the board: the head (rating, puzzle, task), the actions, the history. */
import { type GameState, type Puzzle, type PuzzlePackIndex, difficultyOf } from '../../core';
import type { PuzzleProgress } from '../../storage';
import { CapturedCount } from '../play/CapturedCount';
import { THEME_NAMES, type Phase, historyText, taskOf } from './puzzle-words';

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
  const variant = p.rules.variant.id === 'pente' ? '' : ` · ${p.rules.variant.name}`;
  return (
    <div class="lesson-head">
      <p class="puzzle-rating">
        Your rating <strong data-rating={rating}>{rating}</strong> · Streak {progress.streak} (best{' '}
        {progress.bestStreak})
      </p>
      <p class="lesson-count">
        Puzzle {puzzleRating} · {difficultyOf(puzzleRating)} · {p.themes.map((t) => THEME_NAMES[t] ?? t).join(', ')}
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
          Confirm
        </button>
      )}
      {(phase.kind === 'failed' || phase.kind === 'solution') && (
        <button type="button" onClick={retry}>
          Retry
        </button>
      )}
      {phase.kind === 'failed' && (
        <button type="button" onClick={showSolution}>
          Solution
        </button>
      )}
      {phase.kind !== 'solving' && phase.kind !== 'thinking' && (
        <button type="button" class="primary" onClick={next}>
          Next puzzle
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
        History{' '}
        <small>
          ({progress.solved} solved, {progress.failed} missed)
        </small>
      </h2>
      {progress.history.length === 0 ? (
        <p class="puzzle-none">Your answers will be listed here.</p>
      ) : (
        <ol>
          {progress.history.slice(0, 20).map((h) => (
            <li key={`${h.id}-${h.at}`} class={h.solved ? 'solved' : 'missed'}>
              <span aria-hidden="true">{h.solved ? '✓' : '✗'}</span>
              <span class="sr-only">{h.solved ? 'Solved' : 'Missed'}</span> {historyText(h, pack, now)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
