/**
 * The running clock on the page: the display refreshed every tick, a flag fall noticed, and a heartbeat
 * (the last moment seen) written every few seconds and as the page hides, so a game opened after the tab
 * was closed is charged only for the time the app was open. A gap between ticks long enough to be an
 * absence (the device slept) is not charged either. The rules are the match model's (match.ts) and the
 * clock model's (game-clock.ts); this only decides when to apply them.
 */
import { type ReadonlySignal, signal } from '@preact/signals';
import { HEARTBEAT_MS, isAbsence } from './game-clock';
import { type Match, afterAbsenceOf, clockReading, flagFall, heartbeatOf } from './match';
import type { Clock, HeartbeatLog } from './ports';

/** How often the clock display is refreshed (and a flag fall noticed). */
const CLOCK_TICK_MS = 200;

export interface ClockTicksHost {
  readonly clock: Clock;
  readonly heartbeats?: HeartbeatLog;
  readonly match: ReadonlySignal<Match>;
  readonly isClosed: () => boolean;
  /** Queues a change to the match (saved, then shown). */
  readonly change: (make: (m: Match) => Match | null) => unknown;
  /** The flag fell: the computer stops thinking. */
  readonly onFlagFall: () => void;
}

export class ClockTicks {
  /** Time left for each player as shown, ticking for the side to move. */
  readonly clocks = signal<readonly [number, number] | null>(null);

  /** The last tick seen (an absence is a longer gap) and the last heartbeat written. */
  private lastSeen: number;
  private lastBeat = -Infinity;
  private stopTicking: (() => void) | null = null;

  constructor(private readonly host: ClockTicksHost) {
    const match = host.match.value;
    this.lastSeen = host.clock.now();
    this.clocks.value = clockReading(match, this.lastSeen);
    if (match.clock) this.stopTicking = host.clock.every(CLOCK_TICK_MS, () => this.tick());
  }

  /** Shows the clocks of the match as it is now (after a change). */
  refresh(): void {
    this.clocks.value = clockReading(this.host.match.value, this.host.clock.now());
  }

  /** The page was hidden or shown: that moment is the last seen (and, when hidden, a heartbeat). */
  seen(now: number, visible: boolean): void {
    this.lastSeen = now;
    if (!visible) this.beat(now);
  }

  /** Stops ticking, writing the heartbeat once more. */
  stop(now: number): void {
    this.stopTicking?.();
    this.beat(now);
  }

  /**
   * Writes the running clock's heartbeat (the last moment seen) now. Only a running clock writes one (a
   * saved stop clears it): a tab with the game stopped must not clear the heartbeat of a tab playing it.
   */
  private beat(now: number): void {
    this.lastBeat = now;
    const m = this.host.match.value;
    const beat = m.demo ? null : heartbeatOf(m, now);
    if (beat) this.host.heartbeats?.write(m.id, beat);
  }

  private tick(): void {
    const { host } = this;
    if (host.isClosed()) return;
    const now = host.clock.now();
    const m = host.match.value;
    const lastSeen = this.lastSeen;
    this.lastSeen = now;
    if (isAbsence(lastSeen, now) && afterAbsenceOf(m, lastSeen, now) !== m) {
      // The app was not running (the device slept with the page on screen): that time is not charged.
      this.clocks.value = clockReading(afterAbsenceOf(m, lastSeen, now), now);
      host.change((current) => afterAbsenceOf(current, lastSeen, now));
      return;
    }
    this.clocks.value = clockReading(m, now);
    if (now - this.lastBeat >= HEARTBEAT_MS) this.beat(now);
    if (flagFall(m, now) !== m) {
      host.onFlagFall();
      host.change((current) => flagFall(current, host.clock.now()));
    }
  }
}
