/**
 * A game as the sequence of what its people did, in playing order: stones (points) and the opening steps
 * that are not stones (D-Pente's and Swap2's seat choice, Swap2's pass), each at the moment it was taken.
 * Friend games' links and relay events carry a game so, and their merge rules ask who did each thing:
 * `actorsOf` (core's personToAct, the one rule of whose turn it is). Taking an action that is not due is
 * refused with a message naming what is due, so a forged or out-of-turn step stores nothing.
 */
import type { Player, Point } from './board';
import { formatPoint } from './coords';
import {
  type GameState,
  type SeatChoice,
  moverAt,
  newGame,
  personToAct,
  play,
  seatChoiceDue,
  swap2PassAllowed,
} from './game';
import { type Result, err, ok } from './result';
import type { Rules, RulesOptions } from './variants';

/**
 * The opening steps a game with people takes: D-Pente's and Swap2's seat choices and Swap2's pass. (Renju's
 * offers and passes are opening steps too, but Renju is not played with people yet: RulesFields' OFFERED_VARIANTS.)
 */
export type SeatStep = SeatChoice | 'pass';

/** One thing a person did: a stone, or an opening step. */
export type GameAction = Point | SeatStep;

/** What a game's actions are read from: its rules, stones and the opening steps taken (GameState has them). */
export interface GameSteps {
  readonly rules: Rules;
  readonly moves: readonly Point[];
  readonly seatChoice?: SeatChoice | null | undefined;
  readonly swap2Pass?: boolean | undefined;
}

export const isOpeningStep = (action: GameAction): action is SeatStep => typeof action === 'string';

/**
 * The game's actions in playing order: its stones, with Swap2's pass after the third stone and the seat
 * choice after the stones it is made on (D-Pente's fourth; Swap2's third, or fifth after a pass).
 */
export function actionsOf(game: GameSteps): GameAction[] {
  const after = game.rules.variant.seatChoiceAfter;
  const actions: GameAction[] = [];
  const pass = after !== null && game.swap2Pass === true;
  const choiceAt = after === null ? -1 : after + (pass ? 2 : 0);
  for (let ply = 0; ply <= game.moves.length; ply++) {
    if (pass && ply === after) actions.push('pass');
    if (ply === choiceAt && game.seatChoice) actions.push(game.seatChoice);
    if (ply < game.moves.length) actions.push(game.moves[ply]!);
  }
  return actions;
}

/** How many actions the game holds: its stones and its opening steps. */
export const actionCount = (game: GameSteps): number =>
  game.moves.length + (game.seatChoice ? 1 : 0) + (game.swap2Pass ? 1 : 0);

/** The person who took each of the game's actions (people named by the seat they started in). */
export function actorsOf(game: GameSteps): Player[] {
  let plies = 0;
  let choice: SeatChoice | null = null;
  let pass = false;
  return actionsOf(game).map((action) => {
    const actor = personToAct(game.rules, plies, choice, pass);
    if (action === 'pass') pass = true;
    else if (action === 'swap' || action === 'keep') choice = action;
    else plies++;
    return actor;
  });
}

/**
 * Who takes each action of `game` and the next one: `actorAt(ply)` is the person who took (or takes)
 * action number ply + 1, for every ply up to the game's action count (actorsOf, then personToAct). In a
 * game without a seat choice it is moverAt for any ply. The turn order a clock reads (net/clock.ts).
 */
export function actorAtOf(game: GameSteps): (ply: number) => Player {
  const { rules } = game;
  if (rules.variant.seatChoiceAfter === null) return (ply) => moverAt(rules, ply);
  const actors = actorsOf(game);
  const next = personToAct(rules, game.moves.length, game.seatChoice ?? null, game.swap2Pass === true);
  return (ply) => actors[ply] ?? next;
}

/** The person who acts next in `state` (core's personToAct on the state). */
export const personToActIn = (state: GameState): Player =>
  personToAct(state.rules, state.moves.length, state.seatChoice, state.swap2Pass);

/** What is due in `state`, as words for a refusal: a seat choice (and Swap2's pass) or a stone, and by whom. */
export function dueDescription(state: GameState): string {
  if (state.result) return 'nothing: the game is over';
  const person = personToActIn(state);
  if (seatChoiceDue(state)) {
    const pass = swap2PassAllowed(state) ? ', or a pass' : '';
    return `player ${person}'s seat choice (swap or keep${pass})`;
  }
  return `a stone by player ${person}`;
}

/** Why an action cannot be taken: it is not due (`due` says what is), or the rules forbid the stone. */
export interface ActionRefusal {
  readonly kind: 'not-due' | 'illegal';
  readonly message: string;
}

/**
 * Takes one action in `state`: a step only where it is due (the seat choice; Swap2's pass only at player
 * 2's first choice), a stone by core's `play`. Errors as values naming what is due.
 */
export function takeAction(state: GameState, action: GameAction): Result<GameState, ActionRefusal> {
  if (isOpeningStep(action)) {
    const due = action === 'pass' ? swap2PassAllowed(state) : seatChoiceDue(state);
    if (!due)
      return err({
        kind: 'not-due',
        message: `A ${stepName(action)} is not due here; due is ${dueDescription(state)}.`,
      });
    return ok(action === 'pass' ? { ...state, swap2Pass: true } : { ...state, seatChoice: action });
  }
  if (seatChoiceDue(state)) {
    const name = formatPoint(state.rules.size, action);
    return err({ kind: 'not-due', message: `A stone (${name}) is not due here; due is ${dueDescription(state)}.` });
  }
  const played = play(state, action);
  return played.ok ? played : err({ kind: 'illegal', message: played.error.message });
}

const stepName = (step: SeatStep): string => (step === 'pass' ? 'pass' : `seat choice (${step})`);

/** The game `actions` make from the start, or the first refused action (its index) and why. */
export function replayActions(
  rules: Rules | RulesOptions,
  actions: readonly GameAction[],
): Result<GameState, ActionRefusal & { readonly index: number }> {
  let state = newGame(rules);
  for (const [index, action] of actions.entries()) {
    const next = takeAction(state, action);
    if (!next.ok) return err({ ...next.error, index });
    state = next.value;
  }
  return ok(state);
}

/** The stones and steps that `actions` hold, as a game keeps them (actionsOf's inverse). */
export function stepsOfActions(actions: readonly GameAction[]): {
  readonly moves: Point[];
  readonly seatChoice: SeatChoice | null;
  readonly swap2Pass: boolean;
} {
  const moves: Point[] = [];
  let seatChoice: SeatChoice | null = null;
  let swap2Pass = false;
  for (const action of actions) {
    if (action === 'pass') swap2Pass = true;
    else if (action === 'swap' || action === 'keep') seatChoice = action;
    else moves.push(action);
  }
  return { moves, seatChoice, swap2Pass };
}

/** An action as a number, for ordering two lines: a stone its point, a step below every point. */
export const actionRank = (action: GameAction | undefined): number =>
  action === undefined ? -4 : action === 'pass' ? -3 : action === 'swap' ? -2 : action === 'keep' ? -1 : action;
