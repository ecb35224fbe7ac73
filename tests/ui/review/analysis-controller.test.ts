/**
 * The play screen's analysis controller with a stand-in for the play controller (its signals only) and a
 * fake engine whose answers the test releases (tests/fake-engine.ts): when it may ask the engine, the whole game before the
 * position, resuming a saved analysis by itself, and aborting a position's analysis when the position changes.
 */
import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import { formatPoint } from '../../../src/core';
import { DEFAULT_COMPUTERS, type StoredAnalysis } from '../../../src/storage';
import { AnalysisController, type AnalysisPorts } from '../../../src/ui/review/analysis/controller';
import { analysisFor, nextPosition, withEval } from '../../../src/ui/review/analysis/game-analysis';
import type { PlayController } from '../../../src/ui/play/session/controller';
import { type Match, type MatchSide, newMatch, review, shownState } from '../../../src/ui/play/session/match';
import { game } from '../../helpers';
import { FakeEngine } from '../../fake-engine';

const HUMAN: MatchSide = { name: 'Ann', kind: 'human', playerId: 'player-1' };
const CPU: MatchSide = { name: 'Casual', kind: 'computer', playerId: 'casual', computer: DEFAULT_COMPUTERS[1]! };

/** The signals of a play controller the analysis reads, with a match to change by hand. */
function stubPlay(match: Match) {
  const m = signal(match);
  const stub = {
    match: m,
    shown: {
      get value() {
        return shownState(m.value);
      },
      peek: () => shownState(m.peek()),
    },
    paused: signal(false),
    saving: signal<'saving'>('saving'),
    get id() {
      return m.peek().id;
    },
  };
  return { play: stub as unknown as PlayController, match: m };
}

/** The analysis ports over the one fake engine: `asked` is every analysis asked for, answered by the test. */
function fakePorts(saved: StoredAnalysis | null = null) {
  const engine = new FakeEngine();
  const stored: StoredAnalysis[] = [];
  const ports: AnalysisPorts = {
    analyse: (state, ask, options) => engine.analyse(state, ask, options),
    load: () => Promise.resolve(saved),
    save: (a) => {
      stored.push(a);
      return Promise.resolve(true);
    },
    now: () => 1,
  };
  return { ports, asked: engine.analyses, stored };
}

/** Lets the promises settle (one turn of the event loop; no time passes). */
const flush = () => new Promise((resolve) => setImmediate(resolve));
const nineByNine = (moves: string) => game({ variant: 'pente', size: 9, tournamentRule: false }, moves);

describe('the analysis controller', () => {
  it('leaves the engine to the computer in a live game, and analyses the whole game in review', async () => {
    const live = nineByNine('E5 D4 C3');
    const { play, match } = stubPlay(newMatch({ id: 'g', sides: [HUMAN, CPU], game: live, clocks: null, demo: false }));
    const { ports, asked, stored } = fakePorts();
    const analysis = new AnalysisController(play, ports);
    await flush();
    expect(analysis.allowed.value).toBe(false);
    analysis.analyseGame();
    await flush();
    expect(asked).toHaveLength(0);

    match.value = review(match.value, 1);
    await flush();
    expect(analysis.allowed.value).toBe(true);
    // Position by position, from the start, one line each.
    for (let k = 0; k < 4; k++) {
      await flush();
      expect(asked).toHaveLength(k + 1);
      expect(asked[k]!.request).toMatchObject({ moves: live.moves.slice(0, k), lines: 1 });
      asked[k]!.answer(0.4 + k / 10);
      await flush();
    }
    await flush();
    expect(analysis.gameRunning.value).toBe(false);
    expect(nextPosition(analysis.gameAnalysis.value!)).toBeNull();
    expect(stored).toHaveLength(4);
    expect(analysis.problem.value).toBeNull();
    analysis.dispose();
  });

  it('resumes a saved, unfinished analysis by itself, asking only for what is missing', async () => {
    const live = nineByNine('E5 D4 C3');
    const names = live.moves.map((p) => formatPoint(9, p));
    let saved = analysisFor('g', names, live, 300, null, 0);
    saved = withEval(
      withEval(saved, 0, { winChance: 0.5, best: 40, forcedWin: null }, 0),
      1,
      { winChance: 0.5, best: 40, forcedWin: null },
      0,
    );
    const { play } = stubPlay(newMatch({ id: 'g', sides: [HUMAN, HUMAN], game: live, clocks: null, demo: false }));
    const { ports, asked } = fakePorts(saved);
    const analysis = new AnalysisController(play, ports);
    await flush();
    await flush();
    expect(asked).toHaveLength(1);
    expect(asked[0]!.request.moves).toHaveLength(2);
    analysis.dispose();
    expect(asked[0]!.options.signal?.aborted).toBe(true);
  });

  it('analyses the shown position while the switch is on, and starts again when the position changes', async () => {
    const live = nineByNine('E5 D4 C3 F6');
    const { play, match } = stubPlay(
      newMatch({ id: 'g', sides: [HUMAN, HUMAN], game: live, clocks: null, demo: false }),
    );
    const { ports, asked } = fakePorts();
    const analysis = new AnalysisController(play, ports);
    await flush();
    analysis.setEngineOn(true);
    await flush();
    expect(asked).toHaveLength(1);
    expect(asked[0]!.request).toMatchObject({ moves: live.moves, lines: 3 });
    match.value = review(match.value, 2);
    await flush();
    expect(asked[0]!.options.signal?.aborted).toBe(true);
    expect(asked).toHaveLength(2);
    expect(asked[1]!.request.moves).toEqual(live.moves.slice(0, 2));
    asked[1]!.answer(0.7);
    await flush();
    expect(analysis.lines.value?.lines[0]?.winChance).toBe(0.7);
    expect(analysis.lines.value?.done).toBe(true);
    analysis.setEngineOn(false);
    expect(analysis.lines.value).toBeNull();
    analysis.dispose();
  });
});
