/**
 * The Games list's search and filters (issue 31): names ("Ann", "Ann vs Carol"), the result from the named
 * player's side or the device's own, the game, a date range and a preset, the opening typed or picked from
 * the most common, Clear; the layout with the panel open at the phone and the phone on its side, light and
 * dark, shot in English and German; and the time from typing to rows over 10,000 games.
 */
import { mkdirSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { summarize } from '../src/storage/summaries';
import { sampleLibrary, sampleSummaries } from '../scripts/lib/sample-games';
import { lookAt, openApp, putGamesWithSummaries } from './helpers';
import { SCREEN_SHAPES, layoutProblems } from './layout-checks';

const DAY = 86_400_000;
const NOW = Date.now();
const OPENINGS = {
  a: ['K10', 'L9', 'K14'],
  b: ['K10', 'J9', 'K6'],
  c: ['K10', 'K11', 'K14'],
} as const;
type Side = { name: string; kind: 'human' | 'computer' };
const human = (name: string): Side => ({ name, kind: 'human' });
const computer: Side = { name: 'Casual', kind: 'computer' };

interface Seed {
  readonly id: string;
  readonly players: [Side, Side];
  readonly variant?: 'pente' | 'keryo' | 'gomoku';
  readonly opening: keyof typeof OPENINGS;
  /** 1 or 2 won, null a draw, undefined unfinished. */
  readonly winner?: 1 | 2 | null;
  readonly daysAgo: number;
}

const SEEDS: readonly Seed[] = [
  { id: 'g01', players: [human('Ann'), human('Bob')], opening: 'a', winner: 1, daysAgo: 0.1 },
  { id: 'g02', players: [human('Bob'), human('Ann')], opening: 'b', winner: 1, daysAgo: 1 },
  { id: 'g03', players: [human('Ann'), human('Carol')], variant: 'keryo', opening: 'a', winner: 2, daysAgo: 3 },
  { id: 'g04', players: [human('Carol'), human('Ann')], variant: 'keryo', opening: 'b', winner: 1, daysAgo: 40 },
  { id: 'g05', players: [human('Dmitri'), human('Eve')], opening: 'a', winner: null, daysAgo: 400 },
  { id: 'g06', players: [human('Eve'), human('Dmitri')], variant: 'gomoku', opening: 'b', winner: 2, daysAgo: 800 },
  { id: 'g07', players: [human('Ann'), human('Dmitri')], opening: 'a', winner: 1, daysAgo: 800 },
  // Against the computer: the app knows which side is the player's.
  { id: 'g08', players: [human('Me'), computer], opening: 'a', winner: 2, daysAgo: 2 },
  { id: 'g09', players: [computer, human('Me')], opening: 'c', winner: 2, daysAgo: 2.5 },
  { id: 'u01', players: [human('Ann'), human('Zed')], opening: 'a', daysAgo: 0.2 },
  // Sixty more, all one opening: the most common one, and more than a page of rows.
  ...Array.from({ length: 60 }, (_, i) => ({
    id: `f${String(i).padStart(2, '0')}`,
    players: [human('Gus'), human('Hiro')] as [Side, Side],
    opening: 'c' as const,
    winner: 1 as const,
    daysAgo: 500 + i,
  })),
];

const record = (s: Seed) => {
  const at = NOW - s.daysAgo * DAY;
  return {
    id: s.id,
    variant: s.variant ?? 'pente',
    size: 19,
    tournamentRule: true,
    players: s.players,
    moves: [...OPENINGS[s.opening]],
    clocks: null,
    createdAt: at - 600_000,
    updatedAt: at,
    status: s.winner === undefined ? 'in-progress' : 'finished',
    result:
      s.winner === undefined
        ? null
        : s.winner === null
          ? { winner: null, reason: 'draw' }
          : { winner: s.winner, reason: 'resignation' },
    demo: false,
    revision: 1,
  } as const;
};

const rows = (page: Page) => page.locator('ul.games li');
const ids = (wanted: readonly string[]) =>
  SEEDS.filter((s) => wanted.includes(s.id))
    .sort((a, b) => a.daysAgo - b.daysAgo)
    .map((s) => `${s.players[0].name} vs ${s.players[1].name}`);

/** Waits until the list holds exactly these games (by title, newest first). */
async function expectTitles(page: Page, wanted: readonly string[]): Promise<void> {
  await expect(rows(page).locator('strong')).toHaveText(ids(wanted));
}

async function seeded(page: Page, games: readonly unknown[], summaries?: readonly unknown[]): Promise<void> {
  await openApp(page);
  await putGamesWithSummaries(page, games, summaries ?? games.map((g) => summarize((g as { id: string }).id, g)));
  await page.reload();
  await page.getByRole('button', { name: 'Games', exact: true }).click();
  await page.getByRole('tab', { name: 'Finished', exact: true }).click();
}

const search = (page: Page) => page.getByRole('searchbox');
const filterButton = (page: Page) => page.getByRole('button', { name: /^(Filter|筛选)/ });
const isoDay = (t: number) => {
  const d = new Date(t);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

test('names, result, game, dates and opening filter the list; Clear resets it', async ({ page }) => {
  test.setTimeout(120_000);
  await seeded(page, SEEDS.map(record));
  await expect(rows(page)).toHaveCount(50);

  // A name on either side, then two names with either colour.
  await search(page).fill('ann');
  await expectTitles(page, ['g01', 'g02', 'g03', 'g04', 'g07']);
  await expect(page.getByRole('status').filter({ hasText: 'Showing:' })).toContainText('“ann”');
  await search(page).fill('Carol vs ANN');
  await expectTitles(page, ['g03', 'g04']);

  // Result and game together, from Ann's side: she won none at Keryo-Pente, lost two.
  await search(page).fill('ann');
  await filterButton(page).click();
  await page.getByLabel('Result').selectOption('won');
  await page.getByLabel('Game', { exact: true }).selectOption('keryo');
  await expect(page.getByText('No games match.')).toBeVisible();
  await expect(filterButton(page)).toHaveText('Filter (2)');
  await page.getByLabel('Result').selectOption('lost');
  await expectTitles(page, ['g03', 'g04']);
  await page.getByLabel('Result').selectOption('won');
  await page.getByLabel('Game', { exact: true }).selectOption('pente');
  await expectTitles(page, ['g01', 'g07']);
  // No name: won and lost from the device's side (the games against the computer); colours for anyone.
  await search(page).fill('');
  await expectTitles(page, ['g09']);
  await page.getByLabel('Result').selectOption('lost');
  await expectTitles(page, ['g08']);
  await page.getByLabel('Game', { exact: true }).selectOption('');
  await page.getByLabel('Result').selectOption('draw');
  await expectTitles(page, ['g05']);

  // The empty result's Clear: everything again, the panel's choices and the field emptied.
  await page.getByText('No games match.').waitFor({ state: 'detached' });
  await page.getByLabel('Game', { exact: true }).selectOption('gomoku');
  await page.locator('.no-match').getByRole('button', { name: 'Clear the search and filters' }).click();
  await expect(rows(page)).toHaveCount(50);
  await expect(page.getByLabel('Result')).toHaveValue('');
  await expect(filterButton(page)).toHaveText('Filter');

  // Dates: the last five days, then this year.
  await page.getByLabel('Date', { exact: true }).selectOption('range');
  await page.getByLabel('From', { exact: true }).fill(isoDay(NOW - 5 * DAY));
  await page.getByLabel('To', { exact: true }).fill(isoDay(NOW));
  await expectTitles(page, ['g01', 'g02', 'g03', 'g08', 'g09']);
  await page.getByLabel('Date', { exact: true }).selectOption('year');
  const yearStart = new Date(new Date(NOW).getFullYear(), 0, 1).getTime();
  const thisYear = SEEDS.filter((s) => s.winner !== undefined && NOW - s.daysAgo * DAY >= yearStart).map((s) => s.id);
  await expectTitles(page, thisYear);
  await page.getByLabel('Date', { exact: true }).selectOption('');

  // The opening: typed, then picked from the most common (the sixty's, with their count).
  await page.getByLabel('Opening (first moves)').fill('k10 j9');
  await expectTitles(page, ['g02', 'g04', 'g06']);
  await page.getByLabel('Opening (first moves)').fill('K10 X9');
  await expect(page.getByText('“X9” is not a move')).toBeVisible();
  await page.getByRole('button', { name: 'K10 K11 K14 (61)' }).click();
  await expect(page.getByLabel('Opening (first moves)')).toHaveValue('K10 K11 K14');
  await expect(rows(page)).toHaveCount(50);
  await expect(rows(page).first().locator('strong')).toHaveText('Casual vs Me');
  await expect(page.getByRole('button', { name: 'Show more' })).toBeVisible();

  // The filter's line says what it is; its Clear resets everything in one tap.
  const summary = page.getByRole('status').filter({ hasText: 'Showing:' });
  await expect(summary).toContainText('opening K10 K11 K14');
  await summary.getByRole('button', { name: 'Clear the search and filters' }).click();
  await expect(summary).toHaveCount(0);
  await expect(page.getByLabel('Opening (first moves)')).toHaveValue('');
  await expect(rows(page).first().locator('strong')).toHaveText('Ann vs Bob');

  // The tabs hold: on Unfinished, Ann's only unfinished game.
  await search(page).fill('ann');
  await page.getByRole('tab', { name: 'Unfinished', exact: true }).click();
  await expectTitles(page, ['u01']);
});

/** The phones (layout-checks' shapes): checked at the small one and sideways, shot at the common one and sideways. */
const SHAPES = SCREEN_SHAPES.filter((s) => ['phone-360', 'phone-390', 'landscape'].includes(s.name));
const SHOTS = 'test-results/games-search';

for (const lang of ['en', 'de'] as const) {
  test.describe(`the search and the open filter panel fit (${lang})`, () => {
    test.use({ locale: lang === 'de' ? 'de-DE' : 'en-GB' });
    test('at the phone and the phone on its side, light and dark', async ({ page }) => {
      test.setTimeout(120_000);
      mkdirSync(SHOTS, { recursive: true });
      await page.goto('/');
      await expect(page.locator('main.home nav.home-menu')).toBeVisible();
      await putGamesWithSummaries(
        page,
        SEEDS.map(record),
        SEEDS.map((s) => summarize(s.id, record(s))),
      );
      await page.reload();
      await page.goto('/#/games');
      await page.getByRole('tab').nth(1).click();
      await expect(rows(page).first()).toBeVisible();
      await search(page).fill('Ann');
      await filterButton(page).click();
      await page.locator('#games-filter select').nth(0).selectOption('lost');
      await page.locator('#games-filter select').nth(1).selectOption('range');
      await page.locator('#games-filter input[type="text"]').fill('K10 L9');
      await expect(page.locator('.openings button').first()).toBeVisible();
      for (const shape of SHAPES) {
        await page.setViewportSize({ width: shape.width, height: shape.height });
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          await page.evaluate(() => document.fonts.ready);
          await page.locator('.games-search').scrollIntoViewIfNeeded();
          if (shape.name !== 'phone-390')
            expect(await layoutProblems(page), `${shape.name} ${colorScheme}`).toEqual([]);
          if (shape.name !== 'phone-360')
            await lookAt(page, { path: `${SHOTS}/${lang}-${shape.name}-${colorScheme}.png` });
        }
      }
    });
  });
}

test('10,000 games: a search shows its rows soon after the typing stops', async ({ page }) => {
  test.setTimeout(180_000);
  const games = sampleLibrary(10_000);
  await seeded(page, games, sampleSummaries(games));
  await expect(rows(page).first()).toContainText('won (resignation)');
  const typed = await page.evaluate(() => performance.now());
  // sampleLibrary: Hiro plays Black against Carol in every tenth game, each of them finished.
  await search(page).pressSequentially('hiro vs carol', { delay: 30 });
  const typingDone = await page.evaluate(() => performance.now());
  await expect(rows(page)).toHaveCount(50);
  await expect(rows(page).locator('strong').filter({ hasNotText: 'Hiro vs Carol' })).toHaveCount(0);
  const shown = await page.evaluate(() => performance.now());
  // A filtered read walks every summary (10,000, a page per transaction) after the 250 ms pause.
  test.info().annotations.push({
    type: 'timing',
    description: `typing ${Math.round(typingDone - typed)} ms; last key to rows ${Math.round(shown - typingDone)} ms`,
  });
  console.log(`games-search timing: last key to rows ${Math.round(shown - typingDone)} ms (10,000 games)`);
  expect(shown - typingDone).toBeLessThan(10_000);

  // Beside it, the sort that already read every summary: by Black's name, unfiltered.
  await page.locator('.filter-summary').getByRole('button', { name: 'Clear the search and filters' }).click();
  await expect(rows(page).locator('strong').filter({ hasNotText: 'Hiro vs Carol' })).not.toHaveCount(0);
  const sortAsked = await page.evaluate(() => performance.now());
  await page.getByLabel('Sort by').selectOption('player1');
  // The finished games' Black names are Bob, Dmitri, Fatima, Hiro and Jo: the first page, all Bob's.
  await expect(
    rows(page)
      .locator('strong')
      .filter({ hasNotText: /^Bob vs / }),
  ).toHaveCount(0);
  const sorted = await page.evaluate(() => performance.now());
  console.log(`games-search timing: sort by name ${Math.round(sorted - sortAsked)} ms (10,000 games)`);
});
