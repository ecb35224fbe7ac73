/**
 * Connect6 against the computer (issue 32): the person's first stone, then the computer places both stones
 * of its turn, and the status says which of the person's two stones is due. Screenshots at phone portrait
 * and landscape.
 */
import { type Page, expect, test } from '@playwright/test';
import { boardLabels, cell, openApp, tapTwice } from './helpers';

const stones = async (page: Page, colour: 'black' | 'white') =>
  (await boardLabels(page)).filter((l) => l.endsWith(`${colour} stone`)).length;

async function shots(page: Page, name: string): Promise<void> {
  for (const [w, h] of [
    [390, 844],
    [844, 390],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: test.info().outputPath(`${name}-${w}x${h}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test('Connect6: one stone, then the computer places two, then the person’s two', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByLabel('Black (moves first)').selectOption({ label: 'Guest' });
  await page.getByLabel('White').selectOption({ label: 'Beginner (computer)' });
  await page.getByRole('combobox', { name: 'Game', exact: true }).selectOption({ label: 'Connect6' });
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('grid')).toBeVisible();
  await tapTwice(page, 'K10');
  await expect(cell(page, 'K10')).toHaveAccessibleName('K10, black stone');
  // The computer's turn is two stones, and then it is the person's, two stones too.
  await expect.poll(() => stones(page, 'white'), { timeout: 60_000 }).toBe(2);
  await expect(page.getByRole('status')).toHaveText(/Guest \(Black\) to move: stone 1 of 2/, { timeout: 20_000 });
  expect(await stones(page, 'black')).toBe(1);
  const empty = (await boardLabels(page)).find((l) => l.startsWith('A') && l.endsWith('empty'))!.split(',')[0]!;
  await tapTwice(page, empty);
  await expect(cell(page, empty)).toHaveAccessibleName(`${empty}, black stone`);
  await expect(page.getByRole('status')).toHaveText(/Guest \(Black\) to move: stone 2 of 2/);
  expect(await stones(page, 'white')).toBe(2);
  await shots(page, 'connect6');
});
