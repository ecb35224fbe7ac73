/**
 * Damaged records written straight into IndexedDB (as a tool or a damaged disk might), at 390×844: a game
 * summary with an unknown variant, a game edited in place after its summary so that it no longer replays,
 * and player records the app cannot use. Each is listed (the summary's game as the game it is, the others
 * as damaged), can be exported raw and deleted, every Games tab and sort works, "Export everything" keeps
 * them raw, and the page raises no uncaught error.
 */
import { type Download, type Page, expect, test } from '@playwright/test';
import { lookAt, openApp, putGames, putValues, readValue } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const side = (name: string) => ({ name, kind: 'human' });
const day = (n: number) => Date.UTC(2026, 0, n);

const game = (id: string, names: [string, string], moves: string[], updatedAt: number, finished = false) => ({
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

function noPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function downloaded(download: Promise<Download>): Promise<unknown> {
  const stream = await (await download).createReadStream();
  return JSON.parse(Buffer.concat(await stream.toArray()).toString());
}

const SORTS = ['Date', "Black's name", "White's name", 'Board size', 'Game'] as const;

test('a bad summary and a game damaged in place: listed, every tab and sort works, deletable', async ({ page }) => {
  const errors = noPageErrors(page);
  await openApp(page);
  const finished = game('fin', ['Cy', 'Di'], ['E5', 'D4'], day(3), true);
  await putGames(page, [
    finished,
    game('unf', ['Ann', 'Bob'], ['E5'], day(2)),
    game('cor', ['Gil', 'Hal'], ['E5', 'D4'], day(4)),
  ]);
  await page.reload();
  await page.getByRole('button', { name: 'Games', exact: true }).click();
  // The games' list (the damaged records have a list of their own, in their region).
  const rows = page.locator('main > ul.games > li strong');
  await expect(rows).toHaveText(['Gil vs Hal', 'Ann vs Bob']);

  // The finished game's summary gets a variant no version knows; Gil vs Hal's record is edited so that
  // its moves no longer replay (E5 twice), its summary left as it was.
  const summary = (await readValue(page, 'summaries', 'fin')) as Record<string, unknown>;
  expect(summary).toMatchObject({ status: 'finished', variant: 'pente' });
  await putValues(page, 'summaries', [{ value: { ...summary, variant: 'chess' } }]);
  await putGames(page, [{ ...game('cor', ['Gil', 'Hal'], ['E5', 'E5'], day(4)) }]);

  await page.getByRole('tab', { name: 'Finished', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Finished', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(rows).toHaveText(['Cy vs Di']);
  await expect(page.locator('ul.games li').first()).toContainText('Pente 9×9');
  await page.getByRole('tab', { name: 'Unfinished' }).click();
  await expect(rows).toHaveText(['Ann vs Bob']);
  const damaged = page.getByRole('region', { name: 'Damaged records (1)' });
  await expect(damaged).toContainText('Gil vs Hal');
  await expect(damaged).toContainText('Move 1 (White) of this game');
  for (const tab of ['Finished', 'Unfinished'] as const) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    for (const sort of SORTS) {
      await page.getByLabel('Sort by').selectOption({ label: sort });
      await expect(rows).toHaveText([tab === 'Finished' ? 'Cy vs Di' : 'Ann vs Bob']);
      await expect(damaged).toBeVisible();
    }
  }
  await lookAt(page, { path: 'test-results/damaged/games.png' });

  // A game damaged while the list is shown is found when it is opened, and listed with the damaged.
  await putGames(page, [{ ...game('unf', ['Ann', 'Bob'], ['E5', 'A1', 'A1'], day(2)) }]);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.locator('.notice-toast')).toContainText('This game cannot be opened');
  await expect(page.getByRole('region', { name: 'Damaged records (2)' })).toBeVisible();
  await expect(page).toHaveURL(/#\/games$/);

  const confirmDelete = () => page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete damaged Gil vs Hal' }).click();
  await confirmDelete();
  await page.getByRole('button', { name: 'Delete damaged Ann vs Bob' }).click();
  await confirmDelete();
  await expect(page.getByRole('heading', { name: /Damaged records/ })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('player records the app cannot use: listed, their names explained, exported raw, deletable', async ({ page }) => {
  const errors = noPageErrors(page);
  await openApp(page);
  const zed = { id: 'zed', kind: 'computer', name: 'Zed', depth: 999 };
  const nameless = { id: 'nameless', kind: 'human' };
  await putValues(page, 'players', [{ value: zed }, { value: nameless }]);
  await page.reload();
  await page.getByRole('button', { name: 'Players' }).click();
  await expect(page.getByText('2 damaged player records cannot be used')).toBeVisible();
  const damaged = page.getByRole('region', { name: 'Damaged records (2)' });
  await expect(damaged.locator('.player-name')).toHaveText(['Record nameless', 'Zed']);
  await expect(damaged).toContainText('the search depth is not a whole number');

  // Its name is taken, and the player is told by what.
  await page.getByLabel('Add a computer player').fill('Zed');
  await page.getByRole('button', { name: 'Add' }).nth(1).click();
  await expect(page.locator('#add-computer-error')).toContainText('A damaged player record has the name “Zed”');
  await damaged.scrollIntoViewIfNeeded();
  await lookAt(page, { path: 'test-results/damaged/players.png' });

  const raw = downloaded(page.waitForEvent('download'));
  await page.getByRole('button', { name: 'Export raw Zed' }).click();
  expect(await raw).toMatchObject({ key: 'zed', value: zed });

  // "Export everything" keeps both, raw, and the progress with them.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Games', exact: true }).click();
  const everything = downloaded(page.waitForEvent('download'));
  await page.getByRole('button', { name: 'Export everything' }).click();
  expect(await everything).toMatchObject({
    damagedPlayers: [
      { key: 'nameless', value: nameless },
      { key: 'zed', value: zed },
    ],
    progress: { puzzles: { solved: 0 }, lessonsDone: [] },
  });

  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Players' }).click();
  for (const [name, left] of [
    ['Zed', 'Damaged records (1)'],
    ['Record nameless', null],
  ] as const) {
    await page.getByRole('button', { name: `Delete damaged ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    if (left) await expect(page.getByRole('region', { name: left })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: /Damaged records/ })).toHaveCount(0);
  await page.getByLabel('Add a computer player').fill('Zed');
  await page.getByRole('button', { name: 'Add' }).nth(1).click();
  await expect(page.getByRole('form', { name: 'Edit Zed' })).toBeVisible();
  expect(errors).toEqual([]);
});
