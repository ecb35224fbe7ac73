/**
 * Renju pass-and-play on a phone (issue 32): New game offers Renju on 15×15 alone and with no computer player
 * yet; the Taraguchi-10 opening's steps on screen — a swap window
 * after each of stones 1–4 (one swap taken), the area limits shaded, black's ten offers chosen on the board
 * and white's pick among them, a pass after the opening — then black's forbidden points crossed on the
 * board and a double three that loses at once, said as such; a reload finds the game kept as it ended.
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
  // Renju's one board, and no computer player until the engine plays Renju (RENJU_AGAINST_COMPUTER).
  await expect(page.getByLabel('Board').locator('option')).toHaveText(['15×15']);
  await expect(page.getByLabel('White').locator('option', { hasText: '(computer)' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Start' }).click();
  expect(await boardLabels(page)).toHaveLength(225);
  const window = page.getByRole('region', { name: 'Choose your seat' });
  const status = page.getByRole('status');

  // The engine does not play Renju yet: no hint is offered.
  await expect(page.getByRole('button', { name: 'Hint' })).toBeDisabled();
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
