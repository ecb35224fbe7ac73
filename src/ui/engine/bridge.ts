/**
 * The one place on the page that owns the engine's worker (Squoosh-style): the rest of the UI asks through
 * the engine client (client.ts, which speaks GameState) and never sees the Worker, Comlink or the
 * transposition table. What crosses to the worker is src/workers/protocol.ts's, the only module of
 * src/workers this one imports.
 *
 * - The worker starts lazily, on the first request, and again after it has been terminated. A worker
 *   must be ready within a start deadline (START_DEADLINE_MS): it answers a cheap `ready()` and is handed
 *   the openings book. A worker whose script cannot be fetched or throws as it loads (which may fire an
 *   `error` event, or nothing at all) is terminated, and the request rejects with 'unavailable' ("The
 *   computer could not start."); the next request starts a fresh worker, so a Retry works once the script
 *   is back.
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
 * - A worker that errors, or is hung, is terminated and the request rejects with 'crashed' or 'timeout';
 *   the next request starts a fresh worker. A searching worker says it is alive every HEARTBEAT_MS (from
 *   the search's own polls); past its answer's due time (its think time), a worker silent for a second
 *   (`silenceMs`) is hung, so a hang is reported about a second after the answer was due. One that keeps
 *   saying it is alive but overruns (a busy machine) is given up to a margin of a few seconds more
 *   (`answerDeadlineMs`): see `watchForHang`.
 * - `bookMoves` asks the worker for the openings book's moves in a position (the book panel's data; the
 *   page does not read the book itself). It is not a job: it neither replaces nor waits for a move request
 *   in the bridge. It is posted at once and the worker, which reads its messages one at a time, answers it
 *   after any search in progress (so it can wait up to a think time) and before any search asked later (a
 *   lookup takes well under a millisecond, so a move request is not held up). If the worker is terminated
 *   under it (an abort), it is asked again of the next worker.
 *
 * - Threads: where the page is cross-origin isolated (so SharedArrayBuffer works), a request asks the
 *   worker for the set number of search threads (`setThreads`, the Settings screen's "Computer's threads");
 *   the worker then starts helper workers of its own that share its transposition table (Lazy SMP,
 *   src/ai/smp.ts) and that end with it. Not isolated, or one thread: the worker searches alone. So this
 *   module still owns every engine worker: terminating the worker ends its helpers too.
 *
 * Failures are EngineError values with a `kind` the UI can turn into a short notice.
 */
import * as Comlink from 'comlink';
import {
  type AnalysisAnswer,
  type AnalysisLineAnswer,
  type AnalysisRequest,
  type BookMove,
  type BookRequest,
  type EngineAnswer,
  type EnginePosition,
  type EngineProgress,
  type EngineRequest,
  type EngineWorkerApi,
  clampThreads,
  isRequestError,
  thinkTime,
  wirePosition,
} from '../../workers/protocol';

export type {
  AnalysisAnswer,
  AnalysisLineAnswer,
  BookMove,
  BookRequest,
  ClockBudget,
  EngineAnswer,
  EnginePosition,
  EngineProgress,
  EngineScore,
  MoveTime,
} from '../../workers/protocol';
import { onEngineThreads, pageBridgeOptions } from './page-options';
/** How long a move request may think at most (see src/workers/protocol.ts). */
export { thinkTime } from '../../workers/protocol';

/** What the UI asks: the rules, the move list and the engine's limits (the bridge adds the rest). */
export type MoveRequest = Omit<EngineRequest, 'key' | 'stopFlag' | 'threads'>;

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
  /** How long past its think time a worker that is still alive may take to answer before it is deemed hung. */
  readonly hangMarginMs?: number;
  /** How long past its think time a worker may be silent (no heartbeat, no progress) before it is deemed hung. */
  readonly silenceMs?: number;
  /** The page's clock (default Date.now): only to tell a timer that fired late, on a busy page. */
  readonly now?: () => number;
  /** How long a new worker has to load, answer `ready()` and take the book before it is deemed unavailable. */
  readonly startDeadlineMs?: number;
  /**
   * How long a starting worker waits for the book's bytes (IndexedDB, or a fetch) before it starts without
   * them; they are handed over when they come. Kept under the start deadline, so a slow book never makes
   * the engine 'unavailable'.
   */
  readonly bookWaitMs?: number;
  /**
   * The packed openings book, given to every worker the bridge starts before its first search (a worker
   * restarted after an abort or a crash gets it again). Null or a failure: the engine plays without it.
   */
  readonly loadBook?: () => Promise<ArrayBuffer | null>;
  /** Search threads to ask for (default 1; used only where the page is cross-origin isolated). */
  readonly threads?: number;
}

/** What every job takes: an abort signal, progress reports, and a check that its position is still wanted. */
export interface JobOptions<P> {
  readonly signal?: AbortSignal;
  /** Called with the job's progress while it is live and current. */
  readonly onProgress?: (progress: P) => void;
  /** Asked when the answer arrives (and before the request starts): false turns the answer into 'stale'. */
  readonly isCurrent?: () => boolean;
}

/** A move request's options: progress is reported after each completed search iteration. */
export type RequestMoveOptions = JobOptions<EngineProgress>;

/** What the UI asks of an analysis: the position, the time, how many lines (the bridge adds the rest). */
export type AnalysisRequestInput = Omit<AnalysisRequest, 'key' | 'stopFlag'>;

/** An analysis's options: progress is every line known so far. */
export type AnalyseOptions = JobOptions<readonly AnalysisLineAnswer[]>;

export const DEFAULT_STOP_GRACE_MS = 150;
export const DEFAULT_HANG_MARGIN_MS = 3000;
/** Four heartbeats missed (HEARTBEAT_MS): a live search beats every 250 ms even on a slow phone. */
export const DEFAULT_SILENCE_MS = 1000;
/** A hang timer that fires this much later than asked ran on a busy page: its verdict waits a little. */
const LATE_TIMER_MS = 200;
const RECHECK_MS = 100;
/** Ample for a module worker's script to load and parse on a slow phone, and well within 10 s. */
export const DEFAULT_START_DEADLINE_MS = 5000;
export const DEFAULT_BOOK_WAIT_MS = 2000;
/** How many workers a book query is asked of before it gives up (each may be terminated by an abort). */
const BOOK_QUERY_ATTEMPTS = 3;
const COULD_NOT_START = 'The computer could not start.';
/** Identifies a position: the rules and the move list. Two requests for the same position share it. */
export function positionKey(position: EnginePosition): string {
  return `${position.variant}/${position.size}/${position.tournamentRule ? 't' : 'f'}/${position.moves.join('.')}`;
}

/**
 * How long after a move request reaches its worker the worker is deemed hung: the most the search may take
 * (the request's or level's think time, shortened by the clock as the engine shortens it: `thinkTime`)
 * plus the margin. So a search that hangs is reported `hangMarginMs` after its answer was due, whatever
 * the level, and a move on a short clock is not waited for longer than it may think.
 */
export function answerDeadlineMs(request: MoveRequest, hangMarginMs = DEFAULT_HANG_MARGIN_MS): number {
  return thinkTime(request).hardMs + hangMarginMs;
}

/**
 * Watches a worker's call for a hang. Until `dueMs` (its think time) it is never deemed hung. From then, it
 * is hung once a whole `silenceMs` passes with no sign of life (`alive()`: a heartbeat or progress); one
 * that keeps giving signs is hung only at `dueMs + marginMs`. Timers alone decide, except that a timer that
 * fired late (the page itself was busy, and the worker's messages may be queued behind it) checks again a
 * little later instead of judging at once, so a busy machine raises no false alarm.
 */
export function watchForHang(options: {
  readonly dueMs: number;
  readonly silenceMs: number;
  readonly marginMs: number;
  readonly now: () => number;
  readonly onHung: () => void;
}): { alive(): void; stop(): void } {
  const { dueMs, silenceMs, marginMs, now, onHung } = options;
  let heard = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** How far past the start the timers have run (as asked, not as the clock says). */
  let elapsed = 0;
  const after = (ms: number, then: () => void): void => {
    const at = now() + ms;
    timer = setTimeout(() => {
      elapsed += ms;
      if (now() - at > LATE_TIMER_MS) timer = setTimeout(then, RECHECK_MS);
      else then();
    }, ms);
  };
  const judge = (): void => {
    if (!heard) return onHung();
    heard = false;
    const left = dueMs + marginMs - elapsed;
    if (left <= silenceMs) after(left, onHung);
    else after(silenceMs, judge);
  };
  after(dueMs, () => {
    heard = false; // only signs given past the due time count
    after(Math.min(silenceMs, marginMs), judge);
  });
  return {
    alive: () => void (heard = true),
    stop: () => clearTimeout(timer),
  };
}

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
  /** The job it is running or starting for, told when the worker fails. */
  job: Job | null;
  /**
   * Resolves true once the worker has answered `ready()` and been given the book (or has stopped waiting
   * for its bytes); false if it failed to load, missed the start deadline or was terminated first.
   */
  started: Promise<boolean>;
  isStarted: boolean;
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
 * holds is cloned across.
 */
function wireRequest(
  request: MoveRequest,
  key: string,
  stopFlag: Int32Array | undefined,
  threads: number,
): EngineRequest {
  const { timeMs, clock, depth, level, seed } = request;
  return {
    ...wirePosition(request),
    key,
    ...(timeMs === undefined ? {} : { timeMs }),
    ...(clock === undefined ? {} : { clock: { remainingMs: clock.remainingMs, incrementMs: clock.incrementMs } }),
    ...(depth === undefined ? {} : { depth }),
    ...(level === undefined ? {} : { level: typeof level === 'string' ? level : { ...level } }),
    ...(seed === undefined ? {} : { seed }),
    ...(stopFlag ? { stopFlag } : {}),
    ...(threads > 1 ? { threads } : {}),
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
  private readonly silenceMs: number;
  private readonly now: () => number;
  private readonly startDeadlineMs: number;
  private readonly bookWaitMs: number;
  private readonly loadBook: (() => Promise<ArrayBuffer | null>) | undefined;
  private threads: number;
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
    this.silenceMs = options.silenceMs ?? DEFAULT_SILENCE_MS;
    this.now = options.now ?? Date.now;
    this.startDeadlineMs = options.startDeadlineMs ?? DEFAULT_START_DEADLINE_MS;
    this.bookWaitMs = Math.min(options.bookWaitMs ?? DEFAULT_BOOK_WAIT_MS, this.startDeadlineMs);
    this.loadBook = options.loadBook;
    this.threads = 1;
    this.setThreads(options.threads ?? 1);
  }

  /**
   * Sets how many search threads the next requests ask for (clamped to 1–MAX_THREADS). Without cross-origin
   * isolation there is no shared memory for helpers, so it stays 1.
   */
  setThreads(threads: number): void {
    this.threads = this.cooperativeStop ? clampThreads(threads) : 1;
  }

  /** The search threads a request asks for now (for tests and diagnostics). */
  get searchThreads(): number {
    return this.threads;
  }

  /** Whether a worker is running now (for tests and diagnostics). */
  get hasWorker(): boolean {
    return this.worker !== null;
  }

  /**
   * Asks the engine for a move in the request's position. Aborts any request still in flight. Rejects
   * with an EngineError: 'aborted', 'stale', 'crashed', 'timeout', 'invalid' or 'unavailable'.
   */
  requestMove(request: MoveRequest, options: RequestMoveOptions = {}): Promise<EngineMove> {
    const key = positionKey(request);
    return this.runJob(key, thinkTime(request).hardMs, options, (remote, stopFlag, progress, alive) =>
      remote.think(wireRequest(request, key, stopFlag, this.threads), progress, alive),
    );
  }

  /**
   * Analyses a position: its best moves with their scores, win chances and lines. A job like a move
   * request (see the module comment): it replaces the one in flight, and a newer request replaces it.
   * `onProgress` gets every line known so far, as they are found and deepened.
   */
  analyse(request: AnalysisRequestInput, options: AnalyseOptions = {}): Promise<AnalysisAnswer> {
    const key = positionKey(request);
    const { timeMs, lines } = request;
    return this.runJob(key, timeMs, options, (remote, stopFlag, progress, alive) =>
      remote.analyse(
        {
          ...wirePosition(request),
          timeMs,
          key,
          ...(lines === undefined ? {} : { lines }),
          ...(stopFlag ? { stopFlag } : {}),
        },
        progress,
        alive,
      ),
    );
  }

  /**
   * Runs one job on the worker: `call` makes the worker call once the worker has started, whose answer is
   * due `dueMs` after it is made (watched for a hang from then: `watchForHang`). Aborts any job still in flight; rejects with an EngineError
   * ('aborted', 'stale', 'crashed', 'timeout', 'invalid' or 'unavailable').
   */
  private runJob<A extends { readonly key: string }, P>(
    key: string,
    dueMs: number,
    options: JobOptions<P>,
    call: (
      remote: Comlink.Remote<EngineWorkerApi>,
      stopFlag: Int32Array | undefined,
      progress: ((p: P) => void) | undefined,
      alive: () => void,
    ) => Promise<A>,
  ): Promise<A> {
    const { signal, onProgress, isCurrent } = options;
    // A request aborted before it was made changes nothing; any other replaces the one in flight.
    if (signal?.aborted) return Promise.reject(new EngineError('aborted', 'The request was aborted.'));
    this.latest?.fail(new EngineError('aborted', 'A newer request replaced this one.'));
    if (isCurrent && !isCurrent())
      return Promise.reject(new EngineError('stale', 'The position changed before the engine started.'));

    return new Promise<A>((resolve, reject) => {
      let hangWatch: { alive(): void; stop(): void } | undefined;
      /** Set once the call is in the worker's hands; until then failing just means not sending it. */
      let running: RunningCall | undefined;
      /** The worker the job is starting or running on, which tells it if it fails. */
      let attached: LiveWorker | undefined;

      const finish = (): void => {
        job.settled = true;
        hangWatch?.stop();
        signal?.removeEventListener('abort', onAbort);
        if (attached?.job === job) attached.job = null;
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
        let worker: LiveWorker;
        try {
          worker = this.liveWorker();
        } catch (error) {
          // No Worker support, or a script URL the browser refuses outright.
          job.fail(new EngineError('unavailable', `${COULD_NOT_START} (${errorMessage(error)})`));
          return;
        }
        attached = worker;
        worker.job = job;
        // Bounded by the worker's start deadline: a worker that never loads is terminated, and this is false.
        const started = await worker.started;
        if (job.settled) return;
        if (!started) {
          job.fail(new EngineError('unavailable', COULD_NOT_START));
          return;
        }
        if (worker.isTerminated) {
          job.fail(new EngineError('crashed', 'The engine stopped working.'));
          return;
        }
        const stopFlag = this.cooperativeStop ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
        const progress = Comlink.proxy((p: P) => {
          hangWatch?.alive();
          if (onProgress && !job.settled && (isCurrent?.() ?? true)) onProgress(p);
        });
        const alive = Comlink.proxy(() => hangWatch?.alive());
        const pending = call(worker.remote, stopFlag, progress, alive);
        const ended = Promise.race([pending.then(noop, noop), worker.terminated]);
        running = { worker, stopFlag, ended, answered: false };
        this.workerFree = ended;
        hangWatch = watchForHang({
          dueMs,
          silenceMs: this.silenceMs,
          marginMs: this.hangMarginMs,
          now: this.now,
          onHung: () => job.fail(new EngineError('timeout', 'The engine did not answer in time.')),
        });
        let answer: A;
        try {
          answer = await pending;
        } catch (error) {
          if (running) running.answered = true;
          const refused = isRequestError(error);
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

  /**
   * The openings book's moves in a position (see the module comment for how it shares the worker): null
   * when the engine has no book. Rejects with an EngineError: 'aborted' (the signal), 'invalid' (a bad
   * position), 'unavailable' (no worker could start) or 'crashed'.
   */
  async bookMoves(
    request: BookRequest,
    options: { readonly signal?: AbortSignal } = {},
  ): Promise<readonly BookMove[] | null> {
    const { signal } = options;
    const wire = wirePosition(request);
    let aborted: () => void = noop;
    const whenAborted = new Promise<'aborted'>((resolve) => {
      aborted = () => resolve('aborted');
      signal?.addEventListener('abort', aborted, { once: true });
    });
    try {
      for (let attempt = 1; ; attempt++) {
        if (signal?.aborted) throw new EngineError('aborted', 'The request was aborted.');
        let worker: LiveWorker;
        try {
          worker = this.liveWorker();
        } catch (error) {
          throw new EngineError('unavailable', `${COULD_NOT_START} (${errorMessage(error)})`);
        }
        const started = await Promise.race([worker.started, whenAborted]);
        if (started === 'aborted') throw new EngineError('aborted', 'The request was aborted.');
        if (!started) throw new EngineError('unavailable', COULD_NOT_START);
        const call = worker.remote.bookMoves(wire).then(
          (moves) => ({ moves }),
          (error: unknown) => ({ error }),
        );
        const outcome = await Promise.race([call, worker.terminated.then(() => 'terminated' as const), whenAborted]);
        if (outcome === 'aborted') throw new EngineError('aborted', 'The request was aborted.');
        if (outcome === 'terminated') {
          if (attempt < BOOK_QUERY_ATTEMPTS) continue;
          throw new EngineError('crashed', 'The engine stopped before it could answer.');
        }
        if ('error' in outcome) {
          const { error } = outcome;
          const refused = isRequestError(error);
          // A failed lookup touches nothing the searches use, so the worker is kept.
          throw new EngineError(refused ? 'invalid' : 'crashed', errorMessage(error));
        }
        return outcome.moves;
      }
    } finally {
      signal?.removeEventListener('abort', aborted);
    }
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
      started: Promise.resolve(false),
      isStarted: false,
    };
    // Messages are read in order: ready() first, then the book, then whatever a job posts once started.
    const ready = worker.remote.ready();
    const bookGiven = this.giveBook(worker);
    const deadline = setTimeout(() => this.failStart(worker, 'it was not ready in time'), this.startDeadlineMs);
    worker.started = Promise.race([
      Promise.all([ready, bookGiven]).then(() => !worker.isTerminated),
      terminated.then(() => false),
    ]).then(
      (started) => {
        clearTimeout(deadline);
        worker.isStarted = started;
        return started;
      },
      () => false,
    );
    const onFailure = (event: Event): void => {
      if (!worker.isStarted) {
        // A script that 404s or throws as it loads: Comlink would wait for ready() forever.
        this.failStart(worker, `it failed to load (${event.type})`);
        return;
      }
      // Comlink cannot answer from a worker that threw outside a call: drop it.
      worker.job?.fail(new EngineError('crashed', `The engine stopped working (${event.type}).`));
      this.terminate(worker);
    };
    endpoint.addEventListener('error', onFailure);
    endpoint.addEventListener('messageerror', onFailure);
    this.worker = worker;
    return worker;
  }

  /** A worker that did not start: its job rejects with 'unavailable', and the next request makes a new one. */
  private failStart(worker: LiveWorker, why: string): void {
    if (worker.isStarted || worker.isTerminated) return;
    worker.job?.fail(new EngineError('unavailable', `${COULD_NOT_START} (${why})`));
    this.terminate(worker);
  }

  /**
   * Hands a new worker the openings book, waiting at most bookWaitMs for its bytes: a slow load must not
   * hold up the first move, so the worker then starts without them and is given them when they come (a
   * message read after the search in progress). Posting copies the bytes (no transfer list), so the next
   * worker can be given them too. Never rejects: without a book the engine just plays without it.
   */
  private giveBook(worker: LiveWorker): Promise<void> {
    const loadBook = this.loadBook;
    if (!loadBook) return Promise.resolve();
    const given = loadBook()
      .then((bytes) => (bytes && !worker.isTerminated ? worker.remote.setBook(bytes) : undefined))
      .catch(() => undefined);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.bookWaitMs)));
    return Promise.race([given, late]).then(() => clearTimeout(timer));
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

/** The page's bridge, made on first use with the options main.tsx set (it starts no worker until a move is requested). */
export function engineBridge(): EngineBridge {
  if (!pageBridge) {
    const bridge = new EngineBridge(pageBridgeOptions());
    onEngineThreads((threads) => bridge.setThreads(threads));
    pageBridge = bridge;
  }
  return pageBridge;
}
