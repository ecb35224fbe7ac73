import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonInSteps } from '../../src/storage/json-steps';
import { runInSlices, sliceTimer } from '../../src/storage/slices';

/** A clock that moves only when told: each step of the work below costs what it says. */
function fakeClock() {
  let time = 0;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

/** Work that costs `costs[i]` ms at step i (on the fake clock) and yields how many steps are done. */
function* steps(clock: { advance: (ms: number) => void }, costs: readonly number[]): Generator<number, string> {
  for (const [i, cost] of costs.entries()) {
    clock.advance(cost);
    yield i + 1;
  }
  return 'done';
}

/** Runs `work` to its end, stepping it directly: what runInSlices must return too. */
function runAll<T>(work: Iterator<unknown, T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

describe('runInSlices', () => {
  it('pauses once the budget has passed, and not before', async () => {
    const clock = fakeClock();
    const slices: number[] = [];
    let pauses = 0;
    const result = await runInSlices(steps(clock, [3, 3, 3, 1, 1, 9, 2, 2, 2, 2]), (done) => slices.push(done), {
      budgetMs: 8,
      now: clock.now,
      pause: async () => void pauses++,
    });
    expect(result).toBe('done');
    // 3+3+3 passes 8 after the third step; 1+1+9 after the sixth; 2+2+2 does not; the fourth 2 reaches
    // it on the last step (the work says it is done only when asked for the next one, after the pause).
    expect(slices).toEqual([3, 6, 10]);
    expect(pauses).toBe(3);
  });

  it('takes at least one step per slice, however slow a step is', async () => {
    const clock = fakeClock();
    const slices: number[] = [];
    await runInSlices(steps(clock, [20, 20, 20, 5]), (done) => slices.push(done), {
      budgetMs: 8,
      now: clock.now,
      pause: async () => {},
    });
    // Each slow step is a slice of its own; the last (5 ms) fits its slice, with the end of the work.
    expect(slices).toEqual([1, 2, 3]);
  });

  it('returns at once, with no pause, when the work fits one slice', async () => {
    const clock = fakeClock();
    let pauses = 0;
    const result = await runInSlices(steps(clock, [1, 1, 1]), undefined, {
      now: clock.now,
      pause: async () => void pauses++,
    });
    expect(result).toBe('done');
    expect(pauses).toBe(0);
  });
});

describe('sliceTimer', () => {
  it('is over once the budget has passed since start, and again fresh after a new start', () => {
    const clock = fakeClock();
    const timer = sliceTimer({ budgetMs: 8, now: clock.now });
    timer.start();
    clock.advance(7);
    expect(timer.over()).toBe(false);
    clock.advance(1);
    expect(timer.over()).toBe(true);
    timer.start();
    expect(timer.over()).toBe(false);
  });
});

describe('parseJsonInSteps', () => {
  const parsed = (text: string) => runAll(parseJsonInSteps(text));

  it('gives what JSON.parse gives, for any JSON text', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(parsed(text)).toEqual({ ok: true, value: JSON.parse(text) });
      }),
      { numRuns: 500 },
    );
  });

  it('gives what JSON.parse gives for objects with array members, spaced any way', () => {
    const member = fc.tuple(fc.string(), fc.oneof(fc.array(fc.jsonValue()), fc.jsonValue()));
    const space = fc.stringMatching(/^[ \t\n\r]{0,3}$/);
    fc.assert(
      fc.property(fc.array(member, { maxLength: 5 }), space, space, (members, before, after) => {
        const text = `${before}{${members.map(([k, v]) => `${JSON.stringify(k)}:${before}${JSON.stringify(v, null, after.length)}`).join(`,${after}`)}}${after}`;
        expect(parsed(text)).toEqual({ ok: true, value: JSON.parse(text) });
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a member named __proto__ a member, as JSON.parse does', () => {
    const text = '{"__proto__": [1, 2], "games": []}';
    const result = parsed(text);
    expect(result).toEqual({ ok: true, value: JSON.parse(text) });
    expect(Object.getPrototypeOf(result.ok && result.value)).toBe(Object.prototype);
  });

  it('refuses whatever JSON.parse refuses', () => {
    const bad = [
      '{"games": [1,]}',
      '{"games": [,1]}',
      '{"games": [1 2]}',
      '{"games": [\u00a0]}',
      '{"games": [1], }',
      '{"games": [1]',
      '{"games": [1}',
      '{"a": "unclosed}',
      '{"a": [{"b": 1]}]}',
      '{"a": 1} {"b": [2]}',
      '{"a": [1]}]',
      '{"a" [1]}',
      '{"a": [1] "b": 2}',
      '{not json',
      '[1, 2',
      '',
    ];
    for (const text of bad) {
      expect(() => JSON.parse(text)).toThrow();
      expect(parsed(text)).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    }
  });

  it('works in steps through a big file, each one small, reporting how far it has got', () => {
    const games = Array.from({ length: 3_000 }, (_, i) => ({ id: `g${i}`, moves: ['K10', 'L9', 'M8'], note: '"\\' }));
    const text = JSON.stringify({ format: 'pente-export', games, players: [] }, null, 1);
    const work = parseJsonInSteps(text);
    const reported: number[] = [];
    let step = work.next();
    for (; !step.done; step = work.next()) reported.push(step.value);
    expect(step.value).toEqual({ ok: true, value: JSON.parse(text) });
    // At least one step per element, and the progress only goes forward, up to the text's length.
    expect(reported.length).toBeGreaterThan(games.length);
    expect(reported).toEqual([...reported].sort((a, b) => a - b));
    expect(reported.at(-1)).toBeLessThanOrEqual(text.length);
    expect(reported.at(-1)).toBeGreaterThan(text.length * 0.9);
  });
});
