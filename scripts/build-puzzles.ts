/**
 * Builds the puzzle pack (npm run build:puzzles) from real games and writes it to public/puzzles.json.
 *
 *   npm run build:puzzles                        until 400 puzzles (resumes where a stopped run left off)
 *   npm run build:puzzles -- --target 500 --threads 2
 *   npm run build:puzzles -- --assemble          only write the pack from the puzzles found so far
 *
 * Sources: the pente.org games (--games, default ../shared/data/pente-org-games.pgn.gz) and the engine's
 * self-play games in data/self-play/*.jsonl (13×13 and Keryo-Pente among them), decisive games only, in
 * Pente and Keryo-Pente, taken in a seeded shuffled order with the smaller sources interleaved.
 *
 * Each game is one job for a worker thread (scripts/lib/puzzle-finder.ts): the deepest position near the
 * end where the winner, to move, has a forced win within 9 plies (tried 9, 7, 5 plies before the end; for
 * a third of the games 3 plies before, for a tenth the last move), and a stop-the-win position of the
 * loser (1, 3, 5 or 7 plies before that win puzzle; without one, 4 to 10 plies before the end). Every puzzle is proved by the exhaustive prover and confirmed by a node-limited engine search
 * (deterministic, so the build does not depend on the machine's load).
 *
 * Progress: each finished game appends a line to .cache/puzzles/progress.jsonl; a new run skips the games
 * already there, so a stopped run resumes. Only public/puzzles.json is committed.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import {
  type BoardSize,
  type GameState,
  type Point,
  type Puzzle,
  type Rules,
  type VariantId,
  decodeGameLink,
  encodeGameLink,
  encodePuzzlePack,
  loadRecord,
  makeRules,
  parsePoint,
  replay,
  splitRecords,
} from '../src/core';
import { type FoundPuzzle, findStopPuzzle, findWinPuzzle } from './lib/puzzle-finder';
import { runPool } from './lib/worker-pool';

interface Job {
  readonly id: string;
  readonly source: string;
  /** The game as a link code (rules and moves). */
  readonly game: string;
  /** Which win to look for: the last move's (win in 1), 3 plies before the end, or the deepest of 9, 7, 5. */
  readonly mode: 'win-in-1' | 'win-in-3' | 'deep';
}

interface Found {
  readonly job: string;
  readonly source: string;
  readonly puzzles: { readonly line: string; readonly ply: number; readonly found: FoundPuzzle }[];
  readonly ms: number;
}

const PROGRESS = '.cache/puzzles/progress.jsonl';
const SUPPORTED: readonly VariantId[] = ['pente', 'keryo'];

function chainOf(final: GameState): GameState[] {
  const chain: GameState[] = [];
  for (let s: GameState | null = final; s; s = s.parent) chain.unshift(s);
  return chain;
}

/** The worker's side: the puzzles in one game. */
function examine(job: Job): Found {
  const start = performance.now();
  const decoded = decodeGameLink(job.game);
  if (!decoded.ok) throw new Error(`${job.id}: ${decoded.error.message}`);
  const chain = chainOf(decoded.value);
  const length = chain.length - 1;
  const puzzles: Found['puzzles'] = [];
  const keep = (ply: number, found: FoundPuzzle | null): boolean => {
    if (!found) return false;
    const moves = chain[ply]!.moves;
    puzzles.push({ line: encodeGameLink(chain[0]!.rules, [...moves, ...found.solution]), ply, found });
    return true;
  };
  // The winner is to move at length - 1 (the game's last move), length - 3, …
  const backs = job.mode === 'win-in-1' ? [1] : job.mode === 'win-in-3' ? [3] : [9, 7, 5];
  const maxPlies = job.mode === 'win-in-1' ? 1 : job.mode === 'win-in-3' ? 3 : undefined;
  let winPly = -1;
  for (const back of backs) {
    const ply = length - back;
    if (ply < 8) continue;
    if (keep(ply, findWinPuzzle(chain[ply]!, undefined, maxPlies))) {
      winPly = ply;
      break;
    }
  }
  // The loser to move, where some move still holds: 1, 3, 5 or 7 plies before the win puzzle (just before
  // it the game is often lost already), or without one, 4 to 10 plies before the end.
  const stops = winPly >= 0 ? [1, 3, 5, 7].map((k) => winPly - k) : [4, 6, 8, 10].map((k) => length - k);
  for (const ply of stops) {
    if (ply < 8) continue;
    if (keep(ply, findStopPuzzle(chain[ply]!))) break;
  }
  return { job: job.id, source: job.source, puzzles, ms: performance.now() - start };
}

/** A seeded shuffle (xorshift), so the order of the games is the same on every run. */
function shuffle<T>(items: T[], seed: number): T[] {
  let x = seed || 1;
  for (let i = items.length - 1; i > 0; i--) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const j = (x >>> 0) % (i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

function loadJobs(gamesFile: string): Job[] {
  const groups = new Map<string, Job[]>();
  const add = (rules: Rules, moves: readonly Point[], source: string, id: string) => {
    if (!SUPPORTED.includes(rules.variant.id)) return;
    const key = `${rules.variant.id}:${rules.size}`;
    const list = groups.get(key) ?? [];
    list.push({ id, source, game: encodeGameLink(rules, moves), mode: 'deep' });
    groups.set(key, list);
  };
  if (existsSync(gamesFile)) {
    const data = readFileSync(gamesFile);
    const text = (data[0] === 0x1f && data[1] === 0x8b ? gunzipSync(data) : data).toString('utf8');
    splitRecords(text).forEach((r, i) => {
      const loaded = loadRecord(r.text, r.firstLine);
      if (!loaded.ok || !loaded.value.state.result?.winner) return;
      add(loaded.value.record.rules, loaded.value.state.moves, `pente.org game ${i + 1}`, `org-${i + 1}`);
    });
  }
  const dir = 'data/self-play';
  for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.jsonl')) : []) {
    readFileSync(`${dir}/${file}`, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .forEach((l, i) => {
        const g = JSON.parse(l) as { variant: VariantId; size: BoardSize; moves: string[]; winner: 1 | 2 | null };
        if (g.winner === null) return;
        const rules = makeRules({ variant: g.variant, size: g.size });
        const replayed = replay(
          rules,
          g.moves.map((m) => parsePoint(g.size, m) ?? -1),
        );
        if (!replayed.ok || !replayed.value.result) return;
        add(
          rules,
          replayed.value.moves,
          `self-play ${file} game ${i + 1}`,
          `self-${file.replace('.jsonl', '')}-${i + 1}`,
        );
      });
  }
  // Interleave: Pente 19×19 gets two of every three jobs, the rest (13×13, Keryo) share the third.
  const main = shuffle(groups.get('pente:19') ?? [], 7);
  const others = shuffle(
    [...groups.entries()].filter(([k]) => k !== 'pente:19').flatMap(([, v]) => v),
    11,
  );
  const jobs: Job[] = [];
  while (main.length || others.length) {
    for (const list of [main, main, others]) {
      const job = list.shift();
      const mode = jobs.length % 10 === 9 ? 'win-in-1' : jobs.length % 3 === 0 ? 'win-in-3' : 'deep';
      if (job) jobs.push({ ...job, mode });
    }
  }
  return jobs;
}

function readProgress(): Found[] {
  if (!existsSync(PROGRESS)) return [];
  return readFileSync(PROGRESS, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Found);
}

/** The starting rating: longer wins and fewer answers are harder; a defence is harder than a short win. */
function ratingOf(f: FoundPuzzle): number {
  const base = f.goal === 'defend' ? 1350 + 150 * ((f.plies - 3) / 2) : 900 + 200 * ((f.plies - 1) / 2);
  const capture = f.themes.includes('capture-win') || f.themes.includes('capture-race') ? 50 : 0;
  return Math.round(base + capture - 60 * (f.firstMoves.length - 1));
}

function assemble(all: Found[], out: string): Map<string, number> {
  const seen = new Set<string>();
  const puzzles: Puzzle[] = [];
  for (const f of all) {
    for (const [k, p] of f.puzzles.entries()) {
      const decoded = decodeGameLink(p.line);
      if (!decoded.ok) throw new Error(decoded.error.message);
      const moves = decoded.value.moves;
      const key = encodeGameLink(decoded.value.rules, moves.slice(0, p.ply));
      if (seen.has(key)) continue;
      seen.add(key);
      puzzles.push({
        id: `${f.job}-${k === 0 ? 'a' : 'b'}`,
        rules: decoded.value.rules,
        goal: p.found.goal,
        moves: moves.slice(0, p.ply),
        solution: moves.slice(p.ply),
        firstMoves: p.found.firstMoves,
        rating: { rating: ratingOf(p.found), deviation: 250, volatility: 0.06 },
        themes: [...p.found.themes],
        source: f.source,
      });
    }
  }
  puzzles.sort((a, b) => a.rating.rating - b.rating.rating || a.id.localeCompare(b.id));
  writeFileSync(out, encodePuzzlePack({ name: 'Puzzles from real games', puzzles }));
  const themes = new Map<string, number>();
  for (const p of puzzles) for (const t of p.themes) themes.set(t, (themes.get(t) ?? 0) + 1);
  themes.set('total', puzzles.length);
  for (const p of puzzles) {
    const key = `${p.rules.variant.id} ${p.rules.size}×${p.rules.size}`;
    themes.set(key, (themes.get(key) ?? 0) + 1);
  }
  return themes;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      games: { type: 'string', default: '../shared/data/pente-org-games.pgn.gz' },
      out: { type: 'string', default: 'public/puzzles.json' },
      target: { type: 'string', default: '400' },
      threads: { type: 'string', default: '2' },
      assemble: { type: 'boolean', default: false },
    },
  });
  mkdirSync('.cache/puzzles', { recursive: true });
  const done = readProgress();
  const count = () => done.reduce((n, f) => n + f.puzzles.length, 0);
  const target = Number(values.target);
  const start = performance.now();
  if (!values.assemble) {
    const finished = new Set(done.map((f) => f.job));
    const jobs = loadJobs(values.games).filter((j) => !finished.has(j.id));
    console.log(`${jobs.length} games to examine; ${count()} puzzles found earlier.`);
    while (count() < target && jobs.length) {
      const batch = jobs.splice(0, 24);
      await runPool<Job, Found>(new URL(import.meta.url), null, batch, Number(values.threads), (f) => {
        appendFileSync(PROGRESS, `${JSON.stringify(f)}\n`);
        done.push(f);
      });
      console.log(`${count()} puzzles from ${done.length} games (${Math.round((performance.now() - start) / 1000)} s)`);
    }
  }
  const themes = assemble(done, values.out);
  const cpuSeconds = done.reduce((s, f) => s + f.ms, 0) / 1000;
  console.log(`Wrote ${values.out}: ${readFileSync(values.out).length} bytes.`);
  console.log(`Games examined ${done.length}, worker time ${Math.round(cpuSeconds)} s in all.`);
  console.log(JSON.stringify(Object.fromEntries(themes), null, 1));
}

if (isMainThread) {
  await main();
} else {
  parentPort!.on('message', (job: Job) => parentPort!.postMessage(examine(job)));
}
