/**
 * Runs jobs in worker threads that execute a TypeScript script through tsx (the scripts' self-play):
 * the script's main thread calls `runPool`, and its worker side answers each job message with a result.
 */
import { Worker } from 'node:worker_threads';

/** A worker thread running the TypeScript file at `url` through tsx's loader (execArgv --import does not). */
export function tsWorker(url: URL, data: unknown): Worker {
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(boot, { eval: true, workerData: data });
}

/** Posts each job to one of `threads` workers of `script`, one job a worker at a time, reporting each result. */
export async function runPool<J, R>(
  script: URL,
  workerData: unknown,
  jobs: readonly J[],
  threads: number,
  onResult: (result: R) => void,
): Promise<void> {
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: Math.min(threads, queue.length) }, async () => {
      const worker = tsWorker(script, workerData);
      for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
        const result = await new Promise<R>((resolve, reject) => {
          const fail = (error: Error) => {
            worker.off('message', answer);
            reject(error);
          };
          const answer = (value: R) => {
            worker.off('error', fail);
            resolve(value);
          };
          worker.once('message', answer);
          worker.once('error', fail);
          worker.postMessage(job);
        });
        onResult(result);
      }
      await worker.terminate();
    }),
  );
}
