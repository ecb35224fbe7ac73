/**
 * A child's blind spot. The search never misses a threat to win next move (the move filter answers it
 * before anything else), so even its weakest settings beat a player who only blocks fours every time. A
 * level of depth 1 (the first level, for a child's first games) instead notices such a threat only as
 * often as its vision says; when it overlooks one, it plays the move its own (noisy) evaluation likes
 * best among the moves next to the stones that do not block the five, as if the threat were not there.
 * Both the overlooking and the move depend only on the position and the seed, so the level stays
 * deterministic for a seed.
 */
import { type GameState, makesFive, opponent } from '../core';
import { urgency } from './book/urgent';
import { evaluate } from './evaluate';
import { Position } from './position';
import type { Weights } from './weights';

/** A 32-bit mix of two numbers (murmur3's finaliser), for seeded choices. */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ Math.imul(b + 1, 0x9e3779b1), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * The move a depth-1 level plays when it overlooks the opponent's threat to win, or null when there is no
 * threat, it notices it (`vision` percent of the time), or every move next to the stones blocks.
 */
export function overlookedThreatMove(
  state: GameState,
  level: { readonly vision: number; readonly noise: number },
  seed: number,
  weights: Weights,
): number | null {
  if (urgency(state) !== 'defend') return null;
  const key = mix(seed, state.moves.length * 7919 + (state.moves.at(-1) ?? 0));
  if ((key / 2 ** 32) * 100 < level.vision) return null;
  const { size, variant } = state.rules;
  const exact = variant.fiveRule === 'exactly-five';
  const them = opponent(state.toMove);
  const pos = Position.fromState(state);
  let best: number | null = null;
  let bestScore = -Infinity;
  for (let p = 0; p < pos.points; p++) {
    if (pos.near[p] === 0 || !pos.isLegal(p) || makesFive(state.cells, size, p, them, exact)) continue;
    pos.make(p);
    const noise = level.noise ? (mix(key, p) % (2 * level.noise + 1)) - level.noise : 0;
    const score = -evaluate(pos, weights) + noise;
    pos.unmake();
    if (score > bestScore) {
      bestScore = score;
      best = p;
    }
  }
  return best;
}
