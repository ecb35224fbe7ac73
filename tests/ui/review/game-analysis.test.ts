import { describe, expect, it } from 'vitest';
import { type GameState, concede, formatPoint } from '../../../src/core';
import type { PositionEval, StoredAnalysis } from '../../../src/storage';
import {
  MARK_BANDS,
  QUALITY_LIMITS,
  QUALITY_SYMBOL,
  analysisFor,
  blackChances,
  isMarked,
  nextPosition,
  playFromPly,
  positionsToEvaluate,
  progressOf,
  qualityOf,
  summarize,
  verdicts,
  withEval,
} from '../../../src/ui/review/analysis/game-analysis';
import { type AnalysisPorts, analyseGame } from '../../../src/ui/review/analysis/runner';
import { game } from '../../helpers';

const names = (g: GameState) => g.moves.map((p) => formatPoint(g.rules.size, p));
const pente = (moves: string) => game({ variant: 'pente', size: 19, tournamentRule: false }, moves);
const ev = (winChance: number, best = -1): PositionEval => ({ winChance, best, forcedWin: null });

describe('move quality', () => {
  it('bands the drop in win chance at 2, 5, 10 and 20 points', () => {
    expect(QUALITY_LIMITS).toEqual({ best: 0.02, good: 0.05, inaccuracy: 0.1, mistake: 0.2 });
    expect(qualityOf(0.019, false)).toBe('best');
    expect(qualityOf(0.02, false)).toBe('good');
    expect(qualityOf(0.049, false)).toBe('good');
    expect(qualityOf(0.05, false)).toBe('inaccuracy');
    expect(qualityOf(0.099, false)).toBe('inaccuracy');
    expect(qualityOf(0.1, false)).toBe('mistake');
    expect(qualityOf(0.199, false)).toBe('mistake');
    expect(qualityOf(0.2, false)).toBe('blunder');
    expect(qualityOf(0.9, false)).toBe('blunder');
  });
  it('calls the engine’s own choice best whatever the drop', () => {
    expect(qualityOf(0.3, true)).toBe('best');
  });
});

describe('the marks ?!, ? and ??: one rule', () => {
  it('marks inaccuracies, mistakes and blunders, and nothing better', () => {
    expect(['best', 'good', 'inaccuracy', 'mistake', 'blunder'].map((q) => QUALITY_SYMBOL[q as never])).toEqual([
      '',
      '',
      '?!',
      '?',
      '??',
    ]);
    expect(isMarked('good')).toBe(false);
    expect(isMarked('inaccuracy')).toBe(true);
    expect(isMarked('blunder')).toBe(true);
  });

  it('explains each mark by the bands qualityOf judges with (the screen shows these)', () => {
    expect(MARK_BANDS).toEqual([
      { quality: 'inaccuracy', symbol: '?!', from: 0.05, to: 0.1 },
      { quality: 'mistake', symbol: '?', from: 0.1, to: 0.2 },
      { quality: 'blunder', symbol: '??', from: 0.2, to: null },
    ]);
    // Each band's ends, through the one rule: its lower end earns the mark, its upper end the next one.
    for (const band of MARK_BANDS) {
      expect(qualityOf(band.from, false)).toBe(band.quality);
      expect(QUALITY_SYMBOL[qualityOf(band.from, false)]).toBe(band.symbol);
      if (band.to !== null) expect(qualityOf(band.to - 1e-9, false)).toBe(band.quality);
      if (band.to !== null) expect(qualityOf(band.to, false)).not.toBe(band.quality);
    }
    expect(isMarked(qualityOf(MARK_BANDS[0]!.from - 1e-9, false))).toBe(false);
  });
});

describe('the positions of an analysis', () => {
  it('evaluates every position, but not a last one the rules ended', () => {
    const playing = pente('K10 L9 K11');
    expect(positionsToEvaluate(playing)).toBe(4);
    // Five in a row for Black on column K.
    const won = pente('K10 A1 K11 A2 K12 A3 K13 A4 K14');
    expect(won.result?.reason).toBe('five');
    expect(positionsToEvaluate(won)).toBe(9);
    const resigned = concede(playing, 2, 'resignation');
    expect(positionsToEvaluate(resigned)).toBe(4);
  });

  it('keeps the saved evaluations of the start a changed game still shares', () => {
    const before = pente('K10 L9 K11 L10');
    let saved = analysisFor('g', names(before), before, 300, null, 1);
    expect(saved.evals).toEqual([null, null, null, null, null]);
    for (let k = 0; k < 5; k++) saved = withEval(saved, k, ev(k / 10), 2);
    // Taken back two moves and played differently: positions 0–2 are the same.
    const after = pente('K10 L9 K12 L12 M12');
    const kept = analysisFor('g', names(after), after, 300, saved, 3);
    expect(kept.evals.map((e) => e?.winChance ?? null)).toEqual([0, 0.1, 0.2, null, null, null]);
    expect(nextPosition(kept)).toBe(3);
    expect(progressOf(kept)).toEqual({ done: 3, total: 6 });
    // The same game again: the saved value itself, so nothing is saved twice.
    expect(analysisFor('g', names(before), before, 300, saved, 4)).toBe(saved);
    // Another game's analysis is not used.
    expect(analysisFor('h', names(before), before, 300, saved, 4).evals.every((e) => e === null)).toBe(true);
  });
});

describe('verdicts and the graph', () => {
  // Black K10, White L9, Black K11, White A1 (a bad move), Black K12.
  const g = pente('K10 L9 K11 A1 K12');
  const p = (name: string) => g.moves[names(g).indexOf(name)]!;
  const complete = (chances: number[], best: number[] = []): StoredAnalysis =>
    chances.reduce((a, c, k) => withEval(a, k, ev(c, best[k] ?? -1), 1), analysisFor('g', names(g), g, 300, null, 0));

  it('judges each move by its player’s drop in win chance', () => {
    // Side to move's chance at positions 0..5 (Black, White, Black, White, Black, White to move).
    // Black's K10 is the engine's choice; White's L9 loses 3 points (0.45 → 1 − 0.58), White's A1 loses 12
    // (0.42 → 1 − 0.7), Black's K12 loses 3 (0.7 → 1 − 0.33).
    const a = complete([0.55, 0.45, 0.58, 0.42, 0.7, 0.33], [p('K10'), -1, -1, -1, -1, -1]);
    const v = verdicts(a, g);
    expect(v.map((x) => x?.quality)).toEqual(['best', 'good', 'best', 'mistake', 'good']);
    expect(v[3]).toMatchObject({ player: 2, point: p('A1'), before: 0.42, drop: expect.closeTo(0.12, 9) });
  });

  it('reads a last position the rules ended as the result', () => {
    const won = pente('K10 A1 K11 A2 K12 A3 K13 A4 K14');
    let a = analysisFor('w', names(won), won, 300, null, 0);
    for (let k = 0; k < 9; k++) a = withEval(a, k, ev(0.5), 1);
    const chances = blackChances(a, won);
    expect(chances.at(-1)).toBe(1);
    const last = verdicts(a, won).at(-1)!;
    expect(last).toMatchObject({ player: 1, after: 1, drop: 0, quality: 'best' });
  });

  it('gives Black’s chance at every position, null where not evaluated', () => {
    let a = analysisFor('g', names(g), g, 300, null, 0);
    a = withEval(a, 0, ev(0.6), 1);
    a = withEval(a, 1, ev(0.3), 1);
    expect(blackChances(a, g)).toEqual([0.6, 0.7, null, null, null, null]);
    expect(verdicts(a, g)[0]).toMatchObject({ before: 0.6, after: 0.7, drop: 0 });
    expect(verdicts(a, g)[1]).toBeNull();
  });

  it('sums up each side’s marked moves', () => {
    const a = complete([0.55, 0.45, 0.56, 0.42, 0.8, 0.15]);
    const [black, white] = summarize(verdicts(a, g));
    expect(white).toMatchObject({ inaccuracies: 0, mistakes: 0, blunders: 1 });
    expect(white.marked.map((m) => m.ply)).toEqual([3]);
    expect(black.marked).toEqual([]);
  });

  it('counts a move only once it is judged: a summary of a part-analysed game has no verdict for the rest', () => {
    let a = analysisFor('g', names(g), g, 300, null, 0);
    for (const [k, c] of [0.55, 0.45, 0.56].entries()) a = withEval(a, k, ev(c), 1);
    const v = verdicts(a, g);
    expect(v.map((x) => x !== null)).toEqual([true, true, false, false, false]);
    expect(progressOf(a)).toEqual({ done: 3, total: 6 });
  });
});

describe('"Play from here" on a marked move', () => {
  // White's A1 (move 4) is a blunder, Black's K12 (move 5) is good.
  const g = pente('K10 L9 K11 A1 K12');
  const a = [0.55, 0.45, 0.56, 0.42, 0.8, 0.15].reduce(
    (acc, c, k) => withEval(acc, k, ev(c), 1),
    analysisFor('g', names(g), g, 300, null, 0),
  );
  const all = verdicts(a, g);
  const nobody = () => false;

  it('starts before a marked move of a player on this device, with that player to move', () => {
    expect(all[3]?.quality).toBe('blunder');
    const from = playFromPly(all, 4, nobody);
    expect(from).toBe(3);
    // Position 3 has White (the blunderer) to move.
    expect(from % 2 === 1 ? 2 : 1).toBe(all[3]!.player);
  });

  it('starts at the shown position after an unmarked move, at the start, or after the computer’s mistake', () => {
    expect(playFromPly(all, 5, nobody)).toBe(5);
    expect(playFromPly(all, 2, nobody)).toBe(2);
    expect(playFromPly(all, 0, nobody)).toBe(0);
    expect(playFromPly(all, 4, (p) => p === 2)).toBe(4);
    expect(playFromPly([], 4, nobody)).toBe(4);
  });
});

describe('running an analysis', () => {
  const g = pente('K10 L9 K11 L10 K12');
  /** A fake engine: Black's chance falls by 5 points a move; it can be made to stop after n evaluations. */
  const fakePorts = (log: number[], saved: StoredAnalysis[], abortAfter?: { n: number; aborter: AbortController }) =>
    ({
      evaluate: (position) => {
        log.push(position.moves.length);
        if (abortAfter && log.length >= abortAfter.n) abortAfter.aborter.abort();
        return Promise.resolve(ev(position.moves.length % 2 === 0 ? 0.6 : 0.4, -1));
      },
      save: (a) => {
        saved.push(a);
        return Promise.resolve();
      },
      now: () => 7,
    }) satisfies AnalysisPorts;

  it('evaluates every position in order, saving after each', async () => {
    const log: number[] = [];
    const saved: StoredAnalysis[] = [];
    const updates: number[] = [];
    const done = await analyseGame(
      analysisFor('g', names(g), g, 250, null, 0),
      g,
      fakePorts(log, saved),
      new AbortController().signal,
      (a) => updates.push(progressOf(a).done),
    );
    expect(log).toEqual([0, 1, 2, 3, 4, 5]);
    expect(updates).toEqual([1, 2, 3, 4, 5, 6]);
    expect(saved).toHaveLength(6);
    expect(nextPosition(done)).toBeNull();
  });

  it('resumes after a stop (a reload) without evaluating anything twice', async () => {
    const log: number[] = [];
    const saved: StoredAnalysis[] = [];
    const aborter = new AbortController();
    const first = await analyseGame(
      analysisFor('g', names(g), g, 250, null, 0),
      g,
      fakePorts(log, saved, { n: 3, aborter }),
      aborter.signal,
      () => undefined,
    );
    // The third answer came after the stop: it is not kept.
    expect(progressOf(first).done).toBe(2);
    expect(progressOf(saved.at(-1)!).done).toBe(2);
    // "Reload": start again from what was saved.
    const resumed = analysisFor('g', names(g), g, 250, saved.at(-1)!, 9);
    const done = await analyseGame(resumed, g, fakePorts(log, saved), new AbortController().signal, () => undefined);
    expect(log).toEqual([0, 1, 2, 2, 3, 4, 5]);
    expect(progressOf(done)).toEqual({ done: 6, total: 6 });
  });

  it('passes an engine failure on', async () => {
    const ports: AnalysisPorts = {
      evaluate: () => Promise.reject(new Error('crashed')),
      save: () => Promise.resolve(),
      now: () => 0,
    };
    const start = analysisFor('g', names(g), g, 250, null, 0);
    await expect(analyseGame(start, g, ports, new AbortController().signal, () => undefined)).rejects.toThrow(
      'crashed',
    );
  });
});
