/**
 * The player's progress across tabs and through damage, at 390×844: two tabs of one browser answering
 * puzzles and finishing lessons both keep theirs (and each tab shows the other's), and a stored progress
 * with an entry that cannot be read keeps the rest, names the bad entry, exports it raw and deletes it.
 */
import { type Page, expect, test } from '@playwright/test';
import { type Puzzle, decodePuzzlePack, formatPoint } from '../src/core';
import { cell, lookAt, openApp, putValues, readValue, tapPoint } from './helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const heading = (page: Page) => page.locator('#history-heading');
const result = (page: Page) => page.locator('.lesson-bottom');

/** Win-in-1 puzzles of the shipped pack. */
async function winsInOne(page: Page): Promise<Puzzle[]> {
  const read = decodePuzzlePack(await (await page.request.get('/puzzles.json')).text());
  if (!read.ok) throw new Error(read.error.message);
  return read.value.puzzles.filter((p) => p.goal === 'win' && p.solution.length === 1);
}

async function solve(page: Page, puzzle: Puzzle): Promise<void> {
  const point = formatPoint(puzzle.rules.size, puzzle.solution[0]!);
  await tapPoint(page, point);
  await expect(cell(page, point)).toHaveAccessibleName(new RegExp(`^${point}, empty, preview`));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(result(page)).toContainText('Solved!');
}

/** Previews a point with a tap and places it with a second (the default two-tap input). */
async function place(page: Page, name: string): Promise<void> {
  await cell(page, name).tap();
  await expect(cell(page, name)).toHaveAccessibleName(new RegExp(`^${name}, empty, preview`));
  await cell(page, name).tap();
}

/** Fails the test on any error the page does not catch. */
function noPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('two tabs answering puzzles and finishing lessons both keep theirs, and each shows the other’s', async ({
  page,
  context,
}) => {
  const errors = noPageErrors(page);
  await openApp(page);
  const [first, second] = await winsInOne(page);
  const other = await context.newPage();
  errors.push(...noPageErrors(other));

  await page.goto(`/#/puzzles/${first!.id}`);
  await other.goto(`/#/puzzles/${second!.id}`);
  await expect(heading(other)).toContainText('0 solved');
  await solve(page, first!);
  await expect(heading(page)).toContainText('1 solved, 0 missed');
  // The other tab is told, and reads the stored progress again.
  await expect(heading(other)).toContainText('1 solved, 0 missed');
  await solve(other, second!);
  await expect(heading(other)).toContainText('2 solved, 0 missed');
  await expect(heading(page)).toContainText('2 solved, 0 missed');
  for (const p of [page, other]) {
    await p.reload();
    await expect(heading(p)).toContainText('2 solved, 0 missed');
    await expect(p.locator('.puzzle-history li')).toHaveCount(2);
  }

  // Lessons: each tab finishes one; both stay done.
  await page.goto('/#/learn');
  await other.goto('/#/learn');
  await expect(other.getByRole('heading', { name: 'Place a stone' })).toBeVisible();
  await place(page, 'E5');
  await expect(result(page)).toContainText('Right!');
  await expect(other.getByRole('heading', { name: /Lessons/ })).toContainText('1 done');
  await other.locator('.lesson-item', { hasText: 'Make five in a row' }).click();
  await place(other, 'D5');
  await expect(result(other)).toContainText('Right!');
  for (const p of [page, other]) {
    await p.reload();
    await expect(p.getByRole('heading', { name: /Lessons/ })).toContainText('2 done');
  }
  expect(await readValue(page, 'settings', 'lessonsDone')).toEqual(['place', 'five']);
  expect(errors).toEqual([]);
});

test('progress with an entry that cannot be read keeps the rest, names it, exports it raw and deletes it', async ({
  page,
}) => {
  const errors = noPageErrors(page);
  await openApp(page);
  const [puzzle] = await winsInOne(page);
  const entry = (id: string, at: number) => ({ id, solved: true, at, rating: 1690 });
  const bad = { id: 99, solved: 'maybe' };
  await putValues(page, 'settings', [
    {
      key: 'puzzleProgress',
      value: {
        rating: { rating: 1700, deviation: 90, volatility: 0.06 },
        streak: 3,
        bestStreak: 7,
        solved: 40,
        failed: 4,
        history: [entry('b', 2_000), bad, entry('a', 1_000)],
        puzzleRatings: {},
      },
    },
    { key: 'lessonsDone', value: ['place', { lesson: 'five' }, 'block'] },
  ]);

  await page.goto(`/#/puzzles/${puzzle!.id}`);
  await expect(page.locator('[data-rating]')).toHaveAttribute('data-rating', '1700');
  await expect(heading(page)).toContainText('40 solved, 4 missed');
  const notice = page.locator('.damaged-progress');
  await expect(notice).toContainText('1 puzzle history entry could not be read and was skipped');
  const downloading = page.waitForEvent('download');
  await notice.getByRole('button', { name: 'Export raw' }).click();
  const raw = JSON.parse(
    await (await (await downloading).createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
  );
  expect(raw.damaged).toEqual([expect.objectContaining({ kind: 'puzzle-history', value: bad })]);
  await lookAt(page, { path: 'test-results/progress/damaged-puzzles.png' });

  // An answer builds on the kept progress (not a fresh 1500) and keeps the bad entry, raw.
  await solve(page, puzzle!);
  await expect(heading(page)).toContainText('41 solved, 4 missed');
  expect(Number(await page.locator('[data-rating]').getAttribute('data-rating'))).toBeGreaterThan(1700);
  await page.reload();
  await expect(heading(page)).toContainText('41 solved, 4 missed');
  await expect(notice).toBeVisible();
  expect(await readValue(page, 'settings', 'puzzleProgress')).toMatchObject({
    solved: 41,
    damaged: [{ kind: 'puzzle-history', value: bad }],
  });
  await notice.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(notice).toHaveCount(0);
  await expect(heading(page)).toContainText('41 solved, 4 missed');

  // Lessons: the readable ones stay done, the bad one is named.
  await page.goto('/#/learn');
  await expect(page.getByRole('heading', { name: /Lessons/ })).toContainText('2 done');
  await expect(page.locator('.damaged-progress')).toContainText('1 lesson progress entry could not be read');
  await lookAt(page, { path: 'test-results/progress/damaged-lessons.png' });
  expect(errors).toEqual([]);
});
