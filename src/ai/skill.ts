/**
 * How a level plays below full strength, all of it seeded (random.ts), so a level plays the same for the
 * same position and seed. The levels themselves (EngineLevel, LEVELS, levelById) are plain data in
 * src/core/levels.ts, shared with storage and the app; here they become search settings:
 *
 * - vision: the share of the root's candidate moves the player sees (forced moves always);
 * - judgement: noise on the evaluation, in centi-stones;
 * - a level of depth 1 searches without quiescence (it looks at its own move only) and may overlook the
 *   opponent's threat to win next move (`overlookedThreatMove`).
 */
import { type EngineLevel, type GameState, makesFive, opponent } from '../core';
import { evaluate } from './evaluate';
import { Position } from './position';
import { centred, mix32, mixPair, unit } from './random';
import type { SearchSettings } from './search-settings';
import { urgency } from './threats';
import type { Weights } from './weights';

/** Evaluation noise, in centi-stones, for a judgement percentage. */
export const noiseFor = (judgement: number): number => Math.round(((100 - judgement) / 100) * 400);

/** The settings a level changes (over DEFAULT_SETTINGS), searching to `depth`. */
export function levelSettings(level: EngineLevel, depth: number): Partial<SearchSettings> {
  return {
    vision: level.vision / 100,
    noise: noiseFor(level.judgement),
    // A level of depth 1 looks at the position after its own move and no further: no quiescence, so no
    // reply to a threat and no victory by continuous fours is seen beyond it (a child's first games; it may
    // also overlook a threat to win: see overlookedThreatMove).
    ...(depth <= 1 ? { useQuiescence: false } : {}),
  };
}

/** Root moves of at least this priority (a win now, stopping one: movegen's) are always seen. */
const ALWAYS_SEEN = 1 << 24;

/**
 * The root moves the player sees, in their order: a seeded share `vision` of them (by the position's hash
 * `hashLo`), forced ones always. All of them at full vision or when the move is forced.
 */
export function visibleMoves(
  moves: number[],
  priorities: readonly number[],
  forced: boolean,
  vision: number,
  seed: number,
  hashLo: number,
): number[] {
  if (vision >= 1 || forced) return moves;
  const kept = moves.filter(
    (m, i) => priorities[i]! >= ALWAYS_SEEN || unit(mix32(m * 7919 + seed * 104729 + hashLo)) < vision,
  );
  if (kept.length) return kept;
  // Seeing nothing, it plays a candidate it happens upon, not the sharpest one (moves[0]): else the lowest
  // visions (a few percent) would play the filter's first choice nearly every move and be stronger than
  // vision 10.
  return [moves[mix32(seed * 7919 + hashLo) % moves.length]!];
}

/** The evaluation noise at a position (by its hash `hashLo`): a seeded integer in [-noise, noise]. */
export const evaluationNoise = (hashLo: number, seed: number, noise: number): number =>
  centred(mix32(hashLo ^ Math.imul(seed + 1, 0x9e3779b1)), noise);

/**
 * A child's blind spot. The search never misses a threat to win next move (the move filter answers it
 * before anything else), so even its weakest settings beat a player who only blocks fours every time. A
 * level of depth 1 (the first level, for a child's first games) instead notices such a threat only as often
 * as its vision says; when it overlooks one, it plays the move its own (noisy) evaluation likes best among
 * the moves next to the stones that do not block the five, as if the threat were not there.
 *
 * Returns that move, or null when there is no threat, it notices it (`vision` percent of the time), or every
 * move next to the stones blocks. Both the overlooking and the move depend only on the position and the
 * seed.
 */
export function overlookedThreatMove(
  state: GameState,
  level: { readonly vision: number; readonly noise: number },
  seed: number,
  weights: Weights,
): number | null {
  if (urgency(state) !== 'defend') return null;
  const key = mixPair(seed, state.moves.length * 7919 + (state.moves.at(-1) ?? 0));
  if (unit(key) * 100 < level.vision) return null;
  const { size } = state.rules;
  const them = opponent(state.toMove);
  const pos = Position.fromState(state);
  const exact = pos.exactFor(them);
  let best: number | null = null;
  let bestScore = -Infinity;
  for (let p = 0; p < pos.points; p++) {
    if (pos.near[p] === 0 || !pos.isLegal(p) || makesFive(state.cells, size, p, them, exact)) continue;
    pos.make(p);
    const noise = level.noise ? centred(mixPair(key, p), level.noise) : 0;
    const score = -evaluate(pos, weights) + noise;
    pos.unmake();
    if (score > bestScore) {
      bestScore = score;
      best = p;
    }
  }
  return best;
}
