/**
 * The tactics set as a test of the engine (npm run test:tactics): every position of data/tactics.json
 * (built by `npm run build:tactics`; see scripts/lib/tactics.ts) searched at the Master level's think as a
 * node count, and the move judged by the exhaustive prover: a win must be kept, a losing move avoided.
 * Prints the hit rates by kind and by capture, and the positions missed. Fails (exit code 1) below 99% of
 * the wins found or 95% of the losing moves avoided.
 *
 *   npm run test:tactics -- [--nodes 600000] [--engine /tmp/main/src] [--only win|defend] [--limit N]
 *
 * --engine runs another version of the engine (a copy of a branch's src/, as for `npm run match`), for a
 * before-and-after figure; the set and the prover are always this tree's.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { formatPoint } from '../src/core';
import { Engine } from '../src/ai/engine';
import { MASTER_NODES, type TacticsPosition, solves, stateOf } from './lib/tactics';

const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: String(MASTER_NODES) },
    engine: { type: 'string', default: '' },
    only: { type: 'string', default: '' },
    limit: { type: 'string', default: '0' },
    set: { type: 'string', default: 'data/tactics.json' },
  },
});
const EngineClass: typeof Engine = values.engine
  ? ((await import(pathToFileURL(`${values.engine}/ai/engine.ts`).href)) as { Engine: typeof Engine }).Engine
  : Engine;
let set = JSON.parse(readFileSync(values.set, 'utf8')) as TacticsPosition[];
if (values.only) set = set.filter((p) => p.goal === values.only);
if (Number(values.limit)) set = set.slice(0, Number(values.limit));
const nodes = Number(values.nodes);

type Tally = { hits: number; misses: number; unknown: number };
const tallies = new Map<string, Tally>();
const count = (key: string, result: boolean | null) => {
  const t = tallies.get(key) ?? { hits: 0, misses: 0, unknown: 0 };
  if (result === null) t.unknown++;
  else if (result) t.hits++;
  else t.misses++;
  tallies.set(key, t);
};
const missed: string[] = [];
const started = performance.now();
let searched = 0;
for (const position of set) {
  const state = stateOf(position.link);
  const r = new EngineClass(18).think(state, { nodes, timeMs: 3_600_000, book: false });
  searched += r.nodes;
  const result = solves(position, r.move);
  count(position.goal, result);
  count(`${position.goal}, through a capture`, position.capture ? result : null);
  if (result === false)
    missed.push(
      `${position.id} (${position.goal} in ${position.plies}${position.capture ? ', capture' : ''}): played ${formatPoint(state.rules.size, r.move)} ${r.score}`,
    );
}
const seconds = (performance.now() - started) / 1000;
for (const line of missed) console.log(`missed ${line}`);
const rate = (t: Tally) => (t.hits + t.misses ? t.hits / (t.hits + t.misses) : 1);
for (const [key, t] of tallies) {
  if (key.includes('capture') && t.hits + t.misses === 0) continue;
  console.log(
    `${key}: ${t.hits}/${t.hits + t.misses} (${(100 * rate(t)).toFixed(1)}%)${t.unknown && !key.includes('capture') ? `, ${t.unknown} not decided by the prover` : ''}`,
  );
}
console.log(
  `${set.length} positions at ${nodes} nodes, ${Math.round(searched / set.length)} nodes a position, ${seconds.toFixed(0)} s`,
);
const win = tallies.get('win');
const defend = tallies.get('defend');
if ((win && rate(win) < 0.99) || (defend && rate(defend) < 0.95)) process.exitCode = 1;
