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
 * - Each side's first move is free of the clock (FREE_PLIES): the game starts when both are there, which an
 *   invitation opened later may not be; no claim stands before.
 * - A flag claimed by the other side stands when the flagged side was to move, the claimant had moved just
 *   before (their move's reading and the claim's are both theirs: the elapsed time is one clock's), the time
 *   elapsed exceeds the flagged side's time left plus a grace for the network, and the flagged side has no
 *   move at that ply: a move in time, with a reading above zero, beats a claim even if it arrives after it.
 */
import { type Player, type Rules, moverAt, opponent } from '../core';

export interface TimeControl {
  /** Each side's time at the start. */
  readonly initialMs: number;
  /** Added to the mover's time after each of their moves. */
  readonly incrementMs: number;
}

/** Moves free of the clock: each side's first (a claim against either does not stand; the clocks start after). */
export const FREE_PLIES = 2;

/** The stones free of the clock in `rules`: each side's first turn (Connect6's: one stone, then two). */
export const freePlies = (rules: Pick<Rules, 'variant'>): number => (rules.variant.twoStoneTurns ? 3 : FREE_PLIES);

/** The rules a clock without them reads turns by: one stone a turn. */
const ONE_STONE_TURNS: Pick<Rules, 'variant'> = { variant: { twoStoneTurns: false } as Rules['variant'] };

/** Slack for a claim: an event's trip between two devices through a relay, and the clocks' ticks. */
export const FLAG_GRACE_MS = 2000;

/** A move's signed reading: the mover's time left after move number `ply + 1`, at `atMs` on their clock. */
export interface MoveReading {
  readonly side: Player;
  /** Moves on the board before this move. */
  readonly ply: number;
  readonly leftMs: number;
  readonly atMs: number;
}

/** A flag said by `by` that `side` ran out, at `ply` (moves on the board), at `atMs` on `by`'s clock. */
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

/** Why a move's reading cannot stand: it shows no time left (a flag), or more than the mover had. */
export function moveReadingProblem(
  control: TimeControl,
  readings: readonly MoveReading[],
  move: MoveReading,
): 'flag' | 'gained-time' | null {
  if (move.leftMs <= 0) return 'flag';
  if (move.leftMs > timeAtTurn(control, readings, move.side, move.ply) + control.incrementMs) return 'gained-time';
  return null;
}

/**
 * Whether a flag stands at `flag.ply`, given the signed readings of the moves before it and whether the
 * side to move has a move at that ply (`answered`). Deterministic: the same events give the same answer.
 */
export function flagStands(
  control: TimeControl,
  readings: readonly MoveReading[],
  flag: FlagReading,
  answered: boolean,
  rules: Pick<Rules, 'variant'> = ONE_STONE_TURNS,
): boolean {
  // Whose turn it is is core's rule (moverAt: Connect6's two stones a turn).
  const toMove = moverAt(rules, flag.ply);
  if (flag.by === flag.side) return true;
  if (flag.side !== toMove || answered || flag.ply < freePlies(rules)) return false;
  const claimantMove = readings.find((r) => r.ply === flag.ply - 1 && r.side === opponent(flag.side));
  if (!claimantMove) return false;
  const elapsed = flag.atMs - claimantMove.atMs;
  return elapsed > timeAtTurn(control, readings, flag.side, flag.ply) + FLAG_GRACE_MS;
}

/**
 * Who lost on time in a game with these signed readings and flags, and at which ply (moves that stand), or
 * null: the first ply at which a move's own reading shows no time left or a flag stands.
 */
export function whoFlagged(
  control: TimeControl,
  readings: readonly MoveReading[],
  flags: readonly FlagReading[],
): { readonly side: Player; readonly ply: number } | null {
  const byPly = [...readings].sort((a, b) => a.ply - b.ply);
  const last = Math.max(-1, ...byPly.map((r) => r.ply), ...flags.map((f) => f.ply));
  for (let ply = 0; ply <= last; ply++) {
    const before = byPly.filter((r) => r.ply < ply);
    const move = byPly.find((r) => r.ply === ply);
    for (const flag of flags.filter((f) => f.ply === ply).sort((a, b) => a.side - b.side || a.by - b.by)) {
      if (flagStands(control, before, flag, move !== undefined)) return { side: flag.side, ply };
    }
    if (move && moveReadingProblem(control, before, move) === 'flag') return { side: move.side, ply };
  }
  return null;
}
