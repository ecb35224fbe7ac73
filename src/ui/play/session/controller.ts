/**
 * The play controller: one live match on the play screen, wired to signals, to storage (a GameStore) and
 * to the engine (a MoveSource). The rules of play are the match model's (match.ts); the controller is the
 * game session, and it wires three parts, one job each:
 *
 * - saving.ts (GameSaving): the record as last saved, the saving mode, a failed save's retries, the
 *   store's watch on the game.
 * - clock-ticks.ts (ClockTicks): the clock display, flag fall, the heartbeat, an absence not charged.
 * - computer-turns.ts (ComputerTurns): the computer's moves, its progress, the turn lock shared by tabs,
 *   its failures.
 *
 * The session itself decides when things happen:
 *
 * - Every change (a move, undo, resignation, the clock stopping) is saved first and shown once the save
 *   has committed, so a move the player saw placed survives a kill of the browser at any moment. Changes
 *   run one at a time, each starting from the last one saved.
 * - Another tab's save (the store's watch) or a conflicting save reloads the newest record and says so:
 *   this tab never goes on playing a stale copy.
 * - It has a lifetime: close() stops the computer, stops the clock (saving the time used) and then saves
 *   nothing more.
 */
import { type ReadonlySignal, type Signal, computed, signal } from '@preact/signals';
import type { GameState, Point } from '../../../core';
import type { FriendGame, StoredGame } from '../../../storage';
import { isEngineError } from '../../engine/client';
import { ClockTicks } from './clock-ticks';
import { ComputerTurns } from './computer-turns';
import {
  type Match,
  type MoveRefusal,
  advance,
  isHumanTurn,
  pauseClock,
  playPoint,
  resign,
  resumeClock,
  review,
  shownState,
  takeBack,
  turnRefusal,
} from './match';
import type { Clock, GameStore, HeartbeatLog, MoveSource, TurnLocks } from './ports';
import { GameSaving, type SavingMode } from './saving';
import * as words from '../../words/paraglide/messages.js';

export { RETRY_SAVE_MS, type SavingMode } from './saving';

export interface ControllerOptions {
  readonly store: GameStore | null;
  readonly moves: MoveSource;
  readonly clock: Clock;
  /** The turn locks shared with other tabs (none: this tab thinks without asking). */
  readonly turns?: TurnLocks | null;
  /** Short notices for the player. */
  readonly notify: (text: string) => void;
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

/** A hint thinks this long, at full strength. */
const HINT_MS = 1000;

/** What the player is told when another tab changed the game: read when told, in the current language. */
const conflictNotice = (): string => words.play_conflict_notice();

export class PlayController {
  /** The match as last saved (or, where nothing is saved, as last changed). */
  readonly match: Signal<Match>;
  /** The position on the board. */
  readonly shown: ReadonlySignal<GameState>;
  readonly saving: Signal<SavingMode>;
  /** Why the game is not being saved, when it is not (failed or stopped). */
  readonly savingProblem: Signal<string | null>;
  /**
   * The last changes are held by this page alone: their save failed and they could not be kept anywhere
   * that survives a reload either. Leaving would lose them, so the play screen asks first.
   */
  readonly unsavedAtRisk: Signal<boolean>;
  /** The computer is thinking: its latest progress ('starting' before the first report). */
  readonly thinking: ComputerTurns['thinking'];
  /** The computer cannot play (its worker could not start, or keeps failing): shown with Retry. */
  readonly engineProblem: Signal<string | null>;
  readonly hint = signal<Point | null>(null);
  /** Time left for each player as shown, ticking for the side to move. */
  readonly clocks: ClockTicks['clocks'];
  /** A change is being saved. */
  readonly busy = signal(false);
  /** A demo is paused. */
  readonly paused = signal(false);
  /** The delay between the demo's moves, in ms. */
  readonly demoDelayMs: Signal<number>;

  private readonly saver: GameSaving;
  private readonly ticks: ClockTicks;
  private readonly computer: ComputerTurns;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private closing: Promise<void> | null = null;
  private readonly o: ControllerOptions;

  constructor(record: StoredGame, match: Match, options: ControllerOptions) {
    this.o = options;
    this.match = signal(match);
    this.shown = computed(() => shownState(this.match.value));
    const isClosed = () => this.closed;
    this.saver = new GameSaving(record, match.demo, { ...options, retry: () => this.retrySave(), isClosed });
    this.saving = this.saver.mode;
    this.savingProblem = this.saver.problem;
    this.unsavedAtRisk = this.saver.unsavedAtRisk;
    this.ticks = new ClockTicks({
      ...options,
      match: this.match,
      isClosed,
      change: (make) => void this.change(make),
      onFlagFall: () => this.computer.abort(),
    });
    this.clocks = this.ticks.clocks;
    this.computer = new ComputerTurns({
      ...options,
      match: this.match,
      paused: this.paused,
      isClosed,
      savedHere: () => Boolean(this.o.store),
      changedElsewhere: () => this.changedElsewhere(),
      change: (make) => this.change(make),
    });
    this.thinking = this.computer.thinking;
    this.engineProblem = this.computer.problem;
    this.demoDelayMs = this.computer.demoDelayMs;
    this.watch();
    // On screen, the side to move's clock runs (once that side has made its first move).
    void this.change((m) => resumeClock(m, this.o.clock.now()), { force: options.saveAtStart ?? false }).then(() =>
      this.computer.continueGame(),
    );
  }

  get id(): string {
    return this.match.value.id;
  }

  /** The record as last saved or loaded (a friend game's marks, for its links). */
  storedRecord(): StoredGame {
    return this.saver.record;
  }

  /** A friend game's marks as saved or loaded: what the friend's copy is known to hold. */
  get friend(): ReadonlySignal<FriendGame | undefined> {
    return this.saver.friend;
  }

  /** A friend game's link carrying the game as it stands went out (copied or shared): saved as known to them. */
  friendLinkSent(): void {
    const { game } = this.match.value;
    if (this.saver.friendSent({ moves: game.moves.length, ended: game.result !== null }))
      void this.change((m) => m, { force: true });
  }

  /**
   * Why a person may not place a stone now (review, the computer's turn, a save in flight), or null if
   * they may. The point's own legality is the core's: `previewMove` or `play` checks it once.
   */
  turnRefusal(): MoveRefusal | null {
    if (this.busy.value) return { reason: 'busy', message: words.play_saving_last_move() };
    return turnRefusal(this.match.value);
  }

  /**
   * Plays a person's move. `next` is the state the move leads to as the core's preview computed it, so
   * the move is not checked again; without it (a tap that places at once), `play` checks it. Returns why
   * not, when the player may not move now or the point is illegal.
   */
  move(point: Point, next?: GameState): MoveRefusal | null {
    const why = this.turnRefusal();
    if (why) return why;
    // A tap belongs to the position it was made in: if another tab's move or a reload has changed it
    // before this change's turn comes, the tap is dropped, never played in the new position.
    const tappedIn = this.match.value.game;
    const now = this.o.clock.now();
    const prepared = next && next.lastMove?.point === point ? advance(this.match.value, next, now) : null;
    let played: Match;
    if (prepared) played = prepared;
    else {
      const result = playPoint(this.match.value, point, now);
      if ('refusal' in result) return result.refusal;
      played = result.match;
    }
    const base = this.match.value;
    const moved = played.game;
    // (Same game, other details changed meanwhile — the clock stopped, review: replay the move onto it.)
    void this.change((m) => (m === base ? played : m.game === tappedIn ? advance(m, moved, now) : null));
    return null;
  }

  undo(): void {
    this.computer.abort();
    void this.change((m) => takeBack(m, this.o.clock.now()));
  }

  resign(): void {
    this.computer.abort();
    void this.change((m) => resign(m, this.o.clock.now()));
  }

  /** Shows an earlier position (null: the live game). Review is not saved: it changes nothing. */
  review(ply: number | null): void {
    const next = review(this.match.value, ply);
    if (next === this.match.value) return;
    if (next.reviewPly !== null) this.computer.abort();
    this.match.value = next;
    this.hint.value = null;
    this.computer.continueGame();
  }

  /**
   * The page was hidden (stop the clock, saving the time used) or shown again (start it). The heartbeat is
   * written first, at once: the save that stops the clock may not finish if the page is closing.
   */
  setVisible(visible: boolean): void {
    const now = this.o.clock.now();
    this.ticks.seen(now, visible);
    void this.change((m) => (visible ? resumeClock(m, now) : pauseClock(m, now)));
  }

  /**
   * This game was saved on this page by other means (a friend's move that came over a relay): shows the
   * newest stored copy, in turn behind the changes being saved, with `notice` (none: nothing said).
   */
  storedHere(revision: number, notice: string | null): Promise<void> {
    return this.reloadQueued(revision, notice);
  }

  /** Tries a failed save again now (the player's Retry; also every few seconds by itself). */
  retrySave(): void {
    if (this.saving.value !== 'failed' || this.busy.value || this.closed) return;
    void this.change((m) => m, { force: true });
  }

  setPaused(paused: boolean): void {
    this.paused.value = paused;
    if (paused) this.computer.abort();
    else this.computer.continueGame();
  }

  /** A demo step: the computer's next move now, while paused. */
  step(): void {
    this.computer.step();
  }

  /** Keeps a demo among the player's games: saved from now on. */
  keep(): void {
    if (this.saving.value !== 'demo' || !this.saver.keep()) return;
    this.match.value = { ...this.match.value, demo: false };
    void this.change((m) => m, { force: true }).then((saved) => saved && this.o.notify(words.play_kept_in_games()));
  }

  /** After the game was deleted in another tab: saves this one as a new game. */
  saveAsNew(): void {
    if (this.saving.value !== 'stopped') return;
    const id = this.o.newId();
    this.saver.saveAsNew(id);
    this.match.value = { ...this.match.value, id };
    this.watch();
    void this.change((m) => m, { force: true });
  }

  /** Asks the engine for a suggestion for the side to move. */
  async requestHint(): Promise<void> {
    const m = this.match.value;
    if (!isHumanTurn(m)) return;
    this.hint.value = null;
    try {
      const answer = await this.o.moves.move(
        m.game,
        { timeMs: HINT_MS },
        { isCurrent: () => this.match.value === m && !this.closed },
      );
      if (this.match.value === m) this.hint.value = answer.move;
    } catch (e) {
      if (isEngineError(e) && (e.kind === 'aborted' || e.kind === 'stale')) return;
      this.o.notify(words.play_hint_failed());
    }
  }

  /** Tries the computer again after it could not start or stopped responding. */
  retryComputer(): void {
    this.computer.retry();
  }

  /** Resolves once every change queued so far has been saved (or has failed to be). */
  settled(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /**
   * Ends the session: the computer stops thinking, the running clock stops (the time used is saved), and
   * nothing is saved after that. Resolves once the last save has settled.
   */
  close(): Promise<void> {
    if (this.closing) return this.closing;
    this.computer.abort();
    const now = this.o.clock.now();
    this.ticks.stop(now);
    this.saver.stop();
    const last = this.change((m) => pauseClock(m, now), { evenIfClosed: true });
    this.closed = true;
    this.closing = last.then(() => undefined);
    return this.closing;
  }

  // ---- the queue of changes ---------------------------------------------------------------------------

  /**
   * Queues a change: computed from the match as last saved when its turn comes, saved, and then shown.
   * Resolves to whether a change was made and kept.
   */
  private change(
    make: (m: Match) => Match | null,
    options: { force?: boolean; evenIfClosed?: boolean } = {},
  ): Promise<boolean> {
    const run = async (): Promise<boolean> => {
      if (this.closed && !options.evenIfClosed) return false;
      const current = this.match.value;
      const next = make(current);
      if (!next || (next === current && !options.force)) return false;
      this.busy.value = true;
      try {
        return await this.persist(next);
      } finally {
        this.busy.value = false;
      }
    };
    const done = this.queue.then(run);
    this.queue = done.catch(() => undefined);
    return done.then((changed) => {
      if (changed) this.afterChange();
      return changed;
    });
  }

  /** Saves a change and shows it; on a conflict, shows the newest stored game instead. */
  private async persist(next: Match): Promise<boolean> {
    if ((await this.saver.save(next, this.match)) === 'shown') return true;
    await this.reload(conflictNotice());
    return false;
  }

  /** Replaces the match with the newest stored copy of this game. */
  private async reload(notice: string | null): Promise<void> {
    const store = this.o.store;
    if (!store) return;
    this.computer.abort();
    const loaded = await store.load(this.saver.record.id);
    if (loaded.kind === 'loaded') {
      // The sides as played here, named as stored: a friend's name may have come meanwhile (their acceptance).
      const names = loaded.record.players;
      const sides = this.match.value.sides.map((side, i) => ({ ...side, name: names[i]?.name ?? side.name }));
      const fresh = this.o.matchFrom(loaded.record, [sides[0]!, sides[1]!]);
      if (fresh) {
        this.saver.loaded(loaded.record);
        if (loaded.unsaved !== undefined) this.saver.failed(loaded.unsaved, true);
        const shown = this.closed ? fresh : resumeClock(fresh, this.o.clock.now());
        this.match.value = { ...shown, reviewPly: null };
        this.hint.value = null;
        if (notice !== null) this.o.notify(notice);
        return;
      }
    }
    this.saver.stopped(loaded.kind === 'missing' ? words.play_deleted_elsewhere() : words.play_unreadable_elsewhere());
  }

  private watch(): void {
    this.saver.watch((revision) => void this.reloadQueued(revision));
  }

  /**
   * A reload that waits its turn behind the changes being saved; none if by then this copy has reached
   * `revision` (another reload got there first).
   */
  private reloadQueued(revision: number | null, notice: string | null = conflictNotice()): Promise<void> {
    const run = this.queue.then(() =>
      this.closed || (revision !== null && revision <= this.saver.record.revision) ? undefined : this.reload(notice),
    );
    this.queue = run.catch(() => undefined);
    return run.then(() => this.computer.continueGame());
  }

  /**
   * Whether another tab has saved this game since this copy was loaded or saved: then it is reloaded (in
   * turn), and this tab does not think for a position that is gone.
   */
  private async changedElsewhere(): Promise<boolean> {
    const revision = await this.saver.newerStored();
    if (revision === null) return false;
    void this.reloadQueued(revision);
    return true;
  }

  private afterChange(): void {
    this.hint.value = null;
    this.ticks.refresh();
    this.computer.continueGame();
  }
}
