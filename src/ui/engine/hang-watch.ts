/**
 * How the bridge tells a hung worker from a slow one. A searching worker says it is alive every
 * HEARTBEAT_MS (from the search's own polls); past its answer's due time (its think time), a worker silent
 * for a second (`silenceMs`) is hung, so a hang is reported about a second after the answer was due. One
 * that keeps saying it is alive but overruns (a busy machine) is given up to a margin of a few seconds
 * more. Timers alone decide: this module knows nothing of workers.
 */

export const DEFAULT_HANG_MARGIN_MS = 3000;
/** Four heartbeats missed (HEARTBEAT_MS): a live search beats every 250 ms even on a slow phone. */
export const DEFAULT_SILENCE_MS = 1000;
/** A hang timer that fires this much later than asked ran on a busy page: its verdict waits a little. */
const LATE_TIMER_MS = 200;
const RECHECK_MS = 100;

export interface HangWatch {
  /** A sign of life: a heartbeat or progress. */
  alive(): void;
  stop(): void;
}

/**
 * Watches a worker's call for a hang. Until `dueMs` (its think time) it is never deemed hung. From then, it
 * is hung once a whole `silenceMs` passes with no sign of life (`alive()`: a heartbeat or progress); one
 * that keeps giving signs is hung only at `dueMs + marginMs`. Timers alone decide, except that a timer that
 * fired late (the page itself was busy, and the worker's messages may be queued behind it) checks again a
 * little later instead of judging at once, so a busy machine raises no false alarm.
 */
export function watchForHang(options: {
  readonly dueMs: number;
  readonly silenceMs: number;
  readonly marginMs: number;
  readonly now: () => number;
  readonly onHung: () => void;
}): HangWatch {
  const { dueMs, silenceMs, marginMs, now, onHung } = options;
  let heard = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** How far past the start the timers have run (as asked, not as the clock says). */
  let elapsed = 0;
  const after = (ms: number, then: () => void): void => {
    const at = now() + ms;
    timer = setTimeout(() => {
      elapsed += ms;
      if (now() - at > LATE_TIMER_MS) timer = setTimeout(then, RECHECK_MS);
      else then();
    }, ms);
  };
  const judge = (): void => {
    if (!heard) return onHung();
    heard = false;
    const left = dueMs + marginMs - elapsed;
    if (left <= silenceMs) after(left, onHung);
    else after(silenceMs, judge);
  };
  after(dueMs, () => {
    heard = false; // only signs given past the due time count
    after(Math.min(silenceMs, marginMs), judge);
  });
  return {
    alive: () => void (heard = true),
    stop: () => clearTimeout(timer),
  };
}
