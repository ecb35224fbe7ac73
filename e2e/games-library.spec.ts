import { expect, test } from '@playwright/test';
import { sampleLibrary } from '../scripts/lib/sample-games';
import { cell, openApp, putGames, tapTwice } from './helpers';

const side = (name: string) => ({ name, kind: 'human' });
const day = (n: number) => Date.UTC(2026, 0, n);

/** A good 9x9 game record between two people, in the app's record shape. */
const goodGame = (id: string, names: [string, string], moves: string[], updatedAt: number, finished = false) => ({
  id,
  variant: 'pente',
  size: 9,
  tournamentRule: true,
  players: [side(names[0]), side(names[1])],
  moves,
  clocks: null,
  createdAt: updatedAt,
  updatedAt,
  status: finished ? 'finished' : 'in-progress',
  result: finished ? { winner: 1, reason: 'resignation' } : null,
  demo: false,
  revision: 1,
});

test('damaged records are listed apart, can be exported and deleted, and Continue opens a good game', async ({
  page,
}) => {
  await openApp(page);
  const { status: _status, ...noStatus } = goodGame('dmg-no-status', ['Eve', 'Fay'], ['E5'], day(4));
  await putGames(page, [
    goodGame('good-unfinished', ['Ann', 'Bob'], ['E5'], day(2)),
    goodGame('good-finished', ['Cy', 'Di'], ['E5', 'D4'], day(3), true),
    // The newest unfinished record, but its moves do not replay (E5 twice): Continue must pass it over.
    goodGame('dmg-bad-moves', ['Gil', 'Hal'], ['E5', 'E5'], day(9)),
    { id: 'dmg-missing-fields', updatedAt: day(8) },
    { ...goodGame('dmg-variant', ['Ida', 'Jon'], [], day(7)), variant: 'chess' },
    noStatus,
  ]);
  await page.reload();

  // Home's card offers the newest game that opens: Ann vs Bob, White's move 1 to play.
  await expect(page.locator('#resume-info')).toContainText('Ann');
  await expect(page.locator('#resume-info')).toContainText('Bob');
  await expect(page.locator('#resume-info')).toContainText('Move 1: Bob (White) to move');
  await page.getByRole('button', { name: 'Continue game' }).click();
  await tapTwice(page, 'D6');
  await expect(cell(page, 'D6')).toHaveAccessibleName('D6, white stone');
  await page.getByRole('button', { name: 'Back to the menu' }).click();

  await page.getByRole('button', { name: 'Games', exact: true }).click();
  const damaged = page.getByRole('region', { name: 'Damaged records (4)' });
  await expect(damaged).toBeVisible();
  // Newest first, each named as well as it can be read and with why it cannot be opened.
  await expect(damaged.locator('li strong')).toHaveText([
    'Gil vs Hal',
    'Record dmg-missing-fields',
    'Ida vs Jon',
    'Eve vs Fay',
  ]);
  await expect(damaged.locator('li').nth(0)).toContainText('Move 1 (White) of this game');
  await expect(damaged.locator('li').nth(2)).toContainText('unknown variant "chess"');
  await expect(damaged.locator('li').nth(3)).toContainText('unknown status');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export raw Record dmg-missing-fields' }).click();
  const raw = JSON.parse(
    await (await (await downloading).createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
  );
  expect(raw).toMatchObject({ key: 'dmg-missing-fields', value: { id: 'dmg-missing-fields', updatedAt: day(8) } });

  const confirmDelete = () => page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  for (const [name, left] of [
    ['Gil vs Hal', 3],
    ['Record dmg-missing-fields', 2],
    ['Ida vs Jon', 1],
  ] as const) {
    await page.getByRole('button', { name: `Delete damaged ${name}` }).click();
    await confirmDelete();
    await expect(page.getByRole('region', { name: `Damaged records (${left})` })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Delete damaged Eve vs Fay' }).click();
  await confirmDelete();
  await expect(page.getByRole('heading', { name: /Damaged records/ })).toHaveCount(0);

  // The good games are listed and open: the finished one in review, the unfinished one to play on.
  await page.getByRole('tab', { name: 'Finished', exact: true }).click();
  await expect(page.locator('ul.games li strong')).toHaveText(['Cy vs Di']);
  await page.getByRole('tab', { name: 'Unfinished' }).click();
  await expect(page.locator('ul.games li strong')).toHaveText(['Ann vs Bob']);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(cell(page, 'D6')).toHaveAccessibleName('D6, white stone');
  await tapTwice(page, 'A1');
  await expect(cell(page, 'A1')).toHaveAccessibleName('A1, black stone');
});

test('10,000 games: the list shows its first page and the page holds few rows', async ({ page }) => {
  // Summarising 10,000 games written without summaries (once, at start-up) replays them all: slow on a busy machine.
  test.setTimeout(180_000);
  await openApp(page);
  await putGames(page, sampleLibrary(10_000));
  await page.reload();
  await expect(page.getByRole('button', { name: /^Continue game/ })).toBeVisible({ timeout: 120_000 });
  await page.getByRole('button', { name: 'Games', exact: true }).click();
  const rows = page.locator('ul.games li');
  // The newest unfinished game of the sample library comes first.
  await expect(rows.first()).toContainText('Ann vs Dmitri');
  expect(await page.locator('li').count()).toBeLessThanOrEqual(100);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(rows).toHaveCount(100);
  await page.getByRole('tab', { name: 'Finished', exact: true }).click();
  await expect(rows).toHaveCount(50);
  await expect(rows.first()).toContainText('won (resignation)');
  // Finished games of the sample library have Bob, Dmitri, Fatima, Hiro or Jo as Black: Bob sorts first.
  await page.getByLabel('Sort by').selectOption('player1');
  await expect(rows.first().locator('strong')).toHaveText(/^Bob vs /);
  expect(await page.locator('li').count()).toBeLessThanOrEqual(100);
});
