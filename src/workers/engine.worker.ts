/**
 * The engine's module Web Worker, exposed with Comlink. The page talks to it only through
 * src/ui/engine/bridge.ts, which owns its life (lazy start, one job at a time, terminate on abort or hang).
 * What goes across (requests, answers, progress) is protocol.ts's.
 */
import * as Comlink from 'comlink';
import { isBoardSize, isVariantId, levelById, replay } from '../core';
import { OpeningBook, bookMovesFor } from '../ai/book/book';
import { type AnalysisLine, Engine, type ThinkOptions } from '../ai/engine';
import { winChance } from '../ai/win-chance';
import type { SearchProgress } from '../ai/search';
import { type HelperChannel, canShareMemory } from '../ai/smp';
import {
  type AnalysisLineAnswer,
  type BookRequest,
  type ClockBudget,
  type EngineWorkerApi,
  clampThreads,
  isSaneClock,
  HEARTBEAT_MS,
  requestError,
  wireRenju,
} from './protocol';
import { engineScore } from './score';

/** A Comlink proxy's release, if the callback is one: it closes the message channel behind it. */
function releaseCallback(callback: unknown): void {
  const release = (callback as Partial<Comlink.ProxyMethods> | undefined)?.[Comlink.releaseProxy];
  release?.();
}

/**
 * The search's stop check (polled every 1024 nodes), which also tells the page the worker is alive at
 * most every HEARTBEAT_MS: a search hung anywhere but in those polls goes quiet, and the page notices.
 */
function stopCheck(stopFlag: Int32Array | undefined, onAlive: (() => void) | undefined): () => boolean {
  let last = performance.now();
  return () => {
    const now = performance.now();
    if (onAlive && now - last >= HEARTBEAT_MS) {
      last = now;
      // Through Comlink this returns a promise settled only after the search: no unhandled rejection.
      const delivered: unknown = onAlive();
      if (delivered instanceof Promise) delivered.catch(() => undefined);
    }
    return stopFlag !== undefined && Atomics.load(stopFlag, 0) !== 0;
  };
}

/** An analysis line as the page gets it: plain data, with the win chance worked out here. */
const lineAnswer = (line: AnalysisLine): AnalysisLineAnswer => ({
  move: line.move,
  score: engineScore(line.score),
  winChance: winChance(line.score),
  pv: [...line.pv],
  depth: line.depth,
});

/** A request's clock, checked: the page's bug is refused, not searched with. */
function checkedClock(clock: ClockBudget | undefined): ClockBudget | undefined {
  if (clock === undefined) return undefined;
  const { remainingMs, incrementMs } = clock;
  if (!isSaneClock(clock))
    throw requestError(`A clock needs a time left and an increment of 0 or more (got ${remainingMs}, ${incrementMs}).`);
  return { remainingMs, incrementMs };
}

// One engine for the worker's life: its transposition table carries over from move to move. Where memory
// can be shared (a cross-origin isolated page) the table is a SharedArrayBuffer, so helpers can join.
const sharedMemory = canShareMemory();
const engine = new Engine(20, { sharedTable: sharedMemory });

/** The helper workers the engine searches with now (terminated with this worker). */
let helpers: Worker[] = [];

/**
 * Starts or ends helper workers so that `threads` threads search (1 + helpers). A helper that fails to
 * load takes every helper down: the engine goes back to searching alone until the next change of count.
 */
function useThreads(threads: number): void {
  const wanted = sharedMemory ? clampThreads(threads) - 1 : 0;
  if (wanted === helpers.length) return;
  for (const helper of helpers) helper.terminate();
  helpers = [];
  try {
    for (let i = 0; i < wanted; i++) {
      const helper = new Worker(new URL('./helper.worker.ts', import.meta.url), {
        type: 'module',
        name: `engine-helper-${i + 1}`,
      });
      helper.addEventListener('error', dropHelpers);
      helpers.push(helper);
    }
  } catch {
    dropHelpers();
    return;
  }
  engine.setHelpers(helpers.map((helper): HelperChannel => ({ post: (message) => helper.postMessage(message) })));
}

function dropHelpers(): void {
  for (const helper of helpers) helper.terminate();
  helpers = [];
  engine.setHelpers(null);
}
/** The book the engine was given, kept for book queries too. */
let book: OpeningBook | null = null;

/** Rebuilds the game a request describes, or throws a request error (the page's bug, not the engine's). */
function replayRequest(request: BookRequest) {
  const { variant, size, tournamentRule, moves, renju } = request;
  if (!isVariantId(variant)) throw requestError(`Unknown variant "${String(variant)}".`);
  if (!isBoardSize(size)) throw requestError(`Unsupported board size ${String(size)}.`);
  if (variant === 'renju' && size !== 15) throw requestError(`Renju is played on 15x15 only, not ${size}x${size}.`);
  const game = replay({ variant, size, tournamentRule }, moves, null, false, renju ? wireRenju(renju) : null);
  if (!game.ok) throw requestError(`Move ${game.error.ply + 1} is illegal: ${game.error.illegal.message}`);
  return game.value;
}

const api: EngineWorkerApi = {
  think(request, onProgress, onAlive) {
    try {
      const { level } = request;
      if (typeof level === 'string' && !levelById(level)) throw requestError(`Unknown level "${level}".`);
      const state = replayRequest(request);
      if (state.result) throw requestError('The game is over: there is no move to find.');
      const clock = checkedClock(request.clock);

      useThreads(request.threads ?? 1);
      const stopFlag = request.stopFlag;
      const options: ThinkOptions = {
        ...(request.timeMs === undefined ? {} : { timeMs: request.timeMs }),
        ...(clock ? { clock } : {}),
        ...(request.depth === undefined ? {} : { depth: request.depth }),
        ...(level === undefined ? {} : { level }),
        ...(request.seed === undefined ? {} : { seed: request.seed }),
        ...(stopFlag || onAlive ? { shouldStop: stopCheck(stopFlag, onAlive) } : {}),
        ...(onProgress
          ? {
              onProgress: (p: SearchProgress) => {
                // Through Comlink this returns a promise that settles only once the search has ended and
                // the worker reads its messages again; a throwing page callback must not become an
                // unhandled rejection here.
                const delivered: unknown = onProgress({
                  depth: p.depth,
                  move: p.move,
                  score: engineScore(p.score),
                  pv: p.pv,
                  nodes: p.nodes,
                  timeMs: p.timeMs,
                });
                if (delivered instanceof Promise) delivered.catch(() => undefined);
              },
            }
          : {}),
      };
      // Renju: the due step (a swap window's choice, offers, a pass) or the stone, decided by searching.
      const decided = state.renju ? engine.decideRenju(state, options) : null;
      const result = decided ? decided.result : engine.think(state, options);
      return {
        key: request.key ?? '',
        ...(decided?.step ? { step: decided.step } : {}),
        move: result.move,
        score: engineScore(result.score),
        depth: result.depth,
        nodes: result.nodes,
        timeMs: result.timeMs,
        pv: result.pv,
        forced: result.forced,
        threads: engine.threads,
      };
    } finally {
      releaseCallback(onProgress);
      releaseCallback(onAlive);
    }
  },
  analyse(request, onProgress, onAlive) {
    try {
      const state = replayRequest(request);
      if (state.result) throw requestError('The game is over: there is nothing to analyse.');
      if (!(request.timeMs > 0)) throw requestError('An analysis needs a time.');
      const stopFlag = request.stopFlag;
      const found = engine.analyse(state, {
        timeMs: request.timeMs,
        ...(request.lines === undefined ? {} : { lines: request.lines }),
        ...(request.depth === undefined ? {} : { depth: request.depth }),
        ...(stopFlag || onAlive ? { shouldStop: stopCheck(stopFlag, onAlive) } : {}),
        ...(onProgress
          ? {
              onProgress: (lines: readonly AnalysisLine[]) => {
                const delivered: unknown = onProgress(lines.map(lineAnswer));
                if (delivered instanceof Promise) delivered.catch(() => undefined);
              },
            }
          : {}),
      });
      return { key: request.key ?? '', lines: found.lines.map(lineAnswer), nodes: found.nodes, timeMs: found.timeMs };
    } finally {
      releaseCallback(onProgress);
      releaseCallback(onAlive);
    }
  },
  ready() {
    return true;
  },
  newGame() {
    engine.newGame();
  },
  setBook(bytes) {
    book = new OpeningBook(new Uint8Array(bytes));
    engine.setBook(book);
  },
  bookMoves(request) {
    const state = replayRequest(request);
    if (!book) return null;
    return bookMovesFor(book, state).map(({ point, name, games, winRate }) => ({ point, name, games, winRate }));
  },
};

/**
 * The worker's global scope, typed only as the message endpoint Comlink needs: the tests' DOM-typed build
 * (tsconfig.node.json) loads this module too (tests/ui/engine/bridge.test.ts, scripts/measure-abort.ts), where
 * `self` is a Window, so naming DedicatedWorkerGlobalScope here would not compile there.
 */
declare const self: Comlink.Endpoint;

Comlink.expose(api, self);
