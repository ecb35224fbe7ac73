/**
 * Keeps the screen awake while a game that runs by itself is live on the play screen: against the computer
 * (the player waits for its move) or with a clock (the time runs whether or not the player touches the
 * screen). Screen Wake Lock API: the browser releases the lock by itself when the page is hidden, and a
 * released lock cannot be reused, so it is requested again whenever the page becomes visible while the
 * game still wants it. Where the API is missing or refuses (no permission, power saving), nothing is said:
 * the screen simply sleeps as before.
 */
import { effect, signal } from '@preact/signals';
import { session } from '../play/live-session';
import type { Match } from '../play/session/match';

/** Whether the screen should stay awake for this match (null: no game on screen) and page visibility. */
export function shouldKeepAwake(match: Match | null, visible: boolean): boolean {
  if (!match || !visible || match.game.result) return false;
  return match.clock !== null || match.sides.some((side) => side.kind === 'computer');
}

interface Sentinel {
  readonly released: boolean;
  release(): Promise<void>;
  addEventListener(type: 'release', listener: () => void): void;
}
interface WakeLockApi {
  request(type: 'screen'): Promise<Sentinel>;
}

const visible = signal(typeof document === 'undefined' || document.visibilityState === 'visible');
let lock: Sentinel | null = null;
/** A request is on its way: no second one meanwhile. */
let requesting = false;
let wanted = false;
/** Counts the times the lock was wanted anew, so a request can tell it was asked for again meanwhile. */
let asks = 0;

function api(): WakeLockApi | null {
  return typeof navigator !== 'undefined' && 'wakeLock' in navigator
    ? (navigator as unknown as { wakeLock: WakeLockApi }).wakeLock
    : null;
}

function release(): void {
  const held = lock;
  lock = null;
  if (held && !held.released) held.release().catch(() => undefined);
}

async function acquire(): Promise<void> {
  const wakeLock = api();
  if (!wakeLock || lock || requesting) return;
  requesting = true;
  const ask = asks;
  try {
    const got = await wakeLock.request('screen');
    // The game may have ended, or the page been hidden, while the request was on its way.
    if (!wanted) return void got.release().catch(() => undefined);
    lock = got;
    got.addEventListener('release', () => {
      if (lock === got) lock = null;
    });
  } catch {
    // Not allowed (hidden page, power saving, a permissions policy): the screen may sleep.
  } finally {
    requesting = false;
  }
  // Wanted anew while the request was on its way (hidden, then shown at once): it may have been refused
  // for the hidden page. A refusal alone is not retried.
  if (wanted && !lock && asks !== ask) void acquire();
}

let started = false;

/** Follows the live session, its match and the page's visibility from now on. */
export function keepScreenAwakeDuringGames(): void {
  if (started) return;
  started = true;
  document.addEventListener('visibilitychange', () => (visible.value = document.visibilityState === 'visible'));
  effect(() => {
    wanted = shouldKeepAwake(session.value?.match.value ?? null, visible.value);
    if (wanted) {
      asks++;
      void acquire();
    } else release();
  });
}
