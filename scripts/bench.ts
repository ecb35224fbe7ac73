/**
 * Engine benchmark (npm run bench): a fixed set of middlegame positions from pente.org games, each searched
 * for 1 s and for 5 s from an empty table, using the whole time (no early stop: the depth is what that much
 * search reaches). Prints nodes/second, the depth reached and the table hit rate per position and on average,
 * as text and then as one JSON line. A position the search proves won or lost ends early and is reported
 * as decided, outside the mean depth. Then the same positions at the first time as a game plays them (with
 * the early stops), for the depth and time a player's move really gets.
 *
 * A short search first warms up the JIT, as the worker is by its first move.
 *
 *   BENCH_TIMES=1000,5000 (milliseconds, comma-separated) chooses the think times.
 *
 * With `--threads N` (N ≥ 2) it measures Lazy SMP instead (src/ai/smp.ts): the time each position takes to
 * complete depth `--depth` (12) from an empty table with 1 thread and with N threads (N - 1 helper
 * threads), `--repeat` times each (the median is kept), the speed-up per position and overall (total time,
 * and the geometric mean of the ratios); then how long the helpers take to stop once the main search stops
 * (the abort latency).
 *
 *   npm run bench -- --threads 2 [--depth 12] [--repeat 3] [--lockstep] [--every-depth]
 *
 * --lockstep is for a busy machine, where the threads do not each get a core: every thread then searches at
 * the same pace (smp.ts `lockstep`: each waits at every poll until none is behind), as on equal idle cores,
 * and the time to depth is counted in the main search's polls (one per 1024 nodes) instead of milliseconds.
 * It leaves out what real cores add (memory traffic, the waits' own cost), so it is an estimate.
 */
import { parseArgs } from 'node:util';
import { formatPoint, parsePoint, replay } from '../src/core';
import { Engine } from '../src/ai/engine';
import { isWinScore } from '../src/ai/search';
import { searchThreads } from './lib/search-threads';

const POSITIONS = [
  'K10 L11 G10 J10 J8 L8 J12 K9 H11 M7 N6 F9 H9 F11 L6 K7',
  'K10 G8 F10 J10 H12 H9 F7 L12 K11 K9 H11 K12 L8 J10 K11 G11',
  'K10 L11 N10 L9 L8 N9 P8 M10 O8 K8 J7 O12 N11 N12 N11 M9 N8 M8',
  'K10 L11 N10 L9 L8 L10 L12 M11 M9 O11 N11 N12 K11 M13 K7 J6 L14 P10',
  'K10 G9 G13 J9 J11 H12 L9 F12 M8 N7 J13 H9 F9 H11 H10 K12 H10 J10',
  'K10 G9 G10 J9 H9 J8 J10 F11 J7 H10 J11 L10 F8 J8 K9 L8',
  'K10 O9 J7 L11 L9 N9 J11 M8 L7 O10 L8 L6 K7 M7 H7 G7 N8 M9',
  'K10 K11 L13 J9 M14 J11 N15 O16 H11 L11 H9 J12 J13 M11 N11 L10',
];

const { values: args } = parseArgs({
  options: {
    threads: { type: 'string', default: '1' },
    depth: { type: 'string', default: '12' },
    repeat: { type: 'string', default: '3' },
    lockstep: { type: 'boolean', default: false },
    /** Helpers search every depth (SearchSettings.helperSkipDepths false), for comparison. */
    'every-depth': { type: 'boolean', default: false },
  },
});
const times = (process.env.BENCH_TIMES ?? '1000,5000').split(',').map(Number);
type Row = {
  position: number;
  mode: 'fixed' | 'game';
  timeMs: number;
  decided: boolean;
  usedMs: number;
  depth: number;
  nodes: number;
  nps: number;
  ttHitRate: number;
  move: string;
};
const rows: Row[] = [];

const states = POSITIONS.map((text, i) => {
  const state = replay(
    {},
    text.split(' ').map((m) => parsePoint(19, m)!),
  );
  if (!state.ok) throw new Error(`position ${i + 1}: ${state.error.illegal.message}`);
  return state.value;
});
new Engine().think(states[0]!, { timeMs: 500, fixedTime: true });

if (Number(args.threads) >= 2)
  await timeToDepth(Number(args.threads), Number(args.depth), Number(args.repeat), args.lockstep);
else fixedTimeBench();

function fixedTimeBench(): void {
  const runs = [
    ...times.map((timeMs) => ({ timeMs, mode: 'fixed' as const })),
    { timeMs: times[0]!, mode: 'game' as const },
  ];
  for (const { timeMs, mode } of runs) {
    for (const [i, state] of states.entries()) {
      const engine = new Engine();
      const r = engine.think(state, { timeMs, fixedTime: mode === 'fixed' });
      const row: Row = {
        position: i + 1,
        mode,
        timeMs,
        decided: isWinScore(r.score),
        usedMs: Math.round(r.timeMs),
        depth: r.depth,
        nodes: r.nodes,
        nps: Math.round((r.nodes / r.timeMs) * 1000),
        ttHitRate: Number(r.ttHitRate.toFixed(3)),
        move: formatPoint(19, r.move),
      };
      rows.push(row);
      console.log(
        `${mode.padEnd(5)} ${String(timeMs).padStart(5)} ms  #${row.position}  depth ${String(row.depth).padStart(2)}${row.decided ? ' (decided)' : '           '}  ${String(row.usedMs).padStart(5)} ms used  ${String(row.nodes).padStart(9)} nodes  ${String(row.nps).padStart(7)} n/s  tt hits ${(row.ttHitRate * 100).toFixed(1)}%  ${row.move}`,
      );
    }
  }

  const summary = runs.map(({ timeMs, mode }) => {
    const set = rows.filter((r) => r.timeMs === timeMs && r.mode === mode);
    const open = set.filter((r) => !r.decided);
    const mean = (rs: Row[], f: (r: Row) => number) => rs.reduce((s, r) => s + f(r), 0) / Math.max(1, rs.length);
    return {
      mode,
      timeMs,
      /** Mean depth over the positions not proven won or lost. */
      meanDepth: Number(mean(open, (r) => r.depth).toFixed(2)),
      minDepth: Math.min(...open.map((r) => r.depth)),
      decided: set.length - open.length,
      meanUsedMs: Math.round(mean(set, (r) => r.usedMs)),
      nodesPerSecond: Math.round(set.reduce((s, r) => s + r.nodes, 0) / (set.reduce((s, r) => s + r.usedMs, 0) / 1000)),
      ttHitRate: Number(mean(set, (r) => r.ttHitRate).toFixed(3)),
      /** How far past its limit the slowest search ran (the hard limit's promise). */
      maxOvershootMs: Math.max(...set.map((r) => r.usedMs - timeMs)),
    };
  });
  for (const s of summary) {
    console.log(
      `${s.mode} ${s.timeMs} ms: mean depth ${s.meanDepth} (min ${s.minDepth}) over ${POSITIONS.length - s.decided} open positions, ${s.decided} decided; ${s.meanUsedMs} ms used on average; ${s.nodesPerSecond} nodes/s, table hit rate ${(s.ttHitRate * 100).toFixed(1)}%, worst overshoot ${s.maxOvershootMs} ms`,
    );
  }
  console.log(JSON.stringify({ summary, rows }));
}

async function timeToDepth(threads: number, depth: number, repeat: number, lockstep: boolean): Promise<void> {
  const helpers = await searchThreads(threads - 1);
  const single = new Engine(20);
  const multi = new Engine(20, { sharedTable: true });
  multi.setHelpers(helpers.channels);
  // Warm the helpers' JIT too.
  multi.think(states[0]!, { timeMs: 500, fixedTime: true });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  // Cores used: the process's CPU time over the wall time, which shows whether the machine gave the
  // threads the cores they need (a busy machine caps the speed-up whatever the search does).
  const measure = (engine: Engine, state: (typeof states)[number], paced = false) => {
    const ms: number[] = [];
    const polls: number[] = [];
    let reached = 0;
    let cpu = 0;
    let wall = 0;
    for (let r = 0; r < repeat; r++) {
      engine.newGame();
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      let count = 0;
      const result = engine.think(state, {
        depth,
        timeMs: 600_000,
        fixedTime: true,
        lockstep: paced,
        ...(args['every-depth'] ? { settings: { helperSkipDepths: false } } : {}),
        shouldStop: () => (count++, false),
      });
      const used = process.cpuUsage(cpuStart);
      ms.push(performance.now() - start);
      polls.push(count);
      cpu += (used.user + used.system) / 1000;
      wall += ms.at(-1)!;
      reached = result.depth;
    }
    // In lockstep mode the time is the main search's polls; the wall time says nothing then.
    return { ms: paced ? median(polls) : median(ms), depth: reached, cores: cpu / wall };
  };
  const unit = lockstep ? 'polls' : 'ms';
  const rows: { position: number; ms1: number; msN: number; ratio: number; coresN: number; reached: boolean }[] = [];
  for (const [i, state] of states.entries()) {
    const one = measure(single, state, lockstep);
    const many = measure(multi, state, lockstep);
    const ratio = one.ms / many.ms;
    rows.push({
      position: i + 1,
      ms1: Math.round(one.ms),
      msN: Math.round(many.ms),
      ratio: Number(ratio.toFixed(2)),
      coresN: Number(many.cores.toFixed(2)),
      reached: one.depth >= depth && many.depth >= depth,
    });
    console.log(
      `#${i + 1}  depth ${depth}: 1 thread ${String(Math.round(one.ms)).padStart(6)} ${unit} (depth ${one.depth})   ${threads} threads ${String(Math.round(many.ms)).padStart(6)} ${unit} (depth ${many.depth}, ${many.cores.toFixed(2)} cores used)   speed-up ${ratio.toFixed(2)}x`,
    );
  }
  const total1 = rows.reduce((s, r) => s + r.ms1, 0);
  const totalN = rows.reduce((s, r) => s + r.msN, 0);
  const geomeanOf = (rs: typeof rows) => Math.exp(rs.reduce((s, r) => s + Math.log(r.ms1 / r.msN), 0) / rs.length);
  const geomean = geomeanOf(rows);
  // A position proven won or lost before the depth asked for ends in a few tens of milliseconds, where
  // starting the helpers is most of the time: the mean over the positions that reached the depth is the
  // time to depth proper.
  const reached = rows.filter((r) => r.reached);
  const geomeanReached = reached.length ? geomeanOf(reached) : NaN;

  // Abort latency: a long search stopped from outside (as the page's stop flag does) after 300 ms; the
  // time from the main search's return until every helper has stopped.
  const stops: number[] = [];
  for (const state of states) {
    multi.newGame();
    const start = performance.now();
    multi.think(state, { timeMs: 600_000, fixedTime: true, shouldStop: () => performance.now() - start > 300 });
    const returned = performance.now();
    while (multi.busyHelpers > 0) await new Promise((resolve) => setTimeout(resolve, 0));
    stops.push(performance.now() - returned);
  }
  const stopMs = Number(Math.max(...stops).toFixed(1));
  console.log(
    `time to depth ${depth}: 1 thread ${total1} ${unit}, ${threads} threads ${totalN} ${unit} in all: speed-up ${(total1 / totalN).toFixed(2)}x (geometric mean of the positions' ${geomean.toFixed(2)}x, of the ${reached.length} that reached depth ${depth} ${geomeanReached.toFixed(2)}x); helpers stopped within ${stopMs} ms of the main search`,
  );
  console.log(
    JSON.stringify({
      threads,
      depth,
      repeat,
      lockstep,
      total1,
      totalN,
      speedup: Number((total1 / totalN).toFixed(3)),
      geomean: Number(geomean.toFixed(3)),
      geomeanReached: Number(geomeanReached.toFixed(3)),
      worstStopMs: stopMs,
      rows,
    }),
  );
  await helpers.close();
}
