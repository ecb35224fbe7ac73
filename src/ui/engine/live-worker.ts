/**
 * What the bridge (bridge.ts) keeps of each engine worker it started, and of the call a worker is running.
 * Types only, over the worker's remote (`Remote`: Comlink's, which bridge.ts alone may name).
 */
import type { WorkerLike } from './bridge-options';
import type { EngineError } from './engine-error';

export interface LiveWorker<Remote> {
  readonly endpoint: WorkerLike;
  readonly remote: Remote;
  /** Resolves when the worker is terminated: a call it never answered is then over too. */
  readonly terminated: Promise<void>;
  readonly markTerminated: () => void;
  isTerminated: boolean;
  /** The job it is running or starting for, told when the worker fails. */
  job: { fail(error: EngineError): void } | null;
  /**
   * Resolves true once the worker has answered `ready()` and been given the book (or has stopped waiting
   * for its bytes); false if it failed to load, missed the start deadline or was terminated first.
   */
  started: Promise<boolean>;
  isStarted: boolean;
}

/** A call in a worker's hands. */
export interface RunningCall<Remote> {
  readonly worker: LiveWorker<Remote>;
  readonly stopFlag: Int32Array | undefined;
  /** Resolves when the call is over: answered, failed, or its worker terminated. */
  readonly ended: Promise<void>;
  answered: boolean;
}
