/**
 * One request's life on the page (a move or an analysis: a job), apart from the worker it runs on:
 *
 * - One job at a time, latest wins: a new request aborts the one in flight (which rejects with
 *   'aborted'). A game only ever wants the engine's answer for the position on the board now, so waiting
 *   for an outdated search would only delay the one that matters.
 * - Every request takes an AbortSignal, and abort takes effect at once even in the middle of a long
 *   synchronous search: the promise rejects immediately and the bridge stops the worker's call (`onFail`).
 * - An answer carries the key of the position it was asked for; one that no longer matches, or that comes
 *   when the caller's `isCurrent()` says the position has moved on (undo, new game, leaving the game),
 *   rejects with 'stale', so a stale move can never be played (`isStale`).
 */
import { type EngineError, abortedError } from './engine-error';

export class Job<A> {
  /** Whether the caller's promise has resolved or rejected: nothing the job does after counts. */
  settled = false;
  /** Told once when the job fails (after the caller's promise rejected): stops the worker's call if any. */
  onFail: ((error: EngineError) => void) | undefined;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly resolveCaller: (answer: A) => void,
    private readonly rejectCaller: (error: EngineError) => void,
    signal: AbortSignal | undefined,
  ) {
    const onAbort = (): void => this.fail(abortedError());
    signal?.addEventListener('abort', onAbort, { once: true });
    this.cleanups.push(() => signal?.removeEventListener('abort', onAbort));
  }

  /** Runs `cleanup` when the job settles. */
  onSettle(cleanup: () => void): void {
    this.cleanups.push(cleanup);
  }

  /** Rejects the caller's promise (once) and stops the worker's call (`onFail`). */
  fail(error: EngineError): void {
    if (!this.settle()) return;
    this.rejectCaller(error);
    this.onFail?.(error);
  }

  /** Resolves the caller's promise (once). */
  succeed(answer: A): void {
    if (this.settle()) this.resolveCaller(answer);
  }

  private settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    for (const cleanup of this.cleanups) cleanup();
    return true;
  }
}

/** Whether an answer is not for the position still wanted: it was asked for another, or the game moved on. */
export const isStale = (answerKey: string, key: string, isCurrent: (() => boolean) | undefined): boolean =>
  answerKey !== key || (isCurrent !== undefined && !isCurrent());
