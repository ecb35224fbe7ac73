import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Page, expect, test } from '@playwright/test';
import { openApp } from './helpers';

/** Five real records of pente.org's, as its download writes them, and three with a bad one second. */
const FIVE_GAMES = fileURLToPath(new URL('fixtures/pente-org-games.pgn', import.meta.url));
const ONE_BAD = fileURLToPath(new URL('fixtures/pente-org-one-bad.pgn', import.meta.url));

const report = (page: Page) => page.getByRole('status', { name: 'Import report' });
const rows = (page: Page) => page.locator('ul.games li');

test('a pente.org download imports each game once, with its date; a bad record is named; .gz files too', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Games', exact: true }).click();
  const importFile = page.getByLabel('Import a file');

  // pente.org's download as it comes, gzipped: decompressed in the page.
  await importFile.setInputFiles({
    name: 'pente-org-games.pgn.gz',
    mimeType: 'application/gzip',
    buffer: gzipSync(readFileSync(FIVE_GAMES)),
  });
  await expect(report(page)).toContainText('Imported 5 games.');
  // The list shows where they went: the Imported tab, newest first by the games' own dates.
  await expect(page.getByRole('tab', { name: 'Imported' })).toHaveAttribute('aria-selected', 'true');
  await expect(rows(page)).toHaveCount(5);
  await expect(rows(page).nth(1)).toContainText('valvebabe vs aaru');
  await expect(rows(page).nth(1)).toContainText(`Played ${new Date(2006, 5, 8).toLocaleDateString('en-US')}`);

  // The same games again, uncompressed this time: each is already here.
  await importFile.setInputFiles(FIVE_GAMES);
  await expect(report(page)).toContainText('No game imported; 5 were already in your games.');
  await expect(rows(page)).toHaveCount(5);

  // A file with a bad record: the others are imported, the bad one named by number and line.
  await importFile.setInputFiles(ONE_BAD);
  await expect(report(page)).toContainText('Imported 2 games; 1 record could not be read.');
  await expect(report(page).getByRole('listitem')).toHaveText([
    'Game 2 (line 42): Illegal move M13 at move 20 (Black): The game is over.',
  ]);
  await expect(rows(page)).toHaveCount(7);

  // They stay, on their own tab, and are not the player's own games on Home.
  await page.reload();
  await page.getByRole('tab', { name: 'Imported' }).click();
  await expect(rows(page)).toHaveCount(7);
  await page.getByRole('tab', { name: 'Finished', exact: true }).click();
  await expect(page.getByText('No games here yet.')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent results' })).toHaveCount(0);
});

test('two tabs: an import in one shows in the other’s games list at once, and so does a delete', async ({
  context,
}) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await openApp(a);
  await openApp(b);
  for (const tab of [a, b]) await tab.getByRole('button', { name: 'Games', exact: true }).click();
  await b.getByRole('tab', { name: 'Imported' }).click();
  await expect(b.getByText('No games here yet.')).toBeVisible();

  // Storage tells the other tab once the import has committed: B's list reads again, no reload.
  await a.getByLabel('Import a file').setInputFiles(FIVE_GAMES);
  await expect(report(a)).toContainText('Imported 5 games.');
  await expect(rows(b)).toHaveCount(5);
  await expect(rows(b).nth(1)).toContainText('valvebabe vs aaru');

  // A delete in A: gone from B's list too.
  const listed = await rows(a).allTextContents();
  expect(listed).toHaveLength(5);
  await rows(a)
    .first()
    .getByRole('button', { name: /^Delete / })
    .click();
  await a.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(rows(a)).toHaveCount(4);
  await expect(rows(b)).toHaveText(listed.slice(1));
});
