import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { cell, newGame, openApp, readValue, seriousViolations, tapTwice } from './helpers';

test('settings persist across reloads', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Theme').selectOption('dark');
  // By its name: the words of another setting's choice ("…on a zoomed board…") hold "Board" too.
  const board = page.getByRole('combobox', { name: 'Board', exact: true });
  await board.selectOption('plain');
  await page.getByLabel('Show move numbers').check();
  await page.getByLabel('Placing a stone').selectOption('one-tap');
  // Each change is saved at once, in a transaction of its own (a few ms); a reload inside those few ms
  // would end the page before the last one committed, faster than any player. So the reload waits until the
  // last change is in storage (the saves commit in order: the earlier ones are in too).
  await expect.poll(() => readValue(page, 'settings', 'inputMode')).toBe('one-tap');
  // A reload keeps the screen: still Settings.
  await page.reload();
  await expect(page.getByLabel('Theme')).toHaveValue('dark');
  await expect(board).toHaveValue('plain');
  await expect(page.getByLabel('Show move numbers')).toBeChecked();
  await expect(page.getByLabel('Placing a stone')).toHaveValue('one-tap');
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  // One-tap play is in force: a single tap places.
  await page.getByRole('button', { name: 'Back' }).click();
  await newGame(page, { white: 'Guest' });
  await cell(page, 'E5').tap();
  await expect(cell(page, 'E5')).toHaveAccessibleName('E5, black stone');
});

test('the manifest and service worker make the app installable', async ({ page }) => {
  await openApp(page);
  await expect(page.getByText('Ready to work offline.')).toBeVisible();
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = await (await page.request.get(href!)).json();
  expect(manifest).toMatchObject({ name: 'Pente', short_name: 'Pente', display: 'standalone', start_url: '.' });
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons as { src: string }[]) expect((await page.request.get(icon.src)).ok()).toBe(true);
  // Screenshots for the richer install dialog: one narrow, one wide, each as big as it says.
  expect(manifest.screenshots.map((s: { form_factor: string }) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
  for (const shot of manifest.screenshots as { src: string; sizes: string }[]) {
    const png = await (await page.request.get(shot.src)).body();
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, shot.src).toBe(shot.sizes);
  }
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
});

// A browser that refuses service workers (a private window, storage turned off) or gives back nothing.
const FAILED_REGISTRATIONS = {
  rejects: "Promise.reject(new DOMException('Service workers are turned off.', 'SecurityError'))",
  'gives back nothing': 'Promise.resolve(undefined)',
  throws: "(() => { throw new TypeError('register is broken'); })()",
} as const;
for (const [how, result] of Object.entries(FAILED_REGISTRATIONS)) {
  test(`a service worker registration that ${how}: no uncaught error, a warning, and the app works`, async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript(`ServiceWorkerContainer.prototype.register = function () { return ${result}; };`);
    const warned = page.waitForEvent('console', {
      predicate: (m) => m.type() === 'warning' && m.text().includes('could not be set up to work offline'),
    });
    await openApp(page);
    await warned;
    await newGame(page, { white: 'Guest' });
    await tapTwice(page, 'E5');
    await expect(cell(page, 'E5')).toHaveAccessibleName('E5, black stone');
    await expect(page.getByText('Ready to work offline.')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test('after the first visit the app loads and plays offline, the computer included', async ({ page, context }) => {
  await openApp(page);
  await expect(page.getByText('Ready to work offline.')).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
  await newGame(page, { white: 'Beginner (computer)' });
  await tapTwice(page, 'E5');
  // The stone shows once saved; then the computer's reply.
  await expect(cell(page, 'E5')).toHaveAccessibleName('E5, black stone');
  await expect(page.getByRole('status')).toHaveText(/Player 1 \(Black\) to move/, { timeout: 20_000 });
  const stones = await page.getByRole('gridcell', { name: /white stone$/ }).count();
  expect(stones).toBe(1);
  // The openings book is precached with the app, and a copy is in IndexedDB once the engine has asked for it.
  expect(await page.evaluate(async () => (await fetch('/openings.bin')).ok)).toBe(true);
  // It is stored under the hash of its bytes, which the build also puts in the app (a new book replaces it).
  const stored = await page.evaluate(
    () =>
      new Promise<{ length: number; version: string }>((resolve, reject) => {
        const open = indexedDB.open('pente');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('openings').objectStore('openings').getAll();
          get.onsuccess = () => {
            const book = get.result[0] as { bytes?: ArrayBuffer; version?: string } | undefined;
            resolve({ length: book?.bytes?.byteLength ?? 0, version: book?.version ?? '' });
          };
        };
      }),
  );
  const shipped = readFileSync(new URL('../public/openings.bin', import.meta.url));
  expect(stored.length).toBe(shipped.byteLength);
  expect(stored.version).toBe(`sha256:${createHash('sha256').update(shipped).digest('hex').slice(0, 16)}`);
});

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the app's Content-Security-Policy (rightly) refuses.
  test.use({ bypassCSP: true });

  test('axe finds no serious accessibility problems on the main screens, in both themes', async ({ page }) => {
    // Twelve axe runs, two of them over a 19×19 board of 361 cells: on a busy 2-core machine past 60 s.
    test.setTimeout(150_000);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await openApp(page);
      expect(await seriousViolations(page), `home, ${theme}`).toEqual([]);
      await page.getByRole('button', { name: 'New game' }).click();
      expect(await seriousViolations(page), `new game, ${theme}`).toEqual([]);
      await page.getByLabel('White').selectOption({ label: 'Guest' });
      await page.getByRole('button', { name: 'Start' }).click();
      await tapTwice(page, 'K10');
      expect(await seriousViolations(page), `play, ${theme}`).toEqual([]);
      await page.getByRole('button', { name: 'Resign', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Resign this game?' })).toBeVisible();
      expect(await seriousViolations(page), `resign dialog, ${theme}`).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Back to the menu' }).click();
      await page.getByRole('button', { name: 'Settings' }).click();
      expect(await seriousViolations(page), `settings, ${theme}`).toEqual([]);
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('button', { name: 'Rules and help' }).click();
      expect(await seriousViolations(page), `rules, ${theme}`).toEqual([]);
    }
  });
});

test('a game exported as a pente.org record imports back after it was deleted', async ({ page }) => {
  await openApp(page);
  await newGame(page, { white: 'Guest' });
  await tapTwice(page, 'E5');
  await tapTwice(page, 'F6');
  await page.getByRole('button', { name: 'Back to the menu' }).click();
  await page.getByRole('button', { name: 'Games' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Player 1 vs Guest' }).click();
  const record = await (await downloading).path();
  await page.getByRole('button', { name: 'Delete Player 1 vs Guest' }).click();
  await page
    .getByRole('dialog', { name: 'Delete the game Player 1 vs Guest?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('No games here yet.')).toBeVisible();
  await page.getByLabel('Import a file').setInputFiles(record);
  await expect(page.getByRole('status', { name: 'Import report' })).toContainText('Imported 1 game.');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(cell(page, 'E5')).toHaveAccessibleName('E5, black stone');
  await expect(cell(page, 'F6')).toHaveAccessibleName('F6, white stone');
});
