/**
 * The one place on the page that owns the engine's worker (Squoosh-style): the rest of the UI asks for a
 * move with `requestMove` and never sees the Worker, Comlink or the transposition table.
 *
 * - The worker starts lazily, on the first request, and again after it has been terminated.
 * - One job at a time, latest wins: a new request aborts the one in flight (which rejects with
 *   'aborted'). A game only ever wants the engine's answer for the position on the board now, so waiting
 *   for an outdated search would only delay the one that matters.
 * - Every request takes an AbortSignal, and abort takes effect at once even in the middle of a long
 *   synchronous search: the promise rejects immediately and the worker is terminated (a fresh one starts
 *   next time). Where the page is cross-origin isolated, the bridge first sets a shared stop flag the search
 *   polls, which keeps the worker and its table, and terminates only if the search has not stopped within
 *   a short grace period.
 * - An answer carries the key of the position it was asked for; one that no longer matches, or that comes
 *   when the caller's `isCurrent()` says the position has moved on (undo, new game, leaving the game),
 *   rejects with 'stale', so a stale move can never be played.
 * - A worker that errors, or does not answer within its think time plus a margin, is terminated and the
 *   request rejects with 'crashed' or 'timeout'.
 *
 * Failures are EngineError values with a `kind` the UI can turn into a short notice.
 */
import * as Comlink from 'comlink';
import type {
  EngineAnswer,
  EngineProgress,
  EngineRequest,
  EngineWorkerApi,
  REQUEST_ERROR_NAME as WorkerRequestErrorName,
} from '../../workers/engine.worker';

export type { EngineAnswer, EngineProgress } from '../../workers/engine.worker';

/** What the UI asks: the rules, the move list and the engine's limits (the bridge adds the rest). */
export type MoveRequest = Omit<EngineRequest, 'key' | 'stopFlag'>;

/** An answer, with the key of the position it was asked for. */
export type EngineMove = EngineAnswer;

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
  | 'invalid';

export class EngineError extends Error {
  override readonly name = 'EngineError';
  readonly kind: EngineErrorKind;

  constructor(kind: EngineErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

export const isEngineError = (error: unknown): error is EngineError => error instanceof EngineError;

/** What the bridge needs of a worker: Comlink's endpoint, plus terminate. A real Worker is one. */
export interface WorkerLike extends Comlink.Endpoint {
  terminate(): void;
}

export interface EngineBridgeOptions {
  /** Makes a worker; tests pass a fake. */
  readonly createWorker?: () => WorkerLike;
  /** Whether SharedArrayBuffer may be used for a cooperative stop (default: the page's crossOriginIsolated). */
  readonly crossOriginIsolated?: boolean;
  /** After a cooperative stop, how long to wait for the search to stop before terminating the worker. */
  readonly stopGraceMs?: number;
  /** How long past its think time a worker may take to answer before it is deemed hung. */
  readonly hangMarginMs?: number;
  /**
   * The packed openings book, given to every worker the bridge starts before its first search (a worker
   * restarted after an abort or a crash gets it again). Null or a failure: the engine plays without it.
   */
  readonly loadBook?: () => Promise<ArrayBuffer | null>;
}

export interface RequestMoveOptions {
  readonly signal?: AbortSignal;
  /** Called after each completed search iteration, while the request is live and current. */
  readonly onProgress?: (progress: EngineProgress) => void;
  /** Asked when the answer arrives (and before the request starts): false turns the answer into 'stale'. */
  readonly isCurrent?: () => boolean;
}

export const DEFAULT_STOP_GRACE_MS = 150;
export const DEFAULT_HANG_MARGIN_MS = 3000;
/** The engine's think time when a request names neither a time nor a level (src/ai/engine.ts). */
const ENGINE_DEFAULT_TIME_MS = 1000;
/**
 * A level given by id: the page does not import the engine's level table, so the hang check allows the
 * slowest plausible level (Master thinks 3 s).
 */
const LEVEL_ID_TIME_CEILING_MS = 10_000;

/** Identifies a position: the rules and the move list. Two requests for the same position share it. */
export function positionKey(position: Pick<EngineRequest, 'variant' | 'size' | 'tournamentRule' | 'moves'>): string {
  return `${position.variant}/${position.size}/${position.tournamentRule ? 't' : 'f'}/${position.moves.join('.')}`;
}

/** How long the worker should take at most, from the request's limits. */
function thinkTimeMs(request: MoveRequest): number {
  if (request.timeMs !== undefined) return request.timeMs;
  if (typeof request.level === 'object') return request.level.timeMs;
  if (typeof request.level === 'string') return LEVEL_ID_TIME_CEILING_MS;
  return ENGINE_DEFAULT_TIME_MS;
}

/**
 * The name the worker gives a refused request's error. Only the worker's types may be imported here (a
 * value import would pull the worker's code into the page); the type keeps the two spellings equal.
 */
const REQUEST_ERROR_NAME: typeof WorkerRequestErrorName = 'EngineRequestError';

/** Vite bundles the worker into its own chunk from this exact `new Worker(new URL(...))` form. */
const createEngineWorker = (): WorkerLike =>
  new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' });

interface LiveWorker {
  readonly endpoint: WorkerLike;
  readonly remote: Comlink.Remote<EngineWorkerApi>;
  /** Resolves when the worker is terminated: a call it never answered is then over too. */
  readonly terminated: Promise<void>;
  readonly markTerminated: () => void;
  isTerminated: boolean;
  /** The job it is running, told when the worker fails. */
  job: Job | null;
  /** Settles once the openings book has been handed over (or could not be). */
  bookGiven: Promise<unknown>;
}

/** A call in a worker's hands. */
interface RunningCall {
  readonly worker: LiveWorker;
  readonly stopFlag: Int32Array | undefined;
  /** Resolves when the call is over: answered, failed, or its worker terminated. */
  readonly ended: Promise<void>;
  answered: boolean;
}

/**
 * What goes to the worker: only the fields it reads, built afresh so nothing else the caller's object
 * holds (a GameState, say) is cloned across.
 */
function wireRequest(request: MoveRequest, key: string, stopFlag: Int32Array | undefined): EngineRequest {
  const { variant, size, tournamentRule, moves, timeMs, depth, level, seed } = request;
  return {
    variant,
    size,
    tournamentRule,
    moves: [...moves],
    key,
    ...(timeMs === undefined ? {} : { timeMs }),
    ...(depth === undefined ? {} : { depth }),
    ...(level === undefined ? {} : { level: typeof level === 'string' ? level : { ...level } }),
    ...(seed === undefined ? {} : { seed }),
    ...(stopFlag ? { stopFlag } : {}),
  };
}

interface Job {
  settled: boolean;
  /** Rejects the caller's promise (once) and stops the worker if the job is on it. */
  fail(error: EngineError): void;
}

export class EngineBridge {
  private readonly createWorker: () => WorkerLike;
  private readonly cooperativeStop: boolean;
  private readonly stopGraceMs: number;
  private readonly hangMarginMs: number;
  private readonly loadBook: (() => Promise<ArrayBuffer | null>) | undefined;
  private worker: LiveWorker | null = null;
  /** The latest request, settled or not: a newer one aborts it. */
  private latest: Job | null = null;
  /** Resolves once the worker has no call in hand (its last call ended, or it was terminated). */
  private workerFree: Promise<void> = Promise.resolve();

  constructor(options: EngineBridgeOptions = {}) {
    this.createWorker = options.createWorker ?? createEngineWorker;
    this.cooperativeStop =
      (options.crossOriginIsolated ?? globalThis.crossOriginIsolated === true) &&
      typeof SharedArrayBuffer === 'function';
    this.stopGraceMs = options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS;
    this.hangMarginMs = options.hangMarginMs ?? DEFAULT_HANG_MARGIN_MS;
    this.loadBook = options.loadBook;
  }

  /** Whether a worker is running now (for tests and diagnostics). */
  get hasWorker(): boolean {
    return this.worker !== null;
  }

  /**
   * Asks the engine for a move in the request's position. Aborts any request still in flight. Rejects
   * with an EngineError: 'aborted', 'stale', 'crashed', 'timeout' or 'invalid'.
   */
  requestMove(request: MoveRequest, options: RequestMoveOptions = {}): Promise<EngineMove> {
    const { signal, onProgress, isCurrent } = options;
    // A request aborted before it was made changes nothing; any other replaces the one in flight.
    if (signal?.aborted) return Promise.reject(new EngineError('aborted', 'The request was aborted.'));
    this.latest?.fail(new EngineError('aborted', 'A newer request replaced this one.'));
    if (isCurrent && !isCurrent())
      return Promise.reject(new EngineError('stale', 'The position changed before the engine started.'));

    const key = positionKey(request);
    return new Promise<EngineMove>((resolve, reject) => {
      let hangTimer: ReturnType<typeof setTimeout> | undefined;
      /** Set once the call is in the worker's hands; until then failing just means not sending it. */
      let running: RunningCall | undefined;

      const finish = (): void => {
        job.settled = true;
        clearTimeout(hangTimer);
        signal?.removeEventListener('abort', onAbort);
        if (running && running.worker.job === job) running.worker.job = null;
      };
      const job: Job = {
        settled: false,
        fail: (error) => {
          if (job.settled) return;
          finish();
          reject(error);
          if (running && !running.answered) this.stopCall(running, error.kind);
        },
      };
      const onAbort = (): void => job.fail(new EngineError('aborted', 'The request was aborted.'));
      signal?.addEventListener('abort', onAbort, { once: true });
      this.latest = job;

      const start = async (): Promise<void> => {
        await this.workerFree;
        if (job.settled) return;
        const worker = this.liveWorker();
        await worker.bookGiven;
        if (job.settled) return;
        const stopFlag = this.cooperativeStop ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
        worker.job = job;
        const progress = onProgress
          ? Comlink.proxy((p: EngineProgress) => {
              if (!job.settled && (isCurrent?.() ?? true)) onProgress(p);
            })
          : undefined;
        const call = worker.remote.think(wireRequest(request, key, stopFlag), progress);
        const ended = Promise.race([call.then(noop, noop), worker.terminated]);
        running = { worker, stopFlag, ended, answered: false };
        this.workerFree = ended;
        hangTimer = setTimeout(
          () => job.fail(new EngineError('timeout', 'The engine did not answer in time.')),
          thinkTimeMs(request) + this.hangMarginMs,
        );
        let answer: EngineAnswer;
        try {
          answer = await call;
        } catch (error) {
          if (running) running.answered = true;
          const refused = error instanceof Error && error.name === REQUEST_ERROR_NAME;
          job.fail(new EngineError(refused ? 'invalid' : 'crashed', errorMessage(error)));
          // An exception inside the search leaves the engine in an unknown state: start afresh.
          if (!refused) this.terminate(worker);
          return;
        }
        if (running) running.answered = true;
        if (job.settled) return;
        if (answer.key !== key || (isCurrent && !isCurrent())) {
          job.fail(new EngineError('stale', 'The position changed while the engine was thinking.'));
          return;
        }
        finish();
        resolve(answer);
      };
      // Whatever start throws (no Worker support, a worker script that cannot be fetched) is a crash too.
      start().catch((error: unknown) => job.fail(new EngineError('crashed', errorMessage(error))));
    });
  }

  /** Stops everything: aborts the request in flight and terminates the worker. */
  dispose(): void {
    this.latest?.fail(new EngineError('aborted', 'The engine was shut down.'));
    if (this.worker) this.terminate(this.worker);
  }

  private liveWorker(): LiveWorker {
    if (this.worker && !this.worker.isTerminated) return this.worker;
    const endpoint = this.createWorker();
    let markTerminated = noop;
    const terminated = new Promise<void>((resolve) => (markTerminated = resolve));
    const worker: LiveWorker = {
      endpoint,
      remote: Comlink.wrap<EngineWorkerApi>(endpoint),
      terminated,
      markTerminated,
      isTerminated: false,
      job: null,
      bookGiven: Promise.resolve(),
    };
    const loadBook = this.loadBook;
    if (loadBook) {
      // Posting copies the bytes (no transfer list), so the next worker can be given them too.
      worker.bookGiven = loadBook()
        .then((bytes) => (bytes ? worker.remote.setBook(bytes) : undefined))
        .catch(() => undefined);
    }
    const onFailure = (event: Event): void => {
      // Comlink cannot answer from a worker that failed to load or threw outside a call: drop it.
      worker.job?.fail(new EngineError('crashed', `The engine stopped working (${event.type}).`));
      this.terminate(worker);
    };
    endpoint.addEventListener('error', onFailure);
    endpoint.addEventListener('messageerror', onFailure);
    this.worker = worker;
    return worker;
  }

  /** Ends a call in the worker: cooperatively where possible, otherwise (or failing that) by force. */
  private stopCall(call: RunningCall, reason: EngineErrorKind): void {
    // A hung or crashed worker cannot be asked to stop; an aborted search can.
    if (!call.stopFlag || reason === 'timeout' || reason === 'crashed') {
      this.terminate(call.worker);
      return;
    }
    Atomics.store(call.stopFlag, 0, 1);
    let ended = false;
    void call.ended.then(() => (ended = true));
    setTimeout(() => {
      if (!ended) this.terminate(call.worker);
    }, this.stopGraceMs);
  }

  private terminate(worker: LiveWorker): void {
    if (this.worker === worker) this.worker = null;
    if (worker.isTerminated) return;
    worker.isTerminated = true;
    worker.endpoint.terminate();
    worker.markTerminated();
  }
}

const noop = (): void => undefined;

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

let pageBridge: EngineBridge | undefined;
let pageOptions: EngineBridgeOptions = {};

/** Sets the options of the page's bridge (before its first use): the app gives it the book's loader. */
export function configureEngineBridge(options: EngineBridgeOptions): void {
  pageOptions = options;
}

/** The page's bridge, made on first use (it starts no worker until a move is requested). */
export function engineBridge(): EngineBridge {
  pageBridge ??= new EngineBridge(pageOptions);
  return pageBridge;
}

/** Asks the page's engine for a move: see EngineBridge.requestMove. */
export const requestMove = (request: MoveRequest, options?: RequestMoveOptions): Promise<EngineMove> =>
  engineBridge().requestMove(request, options);
