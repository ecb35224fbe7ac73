/**
 * The puzzle trainer: a puzzle at a time from the shipped pack, near the player's puzzle rating, on the real
 * board with the play screen's input modes. The core judges each move (core/puzzle/trainer.ts): on the
 * stored line the defence is the line's; off it (another winning first move, or a later move of the
 * player's own) the engine finds the defence and, for a move the build did not prove, judges it. A wrong
 * move stays on the board with the engine's answer to it, and the stored solution can be shown. The first
 * answer to each puzzle is rated (Glicko-2, src/storage/puzzles.ts), and the rating, streak and history are
 * saved in IndexedDB, so they survive a reload: an answer's result is shown once its write has committed (a
 * few milliseconds), so a crash cannot take back an answer the player saw. Another tab's answers are read
 * in when it says so, and parts of the stored progress that cannot be read are named, with Export raw and
 * Delete. The pack is precached, so puzzles work offline.
 * `#/puzzles/<id>` opens one puzzle by its id (a link to it; the e2e tests use it).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  type GameState,
  type MovePreview,
  type Puzzle,
  type PuzzleAttempt,
  type PuzzlePackIndex,
  difficultyOf,
  err,
  formatPoint,
  play,
  previewMove,
  puzzleMove,
  puzzlePosition,
  readPackPuzzle,
  startAttempt,
  winningLine,
  withDefence,
} from '../../core';
import { type PuzzleHistoryEntry, onStoreChange } from '../../storage';
import { CapturedCount } from '../CapturedCount';
import { DamagedProgressNotice } from '../DamagedProgressNotice';
import { timeAgo } from '../game-words';
import { Board } from '../Board';
import { ScreenHeader } from '../ScreenHeader';
import { notify, settings } from '../app-state';
import { type MoveSource, pageEngine } from '../engine/client';
import {
  discardDamaged,
  loadPack,
  loadProgress,
  nextPuzzleIndex,
  puzzleDamaged,
  puzzleProgress,
  puzzleRatingOf,
  recordAnswer,
} from '../puzzles';
import { navigate, requestedPuzzle } from '../router';
import { hapticTap, playEffect } from '../sound';
import { PLACE_HOW } from '../placement';
import { usePlacement } from '../use-placement';

const COLOURS = ['', 'Black', 'White'] as const;
/** The engine's think time for a defence or a refutation: enough to see a short forced line on a phone. */
const ENGINE_MS = 1500;

const THEME_NAMES: Readonly<Record<string, string>> = {
  'win-in-1': 'win in 1',
  'win-in-3': 'win in 2',
  'win-in-5-plus': 'win in 3+',
  'capture-win': 'capture win',
  'capture-race': 'capture race',
  'four-three': 'four-three',
  'stop-the-win': 'stop the win',
  five: 'five in a row',
};

type Phase =
  | { readonly kind: 'solving'; readonly note: string }
  | { readonly kind: 'thinking' }
  | { readonly kind: 'solved'; readonly note: string }
  | { readonly kind: 'failed'; readonly note: string; readonly refutation: number | null }
  | { readonly kind: 'solution'; readonly line: readonly number[] };

/** The task in words: who moves and what to do. */
function taskOf(puzzle: Puzzle, position: GameState): string {
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
function historyText(h: PuzzleHistoryEntry, pack: PuzzlePackIndex | string | null, now: number): string {
  const i = typeof pack === 'string' || !pack ? -1 : pack.ids.indexOf(h.id);
  const rating = i < 0 || typeof pack === 'string' || !pack ? null : Math.round(pack.ratings[i]!);
  const what = rating === null ? 'A puzzle' : `A ${difficultyOf(rating)} puzzle (${rating})`;
  return `${what} · ${timeAgo(h.at, now)} · your rating ${h.rating}`;
}

/** The screen, with the page's engine. */
export function Puzzles() {
  return <PuzzleTrainer engine={pageEngine} />;
}

interface PuzzleTrainerProps {
  /** Where the engine's defences and refutations come from (a port: a test may give another). */
  readonly engine: MoveSource;
}

function PuzzleTrainer({ engine }: PuzzleTrainerProps) {
  const [pack, setPack] = useState<PuzzlePackIndex | string | null>(null);
  const [index, setIndex] = useState(-1);
  const [puzzle, setPuzzle] = useState<{ puzzle: Puzzle; position: GameState } | null>(null);
  const [attempt, setAttempt] = useState<PuzzleAttempt | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'solving', note: '' });
  /** Whether this puzzle's answer has been rated (only the first is). */
  const answered = useRef(false);
  /** An answer's write in flight: the board waits for it (a few milliseconds). */
  const saving = useRef(false);
  const [savingShown, setSavingShown] = useState(false);
  const [lastMove, setLastMove] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const mode = settings.value.inputMode;
  const progress = puzzleProgress.value;
  // Tap to preview, tap again or Confirm to place (use-placement.ts), while a puzzle waits for a move.
  const solving = phase.kind === 'solving' && !savingShown;
  const placement = usePlacement<MovePreview, { readonly message: string }>({
    mode,
    at: attempt?.state ?? null,
    enabled: solving,
    judge: (point: number) => (attempt ? previewMove(attempt.state, point) : err({ message: '' })),
    onPlace: (chosen) => void submit(chosen.point),
    onRefuse: (why) => setPhase({ kind: 'solving', note: why.message }),
    onPreview: () => setPhase({ kind: 'solving', note: '' }),
  });
  const preview = placement.preview;
  /** Plays the player's move: set below, where the puzzle is known (the hooks come first). */
  let submit = async (_point: number): Promise<void> => undefined;

  const open = (p: PuzzlePackIndex, i: number) => {
    abort.current?.abort();
    const read = readPackPuzzle(p, i);
    const position = read.ok ? puzzlePosition(read.value) : read;
    if (!read.ok || !position.ok) {
      setPack(read.ok ? (position.ok ? p : position.error.message) : read.error.message);
      return;
    }
    setIndex(i);
    setPuzzle({ puzzle: read.value, position: position.value });
    setAttempt(startAttempt(read.value, position.value));
    setPhase({ kind: 'solving', note: '' });
    placement.clear();
    answered.current = false;
    setLastMove(position.value.lastMove?.point ?? null);
  };

  useEffect(() => {
    let live = true;
    void Promise.all([loadPack(), loadProgress()]).then(([p]) => {
      if (!live) return;
      setPack(p);
      if (typeof p === 'string') return;
      // A link to one puzzle opens it (an id not in the pack: one is picked as usual).
      const asked = p.ids.indexOf(requestedPuzzle.peek());
      open(p, asked >= 0 ? asked : nextPuzzleIndex(p, puzzleProgress.value));
    });
    // Another tab answered: its answers are in the stored progress, which is read again.
    // Another tab answered a puzzle or imported a backup: storage tells, and the progress is read again.
    const unsubscribe = onStoreChange('puzzles', () => void loadProgress());
    return () => {
      live = false;
      unsubscribe();
      abort.current?.abort();
    };
  }, []);

  if (pack === null || (typeof pack !== 'string' && !puzzle)) {
    return (
      <main class="puzzles">
        <ScreenHeader title="Puzzles" />
        <p class="loading">Loading…</p>
      </main>
    );
  }
  if (typeof pack === 'string' || !puzzle || !attempt) {
    return (
      <main class="puzzles">
        <ScreenHeader title="Puzzles" />
        <p class="notice">{typeof pack === 'string' ? pack : 'This puzzle could not be set up.'}</p>
      </main>
    );
  }

  /** Rates and saves the first answer; resolves once it is saved (then the screen may show it). */
  const answer = async (solved: boolean) => {
    if (answered.current) return;
    answered.current = true;
    saving.current = true;
    setSavingShown(true);
    const problem = await recordAnswer(puzzle.puzzle, solved);
    saving.current = false;
    setSavingShown(false);
    if (problem) notify(`This answer is counted here and will be saved when there is room. ${problem}`, 8000);
  };

  /** Asks the engine for its move at `state` (a defence, or the answer to a wrong move). */
  const engineMove = async (state: GameState) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    try {
      return await engine.move(state, { timeMs: ENGINE_MS }, { signal: controller.signal });
    } catch {
      return null;
    }
  };

  const fail = async (a: PuzzleAttempt, why: string) => {
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
        : `${why} ${COLOURS[a.state.toMove]} answers ${formatPoint(a.state.rules.size, refutation)}.`;
    setPhase({ kind: 'failed', note: words, refutation });
  };

  submit = async (point: number) => {
    if (phase.kind !== 'solving' || saving.current) return;
    const step = puzzleMove(attempt, point);
    if (step.kind === 'illegal') {
      setPhase({ kind: 'solving', note: step.message });
      return;
    }
    // A right or wrong answer is shown once it is saved: the stone goes down with its result.
    if (step.kind === 'solved') await answer(true);
    else if (step.kind === 'wrong') await answer(false);
    const previewed = previewMove(attempt.state, point);
    if (previewed.ok)
      playEffect(previewed.value.result ? 'win' : previewed.value.captured.length ? 'capture' : 'place');
    hapticTap();
    setLastMove(point);
    if (step.kind === 'solved') {
      answer(true);
      setAttempt(step.attempt);
      setPhase({
        kind: 'solved',
        note: puzzle.puzzle.goal === 'defend' ? 'That stops the win.' : 'That wins.',
      });
      return;
    }
    if (step.kind === 'wrong') {
      const why = puzzle.puzzle.goal === 'defend' ? 'That does not stop the win.' : 'That lets the win slip.';
      await fail(step.attempt, why);
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
    const reply = await engineMove(step.attempt.state);
    if (!reply || reply.move < 0) {
      setPhase({ kind: 'solving', note: 'The computer could not answer. Try the move again.' });
      setAttempt(attempt);
      return;
    }
    // A move the build did not prove stands only if the engine, defending, sees nothing but a forced loss.
    if (!step.proven && reply.score.kind !== 'loss') {
      await fail(step.attempt, 'That lets the win slip.');
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
  };

  const showSolution = () => {
    abort.current?.abort();
    setPhase({ kind: 'solution', line: puzzle.puzzle.solution });
  };
  const retry = () => {
    abort.current?.abort();
    setAttempt(startAttempt(puzzle.puzzle, puzzle.position));
    setPhase({ kind: 'solving', note: '' });
    setLastMove(puzzle.position.lastMove?.point ?? null);
  };
  const next = () => {
    // Past a linked puzzle the URL is the trainer's again, so a reload does not bring the link back.
    if (requestedPuzzle.peek()) navigate({ screen: 'puzzles' }, { replace: true });
    if (typeof pack !== 'string') open(pack, nextPuzzleIndex(pack, puzzleProgress.value));
    window.scrollTo(0, 0);
  };

  // What the board shows: the attempt, the stored solution, or the attempt with the refutation ghosted.
  let shown = attempt.state;
  if (phase.kind === 'solution') {
    shown = puzzle.position;
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

  const size = shown.rules.size;
  const p = puzzle.puzzle;
  const now = Date.now();
  const rating = Math.round(progress.rating.rating);
  const puzzleRating = typeof pack !== 'string' && index >= 0 ? Math.round(puzzleRatingOf(pack, index, progress)) : 0;
  const variant = p.rules.variant.id === 'pente' ? '' : ` · ${p.rules.variant.name}`;

  let status: string;
  if (phase.kind === 'thinking') status = 'The computer is thinking…';
  else if (phase.kind === 'solved') status = phase.note;
  else if (phase.kind === 'failed') status = phase.note;
  else if (phase.kind === 'solution')
    status = `The solution: ${phase.line.map((q) => formatPoint(size, q)).join(', ')}.`;
  else if (phase.note) status = phase.note;
  else if (preview) status = `Preview at ${formatPoint(size, preview.point)}.${PLACE_HOW[mode]}`;
  else status = 'Tap a point on the board.';

  const resultClass =
    phase.kind === 'solved' ? 'lesson-result right' : phase.kind === 'failed' ? 'lesson-result wrong' : 'lesson-result';

  return (
    <main class="tutorial puzzles" data-puzzle={p.id} data-phase={phase.kind}>
      <ScreenHeader title="Puzzles" />
      <DamagedProgressNotice
        entries={puzzleDamaged.value}
        fileName="pente-damaged-puzzle-progress.json"
        onDelete={discardDamaged}
      />
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
        <p class="lesson-prompt">{taskOf(p, puzzle.position)}</p>
        <CapturedCount state={shown} />
      </div>
      <Board
        size={size}
        cells={shown.cells}
        lastMove={phase.kind === 'solution' ? null : lastMove}
        preview={ghost}
        marked={preview ? [...preview.captured] : []}
        highlighted={[...highlighted]}
        numbers={numbers}
        showCoordinates={settings.value.showCoordinates}
        disabled={phase.kind !== 'solving' || savingShown}
        {...placement.board}
      />
      <div class="lesson-bottom" role="status">
        <div class={resultClass}>
          <p>
            {phase.kind === 'solved' && <strong>Solved! </strong>}
            {phase.kind === 'failed' && <strong>Not quite. </strong>}
            {status}
          </p>
        </div>
      </div>
      <div class="actions lesson-actions">
        {phase.kind === 'solving' && (
          <button type="button" class="primary" disabled={!preview || savingShown} onClick={placement.confirm}>
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
    </main>
  );
}
