/** The JSON-lines engine: npm run --silent engine (see src/ai/protocol.ts for the requests). */
import { createInterface } from 'node:readline';
import { Engine } from '../src/ai/engine';
import { handleRequest } from '../src/ai/protocol';

const engine = new Engine();
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim() === '') continue;
  process.stdout.write(`${handleRequest(engine, line)}\n`);
}
