/**
 * The trainer's start: the pack and the stored progress are loaded once, then the puzzle a link asked for is
 * opened (an id the pack does not hold is said so: `onMissing`) or the next one near the player's rating.
 * Another tab that answers a puzzle or imports a backup changes the stored progress: storage tells, and the
 * progress is read again.
 */
import { useEffect } from 'preact/hooks';
import type { PuzzlePackIndex } from '../../core';
import { onStoreChange } from '../../storage';
import { requestedPuzzle } from '../shell/router';
import { loadPack, loadProgress, nextPuzzleIndex, puzzleProgress } from './puzzle-data';

export function usePuzzlePack(on: {
  /** The pack, or what is wrong with it. */
  readonly onPack: (pack: PuzzlePackIndex | string) => void;
  readonly onMissing: (id: string) => void;
  readonly open: (pack: PuzzlePackIndex, index: number) => void;
  /** The screen is left: whatever the engine is doing for it can stop. */
  readonly onLeave: () => void;
}): void {
  useEffect(() => {
    let live = true;
    void Promise.all([loadPack(), loadProgress()]).then(([p]) => {
      if (!live) return;
      on.onPack(p);
      if (typeof p === 'string') return;
      const wanted = requestedPuzzle.peek();
      const asked = p.ids.indexOf(wanted);
      if (wanted && asked < 0) on.onMissing(wanted);
      else on.open(p, asked >= 0 ? asked : nextPuzzleIndex(p, puzzleProgress.value));
    });
    const unsubscribe = onStoreChange('puzzles', () => void loadProgress());
    return () => {
      live = false;
      unsubscribe();
      on.onLeave();
    };
  }, []);
}
