import { DEFAULT_HANG_MARGIN_MS, DEFAULT_SILENCE_MS } from './hang-watch';

/**
 * What the engine bridge is made with (tests pass fakes and short deadlines; the page passes its book
 * loader and threads: page-options.ts) and what every job it runs takes.
 */

/** What the bridge needs of a worker: a message endpoint (Comlink's), plus terminate. A real Worker is one. */
export interface WorkerLike {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: object): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: object): void;
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

export const DEFAULT_STOP_GRACE_MS = 150;
/** Ample for a module worker's script to load and parse on a slow phone, and well within 10 s. */
export const DEFAULT_START_DEADLINE_MS = 5000;
export const DEFAULT_BOOK_WAIT_MS = 2000;

/** The options with every default filled in. */
export interface BridgeSettings {
  readonly createWorker: () => WorkerLike;
  /** Whether an aborted search is stopped through a shared flag (SharedArrayBuffer) before terminating. */
  readonly cooperativeStop: boolean;
  readonly stopGraceMs: number;
  readonly hangMarginMs: number;
  readonly silenceMs: number;
  readonly now: () => number;
  readonly startDeadlineMs: number;
  readonly bookWaitMs: number;
  readonly loadBook: (() => Promise<ArrayBuffer | null>) | undefined;
}

export function bridgeSettings(options: EngineBridgeOptions, createEngineWorker: () => WorkerLike): BridgeSettings {
  const startDeadlineMs = options.startDeadlineMs ?? DEFAULT_START_DEADLINE_MS;
  return {
    createWorker: options.createWorker ?? createEngineWorker,
    cooperativeStop:
      (options.crossOriginIsolated ?? globalThis.crossOriginIsolated === true) &&
      typeof SharedArrayBuffer === 'function',
    stopGraceMs: options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS,
    hangMarginMs: options.hangMarginMs ?? DEFAULT_HANG_MARGIN_MS,
    silenceMs: options.silenceMs ?? DEFAULT_SILENCE_MS,
    now: options.now ?? Date.now,
    startDeadlineMs,
    bookWaitMs: Math.min(options.bookWaitMs ?? DEFAULT_BOOK_WAIT_MS, startDeadlineMs),
    loadBook: options.loadBook,
  };
}
