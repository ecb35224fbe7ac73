/**
 * Measures the games screen with a big library (npm run measure:games-list, after a build): serves dist/,
 * writes 10,000 game records straight into IndexedDB in Debian's Chromium at a phone size, reloads (so the
 * app starts with them), then reports the time from tapping "Games" to the first rows visible, the longest
 * main-thread task in that time, and how many rows the page holds. `--count N` changes the library size.
 * Then, in a fresh profile, imports an export file of 12,000 games through the Games screen and reports
 * its time, the main-thread long tasks meanwhile (and in the second after, while the list reloads), and
 * whether the progress bar showed.
 *
 * Options: `--count N` (library size), `--port N` (default 4182; worktrees measuring at once need their
 * own), `--import-only` (skip the library part), `--records FILE` (import that file of pente.org records,
 * e.g. ../shared/data/pente-org-games.pgn.gz, instead of the export file), `--again` (then import the same
 * file a second time, into the library the first made: every game is looked up as a duplicate), `--profile` (record a CPU profile of the import through
 * the DevTools protocol, write it under /tmp as a .cpuprofile, and print the functions with the most self
 * time inside the long tasks; build with `npx vite build --minify false` first so the names are readable),
 * `--trace` (record a Chromium trace of the import and report the page's main-thread tasks by thread CPU
 * time as well as wall time: on a busy shared machine a task's wall time includes waiting for a core).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { type Browser, devices } from '@playwright/test';
import { putGames } from '../e2e/helpers';
import { launchChromium, startPreview } from './lib/preview-server';
import { type CpuProfile, summariseLongTasks } from './lib/cpu-profile';
import { sampleLibrary } from './lib/sample-games';
import { mainThreadTasks } from './lib/trace';

const option = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const PORT = Number(option('--port') ?? 4182);
const COUNT = Number(option('--count') ?? 10_000);
const IMPORT_ONLY = process.argv.includes('--import-only');
const PROFILE = process.argv.includes('--profile');
const TRACE = process.argv.includes('--trace');
const RECORDS = option('--records');
const AGAIN = process.argv.includes('--again');

interface LongTask {
  readonly start: number;
  readonly duration: number;
}

const stopServer = await startPreview(PORT);
try {
  const browser = await launchChromium();
  if (!IMPORT_ONLY) await measureList(browser);

  // Import: a fresh profile, an export file of 12,000 games chosen on the Games screen.
  const importPage = await (await browser.newContext({ ...devices['Pixel 7'] })).newPage();
  await importPage.goto(`http://127.0.0.1:${PORT}/`);
  await importPage.getByRole('button', { name: 'Games', exact: true }).click();
  await importPage.getByRole('button', { name: 'Export everything' }).waitFor();
  await importPage.evaluate(() => {
    const w = window as unknown as { longTasks: { start: number; duration: number }[] };
    w.longTasks = [];
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => w.longTasks.push({ start: e.startTime, duration: e.duration })),
    ).observe({ type: 'longtask' });
  });
  const exportFile = { format: 'pente-export', version: 1, games: sampleLibrary(12_000, 2), players: [] };
  const exportPath = RECORDS ?? `/tmp/pente-import-${process.pid}.json`;
  if (!RECORDS) writeFileSync(exportPath, JSON.stringify(exportFile));
  const cdp = PROFILE ? await importPage.context().newCDPSession(importPage) : null;
  let profileStartedAt = 0;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await cdp.send('Profiler.start');
    // The profile's clock is not the page's: this page time is taken to be the profile's start (a few ms late).
    profileStartedAt = await importPage.evaluate(() => performance.now());
  }
  if (TRACE) await browser.startTracing(importPage, { categories: ['toplevel'] });
  let lastImportTasks: LongTask[] = [];
  for (let run = 1; run <= (AGAIN ? 2 : 1); run++) {
    if (run > 1) {
      await importPage.getByRole('button', { name: 'Close' }).click();
      await importPage.evaluate(() => ((window as unknown as { longTasks: LongTask[] }).longTasks = []));
    }
    const importStartedOnPage = await importPage.evaluate(() => performance.now());
    const importStarted = Date.now();
    // From a file on disk, as a player would choose one: given a buffer instead, Playwright carries the
    // bytes into the page with a script of its own (base64, atob), which made a 1-3 s task that was not the app's.
    await importPage.getByLabel('Import a file').setInputFiles(exportPath);
    const progressShown = await importPage
      .locator('progress')
      .waitFor({ timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    const summary = importPage.getByText(/^(Imported [\d,]+ games?|No game imported)/);
    await summary.waitFor({ timeout: 300_000 });
    const importMs = Date.now() - importStarted;
    // The list reloads after the report: its tasks are the import's too.
    await importPage.waitForTimeout(1_000);
    const importTasks = await importPage.evaluate(() => (window as unknown as { longTasks: LongTask[] }).longTasks);
    const durations = importTasks.map((t) => Math.round(t.duration));
    console.log(
      JSON.stringify({
        run,
        imported: RECORDS || run > 1 ? await summary.textContent() : exportFile.games.length,
        importMs,
        progressShown,
        longestTaskMs: Math.max(0, ...durations),
        longTasksOver50ms: durations.length,
        longTasksOver100ms: durations.filter((t) => t > 100).length,
        // Duration, and its start in milliseconds from the file being chosen.
        longTasks: importTasks.map((t) => `${Math.round(t.duration)}@${Math.round(t.start - importStartedOnPage)}`),
      }),
    );
    if (run === 1) lastImportTasks = importTasks;
  }
  if (!RECORDS) rmSync(exportPath);
  if (TRACE) {
    const tasks = mainThreadTasks(await browser.stopTracing());
    const long = tasks.filter((t) => t.wallMs > 50);
    const busy = tasks.filter((t) => t.cpuMs > 50);
    const ms = (v: number) => Math.round(v);
    console.log(
      JSON.stringify({
        tasks: tasks.length,
        over50msWall: long.length,
        longestWallMs: ms(Math.max(0, ...tasks.map((t) => t.wallMs))),
        over50msCpu: busy.length,
        longestCpuMs: ms(Math.max(0, ...tasks.map((t) => t.cpuMs))),
        cpuMsOfTheLongTasks: long.map((t) => `${ms(t.wallMs)}/${ms(t.cpuMs)}`).join(' '),
      }),
    );
  }
  if (cdp) {
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const path = `/tmp/import-${Date.now()}.cpuprofile`;
    writeFileSync(path, JSON.stringify(profile));
    console.log(`CPU profile: ${path}`);
    console.log(summariseLongTasks(profile, lastImportTasks, profileStartedAt));
  }
  await browser.close();
} finally {
  stopServer();
}

/** The library part: 10,000 records written straight into IndexedDB, then the Games screen opened. */
async function measureList(browser: Browser): Promise<void> {
  const page = await (await browser.newContext({ ...devices['Pixel 7'] })).newPage();
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await page.getByRole('button', { name: 'New game' }).waitFor();
  const games = sampleLibrary(COUNT);
  // One transaction into the games store, as the app's records; whatever else the app keeps is its business.
  await putGames(page, games);
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
}
