/**
 * Runs a whole-game analysis: evaluates the positions still missing, one at a time, saving after each,
 * until it is complete or stopped. Stopped and started again later (a reload, leaving the game), it picks
 * up where it left off, since each evaluation was saved as it came. The engine and the store are ports:
 * the app gives it the engine client and IndexedDB, the tests fakes.
 */
import { type GameState, stateAtPly } from '../../../core';
import type { PositionEval, StoredAnalysis } from '../../../storage';
import { nextPosition, withEval } from './game-analysis';

export interface AnalysisPorts {
  /** The engine's evaluation of a position of the game, for its side to move. */
  evaluate(position: GameState, timeMs: number, signal: AbortSignal): Promise<PositionEval>;
  /** Saves the analysis so far (a failure to save is the port's to report; the analysis goes on). */
  save(analysis: StoredAnalysis): Promise<void>;
  now(): number;
}

/**
 * Evaluates every position `analysis` still lacks, calling `onUpdate` after each. Resolves with the
 * analysis as far as it got: complete, or stopped by `signal`. Rejects with the engine's error when an
 * evaluation fails for another reason than the signal.
 */
export async function analyseGame(
  analysis: StoredAnalysis,
  game: GameState,
  ports: AnalysisPorts,
  signal: AbortSignal,
  onUpdate: (analysis: StoredAnalysis) => void,
): Promise<StoredAnalysis> {
  let current = analysis;
  for (let k = nextPosition(current); k !== null && !signal.aborted; k = nextPosition(current)) {
    let value: PositionEval;
    try {
      value = await ports.evaluate(stateAtPly(game, k), current.timeMs, signal);
    } catch (error) {
      if (signal.aborted) break;
      throw error;
    }
    if (signal.aborted) break;
    current = withEval(current, k, value, ports.now());
    await ports.save(current);
    onUpdate(current);
  }
  return current;
}
