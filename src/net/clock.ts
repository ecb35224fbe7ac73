/**
 * The chess clock of a live friend game, agreed in the invitation, with no server to keep time: each
 * device measures its own player's thinking and signs the reading with each move (GameEnvelope.clock:
 * time left after the move, increment added, and when by its own clock). Who flagged is decided from those
 * signed readings alone, by the rule below, so two devices that hold the same events agree, whatever order
 * they arrived in and however far apart the two devices' clocks are: every comparison is between two
 * readings of one device's clock.
 *
 * - A player's own reading is authoritative for their own time: a move whose reading shows no time left is
 *   a loss on time (the move does not stand), and a player may say their own flag fell.
 * - A reading may not gain time: a move may show at most the time left before it plus the increment.
 * - The clock reads turns, not stones: a turn is everything one person does before the other acts (core's
 *   personToAct, as `ActorAt`). Every action of the game — a stone, and in D-Pente, DK-Pente and Swap2 a
 *   seat step (swap, keep, pass) — is timed and signs its actor's time left; the increment comes once a
 *   turn, with its last action. So Connect6's two stones are one turn, D-Pente's four opening stones are
 *   player 1's first turn, and a seat step is timed as a move is (the chooser's clock runs while they
 *   choose; no step is free of the clock but in a person's first turn): a keep ends the chooser's turn, a
 *   swap goes on with the chooser's stone in the same turn (they play next), a pass with the two stones
 *   after it. A reading gains the increment only with the turn's last action.
 * - Each person's first turn is free of the clock (`clockRunsAt`): the game starts when both are there,
 *   which an invitation opened later may not be; no claim stands before.
 * - A flag claimed by the other side stands when the flagged side is to act, the claimant acted just
 *   before the flagged side's turn began (that reading and the claim's are both the claimant's: the elapsed
 *   time is one clock's), the time elapsed exceeds the flagged side's time at the start of the turn plus a
 *   grace for the network, and the flagged side has no action at that ply: an action in time, with a
 *   reading above zero, beats a claim even if it arrives after it. Mid-turn (Connect6 after the turn's
 *   first stone; a swap before its stone) the turn's earlier actions stand, each in time by its own
 *   reading, and the claim is judged on the whole turn from its start: the flagged side loses on time with
 *   the first stone on the board.
 */
import { type Player, moverAt, opponent } from '../core';

export interface TimeControl {
  /** Each side's time at the start. */
  readonly initialMs: number;
  /** Added to the mover's time after each of their moves. */
  readonly incrementMs: number;
}

/** Moves free of the clock in a game of one stone a turn: each side's first (the clocks start after). */
export const FREE_PLIES = 2;

/**
 * Who takes action number ply + 1 (0-based ply), for every ply up to the one to act now: core's rule
 * (actorAtOf: moverAt, personToAct after the seat steps).
 */
export type ActorAt = (ply: number) => Player;

/** One stone a turn, turns alternating: the order a clock reads without a game's. */
const ALTERNATE: ActorAt = (ply) => moverAt({ variant: { twoStoneTurns: false } as never }, ply);

/**
 * Whether the clock runs at `ply` (actions taken): each person has had their first turn, i.e. the actor
 * changed at least twice up to it. Pente: from ply 2; Connect6: 3; D-Pente: after the seat choice's turn.
 */
export function clockRunsAt(actorAt: ActorAt, ply: number): boolean {
  let changes = 0;
  for (let p = 1; p <= ply && changes < 2; p++) if (actorAt(p) !== actorAt(p - 1)) changes++;
  return changes >= 2;
}

/** The first ply of the turn that `ply` is part of: the actor at `ply` acted at every ply from it. */
export function turnStartOf(actorAt: ActorAt, ply: number): number {
  const actor = actorAt(ply);
  let start = ply;
  while (start > 0 && actorAt(start - 1) === actor) start--;
  return start;
}

/** Whether the action at `ply` ends its actor's turn (the next is the other's): the increment comes with it. */
export const endsTurn = (actorAt: ActorAt, ply: number): boolean => actorAt(ply + 1) !== actorAt(ply);

/** Slack for a claim: an event's trip between two devices through a relay, and the clocks' ticks. */
export const FLAG_GRACE_MS = 2000;

/** An action's signed reading: the actor's time left after action number `ply + 1`, at `atMs` on their clock. */
export interface MoveReading {
  readonly side: Player;
  /** Actions (stones and opening steps) taken before this one. */
  readonly ply: number;
  readonly leftMs: number;
  readonly atMs: number;
}

/** A flag said by `by` that `side` ran out, at `ply` (actions taken), at `atMs` on `by`'s clock. */
export interface FlagReading {
  readonly by: Player;
  readonly side: Player;
  readonly ply: number;
  readonly atMs: number;
}

/** The time `side` had when their turn began at `ply`: their last reading before it, or the initial time. */
export function timeAtTurn(control: TimeControl, readings: readonly MoveReading[], side: Player, ply: number): number {
  let left = control.initialMs;
  for (const r of readings) if (r.side === side && r.ply < ply) left = r.leftMs;
  return left;
}

/**
 * Why an action's reading cannot stand: it shows no time left (a flag), or more than the actor had (the
 * time before it, plus the increment if it ends the turn: `actorAt` must know the actor after it).
 */
export function moveReadingProblem(
  control: TimeControl,
  readings: readonly MoveReading[],
  move: MoveReading,
  actorAt: ActorAt = ALTERNATE,
): 'flag' | 'gained-time' | null {
  if (move.leftMs <= 0) return 'flag';
  const increment = endsTurn(actorAt, move.ply) ? control.incrementMs : 0;
  if (move.leftMs > timeAtTurn(control, readings, move.side, move.ply) + increment) return 'gained-time';
  return null;
}

/**
 * Whether a flag stands at `flag.ply`, given the signed readings of the actions before it and whether the
 * side to act has an action at that ply (`answered`), in a game whose turn order is `actorAt`.
 * Deterministic: the same events give the same answer.
 */
export function flagStands(
  control: TimeControl,
  readings: readonly MoveReading[],
  flag: FlagReading,
  answered: boolean,
  actorAt: ActorAt = ALTERNATE,
): boolean {
  if (flag.by === flag.side) return true;
  if (flag.side !== actorAt(flag.ply) || answered || !clockRunsAt(actorAt, flag.ply)) return false;
  // Counted from the claimant's action just before the flagged side's turn began (mid-turn too).
  const start = turnStartOf(actorAt, flag.ply);
  const claimantMove = readings.find((r) => r.ply === start - 1 && r.side === opponent(flag.side));
  if (!claimantMove) return false;
  const elapsed = flag.atMs - claimantMove.atMs;
  return elapsed > timeAtTurn(control, readings, flag.side, start) + FLAG_GRACE_MS;
}

/**
 * Who lost on time in a game with these signed readings and flags, and at which ply (moves that stand), or
 * null: the first ply at which a move's own reading shows no time left or a flag stands.
 */
export function whoFlagged(
  control: TimeControl,
  readings: readonly MoveReading[],
  flags: readonly FlagReading[],
  actorAt: ActorAt = ALTERNATE,
): { readonly side: Player; readonly ply: number } | null {
  const byPly = [...readings].sort((a, b) => a.ply - b.ply);
  const last = Math.max(-1, ...byPly.map((r) => r.ply), ...flags.map((f) => f.ply));
  for (let ply = 0; ply <= last; ply++) {
    const before = byPly.filter((r) => r.ply < ply);
    const move = byPly.find((r) => r.ply === ply);
    for (const flag of flags.filter((f) => f.ply === ply).sort((a, b) => a.side - b.side || a.by - b.by)) {
      if (flagStands(control, before, flag, move !== undefined, actorAt)) return { side: flag.side, ply };
    }
    if (move && moveReadingProblem(control, before, move, actorAt) === 'flag') return { side: move.side, ply };
  }
  return null;
}
