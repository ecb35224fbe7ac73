/**
 * What a move decided, in one order for the whole app: the rules core's `play` (game.ts) and the engine's
 * Position.make both ask `decideOutcome`, so the search plays exactly the game's rules. Fives come before
 * capture counts: a move that makes five and reaches the capture target at once wins by five, as pente.org
 * records it (its game states check five in a row before the capture count). In order:
 *
 * 1. Boat-Pente: the enemy's five survived this reply, so the enemy has won — also when the reply made a
 *    five of its own or reached the capture target without breaking it (the five came first: pente.org's
 *    BoatPenteState gives the win to a standing five of the side now to move before anything else);
 * 2. the mover's five wins (in Boat-Pente only if one of its fives has no stone the reply could capture);
 * 3. a capture win: the mover's, or in Poof-Pente the enemy's when the move poofed (a poofed move leaves
 *    no stone at its point, so it never makes a five). This also ends a Boat-Pente move whose own five
 *    would have waited a reply: the capture target is reached now, the five would only win later;
 * 4. Boat-Pente: the mover's breakable five waits one reply;
 * 5. a full board is a draw.
 *
 * The answer is a small number (no object), so the search's make calls it on every move without allocating.
 */

/** The game goes on. */
export const OUTCOME_NONE = 0;
/** The mover wins by five. */
export const OUTCOME_FIVE = 1;
/** The enemy's pending five (Boat-Pente) survived the move: the enemy wins by five. */
export const OUTCOME_ENEMY_FIVE = 2;
/** The mover wins by captures. */
export const OUTCOME_CAPTURES = 3;
/** The enemy wins by captures (Poof-Pente: the move's poofed stones were credited to the enemy). */
export const OUTCOME_ENEMY_CAPTURES = 4;
/** The game goes on, the mover's five waiting a reply that could break it (Boat-Pente). */
export const OUTCOME_PENDING_FIVE = 5;
/** A full board without a winner. */
export const OUTCOME_DRAW = 6;

export type Outcome = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** Who won by captures after the move, if anyone (game.ts `captureWin`, seen from the mover). */
export const CAPTURES_NONE = 0;
export const CAPTURES_MOVER = 1;
export const CAPTURES_ENEMY = 2;

/**
 * The outcome of a move from the facts: `five`, the mover made a five (a line of exactly five where the
 * variant says so); `breakable`, Boat-Pente asks a five to survive the reply and every five the move made has
 * a stone that can be captured; `enemyFiveStands`, the enemy's pending five still stands on the board; `captures`, who won by
 * captures (CAPTURES_…); `full`, the board is full.
 */
export function decideOutcome(
  five: boolean,
  breakable: boolean,
  enemyFiveStands: boolean,
  captures: number,
  full: boolean,
): Outcome {
  if (enemyFiveStands) return OUTCOME_ENEMY_FIVE;
  if (five && !breakable) return OUTCOME_FIVE;
  if (captures === CAPTURES_MOVER) return OUTCOME_CAPTURES;
  if (captures === CAPTURES_ENEMY) return OUTCOME_ENEMY_CAPTURES;
  if (five) return OUTCOME_PENDING_FIVE;
  return full ? OUTCOME_DRAW : OUTCOME_NONE;
}
