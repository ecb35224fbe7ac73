/**
 * The match model: one game as it is played in the app — the game state, who plays each side, the
 * clocks, the position shown in review — as an immutable value, with the rules of play as pure
 * functions. No signals, no storage, no timers: the time is always passed in (`now`, epoch ms), so every
 * rule (clock charging, undo against the computer, flag fall, resume after a kill) is unit-tested without
 * waiting. The controller (controller.ts) wires it to the screen, storage and the engine.
 */
import {
  type GameState,
  type IllegalMove,
  type Player,
  type OpeningStep,
  type Point,
  type SeatChoice,
  actingSeat,
  concede,
  seatChoiceForScore,
  opponent,
  play,
  renjuSeatsSwapped,
  stateAtPly,
  takeOpeningStep,
  undo,
} from '../../../core';
import type { ComputerPlayer, GameClocks, GameSide, RematchStarter } from '../../../storage';
import type { ClockBudget, EngineScore } from '../../engine/client';
import {
  type Heartbeat,
  type MatchClock,
  afterAbsence,
  clockAfterMove,
  clockRunsAfter,
  isOutOfTime,
  readClock,
  restoreClock,
  startClock,
  stopClock,
  storeClock,
} from './game-clock';
import * as words from '../../words/paraglide/messages.js';

export type { MatchClock } from './game-clock';

/** One side of a match: who plays it, and for a computer, the settings it plays with. */
export interface MatchSide extends GameSide {
  readonly computer?: ComputerPlayer;
  /** A friend on another device: their moves come by link, never from this screen (a friend game). */
  readonly remote?: boolean;
}

export interface Match {
  readonly id: string;
  readonly sides: readonly [MatchSide, MatchSide];
  /** The live game. */
  readonly game: GameState;
  /** The ply shown in review, or null for the live game. */
  readonly reviewPly: number | null;
  readonly clock: MatchClock | null;
  /**
   * The ply this game's own play started at: 0, or for a game played from another game's position, that
   * position's ply. Each side's first move after it is free of the clock.
   */
  readonly startPly: number;
  /** The computer playing itself to be watched: not saved unless the player keeps it. */
  readonly demo: boolean;
}

export type MoveRefusal =
  IllegalMove | { readonly reason: 'not-your-turn' | 'reviewing' | 'busy'; readonly message: string };

/** The refusals every match shares; their messages are getters, so each read is in the current language. */
export const REVIEWING: MoveRefusal = {
  reason: 'reviewing',
  get message() {
    return words.play_refusal_reviewing();
  },
};
export const NOT_YOUR_TURN: MoveRefusal = {
  reason: 'not-your-turn',
  get message() {
    return words.play_refusal_computer_thinking();
  },
};

/**
 * A match from a game and its stored clocks. A clock stored running (the app was closed with it running)
 * opens stopped, charged only up to the last moment the app was seen (the record's, or `heartbeat`'s): the
 * controller starts it again once the game is on screen.
 */
export function newMatch(options: {
  id: string;
  sides: readonly [MatchSide, MatchSide];
  game: GameState;
  clocks: GameClocks | null;
  demo: boolean;
  startPly?: number;
  heartbeat?: Heartbeat | null;
}): Match {
  const { id, sides, game, clocks, demo } = options;
  const clock = clocks && restoreClock(clocks, game.toMove, options.heartbeat ?? null);
  return { id, sides, game, reviewPly: null, clock, startPly: options.startPly ?? 0, demo };
}

/** The clocks as stored with the game at `now`. */
export const storedClocks = (m: Match, now: number): GameClocks | null => m.clock && storeClock(m.clock, now);

/** The position on the board: the live game, or the position shown in review. */
export const shownState = (m: Match): GameState => (m.reviewPly === null ? m.game : stateAtPly(m.game, m.reviewPly));

/**
 * The side whose person acts now: the side to move, except in D-Pente's opening, where player 1 places
 * four stones of both colours and player 2 then chooses a seat (core's actingSeat).
 */
export const sideToMove = (m: Match): MatchSide => m.sides[actingSeat(m.game) - 1]!;

export const hasComputer = (m: Match): boolean => m.sides.some((s) => s.computer);

/** A game with a friend on another device, played by links: one side is theirs. */
export const isFriendMatch = (m: Match): boolean => m.sides.some((s) => s.remote);

/** Whether the computer should be thinking now: its turn, in the live game, which is not over. */
export const isComputerTurn = (m: Match): boolean =>
  !m.game.result && m.reviewPly === null && sideToMove(m).computer !== undefined;

/** Whether a person may place the next stone now. */
export const isHumanTurn = (m: Match): boolean =>
  !m.game.result && m.reviewPly === null && sideToMove(m).computer === undefined && !sideToMove(m).remote;

/**
 * Why a person may not place a stone now (review, the computer's turn), or null if they may: whether the
 * point itself is legal is the core's to say, once, when the move is previewed or played.
 */
export function turnRefusal(m: Match): MoveRefusal | null {
  if (m.reviewPly !== null) return REVIEWING;
  if (!m.game.result && sideToMove(m).computer) return NOT_YOUR_TURN;
  if (!m.game.result && sideToMove(m).remote) {
    return { reason: 'not-your-turn', message: words.play_refusal_waiting_link({ name: sideToMove(m).name }) };
  }
  return null;
}

// ---- clocks -----------------------------------------------------------------------------------------

/** Each player's time left at `now`, as shown: the running clock counts down from `runningSince`. */
export const clockReading = (m: Match, now: number): readonly [number, number] | null =>
  m.clock && readClock(m.clock, m.game.toMove, now);

/**
 * The side to move's clock as the engine plans a move with it: the time it has left at `now` and the
 * increment; null in a game without clocks. The computer is charged its thinking time like a person, and
 * told its clock so it never thinks so long that it loses on time.
 */
export function moverClock(m: Match, now: number): ClockBudget | null {
  const reading = clockReading(m, now);
  if (!m.clock || !reading) return null;
  return { remainingMs: reading[m.game.toMove - 1]!, incrementMs: m.clock.incrementMs };
}

/** Stops the running clock, charging the side to move for the time it ran (no increment). */
export function pauseClock(m: Match, now: number): Match {
  const c = m.clock;
  if (!c || c.runningSince === null) return m;
  return { ...m, clock: stopClock(c, m.game.toMove, now) };
}

/** Whether the side to move's clock should run in `game`: it goes on, and that side has made its first move. */
const clockRunsIn = (m: Match, game: GameState): boolean =>
  !game.result && clockRunsAfter(game.moves.length - m.startPly);

/**
 * Starts the side to move's clock (the game is on screen), if the game has clocks, goes on, the side to
 * move has made its first move, and the clock is stopped.
 */
export function resumeClock(m: Match, now: number): Match {
  const c = m.clock;
  if (!c || c.runningSince !== null || !clockRunsIn(m, m.game)) return m;
  return { ...m, clock: startClock(c, now) };
}

/** Ends the game on time if the side to move has run out at `now`; otherwise returns the match as it is. */
export function flagFall(m: Match, now: number): Match {
  const c = m.clock;
  if (!c || m.game.result || !isOutOfTime(c, m.game.toMove, now)) return m;
  return { ...m, game: concede(m.game, m.game.toMove, 'time'), clock: stopClock(c, m.game.toMove, now) };
}

/**
 * After an absence (no tick from `lastSeen` until `now`: the device slept with the page on screen): the
 * running clock is charged up to `lastSeen` only, and runs on from `now`.
 */
export function afterAbsenceOf(m: Match, lastSeen: number, now: number): Match {
  const c = m.clock;
  if (!c || c.runningSince === null) return m;
  return { ...m, clock: afterAbsence(c, m.game.toMove, lastSeen, now) };
}

/** The heartbeat of the running clock at `now` (null while it is stopped). */
export function heartbeatOf(m: Match, now: number): Heartbeat | null {
  const since = m.clock?.runningSince ?? null;
  return since === null ? null : { runningSince: since, seenAt: now };
}

// ---- moves and the changes a player can make ---------------------------------------------------------

/**
 * Plays the next move, given as the state it leads to (from the core's `play` or `previewMove`, so the
 * move's legality is checked once); null when `next` does not follow the live game (it moved on).
 */
export function advance(m: Match, next: GameState, now: number): Match | null {
  if (next.parent !== m.game || m.reviewPly !== null) return null;
  const turnEnds = next.toMove !== m.game.toMove || next.result !== null;
  const clock = m.clock && clockAfterMove(m.clock, m.game.toMove, now, clockRunsIn(m, next), turnEnds);
  return { ...m, game: next, clock };
}

/** Plays a move at `point` for the side to move (the computer's answer, or a person's tap). */
export function playPoint(m: Match, point: Point, now: number): { match: Match } | { refusal: MoveRefusal } {
  if (m.reviewPly !== null) return { refusal: REVIEWING };
  const next = play(m.game, point);
  if (!next.ok) return { refusal: next.error };
  return { match: advance(m, next.value, now)! };
}

/**
 * An opening step (D-Pente's or Swap2's seat choice, Swap2's pass; Renju's windows, offers and pass): the
 * same stones; on a swap the two sides (and their clocks) exchange seats, so the chooser's person plays the
 * other seat's stones from now on. Swap2's pass changes no seat: player 2 places the next two stones.
 * Renju's pass hands the move to the other side, and the clocks with it at `now`. Null when the step is not
 * due or the game is in review.
 */
export function chooseSeatIn(m: Match, choice: OpeningStep, now?: number): Match | null {
  const game = m.reviewPly === null ? takeOpeningStep(m.game, choice) : null;
  if (!game) return null;
  // Renju's pass ends the passer's turn like a stone: its clock is charged (and earns the increment), the
  // other side's starts.
  if (game.toMove !== m.game.toMove && m.clock && now !== undefined)
    return { ...m, game, clock: clockAfterMove(m.clock, m.game.toMove, now, clockRunsIn(m, game)) };
  if (choice !== 'swap') return { ...m, game };
  const [a, b] = m.sides;
  const c = m.clock;
  const clock = c && { ...c, remainingMs: [c.remainingMs[1], c.remainingMs[0]] as const };
  return { ...m, game, sides: [b, a], clock };
}

/**
 * The computer's seat choice (D-Pente, Swap2), from a search of the position where it is due, scored for the
 * side to move there: the chooser takes the seat that scores better (a forced win as the best score, a
 * forced loss as the worst), keeping their own when even (core's seatChoiceForScore).
 */
export function seatChoiceFor(game: GameState, moverScore: EngineScore): SeatChoice {
  const score = moverScore.kind === 'win' ? Infinity : moverScore.kind === 'loss' ? -Infinity : moverScore.centiStones;
  return seatChoiceForScore(game, score);
}

/** Whether undo is offered: a live game with a move of a person's to take back (never in a demo). */
export function canUndo(m: Match): boolean {
  // A friend game's moves are sent as they are made: one taken back here would still be in the friend's copy.
  if (m.demo || m.game.result || isFriendMatch(m)) return false;
  return undoTarget(m.game, m.sides) !== m.game;
}

/** Against the computer, undo goes back to the person's last turn (two plies); otherwise one ply. */
function undoTarget(game: GameState, sides: Match['sides']): GameState {
  if (game.moves.length === 0) return game;
  const acting = (s: GameState) => sides[actingSeat(s) - 1]!;
  let s = undo(game);
  while (s.moves.length > 0 && acting(s).computer) s = undo(s);
  // D-Pente: no going back past the seat choice once made (as on pente.org): the seats changed with it.
  if (game.seatChoice !== null && s.seatChoice === null) return game;
  // Renju: nor past a swap window where the people changed seats.
  if (game.renju && renjuSeatsSwapped(game.renju) !== renjuSeatsSwapped(s.renju!)) return game;
  // Nothing of a person's to take back (the computer made the only moves): leave the game as it is.
  return acting(s).computer ? game : s;
}

/** Takes back moves (see undoTarget). The time used stays used; the clock runs for whoever is to move. */
export function takeBack(m: Match, now: number): Match {
  if (!canUndo(m)) return m;
  const running = m.clock?.runningSince !== null;
  const paused = pauseClock(m, now);
  const back = { ...paused, game: undoTarget(m.game, m.sides), reviewPly: null };
  return running ? resumeClock(back, now) : back;
}

/**
 * The person resigns: in pass-and-play, the side to move; against the computer or a friend by link, the
 * person's side (on either turn). A demo or a finished game cannot be resigned.
 */
export function resign(m: Match, now: number): Match {
  if (m.game.result || m.demo) return m;
  const human = m.sides.findIndex((s) => !s.computer && !s.remote);
  if (human < 0) return m;
  const loser: Player = hasComputer(m) || isFriendMatch(m) ? ((human + 1) as Player) : m.game.toMove;
  const paused = pauseClock(m, now);
  return { ...paused, game: concede(m.game, loser, 'resignation'), reviewPly: null };
}

/** Shows an earlier position (null, or a ply at or past the end: the live game). */
export function review(m: Match, ply: number | null): Match {
  const total = m.game.moves.length;
  const reviewPly = ply === null || ply >= total ? null : Math.max(0, Math.floor(ply));
  return reviewPly === m.reviewPly ? m : { ...m, reviewPly };
}

/**
 * What "Play from here" starts from: the position shown in review (or `ply`, an earlier one) and its ply;
 * null for the live game or a
 * demo. The match itself never changes: playing from a position is a new game (live-session.ts), so review never
 * rewrites a game's history.
 */
export function reviewedPosition(
  m: Match,
  ply: number | null = m.reviewPly,
): { readonly state: GameState; readonly ply: number } | null {
  // Not in a friend game while it goes on: that game is played by links, not from here.
  if (m.reviewPly === null || m.demo || (isFriendMatch(m) && m.game.result === null)) return null;
  // An earlier position than the one shown (a marked move played again: analysis/game-analysis.ts's
  // playFromPly), never a later one.
  const from = ply === null ? m.reviewPly : Math.max(0, Math.min(m.reviewPly, ply));
  return { state: stateAtPly(m.game, from), ply: from };
}

// ---- rematch -----------------------------------------------------------------------------------------

/**
 * The sides of a rematch, in order (player 1 first): the loser of this game starts, the players take
 * turns, or the same player starts again, as the rematch setting says. A draw keeps the order under
 * 'loser'.
 */
export function rematchSides(m: Match, rule: RematchStarter): readonly [MatchSide, MatchSide] {
  const [a, b] = m.sides;
  const winner = m.game.result?.winner ?? null;
  const swap = rule === 'alternate' || (rule === 'loser' && winner !== null && opponent(winner) === 2);
  return swap ? [b, a] : [a, b];
}
