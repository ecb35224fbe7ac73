/**
 * The play controller: one live match on the play screen, wired to signals, to storage (a GameStore) and
 * to the engine (a MoveSource). The rules of play are the match model's (match.ts); this class only
 * decides when things happen:
 *
 * - Every change (a move, undo, resignation, the clock stopping) is saved first and shown once the save
 *   has committed, so a move the player saw placed survives a kill of the browser at any moment. Changes
 *   run one at a time, each starting from the last one saved.
 * - Saving has a mode instead of a flag: saving; not saving because the match is a demo; not saving
 *   because there is no storage here; failed (shown, with the reason; the store keeps the unsaved game
 *   where it survives a reload when it can, and the save is tried again every few seconds and on Retry);
 *   or stopped because the game was deleted in another tab (until the player saves it as a new game).
 * - While a clock runs, a heartbeat (the last moment seen) is written every few seconds and as the page
 *   hides, so a game opened after the tab was closed is charged only for the time the app was open;
 *   a gap between ticks long enough to be an absence (the device slept) is not charged either.
 * - Another tab's save (the store's watch) or a conflicting save reloads the newest record and says so:
 *   this tab never goes on playing a stale copy.
 * - It has a lifetime: close() stops the computer, stops the clock (saving the time used) and then saves
 *   nothing more.
 * - The computer is told its clock (its time left and the increment) with every move it is asked for, and
 *   is charged its thinking time as a person is (as lichess charges its bots): the engine thinks a share of
 *   what is left (src/ai/timeman.ts), so it never loses on time.
 * - One game open in several tabs asks the engine once per computer move: only the tab holding the game's
 *   turn lock (turn-locks.ts) thinks, and it holds the lock until the move is saved. The others wait in
 *   line ("Thinking…") and show the move when its save reaches them; one that gets the lock first checks
 *   the store, and reloads instead of thinking if another tab has played meanwhile.
 */
import { type ReadonlySignal, type Signal, computed, signal } from '@preact/signals';
import type { GameState, Point } from '../../core';
import { type ComputerPlayer, type StoredGame, withState } from '../../storage';
import { type EngineProgress, type MoveAsk, isEngineError, moveThinkLimitMs } from '../engine/client';
import { HEARTBEAT_MS, isAbsence } from './game-clock';
import {
  type Match,
  type MoveRefusal,
  advance,
  afterAbsenceOf,
  clockReading,
  flagFall,
  heartbeatOf,
  isComputerTurn,
  isHumanTurn,
  moverClock,
  pauseClock,
  playPoint,
  resign,
  resumeClock,
  review,
  shownState,
  sideToMove,
  storedClocks,
  takeBack,
  turnRefusal,
} from './match';
import type { Clock, GameStore, HeartbeatLog, MoveSource, TurnLocks } from './ports';
import { turnLockName } from './turn-locks';

export type SavingMode = 'saving' | 'demo' | 'no-storage' | 'failed' | 'stopped';

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

/** How often the clock display is refreshed (and a flag fall noticed). */
const CLOCK_TICK_MS = 200;
/** How often a failed save is tried again by itself. */
export const RETRY_SAVE_MS = 5_000;
/**
 * After a crash (which shows at once) the engine gets one more try by itself; a second failure in a row
 * asks the player. A hang asks at once.
 */
const CRASHES_BEFORE_ASKING = 2;
const RETRY_AFTER_CRASH_MS = 500;

const seedOf = (text: string): number => {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
};

export class PlayController {
  /** The match as last saved (or, where nothing is saved, as last changed). */
  readonly match: Signal<Match>;
  /** The position on the board. */
  readonly shown: ReadonlySignal<GameState>;
  readonly saving: Signal<SavingMode>;
  /** Why the game is not being saved, when it is not (failed or stopped). */
  readonly savingProblem = signal<string | null>(null);
  /**
   * The last changes are held by this page alone: their save failed and they could not be kept anywhere
   * that survives a reload either. Leaving would lose them, so the play screen asks first.
   */
  readonly unsavedAtRisk = signal(false);
  /** The computer is thinking: its latest progress ('starting' before the first report). */
  readonly thinking = signal<EngineProgress | 'starting' | null>(null);
  /** The computer cannot play (its worker could not start, or keeps failing): shown with Retry. */
  readonly engineProblem = signal<string | null>(null);
  readonly hint = signal<Point | null>(null);
  /** Time left for each player as shown, ticking for the side to move. */
  readonly clocks = signal<readonly [number, number] | null>(null);
  /** A change is being saved. */
  readonly busy = signal(false);
  /** A demo is paused. */
  readonly paused = signal(false);
  /** The delay between the demo's moves, in ms. */
  readonly demoDelayMs = signal(700);

  private record: StoredGame;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  private thinkingAbort: AbortController | null = null;
  private crashes = 0;
  private stopTicking: (() => void) | null = null;
  private unwatch: (() => void) | null = null;
  private closing: Promise<void> | null = null;
  private stopRetrying: (() => void) | null = null;
  /** The last tick seen (an absence is a longer gap) and the last heartbeat written. */
  private lastSeen: number;
  private lastBeat = -Infinity;
  private readonly o: ControllerOptions;

  constructor(record: StoredGame, match: Match, options: ControllerOptions) {
    this.o = options;
    this.record = record;
    this.match = signal(match);
    this.shown = computed(() => shownState(this.match.value));
    this.saving = signal(match.demo ? 'demo' : options.store ? 'saving' : 'no-storage');
    this.lastSeen = options.clock.now();
    this.clocks.value = clockReading(match, this.lastSeen);
    if (match.clock) this.stopTicking = options.clock.every(CLOCK_TICK_MS, () => this.tick());
    this.watch();
    // On screen, the side to move's clock runs (once that side has made its first move).
    void this.change((m) => resumeClock(m, this.o.clock.now()), { force: options.saveAtStart ?? false }).then(() =>
      this.continueGame(),
    );
  }

  get id(): string {
    return this.match.value.id;
  }

  /** The record as last saved or loaded (a friend game's marks, for its links). */
  storedRecord(): StoredGame {
    return this.record;
  }

  /**
   * Why a person may not place a stone now (review, the computer's turn, a save in flight), or null if
   * they may. The point's own legality is the core's: `previewMove` or `play` checks it once.
   */
  turnRefusal(): MoveRefusal | null {
    if (this.busy.value) return { reason: 'busy', message: 'Saving the last move…' };
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
    this.abortThinking();
    void this.change((m) => takeBack(m, this.o.clock.now()));
  }

  resign(): void {
    this.abortThinking();
    void this.change((m) => resign(m, this.o.clock.now()));
  }

  /** Shows an earlier position (null: the live game). Review is not saved: it changes nothing. */
  review(ply: number | null): void {
    const next = review(this.match.value, ply);
    if (next === this.match.value) return;
    if (next.reviewPly !== null) this.abortThinking();
    this.match.value = next;
    this.hint.value = null;
    this.continueGame();
  }

  /**
   * The page was hidden (stop the clock, saving the time used) or shown again (start it). The heartbeat is
   * written first, at once: the save that stops the clock may not finish if the page is closing.
   */
  setVisible(visible: boolean): void {
    const now = this.o.clock.now();
    this.lastSeen = now;
    if (!visible) this.beat(now);
    void this.change((m) => (visible ? resumeClock(m, now) : pauseClock(m, now)));
  }

  /** Tries a failed save again now (the player's Retry; also every few seconds by itself). */
  retrySave(): void {
    if (this.saving.value !== 'failed' || this.busy.value || this.closed) return;
    void this.change((m) => m, { force: true });
  }

  setPaused(paused: boolean): void {
    this.paused.value = paused;
    if (paused) this.abortThinking();
    else this.continueGame();
  }

  /** A demo step: the computer's next move now, while paused. */
  step(): void {
    const m = this.match.value;
    if (this.paused.value && isComputerTurn(m) && !this.thinkingAbort) void this.computerMove(m, true);
  }

  /** Keeps a demo among the player's games: saved from now on. */
  keep(): void {
    if (this.saving.value !== 'demo') return;
    if (!this.o.store) {
      this.saving.value = 'no-storage';
      return;
    }
    this.match.value = { ...this.match.value, demo: false };
    this.record = { ...this.record, demo: false };
    this.saving.value = 'saving';
    void this.change((m) => m, { force: true }).then(
      (saved) => saved && this.o.notify('The game is kept in your games.'),
    );
  }

  /** After the game was deleted in another tab: saves this one as a new game. */
  saveAsNew(): void {
    if (this.saving.value !== 'stopped') return;
    const id = this.o.newId();
    this.record = { ...this.record, id, revision: 0 };
    this.match.value = { ...this.match.value, id };
    this.saving.value = 'saving';
    this.savingProblem.value = null;
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
      this.o.notify('The hint could not be computed.');
    }
  }

  /** Tries the computer again after it could not start or stopped responding. */
  retryComputer(): void {
    this.engineProblem.value = null;
    this.crashes = 0;
    this.continueGame();
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
    this.abortThinking();
    this.stopTicking?.();
    this.stopRetrying?.();
    this.stopRetrying = null;
    this.unwatch?.();
    const now = this.o.clock.now();
    this.beat(now);
    const last = this.change((m) => pauseClock(m, now), { evenIfClosed: true });
    this.closed = true;
    this.closing = last.then(() => undefined);
    return this.closing;
  }

  // ---- changes and saving -----------------------------------------------------------------------------

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
    const store = this.o.store;
    if (
      !store ||
      this.saving.value === 'demo' ||
      this.saving.value === 'no-storage' ||
      this.saving.value === 'stopped'
    ) {
      this.match.value = next;
      return true;
    }
    const now = this.o.clock.now();
    const record = withState({ ...this.record, demo: next.demo }, next.game, storedClocks(next, now));
    const saved = await store.save(record, this.record.revision);
    switch (saved.kind) {
      case 'saved':
        this.record = saved.record;
        this.match.value = next;
        this.o.heartbeats?.write(saved.record.id, heartbeatOf(next, now));
        if (this.saving.value === 'failed') this.saved();
        this.o.onSaved?.(saved.record);
        return true;
      case 'conflict':
        await this.reload('This game was changed in another tab or window: here is its latest position.');
        return false;
      case 'failed':
        // Play goes on, the player is told, and the save is tried again (every change, every few seconds).
        this.match.value = next;
        this.o.heartbeats?.write(record.id, heartbeatOf(next, now));
        this.failed(saved.message, saved.kept);
        return true;
    }
  }

  /**
   * A save failed: the line under the board says what it means for the player (short: it has two lines),
   * and the storage's own reason is told once, as a notice, when saving starts to fail.
   */
  private failed(message: string, kept: boolean): void {
    if (this.saving.value !== 'failed') this.o.notify(message);
    this.saving.value = 'failed';
    this.unsavedAtRisk.value = !kept;
    this.savingProblem.value = kept
      ? 'Not saved yet: your moves are kept and saved later.'
      : 'Not saved: leaving now would lose your last moves.';
    if (!this.stopRetrying && !this.closed) {
      this.stopRetrying = this.o.clock.every(RETRY_SAVE_MS, () => this.retrySave());
    }
  }

  private saved(): void {
    this.saving.value = 'saving';
    this.savingProblem.value = null;
    this.unsavedAtRisk.value = false;
    this.stopRetrying?.();
    this.stopRetrying = null;
  }

  /**
   * Writes the running clock's heartbeat (the last moment seen) now. Only a running clock writes one (a
   * saved stop clears it): a tab with the game stopped must not clear the heartbeat of a tab playing it.
   */
  private beat(now: number): void {
    this.lastBeat = now;
    const m = this.match.value;
    const beat = m.demo ? null : heartbeatOf(m, now);
    if (beat) this.o.heartbeats?.write(m.id, beat);
  }

  /** Replaces the match with the newest stored copy of this game. */
  private async reload(notice: string): Promise<void> {
    const store = this.o.store;
    if (!store) return;
    this.abortThinking();
    const loaded = await store.load(this.record.id);
    if (loaded.kind === 'loaded') {
      const fresh = this.o.matchFrom(loaded.record, this.match.value.sides);
      if (fresh) {
        this.record = loaded.record;
        if (loaded.unsaved !== undefined) this.failed(loaded.unsaved, true);
        const shown = this.closed ? fresh : resumeClock(fresh, this.o.clock.now());
        this.match.value = { ...shown, reviewPly: null };
        this.hint.value = null;
        this.o.notify(notice);
        return;
      }
    }
    this.saving.value = 'stopped';
    this.savingProblem.value =
      loaded.kind === 'missing'
        ? 'This game was deleted in another tab or window, so it is no longer saved.'
        : 'This game was changed in another tab or window and cannot be read here, so it is no longer saved.';
  }

  private watch(): void {
    this.unwatch?.();
    this.unwatch =
      this.o.store?.watch(this.record.id, (revision) => {
        if (this.closed || this.saving.value === 'demo') return;
        if (revision !== null && revision <= this.record.revision) return; // our own save, or older
        void this.reloadQueued(revision);
      }) ?? null;
  }

  /**
   * A reload that waits its turn behind the changes being saved; none if by then this copy has reached
   * `revision` (another reload got there first).
   */
  private reloadQueued(revision: number | null): Promise<void> {
    const run = this.queue.then(() =>
      this.closed || (revision !== null && revision <= this.record.revision)
        ? undefined
        : this.reload('This game was changed in another tab or window: here is its latest position.'),
    );
    this.queue = run.catch(() => undefined);
    return run.then(() => this.continueGame());
  }

  private afterChange(): void {
    this.hint.value = null;
    this.clocks.value = clockReading(this.match.value, this.o.clock.now());
    this.continueGame();
  }

  private tick(): void {
    if (this.closed) return;
    const now = this.o.clock.now();
    const m = this.match.value;
    const lastSeen = this.lastSeen;
    this.lastSeen = now;
    if (isAbsence(lastSeen, now) && afterAbsenceOf(m, lastSeen, now) !== m) {
      // The app was not running (the device slept with the page on screen): that time is not charged.
      this.clocks.value = clockReading(afterAbsenceOf(m, lastSeen, now), now);
      void this.change((current) => afterAbsenceOf(current, lastSeen, now));
      return;
    }
    this.clocks.value = clockReading(m, now);
    if (now - this.lastBeat >= HEARTBEAT_MS) this.beat(now);
    if (flagFall(m, now) !== m) {
      this.abortThinking();
      void this.change((current) => flagFall(current, this.o.clock.now()));
    }
  }

  // ---- the computer's turns ---------------------------------------------------------------------------

  private continueGame(): void {
    if (this.closed || this.paused.value || this.engineProblem.value || this.thinkingAbort) return;
    const m = this.match.value;
    if (isComputerTurn(m)) void this.computerMove(m, false);
  }

  private abortThinking(): void {
    this.thinkingAbort?.abort();
    this.thinkingAbort = null;
    this.thinking.value = null;
  }

  private async computerMove(m: Match, stepping: boolean): Promise<void> {
    const level = sideToMove(m).computer;
    if (!level) return;
    this.abortThinking();
    const aborter = new AbortController();
    this.thinkingAbort = aborter;
    this.thinking.value = 'starting';
    const current = () => !aborter.signal.aborted && !this.closed && this.match.value === m;
    const think = () => this.thinkAndPlay(m, level, aborter, current, stepping);
    const turns = this.o.turns;
    // A demo, or a game not saved here, is in no other tab.
    if (!turns || m.demo || !this.o.store) return think();
    await turns.hold(turnLockName(m.id), aborter.signal, async () => {
      if (!current()) return;
      // (Then the reload it asks for ends this turn: "Thinking…" stays until the move is shown.)
      if (!(await this.changedElsewhere())) await think();
    });
  }

  /**
   * Whether another tab has saved this game since this copy was loaded or saved: then it is reloaded (in
   * turn), and this tab does not think for a position that is gone.
   */
  private async changedElsewhere(): Promise<boolean> {
    const store = this.o.store;
    if (!store || this.saving.value !== 'saving') return false;
    const stored = await store.load(this.record.id);
    if (stored.kind !== 'loaded' || stored.record.revision === this.record.revision) return false;
    void this.reloadQueued(stored.record.revision);
    return true;
  }

  /** Asks the engine for the computer's move in `m` and plays it; resolves once it is saved (or not). */
  private async thinkAndPlay(
    m: Match,
    level: ComputerPlayer,
    aborter: AbortController,
    current: () => boolean,
    stepping: boolean,
  ): Promise<void> {
    const { clock } = this.o;
    const started = clock.now();
    const engineClock = moverClock(m, started);
    const ask: MoveAsk = { level, seed: seedOf(m.id) + m.game.moves.length, clock: engineClock };
    let point: Point;
    try {
      const answer = await this.o.moves.move(m.game, ask, {
        signal: aborter.signal,
        isCurrent: current,
        onProgress: (p) => current() && (this.thinking.value = p),
      });
      // The unhurried reply is for show: on a clock, it never takes longer than the move may think.
      const shownAfter = m.demo ? this.demoDelayMs.value : (this.o.minReplyMs ?? 0);
      const replyAfter = engineClock ? Math.min(shownAfter, moveThinkLimitMs(ask)) : shownAfter;
      const wait = replyAfter - (clock.now() - started);
      if (wait > 0 && !stepping) await clock.delay(wait, aborter.signal);
      if (!current()) return;
      point = answer.move;
    } catch (e) {
      if (current()) this.engineFailed(e);
      return;
    } finally {
      if (this.thinkingAbort === aborter) {
        this.thinkingAbort = null;
        this.thinking.value = null;
      }
    }
    this.crashes = 0;
    await this.change((now) => {
      if (now !== m) return null; // the game moved on while the answer was on its way
      const played = playPoint(now, point, this.o.clock.now());
      if ('refusal' in played) {
        this.engineProblem.value = `The computer chose an illegal move (${played.refusal.message}).`;
        return null;
      }
      return played.match;
    });
  }

  private engineFailed(e: unknown): void {
    const kind = isEngineError(e) ? e.kind : 'crashed';
    if (kind === 'aborted' || kind === 'stale') return;
    if (kind === 'unavailable') {
      this.engineProblem.value = 'The computer could not start.';
      return;
    }
    if (kind === 'invalid') {
      this.engineProblem.value = 'The computer could not play this position.';
      return;
    }
    if (kind === 'timeout') {
      // A hang is noticed only a margin after the answer was due: trying again unasked would keep the
      // player waiting as long again, so they are asked at once (Retry starts a fresh worker).
      this.engineProblem.value = 'The computer stopped responding.';
      return;
    }
    this.crashes++;
    if (this.crashes >= CRASHES_BEFORE_ASKING) {
      this.engineProblem.value = 'The computer stopped responding.';
      return;
    }
    this.o.notify('The computer stopped responding and was restarted.');
    void this.o.clock.delay(RETRY_AFTER_CRASH_MS).then(() => this.continueGame());
  }
}
