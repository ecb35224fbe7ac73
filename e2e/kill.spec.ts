/**
 * Durability: Chromium with a persistent profile is killed with SIGKILL at random moments of games
 * (pass-and-play and against the computer), a third of the kills 0–20 ms after a confirming tap, and
 * relaunched on the same profile. After each relaunch the saved game must hold every move that was shown
 * on the board before the kill (0 lost) and nothing that was not played (0 phantom: at most the tapped
 * move and the computer's reply to it, in that order), and it must replay under the rules.
 *
 * What the board showed is reported by the page itself: a MutationObserver logs each new position to the
 * console as it is drawn, and the test keeps the last report that reached it before the kill. (A report
 * lost with the kill only makes the check weaker, never wrong: the stone was then shown later than known.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { formatPoint, legalMoves, parsePoint, replay } from '../src/core';
import { rng } from '../tests/helpers';
import { type Launched, hardKill as kill, launchPersistent } from './hard-kill';

// 12 kills in the test command, 4 of them 0–20 ms after a tap: ~9 s each on CI (a Chromium start per kill);
// 20 took 286 s, the longest single test of the ~30-minute budget. E2E_KILLS=60 for a measurement.
const KILLS = Number(process.env.E2E_KILLS ?? 12);

// The browser is started and killed by the test itself; Playwright's tracing cannot follow it there.
test.use({ trace: 'off' });

interface Shown {
  readonly ply: number;
  readonly stones: readonly string[];
}

/** Reports each position the board shows, as it is drawn. */
const REPORT_SHOWN = () => {
  let last = '';
  const report = () => {
    const main = document.querySelector('main.play');
    if (!main) return;
    const ply = Number(main.getAttribute('data-ply'));
    const stones = Array.from(document.querySelectorAll('[role="gridcell"]'), (c) => c.getAttribute('aria-label') ?? '')
      .filter((l) => l.endsWith(' stone'))
      .sort();
    const key = `${ply}|${stones.join(';')}`;
    if (key === last) return;
    last = key;
    console.log(`[shown]${JSON.stringify({ ply, stones })}`);
  };
  new MutationObserver(report).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['aria-label', 'data-ply'],
  });
};

interface Run extends Launched {
  /** The last position the page reported before the kill. */
  readonly shown: Shown | null;
}

async function launch(profile: string, url: string): Promise<Run> {
  let shown: Shown | null = null;
  const launched = await launchPersistent(profile, {
    init: REPORT_SHOWN,
    onConsole: (text) => {
      if (text.startsWith('[shown]')) shown = JSON.parse(text.slice('[shown]'.length)) as Shown;
    },
  });
  await launched.page.goto(url);
  await expect(launched.page.getByRole('button', { name: 'New game' })).toBeVisible();
  return {
    ...launched,
    get shown() {
      return shown;
    },
  };
}

interface SavedGame {
  readonly id: string;
  readonly moves: readonly string[];
  readonly status: string;
  readonly createdAt: number;
}

/** The newest saved game, read straight from IndexedDB. */
async function newestGame(page: Page): Promise<SavedGame | null> {
  return page.evaluate(
    () =>
      new Promise<SavedGame | null>((resolve, reject) => {
        const open = indexedDB.open('pente');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('games').objectStore('games').getAll();
          get.onsuccess = () => {
            const games = (get.result as SavedGame[]).sort((a, b) => b.createdAt - a.createdAt);
            open.result.close();
            resolve(games[0] ?? null);
          };
        };
      }),
  );
}

const cell = (page: Page, name: string) => page.getByRole('gridcell', { name: new RegExp(`^${name}, `) });

const labelsOf = (moves: readonly string[]): string[] => {
  const state = replay(
    { size: 9 },
    moves.map((m) => parsePoint(9, m)!),
  );
  if (!state.ok) throw new Error(`the saved game does not replay: ${state.error.illegal.message}`);
  const labels: string[] = [];
  state.value.cells.forEach((c, p) => {
    if (c) labels.push(`${formatPoint(9, p)}, ${c === 1 ? 'black' : 'white'} stone`);
  });
  return labels.sort();
};

test('no move shown on the board is lost when the browser is killed, and nothing unplayed is saved', async ({
  baseURL,
}) => {
  test.setTimeout(Math.max(600_000, KILLS * 30_000));
  const profile = mkdtempSync(join(tmpdir(), 'pente-kill-'));
  const random = rng(20261123);
  let shownTotal = 0;
  let savedTotal = 0;
  let afterTap = 0;
  /** Kills soon after a tap: how often the tapped stone had been shown, and how often it was saved. */
  let tappedShown = 0;
  let tappedSaved = 0;
  /** What the last run knew before its kill. */
  let expectation: {
    /** The game played, or null when it was new and not yet saved when last looked at. */
    id: string | null;
    /** The newest game's creation time when the run started: a newer one is the run's new game. */
    before: number;
    shown: Shown;
    plyBeforeTap: number;
    tapped: string | null;
    vsComputer: boolean;
    soonAfterTap: boolean;
  } | null = null;
  try {
    for (let run = 0; run <= KILLS; run++) {
      const b = await launch(profile, baseURL!);
      const saved = await newestGame(b.page);
      if (expectation) {
        // The check: everything shown was saved, nothing unplayed was.
        let moves: readonly string[] = [];
        if (expectation.id !== null) {
          expect(saved?.id, `run ${run}: the game is still there`).toBe(expectation.id);
          moves = saved!.moves;
        } else if (saved && saved.createdAt > expectation.before) moves = saved.moves;
        const { shown, plyBeforeTap, tapped, vsComputer } = expectation;
        expect(moves.length, `run ${run}: ${shown.ply} moves were shown`).toBeGreaterThanOrEqual(shown.ply);
        expect(labelsOf(moves.slice(0, shown.ply)), `run ${run}: the shown position`).toEqual([...shown.stones]);
        const allowed = plyBeforeTap + (tapped ? 1 : 0) + (vsComputer ? 1 : 0);
        expect(moves.length, `run ${run}: no move that was not played`).toBeLessThanOrEqual(allowed);
        if (tapped && moves.length > plyBeforeTap) expect(moves[plyBeforeTap]).toBe(tapped);
        labelsOf(moves);
        if (expectation.soonAfterTap && tapped) {
          if (shown.ply > plyBeforeTap) tappedShown++;
          if (moves.length > plyBeforeTap) tappedSaved++;
        }
        shownTotal += shown.ply;
        savedTotal += moves.length;
      }
      if (run === KILLS) {
        await kill(b);
        break;
      }

      // Go on with the saved game, or start a new one (pass-and-play and the computer in turn).
      const page = b.page;
      const continuing = saved !== null && saved.status === 'in-progress' && saved.moves.length < 40;
      let vsComputer: boolean;
      let id: string | null = null;
      if (continuing) {
        id = saved.id;
        await page.getByRole('button', { name: /^Continue game/ }).click();
        vsComputer = (expectation as { vsComputer: boolean } | null)?.vsComputer ?? false;
      } else {
        vsComputer = run % 2 === 1;
        await page.getByRole('button', { name: 'New game' }).click();
        await page.getByLabel('White').selectOption({ label: vsComputer ? 'Beginner (computer)' : 'Guest' });
        await page.getByLabel('Board').selectOption('9');
        await page.getByRole('button', { name: 'Start' }).click();
      }
      await expect(page.getByRole('grid')).toBeVisible();
      const status = page.getByRole('status');
      const plyShown = async () => Number(await page.locator('main.play').getAttribute('data-ply'));

      // A few moves, then the kill: 0–20 ms after a confirming tap in a third of the runs; otherwise at a
      // random moment up to 600 ms after one (while the computer thinks, while a save runs, or idle).
      const movesBeforeKill = 1 + Math.floor(random() * 3);
      const soonAfterTap = run % 3 === 0;
      let plyBeforeTap = await plyShown();
      let tapped: string | null = null;
      for (let i = 0; i < movesBeforeKill; i++) {
        if (vsComputer) await expect(status).toHaveText(/Player 1 \(Black\) to move|wins|Draw/, { timeout: 30_000 });
        if (/wins|Draw/.test((await status.textContent()) ?? '')) break;
        const ply = await plyShown();
        const game = ply > 0 ? await newestGame(page) : null;
        if (game) id = game.id;
        const current = replay(
          { size: 9 },
          (game?.moves ?? []).slice(0, ply).map((m) => parsePoint(9, m)!),
        );
        if (!current.ok) throw new Error('the saved game does not replay');
        const legal = legalMoves(current.value);
        const point = formatPoint(9, legal[Math.floor(random() * legal.length)]!);
        await cell(page, point).click();
        await expect(cell(page, point)).toHaveAccessibleName(`${point}, empty, preview`);
        plyBeforeTap = ply;
        tapped = point;
        await cell(page, point).click();
        if (i < movesBeforeKill - 1)
          await expect(page.locator('main.play')).toHaveAttribute('data-ply', String(ply + 1));
      }
      const wait = soonAfterTap ? random() * 20 : random() * 600;
      if (soonAfterTap) afterTap++;
      await new Promise((r) => setTimeout(r, wait));
      const shown = b.shown ?? { ply: 0, stones: [] };
      await kill(b);
      expectation = { id, before: saved?.createdAt ?? 0, shown, plyBeforeTap, tapped, vsComputer, soonAfterTap };
    }
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
  console.log(
    `kill test: ${KILLS} kills, ${afterTap} of them 0-20 ms after a confirming tap (the tapped stone shown before ` +
      `the kill in ${tappedShown}, saved in ${tappedSaved}); plies shown at the kills ${shownTotal}, saved ` +
      `${savedTotal}; 0 lost, 0 phantom`,
  );
});
