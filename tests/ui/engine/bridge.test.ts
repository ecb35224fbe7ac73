/**
 * The engine bridge with a fake worker: a MessageChannel whose far port exposes a fake engine with
 * Comlink, so the bridge speaks real Comlink messages but the "search" is whatever a test makes it.
 * Then the bridge and the real worker module together, the "worker" being a MessageChannel in this thread.
 */
import { readFileSync } from 'node:fs';
import * as Comlink from 'comlink';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LEVELS, isLegal, replay } from '../../../src/core';
import { COMPUTER_LIMITS } from '../../../src/storage';
import { moveTime } from '../../../src/ai/timeman';
import { DEFAULT_BOOK_WAIT_MS, DEFAULT_START_DEADLINE_MS } from '../../../src/ui/engine/bridge-options';
import { DEFAULT_HANG_MARGIN_MS, DEFAULT_SILENCE_MS, watchForHang } from '../../../src/ui/engine/hang-watch';
import {
  type BookMove,
  EngineBridge,
  type EngineBridgeOptions,
  EngineError,
  type EngineErrorKind,
  answerDeadlineMs,
  type MoveRequest,
  type WorkerLike,
  positionKey,
} from '../../../src/ui/engine/bridge';
import type {
  AnalysisAnswer,
  AnalysisRequest,
  BookRequest,
  EngineAnswer,
  EngineProgress,
  EngineRequest,
  EngineWorkerApi,
} from '../../../src/workers/protocol';

/** A think call the fake engine has received; the test decides when (and whether) it is answered. */
interface PendingThink {
  readonly request: EngineRequest;
  readonly onProgress: ((p: EngineProgress) => void) | undefined;
  /** The worker's heartbeat to the page (a Comlink proxy). */
  readonly onAlive: (() => void) | undefined;
  answer(overrides?: Partial<EngineAnswer>): void;
  refuse(error: Error): void;
}

/**
 * How a fake worker's script loads: 'ok', 'never' (it never runs: nothing answers, no event, as a fetch
 * that stalls), 'error' (an error event just after it is made, as a 404 or a throw at load), or
 * 'book-hangs' (it loads, but never finishes taking the book).
 */
type LoadBehaviour = 'ok' | 'never' | 'error' | 'book-hangs';

/** A book query the fake engine has received; the test decides when (and whether) it is answered. */
interface PendingBookQuery {
  readonly request: BookRequest;
  answer(moves: readonly BookMove[] | null): void;
  refuse(error: Error): void;
}

/** An analysis call the fake engine has received. */
interface PendingAnalysis {
  readonly request: AnalysisRequest;
  answer(): void;
  refuse(error: Error): void;
}

class FakeWorker implements WorkerLike {
  readonly calls: PendingThink[] = [];
  readonly bookQueries: PendingBookQuery[] = [];
  readonly analyses: PendingAnalysis[] = [];
  /** What reached the fake engine, in order: 'book:<bytes>', 'think' or 'bookMoves'. */
  readonly log: string[] = [];
  terminated = false;
  private readonly events = new EventTarget();
  private readonly page: MessagePort;
  private readonly engineSide: MessagePort;

  constructor(load: LoadBehaviour = 'ok') {
    const channel = new MessageChannel();
    this.page = channel.port1;
    this.engineSide = channel.port2;
    const calls = this.calls;
    const bookQueries = this.bookQueries;
    const analyses = this.analyses;
    const log = this.log;
    const engine: EngineWorkerApi = {
      ready: () => true,
      // Comlink awaits a returned promise, so the fake's "search" lasts until the test settles it.
      think: (request, onProgress, onAlive) =>
        new Promise<EngineAnswer>((resolve, reject) => {
          log.push('think');
          calls.push({
            request,
            onProgress,
            onAlive,
            answer: (overrides = {}) =>
              resolve({
                key: request.key ?? '',
                move: 180,
                score: { kind: 'eval', centiStones: 25 },
                depth: 4,
                nodes: 1000,
                timeMs: 12,
                pv: [180],
                forced: false,
                ...overrides,
              }),
            refuse: reject,
          });
        }) as unknown as EngineAnswer,
      analyse: (request) =>
        new Promise<AnalysisAnswer>((resolve, reject) => {
          log.push('analyse');
          analyses.push({
            request,
            answer: () =>
              resolve({
                key: request.key ?? '',
                lines: [{ move: 180, score: { kind: 'eval', centiStones: 25 }, winChance: 0.53, pv: [180], depth: 4 }],
                nodes: 1000,
                timeMs: 12,
              }),
            refuse: reject,
          });
        }) as unknown as AnalysisAnswer,
      newGame: () => undefined,
      setBook: (bytes) => {
        if (load === 'book-hangs') return new Promise<never>(() => undefined) as unknown as void;
        log.push(`book:${bytes.byteLength}`);
      },
      bookMoves: (request) =>
        new Promise<readonly BookMove[] | null>((resolve, reject) => {
          log.push('bookMoves');
          bookQueries.push({ request, answer: resolve, refuse: reject });
        }) as unknown as readonly BookMove[] | null,
    };
    if (load === 'ok' || load === 'book-hangs') Comlink.expose(engine, this.engineSide);
    // After the bridge has had the chance to listen, as a real worker's load error comes after `new Worker`.
    if (load === 'error') setImmediate(() => this.emit('error'));
  }

  postMessage(message: unknown, transfer?: Transferable[]): void {
    if (this.terminated) return; // like a real worker: messages to a terminated worker vanish
    this.page.postMessage(message, transfer ?? []);
  }

  addEventListener(type: string, listener: EventListenerOrEventListenerObject): void {
    if (type === 'message') this.page.addEventListener(type, listener);
    else this.events.addEventListener(type, listener);
  }

  removeEventListener(type: string, listener: EventListenerOrEventListenerObject): void {
    if (type === 'message') this.page.removeEventListener(type, listener);
    else this.events.removeEventListener(type, listener);
  }

  start(): void {
    this.page.start();
  }

  terminate(): void {
    this.terminated = true;
    this.close();
  }

  /** Simulates the worker failing outside any call (its script threw, or a message could not be read). */
  emit(type: 'error' | 'messageerror'): void {
    this.events.dispatchEvent(new Event(type));
  }

  close(): void {
    this.page.close();
    this.engineSide.close();
  }
}

const workers: FakeWorker[] = [];

/** A bridge whose n-th worker loads as `loads[n]` says (default: 'ok'). */
function makeBridge(
  options: Omit<EngineBridgeOptions, 'createWorker'> = {},
  loads: readonly LoadBehaviour[] = [],
): EngineBridge {
  return new EngineBridge({
    crossOriginIsolated: false,
    ...options,
    createWorker: () => {
      const worker = new FakeWorker(loads[workers.length]);
      workers.push(worker);
      return worker;
    },
  });
}

/** The worker made n-th (0-based), once it exists. */
function workerAt(index: number): FakeWorker {
  const worker = workers[index];
  if (!worker) throw new Error(`No worker #${index} (${workers.length} made).`);
  return worker;
}

/** Waits (on real messages) until the n-th worker exists and has received its `callIndex`-th think call. */
async function thinkCall(workerIndex: number, callIndex = 0): Promise<PendingThink> {
  return vi.waitFor(
    () => {
      const call = workerAt(workerIndex).calls[callIndex];
      if (!call) throw new Error(`Worker #${workerIndex} has no think call #${callIndex} yet.`);
      return call;
    },
    { interval: 1, timeout: 2000 },
  );
}

/**
 * Waits on real messages (setImmediate, which the fake timers below leave alone) until `check` passes,
 * without moving fake time on as vi.waitFor would.
 */
async function untilTrue<T>(check: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 2000; i++) {
    const value = check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`Gave up waiting for ${what}.`);
}

const arrivedThink = (workerIndex: number, callIndex = 0): Promise<PendingThink> =>
  untilTrue(() => workers[workerIndex]?.calls[callIndex], `think call #${callIndex} on worker #${workerIndex}`);

const arrivedBookQuery = (workerIndex: number, index = 0): Promise<PendingBookQuery> =>
  untilTrue(() => workers[workerIndex]?.bookQueries[index], `book query #${index} on worker #${workerIndex}`);

async function rejectionKind(promise: Promise<unknown>): Promise<EngineErrorKind> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof EngineError) return error.kind;
    throw error;
  }
  throw new Error('The request resolved; a rejection was expected.');
}

/** Settles within the current turn of the event loop's microtasks, or reports that it had not. */
async function settledNow(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return settled;
}

const request: MoveRequest = { variant: 'pente', size: 19, tournamentRule: true, moves: [180, 181], timeMs: 500 };

afterEach(() => {
  vi.useRealTimers();
  for (const worker of workers) worker.close();
  workers.length = 0;
});

describe('engine bridge', () => {
  it('starts no worker until the first request, then keeps one for later requests', async () => {
    const bridge = makeBridge();
    expect(workers).toHaveLength(0);
    expect(bridge.hasWorker).toBe(false);

    const first = bridge.requestMove(request);
    (await thinkCall(0)).answer({ move: 200 });
    expect((await first).move).toBe(200);

    const second = bridge.requestMove({ ...request, moves: [180, 181, 200, 201] });
    (await thinkCall(0, 1)).answer();
    await second;
    expect(workers).toHaveLength(1); // the same worker, so its transposition table carries over
  });

  it('sends the rules, moves, limits and position key, but nothing else of the caller’s object', async () => {
    const bridge = makeBridge();
    const withExtra = { ...request, level: 'expert', seed: 7, depth: 6, state: { parent: 'a long chain' } };
    const pending = bridge.requestMove(withExtra);
    const call = await thinkCall(0);
    expect(call.request).toEqual({ ...request, level: 'expert', seed: 7, depth: 6, key: positionKey(request) });
    expect(call.request.stopFlag).toBeUndefined(); // not cross-origin isolated
    call.answer();
    expect((await pending).key).toBe(positionKey(request));
  });

  it('asks for the set search threads where the page is isolated (1–8), and for none where it is not', async () => {
    const isolated = makeBridge({ crossOriginIsolated: true, threads: 2 });
    expect(isolated.searchThreads).toBe(2);
    const first = isolated.requestMove(request);
    const call = await thinkCall(0);
    expect(call.request.threads).toBe(2);
    call.answer({ threads: 2 });
    expect((await first).threads).toBe(2);
    isolated.setThreads(12);
    expect(isolated.searchThreads).toBe(8);
    isolated.setThreads(1);
    const second = isolated.requestMove(request);
    const single = await thinkCall(0, 1);
    expect(single.request).not.toHaveProperty('threads');
    single.answer();
    await second;

    // Not isolated: no shared memory for helpers, so one thread whatever the setting.
    const plain = makeBridge({ threads: 4 });
    expect(plain.searchThreads).toBe(1);
    plain.setThreads(3);
    const third = plain.requestMove(request);
    const alone = await thinkCall(1);
    expect(alone.request).not.toHaveProperty('threads');
    alone.answer();
    await third;
  });

  it('forwards no progress once the request is aborted or its position is no longer current', async () => {
    const bridge = makeBridge({ crossOriginIsolated: true });
    const seen: EngineProgress[] = [];
    const progress = {
      depth: 3,
      move: 200,
      score: { kind: 'eval', centiStones: 10 } as const,
      pv: [200],
      nodes: 500,
      timeMs: 4,
    };
    let current = true;
    const controller = new AbortController();
    const pending = bridge.requestMove(request, {
      signal: controller.signal,
      onProgress: (p) => seen.push(p),
      isCurrent: () => current,
    });
    const outcome = rejectionKind(pending);
    const call = await thinkCall(0);
    current = false;
    await call.onProgress?.(progress);
    current = true;
    controller.abort();
    await call.onProgress?.(progress); // a cooperative stop lets the search report once more
    expect(seen).toEqual([]);
    expect(await outcome).toBe('aborted');
  });

  it('forwards progress while the request is live', async () => {
    const bridge = makeBridge();
    const seen: EngineProgress[] = [];
    const pending = bridge.requestMove(request, { onProgress: (p) => seen.push(p) });
    const call = await thinkCall(0);
    const progress = {
      depth: 3,
      move: 200,
      score: { kind: 'eval', centiStones: 10 } as const,
      pv: [200, 201],
      nodes: 500,
      timeMs: 4,
    };
    await call.onProgress?.(progress);
    expect(seen).toEqual([progress]);
    call.answer();
    await pending;
  });

  it('aborts at once, terminating the worker although its search never ends', async () => {
    const bridge = makeBridge();
    const controller = new AbortController();
    const pending = bridge.requestMove(request, { signal: controller.signal });
    await thinkCall(0); // the fake search is under way and is never answered
    controller.abort();
    expect(await settledNow(pending)).toBe(true);
    expect(await rejectionKind(pending)).toBe('aborted');
    expect(workerAt(0).terminated).toBe(true);
    expect(bridge.hasWorker).toBe(false);

    // The next request starts a fresh worker.
    const next = bridge.requestMove(request);
    (await thinkCall(1)).answer({ move: 222 });
    expect((await next).move).toBe(222);
  });

  it('rejects an already aborted signal without starting a worker', async () => {
    const bridge = makeBridge();
    const controller = new AbortController();
    controller.abort();
    expect(await rejectionKind(bridge.requestMove(request, { signal: controller.signal }))).toBe('aborted');
    expect(workers).toHaveLength(0);
  });

  it('lets the latest request win: a new one aborts the one in flight', async () => {
    const bridge = makeBridge();
    const first = bridge.requestMove(request);
    await thinkCall(0);
    const second = bridge.requestMove({ ...request, moves: [180] });
    expect(await rejectionKind(first)).toBe('aborted');
    expect(workerAt(0).terminated).toBe(true); // its search could not be interrupted any other way
    const call = await thinkCall(1);
    expect(call.request.moves).toEqual([180]);
    call.answer();
    expect((await second).key).toBe(positionKey({ ...request, moves: [180] }));
  });

  it('runs an analysis as a job: a move request replaces it, and it replaces a move request', async () => {
    const bridge = makeBridge();
    const analysis = bridge.analyse({ ...request, timeMs: 500, lines: 3 });
    const asked = await untilTrue(() => workers[0]?.analyses[0], 'an analysis call');
    expect(asked.request).toMatchObject({ moves: [180, 181], timeMs: 500, lines: 3, key: positionKey(request) });
    const move = bridge.requestMove(request);
    expect(await rejectionKind(analysis)).toBe('aborted');
    (await thinkCall(1)).answer();
    await move;
    const again = bridge.analyse({ ...request, timeMs: 500 });
    const call = await untilTrue(() => workers[1]?.analyses[0], 'a second analysis call');
    call.answer();
    expect((await again).lines[0]).toMatchObject({ move: 180, winChance: 0.53 });
  });

  it('stops cooperatively where cross-origin isolated, keeping the worker', async () => {
    const bridge = makeBridge({ crossOriginIsolated: true });
    const controller = new AbortController();
    const first = bridge.requestMove(request, { signal: controller.signal });
    const firstCall = await thinkCall(0);
    const stopFlag = firstCall.request.stopFlag;
    expect(stopFlag).toBeInstanceOf(Int32Array);
    controller.abort();
    expect(await rejectionKind(first)).toBe('aborted');
    expect(Atomics.load(stopFlag!, 0)).toBe(1);

    const second = bridge.requestMove(request);
    firstCall.answer(); // the search saw the flag and returned its best move so far: ignored
    const secondCall = await thinkCall(0, 1);
    secondCall.answer({ move: 77 });
    expect((await second).move).toBe(77);
    expect(workers).toHaveLength(1);
    expect(workerAt(0).terminated).toBe(false);
  });

  it('terminates after the grace period when a cooperative stop is not heeded', async () => {
    const bridge = makeBridge({ crossOriginIsolated: true, stopGraceMs: 20 });
    const first = bridge.requestMove(request);
    await thinkCall(0);
    const second = bridge.requestMove(request);
    expect(await rejectionKind(first)).toBe('aborted');
    expect(workerAt(0).terminated).toBe(false);
    // The first search never answers: after the grace period the worker goes, and a new one takes over.
    const call = await thinkCall(1);
    expect(workerAt(0).terminated).toBe(true);
    call.answer();
    await second;
  });

  it('rejects a stale answer', async () => {
    const bridge = makeBridge();
    let current = true;
    const pending = bridge.requestMove(request, { isCurrent: () => current });
    const call = await thinkCall(0);
    current = false; // the player undid a move meanwhile
    call.answer();
    expect(await rejectionKind(pending)).toBe('stale');
    expect(workerAt(0).terminated).toBe(false); // the worker is fine; only the answer is dropped
  });

  it('rejects an answer for another position than the one asked', async () => {
    const bridge = makeBridge();
    const pending = bridge.requestMove(request);
    (await thinkCall(0)).answer({ key: 'pente/19/t/180' });
    expect(await rejectionKind(pending)).toBe('stale');
  });

  it('does not start a request whose position is already not current', async () => {
    const bridge = makeBridge();
    expect(await rejectionKind(bridge.requestMove(request, { isCurrent: () => false }))).toBe('stale');
    expect(workers).toHaveLength(0);
  });

  it.each(['error', 'messageerror'] as const)('rejects with crashed on a worker %s, then recovers', async (type) => {
    const bridge = makeBridge();
    const pending = bridge.requestMove(request);
    await thinkCall(0);
    workerAt(0).emit(type);
    expect(await rejectionKind(pending)).toBe('crashed');
    expect(workerAt(0).terminated).toBe(true);

    const next = bridge.requestMove(request);
    (await thinkCall(1)).answer({ move: 99 });
    expect((await next).move).toBe(99);
  });

  it('rejects with invalid when the worker refuses the request, and keeps the worker', async () => {
    const bridge = makeBridge();
    const pending = bridge.requestMove(request);
    const refusal = new Error('Move 2 is illegal: occupied');
    refusal.name = 'EngineRequestError';
    (await thinkCall(0)).refuse(refusal);
    expect(await rejectionKind(pending)).toBe('invalid');
    expect(workerAt(0).terminated).toBe(false);
  });

  it('rejects with crashed when the search throws, and restarts the worker', async () => {
    const bridge = makeBridge();
    const pending = bridge.requestMove(request);
    (await thinkCall(0)).refuse(new TypeError('x is undefined'));
    expect(await rejectionKind(pending)).toBe('crashed');
    expect(workerAt(0).terminated).toBe(true);
  });

  it('rejects with timeout when the worker is silent for a second past its think time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const bridge = makeBridge();
    const pending = bridge.requestMove(request); // timeMs 500
    const outcome = rejectionKind(pending);
    await arrivedThink(0); // the think time counts from the call, once the worker has started
    await vi.advanceTimersByTimeAsync(500 + DEFAULT_SILENCE_MS - 1);
    expect(await settledNow(pending)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('timeout');
    expect(workerAt(0).terminated).toBe(true);
    expect(bridge.hasWorker).toBe(false);
  });

  it('waits for a worker that keeps beating past its think time, up to the margin, and takes its answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const bridge = makeBridge();
    const pending = bridge.requestMove(request); // timeMs 500
    const call = await arrivedThink(0);
    // Beats every 250 ms (as the worker's search does) for 2.5 s past the due time: not hung.
    for (let t = 0; t < 500 + 2500; t += 250) {
      await vi.advanceTimersByTimeAsync(250);
      void call.onAlive!();
    }
    expect(await settledNow(pending)).toBe(false);
    call.answer({ move: 7 });
    expect((await pending).move).toBe(7);
  });

  it('deems a worker that keeps beating hung at the margin past its think time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const bridge = makeBridge();
    const pending = bridge.requestMove(request);
    const call = await arrivedThink(0);
    for (let t = 0; t < 500 + DEFAULT_HANG_MARGIN_MS - 250; t += 250) {
      await vi.advanceTimersByTimeAsync(250);
      void call.onAlive!();
    }
    expect(await settledNow(pending)).toBe(false);
    await vi.advanceTimersByTimeAsync(250);
    expect(await rejectionKind(pending)).toBe('timeout');
  });

  it('allows a level’s own think time before deeming the worker hung', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const bridge = makeBridge({ hangMarginMs: 100 });
    const level = { id: 'slow', name: 'Slow', depth: 64, timeMs: 5000, vision: 100, judgement: 100, book: false };
    const { timeMs: _, ...withoutTime } = request;
    const pending = bridge.requestMove({ ...withoutTime, level });
    await arrivedThink(0);
    await vi.advanceTimersByTimeAsync(5099);
    expect(await settledNow(pending)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await rejectionKind(pending)).toBe('timeout');
  });

  it('sends the engine’s clock, and waits no longer than the move may think on it before deeming it hung', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const bridge = makeBridge({ hangMarginMs: 100 });
    const clock = { remainingMs: 6_000, incrementMs: 0 };
    const onClock: MoveRequest = { ...request, timeMs: 10_000, clock };
    const { hardMs } = moveTime(10_000, clock);
    expect(hardMs).toBeLessThan(2_000);
    expect(answerDeadlineMs(onClock, 100)).toBe(hardMs + 100);
    const pending = bridge.requestMove(onClock);
    const call = await arrivedThink(0);
    expect(call.request.clock).toEqual(clock);
    await vi.advanceTimersByTimeAsync(hardMs + 99);
    expect(await settledNow(pending)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await rejectionKind(pending)).toBe('timeout');
  });

  describe('watchForHang, on an injected clock', () => {
    /** A watch whose clock is `clock.t`, which the test moves with the fake timers (or ahead, for a busy page). */
    const watch = (dueMs: number) => {
      const clock = { t: 0, hung: -1 };
      const w = watchForHang({
        dueMs,
        silenceMs: 1000,
        marginMs: 3000,
        now: () => clock.t,
        onHung: () => (clock.hung = clock.t),
      });
      return { clock, w };
    };
    /** Moves the clock and the timers together, 10 ms at a time (a timer then runs on time). */
    const run = async (clock: { t: number }, ms: number) => {
      for (let done = 0; done < ms; done += 10) {
        clock.t += 10;
        await vi.advanceTimersByTimeAsync(10);
      }
    };

    it('is never hung before its due time, and hung a second of silence after it', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { clock } = watch(3000);
      await run(clock, 3990);
      expect(clock.hung).toBe(-1);
      await run(clock, 10);
      expect(clock.hung).toBe(4000);
    });

    it('a worker that went quiet before its due time is named a second after it (not 3 s)', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { clock, w } = watch(3000);
      for (let t = 0; t < 2000; t += 250) {
        await run(clock, 250);
        w.alive();
      }
      await run(clock, 2000);
      expect(clock.hung).toBe(4000);
    });

    it('a worker that stops beating past its due time is named within 2 s of its last beat', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { clock, w } = watch(3000);
      for (let t = 0; t < 3500; t += 250) {
        await run(clock, 250);
        w.alive();
      }
      await run(clock, 3000);
      expect(clock.hung).toBe(5000);
    });

    it('a timer that fired late on a busy page waits for the messages queued behind it', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { clock, w } = watch(3000);
      await run(clock, 3000);
      // The page was busy for a second and a half: its timer runs late; the worker's beat is queued behind it.
      clock.t += 1500;
      await vi.advanceTimersByTimeAsync(1000);
      expect(clock.hung).toBe(-1);
      w.alive();
      await vi.advanceTimersByTimeAsync(100);
      expect(clock.hung).toBe(-1);
      w.stop();
    });

    it('stops: no verdict after stop()', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { clock, w } = watch(100);
      w.stop();
      await run(clock, 10_000);
      expect(clock.hung).toBe(-1);
    });
  });

  it('allows a level given by id its own think time', () => {
    const position = { variant: 'pente', size: 19, tournamentRule: true, moves: [] } as const;
    for (const level of LEVELS) {
      expect(answerDeadlineMs({ ...position, level: level.id })).toBe(level.timeMs + DEFAULT_HANG_MARGIN_MS);
    }
  });

  it('deems every level hung the margin after its answer was due: under 10 s for every level the app has', () => {
    const position = { variant: 'pente', size: 19, tournamentRule: true, moves: [] } as const;
    for (const level of LEVELS) {
      const deadline = answerDeadlineMs({ ...position, level });
      expect(deadline).toBe(level.timeMs + DEFAULT_HANG_MARGIN_MS);
      expect(deadline - level.timeMs).toBeLessThan(10_000);
    }
    // A player's own computer may think longer: the deadline grows with it, the margin stays the same.
    const slowest = { ...LEVELS.at(-1)!, timeMs: COMPUTER_LIMITS.timeMs.max };
    expect(answerDeadlineMs({ ...position, level: slowest }, 2000)).toBe(COMPUTER_LIMITS.timeMs.max + 2000);
    expect(answerDeadlineMs({ ...position, timeMs: 700 }, 100)).toBe(800);
  });

  it('after a hang the next request starts a fresh worker, which answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const bridge = makeBridge();
    const hung = bridge.requestMove(request);
    const outcome = rejectionKind(hung);
    await arrivedThink(0);
    await vi.advanceTimersByTimeAsync(answerDeadlineMs(request));
    expect(await outcome).toBe('timeout');
    expect(workerAt(0).terminated).toBe(true);

    const retried = bridge.requestMove(request);
    (await arrivedThink(1)).answer({ move: 222 });
    expect((await retried).move).toBe(222);
    expect(workers).toHaveLength(2);
  });

  it('rejects with unavailable when no worker can be made, and tries again next time', async () => {
    let attempts = 0;
    const bridge = new EngineBridge({
      crossOriginIsolated: false,
      createWorker: () => {
        attempts++;
        if (attempts === 1) throw new Error('Workers are not supported here.');
        const worker = new FakeWorker();
        workers.push(worker);
        return worker;
      },
    });
    expect(await rejectionKind(bridge.requestMove(request))).toBe('unavailable');
    const next = bridge.requestMove(request);
    (await thinkCall(0)).answer();
    await next;
    expect(attempts).toBe(2);
  });

  it('rejects with unavailable by the start deadline when the worker never loads, and retries afresh', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const bridge = makeBridge({}, ['never', 'ok']);
    const pending = bridge.requestMove(request);
    const outcome = rejectionKind(pending);
    await vi.advanceTimersByTimeAsync(DEFAULT_START_DEADLINE_MS - 1);
    expect(await settledNow(pending)).toBe(false);
    expect(workerAt(0).calls).toHaveLength(0); // nothing was ever sent a think call
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('unavailable');
    await expect(pending).rejects.toThrow('The computer could not start.');
    expect(workerAt(0).terminated).toBe(true);
    expect(bridge.hasWorker).toBe(false);
    expect(DEFAULT_START_DEADLINE_MS).toBeLessThan(10_000);

    // A retry (the script is back) starts a fresh worker.
    const retry = bridge.requestMove(request);
    (await arrivedThink(1)).answer({ move: 42 });
    expect((await retry).move).toBe(42);
  });

  it('rejects with unavailable at once when the worker fails to load, and retries afresh', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const bridge = makeBridge({}, ['error', 'ok']);
    const outcome = rejectionKind(bridge.requestMove(request));
    // No fake time passes: the error event alone settles it.
    expect(await untilTrue(() => (workers[0]?.terminated ? true : undefined), 'worker #0 terminated')).toBe(true);
    expect(await outcome).toBe('unavailable');

    const retry = bridge.requestMove(request);
    (await arrivedThink(1)).answer({ move: 43 });
    expect((await retry).move).toBe(43);
  });

  it('counts the book hand-over in the start deadline', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const bridge = makeBridge({ loadBook: async () => new ArrayBuffer(16) }, ['book-hangs']);
    const pending = bridge.requestMove(request);
    const outcome = rejectionKind(pending);
    await vi.advanceTimersByTimeAsync(DEFAULT_START_DEADLINE_MS);
    expect(await outcome).toBe('unavailable');
    expect(workerAt(0).terminated).toBe(true);
  });

  it('starts without the book when its bytes are slow, and hands them over when they come', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let deliver: (bytes: ArrayBuffer) => void = () => undefined;
    const bridge = makeBridge({ loadBook: () => new Promise((resolve) => (deliver = resolve)) });
    const pending = bridge.requestMove(request);
    await vi.advanceTimersByTimeAsync(DEFAULT_BOOK_WAIT_MS);
    const call = await arrivedThink(0);
    deliver(new ArrayBuffer(16));
    await untilTrue(() => (workerAt(0).log.length === 2 ? true : undefined), 'the book');
    expect(workerAt(0).log).toEqual(['think', 'book:16']);
    call.answer({ move: 44 });
    expect((await pending).move).toBe(44);
  });

  it('leaves the request in flight alone when given an already aborted signal', async () => {
    const bridge = makeBridge();
    const pending = bridge.requestMove(request);
    const call = await thinkCall(0);
    expect(await rejectionKind(bridge.requestMove(request, { signal: AbortSignal.abort() }))).toBe('aborted');
    call.answer({ move: 5 });
    expect((await pending).move).toBe(5);
  });

  it('dispose aborts the request in flight and terminates the worker', async () => {
    const bridge = makeBridge();
    const pending = bridge.requestMove(request);
    await thinkCall(0);
    bridge.dispose();
    expect(await rejectionKind(pending)).toBe('aborted');
    expect(workerAt(0).terminated).toBe(true);
  });
});

describe('engine bridge book queries', () => {
  const bookRequest: BookRequest = { variant: 'pente', size: 19, tournamentRule: true, moves: [180] };
  const j11: BookMove = { point: 160, name: 'J11', games: 120, winRate: 0.55 };

  it('asks the worker and answers plain data, sending only the position', async () => {
    const bridge = makeBridge();
    const answer = bridge.bookMoves({ ...bookRequest, state: { parent: 'a long chain' } } as BookRequest);
    const query = await arrivedBookQuery(0);
    expect(query.request).toEqual(bookRequest);
    query.answer([j11]);
    expect(await answer).toEqual([j11]);
  });

  it('answers null when the engine has no book', async () => {
    const bridge = makeBridge();
    const answer = bridge.bookMoves(bookRequest);
    (await arrivedBookQuery(0)).answer(null);
    expect(await answer).toBeNull();
  });

  it('neither aborts a move request nor is aborted by one, on the one worker', async () => {
    const bridge = makeBridge();
    const move = bridge.requestMove(request);
    const think = await thinkCall(0);
    const book = bridge.bookMoves(bookRequest);
    (await arrivedBookQuery(0)).answer([j11]);
    expect(await book).toEqual([j11]);
    expect(await settledNow(move)).toBe(false);
    think.answer({ move: 7 });
    expect((await move).move).toBe(7);

    const pendingBook = bridge.bookMoves(bookRequest);
    await arrivedBookQuery(0, 1);
    const next = bridge.requestMove(request); // a new move request: the book query carries on
    (await thinkCall(0, 1)).answer();
    await next;
    workerAt(0).bookQueries[1]!.answer([]);
    expect(await pendingBook).toEqual([]);
    expect(workers).toHaveLength(1);
  });

  it('asks the next worker when an abort terminates the one it was waiting on', async () => {
    const bridge = makeBridge();
    const controller = new AbortController();
    const move = bridge.requestMove(request, { signal: controller.signal });
    await thinkCall(0);
    const book = bridge.bookMoves(bookRequest);
    await arrivedBookQuery(0); // queued behind the search, never answered by this worker
    controller.abort(); // not cross-origin isolated: the worker is terminated
    expect(await rejectionKind(move)).toBe('aborted');
    (await arrivedBookQuery(1)).answer([j11]);
    expect(await book).toEqual([j11]);
  });

  it('rejects with invalid when the worker refuses the position, and keeps the worker', async () => {
    const bridge = makeBridge();
    const answer = bridge.bookMoves(bookRequest);
    const refusal = new Error('Move 1 is illegal');
    refusal.name = 'EngineRequestError';
    (await arrivedBookQuery(0)).refuse(refusal);
    expect(await rejectionKind(answer)).toBe('invalid');
    expect(workerAt(0).terminated).toBe(false);
  });

  it('rejects with aborted at once when its signal fires', async () => {
    const bridge = makeBridge();
    const controller = new AbortController();
    const answer = bridge.bookMoves(bookRequest, { signal: controller.signal });
    await arrivedBookQuery(0);
    controller.abort();
    expect(await rejectionKind(answer)).toBe('aborted');
    expect(workerAt(0).terminated).toBe(false); // a lookup is not worth a worker
  });

  it('rejects with unavailable when no worker can start', async () => {
    const bridge = makeBridge({}, ['error']);
    expect(await rejectionKind(bridge.bookMoves(bookRequest))).toBe('unavailable');
  });
});

describe('engine bridge with the real worker module', () => {
  const channel = new MessageChannel();
  let terminations = 0;
  const bridge = new EngineBridge({
    crossOriginIsolated: true,
    createWorker: () => ({
      postMessage: (message: unknown, transfer?: Transferable[]) => channel.port1.postMessage(message, transfer ?? []),
      addEventListener: (type: string, listener: EventListenerOrEventListenerObject) =>
        channel.port1.addEventListener(type, listener),
      removeEventListener: (type: string, listener: EventListenerOrEventListenerObject) =>
        channel.port1.removeEventListener(type, listener),
      start: () => channel.port1.start(),
      terminate: () => void terminations++,
    }),
  });

  beforeAll(async () => {
    // The worker module exposes itself on `self` when loaded; here that is the far end of the channel.
    (globalThis as { self?: unknown }).self = channel.port2;
    await import('../../../src/workers/engine.worker');
  });

  afterAll(() => {
    channel.port1.close();
    channel.port2.close();
    delete (globalThis as { self?: unknown }).self;
  });

  it('answers a legal move for the position asked, reporting progress', async () => {
    // Here the "worker" runs in this thread: a search posted from inside the dispatch of one of its
    // messages (ready()'s answer, which a new worker's first search waits for) runs within that dispatch,
    // and Node then delivers the answer before the progress reports. A real worker's thread sends them while
    // it searches, ahead of the answer. So start the worker first, and ask from a task of the test's own.
    await bridge.requestMove({ variant: 'pente', size: 19, tournamentRule: true, moves: [], timeMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const asked: MoveRequest = { variant: 'pente', size: 19, tournamentRule: true, moves: [180, 200], timeMs: 150 };
    const seen: EngineProgress[] = [];
    const answer = await bridge.requestMove(asked, { onProgress: (p) => seen.push(p) });
    const game = replay(asked, asked.moves);
    if (!game.ok) throw new Error('The test position is illegal.');
    expect(isLegal(game.value, answer.move)).toBe(true);
    expect(answer.key).toBe(positionKey(asked));
    expect(answer.depth).toBeGreaterThan(0);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)?.depth).toBeLessThanOrEqual(answer.depth);
  });

  it('thinks no longer than the clock allows, and refuses a clock that makes no sense', async () => {
    const base: MoveRequest = { variant: 'pente', size: 19, tournamentRule: true, moves: [180, 200], timeMs: 5_000 };
    const short = await bridge.requestMove({ ...base, clock: { remainingMs: 2_000, incrementMs: 0 } });
    expect(short.timeMs).toBeLessThan(1_000);
    const nonsense = { remainingMs: Number.NaN, incrementMs: 0 };
    expect(await rejectionKind(bridge.requestMove({ ...base, clock: nonsense }))).toBe('invalid');
  });

  it('refuses an illegal move list, an unknown level and a finished game as invalid', async () => {
    const base: MoveRequest = { variant: 'pente', size: 19, tournamentRule: true, moves: [], timeMs: 50 };
    expect(await rejectionKind(bridge.requestMove({ ...base, moves: [180, 180] }))).toBe('invalid');
    expect(await rejectionKind(bridge.requestMove({ ...base, moves: [180], level: 'grandmaster' }))).toBe('invalid');
    // Gomoku: five in a row on row 9 for the first player, the second playing along row 0.
    const five = [180, 0, 181, 1, 182, 2, 183, 3, 184];
    const finished = bridge.requestMove({ ...base, variant: 'gomoku', moves: five });
    await expect(finished).rejects.toMatchObject({ kind: 'invalid', message: expect.stringMatching(/game is over/) });
    expect(terminations).toBe(0);
  });

  it('stops a search at once when its shared stop flag is set', async () => {
    const remote = Comlink.wrap<EngineWorkerApi>(channel.port1);
    const stopFlag = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(stopFlag, 0, 1); // set before it starts: the search can only run to its first poll
    const asked: EngineRequest = { variant: 'pente', size: 19, tournamentRule: true, moves: [180, 200] };
    const answer = await remote.think({ ...asked, timeMs: 10_000, stopFlag });
    expect(answer.timeMs).toBeLessThan(1000);
    expect(answer.move).toBeGreaterThanOrEqual(0);
  });

  it('searches alone when its helper workers cannot start (here there is no Worker at all)', async () => {
    const remote = Comlink.wrap<EngineWorkerApi>(channel.port1);
    const asked: EngineRequest = { variant: 'pente', size: 19, tournamentRule: true, moves: [180, 200] };
    expect(typeof (globalThis as { Worker?: unknown }).Worker).toBe('undefined');
    const answer = await remote.think({ ...asked, timeMs: 100, threads: 2 });
    expect(answer.threads).toBe(1);
    expect(answer.move).toBeGreaterThanOrEqual(0);
  });

  it('analyses a position: the best lines, with win chances, best first', async () => {
    const asked = {
      variant: 'pente',
      size: 19,
      tournamentRule: true,
      moves: [180, 200],
      // A depth, and a time too long to matter: the answer does not depend on how busy the machine is.
      timeMs: 60_000,
      depth: 2,
      lines: 2,
    } as const;
    const answer = await bridge.analyse(asked);
    expect(answer.key).toBe(positionKey(asked));
    expect(answer.lines).toHaveLength(2);
    const [best, second] = answer.lines;
    expect(best!.move).not.toBe(second!.move);
    expect(best!.winChance).toBeGreaterThanOrEqual(second!.winChance);
    for (const line of answer.lines) {
      expect(line.winChance).toBeGreaterThan(0);
      expect(line.winChance).toBeLessThan(1);
      expect(line.pv[0]).toBe(line.move);
    }
    const five = [180, 0, 181, 1, 182, 2, 183, 3, 184];
    const finished = bridge.analyse({ ...asked, variant: 'gomoku', tournamentRule: false, moves: five });
    expect(await rejectionKind(finished)).toBe('invalid');
  });

  it("plays Renju: the opening's steps go with the stones, and the due step comes back decided", async () => {
    const base = { variant: 'renju', size: 15, tournamentRule: false, timeMs: 60_000, depth: 2 } as const;
    const opening = (swaps: ('swap' | 'keep')[], offers: number[] = []) => ({ swaps, offers, passes: [] });
    // A swap window after the first stone (the centre, 112): a seat choice, and the stone that would follow.
    const first = await bridge.requestMove({ ...base, moves: [112], renju: opening([]) });
    expect(['swap', 'keep']).toContain(first.step);
    expect(first.key).toBe(positionKey({ ...base, moves: [112], renju: opening([]) }));
    // Black's branch after four stones: ten offers, or a fifth stone within the centre's 9×9.
    const four = [112, 97, 98, 126];
    const branch = await bridge.requestMove({ ...base, moves: four, renju: opening(['keep', 'keep', 'keep', 'keep']) });
    if (typeof branch.step === 'object') {
      expect(branch.step.offer).toHaveLength(10);
      expect(branch.move).toBe(-1);
    } else {
      expect(branch.step).toBeUndefined();
      expect(Math.max(Math.abs((branch.move % 15) - 7), Math.abs(Math.floor(branch.move / 15) - 7))).toBeLessThan(5);
    }
    // White's pick among the offers: one of them, as a stone.
    const offers = [0, 2, 4, 6, 8, 10, 12, 14, 30, 60];
    const picked = await bridge.requestMove({
      ...base,
      moves: four,
      renju: opening(['keep', 'keep', 'keep', 'keep'], offers),
    });
    expect(picked.step).toBeUndefined();
    expect(offers).toContain(picked.move);
    // Renju is 15×15 only.
    expect(await rejectionKind(bridge.requestMove({ ...base, size: 19, moves: [180], renju: opening([]) }))).toBe(
      'invalid',
    );
  });

  it('answers book queries from the book it was given', async () => {
    expect(await bridge.bookMoves({ variant: 'pente', size: 19, tournamentRule: true, moves: [180] })).toBeNull();
    const remote = Comlink.wrap<EngineWorkerApi>(channel.port1);
    const bytes = readFileSync(new URL('../../../public/openings.bin', import.meta.url));
    await remote.setBook(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const moves = await bridge.bookMoves({ variant: 'pente', size: 19, tournamentRule: true, moves: [180] });
    expect(moves?.map((m) => m.name)).toContain('J11');
    for (const m of moves ?? []) {
      expect(Object.keys(m).sort()).toEqual(['games', 'name', 'point', 'winRate']);
      expect(m.games).toBeGreaterThan(0);
      expect(m.winRate).toBeGreaterThanOrEqual(0);
      expect(m.winRate).toBeLessThanOrEqual(1);
    }
    await expect(
      bridge.bookMoves({ variant: 'pente', size: 19, tournamentRule: true, moves: [180, 180] }),
    ).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('gives every worker it starts the openings book before its first search', async () => {
    let loads = 0;
    const bridge = makeBridge({
      loadBook: async () => {
        loads++;
        return new ArrayBuffer(16);
      },
    });
    const first = bridge.requestMove(request);
    (await thinkCall(0)).answer();
    await first;
    expect(workerAt(0).log).toEqual(['book:16', 'think']);
    // An abort terminates the worker; the next one is given the book again.
    const controller = new AbortController();
    const aborted = bridge.requestMove(request, { signal: controller.signal });
    await thinkCall(0, 1);
    controller.abort();
    expect(await rejectionKind(aborted)).toBe('aborted');
    const next = bridge.requestMove(request);
    (await thinkCall(1)).answer();
    await next;
    expect(workerAt(1).log).toEqual(['book:16', 'think']);
    expect(loads).toBe(2);
  });

  it('plays without the book when it cannot be loaded', async () => {
    const bridge = makeBridge({ loadBook: () => Promise.reject(new Error('no book')) });
    const answer = bridge.requestMove(request);
    (await thinkCall(0)).answer();
    await expect(answer).resolves.toMatchObject({ move: 180 });
    expect(workerAt(0).log).toEqual(['think']);
  });
});
