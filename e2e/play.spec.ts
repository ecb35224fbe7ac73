import { expect, test } from '@playwright/test';
import { boardLabels, cell, newGame, openApp, tapTwice, watchForStone } from './helpers';

test('a full game against the computer on 9x9, with taps to preview and confirm', async ({ page }) => {
  test.setTimeout(180_000);
  await openApp(page);
  await newGame(page, { white: 'Beginner (computer)' });
  const status = page.getByRole('status');
  // Centre outwards: a simple plan that keeps trying the nearest legal point.
  const letters = 'ABCDEFGHJ';
  const order = Array.from({ length: 81 }, (_, i) => ({ x: i % 9, y: Math.floor(i / 9) }))
    .sort(
      (a, b) =>
        Math.max(Math.abs(a.x - 4), Math.abs(a.y - 4)) - Math.max(Math.abs(b.x - 4), Math.abs(b.y - 4)) ||
        a.y - b.y ||
        a.x - b.x,
    )
    .map(({ x, y }) => `${letters[x]}${y + 1}`);
  for (let turn = 0; turn < 60; turn++) {
    await expect(status).toHaveText(/Player 1 \(Black\) to move|wins|Draw/, { timeout: 30_000 });
    if (/wins|Draw/.test((await status.textContent()) ?? '')) break;
    const labels = await boardLabels(page);
    const empty = new Set(labels.filter((l) => l.endsWith(', empty')).map((l) => l.split(',')[0]));
    const before = labels.filter((l) => !l.endsWith('empty')).length;
    for (const name of order) {
      if (!empty.has(name)) continue;
      await cell(page, name).tap();
      if (await page.locator('.notice').isVisible()) continue; // the tournament rule: try the next point
      await expect(cell(page, name)).toHaveAccessibleName(`${name}, empty, preview`);
      // The computer may answer at once by capturing the new stone, so watch for the stone to appear
      // rather than expecting it to still be there when the check runs.
      await watchForStone(page, `${name}, black stone`);
      await cell(page, name).tap();
      await expect.poll(() => page.evaluate(() => (window as { stoneSeen?: boolean }).stoneSeen)).toBe(true);
      break;
    }
    expect((await boardLabels(page)).filter((l) => !l.endsWith('empty')).length).toBeGreaterThanOrEqual(before);
  }
  await expect(status).toHaveText(/wins|Draw/);
  await expect(page.getByRole('button', { name: 'Rematch' })).toBeVisible();
});

test('reload mid-game and continue exactly where it was', async ({ page }) => {
  await openApp(page);
  await newGame(page, { white: 'Beginner (computer)' });
  await tapTwice(page, 'E5');
  await expect(page.getByRole('status')).toHaveText(/Player 1 \(Black\) to move/, { timeout: 20_000 });
  await tapTwice(page, 'A1');
  // A move is shown once its save has committed: wait for the stone, then for the computer's reply.
  await expect(cell(page, 'A1')).toHaveAccessibleName('A1, black stone');
  await expect(page.getByRole('status')).toHaveText(/Player 1 \(Black\) to move/, { timeout: 20_000 });
  const position = await boardLabels(page);
  expect(position.filter((l) => l.endsWith('stone'))).toHaveLength(4);
  // A reload keeps the play screen (#/play/<id>) and reopens the game from storage.
  await page.reload();
  await expect(page.getByRole('grid')).toBeVisible();
  expect(await boardLabels(page)).toEqual(position);
  await expect(page.getByRole('status')).toHaveText(/Player 1 \(Black\) to move/);
});

test('undo takes back a move and review steps through the game', async ({ page }) => {
  await openApp(page);
  await newGame(page, { white: 'Guest' });
  await tapTwice(page, 'E5');
  await tapTwice(page, 'F6');
  await tapTwice(page, 'B2');
  await expect(cell(page, 'B2')).toHaveAccessibleName('B2, black stone');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(cell(page, 'B2')).toHaveAccessibleName('B2, empty');
  await expect(page.getByRole('status')).toHaveText(/Player 1 \(Black\) to move/);
  await page.getByRole('button', { name: 'Previous move' }).click();
  await expect(page.getByRole('status')).toHaveText(/Reviewing move 1 \(Black\) of 1/);
  await expect(cell(page, 'F6')).toHaveAccessibleName('F6, empty');
  await page.getByRole('button', { name: 'First move' }).click();
  await expect(cell(page, 'E5')).toHaveAccessibleName('E5, empty');
  await page.getByRole('button', { name: 'Next move' }).click();
  await expect(cell(page, 'E5')).toHaveAccessibleName('E5, black stone');
  await page.getByRole('button', { name: 'Last move' }).click();
  await expect(cell(page, 'F6')).toHaveAccessibleName('F6, white stone');
  await expect(page.getByRole('status')).not.toHaveText(/Reviewing/);
});

test('the keyboard can play: arrows move, Enter previews, Enter again places', async ({ page }) => {
  await openApp(page);
  await newGame(page, { white: 'Guest' });
  await cell(page, 'E5').focus();
  await page.keyboard.press('Enter');
  await expect(cell(page, 'E5')).toHaveAccessibleName('E5, empty, preview');
  await page.keyboard.press('Enter');
  await expect(cell(page, 'E5')).toHaveAccessibleName('E5, black stone');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await expect(cell(page, 'F6')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(cell(page, 'F6')).toHaveAccessibleName('F6, white stone');
});

test('an illegal point says why', async ({ page }) => {
  await openApp(page);
  await newGame(page, { white: 'Guest' });
  await cell(page, 'A1').tap();
  await expect(page.getByText('The first stone must be played on the centre, E5.')).toBeVisible();
});

test('the demo plays by itself and leaves no saved game', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Watch the computer (demo)' }).click();
  await page.getByLabel('Black (moves first)').selectOption({ label: 'Casual (computer)' });
  await page.getByLabel('White').selectOption({ label: 'Beginner (computer)' });
  await page.getByLabel('Board').selectOption('9');
  await page.getByRole('button', { name: 'Watch' }).click();
  await expect
    .poll(async () => (await boardLabels(page)).filter((l) => l.endsWith('stone')).length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(3);
  await page.getByRole('button', { name: 'Back to the menu' }).click();
  await expect(page.getByRole('button', { name: /^Continue game/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Games' }).click();
  await expect(page.getByText('No games here yet.')).toBeVisible();
  await page.getByRole('tab', { name: 'Finished', exact: true }).click();
  await expect(page.getByText('No games here yet.')).toBeVisible();
});

test('the openings book shows the known replies with their games and results', async ({ page }) => {
  await openApp(page);
  await newGame(page, { white: 'Guest', size: '19' });
  await tapTwice(page, 'K10');
  await page.getByText('Openings book').click();
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('row', { name: /^J11 [\d,]+ \d+%$/ })).toBeVisible();
  await page.getByRole('button', { name: 'First move' }).click();
  await expect(table.getByRole('row', { name: /^K10 / })).toBeVisible();
});

test('a screen reader hears the computer’s move and the hint, and the hint is shown as text', async ({ page }) => {
  await openApp(page);
  await newGame(page, { white: 'Beginner (computer)' });
  const spoken = page.locator('.sr-only[aria-live]');
  await tapTwice(page, 'E5');
  await expect(spoken).toHaveText(/^Beginner played [A-J][1-9]\./, { timeout: 20_000 });
  await expect(page.getByRole('status')).toHaveText(/Player 1 \(Black\) to move/);
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.locator('.detail')).toHaveText(/^Hint: [A-J][1-9]$/, { timeout: 20_000 });
  await expect(spoken).toHaveText(/^Hint: [A-J][1-9]\.$/);
});
