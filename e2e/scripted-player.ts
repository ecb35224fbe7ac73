import type { Page } from '@playwright/test';

/**
 * A scripted 19×19 player for the phone's touch tests (e2e/board-still.spec.ts, npm run measure:touches):
 * Black, the centre first, then next to the computer's last stone (cut White's longest line, else lengthen
 * its own; ties by a draw fixed for the position and seed). It waits for the frame in which Black is to
 * move and, in that same frame, chooses its point and reads where the point is on screen: a player who
 * aims at once.
 */
/** The scripted player's choice and where that point is, read in the frame in which Black is to move. */
export async function waitAndAim(page: Page, seed: number) {
  const handle = await page.waitForFunction(
    (seed) => {
      const status = document.querySelector('[role="status"]')?.textContent ?? '';
      if (/wins|Draw/.test(status)) return { over: status };
      if (!/Black\) to move/.test(status)) return null;
      if (document.querySelector('g[role="gridcell"][aria-label$=", preview"]')) return null;
      const cells = [...document.querySelectorAll('g[role="gridcell"]')];
      const stone = cells.map((c) => {
        const l = c.getAttribute('aria-label')!;
        return /black stone/.test(l) ? 1 : /white stone/.test(l) ? 2 : 0;
      });
      const open = cells.map((c, i) => stone[i] === 0 && !c.querySelector('.hit.shade'));
      const at = (x: number, y: number) => (x < 0 || y < 0 || x > 18 || y > 18 ? -1 : stone[y * 19 + x]!);
      const run = (x: number, y: number, colour: number) =>
        Math.max(
          ...[
            [1, 0],
            [0, 1],
            [1, 1],
            [1, -1],
          ].map(([dx, dy]) => {
            let n = 0;
            for (const s of [1, -1]) for (let k = 1; at(x + s * k * dx!, y + s * k * dy!) === colour; k++) n++;
            return n;
          }),
        );
      const lastDot = document.querySelector('g[role="gridcell"]:has(.last-move)');
      const last = lastDot ? cells.indexOf(lastDot) : 180;
      const [lx, ly] = [last % 19, Math.floor(last / 19)];
      let best = -1;
      let bestScore = -Infinity;
      const moves = stone.filter((s) => s !== 0).length;
      for (let i = 0; i < 361; i++) {
        if (!open[i]) continue;
        const [x, y] = [i % 19, Math.floor(i / 19)];
        const d = Math.max(Math.abs(x - lx), Math.abs(y - ly));
        if (moves > 0 && d > 3) continue;
        const white = run(x, y, 2);
        const black = run(x, y, 1);
        // Pseudo-random but fixed for a position and seed: the same game each run of the same app.
        const draw = ((i * 2654435761 + seed * 97 + moves * 7919) % 1000) / 1000;
        const score = (white >= 2 ? 4 * white : white) + 2.5 * black - d + draw * 0.5;
        if (score > bestScore) [best, bestScore] = [i, score];
      }
      if (best < 0) best = open.indexOf(true);
      const LETTERS = 'ABCDEFGHJKLMNOPQRST';
      const name = `${LETTERS[best % 19]}${19 - Math.floor(best / 19)}`;
      const r = cells[best]!.querySelector('.hit')!.getBoundingClientRect();
      const next = cells[best % 19 === 18 ? best - 1 : best + 1]!.querySelector('.hit')!.getBoundingClientRect();
      const board = document.querySelector('svg[role="grid"]')!.getBoundingClientRect();
      const inside =
        r.left >= board.left - 0.5 &&
        r.top >= board.top - 0.5 &&
        r.right <= board.right + 0.5 &&
        r.bottom <= board.bottom + 0.5;
      return {
        name,
        box: { x: r.left + r.width / 2, y: r.top + r.height / 2, pitch: Math.abs(next.left - r.left), inside },
      };
    },
    seed,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as
    { over: string } | { name: string; box: { x: number; y: number; pitch: number; inside: boolean } };
}
