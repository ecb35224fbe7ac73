/**
 * Cold start with a big library (npm run measure:library, after a build): for each library size, a
 * persistent Chromium profile is seeded with that many games and their summaries (what an import of
 * backups leaves), the browser is closed, and the app is then started cold from that profile a few times.
 * Each start reports, in the page's own clock from navigation: when Home was drawn, the time from tapping
 * "Games" to its first rows, and the longest main-thread task (PerformanceObserver longtask) from the
 * start until a second after the rows (so work the app leaves running in the background counts too).
 *
 * Options: `--sizes 0,10000,100000` (library sizes), `--starts N` (cold starts per size, default 3),
 * `--port N` (default 4182; worktrees measuring at once need their own), `--export` (then, once per size,
 * "Export everything" on the Games screen: the time from the tap to the file, the longest task meanwhile),
 * `--reuse` (keep each size's seeded profile in the temp folder and start from it when it is there: a
 * before/after comparison without seeding 100,000 games twice), `--tasks` (each start's long tasks, with
 * when they began after navigation), `--tap-after MS` (tap Games this long after Home is drawn, not at once:
 * a player's tap, by when the page has fetched the likely screens' code while idle; default 0, the worst
 * case, the Games code fetched on the tap), `--trace` (each start also traced: every task's thread CPU
 * time beside its wall time, `longestTaskCpuMs` and the top tasks as "cpu/wall@start" — on a shared machine
 * the wall time of a task includes the time its thread waited for a core, its CPU time does not).
 */
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { putGamesWithSummaries } from '../e2e/helpers';
import { startPreview } from './lib/preview-server';
import { mainThreadTasks } from './lib/trace';
import { sampleLibrary, sampleSummaries } from './lib/sample-games';

const option = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const PORT = Number(option('--port') ?? 4182);
const SIZES = (option('--sizes') ?? '0,10000,100000').split(',').map(Number);
const STARTS = Number(option('--starts') ?? 3);
const EXPORT = process.argv.includes('--export');
const REUSE = process.argv.includes('--reuse');
const TASKS = process.argv.includes('--tasks');
const TAP_AFTER_MS = Number(option('--tap-after') ?? 0);
const TRACE = process.argv.includes('--trace');
const URL = `http://127.0.0.1:${PORT}/`;
/** Records sent into the page per evaluate (and written per transaction). */
const SEED_CHUNK = 5_000;

const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['Pixel 7'];
const openProfile = (dir: string): Promise<BrowserContext> =>
  chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
  });

/** Writes games and their summaries in the page, SEED_CHUNK at a time, as an import would leave them. */
async function seed(dir: string, count: number): Promise<void> {
  const context = await openProfile(dir);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(URL);
  await page.getByRole('button', { name: 'New game' }).waitFor();
  const games = sampleLibrary(count);
  const summaries = sampleSummaries(games);
  for (let start = 0; start < count; start += SEED_CHUNK) {
    const end = start + SEED_CHUNK;
    await putGamesWithSummaries(page, games.slice(start, end), summaries.slice(start, end));
  }
  await context.close();
}

interface Start {
  readonly homeMs: number;
  readonly firstRowsMs: number;
  readonly longestTaskMs: number;
  readonly longTasks: number;
  /** With --tasks: each long task, "duration@start" in ms from navigation. */
  readonly taskTimes?: readonly string[];
  /** With --trace: the longest task's CPU time, and the five costliest tasks as "cpu/wall@start" (ms). */
  readonly longestTaskCpuMs?: number;
  readonly cpuTasks?: readonly string[];
}

/** One cold start: a new browser on the profile, Home drawn, then Games' first rows. */
async function coldStart(dir: string): Promise<Start> {
  const context = await openProfile(dir);
  await context.addInitScript(() => {
    const w = window as unknown as { marks: Record<string, number>; longTasks: number[]; taskTimes: string[] };
    w.marks = {};
    w.longTasks = [];
    w.taskTimes = [];
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => {
        w.longTasks.push(Math.round(e.duration));
        w.taskTimes.push(`${Math.round(e.duration)}@${Math.round(e.startTime)}`);
      }),
    ).observe({ type: 'longtask', buffered: true });
    // One observer, no named helpers: tsx names functions with a helper the page does not have.
    const selectors: [string, string][] = [
      ['home', 'main.home nav.home-menu'],
      // The first rows, or the list drawn empty, for an empty library: the Games screen's own cost (its code loaded, a read).
      ['rows', 'ul.games li, main.list-screen > p:not(.notice):not(.progress)'],
    ];
    new MutationObserver(() => {
      for (const [name, selector] of selectors) {
        if (w.marks[name] === undefined && document.querySelector(selector)) w.marks[name] = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  // Chromium's tracing, through the page's DevTools session (a persistent context has no Browser object).
  const cdp = TRACE ? await context.newCDPSession(page) : null;
  const traceChunks: unknown[] = [];
  if (cdp) {
    cdp.on('Tracing.dataCollected', (e) => void traceChunks.push(...e.value));
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', 'devtools.timeline'] } });
  }
  // Waited for through the marks, polled by a script that reads two numbers: Playwright's locators check
  // visibility, which makes the page lay itself out in their own tasks, and those would count here.
  const marked = (name: string) =>
    page.waitForFunction((n) => (window as unknown as { marks: Record<string, number> }).marks[n] !== undefined, name, {
      polling: 50,
      timeout: 120_000,
    });
  await page.goto(URL);
  await marked('home');
  if (TAP_AFTER_MS > 0) await page.waitForTimeout(TAP_AFTER_MS);
  // The tap, as the page gets it: a click on the Games button, found without a layout.
  const tappedAt = await page.evaluate(() => {
    const at = performance.now();
    const games = [...document.querySelectorAll('main.home button')].find((b) => b.textContent?.trim() === 'Games');
    (games as HTMLElement).click();
    return at;
  });
  await marked('rows');
  await page.waitForTimeout(1_000);
  const { marks, longTasks, taskTimes } = await page.evaluate(() => {
    const w = window as unknown as { marks: Record<string, number>; longTasks: number[]; taskTimes: string[] };
    return { marks: w.marks, longTasks: w.longTasks, taskTimes: w.taskTimes };
  });
  let traced: Pick<Start, 'longestTaskCpuMs' | 'cpuTasks'> = {};
  if (cdp) {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    const tasks = mainThreadTasks(JSON.stringify({ traceEvents: traceChunks }), URL.replace(/\/$/, ''));
    const costliest = [...tasks].sort((a, b) => b.cpuMs - a.cpuMs).slice(0, 5);
    traced = {
      longestTaskCpuMs: Math.round(costliest[0]?.cpuMs ?? 0),
      cpuTasks: costliest.map((t) => `${Math.round(t.cpuMs)}/${Math.round(t.wallMs)}@${Math.round(t.at)}`),
    };
  }
  await context.close();
  return {
    homeMs: Math.round(marks.home ?? NaN),
    firstRowsMs: marks.rows === undefined ? NaN : Math.round(marks.rows - tappedAt),
    longestTaskMs: Math.max(0, ...longTasks),
    longTasks: longTasks.length,
    ...(TASKS ? { taskTimes: [`tap@${Math.round(tappedAt)}`, ...taskTimes] } : {}),
    ...traced,
  };
}

/** "Export everything" on the Games screen: the time from the tap to the download, and the longest task. */
async function exportOnce(
  dir: string,
): Promise<{ exportMs: number; longestTaskMs: number; bytes: number; longTaskTimes: string[] }> {
  const context = await openProfile(dir);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(URL);
  await page.getByRole('button', { name: 'Games', exact: true }).click();
  await page
    .locator('ul.games li, main.list-screen > p:text("No games here yet.")')
    .first()
    .waitFor({ timeout: 120_000 });
  await page.waitForTimeout(Number(option('--settle') ?? 2_000)); // the check after start-up, done
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[]; longTaskTimes: string[]; clickedAt: number };
    w.longTasks = [];
    w.longTaskTimes = [];
    w.clickedAt = performance.now();
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => {
        w.longTasks.push(Math.round(e.duration));
        w.longTaskTimes.push(`${Math.round(e.duration)} ms at +${Math.round(e.startTime - w.clickedAt)} ms`);
      }),
    ).observe({
      type: 'longtask',
    });
  });
  const started = Date.now();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 600_000 }),
    page.getByRole('button', { name: 'Export everything' }).click(),
  ]);
  const exportMs = Date.now() - started;
  const path = await download.path();
  const bytes = path ? (await import('node:fs')).statSync(path).size : 0;
  const { longTasks, longTaskTimes } = await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[]; longTaskTimes: string[] };
    return { longTasks: w.longTasks, longTaskTimes: w.longTaskTimes };
  });
  await context.close();
  return { exportMs, longestTaskMs: Math.max(0, ...longTasks), bytes, longTaskTimes };
}

const stopServer = await startPreview(PORT);
try {
  for (const size of SIZES) {
    const dir = join(tmpdir(), `pente-library-${PORT}-${size}`);
    const reused = REUSE && existsSync(dir);
    if (!reused) rmSync(dir, { recursive: true, force: true });
    const seeded = Date.now();
    if (!reused) await seed(dir, size);
    const seedMs = reused ? 0 : Date.now() - seeded;
    if (reused) {
      // The kept profile's service worker would serve the build it cached (the one measured last time) to
      // the first start: it goes, and an unmeasured start installs this build's, as seeding does.
      rmSync(join(dir, 'Default', 'Service Worker'), { recursive: true, force: true });
      rmSync(join(dir, 'Default', 'Cache'), { recursive: true, force: true });
      await coldStart(dir);
    }
    const starts: Start[] = [];
    for (let i = 0; i < STARTS; i++) starts.push(await coldStart(dir));
    const range = (pick: (s: Start) => number) => {
      const values = starts.map(pick).sort((a, b) => a - b);
      const median = values[Math.floor((values.length - 1) / 2)];
      return `${median} (${values[0]}-${values[values.length - 1]})`;
    };
    console.log(
      JSON.stringify({
        games: size,
        seedMs,
        homeMs: range((s) => s.homeMs),
        firstRowsMs: range((s) => s.firstRowsMs),
        longestTaskMs: range((s) => s.longestTaskMs),
        ...(TRACE ? { longestTaskCpuMs: range((s) => s.longestTaskCpuMs ?? NaN) } : {}),
        starts,
        ...(EXPORT ? { export: await exportOnce(dir) } : {}),
      }),
    );
    if (!REUSE) rmSync(dir, { recursive: true, force: true });
  }
} finally {
  stopServer();
}
