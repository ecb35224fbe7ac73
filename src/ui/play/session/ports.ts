/**
 * What the play controller needs of the world, as small interfaces: where games are saved (GameStore),
 * where the computer's moves come from (MoveSource: the engine client's `move`, engine/client.ts), how
 * time passes (Clock) and which tab computes the computer's move when one game is open in several
 * (TurnLocks). The app gives it the browser's
 * (browser-ports.ts); the unit tests give it fakes and drive time by hand.
 */
import type { ClockHeartbeat, StoredGame } from '../../../storage';
import type { MoveSource } from '../../engine/client';
import type { Match } from './match';

export type { MoveSource };

export type SaveOutcome =
  | { readonly kind: 'saved'; readonly record: StoredGame }
  /** Another tab or window saved this game since this copy was loaded: nothing was written. */
  | { readonly kind: 'conflict' }
  /**
   * Nothing was written (a full disk, storage closed by an upgrade in another tab…); the message says why.
   * `kept`: the record was kept where it survives a reload and will be saved once there is room.
   */
  | { readonly kind: 'failed'; readonly message: string; readonly kept: boolean };

export type LoadOutcome =
  /** `unsaved`: this is a kept copy whose save has not landed yet (storage is still full): why not. */
  | { readonly kind: 'loaded'; readonly record: StoredGame; readonly unsaved?: string }
  | { readonly kind: 'missing' }
  | { readonly kind: 'failed'; readonly message: string };

export interface GameStore {
  /** Saves the record if the stored copy is still at `expectedRevision` (0: never saved). */
  save(record: StoredGame, expectedRevision: number): Promise<SaveOutcome>;
  /** The newest stored copy of a game. */
  load(id: string): Promise<LoadOutcome>;
  /**
   * Calls `onChange` when another tab or window saves this game (with its new revision) or deletes it
   * (null). Returns the function that stops watching.
   */
  watch(id: string, onChange: (revision: number | null) => void): () => void;
}

/** Time, for the clocks, the computer's reply delay and the clock display. */
export interface Clock {
  /** Milliseconds since the epoch (stored with the clocks, so it must be wall time). */
  now(): number;
  /** Resolves after `ms` (or at once when `signal` aborts). */
  delay(ms: number, signal?: AbortSignal): Promise<void>;
  /** Calls `tick` every `ms` until the returned function is called. */
  every(ms: number, tick: () => void): () => void;
}

/**
 * One lock per game shared by every tab and window of the app (the Web Locks API): the tab that holds a
 * game's lock is the one that asks the engine for the computer's move; the others wait in line.
 */
export interface TurnLocks {
  /**
   * Runs `work` once this tab holds the lock called `name`, and lets go when it settles (or when the tab
   * closes or dies). Waits while another tab holds it. Resolves with work's result, or with 'aborted'
   * when `signal` aborts before the lock is granted (work then never runs).
   */
  hold<T>(name: string, signal: AbortSignal, work: () => Promise<T>): Promise<T | 'aborted'>;
}

/**
 * Where a running clock's heartbeat goes (the last moment the app was seen with it running): written
 * synchronously, so the last one is written even as the page unloads. null clears it (the clock stopped).
 */
export interface HeartbeatLog {
  write(gameId: string, beat: ClockHeartbeat | null): void;
}

/** What the play controller is given: the ports above, and what the app decides for this session. */
export interface ControllerOptions {
  readonly store: GameStore | null;
  readonly moves: MoveSource;
  readonly clock: Clock;
  /** The turn locks shared with other tabs (none: this tab thinks without asking). */
  readonly turns?: TurnLocks | null;
  /** Short notices for the player: news, or (tone 'problem') something that went wrong. */
  readonly notify: (text: string, tone?: 'news' | 'problem') => void;
  /** A fresh game id (for "Save as a new game"). */
  readonly newId: () => string;
  /** Rebuilds a match from a stored record, keeping this match's sides; null when it cannot be read. */
  readonly matchFrom: (record: StoredGame, sides: Match['sides']) => Match | null;
  /** After any saved change (e.g. to refresh the home screen's Continue). */
  readonly onSaved?: (record: StoredGame) => void;
  /** An instant reply feels abrupt: the computer's move appears no sooner than this after the last move. */
  readonly minReplyMs?: number;
  /** Where the running clock's heartbeat is written (none: nothing survives a closed tab but the saves). */
  readonly heartbeats?: HeartbeatLog;
  /**
   * Save the game at once, before any change: a new game that already has moves (played from another
   * game's position), or a kept copy whose save has not landed yet (`record` is that copy).
   */
  readonly saveAtStart?: boolean;
}
