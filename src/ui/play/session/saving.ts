/**
 * Saving one game: the record as last saved, the saving mode shown under the board, a failed save's
 * retries, and the store's watch on the game. The play controller (controller.ts) decides when to save;
 * this decides what a save's outcome means:
 *
 * - Saving has a mode instead of a flag: saving; not saving because the match is a demo; not saving
 *   because there is no storage here; failed (shown, with the reason; the store keeps the unsaved game
 *   where it survives a reload when it can, and the save is tried again every few seconds and on Retry);
 *   or stopped because the game was deleted in another tab (until the player saves it as a new game).
 * - A saved change is shown once the save has committed; a failed one is shown too (play goes on) and
 *   kept for the retries; a conflict shows nothing and asks the controller to reload the newest record.
 */
import { type Signal, signal } from '@preact/signals';
import { type FriendGame, type FriendSynced, type StoredGame, withPlayedState } from '../../../storage';
import { type Match, heartbeatOf, storedClocks } from './match';
import type { Clock, GameStore, HeartbeatLog } from './ports';
import * as words from '../../words/paraglide/messages.js';

export type SavingMode = 'saving' | 'demo' | 'no-storage' | 'failed' | 'stopped';

/** How often a failed save is tried again by itself. */
export const RETRY_SAVE_MS = 5_000;

export interface SavingOptions {
  readonly store: GameStore | null;
  readonly clock: Clock;
  readonly notify: (text: string, tone?: 'news' | 'problem') => void;
  readonly heartbeats?: HeartbeatLog;
  readonly onSaved?: (record: StoredGame) => void;
  /** Tries a failed save again (every few seconds, while saves fail). */
  readonly retry: () => void;
  /** Whether the session has ended (then no retries are started). */
  readonly isClosed: () => boolean;
}

/** What a save did: the change was shown (saved, or not saved but kept in play), or it met a newer save. */
export type SaveResult = 'shown' | 'conflict';

export class GameSaving {
  readonly mode: Signal<SavingMode>;
  /** Why the game is not being saved, when it is not (failed or stopped). */
  readonly problem = signal<string | null>(null);
  /** The last changes are held by this page alone (their save failed and could not be kept anywhere). */
  readonly unsavedAtRisk = signal(false);

  /** A friend game's marks as last saved or loaded (what the friend's copy is known to hold), for the screen. */
  readonly friend: Signal<FriendGame | undefined>;

  private currentRecord: StoredGame;
  private stopRetrying: (() => void) | null = null;
  private unwatch: (() => void) | null = null;

  constructor(
    record: StoredGame,
    demo: boolean,
    private readonly o: SavingOptions,
  ) {
    this.currentRecord = record;
    this.friend = signal(record.friend);
    this.mode = signal(demo ? 'demo' : o.store ? 'saving' : 'no-storage');
  }

  /** The record as last saved or loaded. */
  get record(): StoredGame {
    return this.current;
  }

  private get current(): StoredGame {
    return this.currentRecord;
  }

  private set current(record: StoredGame) {
    this.currentRecord = record;
    if (record.friend !== this.friend.peek()) this.friend.value = record.friend;
  }

  /**
   * A friend game's link went out (copied or shared) carrying `sent`: the friend's copy is known to hold
   * it, to be saved with the next save. False when it says nothing new (not a friend game, or not ahead).
   */
  friendSent(sent: FriendSynced): boolean {
    const friend = this.current.friend;
    if (!friend) return false;
    const known = friend.synced;
    if (known && known.moves === sent.moves && known.ended === sent.ended) return false;
    this.current = { ...this.current, friend: { ...friend, synced: sent } };
    return true;
  }

  /** Takes a record loaded from the store (a reload) as the one this copy is based on. */
  loaded(record: StoredGame): void {
    this.current = record;
  }

  /** Saves `next` and shows it in `shown`; on a conflict shows nothing (the caller reloads). */
  async save(next: Match, shown: Signal<Match>): Promise<SaveResult> {
    const store = this.o.store;
    const mode = this.mode.value;
    if (!store || mode === 'demo' || mode === 'no-storage' || mode === 'stopped') {
      shown.value = next;
      return 'shown';
    }
    const now = this.o.clock.now();
    const record = withPlayedState({ ...this.current, demo: next.demo }, next.game, storedClocks(next, now));
    const saved = await store.save(record, this.current.revision);
    switch (saved.kind) {
      case 'saved':
        this.current = saved.record;
        shown.value = next;
        this.o.heartbeats?.write(saved.record.id, heartbeatOf(next, now));
        if (this.mode.value === 'failed') this.recovered();
        this.o.onSaved?.(saved.record);
        return 'shown';
      case 'conflict':
        return 'conflict';
      case 'failed':
        // Play goes on, the player is told, and the save is tried again (every change, every few seconds).
        shown.value = next;
        this.o.heartbeats?.write(record.id, heartbeatOf(next, now));
        this.failed(saved.message, saved.kept);
        return 'shown';
    }
  }

  /**
   * A save failed: the line under the board says what it means for the player (short: it has two lines),
   * and the storage's own reason is told once, as a notice, when saving starts to fail.
   */
  failed(message: string, kept: boolean): void {
    if (this.mode.value !== 'failed') this.o.notify(message, 'problem');
    this.mode.value = 'failed';
    this.unsavedAtRisk.value = !kept;
    this.problem.value = kept ? words.play_not_saved_yet() : words.play_not_saved_leaving();
    if (!this.stopRetrying && !this.o.isClosed()) {
      this.stopRetrying = this.o.clock.every(RETRY_SAVE_MS, () => this.o.retry());
    }
  }

  /** Saving stopped: the game was deleted or cannot be read in another tab. */
  stopped(problem: string): void {
    this.mode.value = 'stopped';
    this.problem.value = problem;
  }

  /**
   * The person took back a move or asked for a hint: the game is casual from now on (not counted in their
   * rating against the levels: storage's computer-rating.ts), a mark saved with the next save.
   */
  markAssisted(): void {
    if (!this.current.assisted) this.current = { ...this.current, assisted: true };
  }

  /** Keeps a demo: saved from now on. False when there is no storage here. */
  keep(): boolean {
    if (!this.o.store) {
      this.mode.value = 'no-storage';
      return false;
    }
    this.current = { ...this.current, demo: false };
    this.mode.value = 'saving';
    return true;
  }

  /** After the game was deleted in another tab: saved from now on as a new game, under `id`. */
  saveAsNew(id: string): void {
    this.current = { ...this.current, id, revision: 0 };
    this.mode.value = 'saving';
    this.problem.value = null;
  }

  /** Watches the store for other tabs' saves of this game (a newer revision, or null: deleted). */
  watch(onNewer: (revision: number | null) => void): void {
    this.unwatch?.();
    this.unwatch =
      this.o.store?.watch(this.current.id, (revision) => {
        if (this.o.isClosed() || this.mode.value === 'demo') return;
        if (revision !== null && revision <= this.current.revision) return; // our own save, or older
        onNewer(revision);
      }) ?? null;
  }

  /** Whether the stored copy is newer than this one (another tab saved it): its revision, else null. */
  async newerStored(): Promise<number | null> {
    const store = this.o.store;
    if (!store || this.mode.value !== 'saving') return null;
    const stored = await store.load(this.current.id);
    if (stored.kind !== 'loaded' || stored.record.revision === this.current.revision) return null;
    return stored.record.revision;
  }

  /** Stops the retries and the watch (the session ends). */
  stop(): void {
    this.stopRetrying?.();
    this.stopRetrying = null;
    this.unwatch?.();
  }

  private recovered(): void {
    this.mode.value = 'saving';
    this.problem.value = null;
    this.unsavedAtRisk.value = false;
    this.stopRetrying?.();
    this.stopRetrying = null;
  }
}
