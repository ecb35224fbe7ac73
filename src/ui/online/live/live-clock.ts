/**
 * The chess clock of a live friend game on this device (issue 30): what the two clocks show, the reading
 * this device signs with its player's action, and when it must say a flag fell. Pure: every time is passed
 * in (this device's clock, ms); the controller (live-controller.ts) runs it and sets the timers.
 *
 * Who flagged is decided by net/clock.ts from the signed readings alone (the same on both devices); this
 * only decides what this device signs and when:
 * - Its own player's time is measured here, from when this device saw the turn begin (the other side's
 *   move shown, or the record as stored after a restart) to the action; each side's first move is free
 *   (FREE_PLIES). A move signs the time left plus the increment.
 * - When its own player's time runs out, it says so (a flag by that side, reading 0): `flagPlan`'s 'own'.
 * - When the other side's time runs out on this device's clock, counted from this device's own signed
 *   move, and the grace for the network is past, it claims their flag: 'claim'. Their device, if open,
 *   will have said it first; the claim is for a device that is closed or cut off.
 */
import { type Player, type Rules, moverAt, opponent } from '../../../core';
import { FLAG_GRACE_MS, type MoveReading, type TimeControl, freePlies, timeAtTurn } from '../../../net/clock';
import type { ClockReading } from '../../../net/game-events';

/** A timed game as this device sees it now. */
export interface ClockGame {
  /** The game's turn rule (core's moverAt: Connect6's two stones a turn). */
  readonly rules: Pick<Rules, 'variant'>;
  readonly control: TimeControl;
  /** The signed readings of the moves that stand (both sides'), from the fold (net/inbox.ts). */
  readonly readings: readonly MoveReading[];
  /** Moves on the board. */
  readonly ply: number;
  readonly over: boolean;
  /** The side that lost on time (its clock shows 0), or null. */
  readonly lostOnTime?: Player | null;
  readonly mySide: Player;
  /** When this device saw the current turn begin (its clock). */
  readonly turnSeenAt: number;
}

/** What the two clocks show at `atMs`, and which one runs (null: none: the game is over, or not begun). */
export interface ClockFace {
  /** Black's and White's time left (never below 0). */
  readonly leftMs: readonly [number, number];
  readonly running: Player | null;
  readonly atMs: number;
}

/** Who places stone `ply` (0-based): core's rule, for every game. */
const toMoveAt = (game: ClockGame, ply: number): Player => moverAt(game.rules, ply);

/** Whether stone `ply` ends its mover's turn (Connect6: the second of two): the increment is added then. */
const endsTurn = (game: ClockGame, ply: number): boolean => toMoveAt(game, ply + 1) !== toMoveAt(game, ply);

/**
 * When the side to move's turn began on this device's clock: for the other side, this device's own
 * signed move just before (the moment the claim is counted from); else when this device saw it begin.
 */
export function turnStart(game: ClockGame): number {
  const toMove = toMoveAt(game, game.ply);
  if (toMove !== game.mySide) {
    const mine = game.readings.find((r) => r.ply === game.ply - 1 && r.side === game.mySide);
    if (mine) return mine.atMs;
  }
  return game.turnSeenAt;
}

/** Whether the side to move's clock runs: the game goes on and each side has made its free first move. */
const runs = (game: ClockGame): boolean => !game.over && game.ply >= freePlies(game.rules);

/** The clocks at `nowMs`: each side's last signed time (or the initial), the side to move's counting down. */
export function clockFace(game: ClockGame, nowMs: number): ClockFace {
  const left: [number, number] = [
    timeAtTurn(game.control, game.readings, 1, game.ply),
    timeAtTurn(game.control, game.readings, 2, game.ply),
  ];
  if (game.lostOnTime) left[game.lostOnTime - 1] = 0;
  if (!runs(game)) return { leftMs: left, running: null, atMs: nowMs };
  const toMove = toMoveAt(game, game.ply);
  left[toMove - 1] = Math.max(0, left[toMove - 1]! - Math.max(0, nowMs - turnStart(game)));
  return { leftMs: left, running: toMove, atMs: nowMs };
}

/** A face's running clock at `nowMs` (the display ticks between the controller's faces). */
export function faceAt(face: ClockFace, nowMs: number): readonly [number, number] {
  if (face.running === null) return face.leftMs;
  const left: [number, number] = [face.leftMs[0], face.leftMs[1]];
  left[face.running - 1] = Math.max(0, left[face.running - 1]! - Math.max(0, nowMs - face.atMs));
  return left;
}

/**
 * The reading this device signs with its player's action at `ply` (a move: made at `atMs`): the time left
 * after it, with the increment for a move. A move this device saved before its own flag fell keeps at
 * least 1 ms: its flag timer had not run, so the move stands (the other side's claim waits for the grace).
 */
export function myReading(game: ClockGame, ply: number, atMs: number, move: boolean): ClockReading {
  const base = timeAtTurn(game.control, game.readings, game.mySide, ply);
  const spent = ply >= freePlies(game.rules) ? Math.max(0, atMs - game.turnSeenAt) : 0;
  const left = Math.max(1, base - spent);
  // The increment comes once a turn: in Connect6 with the turn's second stone.
  return { leftMs: move && endsTurn(game, ply) ? left + game.control.incrementMs : left, atMs };
}

/** What this device must say of a flag, and when (its clock): its own player's, or a claim of the other's. */
export type FlagPlan = { readonly kind: 'own' | 'claim'; readonly side: Player; readonly atMs: number };

/**
 * When this device says a flag falls in `game`, or null (over, a free move, or a claim with no move of
 * ours to count from). 'claim' waits until net/clock.ts's flagStands holds: the other side's time and
 * the grace past, strictly, on this device's clock from its own signed move.
 */
export function flagPlan(game: ClockGame): FlagPlan | null {
  if (!runs(game)) return null;
  const toMove = toMoveAt(game, game.ply);
  const left = timeAtTurn(game.control, game.readings, toMove, game.ply);
  if (toMove === game.mySide) return { kind: 'own', side: toMove, atMs: game.turnSeenAt + left };
  const mine = game.readings.find((r) => r.ply === game.ply - 1 && r.side === game.mySide);
  if (!mine) return null;
  return { kind: 'claim', side: opponent(game.mySide), atMs: mine.atMs + left + FLAG_GRACE_MS + 1 };
}

/** The reading a flag carries: the flagged side's own says 0 left; a claim, the claimant's time as it stands. */
export function flagReading(game: ClockGame, plan: FlagPlan, nowMs: number): ClockReading {
  if (plan.kind === 'own') return { leftMs: 0, atMs: nowMs };
  return { leftMs: timeAtTurn(game.control, game.readings, game.mySide, game.ply), atMs: nowMs };
}
