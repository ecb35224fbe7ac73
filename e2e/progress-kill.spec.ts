/**
 * Durability of the player's progress: Chromium with a persistent profile answers a puzzle or completes a
 * lesson and is killed with SIGKILL 0–20 ms after the confirming tap, then relaunched on the same profile.
 * Every answer counted on the screen and every lesson ticked before the kill must be stored after it (0
 * lost), and nothing more than the one answer or lesson tapped (0 phantom).
 *
 * What the screen showed is reported by the page itself: a MutationObserver logs the history's count of
 * answers and the lessons ticked as they are drawn, and the test keeps the last report before the kill.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { LESSONS, decodePuzzlePack, formatPoint } from '../src/core';
import { rng } from '../tests/helpers';
import { type Launched, hardKill, launchPersistent } from './hard-kill';
import { cell, readValue } from './helpers';

/** Kills after a puzzle answer and after a lesson, in turn. */
// 8 kills in the test command (4 puzzle answers, 4 lessons): ~8 s each on CI; 12 took 182 s of the
// 30-minute budget. E2E_KILLS=40 (even) for a measurement.
const KILLS = 2 * Math.round(Number(process.env.E2E_KILLS ?? 8) / 2);

test.use({ trace: 'off' });

interface Shown {
  /** Answers counted in the puzzle history's heading, when the puzzles screen is shown. */
  readonly answers?: number;
  /** Lessons ticked, when the tutorial is shown. */
  readonly lessons?: number;
}

/** Reports the progress the screen shows, as it is drawn. */
const REPORT_SHOWN = () => {
  let last = '';
  const report = () => {
    const shown: { answers?: number; lessons?: number } = {};
    const counts = /(\d+) solved, (\d+) missed/.exec(document.querySelector('#history-heading')?.textContent ?? '');
    if (counts) shown.answers = Number(counts[1]) + Number(counts[2]);
    if (document.querySelector('.lesson-list')) shown.lessons = document.querySelectorAll('.lesson-item.done').length;
    const text = JSON.stringify(shown);
    if (text === last) return;
    last = text;
    console.log(`[progress]${text}`);
  };
  new MutationObserver(report).observe(document, { subtree: true, childList: true, characterData: true });
};

interface Run extends Launched {
  readonly shown: Shown;
}

async function launch(profile: string, url: string): Promise<Run> {
  let shown: Shown = {};
  const launched = await launchPersistent(profile, {
    init: REPORT_SHOWN,
    onConsole: (text) => {
      if (text.startsWith('[progress]')) shown = { ...shown, ...(JSON.parse(text.slice(10)) as Shown) };
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

/** The progress stored, read straight from IndexedDB. */
async function stored(page: Page): Promise<{ answers: number; lessons: number }> {
  const puzzles = (await readValue(page, 'settings', 'puzzleProgress')) as
    { solved: number; failed: number } | undefined;
  const lessons = (await readValue(page, 'settings', 'lessonsDone')) as string[] | undefined;
  return { answers: puzzles ? puzzles.solved + puzzles.failed : 0, lessons: lessons?.length ?? 0 };
}

test('no puzzle answer or lesson the screen showed is lost when the browser is killed 0–20 ms after it', async ({
  baseURL,
}) => {
  test.setTimeout(Math.max(300_000, KILLS * 25_000));
  const profile = mkdtempSync(join(tmpdir(), 'pente-progress-kill-'));
  const random = rng(20260521);
  let expectation: { kind: 'answers' | 'lessons'; before: number; shown: number } | null = null;
  const tally = { answers: { shown: 0, saved: 0 }, lessons: { shown: 0, saved: 0 } };
  let puzzle: { id: string; point: string } | null = null;
  /** The browser running, so a failure part-way still ends it before its profile is removed. */
  let running: Launched | null = null;
  try {
    for (let run = 0; run <= KILLS; run++) {
      const b = await launch(profile, baseURL!);
      running = b;
      const page = b.page;
      const now = await stored(page);
      if (expectation) {
        const { kind, before, shown } = expectation;
        expect(now[kind], `run ${run}: ${shown} ${kind} were shown`).toBeGreaterThanOrEqual(shown);
        expect(now[kind], `run ${run}: nothing that was not answered`).toBeLessThanOrEqual(before + 1);
        if (shown > before) tally[kind].shown++;
        if (now[kind] > before) tally[kind].saved++;
      }
      if (run === KILLS) break;

      const kind = run % 2 === 0 ? 'answers' : 'lessons';
      if (kind === 'answers') {
        // A win in 1 on 13×13 (its points are far enough apart for a click on the desktop page).
        if (!puzzle) {
          const pack = decodePuzzlePack(await (await page.request.get(new URL('puzzles.json', baseURL).href)).text());
          if (!pack.ok) throw new Error(pack.error.message);
          const p = pack.value.puzzles.find((q) => q.goal === 'win' && q.solution.length === 1 && q.rules.size === 13)!;
          puzzle = { id: p.id, point: formatPoint(13, p.solution[0]!) };
        }
        await page.goto(`${baseURL!}#/puzzles/${puzzle.id}`);
        await expect(page.locator('main.puzzles')).toHaveAttribute('data-puzzle', puzzle.id);
        await expect(page.locator('#history-heading')).toContainText(`${now.answers} solved`);
        await cell(page, puzzle.point).click();
        await expect(cell(page, puzzle.point)).toHaveAccessibleName(new RegExp(`^${puzzle.point}, empty, preview`));
        await page.getByRole('button', { name: 'Confirm' }).click();
      } else {
        await page.goto(`${baseURL!}#/learn`);
        const lesson = LESSONS[now.lessons]!;
        await expect(page.locator('main.tutorial')).toHaveAttribute('data-lesson', lesson.id);
        await expect(page.locator('.lesson-item.done')).toHaveCount(now.lessons);
        const point = lesson.solutions[0]!;
        await cell(page, point).click();
        await expect(cell(page, point)).toHaveAccessibleName(new RegExp(`^${point}, empty, preview`));
        await cell(page, point).click();
      }
      await new Promise((r) => setTimeout(r, random() * 20));
      const shown = b.shown[kind] ?? now[kind];
      await hardKill(b);
      running = null;
      expectation = { kind, before: now[kind], shown };
    }
  } finally {
    if (running) await hardKill(running);
    rmSync(profile, { recursive: true, force: true });
  }
  console.log(
    `progress kill test: ${KILLS} kills 0-20 ms after the confirming tap; puzzle answers shown before the kill ` +
      `${tally.answers.shown}, saved ${tally.answers.saved}; lessons shown ${tally.lessons.shown}, saved ` +
      `${tally.lessons.saved} (of ${KILLS / 2} each); 0 lost, 0 phantom`,
  );
});
