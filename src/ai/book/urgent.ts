/**
 * Whether a position calls for a forced move, which always overrides the openings book: the side to move
 * can win now, or must stop the opponent winning next move (a five, or a capture reaching the capture win).
 *
 * Read with the rules core's primitives only, so it does not depend on the search's internals. It is
 * deliberately conservative: a five that Boat-Pente might still break, or a capture that would reach the
 * target without Poof-Pente's lead, still counts; then the search decides, which is always safe.
 */
import { type GameState, type Player, MAX_CAPTURED_PER_MOVE, findCaptures, makesFive, opponent } from '../../core';

export type Urgency = 'win' | 'defend' | null;

const scratch = new Int16Array(MAX_CAPTURED_PER_MOVE);

/** Whether `player` wins by playing the empty point p: a five, or captures reaching the capture win. */
function winsAt(state: GameState, p: number, player: Player): boolean {
  const { size, variant } = state.rules;
  if (makesFive(state.cells, size, p, player, variant.fiveRule === 'exactly-five')) return true;
  if (variant.captureWin === null || variant.captureLengths.length === 0) return false;
  const n = findCaptures(state.cells, size, p, player, variant.captureLengths, scratch, 0);
  return n > 0 && state.captures[player - 1]! + n >= variant.captureWin;
}

/** 'win' if the side to move can win now, 'defend' if the opponent threatens to win next move, else null. */
export function urgency(state: GameState): Urgency {
  if (state.result) return null;
  const { size } = state.rules;
  const cells = state.cells;
  const me = state.toMove;
  const them = opponent(me);
  let defend = false;
  for (let p = 0; p < cells.length; p++) {
    if (cells[p] !== 0) continue;
    // A five or a capture through p needs a stone next to it.
    const x = p % size;
    const y = (p - x) / size;
    let touches = false;
    for (let dy = -1; dy <= 1 && !touches; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx >= 0 && ny >= 0 && nx < size && ny < size && cells[ny * size + nx] !== 0) {
          touches = true;
          break;
        }
      }
    }
    if (!touches) continue;
    if (winsAt(state, p, me)) return 'win';
    if (!defend && winsAt(state, p, them)) defend = true;
  }
  return defend ? 'defend' : null;
}
