/**
 * The trainer's screen for one puzzle: the header, damaged progress, the puzzle's head, the board, what
 * the move did, the buttons and the history. The trainer (PuzzlesScreen.tsx) holds the attempt and its
 * phase; this draws them.
 */
import type { GameState, MovePreview, Puzzle, PuzzleAttempt, PuzzlePackIndex } from '../../core';
import type { InputMode, PuzzleProgress } from '../../storage';
import { Board } from '../board/Board';
import type { PlacementInput } from '../board/use-placement';
import { DamagedProgressNotice } from '../shell/DamagedProgressNotice';
import { ScreenHeader } from '../shell/ScreenHeader';
import { settings } from '../shell/app-state';
import { PuzzleActions, PuzzleHead, PuzzleHistory, PuzzleResult } from './PuzzleParts';
import { discardDamaged, puzzleDamaged, puzzleRatingOf } from './puzzle-data';
import { puzzleBoard } from './puzzle-moves';
import { type Phase, statusOf } from './puzzle-words';
import * as m from '../words/paraglide/messages.js';

export interface PuzzleViewProps {
  readonly pack: PuzzlePackIndex;
  /** The puzzle's place in the pack (-1: none yet). */
  readonly index: number;
  readonly puzzle: { readonly puzzle: Puzzle; readonly position: GameState };
  readonly attempt: PuzzleAttempt;
  readonly phase: Phase;
  readonly progress: PuzzleProgress;
  readonly mode: InputMode;
  readonly placement: PlacementInput<MovePreview>;
  /** The stone marked as the last played (null: none). */
  readonly lastMove: number | null;
  /** An answer's write is in flight: the board waits for it. */
  readonly saving: boolean;
  readonly retry: () => void;
  readonly showSolution: () => void;
  readonly next: () => void;
}

export function PuzzleView(props: PuzzleViewProps) {
  const { pack, index, puzzle, phase, progress, placement } = props;
  const preview = placement.preview;
  const { shown, ghost, highlighted, numbers } = puzzleBoard(props.attempt.state, puzzle.position, phase, preview);
  const size = shown.rules.size;
  const p = puzzle.puzzle;
  const puzzleRating = index >= 0 ? Math.round(puzzleRatingOf(pack, index, progress)) : 0;
  const status = statusOf(phase, preview, size, props.mode);

  return (
    <main class="tutorial puzzles" data-puzzle={p.id} data-phase={phase.kind}>
      <ScreenHeader title={m.puzzles_title()} />
      <DamagedProgressNotice
        entries={puzzleDamaged.value}
        fileName="pente-damaged-puzzle-progress.json"
        onDelete={discardDamaged}
      />
      <PuzzleHead puzzle={p} position={puzzle.position} shown={shown} progress={progress} puzzleRating={puzzleRating} />
      <Board
        size={size}
        cells={shown.cells}
        lastMove={phase.kind === 'solution' ? null : props.lastMove}
        preview={ghost}
        marked={preview ? [...preview.captured] : []}
        highlighted={[...highlighted]}
        numbers={numbers}
        showCoordinates={settings.value.showCoordinates}
        disabled={phase.kind !== 'solving' || props.saving}
        othersTurn={phase.kind === 'thinking' ? true : phase.kind === 'solving' ? false : undefined}
        {...placement.board}
      />
      <PuzzleResult phase={phase} status={status} />
      <PuzzleActions
        phase={phase}
        mayConfirm={!!preview && !props.saving}
        confirm={placement.confirm}
        retry={props.retry}
        showSolution={props.showSolution}
        next={props.next}
      />
      <PuzzleHistory progress={progress} pack={pack} />
    </main>
  );
}
