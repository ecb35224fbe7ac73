/**
 * Lazy SMP (as Stockfish and Rapfi search on several cores): helper threads search the same root as the
 * main search, each with its own Position and Searcher but one transposition table in a SharedArrayBuffer
 * (tt.ts: lock-free, XOR-checked entries). They share nothing else; what one finds reaches the others
 * through the table, and helpers skip depths by their number (smp-skip.ts `helperSkips`) so they run ahead
 * of the main search and fill the table for it. The main search answers; a helper's result is taken only
 * when it completed a deeper iteration.
 *
 * This module knows no threads API: the main side (`LazySmp`, used by Engine) posts messages through the
 * channels it is given, and the helper side (`HelperThread`) handles them. The browser wires them to nested
 * module workers (src/workers/helper.worker.ts), Node to worker_threads (scripts/lib/search-threads.ts).
 *
 * Control memory (an Int32Array over a SharedArrayBuffer), all through Atomics:
 *   [0]                  the current search's number; a helper stops as soon as it differs from its job's
 *   [SLOT + 8h + RESULT] helper h's last completed iteration: the search number (0 while it writes),
 *                        then depth, move, score, nodes
 *   [SLOT + 8h + BUSY]   the search number helper h is running (0: idle)
 *   [MAIN_STEP], [SLOT + 8h + STEP], [TICK]   lockstep mode only (see `lockstep` below)
 */
import { type Point, type RulesOptions, replay } from '../core';
import { Position } from './position';
import { type SearchProgress, type SearchResult, Searcher } from './search';
import type { SearchSettings } from './search-settings';
import { TranspositionTable, tableBytes } from './tt';

/** What a helper is told once, when it starts. */
export interface HelperInit {
  readonly kind: 'init';
  /** 1, 2, …: the helper's number (the main search is 0). */
  readonly helper: number;
  readonly table: SharedArrayBuffer;
  readonly tableBits: number;
  readonly control: SharedArrayBuffer;
}

/** A search to join: the position as rules and moves (plain data, cheap to post). */
export interface HelperJob {
  readonly kind: 'search';
  readonly search: number;
  readonly rules: Required<RulesOptions>;
  readonly moves: readonly Point[];
  readonly settings: SearchSettings;
  readonly depth: number;
  /** A safety net only: a helper stops when the main search does. */
  readonly hardMs: number;
  /** The table's age stamp for this search (the main search's). */
  readonly age: number;
  /** Benchmarks only: every thread keeps pace with the others (see `lockstep`). */
  readonly lockstep?: boolean;
}

export type HelperMessage = HelperInit | HelperJob;

/** How the main side reaches one helper thread. */
export interface HelperChannel {
  post(message: HelperMessage): void;
}

const CURRENT = 0;
const MAIN_STEP = 1;
const TICK = 2;
const SLOT = 8;
const SLOT_WORDS = 8;
const RESULT = 0;
const DEPTH = 1;
const MOVE = 2;
const SCORE = 3;
const NODES = 4;
const BUSY = 5;
const STEP = 6;
/** The most helpers a control block has room for (the app allows 8 threads). */
export const MAX_HELPERS = 31;
const CONTROL_BYTES = (SLOT + SLOT_WORDS * MAX_HELPERS) * 4;

/** Whether this context can share memory between threads (a browser needs cross-origin isolation). */
export function canShareMemory(): boolean {
  if (typeof SharedArrayBuffer !== 'function' || typeof Atomics !== 'object') return false;
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated;
  // Node has no crossOriginIsolated and always may share memory.
  return isolated !== false;
}

/** A helper's completed iteration, as read from the control memory. */
export interface HelperResult {
  readonly helper: number;
  readonly depth: number;
  readonly move: Point;
  readonly score: number;
  readonly nodes: number;
}

/** The main side: starts and stops the helpers' searches and reads their results. */
export class LazySmp {
  private readonly control: Int32Array;
  private readonly channels: readonly HelperChannel[];
  private search = 0;

  constructor(table: TranspositionTable, tableBits: number, channels: readonly HelperChannel[]) {
    if (!(table.buffer instanceof SharedArrayBuffer)) throw new Error('Lazy SMP needs a table in shared memory.');
    if (channels.length > MAX_HELPERS) throw new Error(`At most ${MAX_HELPERS} helpers.`);
    const control = new SharedArrayBuffer(CONTROL_BYTES);
    this.control = new Int32Array(control);
    this.channels = channels;
    channels.forEach((channel, i) =>
      channel.post({ kind: 'init', helper: i + 1, table: table.buffer as SharedArrayBuffer, tableBits, control }),
    );
  }

  get helpers(): number {
    return this.channels.length;
  }

  /** Sends every helper the search; returns its number (for `stop`, `deepest` and `best`). */
  start(job: Omit<HelperJob, 'kind' | 'search'>): number {
    this.search = (this.search % 0x7fffffff) + 1;
    Atomics.store(this.control, MAIN_STEP, 0);
    Atomics.store(this.control, CURRENT, this.search);
    const message: HelperJob = { kind: 'search', search: this.search, ...job };
    for (const channel of this.channels) channel.post(message);
    return this.search;
  }

  /** Tells every helper to stop the search (they notice within 1024 nodes). */
  stop(search: number): void {
    Atomics.compareExchange(this.control, CURRENT, search, -search);
  }

  /** The main search's poll in lockstep mode (see `lockstep`): waits until no busy helper is behind it. */
  keepPace(search: number): void {
    lockstep(this.control, MAIN_STEP, search, this.channels.length);
  }

  /** Whether the search is still on (not stopped). */
  isCurrent(search: number): boolean {
    return Atomics.load(this.control, CURRENT) === search;
  }

  /** The deepest iteration a helper has completed in this search (0: none yet). */
  deepest(search: number): number {
    let depth = 0;
    for (let h = 1; h <= this.channels.length; h++) depth = Math.max(depth, this.result(h, search)?.depth ?? 0);
    return depth;
  }

  /** The helpers' results for this search, deepest first. */
  results(search: number): HelperResult[] {
    const out: HelperResult[] = [];
    for (let h = 1; h <= this.channels.length; h++) {
      const r = this.result(h, search);
      if (r) out.push(r);
    }
    return out.sort((a, b) => b.depth - a.depth);
  }

  /** How many helpers are searching now (any search). */
  busy(): number {
    let count = 0;
    for (let h = 1; h <= this.channels.length; h++)
      if (Atomics.load(this.control, SLOT + SLOT_WORDS * (h - 1) + BUSY) !== 0) count++;
    return count;
  }

  private result(helper: number, search: number): HelperResult | null {
    const base = SLOT + SLOT_WORDS * (helper - 1);
    const c = this.control;
    // A seqlock of one writer: the search number is cleared while the helper writes.
    const before = Atomics.load(c, base + RESULT);
    const depth = Atomics.load(c, base + DEPTH);
    const move = Atomics.load(c, base + MOVE);
    const score = Atomics.load(c, base + SCORE);
    const nodes = Atomics.load(c, base + NODES);
    if (before !== search || Atomics.load(c, base + RESULT) !== search) return null;
    return { helper, depth, move, score, nodes };
  }
}

/**
 * The main search's answer with the helpers': a helper's move when it completed a deeper iteration (the
 * deepest), and the nodes of all. A forced move (found without searching) stands.
 */
export function combine(main: SearchResult, helpers: readonly HelperResult[]): SearchResult {
  const nodes = main.nodes + helpers.reduce((sum, h) => sum + h.nodes, 0);
  const deepest = helpers[0];
  if (main.forced || !deepest || deepest.depth <= main.depth || deepest.move < 0) return { ...main, nodes };
  return { ...main, move: deepest.move, score: deepest.score, depth: deepest.depth, pv: [deepest.move], nodes };
}

/** The helper side: handles the messages of one helper thread. */
export class HelperThread {
  /** Searches this helper has joined (diagnostics: e2e/threads.spec.ts reads it in the browser). */
  searches = 0;
  private helper = 0;
  private table: TranspositionTable | null = null;
  private control: Int32Array | null = null;

  handle(message: HelperMessage): void {
    if (message.kind === 'init') {
      this.helper = message.helper;
      if (message.table.byteLength !== tableBytes(message.tableBits)) throw new Error('The table has the wrong size.');
      this.table = new TranspositionTable(message.tableBits, message.table);
      this.control = new Int32Array(message.control);
      return;
    }
    this.run(message);
  }

  private run(job: HelperJob): void {
    const { table, control, helper } = this;
    if (!table || !control) throw new Error('A helper was given a search before its memory.');
    // A job read after its search ended (the helper was busy or still loading) is skipped.
    if (Atomics.load(control, CURRENT) !== job.search) return;
    const game = replay(job.rules, job.moves);
    if (!game.ok) return;
    const base = SLOT + SLOT_WORDS * (helper - 1);
    // In lockstep mode a helper starts level with the main search, however late it joins.
    Atomics.store(control, base + STEP, Atomics.load(control, MAIN_STEP));
    Atomics.store(control, base + BUSY, job.search);
    this.searches++;
    try {
      table.age = job.age;
      const searcher = new Searcher(Position.fromState(game.value), job.settings, table);
      const write = (p: SearchProgress): void => {
        Atomics.store(control, base + RESULT, 0);
        Atomics.store(control, base + DEPTH, p.depth);
        Atomics.store(control, base + MOVE, p.move);
        Atomics.store(control, base + SCORE, p.score);
        Atomics.store(control, base + NODES, p.nodes);
        Atomics.store(control, base + RESULT, job.search);
      };
      const stillOn = (): boolean => Atomics.load(control, CURRENT) === job.search;
      searcher.run(
        {
          depth: job.depth,
          hardMs: job.hardMs,
          softMs: job.hardMs,
          fixedTime: true,
          helper,
          keepTableAge: true,
          shouldStop: job.lockstep
            ? () => {
                lockstep(control, base + STEP, job.search, MAX_HELPERS);
                return !stillOn();
              }
            : () => !stillOn(),
        },
        (p) => {
          if (stillOn()) write(p);
        },
      );
    } finally {
      Atomics.store(control, base + BUSY, 0);
    }
  }
}

/**
 * Lockstep mode, for a benchmark on a busy machine: at each poll (every 1024 nodes) a thread counts a step
 * and waits until no other thread still in the search has counted fewer, so every thread searches at the
 * same pace whatever CPU time the machine gives each, as on equal idle cores. Then the main search's nodes
 * to a depth measure the time to it (the bench's --lockstep). `myStep` is the word of the calling thread's
 * step count.
 */
function lockstep(control: Int32Array, myStep: number, search: number, helpers: number): void {
  const mine = Atomics.add(control, myStep, 1) + 1;
  Atomics.add(control, TICK, 1);
  Atomics.notify(control, TICK);
  const behind = (): boolean => {
    if (myStep !== MAIN_STEP && Atomics.load(control, CURRENT) === search && Atomics.load(control, MAIN_STEP) < mine)
      return true;
    for (let h = 1; h <= helpers; h++) {
      const base = SLOT + SLOT_WORDS * (h - 1);
      if (base + STEP === myStep || Atomics.load(control, base + BUSY) !== search) continue;
      if (Atomics.load(control, base + STEP) < mine) return true;
    }
    return false;
  };
  for (;;) {
    const tick = Atomics.load(control, TICK);
    if (!behind()) return;
    Atomics.wait(control, TICK, tick, 5);
  }
}
