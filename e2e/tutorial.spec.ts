/**
 * The tutorial at 390×844: a first-time player finds it on Home, completes the first three lessons with
 * a wrong answer and a retry on the way, and the progress is still there after a reload. At 360×640: the
 * big-board lesson teaches the zoom, and the first game after the lessons suits a beginner.
 */
import { type Page, expect, test } from '@playwright/test';
import { cell, openApp, tapPoint } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Previews a point with a tap and places it with a second (the default two-tap input). */
async function play(page: Page, name: string): Promise<void> {
  await cell(page, name).tap();
  await expect(cell(page, name)).toHaveAccessibleName(new RegExp(`^${name}, empty, preview`));
  await cell(page, name).tap();
}

const result = (page: Page) => page.locator('.lesson-bottom');

test('a first-time player completes the first three lessons, and a reload keeps the progress', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Learn to play' }).click();
  await expect(page).toHaveURL(/#\/learn$/);

  // 1. Place a stone: off the centre the rules refuse it, and the lesson says why.
  await expect(page.getByRole('heading', { name: 'Place a stone' })).toBeVisible();
  await cell(page, 'D4').tap();
  await expect(result(page)).toContainText('Not quite.');
  await expect(result(page)).toContainText('exactly on the centre point, E5');
  await expect(cell(page, 'D4')).toHaveAccessibleName('D4, empty');
  await page.getByRole('button', { name: 'Retry' }).click();
  await play(page, 'E5');
  await expect(result(page)).toContainText('Right!');
  await expect(cell(page, 'E5')).toHaveAccessibleName('E5, black stone');
  await page.getByRole('button', { name: 'Next lesson' }).click();

  // 2. Make five: a wrong move stays on the board until Retry.
  await expect(page.getByRole('heading', { name: 'Make five in a row' })).toBeVisible();
  await play(page, 'A5');
  await expect(result(page)).toContainText('Not quite.');
  await expect(cell(page, 'A5')).toHaveAccessibleName('A5, black stone');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(cell(page, 'A5')).toHaveAccessibleName('A5, empty');
  await play(page, 'D5');
  await expect(result(page)).toContainText('five in a row, and the game is won');
  await page.getByRole('button', { name: 'Next lesson' }).click();

  // 3. Block a four: the wrong block shows White's winning reply.
  await expect(page.getByRole('heading', { name: 'Block a four' })).toBeVisible();
  await play(page, 'H7');
  await expect(result(page)).toContainText('White plays G7');
  await expect(cell(page, 'G7')).toHaveAccessibleName('G7, empty, preview');
  await page.getByRole('button', { name: 'Retry' }).click();
  await play(page, 'G7');
  await expect(result(page)).toContainText('Right!');
  await page.screenshot({ path: 'test-results/tutorial/lesson-3-right.png' });

  // The progress is saved: a reload opens the fourth lesson with three ticks.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Capture a pair' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Lessons/ })).toContainText('3 done');
  const items = page.locator('.lesson-item');
  for (const i of [0, 1, 2]) await expect(items.nth(i)).toContainText('(done)');
  await expect(items.nth(3)).not.toContainText('(done)');
  await expect(items.nth(3)).toHaveAttribute('aria-current', 'step');

  // Home no longer offers the course as to a first-timer, but keeps the lessons' card with the progress
  // and the next lesson until all are done; Rules still leads to them.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Learn to play' })).toHaveCount(0);
  await expect(page.locator('.learn-card')).toContainText('3 of 16 lessons done.');
  await expect(page.getByRole('button', { name: 'Next lesson' })).toBeVisible();
  await page.getByRole('button', { name: 'Rules and help' }).click();
  await page.getByRole('button', { name: 'Try it on the board' }).click();
  await expect(page.getByRole('heading', { name: 'Capture a pair' })).toBeVisible();
});

test('a lesson that needs a capture: the wrong point explains, the right one takes the pair', async ({ page }) => {
  await openApp(page);
  await page.goto('/#/learn');
  await page.locator('.lesson-item', { hasText: 'Capture a pair' }).click();
  await play(page, 'D5');
  await expect(result(page)).toContainText('still open at its right end');
  await page.getByRole('button', { name: 'Retry' }).click();
  await play(page, 'H5');
  await expect(result(page)).toContainText('Right!');
  await expect(cell(page, 'F5')).toHaveAccessibleName('F5, empty');
  await expect(cell(page, 'G5')).toHaveAccessibleName('G5, empty');
});

test('the tutorial places stones the way Settings say: Confirm, one tap, or the keyboard', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Placing a stone').selectOption('confirm');
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Learn to play' }).click();
  // Confirm mode: taps only preview; Confirm places.
  await cell(page, 'E5').tap();
  await cell(page, 'E5').tap();
  await expect(cell(page, 'E5')).toHaveAccessibleName('E5, empty, preview');
  await expect(result(page)).toContainText('Press Confirm to place it.');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(result(page)).toContainText('Right!');

  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Placing a stone').selectOption('one-tap');
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Rules and help' }).click();
  await page.getByRole('button', { name: 'Try it on the board' }).click();
  // The first lesson is done: the screen opens at the second. One tap answers.
  await expect(page.getByRole('heading', { name: 'Make five in a row' })).toBeVisible();
  await cell(page, 'D5').tap();
  await expect(result(page)).toContainText('Right!');

  // The keyboard: arrows move between points, Enter chooses (one tap: it answers).
  await page.getByRole('button', { name: 'Next lesson' }).click();
  await expect(page.getByRole('heading', { name: 'Block a four' })).toBeVisible();
  await cell(page, 'E5').focus();
  for (const key of ['ArrowUp', 'ArrowUp', 'ArrowRight', 'ArrowRight', 'Enter']) await page.keyboard.press(key);
  await expect(result(page)).toContainText('Right!');
  await expect(cell(page, 'G7')).toHaveAccessibleName('G7, black stone');
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

  test('the big-board lesson teaches the zoom; after the last lesson the first game is 13×13 against Beginner', async ({
    page,
  }) => {
    await openApp(page);
    await page.goto('/#/learn');
    await page.locator('.lesson-item', { hasText: 'The big board' }).click();
    await expect(page.getByRole('heading', { name: 'The big board' })).toBeVisible();
    await expect(page.locator('.lesson-prompt')).toContainText('your first tap zooms in');
    // The first tap on the 19×19 board zooms in and says so; the next taps preview and place.
    await cell(page, 'O10').tap();
    await expect(page.getByRole('button', { name: 'Whole board' })).toBeVisible();
    await expect(page.locator('.zoom-note')).toHaveText('Zoomed in: tap your point');
    await expect(cell(page, 'O10')).toHaveAccessibleName('O10, empty');
    await play(page, 'O10');
    await expect(result(page)).toContainText('Right!');
    await expect(page.getByText('Zoomed in: tap your point')).toHaveCount(0);

    // The last lesson's "Play a game" starts a game that suits a beginner.
    // (The last lesson is Renju's, on 15×15: tapPoint zooms first where the board needs it.)
    await page.locator('.lesson-item', { hasText: 'Renju' }).click();
    await tapPoint(page, 'E5');
    await expect(cell(page, 'E5')).toHaveAccessibleName(/^E5, empty, preview/);
    await cell(page, 'E5').tap();
    await expect(result(page)).toContainText('Right!');
    await page.getByRole('button', { name: 'Play a game' }).click();
    await expect(page.getByRole('heading', { name: 'Pente 13×13' })).toBeVisible();
    await expect(page.locator('.player').nth(1)).toContainText('Beginner');
    // 13×13 on the phone: the first tap chooses (no zoom).
    await expect(page.getByRole('button', { name: /^(Zoom in|Whole board)$/ })).toHaveCount(0);
  });
});

test('a protocol lesson: D-Pente’s seat choice is made with its buttons, wrong then right, at phone sizes', async ({
  page,
}) => {
  await openApp(page);
  await page.goto('/#/learn');
  await page.locator('.lesson-item', { hasText: 'D-Pente: choose your seat' }).click();
  await expect(page.getByRole('heading', { name: 'D-Pente: choose your seat' })).toBeVisible();
  await expect(result(page)).toContainText('White to choose a seat: answer with a button');
  // The four stones are down and the board takes no stone: the answer is a seat.
  await expect(cell(page, 'E5')).toHaveAccessibleName('E5, black stone');
  await expect(cell(page, 'A1')).toHaveAccessibleName('A1, white stone');
  await cell(page, 'C3').tap();
  await expect(cell(page, 'C3')).toHaveAccessibleName('C3, empty');
  for (const [w, h] of [
    [390, 844],
    [844, 390],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: test.info().outputPath(`d-pente-lesson-${w}x${h}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Keep White' }).click();
  await expect(result(page)).toContainText('Not quite.');
  await expect(result(page)).toContainText('Take Black');
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.getByRole('button', { name: 'Take Black' }).click();
  await expect(result(page)).toContainText('Right!');
  await page.screenshot({ path: test.info().outputPath('d-pente-lesson-right-390x844.png'), fullPage: true });
  await expect(page.locator('.lesson-item', { hasText: 'D-Pente: choose your seat' })).toHaveClass(/done/);
  // The next lesson, Swap2's, offers its three steps.
  await page.getByRole('button', { name: 'Next lesson' }).click();
  await expect(page.getByRole('heading', { name: 'Swap2: take, keep or pass' })).toBeVisible();
  for (const name of ['Take Black', 'Keep White', 'Place two more'])
    await expect(page.getByRole('button', { name })).toBeVisible();
  await page.setViewportSize({ width: 844, height: 390 });
  await page.screenshot({ path: test.info().outputPath('swap2-lesson-844x390.png'), fullPage: true });
});
