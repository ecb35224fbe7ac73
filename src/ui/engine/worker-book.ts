/**
 * The openings book and the engine's workers: handing it to each worker the bridge starts, and asking a
 * worker for the book's moves in a position.
 *
 * Asking a worker for the openings book's moves in a position (the book panel's data; the page does not
 * read the book itself). It is not a job: it neither replaces nor waits for a move request in the bridge.
 * It is posted at once and the worker, which reads its messages one at a time, answers it after any search
 * in progress (so it can wait up to a think time) and before any search asked later (a lookup takes well
 * under a millisecond, so a move request is not held up). If the worker is terminated under it (an abort),
 * it is asked again of the next worker, up to BOOK_QUERY_ATTEMPTS workers.
 *
 * The bridge hands it the workers (`open`): this module knows nothing of Comlink or the protocol.
 */
import { EngineError, abortedError, errorMessage, unavailableError } from './engine-error';

/** How many workers a book query is asked of before it gives up (each may be terminated by an abort). */
const BOOK_QUERY_ATTEMPTS = 3;

/** What a book query needs of a worker. */
export interface BookWorker<M> {
  /** True once the worker has started; false if it could not. */
  readonly started: Promise<boolean>;
  /** Resolves when the worker is terminated. */
  readonly terminated: Promise<void>;
  /** The lookup itself; rejects with the worker's error. */
  lookUp(): Promise<M>;
  /** Whether the worker refused the request (a bad position) rather than failed. */
  isRefusal(error: unknown): boolean;
}

/**
 * Asks the book of the workers `open` gives (the live one, or a fresh one). Rejects with an EngineError:
 * 'aborted' (the signal), 'invalid' (a refusal), 'unavailable' (no worker could start) or 'crashed'.
 */
export async function queryBook<M>(open: () => BookWorker<M>, signal: AbortSignal | undefined): Promise<M> {
  let aborted: () => void = () => undefined;
  const whenAborted = new Promise<'aborted'>((resolve) => {
    aborted = () => resolve('aborted');
    signal?.addEventListener('abort', aborted, { once: true });
  });
  try {
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted) throw abortedError();
      let worker: BookWorker<M>;
      try {
        worker = open();
      } catch (error) {
        throw unavailableError(errorMessage(error));
      }
      const started = await Promise.race([worker.started, whenAborted]);
      if (started === 'aborted') throw abortedError();
      if (!started) throw unavailableError();
      const call = worker.lookUp().then(
        (moves) => ({ moves }),
        (error: unknown) => ({ error }),
      );
      const outcome = await Promise.race([call, worker.terminated.then(() => 'terminated' as const), whenAborted]);
      if (outcome === 'aborted') throw abortedError();
      if (outcome === 'terminated') {
        if (attempt < BOOK_QUERY_ATTEMPTS) continue;
        throw new EngineError('crashed', 'The engine stopped before it could answer.');
      }
      if ('error' in outcome) {
        const { error } = outcome;
        // A failed lookup touches nothing the searches use, so the worker is kept.
        throw new EngineError(worker.isRefusal(error) ? 'invalid' : 'crashed', errorMessage(error));
      }
      return outcome.moves;
    }
  } finally {
    signal?.removeEventListener('abort', aborted);
  }
}

/**
 * Hands a new worker the openings book, waiting at most `waitMs` for its bytes: a slow load must not hold up
 * the first move, so the worker then starts without them and is given them when they come (a message read
 * after the search in progress). Posting copies the bytes (no transfer list), so the next worker can be
 * given them too. Never rejects: without a book the engine just plays without it.
 */
export function giveBook(options: {
  readonly loadBook: (() => Promise<ArrayBuffer | null>) | undefined;
  readonly waitMs: number;
  /** Posts the bytes to the worker (nothing once it is terminated). */
  readonly setBook: (bytes: ArrayBuffer) => Promise<void> | undefined;
}): Promise<void> {
  const { loadBook, waitMs, setBook } = options;
  if (!loadBook) return Promise.resolve();
  const given = loadBook()
    .then((bytes) => (bytes ? setBook(bytes) : undefined))
    .catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  return Promise.race([given, late]).then(() => clearTimeout(timer));
}
