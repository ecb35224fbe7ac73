/**
 * Renju's branch B: black's ten fifth-stone offers must be ten different empty points of which no two are the
 * same under the position's symmetries: the maps of the square's 8 symmetries, each with the shift that
 * lays the four stones on themselves (colour for colour), as pente.org's RenjuState `positionStabilizer`
 * finds them — about the stones' own centre, not the board's, so a shape off the centre still has them.
 */
import { type Point, EMPTY } from './board';
import { type Transform, SYMMETRIES, applyTransform } from './canonical';
import { formatPoint } from './coords';
import type { GameState } from './game';

/** How many fifth stones black offers in branch B. */
export const RENJU_OFFERS = 10;

/** The symmetries of the stones on the board (always the identity among them). */
export function positionSymmetries(state: GameState): Transform[] {
  const { size } = state.rules;
  const stones = state.moves.filter((p) => state.cells[p] !== EMPTY);
  if (stones.length === 0) return [SYMMETRIES[0]!];
  const first = stones[0]!;
  const found: Transform[] = [];
  for (const sym of SYMMETRIES) {
    const image = applyTransform(size, sym, first);
    for (const q of stones) {
      if (state.cells[q] !== state.cells[first]) continue;
      const t: Transform = {
        ...sym,
        dx: (q % size) - (image % size),
        dy: Math.floor(q / size) - Math.floor(image / size),
      };
      const maps = stones.every((p) => {
        const to = applyTransform(size, t, p);
        return to >= 0 && state.cells[to] === state.cells[p];
      });
      if (maps) found.push(t);
    }
  }
  return found;
}

/**
 * Whether `point` may join the offers chosen so far (`chosen`, in this position at black's branch): the
 * chosen offer it is the same as (itself, or its image under one of the position's symmetries), or null
 * when it may. The offer screen asks this at each tap, so ten taps that pass it are ten valid offers.
 */
export function offerConflict(state: GameState, chosen: readonly Point[], point: Point): Point | null {
  const { size } = state.rules;
  const symmetries = positionSymmetries(state);
  return chosen.find((q) => symmetries.some((t) => applyTransform(size, t, point) === q)) ?? null;
}

/**
 * What is wrong with the offers a replayed game holds, or null (none, or valid): replaying checks only that
 * they are ten different empty points (game.ts, on the first screen); the readers of games from elsewhere
 * (record.ts's loadRecord, storage's imports) add this, the symmetry check.
 */
export function recordedOffersProblem(state: GameState): string | null {
  const offers = state.renju?.offers ?? [];
  if (offers.length === 0) return null;
  let at = state;
  while (at.moves.length > 4 && at.parent) at = at.parent;
  return renjuOffersProblem(at, offers);
}

/**
 * What is wrong with these offers in this position (in English, for the JSON engine's error), or null
 * when they are ten valid offers. The order matters as in pente.org: each is checked against those before it.
 */
export function renjuOffersProblem(state: GameState, offers: readonly Point[]): string | null {
  const { size } = state.rules;
  if (offers.length !== RENJU_OFFERS) return `Black offers exactly ${RENJU_OFFERS} fifth stones, not ${offers.length}.`;
  const symmetries = positionSymmetries(state);
  for (let i = 0; i < offers.length; i++) {
    const p = offers[i]!;
    if (!Number.isInteger(p) || p < 0 || p >= size * size) return `Offer ${i + 1} is not on the board.`;
    const name = formatPoint(size, p);
    if (state.cells[p] !== EMPTY) return `Offer ${name} is not an empty point.`;
    for (let j = 0; j < i; j++) {
      if (symmetries.some((t) => applyTransform(size, t, p) === offers[j]))
        return offers[j] === p
          ? `${name} is offered twice.`
          : `${name} is the same as ${formatPoint(size, offers[j]!)} by the position's symmetry.`;
    }
  }
  return null;
}
