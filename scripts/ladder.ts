/**
 * The ladder (npm run ladder): self-play among the named computer players, each at its own settings (depth,
 * think time, vision, judgement, book), and the scripted blocker below them (lib/blocker.ts), with every
 * player's Elo relative to Beginner and a 95% interval.
 *
 *   npm run ladder -- [--pairs 20] [--reach 2] [--players blocker,beginner,...] [--threads 2] [--seed 1]
 *                     [--set beginner:depth=1,vision=50 ...] [--anchor beginner] [--out ladder.json]
 *
 * Not a full round robin (Master's games are slow): each player meets the next `reach` players up the
 * ladder, `pairs` openings each played twice with colours swapped. The openings are random (2 to 4 moves near
 * the centre, seeded) and the same for every pairing; each game has its own seed and each move's seed is the
 * game's plus the move number, as in the app. So a run replays exactly up to the think-time limits (a level
 * stopped by its depth is deterministic; one stopped by the clock depends on the machine's speed).
 *
 * `--set id:key=value,...` changes a level's settings for the run, or defines a new player (a new id needs
 * every setting): how candidate levels were tried before they were written into src/core/levels.ts.
 * Ratings are a Bradley–Terry maximum-likelihood fit (lib/bradley-terry.ts) with a Fisher interval and a
 * bootstrap over pairs. Run it with `nice -n 15` on a shared machine.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { bootstrapElo, fitElo, pairingScores } from './lib/bradley-terry';
import { blockerMove } from './lib/blocker';
import { randomOpening } from './lib/openings';
import { runPool } from './lib/worker-pool';
import { type EngineLevel, type GameState, LEVELS, newGame, play } from '../src/core';
import { OpeningBook } from '../src/ai/book/book';
import { Engine } from '../src/ai/engine';
import { rng } from '../tests/helpers';

/** A player on the ladder: a level's settings, or the scripted blocker. */
type Entrant = EngineLevel | { readonly id: 'blocker'; readonly name: 'Blocker' };
const BLOCKER: Entrant = { id: 'blocker', name: 'Blocker' };
const isLevel = (e: Entrant): e is EngineLevel => e.id !== 'blocker' || 'depth' in e;
const SETTINGS = ['depth', 'timeMs', 'vision', 'judgement', 'book'] as const;

interface Setup {
  readonly entrants: readonly Entrant[];
  readonly bookPath: string;
  readonly maxPlies: number;
}
interface Job {
  readonly pairing: number;
  readonly pair: number;
  readonly a: number;
  readonly b: number;
  readonly opening: readonly number[];
  readonly aIsPlayer1: boolean;
  readonly seed: number;
}
interface Outcome {
  readonly job: Job;
  /** A's points: 1 win, 0.5 draw (the move limit), 0 loss. */
  readonly points: number;
  readonly plies: number;
  readonly reason: string;
  readonly seconds: number;
  /** Seconds each side spent choosing its moves, and how many it chose. */
  readonly thinkSeconds: readonly [number, number];
  readonly moves: readonly [number, number];
}

let engines: [Engine, Engine] | null = null;
let book: OpeningBook | null = null;

function playGame(setup: Setup, job: Job): Outcome {
  engines ??= [new Engine(), new Engine()];
  book ??= new OpeningBook(readFileSync(setup.bookPath));
  const sides = [setup.entrants[job.a]!, setup.entrants[job.b]!] as const;
  sides.forEach((_, i) => {
    engines![i]!.newGame();
    engines![i]!.setBook(book);
  });
  const random = rng(job.seed);
  const started = performance.now();
  const thinkSeconds: [number, number] = [0, 0];
  const moves: [number, number] = [0, 0];
  let state: GameState = newGame({ variant: 'pente', size: 19 });
  for (const m of job.opening) {
    const next = play(state, m);
    if (!next.ok) throw new Error(`Bad opening: ${next.error.message}`);
    state = next.value;
  }
  while (!state.result && state.moves.length < setup.maxPlies) {
    const side = (state.toMove === 1) === job.aIsPlayer1 ? 0 : 1;
    const entrant = sides[side];
    const t = performance.now();
    const move = isLevel(entrant)
      ? engines[side].think(state, { level: entrant, seed: job.seed + state.moves.length }).move
      : blockerMove(state, random);
    thinkSeconds[side] += (performance.now() - t) / 1000;
    moves[side]++;
    const next = play(state, move);
    if (!next.ok) throw new Error(`${entrant.name} played an illegal move: ${next.error.message}`);
    state = next.value;
  }
  const winner = state.result?.winner ?? null;
  const aPlayer = job.aIsPlayer1 ? 1 : 2;
  return {
    job,
    points: winner === null ? 0.5 : winner === aPlayer ? 1 : 0,
    plies: state.moves.length,
    reason: state.result?.reason ?? 'move limit',
    seconds: (performance.now() - started) / 1000,
    thinkSeconds,
    moves,
  };
}

/** `id:key=value,...` applied to the entrants (a new id is added above the others, with every setting). */
function applySet(entrants: Entrant[], spec: string): void {
  const [id, body] = spec.split(':');
  if (!id || !body) throw new Error(`--set wants id:key=value,...: "${spec}"`);
  const changes: Record<string, number | boolean | string> = {};
  for (const kv of body.split(',')) {
    const [key, value] = kv.split('=');
    if (!key || value === undefined) throw new Error(`--set: bad "${kv}"`);
    changes[key] =
      key === 'book' ? value === '1' || value === 'true' : key === 'name' ? value : Number.parseFloat(value);
  }
  const i = entrants.findIndex((e) => e.id === id);
  const base = i >= 0 ? entrants[i]! : { id, name: id };
  const changed = { ...base, ...changes } as EngineLevel;
  for (const key of SETTINGS) if (changed[key] === undefined) throw new Error(`--set ${id}: a new player needs ${key}`);
  if (i >= 0) entrants[i] = changed;
  else entrants.push(changed);
}

const settingsText = (e: Entrant): string =>
  isLevel(e)
    ? `d${e.depth} ${e.timeMs / 1000}s v${e.vision} j${e.judgement}${e.book ? ' book' : ''}`
    : 'scripted: blocks fours';

if (isMainThread) {
  const { values } = parseArgs({
    options: {
      players: { type: 'string', default: ['blocker', ...LEVELS.map((l) => l.id)].join(',') },
      set: { type: 'string', multiple: true, default: [] },
      pairs: { type: 'string', default: '20' },
      reach: { type: 'string', default: '2' },
      threads: { type: 'string', default: String(Math.min(2, availableParallelism())) },
      seed: { type: 'string', default: '1' },
      anchor: { type: 'string', default: 'beginner' },
      samples: { type: 'string', default: '1000' },
      out: { type: 'string' },
      book: { type: 'string', default: fileURLToPath(new URL('../public/openings.bin', import.meta.url)) },
    },
  });
  const pool: Entrant[] = [BLOCKER, ...LEVELS];
  for (const spec of values.set) applySet(pool, spec);
  const entrants = values.players.split(',').map((id) => {
    const e = pool.find((p) => p.id === id);
    if (!e) throw new Error(`Unknown player "${id}": ${pool.map((p) => p.id).join(', ')}`);
    return e;
  });
  const anchor = entrants.findIndex((e) => e.id === values.anchor);
  if (anchor < 0) throw new Error(`The anchor "${values.anchor}" is not among the players`);
  const pairs = Number(values.pairs);
  const reach = Number(values.reach);
  const seed = Number(values.seed);
  const openingRandom = rng(seed);
  const openings = Array.from({ length: pairs }, () => randomOpening('pente', 19, openingRandom, [2, 4]));
  const pairings: [number, number][] = [];
  for (let k = 1; k <= reach; k++) for (let a = 0; a + k < entrants.length; a++) pairings.push([a, a + k]);
  const cost = (e: Entrant) => (isLevel(e) ? e.timeMs : 0);
  const jobs: Job[] = pairings
    .flatMap(([a, b], pairing) =>
      openings.flatMap((opening, pair) =>
        [true, false].map((aIsPlayer1, colour) => ({
          pairing,
          pair,
          a,
          b,
          opening,
          aIsPlayer1,
          seed: seed * 100_000 + pairing * 2000 + pair * 2 + colour,
        })),
      ),
    )
    // The slowest games first, so the last games to finish are short ones and both threads stay busy.
    .sort((x, y) => cost(entrants[y.b]!) + cost(entrants[y.a]!) - cost(entrants[x.b]!) - cost(entrants[x.a]!));
  const setup: Setup = { entrants, bookPath: values.book, maxPlies: 240 };
  const outcomes: Outcome[] = [];
  const started = Date.now();
  console.log(
    `${entrants.length} players, ${pairings.length} pairings × ${pairs} pairs = ${jobs.length} games, ${values.threads} threads`,
  );
  await runPool<Job, Outcome>(new URL(import.meta.url), setup, jobs, Number(values.threads), (o) => {
    outcomes.push(o);
    const [a, b] = [entrants[o.job.a]!.id, entrants[o.job.b]!.id];
    const result = o.points === 1 ? 'beats' : o.points === 0 ? 'loses to' : 'draws';
    console.log(
      `${String(outcomes.length).padStart(4)}/${jobs.length} ${a} ${result} ${b} as ${o.job.aIsPlayer1 ? 'P1' : 'P2'} (${o.reason}, ${o.plies} plies, ${o.seconds.toFixed(1)} s)`,
    );
  });

  // Pairs back together, per pairing.
  const pairPoints = pairings.map(([a, b], pairing) => {
    const list: [number, number][] = [];
    for (let pair = 0; pair < pairs; pair++) {
      const games = outcomes.filter((o) => o.job.pairing === pairing && o.job.pair === pair);
      if (games.length === 2) list.push([games[0]!.points, games[1]!.points]);
    }
    return { a, b, pairs: list };
  });
  const fit = fitElo(entrants.length, pairingScores(pairPoints), { anchor });
  const boot = bootstrapElo(entrants.length, pairPoints, {
    anchor,
    samples: Number(values.samples),
    random: rng(seed + 99),
  });
  const minutes = (Date.now() - started) / 60_000;

  console.log('\nPairings (A vs B: A’s score)');
  for (const { a, b, pairs: list } of pairPoints) {
    const points = list.reduce((s, [x, y]) => s + x + y, 0);
    console.log(
      `  ${entrants[a]!.id.padEnd(13)} vs ${entrants[b]!.id.padEnd(13)} ${String(points).padStart(5)} / ${2 * list.length}`,
    );
  }
  const rows = entrants.map((e, i) => {
    const mine = outcomes.filter((o) => o.job.a === i || o.job.b === i);
    const side = (o: Outcome) => (o.job.a === i ? 0 : 1);
    const think = mine.reduce((s, o) => s + o.thinkSeconds[side(o)]!, 0);
    const moves = mine.reduce((s, o) => s + o.moves[side(o)]!, 0);
    return {
      id: e.id,
      settings: settingsText(e),
      elo: Math.round(fit.elo[i]!),
      se: Math.round(fit.se[i]!),
      low: Math.round(boot.low[i]!),
      high: Math.round(boot.high[i]!),
      games: mine.length,
      secondsPerGame: Number((mine.reduce((s, o) => s + o.seconds, 0) / Math.max(1, mine.length)).toFixed(1)),
      thinkPerMove: Number((think / Math.max(1, moves)).toFixed(3)),
    };
  });
  console.log(
    `\nElo relative to ${values.anchor} (Bradley–Terry fit; ±1.96·SE Fisher; bootstrap 95% over pairs; stored: src/core/levels.ts)`,
  );
  console.log(
    `  ${'player'.padEnd(13)} ${'settings'.padEnd(28)} ${'Elo'.padStart(6)} ${'±Fisher'.padStart(8)} ${'bootstrap 95%'.padStart(15)} ${'step'.padStart(5)} ${'stored'.padStart(6)} ${'games'.padStart(5)} ${'s/game'.padStart(7)} ${'s/move'.padStart(7)}`,
  );
  // The Elo src/core/levels.ts holds for a level with these very settings (what the app shows), to compare.
  const stored = (id: string): string => {
    const entrant = entrants.find((e) => e.id === id)!;
    const level = LEVELS.find((l) => l.id === id);
    const same = level && isLevel(entrant) && SETTINGS.every((key) => level[key] === entrant[key]);
    return same ? String(level.elo) : '';
  };
  rows.forEach((r, i) => {
    const step = i > 0 ? String(r.elo - rows[i - 1]!.elo) : '';
    console.log(
      `  ${r.id.padEnd(13)} ${r.settings.padEnd(28)} ${String(r.elo).padStart(6)} ${`±${Math.round(1.96 * r.se)}`.padStart(8)} ${`[${r.low}, ${r.high}]`.padStart(15)} ${step.padStart(5)} ${stored(r.id).padStart(6)} ${String(r.games).padStart(5)} ${r.secondsPerGame.toFixed(1).padStart(7)} ${r.thinkPerMove.toFixed(3).padStart(7)}`,
    );
  });
  console.log(`\n${jobs.length} games in ${minutes.toFixed(1)} min (${values.threads} threads)`);
  const summary = {
    options: { ...values, set: values.set },
    minutes: Number(minutes.toFixed(1)),
    players: rows,
    pairings: pairPoints.map(({ a, b, pairs: list }) => ({
      a: entrants[a]!.id,
      b: entrants[b]!.id,
      pairs: list,
    })),
  };
  if (values.out) writeFileSync(values.out, JSON.stringify(summary, null, 1) + '\n');
  console.log(JSON.stringify({ ...summary, pairings: undefined }));
} else {
  parentPort!.on('message', (job: Job) => parentPort!.postMessage(playGame(workerData as Setup, job)));
}
