/**
 * What goes wrong with an engine request, as a value: an EngineError with a `kind` the UI turns into a
 * short notice (the words are the UI's: the messages here are for logs and tests).
 */
export type EngineErrorKind =
  /** The caller's signal fired, or a newer request replaced this one. */
  | 'aborted'
  /** The answer came for a position that is no longer current. */
  | 'stale'
  /** The worker failed (an error event, a message it could not read, or an exception in the search). */
  | 'crashed'
  /** The worker did not answer within its think time plus the margin. */
  | 'timeout'
  /** The worker refused the request (unknown level, illegal move list, finished game): a caller's bug. */
  | 'invalid'
  /**
   * The worker could not start: it could not be made, its script failed to load or threw as it loaded, or
   * it was not ready within the start deadline. The UI says "The computer could not start." and offers a
   * Retry, which starts a fresh worker.
   */
  | 'unavailable';

export class EngineError extends Error {
  override readonly name = 'EngineError';
  readonly kind: EngineErrorKind;

  constructor(kind: EngineErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

export const isEngineError = (error: unknown): error is EngineError => error instanceof EngineError;

export const COULD_NOT_START = 'The computer could not start.';

export const abortedError = (): EngineError => new EngineError('aborted', 'The request was aborted.');

/** An 'unavailable' error that says why, when there is a why. */
export const unavailableError = (why?: string): EngineError =>
  new EngineError('unavailable', why === undefined ? COULD_NOT_START : `${COULD_NOT_START} (${why})`);

export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));
