/**
 * The engine client (src/ui/engine/client.ts): a GameState and what is asked of the engine become the
 * bridge's request in one place, with every rule of the variant and every option carried; and the worker's
 * score mapping (src/workers/score.ts), which decides what a score says so the page never reads numbers.
 */
import { describe, expect, it } from 'vitest';
import { LEVELS, VARIANT_IDS, chooseSeat } from '../../../src/core';
import { WIN } from '../../../src/ai/search';
import {
  type EngineBackend,
  type EngineScore,
  analysisRequest,
  engineClient,
  enginePosition,
  enginePositionKey,
  forcedWinMoves,
  moveRequest,
} from '../../../src/ui/engine/client';
import {
  type AnalyseOptions,
  type AnalysisRequestInput,
  type MoveRequest,
  positionKey,
} from '../../../src/ui/engine/bridge';
import { engineScore } from '../../../src/workers/score';
import { game } from '../../helpers';

const keryo = game({ variant: 'keryo', size: 13, tournamentRule: false }, 'G7 H8 F6');

/** A backend that records what it is asked and answers at once. */
function recordingBackend() {
  const asked: { kind: string; request: unknown; options: unknown }[] = [];
  const answer = { key: '', move: 40, score: { kind: 'eval', centiStones: 0 } as const };
  const backend: EngineBackend = {
    requestMove: (request: MoveRequest, options) => {
      asked.push({ kind: 'move', request, options });
      return Promise.resolve({ ...answer, depth: 1, nodes: 1, timeMs: 1, pv: [40], forced: false });
    },
    analyse: (request: AnalysisRequestInput, options?: AnalyseOptions) => {
      asked.push({ kind: 'analyse', request, options });
      return Promise.resolve({ key: '', lines: [], nodes: 0, timeMs: 0 });
    },
    bookMoves: (request, options) => {
      asked.push({ kind: 'book', request, options });
      return Promise.resolve(null);
    },
  };
  return { backend, asked };
}

describe('the engine client', () => {
  it('tells the engine every rule of the variant and the moves, nothing of the state besides', () => {
    // Every game the engine plays (Renju below: 15×15 only, with its opening's steps).
    for (const variant of VARIANT_IDS.filter((id) => id !== 'renju')) {
      const state = game({ variant, size: 19, tournamentRule: true }, 'K10 L9');
      // (A variant without the tournament rule has it off whatever was asked: the state's rules say.)
      const { tournamentRule } = state.rules;
      expect(enginePosition(state)).toEqual({ variant, size: 19, tournamentRule, moves: state.moves });
    }
    expect(enginePosition(keryo)).toEqual({ variant: 'keryo', size: 13, tournamentRule: false, moves: keryo.moves });
    // Renju: the opening's steps so far go with the stones (a swap changes who sits where, not the stones).
    const renju = chooseSeat(game({ variant: 'renju' }, 'H8'), 'swap')!;
    expect(enginePosition(renju)).toEqual({
      variant: 'renju',
      size: 15,
      tournamentRule: false,
      moves: renju.moves,
      renju: { swaps: ['swap'], offers: [], passes: [] },
    });
    const kept = chooseSeat(game({ variant: 'renju' }, 'H8'), 'keep')!;
    expect(enginePositionKey(kept)).not.toBe(enginePositionKey(renju));
    expect(enginePositionKey(keryo)).toBe(positionKey(enginePosition(keryo)));
  });

  it('builds a move request with every option asked, the clock included, and only those', () => {
    const level = LEVELS[3]!;
    const clock = { remainingMs: 42_000, incrementMs: 2_000 };
    expect(moveRequest(keryo, { level, timeMs: 700, seed: 9, clock })).toEqual({
      ...enginePosition(keryo),
      level,
      timeMs: 700,
      seed: 9,
      clock,
    });
    const bare = moveRequest(keryo, {});
    expect(bare).toEqual(enginePosition(keryo));
    // No clock (a game without one) is no field at all, not a null for the worker to read.
    expect('clock' in moveRequest(keryo, { level: 'casual', clock: null })).toBe(false);
  });

  it('builds an analysis request with its time and lines', () => {
    expect(analysisRequest(keryo, { timeMs: 300, lines: 3 })).toEqual({
      ...enginePosition(keryo),
      timeMs: 300,
      lines: 3,
    });
    expect(analysisRequest(keryo, { timeMs: 300 })).toEqual({ ...enginePosition(keryo), timeMs: 300 });
  });

  it('asks the backend with the request built from the state, passing the job options on', async () => {
    const { backend, asked } = recordingBackend();
    const client = engineClient(() => backend);
    const signal = new AbortController().signal;
    const clock = { remainingMs: 5_000, incrementMs: 0 };
    await client.move(keryo, { level: 'casual', clock }, { signal });
    await client.analyse(keryo, { timeMs: 100, lines: 2 }, { signal });
    await client.bookMoves(keryo, { signal });
    expect(asked).toEqual([
      { kind: 'move', request: moveRequest(keryo, { level: 'casual', clock }), options: { signal } },
      { kind: 'analyse', request: analysisRequest(keryo, { timeMs: 100, lines: 2 }), options: { signal } },
      { kind: 'book', request: enginePosition(keryo), options: { signal } },
    ]);
  });
});

describe('scores that say what they are', () => {
  it('maps the engine’s scale to a win, a loss or an evaluation in the worker', () => {
    expect(engineScore(35)).toEqual({ kind: 'eval', centiStones: 35 });
    expect(engineScore(-5_000)).toEqual({ kind: 'eval', centiStones: -5_000 });
    expect(engineScore(WIN - 1)).toEqual({ kind: 'win', plies: 1, moves: 1 });
    expect(engineScore(WIN - 5)).toEqual({ kind: 'win', plies: 5, moves: 3 });
    expect(engineScore(-(WIN - 4))).toEqual({ kind: 'loss', plies: 4, moves: 2 });
    // A loss in 10 plies is a proven loss for a puzzle's defender; a bad evaluation is not.
    expect(engineScore(-999_990).kind).toBe('loss');
  });

  it('gives a forced result as a signed count of the winner’s moves, as a stored analysis keeps it', () => {
    const scores: [EngineScore, number | null][] = [
      [{ kind: 'win', plies: 5, moves: 3 }, 3],
      [{ kind: 'loss', plies: 4, moves: 2 }, -2],
      [{ kind: 'eval', centiStones: 120 }, null],
    ];
    for (const [score, moves] of scores) expect(forcedWinMoves(score)).toBe(moves);
  });
});
