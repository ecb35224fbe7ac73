/**
 * Command-line entry for scripts.
 *
 *   npm run --silent cli -- replay < game.txt    final state of one record as JSON (or {"error": …}, exit 1)
 *   npm run --silent cli -- verify < games.pgn   replays every record of a file; prints a summary as JSON
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { loadRecord, splitRecords, stateToJson } from '../src/core';

function readInput(): string {
  const data = readFileSync(0);
  // A gzip file (magic 1f 8b) is read as its contents, so the shared game collection needs no unpacking.
  return (data[0] === 0x1f && data[1] === 0x8b ? gunzipSync(data) : data).toString('utf8');
}

function replayCommand(): number {
  const games = splitRecords(readInput());
  if (games.length !== 1) {
    console.log(JSON.stringify({ error: `Expected one game record, found ${games.length}.` }));
    return 1;
  }
  const loaded = loadRecord(games[0]!.text, games[0]!.firstLine);
  if (!loaded.ok) {
    const { line, ply, message } = loaded.error;
    console.log(JSON.stringify({ error: message, line, ...(ply === undefined ? {} : { ply: ply + 1 }) }));
    return 1;
  }
  console.log(JSON.stringify(stateToJson(loaded.value.state)));
  return 0;
}

function verifyCommand(): number {
  const games = splitRecords(readInput());
  const failures: { game: number; line: number; ply?: number; error: string }[] = [];
  const results: Record<string, number> = {};
  for (const [i, g] of games.entries()) {
    const loaded = loadRecord(g.text, g.firstLine);
    if (!loaded.ok) {
      const { line, ply, message } = loaded.error;
      failures.push({ game: i + 1, line, ...(ply === undefined ? {} : { ply: ply + 1 }), error: message });
      continue;
    }
    const r = loaded.value.state.result;
    const key = r ? r.reason : 'unfinished';
    results[key] = (results[key] ?? 0) + 1;
  }
  console.log(
    JSON.stringify(
      { games: games.length, clean: games.length - failures.length, endings: results, failures: failures.slice(0, 50) },
      null,
      2,
    ),
  );
  return failures.length === 0 ? 0 : 1;
}

const commands: Record<string, () => number> = { replay: replayCommand, verify: verifyCommand };
const name = process.argv[2] ?? '';
const command = commands[name];
if (!command) {
  console.error(`Usage: npm run --silent cli -- <${Object.keys(commands).join('|')}> < file`);
  process.exit(2);
}
process.exit(command());
