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
 * - One job at a time, latest wins; abort takes effect at once; a stale answer is never played (job.ts).
 *   Where the page is cross-origin isolated, an aborted search is stopped by a shared stop flag it polls,
 *   which keeps the worker and its table; otherwise, or if it has not stopped within a short grace
 *   period, the worker is terminated (a fresh one starts next time).
 * - A worker that errors, or is hung, is terminated and the request rejects with 'crashed' or 'timeout';
 *   the next request starts a fresh worker. A searching worker says it is alive every HEARTBEAT_MS; how
 *   long it may be silent or overrun is hang-watch.ts's to judge.
 * - `bookMoves` asks the worker for the openings book's moves in a position (worker-book.ts): not a job, it
 *   shares the worker with the move requests without replacing or waiting for them.
 *
 * - Threads: where the page is cross-origin isolated (so SharedArrayBuffer works), a request asks the
 *   worker for the set number of search threads (`setThreads`, the Settings screen's "Computer's threads");
 *   the worker then starts helper workers of its own that share its transposition table (Lazy SMP,
 *   src/ai/smp.ts) and that end with it. Not isolated, or one thread: the worker searches alone. So this
 *   module still owns every engine worker: terminating the worker ends its helpers too.
 *
 * Failures are EngineError values (engine-error.ts) with a `kind` the UI can turn into a short notice. The
 * bridge's options and the jobs' options are bridge-options.ts's. Those siblings import neither Comlink nor
 * the protocol: this module alone does.
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
  renjuKey,
  thinkTime,
  wireAnalysisRequest,
  wireMoveRequest,
  wirePosition,
} from '../../workers/protocol';

import { giveBook, queryBook } from './worker-book';
import {
  type BridgeSettings,
  type EngineBridgeOptions,
  type JobOptions,
  type WorkerLike,
  bridgeSettings,
} from './bridge-options';
import { EngineError, type EngineErrorKind, abortedError, errorMessage, unavailableError } from './engine-error';
import { Job, isStale } from './job';
import { DEFAULT_HANG_MARGIN_MS, type HangWatch, watchForHang } from './hang-watch';
import { onEngineThreads, pageBridgeOptions } from './page-options';
import type { LiveWorker as LiveWorkerOf, RunningCall as RunningCallOf } from './live-worker';

type LiveWorker = LiveWorkerOf<Comlink.Remote<EngineWorkerApi>>;
type RunningCall = RunningCallOf<Comlink.Remote<EngineWorkerApi>>;

export type { EngineBridgeOptions, JobOptions, WorkerLike } from './bridge-options';
export { EngineError, type EngineErrorKind, isEngineError } from './engine-error';
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
/** How long a move request may think at most (see src/workers/protocol.ts). */
export { thinkTime } from '../../workers/protocol';

/** What the UI asks: the rules, the move list and the engine's limits (the bridge adds the rest). */
export type MoveRequest = Omit<EngineRequest, 'key' | 'stopFlag' | 'threads'>;

/** An answer, with the key of the position it was asked for. */
export type EngineMove = EngineAnswer;

/** A move request's options: progress is reported after each completed search iteration. */
export type RequestMoveOptions = JobOptions<EngineProgress>;

/** What the UI asks of an analysis: the position, the time, how many lines (the bridge adds the rest). */
export type AnalysisRequestInput = Omit<AnalysisRequest, 'key' | 'stopFlag'>;

/** An analysis's options: progress is every line known so far. */
export type AnalyseOptions = JobOptions<readonly AnalysisLineAnswer[]>;

/** Identifies a position: the rules and the move list. Two requests for the same position share it. */
export function positionKey(position: EnginePosition): string {
  const { variant, size, tournamentRule, moves, renju } = position;
  return `${variant}/${size}/${tournamentRule ? 't' : 'f'}/${moves.join('.')}${renjuKey(renju)}`;
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

/** Vite bundles the worker into its own chunk from this exact `new Worker(new URL(...))` form. */
const createEngineWorker = (): WorkerLike =>
  new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module', name: 'engine' });

export class EngineBridge {
  private readonly settings: BridgeSettings;
  private threads: number;
  private worker: LiveWorker | null = null;
  /** The latest request, settled or not: a newer one aborts it (job.ts). */
  private latest: { fail(error: EngineError): void } | null = null;
  /** Resolves once the worker has no call in hand (its last call ended, or it was terminated). */
  private workerFree: Promise<void> = Promise.resolve();

  constructor(options: EngineBridgeOptions = {}) {
    this.settings = bridgeSettings(options, createEngineWorker);
    this.threads = 1;
    this.setThreads(options.threads ?? 1);
  }

  /**
   * Sets how many search threads the next requests ask for (clamped to 1–MAX_THREADS). Without cross-origin
   * isolation there is no shared memory for helpers, so it stays 1.
   */
  setThreads(threads: number): void {
    this.threads = this.settings.cooperativeStop ? clampThreads(threads) : 1;
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
      remote.think(wireMoveRequest(request, key, stopFlag, this.threads), progress, alive),
    );
  }

  /**
   * Analyses a position: its best moves with their scores, win chances and lines. A job like a move
   * request (see the module comment): it replaces the one in flight, and a newer request replaces it.
   * `onProgress` gets every line known so far, as they are found and deepened.
   */
  analyse(request: AnalysisRequestInput, options: AnalyseOptions = {}): Promise<AnalysisAnswer> {
    const key = positionKey(request);
    return this.runJob(key, request.timeMs, options, (remote, stopFlag, progress, alive) =>
      remote.analyse(wireAnalysisRequest(request, key, stopFlag), progress, alive),
    );
  }

  /**
   * Runs one job on the worker: `call` makes the worker call once the worker has started, whose answer is
   * due `dueMs` after it is made (watched for a hang from then: `watchForHang`). Aborts any job still in
   * flight; rejects with an EngineError ('aborted', 'stale', 'crashed', 'timeout', 'invalid' or 'unavailable').
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
    if (signal?.aborted) return Promise.reject(abortedError());
    this.latest?.fail(new EngineError('aborted', 'A newer request replaced this one.'));
    if (isCurrent && !isCurrent())
      return Promise.reject(new EngineError('stale', 'The position changed before the engine started.'));

    return new Promise<A>((resolve, reject) => {
      const job = new Job<A>(resolve, reject, signal);
      let hangWatch: HangWatch | undefined;
      /** Set once the call is in the worker's hands; until then failing just means not sending it. */
      let running: RunningCall | undefined;
      job.onSettle(() => hangWatch?.stop());
      job.onFail = (error) => {
        if (running && !running.answered) this.stopCall(running, error.kind);
      };
      this.latest = job;

      const start = async (): Promise<void> => {
        await this.workerFree;
        if (job.settled) return;
        let worker: LiveWorker;
        try {
          worker = this.liveWorker();
        } catch (error) {
          // No Worker support, or a script URL the browser refuses outright.
          job.fail(unavailableError(errorMessage(error)));
          return;
        }
        worker.job = job;
        job.onSettle(() => {
          if (worker.job === job) worker.job = null;
        });
        // Bounded by the worker's start deadline: a worker that never loads is terminated, and this is false.
        const started = await worker.started;
        if (job.settled) return;
        if (!started) {
          job.fail(unavailableError());
          return;
        }
        if (worker.isTerminated) {
          job.fail(new EngineError('crashed', 'The engine stopped working.'));
          return;
        }
        const stopFlag = this.settings.cooperativeStop ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
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
          silenceMs: this.settings.silenceMs,
          marginMs: this.settings.hangMarginMs,
          now: this.settings.now,
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
        if (isStale(answer.key, key, isCurrent))
          job.fail(new EngineError('stale', 'The position changed while the engine was thinking.'));
        else job.succeed(answer);
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
  bookMoves(
    request: BookRequest,
    options: { readonly signal?: AbortSignal } = {},
  ): Promise<readonly BookMove[] | null> {
    const wire = wirePosition(request);
    return queryBook(() => {
      const worker = this.liveWorker();
      return {
        started: worker.started,
        terminated: worker.terminated,
        lookUp: () => worker.remote.bookMoves(wire),
        isRefusal: isRequestError,
      };
    }, options.signal);
  }

  /** Stops everything: aborts the request in flight and terminates the worker. */
  dispose(): void {
    this.latest?.fail(new EngineError('aborted', 'The engine was shut down.'));
    if (this.worker) this.terminate(this.worker);
  }

  private liveWorker(): LiveWorker {
    if (this.worker && !this.worker.isTerminated) return this.worker;
    const endpoint = this.settings.createWorker();
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
    const bookGiven = giveBook({
      loadBook: this.settings.loadBook,
      waitMs: this.settings.bookWaitMs,
      setBook: (bytes) => (worker.isTerminated ? undefined : worker.remote.setBook(bytes)),
    });
    const deadline = setTimeout(
      () => this.failStart(worker, 'it was not ready in time'),
      this.settings.startDeadlineMs,
    );
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
    worker.job?.fail(unavailableError(why));
    this.terminate(worker);
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
    }, this.settings.stopGraceMs);
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
