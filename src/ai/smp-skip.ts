/**
 * Lazy SMP's skip table (smp.ts): which iterations a helper thread skips, so the threads spread over
 * depths. Helper h skips depth d when ((d + PHASE[i]) / SIZE[i]) is odd (integer division), i = (h - 1) mod
 * 20. Stockfish's table: half the helpers run a ply ahead of the main search, the others further, so their
 * table entries are ready when the main search gets there.
 */
const SKIP_SIZE = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4] as const;
const SKIP_PHASE = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7] as const;

/** Whether helper thread `helper` (1, 2, …) skips the iteration at `depth` (never the first). */
export function helperSkips(helper: number, depth: number): boolean {
  if (depth <= 1) return false;
  const i = (helper - 1) % SKIP_SIZE.length;
  return Math.floor((depth + SKIP_PHASE[i]!) / SKIP_SIZE[i]!) % 2 === 1;
}
