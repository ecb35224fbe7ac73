/**
 * One game being played or watched: the game state, the computer's turns through the worker bridge,
 * the clocks, review, and saving after every change. The screens show a session and call its methods;
 * the rules themselves stay in src/core.
 */
import { type Signal, computed, signal } from '@preact/signals';
import {
  type GameState,
  type IllegalMove,
  type Player,
  type Point,
  concede,
  illegality,
  play,
  stateAtPly,
  undo,
} from '../core';
import {
  type ComputerPlayer,
  type GameSide,
  type StoredGame,
  requestPersistence,
  saveGame,
  withState,
} from '../storage';
import { db, notify, refreshResumable } from './app-state';
import { type EngineProgress, isEngineError, requestMove } from './engine/bridge';

export interface SessionSide extends GameSide {
  /** The computer player's settings, for a computer side. */
  readonly computer?: ComputerPlayer;
}

/** An instant reply feels abrupt: the computer's move appears no sooner than this after the player's. */
const MIN_REPLY_MS = 450;
/** Ask the browser to keep our storage once a game has this many moves: by then it is worth keeping. */
const WORTH_KEEPING_PLIES = 10;

export type MoveRefusal = IllegalMove | { readonly reason: 'not-your-turn' | 'reviewing'; readonly message: string };

const seedOf = (text: string): number => {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
};

export class GameSession {
  readonly state: Signal<GameState>;
  /** The ply shown in review, or null for the live game. */
  readonly reviewPly = signal<number | null>(null);
  /** The computer is thinking: its latest progress ('starting' before the first report). */
  readonly thinking = signal<EngineProgress | 'starting' | null>(null);
  readonly hint = signal<Point | null>(null);
  /** Remaining time for player 1 and 2, in ms, as shown (ticking for the side to move). */
  readonly clocks = signal<readonly [number, number] | null>(null);
  /** A demo is paused. */
  readonly paused = signal(false);
  /** The delay between the demo's moves, in ms. */
  readonly demoDelayMs = signal(700);
  readonly sides: readonly [SessionSide, SessionSide];

  /** The position on the board: the live game, or an earlier position in review. */
  readonly shown = computed(() => {
    const ply = this.reviewPly.value;
    return ply === null ? this.state.value : stateAtPly(this.state.value, ply);
  });

  private record: StoredGame;
  private controller: AbortController | null = null;
  private saving: Promise<void> = Promise.resolve();
  private closed = false;
  private turnStartedAt = performance.now();
  private ticker: ReturnType<typeof setInterval> | null = null;
  private persistenceAsked = false;

  constructor(record: StoredGame, state: GameState, sides: readonly [SessionSide, SessionSide]) {
    this.record = record;
    this.state = signal(state);
    this.sides = sides;
    if (record.clocks) {
      this.clocks.value = record.clocks.remainingMs;
      this.ticker = setInterval(() => this.tick(), 200);
    }
    queueMicrotask(() => this.continueGame());
  }

  get id(): string {
    return this.record.id;
  }
  get isDemo(): boolean {
    return this.record.demo;
  }
  get hasComputer(): boolean {
    return this.sides.some((s) => s.computer);
  }

  sideToMove(): SessionSide {
    return this.sides[this.state.value.toMove - 1]!;
  }

  /** Whether a person may place the next stone now. */
  humanToMove(): boolean {
    const s = this.state.value;
    return !s.result && !this.sideToMove().computer && this.reviewPly.value === null;
  }

  /** Why a tap on `point` cannot be played now, or null if it can. */
  refusal(point: Point): MoveRefusal | null {
    if (this.reviewPly.value !== null)
      return { reason: 'reviewing', message: 'You are reviewing: go to the end to play.' };
    const s = this.state.value;
    if (!s.result && this.sideToMove().computer)
      return { reason: 'not-your-turn', message: 'The computer is thinking.' };
    return illegality(s, point);
  }

  /** Plays a person's move; returns why not, if it cannot be played. */
  move(point: Point): MoveRefusal | null {
    const why = this.refusal(point);
    if (why) return why;
    const next = play(this.state.value, point);
    if (!next.ok) return next.error;
    this.commit(next.value, true);
    return null;
  }

  /**
   * Takes back the last move; against the computer, the player's last move and the computer's reply, so
   * it is the player's turn again.
   */
  undo(): void {
    if (this.isDemo) return;
    let s = this.state.value;
    if (s.moves.length === 0) return;
    this.abortThinking();
    s = undo(s);
    while (s.moves.length > 0 && this.sides[s.toMove - 1]!.computer) s = undo(s);
    this.reviewPly.value = null;
    this.commit(s, false);
  }

  resign(): void {
    const s = this.state.value;
    if (s.result) return;
    // The person resigns: in pass-and-play the side to move; against the computer, the human side.
    const loser: Player = this.sideToMove().computer ? (this.state.value.toMove === 1 ? 2 : 1) : s.toMove;
    this.abortThinking();
    this.commit(concede(s, loser, 'resignation'), false);
  }

  /** Asks the engine for a suggestion for the side to move (shown as a ring on the board). */
  async requestHint(): Promise<void> {
    const s = this.state.value;
    if (s.result || !this.humanToMove()) return;
    this.hint.value = null;
    try {
      const answer = await requestMove(
        { ...this.rulesOf(), moves: s.moves, timeMs: 1000 },
        { isCurrent: () => this.state.value === s && !this.closed },
      );
      if (this.state.value === s) this.hint.value = answer.move;
    } catch (e) {
      if (isEngineError(e) && (e.kind === 'crashed' || e.kind === 'timeout')) notify('The hint could not be computed.');
    }
  }

  // Review: step through the game without changing it.
  review(ply: number | null): void {
    const total = this.state.value.moves.length;
    if (ply === null || ply >= total) {
      this.reviewPly.value = null;
      this.continueGame();
      return;
    }
    this.abortThinking();
    this.reviewPly.value = Math.max(0, ply);
  }

  /** Continues playing from the position shown in review, dropping the moves after it. */
  playFromHere(): void {
    const ply = this.reviewPly.value;
    if (ply === null || this.isDemo) return;
    this.reviewPly.value = null;
    this.commit(stateAtPly(this.state.value, ply), false);
  }

  setPaused(paused: boolean): void {
    this.paused.value = paused;
    if (paused) this.abortThinking();
    else this.continueGame();
  }

  /** A demo step: one move now, even while paused. */
  async step(): Promise<void> {
    if (!this.paused.value) return;
    await this.computerMove(true);
  }

  /** Keeps a demo game among the player's games. */
  async keep(): Promise<void> {
    if (!this.isDemo) return;
    this.record = { ...this.record, demo: false };
    await this.persist();
    notify('The game is kept in your games.');
  }

  close(): void {
    this.closed = true;
    this.abortThinking();
    if (this.ticker) clearInterval(this.ticker);
  }

  private rulesOf() {
    const { variant, size, tournamentRule } = this.state.value.rules;
    return { variant: variant.id, size, tournamentRule };
  }

  private commit(next: GameState, madeByMove: boolean): void {
    this.hint.value = null;
    if (this.clocks.value && madeByMove) this.chargeClock(this.state.value.toMove);
    this.turnStartedAt = performance.now();
    this.state.value = next;
    void this.persist();
    if (!this.persistenceAsked && !this.isDemo && next.moves.length >= WORTH_KEEPING_PLIES) {
      this.persistenceAsked = true;
      void requestPersistence();
    }
    this.continueGame();
  }

  /** Charges the time the mover used and adds the increment. */
  private chargeClock(mover: Player): void {
    const clocks = this.clocks.value;
    const inc = this.record.clocks?.incrementMs ?? 0;
    if (!clocks) return;
    const used = performance.now() - this.turnStartedAt;
    const remaining: [number, number] = [...clocks] as [number, number];
    remaining[mover - 1] = Math.max(0, (this.record.clocks?.remainingMs[mover - 1] ?? 0) - used) + inc;
    this.record = { ...this.record, clocks: { remainingMs: remaining, incrementMs: inc } };
    this.clocks.value = remaining;
  }

  private tick(): void {
    const s = this.state.value;
    const stored = this.record.clocks;
    if (!stored || s.result || this.closed || this.reviewPly.value !== null) return;
    const mover = s.toMove;
    const left = stored.remainingMs[mover - 1]! - (performance.now() - this.turnStartedAt);
    const shown: [number, number] = [...stored.remainingMs] as [number, number];
    shown[mover - 1] = Math.max(0, left);
    this.clocks.value = shown;
    if (left <= 0) {
      this.abortThinking();
      this.record = { ...this.record, clocks: { ...stored, remainingMs: shown } };
      this.commit(concede(s, mover, 'time'), false);
    }
  }

  private async persist(): Promise<void> {
    const state = this.state.value;
    // Saves run one after another, each naming the revision the last one produced.
    this.saving = this.saving.then(async () => {
      const d = db.value;
      if (!d || this.record.demo) return;
      const saved = await saveGame(d, withState(this.record, state, this.record.clocks), this.record.revision);
      if (saved.ok) {
        this.record = saved.value;
        void refreshResumable();
      } else if (saved.error.kind === 'conflict') {
        notify('This game was changed in another tab; this tab no longer saves it.');
        this.record = { ...this.record, demo: true };
      } else {
        notify(`Not saved: ${saved.error.message} The game goes on in memory.`);
      }
    });
    return this.saving;
  }

  private continueGame(): void {
    if (this.closed || this.state.value.result || this.reviewPly.value !== null || this.paused.value) return;
    if (this.sideToMove().computer) void this.computerMove(false);
  }

  private abortThinking(): void {
    this.controller?.abort();
    this.controller = null;
    this.thinking.value = null;
  }

  private async computerMove(stepping: boolean): Promise<void> {
    const s = this.state.value;
    const side = this.sides[s.toMove - 1]!;
    if (!side.computer || s.result) return;
    this.abortThinking();
    const controller = new AbortController();
    this.controller = controller;
    this.thinking.value = 'starting';
    const started = performance.now();
    const current = () => this.state.value === s && !this.closed && !controller.signal.aborted;
    try {
      const answer = await requestMove(
        { ...this.rulesOf(), moves: s.moves, level: side.computer, seed: seedOf(this.record.id) + s.moves.length },
        { signal: controller.signal, isCurrent: current, onProgress: (p) => (this.thinking.value = p) },
      );
      const wait = (this.isDemo ? this.demoDelayMs.value : MIN_REPLY_MS) - (performance.now() - started);
      if (wait > 0 && !stepping) await new Promise((r) => setTimeout(r, wait));
      if (!current()) return;
      const next = play(s, answer.move);
      this.thinking.value = null;
      this.controller = null;
      if (next.ok) this.commit(next.value, true);
      else notify(`The computer chose an illegal move (${next.error.message}).`);
    } catch (e) {
      if (!isEngineError(e) || e.kind === 'crashed' || e.kind === 'timeout') {
        if (!current()) return;
        notify('The computer stopped responding and was restarted.');
        this.thinking.value = null;
        this.controller = null;
        setTimeout(() => this.continueGame(), 500);
      }
    } finally {
      if (this.controller === controller && !current()) this.thinking.value = null;
    }
  }
}
