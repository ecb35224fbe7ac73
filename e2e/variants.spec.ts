/**
 * Issue 32's first games on screen: Gomoku on its 15×15 board against the computer, and D-Pente, where the
 * computer places the four opening stones and the person, as player 2, is offered the seat choice and takes
 * Black's seat; and Swap2-Pente, where the computer places three stones, the person passes (places two more)
 * and the computer then chooses its seat. Screenshots at phone portrait and landscape (looked at by whoever
 * changes these screens).
 */
import { expect, test } from '@playwright/test';
import { boardLabels, cell, newGame, openApp, phoneShots, stoneCount, tapTwice } from './helpers';

test('Gomoku starts on 15×15 and the computer answers', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByLabel('Black (moves first)').selectOption({ label: 'Guest' });
  await page.getByLabel('White').selectOption({ label: 'Beginner (computer)' });
  await page.getByRole('combobox', { name: 'Game', exact: true }).selectOption({ label: 'Gomoku' });
  // Gomoku's own board: the form moves 19×19 to 15×15.
  await expect(page.getByLabel('Board')).toHaveValue('15');
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('grid')).toBeVisible();
  expect(await boardLabels(page)).toHaveLength(225);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('15');
  await tapTwice(page, 'H8');
  await expect.poll(() => stoneCount(page, 'white'), { timeout: 30_000 }).toBe(1);
  await phoneShots(page, 'gomoku-15');
});

test('D-Pente: the computer places four stones, the person takes Black’s seat and plays on', async ({ page }) => {
  await openApp(page);
  await newGame(page, { black: 'Beginner (computer)', white: 'Guest', game: 'D-Pente', size: '13' });
  const choice = page.getByRole('region', { name: 'Choose your seat' });
  await expect(choice).toBeVisible({ timeout: 60_000 });
  expect(await stoneCount(page, 'black')).toBe(2);
  expect(await stoneCount(page, 'white')).toBe(2);
  await phoneShots(page, 'd-pente-choice');
  await choice.getByRole('button', { name: 'Take Black' }).click();
  await expect(choice).toHaveCount(0);
  // The person now holds Black and plays the fifth stone; the computer (now White) answers.
  const empty = (await boardLabels(page)).find((l) => l.startsWith('A') && l.endsWith('empty'))!.split(',')[0]!;
  await tapTwice(page, empty);
  await expect(cell(page, empty)).toHaveAccessibleName(`${empty}, black stone`);
  await expect.poll(() => stoneCount(page, 'white'), { timeout: 30_000 }).toBe(3);
  await expect(page.getByRole('status')).toHaveText(/Guest \(Black\) to move/, { timeout: 20_000 });
  await phoneShots(page, 'd-pente-after');
  // The swap is stored with the game: a reload reopens it with the seats as chosen.
  const position = await boardLabels(page);
  await page.reload();
  await expect(page.getByRole('grid')).toBeVisible();
  expect(await boardLabels(page)).toEqual(position);
  await expect(page.getByRole('status')).toHaveText(/Guest \(Black\) to move/);
});

test('Swap2-Pente: three stones by the computer, the person places two more, the computer chooses', async ({
  page,
}) => {
  await openApp(page);
  await newGame(page, { black: 'Beginner (computer)', white: 'Guest', game: 'Swap2-Pente', size: '13' });
  const choice = page.getByRole('region', { name: 'Choose your seat' });
  await expect(choice).toBeVisible({ timeout: 60_000 });
  expect(await stoneCount(page, 'black')).toBe(2);
  expect(await stoneCount(page, 'white')).toBe(1);
  await expect(choice.getByRole('button')).toHaveText(['Take Black', 'Keep White', 'Place two more']);
  await phoneShots(page, 'swap2-choice');
  await choice.getByRole('button', { name: 'Place two more' }).click();
  await expect(choice).toHaveCount(0);
  // The person places a white stone and then a black one (the colours alternate as ever).
  const empties = (await boardLabels(page)).filter((l) => l.startsWith('A') && l.endsWith('empty'));
  const [first, second] = empties.map((l) => l.split(',')[0]!);
  await tapTwice(page, first!);
  await expect(cell(page, first!)).toHaveAccessibleName(`${first}, white stone`);
  await tapTwice(page, second!);
  await expect(cell(page, second!)).toHaveAccessibleName(`${second}, black stone`);
  // The computer, player 1, chooses its seat from a search; then whoever holds White plays on, and in the
  // end the person is to move, in whichever seat the computer left them.
  await expect(page.getByRole('status')).toHaveText(/Guest \((Black|White)\) to move/, { timeout: 60_000 });
  await expect(page.getByRole('region', { name: 'Choose your seat' })).toHaveCount(0);
  expect((await stoneCount(page, 'black')) + (await stoneCount(page, 'white'))).toBeGreaterThanOrEqual(5);
  await phoneShots(page, 'swap2-after');
  const position = await boardLabels(page);
  const status = await page.getByRole('status').textContent();
  await page.reload();
  await expect(page.getByRole('grid')).toBeVisible();
  expect(await boardLabels(page)).toEqual(position);
  await expect(page.getByRole('status')).toHaveText(status!);
});

test('O-Pente: a stone completing its own pair between enemy stones is poofed; the computer plays it', async ({
  page,
}) => {
  await openApp(page);
  await newGame(page, { black: 'Guest', white: 'Guest', game: 'O-Pente', size: '9' });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('O-Pente');
  // Black E5 and F5 between White's D5 and G5: both Black stones are poofed, credited to White.
  for (const point of ['E5', 'D5', 'H5', 'G5', 'F5']) await tapTwice(page, point);
  await expect(cell(page, 'E5')).toHaveAccessibleName(/^E5, empty/);
  await expect(cell(page, 'F5')).toHaveAccessibleName(/^F5, empty/);
  expect(await stoneCount(page, 'black')).toBe(1);
  await phoneShots(page, 'o-pente-poof');
  // Against the computer: it answers the first stone.
  await page.getByRole('button', { name: 'Back' }).click();
  await newGame(page, { black: 'Guest', white: 'Beginner (computer)', game: 'O-Pente', size: '9' });
  await tapTwice(page, 'E5');
  await expect.poll(() => stoneCount(page, 'white'), { timeout: 30_000 }).toBe(1);
});
