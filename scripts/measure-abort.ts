/**
 * How fast an abort takes effect on a real search (npx tsx scripts/measure-abort.ts). Runs the real
 * engine worker (src/workers/engine.worker.ts, through Comlink) in a node:worker_threads Worker, starts a
 * 10 s search on a middlegame position and, after 500 ms:
 *
 *   - terminate: calls worker.terminate() and times it to the worker's 'exit' event;
 *   - cooperative: sets the shared stop flag (SharedArrayBuffer + Atomics) the search polls every 1024
 *     nodes, and times it to the answer arriving on this thread.
 *
 *   MEASURE_TRIALS=5 (per method), MEASURE_AFTER_MS=500 (search time before the abort).
 *
 * This one file is both sides: run as a worker, it gives the worker module a `self` to speak on (Node has
 * none) and loads it.
 */
import { type MessagePort, Worker, isMainThread, parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import { parsePoint } from '../src/core';
import type { EngineAnswer, EngineProgress, EngineRequest, EngineWorkerApi } from '../src/workers/protocol';

/** Comlink speaks DOM-style message events; Node's ports and workers emit the data itself. */
function endpointOf(port: MessagePort | Worker): Comlink.Endpoint {
  const wrapped = new Map<EventListenerOrEventListenerObject, (data: unknown) => void>();
  return {
    postMessage: (message: unknown, transfer?: Transferable[]) =>
      port.postMessage(message, (transfer ?? []) as unknown as readonly MessagePort[]),
    addEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => {
      const onData = (data: unknown): void => {
        const event = { data } as MessageEvent;
        if (typeof listener === 'function') listener(event);
        else listener.handleEvent(event);
      };
      wrapped.set(listener, onData);
      port.on('message', onData);
    },
    removeEventListener: (_type: string, listener: EventListenerOrEventListenerObject) => {
      const onData = wrapped.get(listener);
      if (onData) port.off('message', onData);
      wrapped.delete(listener);
    },
  };
}

interface EngineThread {
  readonly worker: Worker;
  readonly remote: Comlink.Remote<EngineWorkerApi>;
  readonly exited: Promise<void>;
}

async function startEngineThread(): Promise<EngineThread> {
  // Node loads a worker's entry without the parent's TypeScript loader (tsx's --import hook does not reach
  // it, in execArgv or not), so a one-line bootstrap registers tsx in the worker and then loads this file.
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const bootstrap =
    `import(${JSON.stringify(tsxApi)})` +
    `.then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(bootstrap, { eval: true });
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.once('error', (error) => console.error('worker error:', error));
  const remote = Comlink.wrap<EngineWorkerApi>(endpointOf(worker));
  await remote.newGame(); // answers once the module (and the engine's table) is loaded
  return { worker, remote, exited };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function summary(label: string, values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
  const fmt = (v: number | undefined): string => (v ?? NaN).toFixed(1);
  return `${label}: min ${fmt(sorted[0])} ms, median ${fmt(median)} ms, max ${fmt(sorted.at(-1))} ms  [${values.map((v) => v.toFixed(1)).join(', ')}]`;
}

async function main(): Promise<void> {
  const trials = Number(process.env.MEASURE_TRIALS ?? 5);
  const afterMs = Number(process.env.MEASURE_AFTER_MS ?? 500);
  const position = 'K10 L11 G10 J10 J8 L8 J12 K9 H11 M7 N6 F9 H9 F11 L6 K7';
  const moves = position.split(' ').map((name) => {
    const point = parsePoint(19, name);
    if (point === undefined) throw new Error(`Bad point ${name}`);
    return point;
  });
  const request: EngineRequest = { variant: 'pente', size: 19, tournamentRule: true, moves, timeMs: 10_000 };

  console.log(`Abort latency: a 10 s search, aborted after ${afterMs} ms, ${trials} trials each.\n`);

  // terminate(): a fresh worker each time, as the bridge starts a fresh one after terminating.
  const terminateMs: number[] = [];
  const exitAfterTerminateCallMs: number[] = [];
  for (let trial = 0; trial < trials; trial++) {
    const thread = await startEngineThread();
    let iterations = 0;
    const answer = thread.remote.think(
      request,
      Comlink.proxy((_p: EngineProgress) => void iterations++),
    );
    answer.then(
      () => console.log('  (the search answered before it was terminated)'),
      () => undefined,
    );
    await sleep(afterMs);
    const before = performance.now();
    const terminated = thread.worker.terminate();
    const callReturned = performance.now();
    await thread.exited;
    const exited = performance.now();
    await terminated;
    terminateMs.push(exited - before);
    exitAfterTerminateCallMs.push(exited - callReturned);
    console.log(
      `  terminate #${trial + 1}: ${(exited - before).toFixed(1)} ms to 'exit' (${iterations} iterations done)`,
    );
  }

  // Baseline: the same worker loaded but idle, to tell interrupting the search from tearing the thread down.
  const idleTerminateMs: number[] = [];
  for (let trial = 0; trial < trials; trial++) {
    const thread = await startEngineThread();
    await sleep(50);
    const before = performance.now();
    void thread.worker.terminate();
    await thread.exited;
    idleTerminateMs.push(performance.now() - before);
  }

  // Cooperative stop: one worker for all trials, as the bridge keeps it.
  const thread = await startEngineThread();
  const cooperativeMs: number[] = [];
  for (let trial = 0; trial < trials; trial++) {
    const stopFlag = new Int32Array(new SharedArrayBuffer(4));
    const answer: Promise<EngineAnswer> = thread.remote.think({ ...request, stopFlag });
    await sleep(afterMs);
    const before = performance.now();
    Atomics.store(stopFlag, 0, 1);
    const result = await answer;
    const arrived = performance.now();
    cooperativeMs.push(arrived - before);
    console.log(
      `  cooperative #${trial + 1}: ${(arrived - before).toFixed(1)} ms to the answer ` +
        `(search ran ${result.timeMs.toFixed(0)} ms, depth ${result.depth}, ${result.nodes} nodes)`,
    );
  }
  thread.remote[Comlink.releaseProxy]();
  await thread.worker.terminate();

  console.log();
  console.log(summary('terminate() call → exit event', terminateMs));
  console.log(summary('terminate() return → exit event', exitAfterTerminateCallMs));
  console.log(summary('terminate() of an idle worker → exit event (baseline)', idleTerminateMs));
  console.log(summary('stop flag set → answer received', cooperativeMs));
  process.exit(0);
}

// Last, so every const above is initialised before either side runs.
if (!isMainThread) {
  if (!parentPort) throw new Error('No parent port: run this file directly, not as a worker of something else.');
  (globalThis as { self?: unknown }).self = endpointOf(parentPort);
  await import('../src/workers/engine.worker');
} else {
  await main();
}
