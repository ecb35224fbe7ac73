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
  type Point,
  concede,
  opponent,
  play,
  stateAtPly,
  undo,
} from '../../core';
import type { ComputerPlayer, GameClocks, GameSide, RematchStarter } from '../../storage';

/** One side of a match: who plays it, and for a computer, the settings it plays with. */
export interface MatchSide extends GameSide {
  readonly computer?: ComputerPlayer;
  /** A friend on another device: their moves come by link, never from this screen (a friend game). */
  readonly remote?: boolean;
}

export interface MatchClock {
  /** Time left for player 1 and player 2 when the running clock last started (or stopped), in ms. */
  readonly remainingMs: readonly [number, number];
  readonly incrementMs: number;
  /**
   * When the side to move's clock started running (epoch ms), or null while it is stopped: the game is
   * over, or the game is not on screen. A clock is charged from here, so leaving and coming back never
   * gives back the time already used on a turn.
   */
  readonly runningSince: number | null;
}

export interface Match {
  readonly id: string;
  readonly sides: readonly [MatchSide, MatchSide];
  /** The live game. */
  readonly game: GameState;
  /** The ply shown in review, or null for the live game. */
  readonly reviewPly: number | null;
  readonly clock: MatchClock | null;
  /** The computer playing itself to be watched: not saved unless the player keeps it. */
  readonly demo: boolean;
}

export type MoveRefusal =
  IllegalMove | { readonly reason: 'not-your-turn' | 'reviewing' | 'busy'; readonly message: string };

export const REVIEWING: MoveRefusal = { reason: 'reviewing', message: 'You are reviewing: go to the end to play.' };
export const NOT_YOUR_TURN: MoveRefusal = { reason: 'not-your-turn', message: 'The computer is thinking.' };

export function newMatch(options: {
  id: string;
  sides: readonly [MatchSide, MatchSide];
  game: GameState;
  clocks: GameClocks | null;
  demo: boolean;
}): Match {
  const { id, sides, game, clocks, demo } = options;
  return { id, sides, game, reviewPly: null, clock: clocks && clockFromStored(clocks), demo };
}

const clockFromStored = (c: GameClocks): MatchClock => ({
  remainingMs: [c.remainingMs[0], c.remainingMs[1]],
  incrementMs: c.incrementMs,
  runningSince: c.runningSince ?? null,
});

/** The clocks as stored with the game. */
export const storedClocks = (m: Match): GameClocks | null =>
  m.clock && { remainingMs: m.clock.remainingMs, incrementMs: m.clock.incrementMs, runningSince: m.clock.runningSince };

/** The position on the board: the live game, or the position shown in review. */
export const shownState = (m: Match): GameState => (m.reviewPly === null ? m.game : stateAtPly(m.game, m.reviewPly));

export const sideToMove = (m: Match): MatchSide => m.sides[m.game.toMove - 1]!;

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
    return { reason: 'not-your-turn', message: `Waiting for ${sideToMove(m).name}: their move comes by link.` };
  }
  return null;
}

// ---- clocks -----------------------------------------------------------------------------------------

/** Each player's time left at `now`, as shown: the running clock counts down from `runningSince`. */
export function clockReading(m: Match, now: number): readonly [number, number] | null {
  const c = m.clock;
  if (!c) return null;
  if (c.runningSince === null) return c.remainingMs;
  const mover = m.game.toMove;
  const shown: [number, number] = [c.remainingMs[0], c.remainingMs[1]];
  shown[mover - 1] = Math.max(0, shown[mover - 1]! - Math.max(0, now - c.runningSince));
  return shown;
}

/** Stops the running clock, charging the side to move for the time it ran (no increment). */
export function pauseClock(m: Match, now: number): Match {
  const c = m.clock;
  if (!c || c.runningSince === null) return m;
  return { ...m, clock: { ...c, remainingMs: clockReading(m, now)!, runningSince: null } };
}

/** Starts the side to move's clock, if the game has clocks, goes on, and the clock is stopped. */
export function resumeClock(m: Match, now: number): Match {
  const c = m.clock;
  if (!c || c.runningSince !== null || m.game.result) return m;
  return { ...m, clock: { ...c, runningSince: now } };
}

/**
 * Charges the mover for its move at `now` and adds the increment; the opponent's clock starts, unless
 * the move ended the game. The clock must be running (a move is only made while the game is on screen).
 */
function chargeMove(m: Match, next: GameState, now: number): MatchClock | null {
  const c = m.clock;
  if (!c) return null;
  const reading = clockReading(m, now)!;
  const remainingMs: [number, number] = [reading[0], reading[1]];
  remainingMs[m.game.toMove - 1] = remainingMs[m.game.toMove - 1]! + c.incrementMs;
  return { ...c, remainingMs, runningSince: next.result ? null : now };
}

/** Ends the game on time if the side to move has run out at `now`; otherwise returns the match as it is. */
export function flagFall(m: Match, now: number): Match {
  const reading = clockReading(m, now);
  if (!reading || m.game.result || m.clock?.runningSince === null) return m;
  const mover = m.game.toMove;
  if (reading[mover - 1]! > 0) return m;
  return {
    ...m,
    game: concede(m.game, mover, 'time'),
    clock: { ...m.clock!, remainingMs: reading, runningSince: null },
  };
}

// ---- moves and the changes a player can make ---------------------------------------------------------

/**
 * Plays the next move, given as the state it leads to (from the core's `play` or `previewMove`, so the
 * move's legality is checked once); null when `next` does not follow the live game (it moved on).
 */
export function advance(m: Match, next: GameState, now: number): Match | null {
  if (next.parent !== m.game || m.reviewPly !== null) return null;
  return { ...m, game: next, clock: chargeMove(m, next, now) };
}

/** Plays a move at `point` for the side to move (the computer's answer, or a person's tap). */
export function playPoint(m: Match, point: Point, now: number): { match: Match } | { refusal: MoveRefusal } {
  if (m.reviewPly !== null) return { refusal: REVIEWING };
  const next = play(m.game, point);
  if (!next.ok) return { refusal: next.error };
  return { match: advance(m, next.value, now)! };
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
  let s = undo(game);
  while (s.moves.length > 0 && sides[s.toMove - 1]!.computer) s = undo(s);
  // Nothing of a person's to take back (the computer made the only moves): leave the game as it is.
  return sides[s.toMove - 1]!.computer ? game : s;
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

/** Continues the game from the position shown in review, dropping the moves after it (not in a demo). */
export function playFromHere(m: Match, now: number): Match {
  // Not in a friend game: the moves dropped would still be in the friend's copy.
  if (m.reviewPly === null || m.demo || isFriendMatch(m)) return m;
  const running = m.clock?.runningSince !== null;
  const paused = pauseClock(m, now);
  const back: Match = { ...paused, game: stateAtPly(m.game, m.reviewPly), reviewPly: null };
  return running || m.game.result !== null ? resumeClock(back, now) : back;
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
