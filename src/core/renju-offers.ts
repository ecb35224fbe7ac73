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
