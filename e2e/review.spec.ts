/**
 * Review on a phone (390×844): the move list with captures marked, a tap on a move, the review keys, the
 * scrubber, the result card after a resignation, and a finished game opened from the Games list at its
 * last move.
 */
import { type Page, expect, test } from '@playwright/test';
import { cell, newGame, openApp, tapTwice } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

/** The boxes of the action and review bars' buttons, in page coordinates. */
const barBoxes = (page: Page) =>
  page
    .locator('.play .actions > *, .play .review > *')
    .evaluateAll((els) =>
      els
        .map((e) => e.getBoundingClientRect())
        .map((r) => [r.x + scrollX, r.y + scrollY, r.width, r.height].map(Math.round)),
    );

test('the move list, the review keys and the scrubber walk a game; the result card ends it', async ({ page }) => {
  await openApp(page);
  await newGame(page, { white: 'Guest' });
  const status = page.getByRole('status');
  const bars = await barBoxes(page);
  // No moves yet: no list to show.
  await expect(page.getByRole('region', { name: 'Moves' })).toHaveCount(0);

  // Black H8 captures White's F6 and G7 (flanked with E5).
  for (const p of ['E5', 'F6', 'A1', 'G7', 'H8']) await tapTwice(page, p);
  await expect(cell(page, 'F6')).toHaveAccessibleName('F6, empty');
  const list = page.getByRole('region', { name: 'Moves' }).getByRole('listitem');
  await expect(list).toHaveText(['1.E5F6', '2.A1G7', '3.H8 ×2']);
  const capture = page.getByRole('button', { name: 'Move 3, Black H8, captures 2' });
  await expect(capture).toHaveText('H8 ×2');
  await expect(capture).toHaveAttribute('aria-current', 'true');
  // The list below the bars never moves them.
  expect(await barBoxes(page)).toEqual(bars);

  // A tap on a move shows the position after it.
  await page.getByRole('button', { name: 'Move 1, White F6' }).click();
  await expect(status).toHaveText(/Reviewing move 1 \(White\) of 3/);
  await expect(cell(page, 'F6')).toHaveAccessibleName('F6, white stone');
  await expect(cell(page, 'A1')).toHaveAccessibleName('A1, empty');
  await expect(page.getByRole('button', { name: 'Move 1, White F6' })).toHaveAttribute('aria-current', 'true');
  await expect(capture).not.toHaveAttribute('aria-current', 'true');

  // The review keys, with focus on the move list (outside the board's grid).
  await page.keyboard.press('ArrowRight');
  await expect(status).toHaveText(/Reviewing move 2 \(Black\) of 3/);
  await expect(cell(page, 'A1')).toHaveAccessibleName('A1, black stone');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(status).toHaveText(/Reviewing move 1 \(Black\) of 3/);
  await page.keyboard.press('Home');
  await expect(status).toHaveText(/Reviewing the start, before move 1 \(of 3\)/);
  await expect(cell(page, 'E5')).toHaveAccessibleName('E5, empty');
  await page.keyboard.press('End');
  await expect(status).not.toHaveText(/Reviewing/);
  await expect(cell(page, 'H8')).toHaveAccessibleName('H8, black stone');

  // In the board's grid the arrows move between points, not through the game.
  await cell(page, 'E5').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(cell(page, 'D5')).toBeFocused();
  await expect(status).not.toHaveText(/Reviewing/);

  // The scrubber jumps anywhere; its box is a finger's size.
  const scrubber = page.getByRole('slider', { name: 'Go to move' });
  const box = await page.locator('label.scrubber').boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await scrubber.fill('3');
  await expect(status).toHaveText(/Reviewing move 2 \(Black\) of 3/);
  await expect(cell(page, 'G7')).toHaveAccessibleName('G7, empty');
  await expect(cell(page, 'A1')).toHaveAccessibleName('A1, black stone');
  await scrubber.fill('5');
  await expect(status).not.toHaveText(/Reviewing/);

  // White, to move, resigns: the result card says who won, how and after how many moves.
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
  const card = page.locator('.info.result-card');
  await expect(card.getByRole('status')).toHaveText('Player 1 (Black) wins by resignation.');
  await expect(card).toContainText('After 3 moves.');
  await expect(page.getByRole('button', { name: 'Rematch' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
  expect(await barBoxes(page)).toEqual(bars);
  // Review hides the card (the board is not the final position), and End brings it back.
  await page.keyboard.press('ArrowLeft');
  await expect(status).toHaveText(/Reviewing move 2 \(White\) of 3/);
  await expect(card).toHaveCount(0);
  await page.keyboard.press('End');
  await expect(card).toBeVisible();

  // The finished game, opened from the Games list, starts at its last move.
  await page.getByRole('button', { name: 'Back to the menu' }).click();
  await page.getByRole('button', { name: 'Games', exact: true }).click();
  await page.getByRole('tab', { name: 'Finished', exact: true }).click();
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(status).toHaveText('Player 1 (Black) wins by resignation.');
  await expect(cell(page, 'H8')).toHaveAccessibleName('H8, black stone');
  await expect(cell(page, 'F6')).toHaveAccessibleName('F6, empty');
  await expect(page.getByRole('button', { name: 'Last move' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Move 3, Black H8, captures 2' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(page.locator('.info.result-card')).toBeVisible();
});
