/**
 * The game as immutable values. `play` takes a state and a point and returns a new state or an error
 * value saying why the move is illegal; a state keeps its parent, so undo and review are just walks
 * back along that chain.
 */
import {
  type Cells,
  type Player,
  type Point,
  EMPTY,
  MAX_CAPTURED_PER_MOVE,
  centreOf,
  everyFiveBreakable,
  findCaptures,
  fiveLine,
  findPoofs,
  hasFiveAnywhere,
  makesFive,
  opponent,
  xOf,
  yOf,
} from './board';
import { formatPoint } from './coords';
import {
  CAPTURES_ENEMY,
  CAPTURES_MOVER,
  CAPTURES_NONE,
  OUTCOME_CAPTURES,
  OUTCOME_DRAW,
  OUTCOME_ENEMY_CAPTURES,
  OUTCOME_ENEMY_FIVE,
  OUTCOME_FIVE,
  OUTCOME_PENDING_FIVE,
  decideOutcome,
} from './outcome';
import { forbiddenKind } from './renju';
import { type RenjuOpening, RENJU_START, renjuDue, renjuIllegality } from './renju-opening';
import { type Result, err, ok } from './result';
import { type Rules, type RulesOptions, toRules } from './variants';

/** 'six': Connect6's winning line (six or more in a row); 'forbidden': Renju's black played a forbidden point. */
export type WinReason = 'five' | 'six' | 'captures' | 'forbidden' | 'resignation' | 'time';
export type GameResult =
  { readonly winner: Player; readonly reason: WinReason } | { readonly winner: null; readonly reason: 'draw' };

/** What the last move did, for display: the stones it captured and, in Poof-Pente, the stones it lost. */
export interface MoveEffect {
  readonly point: Point;
  readonly player: Player;
  readonly captured: readonly Point[];
  readonly poofed: readonly Point[];
}

export interface GameState {
  readonly rules: Rules;
  /** One cell per point (0 empty, 1 or 2 a stone). Never written after the state is made. */
  readonly cells: Readonly<Uint8Array>;
  readonly toMove: Player;
  /** Stones captured by player 1 and by player 2 (in Poof-Pente, stones credited to them). */
  readonly captures: readonly [number, number];
  readonly moves: readonly Point[];
  readonly result: GameResult | null;
  /** Boat-Pente: the player whose five can still be broken by the reply now to be played. */
  readonly pendingFive: Player | null;
  /**
   * D-Pente and DK-Pente: player 2's seat choice once made (null before, and in every other game). A swap
   * exchanges the people between the seats, never the stones: seat 1 still plays the next stone.
   */
  readonly seatChoice: SeatChoice | null;
  /**
   * Swap2: player 2, at the seat choice after three stones, chose to place two more (white, black) and hand
   * the choice back to player 1 (false before, and in every other game).
   */
  readonly swap2Pass: boolean;
  /** Renju: the Taraguchi-10 opening's steps so far, and the passes (renju-opening.ts); absent in other games. */
  readonly renju?: RenjuOpening;
  readonly lastMove: MoveEffect | null;
  /** The state before the last move (null at the start): undo and review walk this chain. */
  readonly parent: GameState | null;
}

export type IllegalReason =
  | 'game-over'
  | 'off-board'
  | 'occupied'
  | 'centre-first'
  | 'tournament-rule'
  | 'g-pente-rule'
  | 'seat-choice-due'
  | 'renju-area'
  | 'renju-not-offered';

/**
 * The seat choice (D-Pente's after player 1's four stones, Swap2's after three or five): the chooser takes the
 * other seat, or keeps their own. Seats are not people: a swap exchanges the people, never the stones.
 */
export type SeatChoice = 'swap' | 'keep';

/**
 * An opening step that is not a stone: a seat choice, a pass (Swap2's "I place two more", Renju's pass after
 * the opening), or Renju's ten fifth-stone offers.
 */
export type OpeningStep = SeatChoice | 'pass' | { readonly offer: readonly Point[] };

export interface IllegalMove {
  readonly reason: IllegalReason;
  readonly message: string;
}

export function newGame(rules: Rules | RulesOptions = {}): GameState {
  const r = toRules(rules);
  return {
    rules: r,
    cells: new Uint8Array(r.size * r.size),
    toMove: 1,
    captures: [0, 0],
    moves: [],
    result: null,
    pendingFive: null,
    seatChoice: null,
    swap2Pass: false,
    ...(r.variant.renju ? { renju: RENJU_START } : {}),
    lastMove: null,
    parent: null,
  };
}

/** The opening rule that forbids a point, when one does. */
export type OpeningRule = 'centre-first' | 'tournament-rule' | 'g-pente-rule';

/** Whether player 1's second stone (move 3) is kept from the centre: the tournament rule, or G-Pente's. */
export const secondStoneRestricted = (rules: Rules): boolean => rules.tournamentRule || rules.variant.gRule;

/**
 * The opening rules, which depend only on the move number: the centre first, and the tournament rule for
 * player 1's second stone (move 3), which may not be within two points of the centre in either direction
 * (pente.org's SimplePenteState: `size / 2 - 3 < x < size / 2 + 3`, two points on every board size). G-Pente
 * adds the points three and four from the centre on its row and column (pente.org lists (9,5), (9,6),
 * (9,12), (9,13) and their mirror images, on 19×19 only; here the same distances on every size).
 * Shared with the engine, whose search knows the ply but keeps no GameState.
 */
export function openingRestriction(rules: Rules, ply: number, point: Point): OpeningRule | null {
  if (ply > 2) return null;
  const { size, variant } = rules;
  const centre = centreOf(size);
  if (ply === 0) return variant.centreFirst && point !== centre ? 'centre-first' : null;
  if (ply === 2 && secondStoneRestricted(rules)) {
    const dx = Math.abs(xOf(size, point) - xOf(size, centre));
    const dy = Math.abs(yOf(size, point) - yOf(size, centre));
    const nearCentre = dx <= 2 && dy <= 2;
    if (!variant.gRule) return nearCentre ? 'tournament-rule' : null;
    const onAxis = (dx === 0 && (dy === 3 || dy === 4)) || (dy === 0 && (dx === 3 || dx === 4));
    return nearCentre || onAxis ? 'g-pente-rule' : null;
  }
  return null;
}

/**
 * Connect6's turn rule (twoStoneTurns): the player who places the stone at move `ply` (0-based), one stone
 * for player 1, then two a turn, as pente.org's SimpleConnect6State `getColor`: ((ply + 1) / 2) % 2 + 1.
 * On its own for the engine's make, which knows its game.
 */
export const twoStoneTurnMover = (ply: number): Player => ((((ply + 1) >> 1) & 1) + 1) as Player;

/** The player who places the stone at move `ply` (0-based): Connect6's turn rule, or turns alternate. */
export const moverAt = (rules: Pick<Rules, 'variant'>, ply: number): Player =>
  rules.variant.twoStoneTurns ? twoStoneTurnMover(ply) : (((ply & 1) + 1) as Player);

/**
 * The person who acts after `plies` stones, with the opening steps taken so far: people are named by the
 * seat they started in (person 1 placed the first stone), which a swap does not change. Before the seat
 * choice, person 1 places the opening's stones (after Swap2's pass, person 2 the next two) and the chooser
 * acts when it is due; after it, the seat to move's person (the other one after a swap). The one rule of
 * "who acts now" for friend games, relays, clocks and the lists' standings (all variants, Connect6 too).
 */
export function personToAct(
  rules: Pick<Rules, 'variant'>,
  plies: number,
  seatChoice: SeatChoice | null,
  swap2Pass: boolean,
): Player {
  const after = rules.variant.seatChoiceAfter;
  if (after !== null && seatChoice === null) {
    if (plies < after) return 1;
    if (swap2Pass) return plies < after + 2 ? 2 : 1;
    return 2;
  }
  const seat = moverAt(rules, plies);
  return seatChoice === 'swap' ? opponent(seat) : seat;
}

/** The seat `person` (named by the seat they started in) plays now: the other one after a swap. */
export const seatOfPerson = (seatChoice: SeatChoice | null | undefined, person: Player): Player =>
  seatChoice === 'swap' ? opponent(person) : person;

/** The number of stones on which the seat choice is due: Swap2's comes two stones later after a pass. */
const seatChoicePly = (state: GameState): number | null => {
  const after = state.rules.variant.seatChoiceAfter;
  return after === null ? null : after + (state.swap2Pass ? 2 : 0);
};

/**
 * Whether a seat choice is due now (D-Pente and DK-Pente after four stones; Swap2 after three, or after five
 * when player 2 passed): no stone may be played until it is made.
 */
export const seatChoiceDue = (state: GameState): boolean =>
  state.result === null &&
  (state.renju ? renjuDue(state) === 'swap' : state.seatChoice === null && state.moves.length === seatChoicePly(state));

/** Whether Swap2's pass ("I place two more stones") may be chosen now: at player 2's choice after three stones. */
export const swap2PassAllowed = (state: GameState): boolean =>
  state.rules.variant.swap2 && !state.swap2Pass && seatChoiceDue(state);

/** Why a move at `point` is illegal in this state, or null when it is legal. */
export function illegality(state: GameState, point: Point): IllegalMove | null {
  const { size } = state.rules;
  if (state.result) return { reason: 'game-over', message: 'The game is over.' };
  if (!Number.isInteger(point) || point < 0 || point >= size * size) {
    return { reason: 'off-board', message: `Point ${String(point)} is not on the ${size}x${size} board.` };
  }
  const name = formatPoint(size, point);
  if (state.cells[point] !== EMPTY) return { reason: 'occupied', message: `${name} is already occupied.` };
  const opening = openingRestriction(state.rules, state.moves.length, point);
  if (opening === 'centre-first') {
    return {
      reason: 'centre-first',
      message: `The first stone must be played on the centre, ${formatPoint(size, centreOf(size))}.`,
    };
  }
  if (opening === 'tournament-rule') {
    return {
      reason: 'tournament-rule',
      message: `Tournament rule: the first player's second stone must be at least three points from the centre; ${name} is too close.`,
    };
  }
  if (opening === 'g-pente-rule') {
    return {
      reason: 'g-pente-rule',
      message: `G-Pente: the first player's second stone may not be within two points of the centre, nor three or four points from it on the centre's row or column; ${name} is one of those.`,
    };
  }
  if (state.renju) {
    const renju = renjuIllegality(state, point);
    if (renju === 'renju-area') {
      const limit = 2 * state.moves.length + 1;
      const message = `Renju's opening: stone ${state.moves.length + 1} must be within the centre's ${limit}x${limit}; ${name} is not.`;
      return { reason: renju, message };
    }
    if (renju === 'renju-not-offered')
      return { reason: renju, message: `White picks the fifth stone among black's ten offers; ${name} is not one.` };
  }
  if (seatChoiceDue(state)) {
    const chooser = state.renju ? state.toMove : state.swap2Pass ? 1 : 2;
    const message = `The ${chooser === 1 ? 'first' : 'second'} player must first choose a seat.`;
    return { reason: 'seat-choice-due', message };
  }
  return null;
}

export const isLegal = (state: GameState, point: Point): boolean => illegality(state, point) === null;

/** Every point where the side to move may play. */
export function legalMoves(state: GameState): Point[] {
  const moves: Point[] = [];
  if (state.result) return moves;
  for (let p = 0; p < state.cells.length; p++) if (isLegal(state, p)) moves.push(p);
  return moves;
}

const scratch = new Int16Array(2 * MAX_CAPTURED_PER_MOVE);

/** Plays a stone for the side to move; returns the new state or why the move is illegal. */
export function play(state: GameState, point: Point): Result<GameState, IllegalMove> {
  const illegal = illegality(state, point);
  if (illegal) return err(illegal);

  const { size, variant } = state.rules;
  const player = state.toMove;
  const enemy = opponent(player);
  const cells = Uint8Array.from(state.cells);
  cells[point] = player;

  // Captures and poofs are both read off the board as it stands after placing, before anything is removed:
  // pente.org gives them equal priority, which is how a capture can still poof the capturing stone.
  const nCaptured = findCaptures(cells, size, point, player, variant.captureLengths, scratch, 0);
  const nPoofed = variant.poof ? findPoofs(cells, size, point, player, variant.captureLengths, scratch, nCaptured) : 0;
  const captured = Array.from(scratch.subarray(0, nCaptured));
  const poofed = Array.from(scratch.subarray(nCaptured, nCaptured + nPoofed));
  for (const p of captured) cells[p] = EMPTY;
  for (const p of poofed) cells[p] = EMPTY;

  const [c1, c2] = state.captures;
  const captures: [number, number] = player === 1 ? [c1 + nCaptured, c2 + nPoofed] : [c1 + nPoofed, c2 + nCaptured];

  const base = {
    rules: state.rules,
    cells,
    toMove: variant.twoStoneTurns ? moverAt(state.rules, state.moves.length + 1) : enemy,
    captures,
    moves: [...state.moves, point],
    seatChoice: state.seatChoice,
    swap2Pass: state.swap2Pass,
    renju: state.renju,
    lastMove: { point, player, captured, poofed },
    parent: state,
  };
  // Renju: black loses at once on a forbidden point (judged on the board before the stone; a five is never one).
  // The finder is imported statically (≈0.5 KB gzipped on the first screen), so no screen or tool can replay
  // a Renju game without it.
  if (variant.renju && player === 1 && forbiddenKind(state.cells, size, point) !== null)
    return ok({ ...base, result: { winner: 2, reason: 'forbidden' }, pendingFive: null });
  return ok({ ...base, ...outcome(state, base, point, player) });
}

/**
 * The result and Boat-Pente state after `player` has moved at `point`: the facts of the move, decided in
 * the one order of outcome.ts (`decideOutcome`), which the engine's Position shares.
 */
function outcome(
  before: GameState,
  after: { readonly rules: Rules; readonly cells: Cells; readonly captures: readonly [number, number] },
  point: Point,
  player: Player,
): { result: GameResult | null; pendingFive: Player | null } {
  const { size, variant } = after.rules;
  // Renju: black wins only with exactly five, white with five or more.
  const exact = variant.fiveRule === 'exactly-five' && !(variant.renju && player === 2);
  const enemy = opponent(player);
  const { cells } = after;

  const five =
    cells[point] === player &&
    (variant.winLength === undefined
      ? makesFive(cells, size, point, player, exact)
      : fiveLine(cells, size, point, player, exact, variant.winLength).length > 0);
  const breakable =
    five &&
    variant.fiveMustSurviveReply &&
    everyFiveBreakable(cells, size, point, player, exact, variant.captureLengths);
  const enemyFiveStands = before.pendingFive === enemy && hasFiveAnywhere(cells, size, enemy, exact);
  const lineReason = variant.winLength === 6 ? 'six' : 'five';
  const captureWinner = captureWin(after.rules, after.captures, player);
  const captures = captureWinner === null ? CAPTURES_NONE : captureWinner === player ? CAPTURES_MOVER : CAPTURES_ENEMY;
  switch (decideOutcome(five, breakable, enemyFiveStands, captures, isFull(cells))) {
    case OUTCOME_FIVE:
      return { result: { winner: player, reason: lineReason }, pendingFive: null };
    case OUTCOME_ENEMY_FIVE:
      return { result: { winner: enemy, reason: lineReason }, pendingFive: null };
    case OUTCOME_CAPTURES:
      return { result: { winner: player, reason: 'captures' }, pendingFive: null };
    case OUTCOME_ENEMY_CAPTURES:
      return { result: { winner: enemy, reason: 'captures' }, pendingFive: null };
    case OUTCOME_PENDING_FIVE:
      return { result: null, pendingFive: player };
    case OUTCOME_DRAW:
      return { result: { winner: null, reason: 'draw' }, pendingFive: null };
    default:
      return { result: null, pendingFive: null };
  }
}

function isFull(cells: Cells): boolean {
  for (let p = 0; p < cells.length; p++) if (cells[p] === EMPTY) return false;
  return true;
}

/**
 * The capture winner after a move by `mover`, if any; the mover is checked first. (In Poof-Pente the
 * opponent can reach the target on the mover's move, and a win also needs strictly more stones.)
 */
export function captureWin(rules: Rules, captures: ArrayLike<number>, mover: Player): Player | null {
  const target = rules.variant.captureWin;
  if (target === null) return null;
  const needsLead = rules.variant.captureWinNeedsLead;
  const mine = captures[mover - 1]!;
  const theirs = captures[2 - mover]!;
  if (mine >= target && (!needsLead || mine > theirs)) return mover;
  if (theirs >= target && (!needsLead || theirs > mine)) return opponent(mover);
  return null;
}

/** Ends the game without a move: the loser resigned or ran out of time. */
export function concede(state: GameState, loser: Player, reason: 'resignation' | 'time'): GameState {
  if (state.result) return state;
  return { ...state, result: { winner: opponent(loser), reason } };
}

/** The state `n` moves back (undo); the start of the game is as far back as it goes. */
export function undo(state: GameState, n = 1): GameState {
  let s = state;
  for (let i = 0; i < n && s.parent; i++) s = s.parent;
  return s;
}

/** The state after the first `ply` moves of this game's history. */
export function stateAtPly(state: GameState, ply: number): GameState {
  return undo(state, state.moves.length - Math.max(0, Math.min(ply, state.moves.length)));
}

export interface ReplayError {
  /** 0-based index of the offending move. */
  readonly ply: number;
  readonly illegal: IllegalMove;
}

/**
 * Plays a list of moves from the start. In D-Pente and Swap2, `seatChoice` is the seat choice, made when its
 * turn comes; when the moves go past it without one (a record or an engine request that does not say),
 * 'keep' is taken: the stones do not depend on the choice, only who sits where, which the names say. In
 * Swap2, `swap2Pass` says player 2 passed at the first choice (then `seatChoice` is player 1's, two stones on).
 */
export function replay(
  rules: Rules | RulesOptions,
  moves: readonly Point[],
  seatChoice: SeatChoice | null = null,
  swap2Pass = false,
  renju: RenjuOpening | null = null,
): Result<GameState, ReplayError> {
  let state = newGame(rules);
  if (state.renju) return replayRenju(state, moves, renju ?? RENJU_START);
  for (let ply = 0; ply <= moves.length; ply++) {
    if (swap2Pass && swap2PassAllowed(state)) state = { ...state, swap2Pass: true };
    if (seatChoiceDue(state) && (seatChoice !== null || ply < moves.length))
      state = { ...state, seatChoice: seatChoice ?? 'keep' };
    if (ply === moves.length) break;
    const next = play(state, moves[ply]!);
    if (!next.ok) return err({ ply, illegal: next.error });
    state = next.value;
  }
  return ok(state);
}

/**
 * Renju's replay: before each stone, and after the last, the recorded opening steps that are due are taken
 * in order (swap windows, the offers, passes at that stone count). A swap window the record does not say is
 * kept when a stone follows it (as pente.org's records leave the choices out).
 */
function replayRenju(start: GameState, moves: readonly Point[], opening: RenjuOpening): Result<GameState, ReplayError> {
  let state = start;
  let swaps = 0;
  let passes = 0;
  for (let ply = 0; ply <= moves.length; ply++) {
    for (;;) {
      const o = state.renju!;
      const due = renjuDue(state);
      if (due === 'swap' && (swaps < opening.swaps.length || ply < moves.length)) {
        const choice = opening.swaps[swaps++] ?? 'keep';
        state = { ...state, renju: { ...o, swaps: [...o.swaps, choice] } };
      } else if (due === 'branch' && opening.offers.length > 0) {
        // Ten different empty points. (That no two are alike under the position's symmetries is
        // renju-offers.ts's check, which record.ts's reader and storage's imports add: it stays off the first
        // screen, which replays only games this app kept.)
        const problem = offersShapeProblem(state, opening.offers);
        if (problem) return err({ ply, illegal: { reason: 'renju-not-offered', message: problem } });
        state = { ...state, renju: { ...o, offers: opening.offers } };
      } else if (opening.passes[passes] === ply && state.result === null) {
        passes++;
        state = passed(state);
      } else break;
    }
    if (ply === moves.length) break;
    const next = play(state, moves[ply]!);
    if (!next.ok) return err({ ply, illegal: next.error });
    state = next.value;
  }
  return ok(state);
}

/** Why recorded offers are not ten different empty points of the board, or null. */
function offersShapeProblem(state: GameState, offers: readonly Point[]): string | null {
  const n = state.cells.length;
  const ten = offers.length === 10 && new Set(offers).size === 10;
  const empty = offers.every((p) => Number.isInteger(p) && p >= 0 && p < n && state.cells[p] === EMPTY);
  return ten && empty ? null : "Black's fifth-stone offers are not ten different empty points.";
}

/**
 * Renju's pass (after the opening): the other side is to move; a second pass in a row draws. Like a seat
 * choice, it replaces the state it is made in (same parent).
 */
export function passed(state: GameState): GameState {
  const o = state.renju!;
  const n = state.moves.length;
  const again = o.passes[o.passes.length - 1] === n;
  return {
    ...state,
    toMove: opponent(state.toMove),
    renju: { ...o, passes: [...o.passes, n] },
    result: again ? { winner: null, reason: 'draw' } : null,
  };
}
