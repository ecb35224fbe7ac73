/**
 * The page's engine client: the one place where a GameState becomes an engine request. Screens and
 * controllers speak GameState and what they want of the engine (a level, a think time, the clock, how
 * many lines); this module turns that into the bridge's request (the rules and the move list: see
 * src/workers/protocol.ts on why never the state itself) and asks the bridge. Each screen takes only the
 * operation it uses (MoveSource, AnalysisSource, BookSource) as a port, so tests give it a fake.
 *
 * Failures are the bridge's: the promise rejects with an EngineError whose `kind` says what went wrong.
 */
import type { EngineLevel, GameState } from '../../core';
import {
  type AnalyseOptions,
  type AnalysisAnswer,
  type AnalysisRequestInput,
  type BookMove,
  type ClockBudget,
  type EngineBridge,
  type EngineMove,
  type EnginePosition,
  type EngineScore,
  type MoveRequest,
  type RequestMoveOptions,
  engineBridge,
  positionKey,
  thinkTime,
} from './bridge';

export type {
  AnalysisLineAnswer,
  BookMove,
  ClockBudget,
  EngineMove,
  EngineProgress,
  EngineScore,
  RequestMoveOptions,
  AnalyseOptions,
} from './bridge';
export { EngineError, isEngineError } from './bridge';

/** What a move request wants of the engine, besides the position. */
export interface MoveAsk {
  /** A computer player: its settings, or a level's id. Without one the engine plays at full strength. */
  readonly level?: EngineLevel | string;
  /** Think time in milliseconds: overrides the level's (a hint thinks a fixed time). */
  readonly timeMs?: number;
  /** Seeds a level's noise, so a game replays the same. */
  readonly seed?: number;
  /** The engine's side's clock, when the game has one: the move then takes no more than its share. */
  readonly clock?: ClockBudget | null;
}

/** What an analysis wants: its whole time and how many of the best moves. */
export interface AnalysisAsk {
  readonly timeMs: number;
  readonly lines?: number;
}

/** The position a state is, as the engine is told it: the rules and the move list. */
export function enginePosition(state: GameState): EnginePosition {
  const { variant, size, tournamentRule } = state.rules;
  return {
    variant: variant.id,
    size,
    tournamentRule,
    moves: state.moves,
    ...(state.renju ? { renju: state.renju } : {}),
  };
}

/** The key the bridge checks an answer against, for a state's position. */
export const enginePositionKey = (state: GameState): string => positionKey(enginePosition(state));

/** A move request for `state`: every field of `ask` that is given, and nothing else. */
export function moveRequest(state: GameState, ask: MoveAsk): MoveRequest {
  const { level, timeMs, seed, clock } = ask;
  return {
    ...enginePosition(state),
    ...(level === undefined ? {} : { level }),
    ...(timeMs === undefined ? {} : { timeMs }),
    ...(seed === undefined ? {} : { seed }),
    ...(clock ? { clock } : {}),
  };
}

/** An analysis request for `state`. */
export function analysisRequest(state: GameState, ask: AnalysisAsk): AnalysisRequestInput {
  return { ...enginePosition(state), timeMs: ask.timeMs, ...(ask.lines === undefined ? {} : { lines: ask.lines }) };
}

/**
 * The most a move asked so may think, in milliseconds (the level's or asked time, shortened by the clock
 * as the engine shortens it), so the page can keep its own waits within it.
 */
export const moveThinkLimitMs = (ask: MoveAsk): number => {
  const { clock, ...limits } = ask;
  return thinkTime(clock ? { ...limits, clock } : limits).hardMs;
};

export interface EngineClient {
  /** The engine's move in `state` (a computer player's, or a hint). */
  move(state: GameState, ask: MoveAsk, options?: RequestMoveOptions): Promise<EngineMove>;
  /** The best moves in `state`, with their scores, win chances and lines. */
  analyse(state: GameState, ask: AnalysisAsk, options?: AnalyseOptions): Promise<AnalysisAnswer>;
  /** The openings book's moves in `state`; null when the engine has no book. */
  bookMoves(state: GameState, options?: { readonly signal?: AbortSignal }): Promise<readonly BookMove[] | null>;
}

/**
 * A forced result as a signed count of the winner's moves (positive: the side to move wins; negative: it
 * loses), as a stored analysis keeps it; null for an evaluation.
 */
export function forcedWinMoves(score: EngineScore): number | null {
  if (score.kind === 'win') return score.moves;
  if (score.kind === 'loss') return -score.moves;
  return null;
}

/** The ports: each screen takes only what it uses. */
export type MoveSource = Pick<EngineClient, 'move'>;
export type AnalysisSource = Pick<EngineClient, 'analyse'>;
export type BookSource = Pick<EngineClient, 'bookMoves'>;

/** What the client needs of the bridge (the page's EngineBridge; tests give a fake). */
export type EngineBackend = Pick<EngineBridge, 'requestMove' | 'analyse' | 'bookMoves'>;

/** A client over `backend`, a function so the page's bridge is made (and configured) on first use. */
export function engineClient(backend: () => EngineBackend): EngineClient {
  return {
    move: (state, ask, options) => backend().requestMove(moveRequest(state, ask), options),
    analyse: (state, ask, options) => backend().analyse(analysisRequest(state, ask), options),
    bookMoves: (state, options) => backend().bookMoves(enginePosition(state), options),
  };
}

/** The page's engine: the worker behind the page's bridge. */
export const pageEngine: EngineClient = engineClient(engineBridge);
