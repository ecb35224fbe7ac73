/**
 * Long words fit: the screens with the most text (Home, a game in play and in review, Games, Settings, the
 * rules, a lesson, the puzzles), in German and in Chinese, at every screen shape: no element wider than the
 * viewport, no text overlapping other text or a control, every touch target at least 44 px. The language
 * is the browser's (the context's locale): the stored 'auto' setting follows it. Light only, but at the two
 * phone shapes the screens are also shot dark (test-results/layout-words/, a test artefact, not in git).
 */
import { mkdirSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { sampleLibrary } from '../scripts/lib/sample-games';
import { putGames } from './helpers';
import { layoutProblems } from './layout-checks';

const SIZES = [
  { name: 'phone-390', width: 390, height: 844 },
  { name: 'phone-360', width: 360, height: 640 },
  { name: 'landscape', width: 844, height: 390 },
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'tablet-landscape', width: 1180, height: 820 },
] as const;
const LOCALES = [
  { lang: 'de', browser: 'de-DE', htmlLang: 'de' },
  { lang: 'zh', browser: 'zh-CN', htmlLang: 'zh-Hans' },
] as const;
const SHOTS = 'test-results/layout-words';

/** Goes to a screen by its address and waits for it to settle (the app draws once the database answered). */
async function show(page: Page, hash: string, ready: string): Promise<void> {
  await page.goto(`/${hash}`);
  await expect(page.locator(ready).first()).toBeVisible();
  // Fonts and the lazy screen's chunk are in; nothing is still sliding in.
  await page.evaluate(() => document.fonts.ready);
}

for (const locale of LOCALES) {
  for (const size of SIZES) {
    test(`long words fit at ${size.name} (${size.width}×${size.height}) in ${locale.lang}`, async ({ browser }) => {
      test.setTimeout(300_000);
      mkdirSync(SHOTS, { recursive: true });
      const schemes =
        size.name === 'phone-390' || size.name === 'landscape' ? (['light', 'dark'] as const) : (['light'] as const);
      for (const scheme of schemes) {
        const context = await browser.newContext({
          viewport: { width: size.width, height: size.height },
          hasTouch: true,
          isMobile: !size.name.startsWith('tablet'),
          colorScheme: scheme,
          locale: locale.browser,
        });
        const page = await context.newPage();
        const fontRequests: string[] = [];
        page.on('request', (r) => {
          if (r.resourceType() === 'font') fontRequests.push(r.url());
        });
        await page.goto('/');
        await expect(page.locator('html')).toHaveAttribute('lang', locale.htmlLang);
        const library = sampleLibrary(12, 5);
        // The app has made its database (Home is drawn) before the games are put into it.
        await expect(page.locator('main')).toBeVisible();
        await putGames(page, library);
        await page.reload();
        await expect(page.locator('main')).toBeVisible();
        const playing = library.find((g) => g.status === 'in-progress')!;
        const finished = library.find((g) => g.status === 'finished')!;
        const screens: [name: string, hash: string, ready: string][] = [
          ['home', '#/', '.resume-card'],
          ['new-game', '#/new', 'main'],
          ['play', `#/play/${playing.id}`, 'main.play [role="grid"]'],
          ['review', `#/play/${finished.id}`, 'main.play [role="grid"]'],
          ['games', '#/games', 'main'],
          ['settings', '#/settings', 'main'],
          ['rules', '#/rules', 'main'],
          ['learn', '#/learn', 'main.tutorial'],
          ['puzzles', '#/puzzles', 'main.puzzles[data-puzzle]'],
        ];
        for (const [name, hash, ready] of screens) {
          await show(page, hash, ready);
          if (scheme === 'light') {
            expect.soft(await layoutProblems(page), `${name} at ${size.name}, ${locale.lang}`).toEqual([]);
          }
          await page.screenshot({ path: `${SHOTS}/${locale.lang}-${size.name}-${scheme}-${name}.png` });
        }
        // The system's CJK font draws Chinese: the app downloads none.
        expect(fontRequests).toEqual([]);
        await context.close();
      }
    });
  }
}
