/**
 * The play screen by shape: a phone held sideways (844×390) and a tablet either way (1180×820, 820×1180)
 * play a 19×19 game against the computer and review it with the whole board on screen at every step and
 * without scrolling: the page is never scrolled (every control the game needs is in view), the board's four
 * corner points are inside the viewport whenever it shows the whole board (sideways on a phone the 19×19
 * board zooms in for a finger: then the zoomed window is inside the viewport, and the review is checked on
 * the whole board), no control lies on the board, nothing overlaps, every target is 44 px, and the action
 * buttons hold still. A game opened from a link takes the same shape. Screenshots in light and dark:
 * test-results/shapes/.
 */
import { mkdirSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { encodeGameLink, makeRules } from '../src/core';
import { cell, newGame, openApp, tapTwice } from './helpers';
import { boardProblems, layoutProblems } from './layout-checks';

const SHAPES = [
  { name: 'phone-sideways', width: 844, height: 390 },
  { name: 'tablet-sideways', width: 1180, height: 820 },
  { name: 'tablet-upright', width: 820, height: 1180 },
] as const;
const SHOTS = 'test-results/shapes';

/** Black's moves, near the centre, in order of preference (the tournament rule shades some). */
const BLACK = ['K10', 'K14', 'J14', 'L14', 'M13', 'H14', 'N12', 'G13', 'K15', 'L15', 'M14'];

/** A short 19×19 game for the link: K10 K11 G13 K12 L9 L10, as points. */
const REPLAYED = [180, 161, 120, 142, 200, 181];

/** The boxes of the action buttons, in page coordinates. */
const actionBoxes = (page: Page) =>
  page
    .locator('.play .actions > *')
    .evaluateAll((els) =>
      els
        .map((e) => e.getBoundingClientRect())
        .map((r) => [r.x + scrollX, r.y + scrollY, r.width, r.height].map(Math.round)),
    );

for (const shape of SHAPES) {
  test(`${shape.name} (${shape.width}×${shape.height}): a 19×19 game against the computer and its review keep the whole board on screen`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    mkdirSync(SHOTS, { recursive: true });
    const context = await browser.newContext({
      viewport: { width: shape.width, height: shape.height },
      hasTouch: true,
      isMobile: true,
      colorScheme: 'light',
    });
    const page = await context.newPage();
    // Screenshots to look at, with LAYOUT_SHOTS=1 (e2e/layout.spec.ts): on a busy machine they were most of
    // this test's time, and what it asserts does not need them.
    const shot = async (state: string) => {
      if (process.env.LAYOUT_SHOTS !== '1') return;
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: `${SHOTS}/${shape.name}-${scheme}-${state}.png` });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    };
    let steps = 0;
    let board: unknown = null;
    /**
     * Every rule of the shape, at this step of the game. Until the analysis (whose button brings the
     * analysis into view, scrolling the panel) the page is never scrolled: what the game needs is in view.
     * The board never moves.
     */
    const check = async (step: string, unscrolled = true) => {
      steps++;
      if (unscrolled) expect(await page.evaluate(() => scrollY), `${step}: the page scrolled`).toBe(0);
      expect(await boardProblems(page), step).toEqual([]);
      expect(await layoutProblems(page), step).toEqual([]);
      const box = await page.getByRole('grid').boundingBox();
      board ??= box;
      expect(box, `${step}: the board moved`).toEqual(board);
    };

    await openApp(page);
    await newGame(page, { white: 'Beginner (computer)', size: '19' });
    const status = page.getByRole('status');
    await check('the game starts');
    const still = await actionBoxes(page);
    await shot('start');

    let played = 0;
    for (const name of BLACK) {
      if (played === 5) break;
      await expect(status).toHaveText(/Player 1 \(Black\) to move|wins/, { timeout: 30_000 });
      if (/wins/.test((await status.textContent()) ?? '')) break;
      const label = (await cell(page, name).getAttribute('aria-label')) ?? '';
      const shaded = await cell(page, name).locator('.hit.shade').count();
      if (!label.endsWith(', empty') || shaded) continue;
      await tapTwice(page, name);
      played++;
      await check(`after Black's move ${name}`);
      await expect(status).toHaveText(/Player 1 \(Black\) to move|wins/, { timeout: 30_000 });
      await check(`after White's reply to ${name}`);
      expect(await actionBoxes(page), `action buttons after ${name}`).toEqual(still);
    }
    expect(played).toBeGreaterThanOrEqual(3);
    await shot('game');

    // The review: the game ended by resignation, analysed, and walked back with the engine's lines shown.
    if (!/wins/.test((await status.textContent()) ?? '')) {
      await page.getByRole('button', { name: 'Resign' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
    }
    await expect(status).toHaveText(/wins/);
    await check('the game over');
    expect(await actionBoxes(page), 'action buttons, game over').toEqual(still);
    const whole = page.getByRole('button', { name: 'Whole board' });
    if (await whole.isVisible()) await whole.click();
    await page.getByRole('button', { name: 'Analyse', exact: true }).click();
    await expect(page.locator('.eval-graph')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.analysis-progress')).toHaveCount(0, { timeout: 60_000 });
    await check('the game analysed', false);
    for (let i = 0; i < 3; i++) {
      await page.getByRole('button', { name: 'Previous move' }).click();
      await expect(status).toHaveText(/^Reviewing move/);
      await check(`review, ${i + 1} back`, false);
      expect(await actionBoxes(page), 'action buttons in review').toEqual(still);
    }
    await page.getByRole('checkbox', { name: 'Engine' }).check();
    await expect(page.locator('.analysis-lines button')).toHaveCount(3, { timeout: 30_000 });
    await check('review with the engine lines', false);
    await shot('review');
    // Only the panel scrolls: to its end (the page sideways, the moves' own box upright), the board stays
    // where it was, and the engine's lines, the graph and the mistakes come into view beside or under it.
    await page.evaluate(() => {
      scrollTo(0, document.documentElement.scrollHeight);
      const extras = document.querySelector('.play-extras');
      if (extras) extras.scrollTop = extras.scrollHeight;
    });
    await expect(page.locator('.mistakes')).toBeInViewport();
    expect(await page.getByRole('grid').boundingBox(), 'the board, the panel scrolled to its end').toEqual(board);
    expect(await boardProblems(page), 'the panel scrolled to its end').toEqual([]);
    await shot('review-end');

    // A game opened from a link (the shared-game screen, in review) takes the same shape.
    const code = encodeGameLink(makeRules({ variant: 'pente', size: 19 }), REPLAYED);
    await page.goto(`/#/g/${code}`);
    await expect(page.getByRole('button', { name: 'Save to my games' })).toBeVisible();
    await page.getByRole('button', { name: 'Previous move' }).click();
    expect(await boardProblems(page), 'a shared game').toEqual([]);
    expect(await layoutProblems(page), 'a shared game').toEqual([]);
    await shot('shared');
    console.log(`${shape.name}: ${steps} steps checked, ${played} moves by Black`);
    await context.close();
  });
}
