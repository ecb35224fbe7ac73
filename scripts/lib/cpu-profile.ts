/**
 * Reads a V8 CPU profile (the DevTools protocol's Profiler.stop) against the page's long tasks, for the
 * measuring scripts: which functions the time inside the long tasks went to, by self time (the function
 * itself was running) and by total time (it was on the stack), so a long task can be pinned on our code.
 */

export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: {
      readonly functionName: string;
      readonly url: string;
      readonly lineNumber: number;
      readonly columnNumber: number;
    };
    readonly children?: readonly number[];
  }[];
  /** Microseconds, on the profiler's clock. */
  readonly startTime: number;
  readonly endTime: number;
  /** The node on top of the stack at each sample. */
  readonly samples: readonly number[];
  /** Microseconds since the sample before (the first: since startTime). */
  readonly timeDeltas: readonly number[];
}

/** A long task as PerformanceObserver reports it: page milliseconds. */
export interface TaskSpan {
  readonly start: number;
  readonly duration: number;
}

const label = (frame: CpuProfile['nodes'][number]['callFrame']): string => {
  const file = frame.url.split('/').pop() ?? '';
  const where = file ? ` ${file}:${frame.lineNumber + 1}` : '';
  return `${frame.functionName || '(anonymous)'}${where}`;
};

const top = (times: Map<string, number>, n: number, total: number): string =>
  [...times]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, ms]) => `    ${ms.toFixed(0).padStart(6)} ms ${((100 * ms) / total).toFixed(0).padStart(3)}%  ${name}`)
    .join('\n');

/**
 * A text summary: for all long tasks together, and for each of the longest few, the functions with the
 * most self time and the most total time. `profileStartedAt` is the page time (performance.now()) taken
 * as the profile's start.
 */
export function summariseLongTasks(profile: CpuProfile, tasks: readonly TaskSpan[], profileStartedAt: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const taskOf = (pageMs: number): number => tasks.findIndex((t) => pageMs >= t.start && pageMs < t.start + t.duration);

  interface Times {
    self: Map<string, number>;
    total: Map<string, number>;
    ms: number;
  }
  const fresh = (): Times => ({ self: new Map(), total: new Map(), ms: 0 });
  const all = fresh();
  const perTask = tasks.map(fresh);
  const add = (times: Times, node: number, ms: number): void => {
    times.ms += ms;
    const self = label(byId.get(node)!.callFrame);
    times.self.set(self, (times.self.get(self) ?? 0) + ms);
    const onStack = new Set<string>();
    for (let id: number | undefined = node; id !== undefined; id = parent.get(id))
      onStack.add(label(byId.get(id)!.callFrame));
    for (const name of onStack) times.total.set(name, (times.total.get(name) ?? 0) + ms);
  };

  let clock = profile.startTime;
  profile.samples.forEach((node, i) => {
    clock += profile.timeDeltas[i]!;
    // A sample stands for the time until the next one.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const task = taskOf(profileStartedAt + (clock - profile.startTime) / 1000);
    if (task < 0) return;
    add(all, node, ms);
    add(perTask[task]!, node, ms);
  });

  const lines = [
    `Long tasks: ${tasks.length}, ${tasks.reduce((s, t) => s + t.duration, 0).toFixed(0)} ms; profiled inside them: ${all.ms.toFixed(0)} ms (idle here means the clocks are misaligned)`,
    '  self time:',
    top(all.self, 15, all.ms),
    '  total time:',
    top(all.total, 25, all.ms),
  ];
  const longest = tasks
    .map((t, i) => ({ t, i }))
    .sort((a, b) => b.t.duration - a.t.duration)
    .slice(0, 5);
  for (const { t, i } of longest) {
    const times = perTask[i]!;
    lines.push(
      `Task at ${t.start.toFixed(0)} ms, ${t.duration.toFixed(0)} ms long (${times.ms.toFixed(0)} ms profiled):`,
      '  self:',
      top(times.self, 6, times.ms),
      '  total:',
      top(times.total, 14, times.ms),
    );
  }
  return lines.join('\n');
}
