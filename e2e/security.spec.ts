import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { securityPolicy } from '../src/security-headers';

/** The policy of the build under test: the e2e build lists the local relay (VITE_LOCAL_RELAY, scripts/test.sh). */
const CSP_HEADER = securityPolicy(process.env.VITE_LOCAL_RELAY).cspHeader;
import { newGame, openApp, tapTwice } from './helpers';
import { startStaticHost } from './static-server';

/** The policy's directives by name, from a header or meta value. */
const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d] as const),
  );

test('the server sends a strict CSP, nosniff and no-referrer with the page and its scripts', async ({ page }) => {
  for (const path of ['/', '/sw.js', '/manifest.webmanifest']) {
    const response = await page.request.get(path);
    expect(response.ok(), path).toBe(true);
    const headers = response.headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('no-referrer');
    const csp = directives(headers['content-security-policy'] ?? '');
    expect(csp.get('script-src'), path).toBe("script-src 'self'");
    expect(csp.get('worker-src'), path).toBe("worker-src 'self'");
    expect(csp.get('object-src'), path).toBe("object-src 'none'");
    expect(csp.get('frame-ancestors'), path).toBe("frame-ancestors 'none'");
    expect(headers['content-security-policy'], path).not.toMatch(/unsafe-inline|unsafe-eval/);
  }
});

test('the built page carries the same policy in a meta element, without frame-ancestors', async ({ page }) => {
  const built = readFileSync(new URL('../dist/index.html', import.meta.url), 'utf8');
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(built)?.[1];
  expect(meta, 'a CSP meta element in dist/index.html').toBeTruthy();
  // Before any script or stylesheet, so it governs them all.
  expect(built.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(built.indexOf('<script'));
  expect(built.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(built.indexOf('<link'));
  expect(built).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script for the policy to refuse
  const header = (await page.request.get('/')).headers()['content-security-policy'] ?? '';
  const fromHeader = directives(header);
  fromHeader.delete('frame-ancestors'); // header only: a meta element cannot set it
  expect(directives(meta!)).toEqual(fromHeader);
});

test('a full game flow raises no CSP violation', async ({ page }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as { cspViolations?: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`),
    );
  });
  const consoleCsp: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(m.text())) consoleCsp.push(m.text());
  });

  await openApp(page);
  // The service worker registered under the policy.
  await expect(page.getByText('Ready to work offline.')).toBeVisible();
  await newGame(page, { white: 'Beginner (computer)', size: '19' });
  await tapTwice(page, 'K10');
  // The computer answers: the engine's worker loaded and searched.
  await expect(page.getByRole('gridcell', { name: /white stone$/ })).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByRole('status')).toHaveText(/Player 1 \(Black\) to move/);
  // The book panel asks the worker for the book's moves.
  await page.getByText('Openings book').click();
  await expect(page.getByRole('table').or(page.getByText('This position is not in the book.'))).toBeVisible();
  await expect(page.getByText(/not available/)).toHaveCount(0);
  // An export downloads through a blob: URL.
  await page.getByRole('button', { name: 'Back to the menu' }).click();
  await page.getByRole('button', { name: 'Games' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Export Player 1 vs Beginner/ }).click();
  await downloading;

  expect(await page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations)).toEqual([]);
  expect(consoleCsp).toEqual([]);
});

test('on a host that sends no headers, the pages the service worker serves carry the policy and cannot be framed', async ({
  page,
}) => {
  const port = Number(process.env.E2E_PORT ?? 4174) + 10;
  const app = `http://127.0.0.1:${port}/`;
  const host = await startStaticHost(path.resolve('dist'), port);
  try {
    await page.goto(app);
    // The worker installs the whole precache before it controls the page: on a busy machine, more than 10 s.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
      .toBe(true);
    // The first visit came from the host: no headers at all.
    expect((await page.request.get(app)).headers()['content-security-policy']).toBeUndefined();
    const response = (await page.reload())!;
    expect(response.fromServiceWorker()).toBe(true);
    const headers = response.headers();
    expect(headers['content-security-policy']).toBe(CSP_HEADER);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['cross-origin-embedder-policy']).toBe('require-corp');
    // A page of the same site (another port, so the service worker is the app's own) that frames the app.
    const framer = `http://127.0.0.1:${port + 10}/`;
    await page.route(framer, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><iframe src="${app}"></iframe>` }),
    );
    const refused = page.waitForEvent('console', { predicate: (m) => /frame-ancestors/.test(m.text()) });
    await page.goto(framer);
    await refused;
    const framed = page.frames().find((f) => f !== page.mainFrame());
    await expect(framed!.getByRole('button', { name: 'New game' })).toHaveCount(0);
  } finally {
    await host.close();
  }
});
