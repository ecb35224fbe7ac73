/**
 * Connect6 against the computer (issue 32): the person's first stone, then the computer places both stones
 * of its turn, and the status says which of the person's two stones is due. Screenshots at phone portrait
 * and landscape.
 */
import { expect, test } from '@playwright/test';
import { boardLabels, cell, newGame, openApp, phoneShots, stoneCount, tapTwice } from './helpers';

test('Connect6: one stone, then the computer places two, then the person’s two', async ({ page }) => {
  await openApp(page);
  await newGame(page, { black: 'Guest', white: 'Beginner (computer)', game: 'Connect6' });
  await tapTwice(page, 'K10');
  await expect(cell(page, 'K10')).toHaveAccessibleName('K10, black stone');
  // The computer's turn is two stones, and then it is the person's, two stones too.
  await expect.poll(() => stoneCount(page, 'white'), { timeout: 60_000 }).toBe(2);
  await expect(page.getByRole('status')).toHaveText(/Guest \(Black\) to move: stone 1 of 2/, { timeout: 20_000 });
  expect(await stoneCount(page, 'black')).toBe(1);
  const empty = (await boardLabels(page)).find((l) => l.startsWith('A') && l.endsWith('empty'))!.split(',')[0]!;
  await tapTwice(page, empty);
  await expect(cell(page, empty)).toHaveAccessibleName(`${empty}, black stone`);
  await expect(page.getByRole('status')).toHaveText(/Guest \(Black\) to move: stone 2 of 2/);
  expect(await stoneCount(page, 'white')).toBe(2);
  await phoneShots(page, 'connect6');
});
