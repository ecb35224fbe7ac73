/**
 * Long words fit: the screens with the most text (Home, a new game, a game in play and in review, Games,
 * Settings, a lesson, the puzzles), in German (the longest words) at the narrowest phone, the phone on its
 * side and the wide tablet, and in Chinese at the common phone: no element wider than the viewport, no text
 * overlapping other text or a control, every touch target at least 44 px, no label broken mid-word. The
 * language is the browser's (the context's locale): the stored 'auto' setting follows it. Light only; each
 * screen is shot (test-results/layout-words/, a test artefact, not in git). Four cases, not every shape in
 * both languages: the whole e2e run must stay short on a small CI machine, and the English layout spec
 * (layout.spec.ts) covers every shape.
 */
import { mkdirSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { sampleLibrary } from '../scripts/lib/sample-games';
import { lookAt, putGames } from './helpers';
import { layoutProblems } from './layout-checks';

type Screen = 'home' | 'new-game' | 'play' | 'review' | 'games' | 'settings' | 'learn' | 'puzzles';

const DE = { lang: 'de', browser: 'de-DE', htmlLang: 'de' } as const;
const ZH = { lang: 'zh', browser: 'zh-CN', htmlLang: 'zh-Hans' } as const;

/** Each case: a language and a screen shape, and the screens whose words are longest at that shape. */
const CASES: readonly {
  readonly lang: 'de' | 'zh';
  readonly browser: string;
  readonly htmlLang: string;
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly screens: readonly Screen[];
}[] = [
  {
    ...DE,
    name: 'phone-360',
    width: 360,
    height: 640,
    screens: ['home', 'new-game', 'play', 'review', 'games', 'settings', 'learn', 'puzzles'],
  },
  {
    ...DE,
    name: 'landscape',
    width: 844,
    height: 390,
    screens: ['play', 'review', 'games', 'settings'],
  },
  {
    ...DE,
    name: 'tablet-landscape',
    width: 1180,
    height: 820,
    screens: ['play', 'review', 'games'],
  },
  {
    ...ZH,
    name: 'phone-390',
    width: 390,
    height: 844,
    screens: ['home', 'play', 'review', 'settings', 'learn'],
  },
];
const SHOTS = 'test-results/layout-words';

/** Goes to a screen by its address and waits for it to settle (the app draws once the database answered). */
async function show(page: Page, hash: string, ready: string): Promise<void> {
  await page.goto(`/${hash}`);
  await expect(page.locator(ready).first()).toBeVisible();
  // Fonts and the lazy screen's chunk are in; nothing is still sliding in.
  await page.evaluate(() => document.fonts.ready);
}

for (const c of CASES) {
  test(`long words fit at ${c.name} (${c.width}×${c.height}) in ${c.lang}`, async ({ browser }) => {
    test.setTimeout(180_000);
    mkdirSync(SHOTS, { recursive: true });
    const context = await browser.newContext({
      viewport: { width: c.width, height: c.height },
      hasTouch: true,
      isMobile: !c.name.startsWith('tablet'),
      locale: c.browser,
    });
    const page = await context.newPage();
    const fontRequests: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'font') fontRequests.push(r.url());
    });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', c.htmlLang);
    const library = sampleLibrary(12, 5);
    // The app has made its database (Home is drawn) before the games are put into it.
    await expect(page.locator('main')).toBeVisible();
    await putGames(page, library);
    await page.reload();
    await expect(page.locator('main')).toBeVisible();
    const playing = library.find((g) => g.status === 'in-progress')!;
    const finished = library.find((g) => g.status === 'finished')!;
    const screens: Record<Screen, [hash: string, ready: string]> = {
      home: ['#/', '.resume-card'],
      'new-game': ['#/new', 'main'],
      play: [`#/play/${playing.id}`, 'main.play [role="grid"]'],
      review: [`#/play/${finished.id}`, 'main.play [role="grid"]'],
      games: ['#/games', 'main'],
      settings: ['#/settings', 'main'],
      learn: ['#/learn', 'main.tutorial'],
      puzzles: ['#/puzzles', 'main.puzzles[data-puzzle]'],
    };
    for (const name of c.screens) {
      const [hash, ready] = screens[name];
      await show(page, hash, ready);
      expect.soft(await layoutProblems(page), `${name} at ${c.name}, ${c.lang}`).toEqual([]);
      await lookAt(page, { path: `${SHOTS}/${c.lang}-${c.name}-${name}.png` });
    }
    // The system's CJK font draws Chinese: the app downloads none.
    expect(fontRequests).toEqual([]);
    await context.close();
  });
}
