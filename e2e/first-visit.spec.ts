/**
 * The first visit (issue #22): the first screen downloads little, holds still as it settles, covers no
 * control with a notice, and every lazily loaded screen is precached, so the app works offline after it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, type Page, expect, test } from '@playwright/test';
import { openApp } from './helpers';

const DIST = new URL('../dist/', import.meta.url);
/** The first screen's budget: the JS and CSS the page needs to draw Home, gzipped. */
const FIRST_SCREEN_BUDGET = 60 * 1024;

const gzipped = (path: string) => gzipSync(readFileSync(new URL(path.replace(/^\//, ''), DIST))).length;

/** Every file under dist/ (paths relative to it). */
function distFiles(dir = ''): string[] {
  return readdirSync(new URL(dir, DIST), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? distFiles(`${dir}${e.name}/`) : [`${dir}${e.name}`],
  );
}

/** A fresh context (a first visit: no storage, no service worker) at a phone's size. */
const phone = (browser: Browser, size = { width: 360, height: 640 }) =>
  browser.newContext({ viewport: size, hasTouch: true, isMobile: true });

/** Resolves once the service worker has installed (what used to put up "Ready to work offline"). */
const serviceWorkerReady = (page: Page) =>
  page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

test.describe('the first screen', () => {
  test('Home needs at most 60 KB of gzipped script and style, by the build and on the network', async ({ browser }) => {
    // By the build: what index.html loads (the entry, its static imports, the stylesheet).
    const html = readFileSync(new URL('index.html', DIST), 'utf8');
    const linked = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(linked.some((f) => f.endsWith('.js'))).toBe(true);
    expect(linked.some((f) => f.endsWith('.css'))).toBe(true);
    const built = linked.reduce((sum, f) => sum + gzipped(f), 0);

    // On the network: every script and stylesheet the page fetched before Home was first drawn.
    const context = await phone(browser);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as { homeDrawnAt?: number };
      new MutationObserver((_, observer) => {
        if (!document.querySelector('main.home')) return;
        w.homeDrawnAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await openApp(page);
    const fetched = await page.evaluate(() => {
      const drawnAt = (window as { homeDrawnAt?: number }).homeDrawnAt ?? Infinity;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime < drawnAt && /\.(js|css)$/.test(new URL(e.name).pathname))
        .map((e) => new URL(e.name).pathname);
    });
    await context.close();
    const onTheWire = fetched.reduce((sum, f) => sum + gzipped(f), 0);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    test.info().annotations.push({ type: 'first screen', description: `${kb(built)} built, ${kb(onTheWire)} fetched` });
    expect(built, `the first screen's files: ${linked.join(', ')}`).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET);
    expect(onTheWire, `fetched before Home was drawn: ${fetched.join(', ')}`).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET);
    // The screens behind Home are not among them.
    expect(fetched.filter((f) => /\/(Play|Puzzles|Tutorial|Players|Games|share|gifenc)-/.test(f))).toEqual([]);
  });

  test('a first visit holds still: cumulative layout shift under 0.1', async ({ browser }) => {
    for (const size of [
      { width: 360, height: 640 },
      { width: 844, height: 390 },
    ]) {
      const context = await phone(browser, size);
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window as { shifts?: { value: number; sources: string[] }[] };
        w.shifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node | null }[];
          })[]) {
            if (e.hadRecentInput) continue;
            const sources = (e.sources ?? []).map((s) =>
              s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node),
            );
            w.shifts!.push({ value: e.value, sources });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await openApp(page);
      // Settled: the service worker installed and Home said so, and two frames drawn since.
      await expect(page.getByText('Ready to work offline.')).toBeVisible();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const shifts = await page.evaluate(() => (window as { shifts?: { value: number; sources: string[] }[] }).shifts!);
      const cls = shifts.reduce((sum, s) => sum + s.value, 0);
      expect(cls, `${size.width}×${size.height}: ${JSON.stringify(shifts)}`).toBeLessThan(0.1);
      await context.close();
    }
  });
});

/**
 * Records, from the page's first moment, every time a notice (anything in the toast layer, or any other
 * element fixed over the page) overlaps a control, checked on every DOM change and every 100 ms.
 */
async function watchForCoveredControls(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as { covered?: string[] };
    w.covered = [];
    const CONTROLS = 'button, select, input, a[href], summary, [role="tab"], [role="gridcell"]';
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return style.visibility !== 'hidden' && style.display !== 'none' && r.width > 0 && r.height > 0;
    };
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
    const check = () => {
      if (!document.body) return;
      const overlays = [
        ...document.querySelectorAll('.toasts > *'),
        ...[...document.querySelectorAll('body > *, #app > *')].filter(
          (el) => !el.matches('dialog, .toasts, script') && getComputedStyle(el).position === 'fixed',
        ),
      ].filter(shown);
      if (!overlays.length) return;
      const controls = [...document.querySelectorAll(CONTROLS)].filter(shown);
      for (const o of overlays) {
        const a = o.getBoundingClientRect();
        for (const c of controls) {
          if (o.contains(c)) continue;
          const b = c.getBoundingClientRect();
          const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (across > 1 && down > 1)
            w.covered!.push(`${name(o)} over ${name(c)} at ${Math.round(performance.now())} ms`);
        }
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
    setInterval(check, 100);
  });
}

test('at 360×640 no notice or offer covers a control in the first 10 s, and Start works as the app gets ready offline', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await phone(browser);
  await watchForCoveredControls(context);
  // The service worker's install waits on this gate (its precache fetch of the puzzle pack), so the test
  // chooses the moment it finishes: while New game is on screen, with Start under the player's finger.
  let openGate: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (openGate = resolve));
  await context.route('**/puzzles.json*', async (route) => {
    await gate;
    await route.continue();
  });
  const page = await context.newPage();
  await openApp(page);
  await expect(page.getByText('Getting ready to work offline…')).toBeVisible();
  // An install offer, as Chromium makes one: a card on Home, not over it.
  await page.evaluate(() => {
    const e = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(e, { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'dismissed' }) });
    window.dispatchEvent(e);
  });
  await expect(page.getByRole('region', { name: 'On your home screen' })).toBeVisible();
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByLabel('White').selectOption({ label: 'Guest' });
  const start = page.getByRole('button', { name: 'Start' });
  await expect(start).toBeVisible();
  openGate();
  await serviceWorkerReady(page);
  await start.tap();
  await expect(page.getByRole('grid')).toBeVisible();
  // Play until the first 10 s are over, then Home again, which now says the app is ready offline.
  await page.waitForFunction(() => performance.now() > 10_000, undefined, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Back to the menu' }).click();
  await expect(page.getByText('Ready to work offline.')).toBeVisible();
  expect(await page.evaluate(() => (window as { covered?: string[] }).covered)).toEqual([]);
  await context.close();
});

test('a long notice goes where it covers no control, and a tap goes through it', async ({ browser }) => {
  const context = await phone(browser);
  await watchForCoveredControls(context);
  const page = await context.newPage();
  await openApp(page);
  await page.getByRole('button', { name: 'Games', exact: true }).click();
  await page.getByLabel('Import a file').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{ not json'),
  });
  const notice = page.locator('.toasts .notice-toast');
  await expect(notice).toHaveText(/^Not imported: /);
  // Settled where it is (placed before it is painted, and again on the next frame at most).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  expect(await page.evaluate(() => (window as { covered?: string[] }).covered)).toEqual([]);
  // Nothing in the notice takes a tap.
  expect(await notice.evaluate((n) => getComputedStyle(n).pointerEvents)).toBe('none');
  await context.close();
});

test('every script and stylesheet of the build is precached, and every screen opens offline', async ({ browser }) => {
  test.setTimeout(90_000);
  // By the build: every JS and CSS file in dist/ is in the service worker's precache manifest.
  const sw = readFileSync(new URL('sw.js', DIST), 'utf8');
  const manifest = new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!));
  const chunks = distFiles().filter((f) => /\.(js|css)$/.test(f) && f !== 'sw.js' && !f.startsWith('.'));
  expect(chunks.length).toBeGreaterThan(10);
  expect(chunks.filter((f) => !manifest.has(f))).toEqual([]);

  // In the browser: after the first visit the precache holds them all, and the screens open offline.
  const context = await phone(browser);
  const page = await context.newPage();
  await openApp(page);
  await expect(page.getByText('Ready to work offline.')).toBeVisible();
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(chunks.filter((f) => !cached.includes(`/${f}`))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
  // Each behind a tile, each its own chunk that this visit never fetched: only the service worker has them.
  const screens = [
    ['Games', 'Games'],
    ['Players', 'Players'],
    ['Settings', 'Settings'],
    ['Puzzles', 'Puzzles'],
    ['Rules and help', 'Rules and help'],
    ['About', 'About'],
    ['Watch the computer (demo)', 'Demo: the computer plays itself'],
    ['Learn to play', 'Learn to play'],
    ['New game', 'New game'],
  ] as const;
  for (const [tile, heading] of screens) {
    await page.getByRole('button', { name: tile, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    // The puzzle pack, too, comes from the precache.
    if (tile === 'Puzzles') await expect(page.locator('main.puzzles')).toHaveAttribute('data-puzzle', /.+/);
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
    await page.goBack();
    await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
  }
  await context.close();
});
