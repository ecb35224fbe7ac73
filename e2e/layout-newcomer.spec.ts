/**
 * A newcomer's path at a phone's sizes, as layout checks that fail when a thing leaves the screen: the
 * lessons on Home (a card with "3 of 16" and the next lesson until every lesson is done, then a tile), Retry
 * and Next lesson in view after an answer, New game's Start in view at 360×640 without scrolling, and Home,
 * Games and Players using the width of a phone held sideways. With LAYOUT_SHOTS=1, Home is shot at 390×844
 * and 844×390, light and dark, in English and German (test-results/layout-newcomer).
 */
import { mkdirSync } from 'node:fs';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { LESSON_IDS } from '../src/core/lesson-ids';
import { cell, openApp, putValues } from './helpers';
import { layoutProblems } from './layout-checks';

const SHOTS = 'test-results/layout-newcomer';
const SHOOT = process.env.LAYOUT_SHOTS === '1';
const PHONES = [
  { name: 'phone-390', width: 390, height: 844 },
  { name: 'phone-360', width: 360, height: 640 },
] as const;
const SIDEWAYS = { width: 844, height: 390 } as const;

/** Whether an element is wholly inside the viewport as the page is scrolled now. */
async function wholyInView(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5 && r.right <= innerWidth + 0.5;
  });
}

/** Stores the lessons done, as the tutorial does, and opens Home again to read them. */
async function lessonsDone(page: Page, ids: readonly string[]): Promise<void> {
  await putValues(page, 'settings', [{ key: 'lessonsDone', value: [...ids] }]);
  await page.reload();
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
}

const learnCard = (page: Page) => page.locator('.learn-card');

for (const size of PHONES) {
  test(`Home at ${size.width}×${size.height}: the lessons card until all are done, then a Lessons tile`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: size, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await openApp(page);

    // A first-timer: the course leads Home, its button on the first screen.
    await expect(learnCard(page)).toContainText('New to Pente?');
    expect(await wholyInView(learnCard(page).getByRole('button', { name: 'Learn to play' }))).toBe(true);
    expect(await layoutProblems(page)).toEqual([]);

    // Three done: the card stays, with the progress and the next lesson, right under New game.
    await lessonsDone(page, LESSON_IDS.slice(0, 3));
    await expect(learnCard(page)).toContainText('3 of 16 lessons done.');
    const next = learnCard(page).getByRole('button', { name: 'Next lesson' });
    // The card's heading and progress on the first screen; its button too where the phone is tall.
    expect(await wholyInView(learnCard(page).getByRole('heading', { name: 'Lessons' }))).toBe(true);
    if (size.height >= 800) expect(await wholyInView(next)).toBe(true);
    await expect(page.getByRole('button', { name: 'Lessons', exact: true })).toHaveCount(0);
    expect(await layoutProblems(page)).toEqual([]);
    await next.click();
    await expect(page.getByRole('heading', { name: 'Capture a pair' })).toBeVisible();
    await page.goBack();

    // Every lesson done: no card, a Lessons tile in the menu.
    await lessonsDone(page, LESSON_IDS);
    await expect(learnCard(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Lessons', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Learn to play' })).toBeVisible();
    await page.goBack();
    expect(await layoutProblems(page)).toEqual([]);
    await context.close();
  });

  test(`New game at ${size.width}×${size.height}: Start in view without scrolling`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: size, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await openApp(page);
    await page.getByRole('button', { name: 'New game' }).click();
    const start = page.getByRole('button', { name: 'Start' });
    await expect(start).toBeVisible();
    expect(await page.evaluate(() => scrollY)).toBe(0);
    expect(await wholyInView(start)).toBe(true);
    expect(await layoutProblems(page)).toEqual([]);
    // With a computer player's notes under both selects, the longest the form gets: still one screen on a
    // tall phone (at 360×640 the second note pushes Start below the fold).
    if (size.height < 800) return context.close();
    await page.getByLabel('Black (moves first)').selectOption('novice');
    await page.getByLabel('White').selectOption('master');
    expect(await wholyInView(start)).toBe(true);
    expect(await layoutProblems(page)).toEqual([]);
    await context.close();
  });
}

test('a lesson at 360×640: after an answer, Retry or Next lesson is in view', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await openApp(page);
  await page.goto('/#/learn');
  await page.locator('.lesson-item', { hasText: 'Capture a pair' }).click();
  await expect(page.getByRole('heading', { name: 'Capture a pair' })).toBeVisible();
  const play = async (name: string) => {
    await cell(page, name).tap();
    await expect(cell(page, name)).toHaveAccessibleName(new RegExp(`^${name}, empty, preview`));
    await cell(page, name).tap();
  };
  await play('D5');
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await expect.poll(() => wholyInView(retry)).toBe(true);
  await retry.click();
  await play('H5');
  const next = page.getByRole('button', { name: 'Next lesson' });
  await expect(next).toBeVisible();
  await expect.poll(() => wholyInView(next)).toBe(true);
  // The answer's words just above the buttons are in view too.
  await expect.poll(() => wholyInView(page.locator('.lesson-result'))).toBe(true);
  await context.close();
});

for (const locale of ['en-GB', 'de-DE'] as const) {
  test(`the Demo's speed at 360×640 (${locale}): its word whole, beside the select's arrow`, async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 640 },
      hasTouch: true,
      isMobile: true,
      locale,
    });
    const page = await context.newPage();
    await page.goto('/#/demo');
    await page.locator('form button[type="submit"]').click();
    const speed = page.locator('.play .actions .slot-select select');
    await expect(speed).toBeVisible();
    for (const value of ['1500', '700', '150']) {
      await speed.selectOption(value);
      // The chosen word's width against the room the select leaves it: its padding, and the browser's own
      // arrow (about 20 px) where it draws one.
      const room = await speed.evaluate((el) => {
        const select = el as HTMLSelectElement;
        const style = getComputedStyle(select);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = context.measureText(select.selectedOptions[0]!.text).width;
        const arrow = style.appearance === 'none' ? 0 : 20;
        const inside = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
        return inside - text;
      });
      expect(room, `${locale}, speed ${value}`).toBeGreaterThanOrEqual(0);
    }
    expect(await layoutProblems(page)).toEqual([]);
    await context.close();
  });
}

test('a phone held sideways (844×390): Home, Games and Players use the width', async ({ browser }) => {
  const context = await browser.newContext({ viewport: SIDEWAYS, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await openApp(page);
  const widthOf = (selector: string) => page.locator(selector).evaluate((el) => el.getBoundingClientRect().width);
  // Home: the cards and the menu side by side, wider together than 70 % of the screen.
  expect(await widthOf('main.home')).toBeGreaterThan(0.7 * SIDEWAYS.width);
  const feed = await page.locator('.home-feed').boundingBox();
  const menu = await page.locator('.home-menu').boundingBox();
  expect(menu!.x).toBeGreaterThanOrEqual(feed!.x + feed!.width);
  expect(menu!.y).toBeLessThan(SIDEWAYS.height);
  expect(await layoutProblems(page)).toEqual([]);

  for (const [tile, selector] of [
    ['Games', 'main.list-screen'],
    ['Players', 'main.players-screen'],
  ] as const) {
    await page.getByRole('button', { name: tile, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: tile })).toBeVisible();
    expect(await widthOf(selector), tile).toBeGreaterThan(0.7 * SIDEWAYS.width);
    expect(await layoutProblems(page), tile).toEqual([]);
    await page.goBack();
  }
  await context.close();
});

test('screenshots of Home: 390×844 and 844×390, light and dark, English and German', async ({ browser }) => {
  test.skip(!SHOOT, 'LAYOUT_SHOTS=1 takes them');
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  for (const locale of ['en-GB', 'de-DE'] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const size of [PHONES[0], { name: 'sideways', ...SIDEWAYS }] as const) {
        const context = await browser.newContext({
          viewport: { width: size.width, height: size.height },
          hasTouch: true,
          isMobile: true,
          locale,
          colorScheme,
        });
        const page = await context.newPage();
        await page.goto('/');
        await expect(page.locator('.home-menu')).toBeVisible();
        await putValues(page, 'settings', [{ key: 'lessonsDone', value: LESSON_IDS.slice(0, 3) }]);
        await page.reload();
        await expect(page.locator('.learn-card progress')).toBeVisible();
        const name = `${size.name}-${locale.slice(0, 2)}-${colorScheme}`;
        await page.screenshot({ path: `${SHOTS}/home-${name}.png` });
        if (size.name === 'phone-390') {
          await page.locator('.home-menu .tile').first().waitFor();
          await page.goto('/#/new');
          await expect(page.locator('form button[type="submit"]')).toBeVisible();
          await page.screenshot({ path: `${SHOTS}/new-game-${name}.png` });
        }
        await context.close();
      }
    }
  }
});
