/**
 * The chess clock of a live friend game on this device (issue 30): what the two clocks show, the reading
 * this device signs with its player's action, and when it must say a flag fell. Pure: every time is passed
 * in (this device's clock, ms); the controller (live-controller.ts) runs it and sets the timers.
 *
 * Who flagged is decided by net/clock.ts from the signed readings alone (the same on both devices); this
 * only decides what this device signs and when:
 * - Its own player's time is measured here, from when this device saw the ply begin (the other side's
 *   move shown, its own action before, or the record as stored after a restart) to the action; each
 *   person's first turn is free (clockRunsAt). Every action (a stone, a seat step) signs the time left,
 *   plus the increment with the turn's last action (net/clock.ts: turns, not stones).
 * - When its own player's time runs out, it says so (a flag by that side, reading 0): `flagPlan`'s 'own'.
 * - When the other side's time runs out on this device's clock, counted from this device's own signed
 *   move, and the grace for the network is past, it claims their flag: 'claim'. Their device, if open,
 *   will have said it first; the claim is for a device that is closed or cut off. Mid-turn (Connect6's
 *   second stone due, a swap's stone due) the other side's clock is counted, as the claim is judged, from
 *   this device's action before their turn began, against their time at its start.
 */
import { type Player, opponent } from '../../../core';
import {
  type ActorAt,
  FLAG_GRACE_MS,
  type MoveReading,
  type TimeControl,
  clockRunsAt,
  endsTurn,
  timeAtTurn,
  turnStartOf,
} from '../../../net/clock';
import type { ClockReading } from '../../../net/game-events';

/** A timed game as this device sees it now. */
export interface ClockGame {
  /** Who takes each action, up to the one due now (core's actorAtOf: Connect6's two stones, the seat steps). */
  readonly actorAt: ActorAt;
  readonly control: TimeControl;
  /** The signed readings of the moves that stand (both sides'), from the fold (net/inbox.ts). */
  readonly readings: readonly MoveReading[];
  /** Actions taken (stones, and the opening steps of a game with a seat choice). */
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

/** This device's own signed action just before the other side's turn began (what a claim counts from). */
const claimBase = (game: ClockGame): { readonly reading: MoveReading; readonly start: number } | null => {
  const start = turnStartOf(game.actorAt, game.ply);
  const reading = game.readings.find((r) => r.ply === start - 1 && r.side === game.mySide);
  return reading ? { reading, start } : null;
};

/**
 * When the side to act's clock started counting on this device's clock, and their time then: for the other
 * side, from this device's own signed action before their turn (the moment a claim is counted from), with
 * their time at the turn's start; else from when this device saw the ply begin, with the time now signed.
 */
function counting(game: ClockGame): { readonly fromMs: number; readonly leftMs: number } {
  const toMove = game.actorAt(game.ply);
  const base = toMove === game.mySide ? null : claimBase(game);
  if (base) return { fromMs: base.reading.atMs, leftMs: timeAtTurn(game.control, game.readings, toMove, base.start) };
  return { fromMs: game.turnSeenAt, leftMs: timeAtTurn(game.control, game.readings, toMove, game.ply) };
}

/** When the side to act's clock started counting on this device's clock (see `counting`). */
export const turnStart = (game: ClockGame): number => counting(game).fromMs;

/** Whether the side to act's clock runs: the game goes on and each person has had their free first turn. */
const runs = (game: ClockGame): boolean => !game.over && clockRunsAt(game.actorAt, game.ply);

/** The clocks at `nowMs`: each side's last signed time (or the initial), the side to move's counting down. */
export function clockFace(game: ClockGame, nowMs: number): ClockFace {
  const left: [number, number] = [
    timeAtTurn(game.control, game.readings, 1, game.ply),
    timeAtTurn(game.control, game.readings, 2, game.ply),
  ];
  if (game.lostOnTime) left[game.lostOnTime - 1] = 0;
  if (!runs(game)) return { leftMs: left, running: null, atMs: nowMs };
  const toMove = game.actorAt(game.ply);
  const from = counting(game);
  left[toMove - 1] = Math.max(0, from.leftMs - Math.max(0, nowMs - from.fromMs));
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
 * The reading this device signs with its player's action at `ply` (a stone or a step: made at `atMs`): the
 * time left after it, with the increment when it ends the turn. A move this device saved before its own flag fell keeps at
 * least 1 ms: its flag timer had not run, so the move stands (the other side's claim waits for the grace).
 */
export function myReading(game: ClockGame, ply: number, atMs: number, move: boolean): ClockReading {
  const base = timeAtTurn(game.control, game.readings, game.mySide, ply);
  const spent = clockRunsAt(game.actorAt, ply) ? Math.max(0, atMs - game.turnSeenAt) : 0;
  const left = Math.max(1, base - spent);
  // The increment comes once a turn: in Connect6 with the turn's second stone, after a swap with the stone.
  return { leftMs: move && endsTurn(game.actorAt, ply) ? left + game.control.incrementMs : left, atMs };
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
  const toMove = game.actorAt(game.ply);
  if (toMove === game.mySide) {
    const left = timeAtTurn(game.control, game.readings, toMove, game.ply);
    return { kind: 'own', side: toMove, atMs: game.turnSeenAt + left };
  }
  if (!claimBase(game)) return null;
  const { fromMs, leftMs } = counting(game);
  return { kind: 'claim', side: opponent(game.mySide), atMs: fromMs + leftMs + FLAG_GRACE_MS + 1 };
}

/** The reading a flag carries: the flagged side's own says 0 left; a claim, the claimant's time as it stands. */
export function flagReading(game: ClockGame, plan: FlagPlan, nowMs: number): ClockReading {
  if (plan.kind === 'own') return { leftMs: 0, atMs: nowMs };
  return { leftMs: timeAtTurn(game.control, game.readings, game.mySide, game.ply), atMs: nowMs };
}
