/**
 * Renju on a phone (issue 32): New game offers Renju on 15×15 alone; the Taraguchi-10 opening's steps on screen — a swap window
 * after each of stones 1–4 (one swap taken), the area limits shaded, black's ten offers chosen on the board
 * and white's pick among them, a pass after the opening — then black's forbidden points crossed on the
 * board and a double three that loses at once, said as such; a reload finds the game kept as it ended.
 * And the computer against itself, in the real engine worker: it takes every opening step (windows, the
 * branch, offers or a fifth stone, white's pick) and plays on past them.
 * Screenshots at phone portrait and landscape with LAYOUT_SHOTS=1 (looked at by whoever changes these screens).
 */
import { expect, test } from '@playwright/test';
import { boardLabels, cell, openApp, phoneShots, tapPoint, tapTwice } from './helpers';

test('Renju: the opening steps, a pass, and a forbidden double three that loses; kept on reload', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openApp(page);
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByLabel('Black (moves first)').selectOption({ label: 'Player 1' });
  await page.getByLabel('White').selectOption({ label: 'Guest' });
  await page.getByRole('combobox', { name: 'Game', exact: true }).selectOption({ label: 'Renju' });
  // Renju's one board.
  await expect(page.getByLabel('Board').locator('option')).toHaveText(['15×15']);
  await page.getByRole('button', { name: 'Start' }).click();
  expect(await boardLabels(page)).toHaveLength(225);
  const window = page.getByRole('region', { name: 'Choose your seat' });
  const status = page.getByRole('status');

  // Stone 1 on the centre; White's person swaps seats: Player 1 now holds White, Guest Black.
  await tapTwice(page, 'H8');
  await expect(window).toContainText('Stone 1 is down');
  await phoneShots(page, 'renju-window');
  await window.getByRole('button', { name: 'Take Black' }).click();
  await expect(window).toHaveCount(0);
  await expect(status).toHaveText(/Player 1 \(White\) to move/);
  // Stone 2 within the centre's 3×3: the points outside are shaded (and refused).
  await tapTwice(page, 'H9');
  await window.getByRole('button', { name: 'Keep Black' }).click();
  await tapTwice(page, 'J9');
  await window.getByRole('button', { name: 'Keep White' }).click();
  await tapTwice(page, 'G7');
  await window.getByRole('button', { name: 'Keep Black' }).click();

  // Black's branch: ten offers, chosen by tapping points; white picks one of them.
  const branch = page.getByRole('region', { name: 'Black’s fifth stone' });
  await branch.getByRole('button', { name: 'Offer ten' }).click();
  const offers = ['A1', 'A3', 'A5', 'A7', 'A9', 'A11', 'A13', 'A15', 'C1', 'E1'];
  for (const [i, name] of offers.entries()) {
    await tapPoint(page, name);
    await expect(cell(page, name)).toHaveAccessibleName(`${name}, empty, offer ${i + 1}`);
  }
  await expect(branch).toContainText('10 of 10');
  await phoneShots(page, 'renju-offers');
  await branch.getByRole('button', { name: 'Offer these' }).click();
  await expect(status).toHaveText(/Player 1 \(White\) picks Black’s fifth stone/);
  await phoneShots(page, 'renju-pick');
  await tapTwice(page, 'A5');
  await expect(cell(page, 'A5')).toHaveAccessibleName('A5, black stone');
  await tapTwice(page, 'B2');

  // The opening is over: Black (Guest) passes; White plays on.
  await page.getByRole('button', { name: 'Pass' }).click();
  await expect(status).toHaveText(/Player 1 \(White\) to move/);
  for (const [white, black] of [
    ['B4', 'E12'],
    ['B6', 'F12'],
    ['B8', 'G14'],
    ['B10', 'G13'],
  ] as const) {
    await tapTwice(page, white);
    await tapTwice(page, black);
  }
  await tapTwice(page, 'B12');
  // Black to move: G12 would make two open threes, and the board crosses it out.
  await expect(cell(page, 'G12')).toHaveAccessibleName('G12, empty, forbidden for Black');
  await phoneShots(page, 'renju-forbidden');
  await tapTwice(page, 'G12');
  const lost = /Player 1 \(White\) wins: Black’s double three at G12 is forbidden\./;
  await expect(status).toHaveText(lost);
  await phoneShots(page, 'renju-lost');

  // Kept: a reload reopens the game as it ended.
  const position = await boardLabels(page);
  await page.reload();
  await expect(page.getByRole('grid')).toBeVisible();
  expect(await boardLabels(page)).toEqual(position);
  await expect(page.getByRole('status')).toHaveText(lost);
});

test('Renju: the computer plays itself through the opening steps, in the engine worker', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await openApp(page);
  await page.goto('/#/demo');
  await page.getByRole('combobox', { name: 'Game', exact: true }).selectOption({ label: 'Renju' });
  await page.locator('form button[type="submit"]').click();
  await page.locator('.play .actions .slot-select select').selectOption('150');
  // Eight stones: past the fifth stone (branch A's, or white's pick of black's ten offers) and on. Each
  // window's choice is a step the engine names (a swap exchanges the players on the strip).
  await expect
    .poll(async () => (await boardLabels(page)).filter((l) => / stone$/.test(l)).length, { timeout: 150_000 })
    .toBeGreaterThanOrEqual(8);
  // No step or stone of the computer's was refused (play_computer_illegal).
  await expect(page.getByText(/illegal move/)).toHaveCount(0);
});
