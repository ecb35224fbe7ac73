/**
 * Lazy SMP helper threads for Node tools and tests (the browser's are nested module workers, see
 * src/workers/engine.worker.ts): `searchThreads(n)` starts n worker_threads running src/ai/smp.ts's
 * HelperThread, for `engine.setHelpers(threads.channels)`.
 *
 *   const threads = await searchThreads(1);
 *   const engine = new Engine(20, { sharedTable: true });
 *   engine.setHelpers(threads.channels);
 *   …
 *   await threads.close();
 */
import type { Worker } from 'node:worker_threads';
import type { HelperChannel, HelperMessage } from '../../src/ai/smp';
import { tsWorker } from './worker-pool';

export interface SearchThreads {
  readonly channels: readonly HelperChannel[];
  /** Ends every thread. */
  close(): Promise<void>;
}

/** Starts `count` helper threads; resolves once each has loaded (so the first search has them all). */
export async function searchThreads(count: number): Promise<SearchThreads> {
  const workers: Worker[] = Array.from({ length: count }, () =>
    tsWorker(new URL('./search-helper.ts', import.meta.url), null),
  );
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          worker.once('message', () => resolve());
          worker.once('error', reject);
        }),
    ),
  );
  return {
    channels: workers.map((worker) => ({ post: (message: HelperMessage) => worker.postMessage(message) })),
    close: async () => {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
