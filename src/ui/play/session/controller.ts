/**
 * The play controller: one live match on the play screen, wired to signals, to storage (a GameStore) and
 * to the engine (a MoveSource). The rules of play are the match model's (match.ts); the controller is the
 * game session, and it wires its parts, one job each:
 *
 * - saving.ts (GameSaving): the record as last saved, the saving mode, a failed save's retries, the
 *   store's watch on the game.
 * - clock-ticks.ts (ClockTicks): the clock display, flag fall, the heartbeat, an absence not charged.
 * - computer-turns.ts (ComputerTurns): the computer's moves, its progress, the turn lock shared by tabs,
 *   its failures.
 * - reloads.ts (Reloads): the newest stored copy, when another tab saved the game or a save met a
 *   conflict.
 * - hints.ts (Hints): the engine's suggestion for the player.
 *
 * The session itself decides when things happen:
 *
 * - Every change (a move, undo, resignation, the clock stopping) is saved first and shown once the save
 *   has committed, so a move the player saw placed survives a kill of the browser at any moment. Changes
 *   run one at a time (change-queue.ts), each starting from the last one saved.
 * - Another tab's save (the store's watch) or a conflicting save reloads the newest record and says so:
 *   this tab never goes on playing a stale copy.
 * - It has a lifetime: close() stops the computer, stops the clock (saving the time used) and then saves
 *   nothing more.
 */
import { type ReadonlySignal, type Signal, computed, signal } from '@preact/signals';
import { type GameState, type OpeningStep, type Point, actionCount, allowedOpeningSteps } from '../../../core';
import type { FriendGame, StoredGame } from '../../../storage';
import { ChangeQueue } from './change-queue';
import { ClockTicks } from './clock-ticks';
import { ComputerTurns } from './computer-turns';
import { Hints } from './hints';
import {
  type Match,
  type MoveRefusal,
  advance,
  chooseSeatIn,
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
import type { ControllerOptions } from './ports';
import { Reloads, conflictNotice } from './reloads';
import { GameSaving, type SavingMode } from './saving';
import * as words from '../../words/paraglide/messages.js';

export type { ControllerOptions } from './ports';
export { RETRY_SAVE_MS, type SavingMode } from './saving';

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
  /** The engine's suggestion for the side to move, when the player asked for one. */
  readonly hint: ReadonlySignal<Point | null>;
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
  private readonly hints: Hints;
  private readonly queue = new ChangeQueue();
  private readonly reloads: Reloads;
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
      changedElsewhere: () => this.reloads.changedElsewhere(),
      change: (make) => this.change(make),
    });
    this.thinking = this.computer.thinking;
    this.engineProblem = this.computer.problem;
    this.demoDelayMs = this.computer.demoDelayMs;
    this.hints = new Hints({ ...options, match: this.match, isClosed });
    this.hint = this.hints.point;
    const { saver, queue, computer, hints } = this;
    this.reloads = new Reloads({ ...options, match: this.match, saver, queue, computer, hints, isClosed });
    this.reloads.watch();
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
    if (this.saver.friendSent({ moves: actionCount(game), ended: game.result !== null }))
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

  /**
   * The person's opening step: D-Pente's or Swap2's seat choice, Swap2's pass; Renju's swap windows, ten
   * offers and pass (ignored when none is theirs to take now).
   */
  chooseSeat(choice: OpeningStep): void {
    const m = this.match.value;
    const kind = typeof choice === 'object' ? 'offer' : choice;
    if (!isHumanTurn(m) || !allowedOpeningSteps(m.game).includes(kind)) return;
    void this.change((now) => (now === m ? chooseSeatIn(now, choice, this.o.clock.now()) : null));
  }

  undo(): void {
    this.computer.abort();
    void this.change((m) => {
      const back = takeBack(m, this.o.clock.now());
      // Saved with the take-back: the game is no longer rated (a record of the person's own play).
      if (back !== m) this.saver.markAssisted();
      return back;
    });
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
    this.hints.clear();
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
    return this.reloads.queued(revision, notice);
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
    this.reloads.watch();
    void this.change((m) => m, { force: true });
  }

  /** Asks the engine for a suggestion for the side to move. */
  requestHint(): Promise<void> {
    // Saved with the next move: a game with a hint is not rated.
    if (isHumanTurn(this.match.value)) this.saver.markAssisted();
    return this.hints.request();
  }

  /** Tries the computer again after it could not start or stopped responding. */
  retryComputer(): void {
    this.computer.retry();
  }

  /** Resolves once every change queued so far has been saved (or has failed to be). */
  settled(): Promise<void> {
    return this.queue.settled();
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
    return this.queue.run(run).then((changed) => {
      if (changed) this.afterChange();
      return changed;
    });
  }

  /** Saves a change and shows it; on a conflict, shows the newest stored game instead. */
  private async persist(next: Match): Promise<boolean> {
    if ((await this.saver.save(next, this.match)) === 'shown') return true;
    await this.reloads.reload(conflictNotice());
    return false;
  }

  private afterChange(): void {
    this.hints.clear();
    this.ticks.refresh();
    this.computer.continueGame();
  }
}
