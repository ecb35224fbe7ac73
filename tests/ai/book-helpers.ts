import { type GameState, type Player, type RulesOptions, makeRules, pointOf } from '../../src/core';

/** Stones as (x, y, player). */
export type Stones = readonly (readonly [x: number, y: number, player: Player])[];

/**
 * A game state with stones at given (x, y) places (0-based, y = 0 the top row), for the book's key tests.
 * `ply` sets the move number (it decides whether an opening rule is still to come); the move list holds
 * placeholders.
 */
export function position(
  rules: RulesOptions,
  stones: Stones,
  options: { toMove?: Player; ply?: number; captures?: [number, number] } = {},
): GameState {
  const r = makeRules(rules);
  const cells = new Uint8Array(r.size * r.size);
  for (const [x, y, player] of stones) cells[pointOf(r.size, x, y)] = player;
  return {
    rules: r,
    cells,
    toMove: options.toMove ?? 1,
    captures: options.captures ?? [0, 0],
    moves: new Array<number>(options.ply ?? stones.length).fill(0),
    result: null,
    pendingFive: null,
    seatChoice: null,
    swap2Pass: false,
    lastMove: null,
    parent: null,
  };
}

/** The same stones shifted by (dx, dy). */
export const shifted = (stones: Stones, dx: number, dy: number): Stones =>
  stones.map(([x, y, p]) => [x + dx, y + dy, p]);
