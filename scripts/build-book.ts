/**
 * Builds the openings book (npm run build:book) and writes it to public/openings.bin.
 *
 *   npm run build:book                          the pente.org master games only (a few seconds)
 *   npm run build:book -- --self-play 20        plus 20 engine self-play games per section (see below)
 *   npm run build:book -- --self-play 400 --ms 500 --threads 8     the deep version (hours on 2 cores)
 *
 * Options: --games FILE (default ../shared/data/pente-org-games.pgn.gz, gzip or plain text), --out FILE,
 * --self-play N (games per section, default 0), --ms (think time per self-play move, default 100),
 * --threads (default: up to 2), --seed, --sections (default pente:19,pente:13,keryo:19), --opening-plies
 * (random moves before the engines play: N or N-M, default 2-4; fewer make games share more positions),
 * --save-games FILE (append each self-play game to FILE as a JSON line, as it finishes, so a long run that
 * is stopped keeps what it played), --add-games FILE[,FILE…] (count self-play games saved earlier, without
 * playing them again: the shipped book is rebuilt from data/self-play/*.jsonl this way).
 *
 * Master games count every move of their first plies with the players' ratings. Self-play games start from
 * a few seeded random legal moves near the centre (so they vary); only the engine's own moves count, with its
 * level's nominal rating (SELF_PLAY_RATINGS). They run in worker threads, through tsx's loader.
 * Thresholds: src/ai/book/builder.ts (BOOK_THRESHOLDS).
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { randomOpening } from './lib/openings';
import { runPool } from './lib/worker-pool';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import {
  type BoardSize,
  type GameState,
  type Player,
  type VariantId,
  formatPoint,
  headerValue,
  parsePoint,
  loadRecord,
  makeRules,
  newGame,
  play,
  replay,
  splitRecords,
} from '../src/core';
import { OpeningBook } from '../src/ai/book/book';
import { BookBuilder } from '../src/ai/book/builder';
import { BOOK_FLAG_MASTER_GAMES, BOOK_FLAG_SELF_PLAY, type PackedPosition, pack } from '../src/ai/book/pack';
import { Engine } from '../src/ai/engine';
import { rng } from '../tests/helpers';

/** Rating-like numbers for the engine's levels in self-play (nominal, for weighting choices only). */
export const SELF_PLAY_RATINGS: Record<string, number> = {
  intermediate: 1500,
  advanced: 1700,
  expert: 1900,
  master: 2000,
};
const SELF_PLAY_LEVELS = ['advanced', 'expert'] as const;
const MAX_PLIES = 200;

interface SelfPlayJob {
  variant: VariantId;
  size: BoardSize;
  seed: number;
  opening: number[];
  levels: [string, string];
  ms: number;
}
interface SelfPlayGame {
  job: SelfPlayJob;
  moves: number[];
  /** The winner, or null for a draw (a full board or the ply limit). */
  winner: Player | null;
}

function selfPlay(job: SelfPlayJob): SelfPlayGame {
  const engines = [new Engine(18), new Engine(18)];
  let state: GameState = newGame({ variant: job.variant, size: job.size });
  for (const m of job.opening) {
    const next = play(state, m);
    if (!next.ok) throw new Error(`bad opening: ${next.error.message}`);
    state = next.value;
  }
  while (!state.result && state.moves.length < MAX_PLIES) {
    const p = state.toMove - 1;
    const r = engines[p]!.think(state, { level: job.levels[p]!, timeMs: job.ms, seed: job.seed, book: false });
    const next = play(state, r.move);
    if (!next.ok) throw new Error(`self-play: illegal move ${next.error.message}`);
    state = next.value;
  }
  return { job, moves: [...state.moves], winner: state.result?.winner ?? null };
}

/** One self-play game as saved by --save-games (one JSON line; moves in pente.org coordinates). */
interface SavedGame {
  variant: VariantId;
  size: BoardSize;
  levels: [string, string];
  ms: number;
  /** Plies of random opening before the engine's own moves. */
  openingPlies: number;
  moves: string[];
  winner: Player | null;
}

const toSaved = (g: SelfPlayGame): SavedGame => ({
  variant: g.job.variant,
  size: g.job.size,
  levels: g.job.levels,
  ms: g.job.ms,
  openingPlies: g.job.opening.length,
  moves: g.moves.map((m) => formatPoint(g.job.size, m)),
  winner: g.winner,
});

function readSavedGames(file: string): SavedGame[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      try {
        return JSON.parse(line) as SavedGame;
      } catch {
        throw new Error(`${file}:${i + 1}: not a JSON line`);
      }
    });
}

function runSelfPlay(jobs: SelfPlayJob[], threads: number, onGame: (g: SelfPlayGame) => void): Promise<void> {
  return runPool(new URL(import.meta.url), null, jobs, threads, onGame);
}

const rating = (headers: Parameters<typeof headerValue>[0], player: 1 | 2): number | null => {
  const v = Number(headerValue(headers, `Player ${player} Rating`));
  return Number.isFinite(v) && v > 0 ? v : null;
};

async function main(): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { values } = parseArgs({
    options: {
      games: {
        type: 'string',
        default: fileURLToPath(new URL('../../shared/data/pente-org-games.pgn.gz', import.meta.url)),
      },
      out: { type: 'string', default: `${root}public/openings.bin` },
      'self-play': { type: 'string', default: '0' },
      ms: { type: 'string', default: '100' },
      threads: { type: 'string', default: String(Math.min(2, availableParallelism())) },
      seed: { type: 'string', default: '1' },
      sections: { type: 'string', default: 'pente:19,pente:13,keryo:19' },
      'opening-plies': { type: 'string', default: '2-4' },
      'save-games': { type: 'string' },
      'add-games': { type: 'string' },
    },
  });
  const started = performance.now();
  const builders = new Map<string, BookBuilder>();
  const builder = (variant: VariantId, size: number): BookBuilder => {
    const key = `${variant}:${size}`;
    let b = builders.get(key);
    if (!b) builders.set(key, (b = new BookBuilder()));
    return b;
  };
  let flags = 0;
  const report: Record<string, unknown> = {};
  /** Positions of the games counted (every 7th game's first 24 plies), to time lookups in the built book. */
  const samples: GameState[] = [];
  let sampled = 0;
  const sample = (final: GameState): void => {
    if (sampled++ % 7 !== 0) return;
    for (let s: GameState | null = final; s; s = s.parent) if (s.moves.length < 24) samples.push(s);
  };

  // The master games.
  if (existsSync(values.games)) {
    const data = readFileSync(values.games);
    const text = (data[0] === 0x1f && data[1] === 0x8b ? gunzipSync(data) : data).toString('utf8');
    const records = splitRecords(text);
    let clean = 0;
    const failures: string[] = [];
    for (const r of records) {
      const loaded = loadRecord(r.text, r.firstLine);
      if (!loaded.ok) {
        failures.push(`line ${loaded.error.line}: ${loaded.error.message}`);
        continue;
      }
      clean++;
      const { record, state } = loaded.value;
      const winner =
        record.result === '1-0' ? 1 : record.result === '0-1' ? 2 : record.result === '1/2-1/2' ? null : undefined;
      sample(state);
      builder(record.rules.variant.id, record.rules.size).addGame(state, {
        winner,
        ratings: [rating(record.headers, 1), rating(record.headers, 2)],
      });
    }
    flags |= BOOK_FLAG_MASTER_GAMES;
    report.masterGames = { records: records.length, replayed: clean, failed: failures.length, failures };
  } else {
    console.warn(`No master games at ${values.games}: building from self-play only.`);
  }

  const addSelfPlay = (g: SavedGame, where: string): void => {
    const points = g.moves.map((m) => parsePoint(g.size, m) ?? -1);
    const replayed = replay({ variant: g.variant, size: g.size }, points);
    if (!replayed.ok) throw new Error(`${where}: self-play game does not replay: ${replayed.error.illegal.message}`);
    sample(replayed.value);
    builder(g.variant, g.size).addGame(replayed.value, {
      winner: g.winner,
      ratings: [SELF_PLAY_RATINGS[g.levels[0]] ?? null, SELF_PLAY_RATINGS[g.levels[1]] ?? null],
      fromPly: g.openingPlies,
    });
  };

  // Self-play games saved by earlier runs.
  if (values['add-games']) {
    let added = 0;
    for (const file of values['add-games'].split(',')) {
      const games = readSavedGames(file);
      games.forEach((g, i) => addSelfPlay(g, `${file}:${i + 1}`));
      added += games.length;
    }
    flags |= BOOK_FLAG_SELF_PLAY;
    report.savedSelfPlay = { files: values['add-games'].split(','), games: added };
  }

  // Engine self-play.
  const perSection = Number(values['self-play']);
  if (perSection > 0) {
    const random = rng(Number(values.seed));
    const [fewest, most = fewest] = values['opening-plies'].split('-').map(Number) as [number, number?];
    if (!(fewest >= 1 && most >= fewest))
      throw new Error(`--opening-plies: "${values['opening-plies']}" is not N or N-M`);
    const openingPlies: [number, number] = [fewest, most];
    const jobs: SelfPlayJob[] = [];
    const sections = values.sections.split(',').map((section) => {
      const [variant, sizeText] = section.split(':') as [VariantId, string];
      const size = Number(sizeText) as BoardSize;
      makeRules({ variant, size }); // throws early on a bad section name
      return { variant, size };
    });
    // Round robin over the sections, so a run stopped early (see --save-games) has played each alike.
    for (let i = 0; i < perSection; i++) {
      for (const { variant, size } of sections) {
        const levels: [string, string] = [
          SELF_PLAY_LEVELS[Math.floor(random() * SELF_PLAY_LEVELS.length)]!,
          SELF_PLAY_LEVELS[Math.floor(random() * SELF_PLAY_LEVELS.length)]!,
        ];
        const opening = randomOpening(variant, size, random, openingPlies);
        jobs.push({ variant, size, seed: Math.floor(random() * 2 ** 31), opening, levels, ms: Number(values.ms) });
      }
    }
    let done = 0;
    const selfStarted = performance.now();
    const save = values['save-games'];
    if (save) mkdirSync(dirname(save), { recursive: true });
    await runSelfPlay(jobs, Number(values.threads), (g) => {
      const saved = toSaved(g);
      if (save) appendFileSync(save, `${JSON.stringify(saved)}\n`);
      addSelfPlay(saved, 'self-play');
      done++;
      if (done % 10 === 0 || done === jobs.length) console.log(`self-play: ${done}/${jobs.length} games`);
    });
    flags |= BOOK_FLAG_SELF_PLAY;
    report.selfPlay = {
      gamesPerSection: perSection,
      msPerMove: Number(values.ms),
      seconds: Math.round((performance.now() - selfStarted) / 1000),
    };
  }

  const positions: PackedPosition[] = [];
  const sections: Record<string, unknown> = {};
  let games = 0;
  for (const [name, b] of builders) {
    const built = b.build();
    positions.push(...built);
    games += b.games;
    sections[name] = {
      games: b.games,
      positionsSeen: b.seen,
      positions: built.length,
      moves: built.reduce((s, p) => s + p.moves.length, 0),
      movesOffBoardWhenTranslated: b.skippedMoves,
    };
  }
  const bytes = pack(positions, { games, flags });
  mkdirSync(dirname(values.out), { recursive: true });
  writeFileSync(values.out, bytes);
  // Lookup time: open the packed book as the worker does, then look up every sampled position.
  const openStarted = performance.now();
  const book = new OpeningBook(bytes);
  const openMs = performance.now() - openStarted;
  for (const s of samples.slice(0, 200)) book.lookup(s); // warm-up
  const lookupStarted = performance.now();
  let found = 0;
  for (const s of samples) if (book.lookup(s).length > 0) found++;
  const lookupUs = ((performance.now() - lookupStarted) * 1000) / Math.max(1, samples.length);

  const summary = {
    out: values.out,
    ...report,
    sections,
    positions: positions.length,
    moves: positions.reduce((s, p) => s + p.moves.length, 0),
    bytes: bytes.byteLength,
    lookups: {
      openMs: Number(openMs.toFixed(3)),
      positions: samples.length,
      inBook: found,
      meanMicroseconds: Number(lookupUs.toFixed(2)),
    },
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  };
  console.log(JSON.stringify(summary, null, 2));
}

if (isMainThread) {
  await main();
} else {
  void workerData;
  parentPort!.on('message', (job: SelfPlayJob) => parentPort!.postMessage(selfPlay(job)));
}
