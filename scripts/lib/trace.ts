/**
 * Reads a Chromium trace (Playwright's browser.startTracing / stopTracing, category 'toplevel') for the
 * measuring scripts: the page's main-thread tasks with both their wall time and their thread CPU time.
 * On a shared machine a task's wall time includes the time the thread waited for a core; its CPU time is
 * what the page's own code cost. A long task with little CPU time was descheduled, not busy.
 */

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  /** Microseconds. */
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly args?: { readonly name?: string; readonly data?: { readonly url?: string } };
}

export interface TaskTimes {
  /** Milliseconds from the first task. */
  readonly at: number;
  readonly wallMs: number;
  readonly cpuMs: number;
}

/**
 * The top-level tasks of the busiest renderer main thread (the page's: the tab under test does the most
 * work there), in order. With `origin`, only the main threads that loaded something from it count: a
 * persistent profile's browser also runs its own pages (the omnibox's) in renderers, busier at start-up.
 */
export function mainThreadTasks(trace: Buffer | string, origin?: string): TaskTimes[] {
  const { traceEvents } = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] };
  let mainThreads = new Set(
    traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  if (origin !== undefined)
    mainThreads = new Set(
      traceEvents
        .filter((e) => mainThreads.has(`${e.pid}:${e.tid}`) && e.args?.data?.url?.startsWith(origin))
        .map((e) => `${e.pid}:${e.tid}`),
    );
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of traceEvents) {
    const thread = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask' || !mainThreads.has(thread)) continue;
    byThread.set(thread, [...(byThread.get(thread) ?? []), e]);
  }
  const busiest = [...byThread.values()].sort(
    (a, b) => b.reduce((s, e) => s + (e.dur ?? 0), 0) - a.reduce((s, e) => s + (e.dur ?? 0), 0),
  )[0];
  if (!busiest) return [];
  busiest.sort((a, b) => a.ts - b.ts);
  const first = busiest[0]!.ts;
  const tasks: TaskTimes[] = [];
  let end = -Infinity;
  for (const e of busiest) {
    if (e.ts < end) continue; // a task run inside another (a nested run loop): counted in it
    end = e.ts + (e.dur ?? 0);
    tasks.push({ at: (e.ts - first) / 1000, wallMs: (e.dur ?? 0) / 1000, cpuMs: (e.tdur ?? 0) / 1000 });
  }
  return tasks;
}
