/**
 * Threat queries: whether a player can win next move, and what is within reach of the capture win. One
 * definition of each, used by the search, the victory search (vcf.ts), the prover, the book and a level's
 * overlooked threat (skill.ts).
 *
 * Two representations, two questions:
 * - on the search's Position, `canWinNow` is the quick, count-based "may": a four on the board, or a capture
 *   within reach of the capture win (whether the move really wins, the move generator's WIN_NOW decides);
 * - on a GameState, `urgency` is the exact scan the book and the overlooked threat use before any search.
 */
import {
  type GameState,
  type Player,
  type Variant,
  MAX_CAPTURED_PER_MOVE,
  findCaptures,
  makesFive,
  opponent,
} from '../core';
import type { Position } from './position';

/** The longest capture of the variant, in stones (2 in Pente, 3 in Keryo-Pente; 0 without captures). */
export const longestCapture = (variant: Variant): number =>
  variant.captureLengths.length ? variant.captureLengths[variant.captureLengths.length - 1]! : 0;

/**
 * Whether a player with `captured` stones reaches the capture win with `times` more captures of the longest
 * kind (false in a variant without captures or without a capture win).
 */
export function captureWinWithin(variant: Variant, captured: number, times: number): boolean {
  const target = variant.captureWin;
  if (target === null || variant.captureLengths.length === 0) return false;
  return captured + times * longestCapture(variant) >= target;
}

/**
 * Whether the player may win next move: it has a four (a window of four of its stones and none of the
 * other's), or a capture with which the longest capture would reach the capture win. (A four may be an
 * overline in Gomoku, a capture may fall short of the lead Poof-Pente asks: the move generator decides.)
 */
export function canWinNow(pos: Position, player: number): boolean {
  if (pos.lineCount[player * 6 + 4]! > 0) return true;
  return pos.takes[player]! > 0 && captureWinWithin(pos.rules.variant, pos.captures[player - 1]!, 1);
}

/** Whether either side may win next move (`canWinNow` for one of them). */
export const threatOnBoard = (pos: Position): boolean => canWinNow(pos, 1) || canWinNow(pos, 2);

export type Urgency = 'win' | 'defend' | null;

const scratch = new Int16Array(MAX_CAPTURED_PER_MOVE);

/**
 * Whether `player` wins by playing the empty point p of the game: a five, or captures reaching the capture
 * win. Deliberately conservative: a five that Boat-Pente might still break, or a capture that would reach
 * the target without Poof-Pente's lead, still counts.
 */
export function winsAt(state: GameState, p: number, player: Player): boolean {
  const { size, variant } = state.rules;
  if (makesFive(state.cells, size, p, player, variant.fiveRule === 'exactly-five')) return true;
  if (variant.captureWin === null || variant.captureLengths.length === 0) return false;
  const n = findCaptures(state.cells, size, p, player, variant.captureLengths, scratch, 0);
  return n > 0 && state.captures[player - 1]! + n >= variant.captureWin;
}

/**
 * Whether a position calls for a forced move, which always overrides the openings book: 'win' if the side
 * to move can win now, 'defend' if the opponent threatens to win next move (a five, or a capture reaching
 * the capture win), else null. Read with the rules core's primitives only (`winsAt`); when it errs, it errs
 * towards a forced move, and then the search decides, which is always safe.
 */
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
