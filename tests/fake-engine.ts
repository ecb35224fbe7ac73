/**
 * The one fake engine of the unit tests: it stands in for the engine client's ports (MoveSource and
 * AnalysisSource, src/ui/engine/client.ts), records each request as the client would send it, and answers
 * only when the test says so, so a test decides exactly when the computer's move or an analysis arrives,
 * or fails (`reject`). An aborted request rejects as the bridge does ('aborted').
 */
import { type GameState, parsePoint } from '../src/core';
import {
  type AnalyseOptions,
  type AnalysisAnswer,
  type AnalysisRequestInput,
  EngineError,
  type EngineMove,
  type MoveRequest,
} from '../src/ui/engine/bridge';
import {
  type AnalysisAsk,
  type AnalysisSource,
  type MoveAsk,
  type MoveSource,
  analysisRequest,
  moveRequest,
} from '../src/ui/engine/client';

/** A request waiting for the test's answer. */
export interface Pending<Request, Options, Answer> {
  readonly request: Request;
  readonly options: Options;
  readonly signal: AbortSignal | undefined;
  readonly resolve: (answer: Answer) => void;
  readonly reject: (error: unknown) => void;
}
export type PendingMove = Pending<MoveRequest, { signal?: AbortSignal }, EngineMove>;
export type PendingAnalysis = Pending<AnalysisRequestInput, AnalyseOptions, AnalysisAnswer> & {
  /** Answers with one line: the move 40, an even score and `winChance` (default one half). */
  answer(winChance?: number): void;
};

export class FakeEngine implements MoveSource, AnalysisSource {
  /** The move requests not answered yet, oldest first. */
  readonly calls: PendingMove[] = [];
  /** Every analysis asked for, answered or not, in order. */
  readonly analyses: PendingAnalysis[] = [];

  /** `size`: the board the tests name points on (answer('E5')). */
  constructor(private readonly size = 9) {}

  move(state: GameState, ask: MoveAsk, options: { signal?: AbortSignal } = {}): Promise<EngineMove> {
    return new Promise<EngineMove>((resolve, reject) => {
      const request = moveRequest(state, ask);
      this.calls.push({ request, options, signal: options.signal, resolve, reject });
      options.signal?.addEventListener('abort', () => reject(new EngineError('aborted', 'aborted')));
    });
  }

  analyse(state: GameState, ask: AnalysisAsk, options: AnalyseOptions = {}): Promise<AnalysisAnswer> {
    return new Promise<AnalysisAnswer>((resolve, reject) => {
      options.signal?.addEventListener('abort', () => reject(new EngineError('aborted', 'aborted')));
      this.analyses.push({
        request: analysisRequest(state, ask),
        options,
        signal: options.signal,
        resolve,
        reject,
        answer: (winChance = 0.5) =>
          resolve({
            key: '',
            nodes: 1,
            timeMs: 1,
            lines: [{ move: 40, score: { kind: 'eval', centiStones: 0 }, winChance, pv: [40], depth: 3 }],
          }),
      });
    });
  }

  /** Answers the oldest move request with the point `name` (say 'E5'), an even score, depth 1. */
  answer(name: string): void {
    const call = this.calls.shift();
    if (!call) throw new Error('The fake engine was asked for no move.');
    call.resolve({
      key: '',
      move: parsePoint(this.size, name)!,
      score: { kind: 'eval', centiStones: 0 },
      depth: 1,
      nodes: 1,
      timeMs: 1,
      pv: [],
      forced: false,
    });
  }
}
