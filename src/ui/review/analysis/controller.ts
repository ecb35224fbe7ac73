/**
 * Analysis on the play screen, for one game session: the engine's view of the shown position (its best
 * moves, their win chances and lines) and the whole-game analysis (every position, the graph, each move's
 * verdict). It lives as long as the play screen shows the game, and asks the engine only when the game
 * does not need it: when the game is over, in review, in a game with no computer player, or while a demo
 * is paused. (The engine does one job at a time; a computer's move request replaces an analysis, which
 * then waits for the next chance.)
 *
 * - The position analysis runs while the player has it on, and starts again whenever the shown position
 *   changes (the old one is aborted at once). It waits while the whole game is being analysed.
 * - The whole-game analysis is saved after every position (when the game is saved), so it is never
 *   computed twice; a saved analysis that is not complete resumes by itself when the game is opened again.
 */
import { type ReadonlySignal, type Signal, batch, computed, effect, signal } from '@preact/signals';
import { type GameState, formatPoint } from '../../../core';
import type { PositionEval, StoredAnalysis } from '../../../storage';
import { type AnalysisLineAnswer, type AnalysisSource, forcedWinMoves, isEngineError } from '../../engine/client';
import type { PlayController } from '../../play/session/controller';
import { analysisFor, nextPosition } from './game-analysis';
import { analyseGame } from './runner';
import * as m from '../../words/paraglide/messages.js';

/** The engine's time for each position of a whole-game analysis. */
export const GAME_ANALYSIS_MS = 300;
/** The position analysis's time: long, since it reports as it deepens and stops when the position changes. */
export const POSITION_ANALYSIS_MS = 8000;
export const POSITION_ANALYSIS_LINES = 3;
/** A hint in review thinks as long as the live game's hint. */
const HINT_MS = 1000;

export interface AnalysisPorts extends AnalysisSource {
  /** The game's saved analysis (null: none, or no storage). */
  load(id: string): Promise<StoredAnalysis | null>;
  /** Saves a game's analysis; false if it could not be saved. */
  save(analysis: StoredAnalysis): Promise<boolean>;
  now(): number;
}

export interface PositionLines {
  /** The position the lines are for (its move count and moves). */
  readonly key: string;
  readonly lines: readonly AnalysisLineAnswer[];
  /** The analysis has finished (it is not deepening any more). */
  readonly done: boolean;
}

const positionKeyOf = (s: GameState): string => `${s.rules.size}/${s.moves.join('.')}`;

export class AnalysisController {
  /** The player wants the engine's view of the shown position. */
  readonly engineOn = signal(false);
  /** The engine's lines for the shown position, once it has some. */
  readonly lines: Signal<PositionLines | null> = signal(null);
  /** The whole-game analysis so far (null until one has been started or loaded). */
  readonly gameAnalysis: Signal<StoredAnalysis | null> = signal(null);
  readonly gameRunning = signal(false);
  /** Why an analysis stopped, for the player (null: nothing wrong). */
  readonly problem = signal<string | null>(null);
  /**
   * The first move of the line the board draws (null: the best line). Kept by move, not by place in the
   * list, since the lines change places as they deepen.
   */
  readonly selectedMove = signal<number | null>(null);
  /** A hint for a position in review: the engine's best move there. */
  readonly hint: Signal<{ readonly key: string; readonly point: number } | null> = signal(null);
  /** Whether the engine may be asked now (see the module comment). */
  readonly allowed: ReadonlySignal<boolean>;

  private readonly play: PlayController;
  private readonly ports: AnalysisPorts;
  private positionAbort: AbortController | null = null;
  private gameAbort: AbortController | null = null;
  /** The player asked for the whole-game analysis (or it was found saved, unfinished): go on when allowed. */
  private gameWanted = false;
  private disposed = false;
  private readonly stopEffects: (() => void)[] = [];

  constructor(play: PlayController, ports: AnalysisPorts) {
    this.play = play;
    this.ports = ports;
    this.allowed = computed(() => {
      const match = play.match.value;
      // No engine help in a friend game until it ends (as in rated games on pente.org).
      if (match.sides.some((s) => s.remote)) return match.game.result !== null;
      return (
        match.game.result !== null ||
        match.reviewPly !== null ||
        !match.sides.some((s) => s.computer) ||
        play.paused.value
      );
    });
    void this.loadSaved();
    // Keep the whole-game analysis in step with the game (it goes on, or is taken back).
    this.stopEffects.push(
      effect(() => {
        const game = play.match.value.game;
        const current = this.gameAnalysis.peek();
        if (current) this.gameAnalysis.value = this.fitted(game, current);
      }),
    );
    this.stopEffects.push(effect(() => this.schedule()));
  }

  get id(): string {
    return this.play.id;
  }

  /** Starts (or resumes) the whole-game analysis. */
  analyseGame(): void {
    this.gameWanted = true;
    this.problem.value = null;
    const game = this.play.match.peek().game;
    this.gameAnalysis.value = this.fitted(game, this.gameAnalysis.peek());
    this.schedule();
  }

  stopGameAnalysis(): void {
    this.gameWanted = false;
    this.gameAbort?.abort();
  }

  setEngineOn(on: boolean): void {
    this.engineOn.value = on;
    if (!on) {
      this.positionAbort?.abort();
      this.positionAbort = null;
      this.lines.value = null;
    }
  }

  /** The engine's best move for the shown position, as a hint (in review: the live game has its own). */
  async requestHint(): Promise<void> {
    const shown = this.play.shown.peek();
    if (shown.result || !this.allowed.peek()) return;
    const key = positionKeyOf(shown);
    this.hint.value = null;
    try {
      const answer = await this.ports.analyse(
        shown,
        { timeMs: HINT_MS, lines: 1 },
        { isCurrent: () => !this.disposed && positionKeyOf(this.play.shown.peek()) === key },
      );
      const best = answer.lines[0];
      if (best) this.hint.value = { key, point: best.move };
    } catch (e) {
      if (!(isEngineError(e) && (e.kind === 'aborted' || e.kind === 'stale')))
        this.problem.value = m.review_hint_failed();
    }
  }

  /** The line the board draws for the shown position: the chosen one while it is listed, else the best. */
  lineFor(state: GameState): AnalysisLineAnswer | undefined {
    const known = this.lines.value;
    if (!this.engineOn.value || known?.key !== positionKeyOf(state)) return undefined;
    const chosen = this.selectedMove.value;
    return known.lines.find((l) => l.move === chosen) ?? known.lines[0];
  }

  /** The key the lines and hints are kept under, for the shown position. */
  keyOf(state: GameState): string {
    return positionKeyOf(state);
  }

  dispose(): void {
    this.disposed = true;
    this.positionAbort?.abort();
    this.gameAbort?.abort();
    for (const stop of this.stopEffects) stop();
  }

  // ---- scheduling ---------------------------------------------------------------------------------------

  /** Decides what the engine does now: the whole game first, then the shown position. Read by an effect. */
  private schedule(): void {
    const allowed = this.allowed.value;
    const shown = this.play.shown.value;
    const engineOn = this.engineOn.value;
    const gameRunning = this.gameRunning.value;
    if (this.disposed) return;
    if (!allowed) {
      this.positionAbort?.abort();
      this.positionAbort = null;
      this.gameAbort?.abort();
      return;
    }
    const analysis = this.gameAnalysis.peek();
    if (this.gameWanted && !gameRunning && analysis && nextPosition(analysis) !== null) {
      this.positionAbort?.abort();
      this.positionAbort = null;
      void this.runGame(analysis);
      return;
    }
    if (gameRunning || !engineOn || shown.result) {
      if (!engineOn || shown.result) this.lines.value = null;
      return;
    }
    const key = positionKeyOf(shown);
    if (this.positionAbort && this.lines.peek()?.key === key) return; // already on it
    if (this.lines.peek()?.key === key && this.lines.peek()?.done) return; // done already
    void this.runPosition(shown, key);
  }

  private async runPosition(shown: GameState, key: string): Promise<void> {
    this.positionAbort?.abort();
    const aborter = new AbortController();
    this.positionAbort = aborter;
    if (this.lines.peek()?.key !== key) {
      this.lines.value = null;
      this.selectedMove.value = null;
    }
    const current = () => !aborter.signal.aborted && !this.disposed;
    try {
      const answer = await this.ports.analyse(
        shown,
        { timeMs: POSITION_ANALYSIS_MS, lines: POSITION_ANALYSIS_LINES },
        {
          signal: aborter.signal,
          isCurrent: current,
          onProgress: (lines) => {
            if (current() && lines.length) this.lines.value = { key, lines, done: false };
          },
        },
      );
      if (current()) this.lines.value = { key, lines: answer.lines, done: true };
    } catch (e) {
      if (current() && !(isEngineError(e) && (e.kind === 'aborted' || e.kind === 'stale')))
        this.problem.value = m.review_engine_failed_position();
    } finally {
      if (this.positionAbort === aborter) this.positionAbort = null;
    }
  }

  private async runGame(start: StoredAnalysis): Promise<void> {
    const aborter = new AbortController();
    this.gameAbort = aborter;
    this.gameRunning.value = true;
    const game = this.play.match.peek().game;
    try {
      const done = await analyseGame(
        start,
        game,
        {
          evaluate: (position, timeMs, signal) => this.evaluate(position, timeMs, signal),
          save: async (a) => {
            if (this.play.saving.peek() === 'saving') await this.ports.save(a);
          },
          now: () => this.ports.now(),
        },
        aborter.signal,
        (a) => {
          // The game may have changed meanwhile: keep only what still belongs to it.
          if (!this.disposed) this.gameAnalysis.value = this.fitted(this.play.match.peek().game, a);
        },
      );
      if (nextPosition(done) === null) this.gameWanted = false;
    } catch (e) {
      if (!(isEngineError(e) && (e.kind === 'aborted' || e.kind === 'stale'))) {
        this.gameWanted = false;
        this.problem.value =
          isEngineError(e) && e.kind === 'unavailable' ? m.review_computer_no_start() : m.review_analysis_stopped();
      }
    } finally {
      if (this.gameAbort === aborter) this.gameAbort = null;
      // Runs the scheduler again (through its effect): the next part of the game, or the position.
      if (!this.disposed) this.gameRunning.value = false;
    }
  }

  private async evaluate(position: GameState, timeMs: number, signal: AbortSignal): Promise<PositionEval> {
    const answer = await this.ports.analyse(position, { timeMs, lines: 1 }, { signal });
    const best = answer.lines[0];
    return best
      ? { winChance: best.winChance, best: best.move, forcedWin: forcedWinMoves(best.score) }
      : { winChance: 0.5, best: -1, forcedWin: null };
  }

  /** The analysis for the game as it is now, keeping what a saved or earlier one knows. */
  private fitted(game: GameState, previous: StoredAnalysis | null): StoredAnalysis {
    const moves = game.moves.map((p) => formatPoint(game.rules.size, p));
    return analysisFor(this.play.id, moves, game, GAME_ANALYSIS_MS, previous, this.ports.now());
  }

  private async loadSaved(): Promise<void> {
    const saved = await this.ports.load(this.play.id);
    if (!saved || this.disposed) return;
    batch(() => {
      this.gameAnalysis.value = this.fitted(this.play.match.peek().game, saved);
      // An analysis saved unfinished was interrupted (a reload, leaving the game): it goes on by itself.
      this.gameWanted = nextPosition(this.gameAnalysis.peek()!) !== null;
    });
    this.schedule();
  }
}
