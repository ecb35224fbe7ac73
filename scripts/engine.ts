/** The JSON-lines engine: npm run --silent engine (see src/ai/protocol.ts for the requests). */
import { existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { OpeningBook } from '../src/ai/book/book';
import { Engine } from '../src/ai/engine';
import { handleRequest } from '../src/ai/protocol';

const engine = new Engine();
// The shipped openings book, consulted unless a request says "book": false (or its level has no book).
const BOOK = new URL('../public/openings.bin', import.meta.url);
if (existsSync(BOOK)) engine.setBook(new OpeningBook(readFileSync(BOOK)));
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line.trim() === '') continue;
  process.stdout.write(`${handleRequest(engine, line)}\n`);
}
