/**
 * The chess clocks of the timed games the relay controller plays (live-controller.ts wires it): the game
 * as the clock model sees it (live-clock.ts, pure), the faces the play screen shows, and one timer per
 * game for the moment this device must say a flag fell (its own player's) or claim the other's. The
 * flag itself is signed, stored and applied by the controller (`sayFlag`), so it is judged like any event.
 */
import { type Player, actionCount, actorAtOf, opponent } from '../../../core';
import type { ClockReading } from '../../../net/game-events';
import { type ClockFace, type ClockGame, clockFace, flagPlan, flagReading, myReading } from './live-clock';
import type { GameEntry } from './live-sender';

/** What the clocks need of the controller. */
export interface ClocksHost {
  readonly games: ReadonlyMap<string, GameEntry>;
  readonly now: () => number;
  /** Calls `run` after `ms`; returns the cancel. */
  readonly later: (ms: number, run: () => void) => () => void;
  /** Queues work behind the controller's other work. */
  run(work: () => Promise<void>): void;
  /** Signs, stores, publishes and applies a flag of `side` at the game's ply, with this reading. */
  sayFlag(gameId: string, side: Player, reading: ClockReading): Promise<void>;
}

/** Plies for which a game keeps when this device saw them begin: the turn now and the two before. */
const SEEN_PLIES = 3;

/** `seen` with the ply now begun at `atMs` (kept if known), the oldest plies dropped. */
export function seenWith(seen: ReadonlyMap<number, number>, ply: number, atMs: number): Map<number, number> {
  const next = new Map([...seen].filter(([p]) => p > ply - SEEN_PLIES && p <= ply));
  if (!next.has(ply)) next.set(ply, atMs);
  return next;
}

/** A timed game with a pinned opponent, at `ply`, as the clock model reads it; null: untimed or unpinned. */
export function clockGameOf(entry: GameEntry, ply = actionCount(entry.state), seenFallback = 0): ClockGame | null {
  const control = entry.game.friend?.clock;
  if (!control || !entry.channel?.keys) return null;
  const result = entry.state.result;
  return {
    actorAt: actorAtOf(entry.state),
    control,
    readings: entry.inbox.game.readings,
    ply,
    over: entry.state.result !== null,
    lostOnTime: result?.reason === 'time' && result.winner !== null ? opponent(result.winner) : null,
    mySide: entry.game.friend!.mySide,
    turnSeenAt: entry.seen.get(ply) ?? seenFallback,
  };
}

/**
 * The reading to sign with this device's action at `ply` (a stone or a step: the stored copy's last action,
 * made when it was saved), or undefined in an untimed game.
 */
export function readingFor(entry: GameEntry, ply: number, move: boolean, nowMs: number): ClockReading | undefined {
  const madeAt = move && ply === actionCount(entry.state) - 1 ? Math.min(nowMs, entry.game.updatedAt) : nowMs;
  const game = clockGameOf(entry, ply, madeAt);
  return game ? myReading(game, ply, madeAt, move) : undefined;
}

/** The clocks a game shows now, or null (untimed). */
export function faceOf(entry: GameEntry, nowMs: number): ClockFace | null {
  const game = clockGameOf(entry);
  return game && clockFace(game, nowMs);
}

export class LiveClocks {
  private readonly timers = new Map<string, { readonly key: string; readonly cancel: () => void }>();

  constructor(private readonly host: ClocksHost) {}

  /** Sets each timed game's flag timer for what it stands at now (after anything changed). */
  plan(): void {
    for (const [gameId, entry] of this.host.games) {
      const game = clockGameOf(entry);
      const plan = game && flagPlan(game);
      const key = plan ? `${plan.kind} ${game.ply} ${plan.atMs}` : '';
      const old = this.timers.get(gameId);
      if (old?.key === key) continue;
      old?.cancel();
      this.timers.delete(gameId);
      if (!plan) continue;
      const wait = Math.max(0, plan.atMs - this.host.now());
      const cancel = this.host.later(wait, () => this.host.run(() => this.due(gameId)));
      this.timers.set(gameId, { key, cancel });
    }
  }

  close(): void {
    for (const { cancel } of this.timers.values()) cancel();
    this.timers.clear();
  }

  private async due(gameId: string): Promise<void> {
    this.timers.delete(gameId);
    const entry = this.host.games.get(gameId);
    const game = entry && clockGameOf(entry);
    const plan = game && flagPlan(game);
    if (!game || !plan) return;
    const now = this.host.now();
    if (now < plan.atMs) return this.plan();
    await this.host.sayFlag(gameId, plan.side, flagReading(game, plan, now));
  }
}
