/**
 * Measures the games screen with a big library (npm run measure:games-list, after a build): serves dist/,
 * writes 10,000 game records straight into IndexedDB in Debian's Chromium at a phone size, reloads (so the
 * app starts with them), then reports the time from tapping "Games" to the first rows visible, the longest
 * main-thread task in that time, and how many rows the page holds. `--count N` changes the library size.
 * Then, in a fresh profile, imports an export file of 12,000 games through the Games screen and reports
 * its time, the longest main-thread task meanwhile, and whether the progress bar showed.
 */
import { spawn } from 'node:child_process';
import { chromium, devices } from '@playwright/test';
import { sampleLibrary } from './lib/sample-games';

const PORT = 4182;
const countArg = process.argv.indexOf('--count');
const COUNT = countArg > 0 ? Number(process.argv[countArg + 1]) : 10_000;

const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], {
  stdio: 'ignore',
});
try {
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${PORT}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 100) throw new Error('vite preview did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking'],
  });
  const page = await (await browser.newContext({ ...devices['Pixel 7'] })).newPage();
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await page.getByRole('button', { name: 'New game' }).waitFor();
  const games = sampleLibrary(COUNT);
  // One transaction into the games store, as the app's records; whatever else the app keeps is its business.
  await page.evaluate(
    (records) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('pente');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('games', 'readwrite');
          for (const r of records) tx.objectStore('games').put(r);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    games,
  );
  const reloaded = Date.now();
  await page.reload();
  // Home offers "Continue" once the app has found the newest unfinished game among them.
  await page.getByRole('button', { name: /^Continue game/ }).waitFor({ timeout: 120_000 });
  const startupMs = Date.now() - reloaded;
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => w.longTasks.push(Math.round(e.duration))),
    ).observe({ type: 'longtask' });
  });
  const tapped = Date.now();
  await page.getByRole('button', { name: 'Games', exact: true }).click();
  await page.locator('ul.games li').first().waitFor({ timeout: 120_000 });
  const firstRowsMs = Date.now() - tapped;
  // Let any work still running after the first rows finish, so its long tasks are counted too.
  await page.waitForTimeout(1_000);
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  const rows = await page.locator('li').count();
  console.log(
    JSON.stringify({ games: COUNT, startupMs, firstRowsMs, longestTaskMs: Math.max(0, ...longTasks), longTasks, rows }),
  );

  // Import: a fresh profile, an export file of 12,000 games chosen on the Games screen.
  const importPage = await (await browser.newContext({ ...devices['Pixel 7'] })).newPage();
  await importPage.goto(`http://127.0.0.1:${PORT}/`);
  await importPage.getByRole('button', { name: 'Games', exact: true }).click();
  await importPage.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => w.longTasks.push(Math.round(e.duration))),
    ).observe({ type: 'longtask' });
  });
  const exportFile = { format: 'pente-export', version: 1, games: sampleLibrary(12_000, 2), players: [] };
  const importStarted = Date.now();
  await importPage.getByLabel('Import a file').setInputFiles({
    name: 'library.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(exportFile)),
  });
  const progressShown = await importPage
    .locator('progress')
    .waitFor({ timeout: 10_000 })
    .then(
      () => true,
      () => false,
    );
  await importPage.getByText(/^Imported \d+ games/).waitFor({ timeout: 300_000 });
  const importMs = Date.now() - importStarted;
  const importTasks = await importPage.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  console.log(
    JSON.stringify({
      imported: exportFile.games.length,
      importMs,
      progressShown,
      longestTaskMs: Math.max(0, ...importTasks),
      longTasksOver100ms: importTasks.filter((t) => t > 100).length,
    }),
  );
  await browser.close();
} finally {
  server.kill();
}
