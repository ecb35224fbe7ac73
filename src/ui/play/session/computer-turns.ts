/**
 * The computer's turns in one match: asking the engine (a MoveSource) for its move, showing its progress,
 * and playing the move it chose through the controller's queue of changes (controller.ts).
 *
 * - The computer is told its clock (its time left and the increment) with every move it is asked for, and
 *   is charged its thinking time as a person is (as lichess charges its bots): the engine thinks a share of
 *   what is left (src/ai/timeman.ts), so it never loses on time.
 * - One game open in several tabs asks the engine once per computer move: only the tab holding the game's
 *   turn lock (turn-locks.ts) thinks, and it holds the lock until the move is saved. The others wait in
 *   line ("Thinking…") and show the move when its save reaches them; one that gets the lock first checks
 *   the store, and reloads instead of thinking if another tab has played meanwhile.
 * - A crash is retried once by itself; a second one in a row, a hang, or a worker that cannot start asks
 *   the player (Retry).
 */
import { type ReadonlySignal, signal } from '@preact/signals';
import { type OpeningStep, type Point, seatChoiceDue } from '../../../core';
import type { ComputerPlayer } from '../../../storage';
import { type EngineProgress, type MoveAsk, isEngineError, moveThinkLimitMs } from '../../engine/client';
import { type Match, chooseSeatIn, isComputerTurn, moverClock, playPoint, seatChoiceFor, sideToMove } from './match';
import type { Clock, MoveSource, TurnLocks } from './ports';
import { turnLockName } from './turn-locks';
import * as words from '../../words/paraglide/messages.js';

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

export interface ComputerTurnsHost {
  readonly moves: MoveSource;
  readonly clock: Clock;
  /** The turn locks shared with other tabs (none: this tab thinks without asking). */
  readonly turns?: TurnLocks | null;
  readonly notify: (text: string, tone?: 'news' | 'problem') => void;
  /** An instant reply feels abrupt: the computer's move appears no sooner than this after the last move. */
  readonly minReplyMs?: number;
  readonly match: ReadonlySignal<Match>;
  readonly paused: ReadonlySignal<boolean>;
  readonly isClosed: () => boolean;
  /** Whether the match is saved here, so other tabs may have it open too. */
  readonly savedHere: (m: Match) => boolean;
  /** Whether another tab has played meanwhile (then the controller reloads it, and this turn ends). */
  readonly changedElsewhere: () => Promise<boolean>;
  /** Queues a change to the match (saved, then shown); resolves once it is. */
  readonly change: (make: (m: Match) => Match | null) => Promise<unknown>;
}

export class ComputerTurns {
  /** The computer is thinking: its latest progress ('starting' before the first report). */
  readonly thinking = signal<EngineProgress | 'starting' | null>(null);
  /** The computer cannot play (its worker could not start, or keeps failing): shown with Retry. */
  readonly problem = signal<string | null>(null);
  /** The delay between the demo's moves, in ms. */
  readonly demoDelayMs = signal(700);

  private thinkingAbort: AbortController | null = null;
  private crashes = 0;

  constructor(private readonly host: ComputerTurnsHost) {}

  /** Starts the computer's move when it is its turn (and it is not paused, stuck or already thinking). */
  continueGame(): void {
    const { host } = this;
    if (host.isClosed() || host.paused.value || this.problem.value || this.thinkingAbort) return;
    const m = host.match.value;
    if (isComputerTurn(m)) void this.computerMove(m, false);
  }

  /** A demo step: the computer's next move now, while paused. */
  step(): void {
    const m = this.host.match.value;
    if (this.host.paused.value && isComputerTurn(m) && !this.thinkingAbort) void this.computerMove(m, true);
  }

  /** Tries the computer again after it could not start or stopped responding. */
  retry(): void {
    this.problem.value = null;
    this.crashes = 0;
    this.continueGame();
  }

  abort(): void {
    this.thinkingAbort?.abort();
    this.thinkingAbort = null;
    this.thinking.value = null;
  }

  private async computerMove(m: Match, stepping: boolean): Promise<void> {
    const { host } = this;
    const level = sideToMove(m).computer;
    if (!level) return;
    this.abort();
    const aborter = new AbortController();
    this.thinkingAbort = aborter;
    this.thinking.value = 'starting';
    const current = () => !aborter.signal.aborted && !host.isClosed() && host.match.value === m;
    const think = () => this.thinkAndPlay(m, level, aborter, current, stepping);
    const turns = host.turns;
    // A demo, or a game not saved here, is in no other tab.
    if (!turns || m.demo || !host.savedHere(m)) return think();
    await turns.hold(turnLockName(m.id), aborter.signal, async () => {
      if (!current()) return;
      // (Then the reload it asks for ends this turn: "Thinking…" stays until the move is shown.)
      if (!(await host.changedElsewhere())) await think();
    });
  }

  /** Asks the engine for the computer's move in `m` and plays it; resolves once it is saved (or not). */
  private async thinkAndPlay(
    m: Match,
    level: ComputerPlayer,
    aborter: AbortController,
    current: () => boolean,
    stepping: boolean,
  ): Promise<void> {
    const { clock } = this.host;
    const started = clock.now();
    const engineClock = moverClock(m, started);
    const ask: MoveAsk = { level, seed: seedOf(m.id) + m.game.moves.length, clock: engineClock };
    let point: Point;
    let step: OpeningStep | null = null;
    try {
      const answer = await this.host.moves.move(m.game, ask, {
        signal: aborter.signal,
        isCurrent: current,
        onProgress: (p) => current() && (this.thinking.value = p),
      });
      // The unhurried reply is for show: on a clock, it never takes longer than the move may think.
      const shownAfter = m.demo ? this.demoDelayMs.value : (this.host.minReplyMs ?? 0);
      const replyAfter = engineClock ? Math.min(shownAfter, moveThinkLimitMs(ask)) : shownAfter;
      const wait = replyAfter - (clock.now() - started);
      if (wait > 0 && !stepping) await clock.delay(wait, aborter.signal);
      if (!current()) return;
      point = answer.move;
      // The seat choice (D-Pente, Swap2): the search just made is the side to move's (it plays next whoever
      // sits there), so its score says which seat is the better one to hold.
      if (seatChoiceDue(m.game)) step = seatChoiceFor(m.game, answer.score);
      // Renju: the engine names the opening step it takes (a window's choice, branch B's ten offers, a
      // pass), decided by its own searches (src/ai/renju.ts); a stone otherwise, white's pick included.
      if (answer.step !== undefined) step = answer.step;
    } catch (e) {
      if (current()) this.failed(e);
      return;
    } finally {
      if (this.thinkingAbort === aborter) {
        this.thinkingAbort = null;
        this.thinking.value = null;
      }
    }
    this.crashes = 0;
    await this.host.change((now) => {
      if (now !== m) return null; // the game moved on while the answer was on its way
      if (step !== null) {
        const stepped = chooseSeatIn(now, step, clock.now());
        // Not due (the engine's bug, not the player's): said, and the game waits rather than guessing.
        if (!stepped)
          this.problem.value = words.play_computer_illegal({ why: typeof step === 'string' ? step : 'offer' });
        return stepped;
      }
      const played = playPoint(now, point, clock.now());
      if ('refusal' in played) {
        this.problem.value = words.play_computer_illegal({ why: played.refusal.message });
        return null;
      }
      return played.match;
    });
  }

  private failed(e: unknown): void {
    const kind = isEngineError(e) ? e.kind : 'crashed';
    if (kind === 'aborted' || kind === 'stale') return;
    if (kind === 'unavailable') {
      this.problem.value = words.play_computer_no_start();
      return;
    }
    if (kind === 'invalid') {
      this.problem.value = words.play_computer_cannot_play();
      return;
    }
    if (kind === 'timeout') {
      // A hang is noticed only a margin after the answer was due: trying again unasked would keep the
      // player waiting as long again, so they are asked at once (Retry starts a fresh worker).
      this.problem.value = words.play_computer_stopped();
      return;
    }
    this.crashes++;
    if (this.crashes >= CRASHES_BEFORE_ASKING) {
      this.problem.value = words.play_computer_stopped();
      return;
    }
    this.host.notify(words.play_computer_restarted());
    void this.host.clock.delay(RETRY_AFTER_CRASH_MS).then(() => this.continueGame());
  }
}
