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
import { useRef, useState } from 'preact/hooks';
import {
  type GameState,
  type IllegalReason,
  type MovePreview,
  type Puzzle,
  type PuzzleAttempt,
  type PuzzlePackIndex,
  err,
  previewMove,
  puzzlePosition,
  readPackPuzzle,
  startAttempt,
} from '../../core';
import { usePlacement } from '../board/use-placement';
import { type MoveSource, pageEngine } from '../engine/client';
import { settings, notifyProblem } from '../shell/app-state';
import { navigate, requestedPuzzle } from '../shell/router';
import { PuzzleMissing, PuzzlesMessage } from './PuzzleParts';
import { PuzzleView } from './PuzzleView';
import { nextPuzzleIndex, puzzleProgress, recordAnswer } from './puzzle-data';
import { usePuzzlePack } from './use-puzzle-pack';
import { failPuzzle, submitPuzzleMove } from './puzzle-moves';
import * as m from '../words/paraglide/messages.js';
import { type Phase, refusalText } from './puzzle-words';

/** The engine's think time for a defence or a refutation: enough to see a short forced line on a phone. */
const ENGINE_MS = 1500;

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
  /** The id a link asked for that the pack does not hold (null: none). */
  const [missing, setMissing] = useState<string | null>(null);
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
  const placement = usePlacement<MovePreview, { readonly reason: IllegalReason }>({
    mode,
    at: attempt?.state ?? null,
    enabled: solving,
    judge: (point: number) => (attempt ? previewMove(attempt.state, point) : err({ reason: 'game-over' })),
    onPlace: (chosen) => void submit(chosen.point),
    onRefuse: (why, point) =>
      setPhase({ kind: 'solving', note: refusalText(why, attempt?.state.rules.size ?? 19, point) }),
    onPreview: () => setPhase({ kind: 'solving', note: '' }),
  });
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

  usePuzzlePack({
    onPack: setPack,
    onMissing: setMissing,
    open,
    onLeave: () => abort.current?.abort(),
  });

  if (missing !== null && pack !== null && typeof pack !== 'string') {
    const another = () => {
      setMissing(null);
      // The URL is the trainer's again, so a reload does not bring the bad link back.
      navigate({ screen: 'puzzles' }, { replace: true });
      open(pack, nextPuzzleIndex(pack, puzzleProgress.value));
    };
    return <PuzzleMissing id={missing} onAnother={another} />;
  }
  if (pack === null || (typeof pack !== 'string' && !puzzle)) return <PuzzlesMessage loading />;
  if (typeof pack === 'string' || !puzzle || !attempt)
    return <PuzzlesMessage problem={typeof pack === 'string' ? pack : null} />;

  /** Rates and saves the first answer; resolves once it is saved (then the screen may show it). */
  const answer = async (solved: boolean) => {
    if (answered.current) return;
    answered.current = true;
    saving.current = true;
    setSavingShown(true);
    const problem = await recordAnswer(puzzle.puzzle, solved);
    saving.current = false;
    setSavingShown(false);
    if (problem) notifyProblem(m.puzzles_answer_not_saved({ problem }), 8000);
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

  const fail = (a: PuzzleAttempt, why: string) => failPuzzle({ answer, engineMove, setAttempt, setPhase }, a, why);

  submit = async (point: number) => {
    if (phase.kind !== 'solving' || saving.current) return;
    const context = { puzzle: puzzle.puzzle, attempt, answer, fail, engineMove, setAttempt, setPhase, setLastMove };
    await submitPuzzleMove(context, point);
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

  return (
    <PuzzleView
      pack={pack}
      index={index}
      puzzle={puzzle}
      attempt={attempt}
      phase={phase}
      progress={progress}
      mode={mode}
      placement={placement}
      lastMove={lastMove}
      saving={savingShown}
      retry={retry}
      showSolution={showSolution}
      next={next}
    />
  );
}
