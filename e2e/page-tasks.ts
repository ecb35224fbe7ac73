import type { Page } from '@playwright/test';
import { type TaskTimes, mainThreadTasks } from '../scripts/lib/trace';

/**
 * Traces the page's main thread from now until the returned function is called, which gives its tasks with
 * their thread CPU time (scripts/lib/trace.ts). A long-task rule judged by CPU time holds on a busy machine:
 * a task's wall time there includes the time its thread waited for a core (on a loaded 2-core machine, 8 ms
 * of CPU took 281 ms of wall time), its CPU time is the page's own cost.
 */
export async function traceTasks(page: Page): Promise<() => Promise<TaskTimes[]>> {
  const cdp = await page.context().newCDPSession(page);
  const chunks: unknown[] = [];
  cdp.on('Tracing.dataCollected', (e) => void chunks.push(...e.value));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', 'devtools.timeline'] } });
  return async () => {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
    return mainThreadTasks(JSON.stringify({ traceEvents: chunks }), new URL(page.url()).origin);
  };
}
