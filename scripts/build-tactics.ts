/**
 * Builds the tactics set (data/tactics.json; see scripts/lib/tactics.ts) from the pente.org games and the
 * self-play games in data/self-play/, every position proved by the exhaustive prover (not the engine).
 *
 *   npm run build:tactics -- [--wins 200] [--defends 100] [--threads 2]
 *
 * From each decided game's last 14 plies: the first position where the side to move has a forced win of
 * 3–7 plies (a `win`), and the first where the game's move gave the opponent one of 3–7 plies while some
 * other move gave none (a `defend`). At least a third of each kind goes through a capture: once the others
 * fill two thirds of a kind, only capture positions are taken. Games are taken in a seeded shuffled order;
 * each finished game appends a line to .cache/tactics/progress.jsonl, so a stopped run resumes.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort } from 'node:worker_threads';
import { gunzipSync } from 'node:zlib';
import {
  type BoardSize,
  type GameState,
  type Point,
  type VariantId,
  encodeGameLink,
  formatPoint,
  loadRecord,
  makeRules,
  parsePoint,
  replay,
  splitRecords,
} from '../src/core';
import { Prover } from '../src/ai/prove';
import { SET_PLIES, type TacticsPosition, allowsWin, shortestWin, stateOf, winGoesThroughCapture } from './lib/tactics';
import { runPool } from './lib/worker-pool';

interface Job {
  readonly id: string;
  readonly source: string;
  readonly game: string;
}
interface Found {
  readonly job: string;
  readonly positions: TacticsPosition[];
}

const PROGRESS = '.cache/tactics/progress.jsonl';
const OUT = 'data/tactics.json';
/** Plies from the end of the game that are looked at. */
const WINDOW = 14;

function chainOf(final: GameState): GameState[] {
  const chain: GameState[] = [];
  for (let s: GameState | null = final; s; s = s.parent) chain.unshift(s);
  return chain;
}

/** A move of the side to move that gives the opponent no win within SET_PLIES, if there is one (null: unknown). */
function someSafeMove(state: GameState): Point | null | undefined {
  const prover = new Prover(state);
  let unknown = false;
  for (const m of prover.allMoves()) {
    if (prover.pos.near[m] === 0) continue;
    const allowed = allowsWin(state, m, SET_PLIES);
    if (allowed === false) return m;
    if (allowed === null) unknown = true;
  }
  return unknown ? null : undefined;
}

function examine(job: Job): Found {
  const chain = chainOf(stateOf(job.game));
  const length = chain.length - 1;
  const positions: TacticsPosition[] = [];
  const size = chain[0]!.rules.size;
  const link = (ply: number) => encodeGameLink(chain[0]!.rules, chain[ply]!.moves);
  let win = false;
  let defend = false;
  for (let ply = Math.max(8, length - WINDOW); ply < length && !(win && defend); ply++) {
    const s = chain[ply]!;
    const p = shortestWin(s, SET_PLIES);
    if (p < 0) continue;
    const played = chain[ply + 1]!.moves[ply]!;
    if (!win && p >= 3) {
      const capture = winGoesThroughCapture(s, p);
      if (capture !== null) {
        win = true;
        positions.push({
          id: `${job.id}-${ply}`,
          source: job.source,
          goal: 'win',
          link: link(ply),
          plies: p,
          capture,
          played: formatPoint(size, played),
        });
      }
    }
    if (!defend && p === 0) {
      const next = chain[ply + 1]!;
      const q = shortestWin(next, SET_PLIES);
      if (q < 3) continue;
      const safe = someSafeMove(s);
      if (safe === null || safe === undefined) continue;
      const capture = winGoesThroughCapture(next, q);
      if (capture === null) continue;
      defend = true;
      positions.push({
        id: `${job.id}-${ply}`,
        source: job.source,
        goal: 'defend',
        link: link(ply),
        plies: q,
        capture,
        played: formatPoint(size, played),
      });
    }
  }
  return { job: job.id, positions };
}

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
  const jobs: Job[] = [];
  if (existsSync(gamesFile)) {
    const text = gunzipSync(readFileSync(gamesFile)).toString('utf8');
    splitRecords(text).forEach((r, i) => {
      const loaded = loadRecord(r.text, r.firstLine);
      if (!loaded.ok || !loaded.value.state.result?.winner) return;
      const rules = loaded.value.record.rules;
      if (rules.variant.id !== 'pente') return;
      jobs.push({
        id: `org-${i + 1}`,
        source: `pente.org game ${i + 1}`,
        game: encodeGameLink(rules, loaded.value.state.moves),
      });
    });
  }
  const self: Job[] = [];
  const dir = 'data/self-play';
  for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.jsonl')) : []) {
    readFileSync(`${dir}/${file}`, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .forEach((l, i) => {
        const g = JSON.parse(l) as { variant: VariantId; size: BoardSize; moves: string[]; winner: 1 | 2 | null };
        if (g.winner === null || g.variant !== 'pente') return;
        const rules = makeRules({ variant: g.variant, size: g.size });
        const replayed = replay(
          rules,
          g.moves.map((m) => parsePoint(g.size, m) ?? -1),
        );
        if (!replayed.ok || !replayed.value.result) return;
        self.push({
          id: `self-${file.replace('.jsonl', '')}-${i + 1}`,
          source: `self-play ${file} game ${i + 1}`,
          game: encodeGameLink(rules, replayed.value.moves),
        });
      });
  }
  // Two pente.org games to one self-play game.
  const org = shuffle(jobs, 24);
  const mine = shuffle(self, 25);
  const out: Job[] = [];
  while (org.length || mine.length) {
    for (const list of [org, org, mine]) {
      const job = list.shift();
      if (job) out.push(job);
    }
  }
  return out;
}

function readProgress(): Found[] {
  if (!existsSync(PROGRESS)) return [];
  return readFileSync(PROGRESS, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Found);
}

/** The set from the games examined so far: each kind up to its target, a third of it at least by captures. */
function select(found: readonly Found[], targets: { win: number; defend: number }): TacticsPosition[] {
  const out: TacticsPosition[] = [];
  for (const goal of ['win', 'defend'] as const) {
    const all = found.flatMap((f) => f.positions).filter((p) => p.goal === goal);
    const target = targets[goal];
    const captures = all.filter((p) => p.capture);
    const others = all.filter((p) => !p.capture);
    const takeCaptures = Math.min(captures.length, Math.max(Math.ceil(target / 3), target - others.length));
    out.push(...captures.slice(0, takeCaptures), ...others.slice(0, target - takeCaptures));
  }
  return out;
}

if (isMainThread) {
  const { values } = parseArgs({
    options: {
      wins: { type: 'string', default: '200' },
      defends: { type: 'string', default: '100' },
      threads: { type: 'string', default: '2' },
      games: { type: 'string', default: '../shared/data/pente-org-games.pgn.gz' },
    },
  });
  const targets = { win: Number(values.wins), defend: Number(values.defends) };
  mkdirSync('.cache/tactics', { recursive: true });
  const found = readProgress();
  const done = new Set(found.map((f) => f.job));
  const jobs = loadJobs(values.games).filter((j) => !done.has(j.id));
  const enough = () => {
    const set = select(found, targets);
    const count = (goal: string, capture: boolean) =>
      set.filter((p) => p.goal === goal && (!capture || p.capture)).length;
    return (
      count('win', false) >= targets.win &&
      count('defend', false) >= targets.defend &&
      count('win', true) * 3 >= targets.win &&
      count('defend', true) * 3 >= targets.defend
    );
  };
  const queue = jobs.slice();
  const threads = Number(values.threads);
  // The pool takes a fixed list: feed it in batches, stopping once the set is full.
  while (queue.length && !enough()) {
    const batch = queue.splice(0, threads * 8);
    await runPool<Job, Found>(new URL(import.meta.url), null, batch, threads, (f) => {
      found.push(f);
      appendFileSync(PROGRESS, `${JSON.stringify(f)}\n`);
    });
    const set = select(found, targets);
    const c = (goal: string, capture: boolean) => set.filter((p) => p.goal === goal && (!capture || p.capture)).length;
    console.log(
      `${found.length} games: win ${c('win', false)} (${c('win', true)} by captures), defend ${c('defend', false)} (${c('defend', true)} by captures)`,
    );
  }
  const set = select(found, targets);
  writeFileSync(OUT, `${JSON.stringify(set, null, 0).replace(/\},\{/g, '},\n{')}\n`);
  console.log(`wrote ${set.length} positions to ${OUT}`);
} else {
  parentPort!.on('message', (job: Job) => parentPort!.postMessage(examine(job)));
}
