/**
 * The opening protocols' steps that are not stones (D-Pente's seat choice; Swap2's seat choices and pass):
 * who acts, what may be taken now, and taking it. Apart from game.ts, which keeps only what replaying a game
 * needs (`seatChoiceDue`, `swap2PassAllowed`), so that these reach only the screens and tools that act on the
 * steps, not the first screen's storage code.
 */
import type { Player } from './board';
import { type GameState, type OpeningStep, type SeatChoice, passed, seatChoiceDue, swap2PassAllowed } from './game';
import { renjuDue, renjuPassAllowed } from './renju-opening';
import { renjuOffersProblem } from './renju-offers';

/** An opening step's kind: a seat choice, a pass, or Renju's ten offers. */
export type OpeningStepKind = SeatChoice | 'pass' | 'offer';

/**
 * The opening steps of which one must be taken before the next stone (empty when a stone may be played, or
 * the game is over): D-Pente's and Swap2's seat choices and Swap2's pass; Renju's swap windows.
 */
export function dueOpeningSteps(state: GameState): readonly (SeatChoice | 'pass')[] {
  if (!seatChoiceDue(state)) return [];
  return swap2PassAllowed(state) ? ['swap', 'keep', 'pass'] : ['swap', 'keep'];
}

/**
 * Every step that may be taken now: the due ones, and Renju's choices besides a stone: at black's branch
 * after the fourth stone, ten offers (or a fifth stone in the 9×9); after the opening, a pass.
 */
export function allowedOpeningSteps(state: GameState): readonly OpeningStepKind[] {
  const due = dueOpeningSteps(state);
  if (due.length > 0 || !state.renju || state.result) return due;
  if (renjuPassAllowed(state)) return ['pass'];
  return renjuDue(state) === 'branch' ? ['offer'] : [];
}

/**
 * The seat whose person acts now. Usually the side to move; in D-Pente, player 1 places the first four
 * stones of both colours, and then player 2 makes the seat choice. In Swap2, player 1 places three stones,
 * then player 2 chooses; after a pass player 2 places two stones (white, black) and player 1 chooses.
 */
export function actingSeat(state: GameState): Player {
  // Renju: white picks black's fifth stone among the offers.
  if (state.renju) return state.result === null && renjuDue(state) === 'pick' ? 2 : state.toMove;
  const after = state.rules.variant.seatChoiceAfter;
  if (after === null || state.seatChoice !== null) return state.toMove;
  if (state.moves.length < after) return 1;
  if (state.swap2Pass) return state.moves.length < after + 2 ? 2 : 1;
  return 2;
}

/** Who makes the seat choice that is due, or would be next: player 1 after a Swap2 pass, else player 2. */
export const seatChooser = (state: GameState): Player => (state.renju ? state.toMove : state.swap2Pass ? 1 : 2);

/**
 * The seat choice a search recommends, from the score of a search of the position where the choice is due,
 * seen from the side to move there (it plays next whoever sits in its seat): the chooser takes the seat that
 * scores better, keeping their own when the two are even. D-Pente: seat 1 moves, player 2 chooses; Swap2:
 * seat 2 moves, player 2 chooses (or player 1 after a pass). Swap2's pass is never recommended: the chooser
 * would then place two stones and let the opponent take the better seat, which a search of the two seats as
 * they stand already beats (the better of a score and its negation is never below even). Shared by the app's
 * computer player and the JSON engine.
 */
export function seatChoiceForScore(state: GameState, moverScore: number): SeatChoice {
  if (seatChooser(state) === state.toMove) return moverScore < 0 ? 'swap' : 'keep';
  return moverScore > 0 ? 'swap' : 'keep';
}

/**
 * Makes player 2's seat choice: the same stones, the choice recorded (the people change seats on a swap:
 * the caller's to say who sits where). The choice replaces the state it is made in (same parent), so one
 * step back from it takes back the fourth stone and the choice together, as pente.org allows no undo
 * between them. Null when no choice is due.
 */
export function chooseSeat(state: GameState, choice: SeatChoice): GameState | null {
  if (!seatChoiceDue(state)) return null;
  const o = state.renju;
  return o ? { ...state, renju: { ...o, swaps: [...o.swaps, choice] } } : { ...state, seatChoice: choice };
}

/**
 * Renju's branch B: black offers ten fifth stones (renju-offers.ts says what makes them valid); white then
 * picks one, played as a stone. Replaces the state it is made in. Null when not due or not valid.
 */
export function offerFifthStones(state: GameState, offers: readonly number[]): GameState | null {
  const o = state.renju;
  if (!o || state.result || renjuDue(state) !== 'branch' || renjuOffersProblem(state, offers)) return null;
  return { ...state, renju: { ...o, offers: [...offers] } };
}

/**
 * Swap2's pass: player 2, instead of choosing a seat after three stones, will place two more (white,
 * black) and hand the choice to player 1. Like the seat choice, it replaces the state it is made in (same
 * parent). Null when it is not allowed now.
 */
export function passSwap2(state: GameState): GameState | null {
  if (state.renju) return renjuPassAllowed(state) ? passed(state) : null;
  return swap2PassAllowed(state) ? { ...state, swap2Pass: true } : null;
}

/** Takes an opening step (a seat choice, a pass, Renju's offers); null when that step is not due now. */
export function takeOpeningStep(state: GameState, step: OpeningStep): GameState | null {
  if (typeof step === 'object') return offerFifthStones(state, step.offer);
  return step === 'pass' ? passSwap2(state) : chooseSeat(state, step);
}
