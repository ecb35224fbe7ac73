/**
 * Self-play match (npm run match): two engine configurations play each other from varied openings, each
 * opening twice with colours swapped, and the score is printed with a 95% error bar (from the spread of the
 * pairs' scores: see lib/match-stats.ts) and an Elo estimate.
 *
 *   npm run match -- --a default --b no-table --games 40 --ms 100 [--size 19] [--variant pente] [--threads 2]
 *                    [--nodes N | --depth D]              a node or depth limit per move instead of the time
 *   npm run match -- --a default --b default --book-a      A plays from the openings book (public/openings.bin)
 *                    [--opening-plies 2]                   (fewer preset opening moves leave the book more to do)
 *   npm run match -- --a default --b default --search-threads-a 2 --threads 1
 *                    A searches on 2 threads (Lazy SMP, src/ai/smp.ts), one game at a time
 *   npm run match -- … --search-threads-a 2 --nodes 60000 --lockstep
 *                    the same at equal nodes per thread, the threads kept in step: equal idle cores
 *                    simulated on a busy machine (the main search's node limit is the "time")
 *   npm run match -- --a default --b default --engine-b /tmp/main/src
 *                    B is another version of the engine: a copy of a branch's src/ (e.g. `git archive main src
 *                    | tar -x -C /tmp/main`; the folder also needs a package.json of {"type":"module"} and a
 *                    copy of tsconfig.base.json as tsconfig.json), loaded from there (--engine-a likewise)
 *   npm run match -- --a default --b default --ms 1000 --depth-b 12 --a-second
 *                    B searches to a fixed depth with no time limit (a deep opponent), and A only moves second
 *
 * Configurations are the named presets below (each a change to the default search settings). Openings are
 * the first moves of pente.org games from ../shared when present, else seeded random moves near the centre.
 * Games run in worker threads, two at a time by default (one per core).
 */
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { randomOpening } from './lib/openings';
import { type PairPoints, matchStats } from './lib/match-stats';
import { runPool } from './lib/worker-pool';
import { type SearchThreads, searchThreads } from './lib/search-threads';
import { type BoardSize, type GameState, type VariantId, loadRecord, newGame, play, splitRecords } from '../src/core';
import { Engine } from '../src/ai/engine';
import { OpeningBook } from '../src/ai/book/book';
import { DEFAULT_SETTINGS, type SearchSettings } from '../src/ai/search-settings';
import { DEFAULT_WEIGHTS, PRE_TEXEL_WEIGHTS } from '../src/ai/weights';
import { rng } from '../tests/helpers';

const PRESETS: Record<string, Partial<SearchSettings>> = {
  default: {},
  'no-table': { useTable: false },
  'no-quiescence': { useQuiescence: false },
  'no-reductions': { useReductions: false },
  'no-null-move': { useNullMove: false },
  /** Alpha-beta with the filter and quiescence, but none of the table, reductions, null move. */
  bare: {
    useTable: false,
    useReductions: false,
    useRootReductions: false,
    useNullMove: false,
  },
  /** The search before the VCF quiescence, root reductions and wider reductions (for comparisons). */
  classic: {
    vcfQuiescence: false,
    vcfPlies: 10,
    vcfWidth: 5,
    vcfMinThrees: 1,
    useRootReductions: false,
    reductionLimit: 12_000,
    reductionDepth: 3,
    nullMoveDeep: 99,
  },
  'no-vcf': { vcfQuiescence: false },
  'no-root-reductions': { useRootReductions: false },
  /** Lazy SMP helpers search every depth, as the main search does (with --search-threads-a/-b). */
  'smp-no-skip': { helperSkipDepths: false },
  /** Issue #15's capture-aware threat search, each change on and off (see SearchSettings; on by default: capture threats). */
  'capture-threats': { captureThreatFours: true },
  'no-capture-threats': { captureThreatFours: false },
  /** Issue #24's stopping rule (SearchSettings.unsettledTime) on and off. */
  'unsettled-time': { unsettledTime: true },
  'settled-time': { unsettledTime: false },
  narrow: {
    widths: [
      { keep: 8, extra: 2, margin: 0.5 },
      { keep: 6, extra: 2, margin: 0.5 },
      { keep: 5, extra: 2, margin: 0.5 },
    ],
  },
  /** The filter widths before self-play showed wider ones stronger. */
  medium: {
    widths: [
      { keep: 12, extra: 4, margin: 0.5 },
      { keep: 10, extra: 3, margin: 0.5 },
      { keep: 8, extra: 3, margin: 0.5 },
      { keep: 7, extra: 2, margin: 0.5 },
      { keep: 6, extra: 2, margin: 0.5 },
      { keep: 5, extra: 2, margin: 0.5 },
    ],
  },
  wider: {
    widths: [
      { keep: 20, extra: 8, margin: 0.4 },
      { keep: 18, extra: 6, margin: 0.4 },
      { keep: 16, extra: 6, margin: 0.4 },
    ],
  },
  'flat-lines': { weights: { ...DEFAULT_WEIGHTS, line: [0, 4, 16, 64, 256] } },
  'cheap-captures': { weights: { ...DEFAULT_WEIGHTS, captured: DEFAULT_WEIGHTS.captured.map((v) => v / 2) } },
  /** The hand-set evaluation weights before Texel tuning (src/ai/weights.ts). */
  'pre-texel': { weights: PRE_TEXEL_WEIGHTS },
};

interface Job {
  game: number;
  opening: number[];
  aIsPlayer1: boolean;
}
interface Setup {
  a: string;
  b: string;
  ms: number;
  nodes: number;
  /** A fixed depth per move (0: none), for comparisons that leave out speed. */
  depth: number;
  size: BoardSize;
  variant: VariantId;
  maxPlies: number;
  /** Give A (or B) the openings book at this path (--book-a, --book-b); the book varies with the game number. */
  bookA: string | null;
  bookB: string | null;
  /** Search threads of A and of B (Lazy SMP; 1: a single thread, as before). */
  searchThreadsA: number;
  searchThreadsB: number;
  /** Threads keep pace with each other (smp.ts `lockstep`): with --nodes, equal idle cores on a busy machine. */
  lockstep: boolean;
  /** A source folder (a copy of some version's src/) to load A's or B's engine from instead of this one's. */
  engineA: string | null;
  engineB: string | null;
  /** B's own fixed depth per move with no time limit (0: B thinks as A does). */
  depthB: number;
}
interface Outcome {
  game: number;
  aIsPlayer1: boolean;
  /** Points for A: 1 win, 0.5 draw, 0 loss. */
  points: number;
  plies: number;
  reason: string;
  /** Moves A and B played from the book. */
  bookMoves: [number, number];
  /** Milliseconds A and B thought, and the moves they searched (not from the book). */
  thinkMs: [number, number];
  searched: [number, number];
}

/** What a side needs of an engine version: its Engine class and its default settings. */
interface EngineVersion {
  Engine: typeof Engine;
  DEFAULT_SETTINGS: SearchSettings;
}
const versions: { a: EngineVersion; b: EngineVersion } = {
  a: { Engine, DEFAULT_SETTINGS },
  b: { Engine, DEFAULT_SETTINGS },
};
/** Loads an engine version from another source folder (see --engine-a / --engine-b). */
async function loadVersion(src: string | null): Promise<EngineVersion> {
  if (!src) return { Engine, DEFAULT_SETTINGS };
  const engine = (await import(pathToFileURL(`${src}/ai/engine.ts`).href)) as { Engine: typeof Engine };
  // (The settings live in search-settings.ts since issue #23, in search.ts before.)
  const settingsFile = existsSync(`${src}/ai/search-settings.ts`) ? 'search-settings.ts' : 'search.ts';
  const settings = (await import(pathToFileURL(`${src}/ai/${settingsFile}`).href)) as {
    DEFAULT_SETTINGS: SearchSettings;
  };
  return { Engine: engine.Engine, DEFAULT_SETTINGS: settings.DEFAULT_SETTINGS };
}

const books = new Map<string, OpeningBook>();
const loadBook = (path: string): OpeningBook => {
  let book = books.get(path);
  if (!book) books.set(path, (book = new OpeningBook(readFileSync(path))));
  return book;
};

/** Each side's helper threads, started once per game worker. */
const helpers: { a: SearchThreads | null; b: SearchThreads | null } = { a: null, b: null };

function engineFor(version: EngineVersion, threads: number, pool: SearchThreads | null): Engine {
  const engine = new version.Engine(18, { sharedTable: threads > 1 });
  engine.setHelpers(pool?.channels ?? null);
  return engine;
}

function playGame(setup: Setup, job: Job): Outcome {
  const engines = {
    a: engineFor(versions.a, setup.searchThreadsA, helpers.a),
    b: engineFor(versions.b, setup.searchThreadsB, helpers.b),
  };
  if (setup.bookA) engines.a.setBook(loadBook(setup.bookA));
  if (setup.bookB) engines.b.setBook(loadBook(setup.bookB));
  const bookMoves: [number, number] = [0, 0];
  const thinkMs: [number, number] = [0, 0];
  const searched: [number, number] = [0, 0];
  let state: GameState = newGame({ variant: setup.variant, size: setup.size });
  for (const m of job.opening) {
    const next = play(state, m);
    if (!next.ok) break;
    state = next.value;
  }
  while (!state.result && state.moves.length < setup.maxPlies) {
    const aToMove = (state.toMove === 1) === job.aIsPlayer1;
    const name = aToMove ? setup.a : setup.b;
    const deep = !aToMove && setup.depthB > 0;
    const r = (aToMove ? engines.a : engines.b).think(state, {
      timeMs: setup.ms,
      ...(setup.nodes && !deep ? { nodes: setup.nodes, timeMs: 60_000 } : {}),
      ...(setup.depth && !deep ? { depth: setup.depth, timeMs: 60_000 } : {}),
      ...(deep ? { depth: setup.depthB, timeMs: 3_600_000 } : {}),
      settings: { ...(aToMove ? versions.a : versions.b).DEFAULT_SETTINGS, ...PRESETS[name] },
      seed: job.game,
      ...(setup.lockstep ? { lockstep: true } : {}),
    });
    if (r.book) bookMoves[aToMove ? 0 : 1]++;
    else {
      thinkMs[aToMove ? 0 : 1] += r.timeMs;
      searched[aToMove ? 0 : 1]++;
    }
    const next = play(state, r.move);
    if (!next.ok) throw new Error(`${name} played an illegal move: ${next.error.message}`);
    state = next.value;
  }
  const winner = state.result?.winner ?? null;
  const aPlayer = job.aIsPlayer1 ? 1 : 2;
  const points = winner === null ? 0.5 : winner === aPlayer ? 1 : 0;
  return {
    game: job.game,
    aIsPlayer1: job.aIsPlayer1,
    points,
    plies: state.moves.length,
    reason: state.result?.reason ?? 'move limit',
    bookMoves,
    thinkMs,
    searched,
  };
}

function openings(count: number, size: BoardSize, variant: VariantId, seed: number, plies = 0): number[][] {
  const corpus = new URL('../../shared/data/pente-org-games.pgn.gz', import.meta.url);
  const out: number[][] = [];
  if (size === 19 && variant === 'pente' && existsSync(corpus)) {
    const games = splitRecords(gunzipSync(readFileSync(corpus)).toString('utf8'));
    const step = Math.floor(games.length / count);
    for (let i = 0; out.length < count && i < games.length; i += step) {
      const g = loadRecord(games[i]!.text);
      if (g.ok && g.value.record.moves.length >= 12) out.push(g.value.record.moves.slice(0, plies || 4 + (i % 3)));
    }
    return out;
  }
  const random = rng(seed);
  while (out.length < count) out.push(randomOpening(variant, size, random, [plies || 4, plies || 4]));
  return out;
}

if (isMainThread) {
  const { values } = parseArgs({
    options: {
      a: { type: 'string', default: 'default' },
      b: { type: 'string', default: 'no-table' },
      games: { type: 'string', default: '20' },
      ms: { type: 'string', default: '100' },
      nodes: { type: 'string', default: '0' },
      depth: { type: 'string', default: '0' },
      size: { type: 'string', default: '19' },
      variant: { type: 'string', default: 'pente' },
      threads: { type: 'string', default: String(Math.min(2, availableParallelism())) },
      seed: { type: 'string', default: '1' },
      'book-a': { type: 'boolean', default: false },
      /** Moves of each pente.org opening to play before the engines take over (default 4 to 6). */
      'opening-plies': { type: 'string', default: '0' },
      'book-b': { type: 'boolean', default: false },
      'search-threads-a': { type: 'string', default: '1' },
      'search-threads-b': { type: 'string', default: '1' },
      lockstep: { type: 'boolean', default: false },
      'engine-a': { type: 'string', default: '' },
      'engine-b': { type: 'string', default: '' },
      'depth-b': { type: 'string', default: '0' },
      /** Play only the games where A moves second (each opening once). */
      'a-second': { type: 'boolean', default: false },
      book: { type: 'string', default: fileURLToPath(new URL('../public/openings.bin', import.meta.url)) },
    },
  });
  for (const name of [values.a, values.b]) {
    if (!(name in PRESETS)) throw new Error(`Unknown preset "${name}": ${Object.keys(PRESETS).join(', ')}`);
  }
  const setup: Setup = {
    a: values.a,
    b: values.b,
    ms: Number(values.ms),
    nodes: Number(values.nodes),
    depth: Number(values.depth),
    size: Number(values.size) as BoardSize,
    variant: values.variant as VariantId,
    maxPlies: 240,
    bookA: values['book-a'] ? values.book : null,
    bookB: values['book-b'] ? values.book : null,
    searchThreadsA: Number(values['search-threads-a']),
    searchThreadsB: Number(values['search-threads-b']),
    lockstep: values.lockstep,
    engineA: values['engine-a'] || null,
    engineB: values['engine-b'] || null,
    depthB: Number(values['depth-b']),
  };
  const pairs = Math.ceil(Number(values.games) / 2);
  const jobs: Job[] = openings(
    pairs,
    setup.size,
    setup.variant,
    Number(values.seed),
    Number(values['opening-plies']),
  ).flatMap((opening, i) => [
    { game: 2 * i, opening, aIsPlayer1: true },
    { game: 2 * i + 1, opening, aIsPlayer1: false },
  ]);
  // (A moving second only: every opening once, so the error bar is by game, not by pair.)
  if (values['a-second']) jobs.splice(0, jobs.length, ...jobs.filter((j) => !j.aIsPlayer1));
  const outcomes: Outcome[] = [];
  const started = Date.now();
  await runPool<Job, Outcome>(new URL(import.meta.url), setup, jobs, Number(values.threads), (outcome) => {
    outcomes.push(outcome);
    const a = outcomes.reduce((s, o) => s + o.points, 0);
    console.log(
      `game ${String(outcome.game + 1).padStart(3)}: ${setup.a} as ${outcome.aIsPlayer1 ? 'P1' : 'P2'} ${outcome.points === 1 ? 'wins' : outcome.points === 0 ? 'loses' : 'draws'} (${outcome.reason}, ${outcome.plies} plies)  running ${a}/${outcomes.length}`,
    );
  });
  const n = outcomes.length;
  const byGame = new Map(outcomes.map((o) => [o.game, o.points]));
  const pairPoints: PairPoints[] = [];
  for (let i = 0; i < pairs; i++) {
    const x = byGame.get(2 * i);
    const y = byGame.get(2 * i + 1);
    if (x !== undefined && y !== undefined) pairPoints.push([x, y]);
  }
  // A moving second only: each game is its own "pair" (its score counted twice, so the statistics stay per game).
  const stats = matchStats(values['a-second'] ? outcomes.map((o): PairPoints => [o.points, o.points]) : pairPoints);
  const wins = outcomes.filter((o) => o.points === 1).length;
  const draws = outcomes.filter((o) => o.points === 0.5).length;
  const summary = {
    a:
      setup.a +
      (setup.engineA ? `@${setup.engineA}` : '') +
      (setup.bookA ? '+book' : '') +
      (setup.searchThreadsA > 1 ? `×${setup.searchThreadsA}` : ''),
    b:
      setup.b +
      (setup.engineB ? `@${setup.engineB}` : '') +
      (setup.bookB ? '+book' : '') +
      (setup.searchThreadsB > 1 ? `×${setup.searchThreadsB}` : '') +
      (setup.depthB ? ` at depth ${setup.depthB}` : ''),
    games: n,
    wins,
    draws,
    losses: n - wins - draws,
    score: Number(stats.score.toFixed(3)),
    margin95: Number(stats.margin95.toFixed(3)),
    elo: Math.round(stats.elo),
    eloLow: Math.round(stats.eloLow),
    eloHigh: Math.round(stats.eloHigh),
    pentanomial: stats.pentanomial,
    msPerMove: setup.ms,
    nodesPerMove: setup.nodes || null,
    depthPerMove: setup.depth || null,
    seconds: Math.round((Date.now() - started) / 1000),
    /** Mean think time per searched move, A and B (the share of the budget the stopping rule used). */
    thinkMsPerMove: [0, 1].map((i) =>
      Math.round(
        outcomes.reduce((s, o) => s + o.thinkMs[i]!, 0) /
          Math.max(
            1,
            outcomes.reduce((s, o) => s + o.searched[i]!, 0),
          ),
      ),
    ),
    bookMovesPerGame: [0, 1].map((i) => Number((outcomes.reduce((s, o) => s + o.bookMoves[i]!, 0) / n).toFixed(2))),
  };
  console.log(
    `\n${summary.a} vs ${summary.b}: +${wins} =${draws} -${summary.losses}  score ${(stats.score * 100).toFixed(1)}% ± ${(stats.margin95 * 100).toFixed(1)}% (by pair)  Elo ${summary.elo} [${summary.eloLow}, ${summary.eloHigh}]  pairs 0/½/1/1½/2: ${stats.pentanomial.join(' ')}`,
  );
  console.log(JSON.stringify(summary));
} else {
  const setup = workerData as Setup;
  versions.a = await loadVersion(setup.engineA);
  versions.b = await loadVersion(setup.engineB);
  if (setup.searchThreadsA > 1) helpers.a = await searchThreads(setup.searchThreadsA - 1);
  if (setup.searchThreadsB > 1) helpers.b = await searchThreads(setup.searchThreadsB - 1);
  parentPort!.on('message', (job: Job) => parentPort!.postMessage(playGame(setup, job)));
  // Helper threads would keep the worker alive: end them when the pool ends this worker.
  parentPort!.once('close', () => void Promise.all([helpers.a?.close(), helpers.b?.close()]));
}
