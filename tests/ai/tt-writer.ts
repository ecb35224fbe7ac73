/**
 * A worker thread for tests/ai/tt.test.ts: writes entries into a shared transposition table as fast as it can,
 * every entry's data a function of its key (so a reader can tell a torn entry), until told to stop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { TranspositionTable } from '../../src/ai/tt';
import { entryFor } from './tt-entries';

const { buffer, bits, control, seed } = workerData as {
  buffer: SharedArrayBuffer;
  bits: number;
  control: SharedArrayBuffer;
  seed: number;
};
const table = new TranspositionTable(bits, buffer);
const flags = new Int32Array(control);
let x = seed;
let writes = 0;
Atomics.add(flags, 1, 1); // running
while (Atomics.load(flags, 0) === 0) {
  x = (Math.imul(x, 1103515245) + 12345) >>> 0;
  const e = entryFor(x >>> 8);
  table.store(e.lo, e.hi, e.depth, e.score, e.bound, e.move);
  writes++;
}
parentPort!.postMessage(writes);
