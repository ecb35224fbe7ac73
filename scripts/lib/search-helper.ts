/** One Lazy SMP helper thread for Node (see search-threads.ts): src/ai/smp.ts's HelperThread on a worker_thread. */
import { parentPort } from 'node:worker_threads';
import { HelperThread, type HelperMessage } from '../../src/ai/smp';

const port = parentPort!;
const helper = new HelperThread();
port.on('message', (message: HelperMessage) => helper.handle(message));
port.postMessage('loaded');
