/**
 * The engine's scores as the page gets them (protocol.ts's EngineScore): decided here, from the engine's
 * own scale, so the page never compares a score with the engine's numbers.
 */
import { WIN, isWinScore } from '../ai/search';
import { movesToForcedWin } from '../ai/win-chance';
import type { EngineScore } from './protocol';

/** A search score, for the side to move, as a forced win or loss in so many plies, or an evaluation. */
export function engineScore(score: number): EngineScore {
  const moves = movesToForcedWin(score);
  if (!isWinScore(score) || moves === null) return { kind: 'eval', centiStones: score };
  // A win in n plies scores WIN - n (search.ts), a loss -(WIN - n).
  const plies = WIN - Math.abs(score);
  return moves > 0 ? { kind: 'win', plies, moves } : { kind: 'loss', plies, moves: -moves };
}
