import { expect, test } from '@playwright/test';
import { newGame, openApp, tapTwice } from './helpers';

test('without IndexedDB the computer players are still offered, and a game against one plays', async ({ page }) => {
  // As in private browsing or with storage blocked: reading indexedDB throws before the app loads.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await openApp(page);
  await expect(page.getByText(/Games cannot be saved on this device/)).toBeVisible();
  await page.getByRole('button', { name: 'New game' }).click();
  const white = page.getByLabel('White');
  for (const level of ['Beginner', 'Casual', 'Intermediate', 'Advanced', 'Expert', 'Master'])
    await expect(white.getByRole('option', { name: `${level} (computer)`, exact: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'Back' }).click();

  await newGame(page, { white: 'Beginner (computer)' });
  await tapTwice(page, 'E5');
  await expect(page.getByRole('status')).toHaveText(/Player 1 \(Black\) to move/, { timeout: 20_000 });
  expect(await page.getByRole('gridcell', { name: /white stone$/ }).count()).toBe(1);
});
