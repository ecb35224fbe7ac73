/**
 * The game clock as a pure model: two players' times, the running side's start time, and the rules that
 * say when a clock runs and what it is charged. No timers and no storage: every function is given the
 * time (`now`, epoch ms) by its caller, so every rule is unit-tested with a hand-moved clock.
 *
 * The rules:
 * - Each side's first move is free: a side's clock runs only once it has made a move (so Black's clock
 *   does not run before Black's first move, nor White's before White's). A free move earns no increment.
 * - The app charges only time it was open to see. While the clock runs the controller writes a heartbeat
 *   (the last moment seen) every few seconds and when the page is hidden or closed; a clock found running
 *   when a game is opened (the tab was closed, the browser killed) is charged up to its last moment seen,
 *   never for the absence. A gap between two ticks longer than ABSENCE_MS (the device slept with the page
 *   on screen) is an absence too.
 * - The flag falls only while the clock runs on screen, when the side to move really has no time left.
 */
import type { Player } from '../../../core';
import type { ClockHeartbeat, GameClocks } from '../../../storage';

export interface MatchClock {
  /** Time left for player 1 and player 2 when the running clock last started (or stopped), in ms. */
  readonly remainingMs: readonly [number, number];
  readonly incrementMs: number;
  /** Each player's time at the start (the time control), when known. */
  readonly initialMs: number | null;
  /**
   * When the side to move's clock started running (epoch ms), or null while it is stopped: the game is
   * over, the side to move has not made its first move, or the game is not on screen.
   */
  readonly runningSince: number | null;
}

/** The last moment the app was seen open with a clock running, for the turn that started at `runningSince`. */
export type Heartbeat = ClockHeartbeat;

/** How often the controller writes a heartbeat while a clock runs: the most a closed tab can cost. */
export const HEARTBEAT_MS = 2_000;

/**
 * A gap this long between two of the controller's ticks (200 ms apart) means the app was not running
 * (the device slept, the page was frozen): the gap is not charged.
 */
export const ABSENCE_MS = 10_000;

/** The moves each side makes free of the clock at the start of a game: one each. */
export const FREE_PLIES = 2;

/** Whether the side to move's clock runs, once `played` moves have been made in this game. */
export const clockRunsAfter = (played: number): boolean => played >= FREE_PLIES;

export function newClock(initialMs: number, incrementMs: number): MatchClock {
  return { remainingMs: [initialMs, initialMs], incrementMs, initialMs, runningSince: null };
}

/** Each player's time left at `now`: the running clock counts down from `runningSince`, never below 0. */
export function readClock(c: MatchClock, mover: Player, now: number): readonly [number, number] {
  if (c.runningSince === null) return c.remainingMs;
  const shown: [number, number] = [c.remainingMs[0], c.remainingMs[1]];
  shown[mover - 1] = Math.max(0, shown[mover - 1]! - Math.max(0, now - c.runningSince));
  return shown;
}

/** Stops the running clock at `now`, charging the side to move for the time it ran. */
export function stopClock(c: MatchClock, mover: Player, now: number): MatchClock {
  if (c.runningSince === null) return c;
  return { ...c, remainingMs: readClock(c, mover, now), runningSince: null };
}

/** Starts the side to move's clock at `now`, if it is stopped. */
export function startClock(c: MatchClock, now: number): MatchClock {
  return c.runningSince === null ? { ...c, runningSince: now } : c;
}

/**
 * The clock after `mover` moved at `now`: charged for the time its clock ran, plus the increment if it
 * ran (a free first move earns none); the next side's clock starts when `nextRuns` (the game goes on and
 * that side has made its first move). Connect6's first stone of a turn (`turnEnds` false) earns no
 * increment: a turn earns one.
 */
export function clockAfterMove(
  c: MatchClock,
  mover: Player,
  now: number,
  nextRuns: boolean,
  turnEnds = true,
): MatchClock {
  const ran = c.runningSince !== null;
  const remainingMs: [number, number] = [...readClock(c, mover, now)] as [number, number];
  if (ran && turnEnds) remainingMs[mover - 1] = remainingMs[mover - 1]! + c.incrementMs;
  return { ...c, remainingMs, runningSince: nextRuns ? now : null };
}

/** Whether the side to move has run out of time at `now`, with its clock running. */
export const isOutOfTime = (c: MatchClock, mover: Player, now: number): boolean =>
  c.runningSince !== null && readClock(c, mover, now)[mover - 1]! <= 0;

/** Whether the time between the last tick seen and `now` is an absence (the app was not running). */
export const isAbsence = (lastSeen: number, now: number): boolean => now - lastSeen > ABSENCE_MS;

/**
 * The clock after an absence from `lastSeen` to `now`: charged up to `lastSeen`, running again from `now`.
 * A stopped clock is left as it is.
 */
export function afterAbsence(c: MatchClock, mover: Player, lastSeen: number, now: number): MatchClock {
  if (c.runningSince === null) return c;
  return { ...stopClock(c, mover, Math.max(c.runningSince, lastSeen)), runningSince: now };
}

/**
 * A stored clock as the app opens it: stopped, and if it was stored running (the app was closed or
 * killed with it running), charged from `runningSince` up to the last moment the app was seen, as the
 * record says or as a heartbeat for that same turn says (whichever is later); never for the absence.
 */
export function restoreClock(stored: GameClocks, mover: Player, heartbeat: Heartbeat | null = null): MatchClock {
  const clock: MatchClock = {
    remainingMs: [stored.remainingMs[0], stored.remainingMs[1]],
    incrementMs: stored.incrementMs,
    initialMs: stored.initialMs ?? null,
    runningSince: stored.runningSince ?? null,
  };
  const since = clock.runningSince;
  if (since === null) return clock;
  const beat = heartbeat?.runningSince === since ? heartbeat.seenAt : since;
  return stopClock(clock, mover, Math.max(since, stored.seenAt ?? since, beat));
}

/** The clock as stored with the game at `now` (a running clock records `now` as its last moment seen). */
export function storeClock(c: MatchClock, now: number): GameClocks {
  return {
    remainingMs: c.remainingMs,
    incrementMs: c.incrementMs,
    runningSince: c.runningSince,
    ...(c.runningSince !== null ? { seenAt: Math.max(c.runningSince, now) } : {}),
    ...(c.initialMs !== null ? { initialMs: c.initialMs } : {}),
  };
}

/** The clocks a game played from a position starts with: the original's time control, fresh; null if unknown. */
export const freshClock = (c: MatchClock | null): MatchClock | null =>
  c && c.initialMs !== null ? newClock(c.initialMs, c.incrementMs) : null;
