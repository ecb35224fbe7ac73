/**
 * Measures the page's main thread while the engine thinks (npm run measure:main-thread, after a build):
 * serves dist/, plays moves on 19x19 against the strongest computer player in Debian's Chromium at a phone
 * size, and reports every main-thread long task (over 50 ms) seen while the computer was thinking.
 */
import { devices } from '@playwright/test';
import { launchChromium, startPreview } from './lib/preview-server';

const PORT = 4181;
const stopServer = await startPreview(PORT);
try {
  const browser = await launchChromium();
  const page = await (await browser.newContext({ ...devices['Pixel 7'] })).newPage();
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel("Show the computer's line and evaluation").check();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByLabel('White').selectOption({ label: 'Master (computer)' });
  await page.getByLabel('Board').selectOption('19');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => w.longTasks.push(Math.round(e.duration))),
    ).observe({ type: 'longtask' });
  });
  let thinkingMs = 0;
  for (const move of ['K10', 'G10', 'K14', 'N13', 'F14', 'O8']) {
    const point = page.getByRole('gridcell', { name: new RegExp(`^${move}, empty`) });
    if ((await point.count()) === 0) continue;
    await point.tap();
    await point.tap();
    const started = Date.now();
    await page
      .getByRole('status')
      .filter({ hasText: /Black\) to move|wins/ })
      .waitFor({ timeout: 30_000 });
    thinkingMs += Date.now() - started;
  }
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  console.log(JSON.stringify({ thinkingMs, longTasks, longestMs: Math.max(0, ...longTasks) }));
  await browser.close();
} finally {
  stopServer();
}
