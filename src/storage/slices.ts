/**
 * Long jobs on the page thread, cut by the clock rather than by a count: the work is a generator that
 * yields after each small step (one game checked, a few kilobytes of a file scanned), and it runs until a
 * time budget has passed, then gives the page a turn. Fixed counts did not keep chunks short: importing
 * 12,000 games checked 40 per chunk and wrote 200 per batch, and those chunks were tasks of 33-73 ms of CPU
 * time each, 50-160 ms on the wall clock on this shared 2-core machine (`npm run measure:games-list --
 * --import-only --trace`). A budget on the wall clock stops in time however slow the machine is that day.
 */

/**
 * Page time per slice. A task over 50 ms is a long task (the page's house rule: none); 8 ms leaves the
 * rest of a 16 ms frame for input and drawing, and the time between clock checks (one step) to overrun it.
 */
export const SLICE_BUDGET_MS = 8;

/** Gives the page a turn (input, rendering) between chunks of work. */
export const yieldToPage = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export interface SliceOptions {
  /** Milliseconds per slice (default SLICE_BUDGET_MS). */
  readonly budgetMs?: number;
  /** The clock, in milliseconds (default performance.now); tests pass their own. */
  readonly now?: () => number;
  /** How the page is given its turn between slices (default yieldToPage). */
  readonly pause?: () => Promise<void>;
}

/**
 * Runs `work` to its end in slices of about `budgetMs`, pausing between them, and returns what it returns.
 * Each slice takes at least one step, so the work always moves on; after each slice, `onSlice` is told
 * the last value the work yielded (how far it has got), for a progress bar.
 */
export async function runInSlices<P, T>(
  work: Iterator<P, T, undefined>,
  onSlice?: (progress: P) => void,
  options: SliceOptions = {},
): Promise<T> {
  const { budgetMs = SLICE_BUDGET_MS, now = () => performance.now(), pause = yieldToPage } = options;
  for (;;) {
    const deadline = now() + budgetMs;
    let step: IteratorResult<P, T>;
    do {
      step = work.next();
      if (step.done) return step.value;
    } while (now() < deadline);
    onSlice?.(step.value);
    await pause();
  }
}

/**
 * A slice's deadline for work that cannot be a generator (it awaits IndexedDB between its slices, and an
 * IndexedDB transaction closes if it is left without a request for a task): `start()` at the top of a
 * slice, then `over()` after each step.
 */
export function sliceTimer(options: Pick<SliceOptions, 'budgetMs' | 'now'> = {}): {
  start(): void;
  over(): boolean;
} {
  const { budgetMs = SLICE_BUDGET_MS, now = () => performance.now() } = options;
  let deadline = 0;
  return {
    start: () => {
      deadline = now() + budgetMs;
    },
    over: () => now() >= deadline,
  };
}
