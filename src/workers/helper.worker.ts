/**
 * A Lazy SMP helper thread (src/ai/smp.ts): a module worker that the engine's worker starts, one per extra
 * thread, and terminates with itself. It searches the engine worker's positions beside it, through the
 * transposition table they share in a SharedArrayBuffer, and stops when the main search does.
 */
import { HelperThread, type HelperMessage } from '../ai/smp';

/** The worker's scope, typed as only what is used (see engine.worker.ts on why not the global type). */
declare const self: { onmessage: ((event: MessageEvent<HelperMessage>) => void) | null };

const helper = new HelperThread();
self.onmessage = (event) => helper.handle(event.data);
// For the browser tests (and a curious developer's console): how many searches this helper has joined.
Object.defineProperty(globalThis, 'penteHelperSearches', { get: () => helper.searches });
