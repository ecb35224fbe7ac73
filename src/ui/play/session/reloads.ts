/**
 * The newest stored copy of a match: another tab's save (the store's watch), a save that met a conflict,
 * or a save made on this page by other means (a friend's move over a relay) replaces this tab's copy with
 * the newest stored one and says so, so this tab never goes on playing a stale copy. A game deleted or
 * unreadable elsewhere stops being saved (saving.ts says why; the player may save it as a new game).
 */
import type { Signal } from '@preact/signals';
import type { ChangeQueue } from './change-queue';
import type { ComputerTurns } from './computer-turns';
import type { Hints } from './hints';
import { type Match, resumeClock } from './match';
import type { ControllerOptions } from './ports';
import type { GameSaving } from './saving';
import * as words from '../../words/paraglide/messages.js';

/** What the player is told when another tab changed the game: read when told, in the current language. */
export const conflictNotice = (): string => words.play_conflict_notice();

export interface ReloadsHost extends Pick<ControllerOptions, 'store' | 'clock' | 'notify' | 'matchFrom'> {
  readonly match: Signal<Match>;
  readonly saver: GameSaving;
  /** The controller's queue of changes: a reload waits its turn behind the changes being saved. */
  readonly queue: ChangeQueue;
  readonly computer: Pick<ComputerTurns, 'abort' | 'continueGame'>;
  readonly hints: Pick<Hints, 'clear'>;
  readonly isClosed: () => boolean;
}

export class Reloads {
  constructor(private readonly o: ReloadsHost) {}

  /** Replaces the match with the newest stored copy of this game (at once: the caller holds the queue). */
  async reload(notice: string | null): Promise<void> {
    const { store, saver } = this.o;
    if (!store) return;
    this.o.computer.abort();
    const loaded = await store.load(saver.record.id);
    if (loaded.kind === 'loaded') {
      // The sides as played here, named as stored: a friend's acceptance over a relay names "Friend".
      const [one, two] = this.o.match.value.sides;
      const [first, second] = loaded.record.players;
      const fresh = this.o.matchFrom(loaded.record, [
        { ...one, name: first.name },
        { ...two, name: second.name },
      ]);
      if (fresh) {
        saver.loaded(loaded.record);
        if (loaded.unsaved !== undefined) saver.failed(loaded.unsaved, true);
        const shown = this.o.isClosed() ? fresh : resumeClock(fresh, this.o.clock.now());
        this.o.match.value = { ...shown, reviewPly: null };
        this.o.hints.clear();
        if (notice !== null) this.o.notify(notice);
        return;
      }
    }
    saver.stopped(loaded.kind === 'missing' ? words.play_deleted_elsewhere() : words.play_unreadable_elsewhere());
  }

  /** Reloads (in turn) whenever another tab saves or deletes this game. */
  watch(): void {
    this.o.saver.watch((revision) => void this.queued(revision));
  }

  /**
   * A reload that waits its turn behind the changes being saved; none if by then this copy has reached
   * `revision` (another reload got there first).
   */
  queued(revision: number | null, notice: string | null = conflictNotice()): Promise<void> {
    const run = this.o.queue.run(() =>
      this.o.isClosed() || (revision !== null && revision <= this.o.saver.record.revision)
        ? undefined
        : this.reload(notice),
    );
    return run.then(() => this.o.computer.continueGame());
  }

  /**
   * Whether another tab has saved this game since this copy was loaded or saved: then it is reloaded (in
   * turn), and this tab does not think for a position that is gone.
   */
  async changedElsewhere(): Promise<boolean> {
    const revision = await this.o.saver.newerStored();
    if (revision === null) return false;
    void this.queued(revision);
    return true;
  }
}
