/**
 * The engine on several threads (Lazy SMP): the built app is cross-origin isolated — from the server's
 * headers and, offline, from the service worker's — so the engine worker can start helper workers that share
 * its table; with one thread, or without isolation, it searches alone and the computer still moves.
 */
import { type Page, expect, test } from '@playwright/test';
import { cell, newGame, openApp, tapTwice } from './helpers';

const ENGINE = /\/engine\.worker-[\w-]+\.js$/;
const HELPER = /\/helper\.worker-[\w-]+\.js$/;

async function setThreads(page: Page, threads: '1' | '2'): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel("Computer's threads").selectOption(threads);
  await page.getByRole('button', { name: 'Back' }).click();
}

/** Plays E5 against the computer (Master: on 9×9 it has no book and thinks its full 3 s) and waits for its reply. */
async function computerReplies(page: Page): Promise<void> {
  await newGame(page, { white: 'Master (computer)' });
  await tapTwice(page, 'E5');
  await expect(cell(page, 'E5')).toHaveAccessibleName('E5, black stone');
  await expect(page.getByRole('status')).toHaveText(/Player 1 \(Black\) to move/, { timeout: 20_000 });
  expect(await page.getByRole('gridcell', { name: /white stone$/ }).count()).toBe(1);
}

const workerUrls = (page: Page) => page.workers().map((w) => w.url());

test('the built app is cross-origin isolated, and with 2 threads the engine searches on 2 workers', async ({
  page,
}) => {
  const response = await page.goto('/');
  expect(response!.headers()).toMatchObject({
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-embedder-policy': 'require-corp',
  });
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await setThreads(page, '2');
  await computerReplies(page);
  const urls = workerUrls(page);
  expect(urls.filter((u) => ENGINE.test(u))).toHaveLength(1);
  expect(urls.filter((u) => HELPER.test(u))).toHaveLength(1);
  // The helper shares memory with the engine worker: it is isolated too.
  const helper = page.workers().find((w) => HELPER.test(w.url()))!;
  expect(await helper.evaluate(() => (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated)).toBe(true);
});

test('with 1 thread the engine searches on its one worker', async ({ page }) => {
  await openApp(page);
  await setThreads(page, '1');
  await computerReplies(page);
  const urls = workerUrls(page);
  expect(urls.filter((u) => ENGINE.test(u))).toHaveLength(1);
  expect(urls.filter((u) => HELPER.test(u))).toHaveLength(0);
});

test('offline, the service worker serves the app isolated, and 2 threads still work', async ({ page, context }) => {
  await openApp(page);
  await expect(page.getByText('Ready to work offline.')).toBeVisible();
  await setThreads(page, '2');
  // The precache holds the server's responses, headers and all: take the isolation headers out of every
  // cached copy, so the ones that come back can only be the service worker's own.
  const stripped = await page.evaluate(async () => {
    let count = 0;
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const cached = (await cache.match(request))!;
        const headers = new Headers(cached.headers);
        if (!headers.has('cross-origin-embedder-policy')) continue;
        headers.delete('cross-origin-opener-policy');
        headers.delete('cross-origin-embedder-policy');
        const body = await cached.arrayBuffer();
        await cache.put(request, new Response(body, { status: cached.status, headers }));
        count++;
      }
    }
    return count;
  });
  expect(stripped).toBeGreaterThan(0);
  await context.setOffline(true);
  const response = await page.reload();
  expect(response!.fromServiceWorker()).toBe(true);
  expect(response!.headers()).toMatchObject({
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-embedder-policy': 'require-corp',
  });
  // The security headers come through the service worker too.
  expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await computerReplies(page);
  expect(workerUrls(page).filter((u) => HELPER.test(u))).toHaveLength(1);
});

test.describe('without cross-origin isolation', () => {
  // A host that sends no isolation headers (and no service worker to add them).
  test.use({ serviceWorkers: 'block' });

  test('the engine falls back to one worker whatever the setting, and the computer moves', async ({ page }) => {
    await page.route('**/*', async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['cross-origin-opener-policy'];
      delete headers['cross-origin-embedder-policy'];
      await route.fulfill({ response, headers });
    });
    await openApp(page);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByText('cannot share memory between threads')).toBeVisible();
    await page.getByLabel("Computer's threads").selectOption('2');
    await page.getByRole('button', { name: 'Back' }).click();
    await computerReplies(page);
    const urls = workerUrls(page);
    expect(urls.filter((u) => ENGINE.test(u))).toHaveLength(1);
    expect(urls.filter((u) => HELPER.test(u))).toHaveLength(0);
  });
});
