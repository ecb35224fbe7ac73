import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type GameState, illegality, parsePoint, replay } from '../../src/core';
import { Engine } from '../../src/ai/engine';
import { type HelperMessage, type HelperResult, canShareMemory, combine } from '../../src/ai/smp';
import { helperSkips } from '../../src/ai/smp-skip';
import { type SearchThreads, searchThreads } from '../../scripts/lib/search-threads';

function position(text: string): GameState {
  const game = replay(
    {},
    text.split(' ').map((m) => parsePoint(19, m)!),
  );
  if (!game.ok) throw new Error(game.error.illegal.message);
  return game.value;
}
const MIDDLEGAME = position('K10 L11 G10 J10 J8 L8 J12 K9 H11 M7 N6 F9 H9 F11 L6 K7');

describe('Lazy SMP: the parts', () => {
  it('helpers skip depths by their number, never the first', () => {
    const searched = (helper: number) => [1, 2, 3, 4, 5, 6, 7, 8].filter((d) => !helperSkips(helper, d));
    expect(searched(1)).toEqual([1, 2, 4, 6, 8]);
    expect(searched(2)).toEqual([1, 3, 5, 7]);
    expect(searched(3)).toEqual([1, 4, 5, 8]);
  });

  it('takes a helper move only from a deeper completed iteration', () => {
    const main = { move: 10, score: 50, depth: 9, pv: [10, 11], nodes: 1000, timeMs: 5, forced: false, ttHitRate: 0 };
    const deeper: HelperResult = { helper: 1, depth: 10, move: 20, score: 70, nodes: 900 };
    const same: HelperResult = { helper: 2, depth: 9, move: 30, score: 90, nodes: 800 };
    expect(combine(main, [deeper, same])).toMatchObject({ move: 20, score: 70, depth: 10, pv: [20], nodes: 2700 });
    expect(combine(main, [same])).toMatchObject({ move: 10, depth: 9, pv: [10, 11], nodes: 1800 });
    expect(combine({ ...main, forced: true }, [deeper])).toMatchObject({ move: 10, forced: true });
  });

  it('shares memory only where the page is cross-origin isolated', () => {
    expect(canShareMemory()).toBe(true); // Node
    vi.stubGlobal('crossOriginIsolated', false);
    try {
      expect(canShareMemory()).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('falls back to one thread without a shared table: the helpers are told nothing', () => {
    const posted: HelperMessage[] = [];
    const engine = new Engine(16);
    engine.setHelpers([{ post: (m) => posted.push(m) }]);
    expect(engine.threads).toBe(1);
    const r = engine.think(MIDDLEGAME, { depth: 4, timeMs: 60_000 });
    expect(illegality(MIDDLEGAME, r.move)).toBeNull();
    expect(posted).toEqual([]);
  });

  it('with a shared table, tells each helper its memory and then every search', () => {
    const posted: HelperMessage[] = [];
    const engine = new Engine(16, { sharedTable: true });
    engine.setHelpers([{ post: (m) => posted.push(m) }, { post: (m) => posted.push(m) }]);
    expect(engine.threads).toBe(3);
    engine.think(MIDDLEGAME, { depth: 3, timeMs: 60_000 });
    expect(posted.map((m) => (m.kind === 'init' ? `init ${m.helper}` : `search ${m.depth}`))).toEqual([
      'init 1',
      'init 2',
      'search 3',
      'search 3',
    ]);
    const job = posted[2]!;
    expect(job.kind === 'search' && job.moves).toEqual(MIDDLEGAME.moves);
  });
});

describe('Lazy SMP in worker threads', () => {
  let threads: SearchThreads;
  beforeAll(async () => {
    threads = await searchThreads(2);
  });
  afterAll(() => threads.close());

  it('finds a legal move with helpers searching beside it', () => {
    const engine = new Engine(18, { sharedTable: true });
    engine.setHelpers(threads.channels);
    let helpersSeen = 0;
    const r = engine.think(MIDDLEGAME, {
      depth: 9,
      timeMs: 60_000,
      shouldStop: () => {
        helpersSeen = Math.max(helpersSeen, engine.busyHelpers);
        return false;
      },
    });
    expect(illegality(MIDDLEGAME, r.move)).toBeNull();
    expect(r.depth).toBeGreaterThanOrEqual(9);
    expect(helpersSeen).toBe(2);
  });

  it('in lockstep mode the search and its helpers still end (no thread waits for another forever)', async () => {
    const engine = new Engine(18, { sharedTable: true });
    engine.setHelpers(threads.channels);
    let polls = 0;
    const r = engine.think(MIDDLEGAME, {
      depth: 9,
      timeMs: 60_000,
      lockstep: true,
      shouldStop: () => (polls++, false),
    });
    expect(illegality(MIDDLEGAME, r.move)).toBeNull();
    expect(r.depth).toBeGreaterThanOrEqual(9);
    expect(polls).toBeGreaterThan(0);
    await vi.waitFor(() => expect(engine.busyHelpers).toBe(0), { timeout: 5000, interval: 1 });
  });

  it('an abort stops every helper, not only the main search', async () => {
    const engine = new Engine(18, { sharedTable: true });
    engine.setHelpers(threads.channels);
    // The page's stop flag, set once both helpers are searching (a search of a minute otherwise).
    const stopFlag = new Int32Array(new SharedArrayBuffer(4));
    let polls = 0;
    const r = engine.think(MIDDLEGAME, {
      timeMs: 60_000,
      fixedTime: true,
      shouldStop: () => {
        if (engine.busyHelpers === 2 && ++polls > 20) Atomics.store(stopFlag, 0, 1);
        return Atomics.load(stopFlag, 0) !== 0;
      },
    });
    expect(polls).toBeGreaterThan(20);
    expect(r.timeMs).toBeLessThan(60_000);
    await vi.waitFor(() => expect(engine.busyHelpers).toBe(0), { timeout: 5000, interval: 1 });
  });
});
