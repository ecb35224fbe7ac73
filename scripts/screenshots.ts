/**
 * Screenshots to look at (npm run screenshots, after a build): Home, a game in play, a game in review and
 * the puzzles, in every language the app ships, at the common phone upright (390×844) and on its side
 * (844×390), light and dark (the browser's colour scheme; the stored theme is 'system'). One PNG per shot in
 * test-results/screenshots/, and one contact sheet per language and shape (both themes side by side) made
 * in the browser itself, so nothing else need be installed. The layout tests (layout*.spec.ts) check what
 * can be checked; these are for the eye.
 *
 * Options: `--port N` (default 4185), `--langs en,de,zh`.
 */
import { mkdirSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { putGames } from '../e2e/helpers';
import { launchChromium, startPreview } from './lib/preview-server';
import { sampleLibrary } from './lib/sample-games';

const option = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const PORT = Number(option('--port') ?? 4185);
const LANGS = (option('--langs') ?? 'en,de,zh').split(',');
const BROWSER_LOCALE: Record<string, string> = { en: 'en-GB', de: 'de-DE', zh: 'zh-CN' };
const SHAPES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'landscape', width: 844, height: 390 },
] as const;
const THEMES = ['light', 'dark'] as const;
const OUT = 'test-results/screenshots';
const URL = `http://127.0.0.1:${PORT}/`;

async function show(page: Page, hash: string, ready: string): Promise<void> {
  await page.goto(`${URL}${hash}`);
  await page.locator(ready).first().waitFor();
  await page.evaluate(() => document.fonts.ready);
}

async function shoot(browser: Browser, lang: string, shape: (typeof SHAPES)[number], theme: string) {
  const context = await browser.newContext({
    viewport: { width: shape.width, height: shape.height },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 1,
    locale: BROWSER_LOCALE[lang] ?? lang,
    colorScheme: theme as 'light' | 'dark',
  });
  const page = await context.newPage();
  await page.goto(URL);
  await page.locator('main').waitFor();
  const library = sampleLibrary(12, 5);
  await putGames(page, library);
  await page.reload();
  await page.locator('main').waitFor();
  const playing = library.find((g) => g.status === 'in-progress')!;
  const finished = library.find((g) => g.status === 'finished')!;
  const screens: [string, string, string][] = [
    // The recent results come once the check after start-up has summarised the games put in above.
    ['home', '#/', 'section.recent li'],
    ['play', `#/play/${playing.id}`, 'main.play [role="grid"]'],
    ['review', `#/play/${finished.id}`, 'main.play [role="grid"]'],
    ['puzzles', '#/puzzles', 'main.puzzles[data-puzzle]'],
  ];
  const files: string[] = [];
  for (const [name, hash, ready] of screens) {
    await show(page, hash, ready);
    const file = `${OUT}/${lang}-${shape.name}-${theme}-${name}.png`;
    await page.screenshot({ path: file });
    files.push(file);
  }
  await context.close();
  return files;
}

/** One picture of many: the shots in a row per theme, drawn by the browser. */
async function contactSheet(browser: Browser, rows: string[][], file: string, width: number, height: number) {
  const page = await browser.newPage({ viewport: { width: 100, height: 100 } });
  const img = (f: string) =>
    `<img src="data:image/png;base64,${readFileSync(f).toString('base64')}" style="width:${width}px;height:${height}px;margin:4px;border:1px solid #888">`;
  await page.setContent(
    `<body style="margin:0;background:#777;white-space:nowrap">${rows.map((r) => `<div>${r.map(img).join('')}</div>`).join('')}</body>`,
  );
  await page.screenshot({ path: file, fullPage: true });
  await page.close();
}

mkdirSync(OUT, { recursive: true });
const stop = await startPreview(PORT);
const browser = await launchChromium();
try {
  for (const lang of LANGS) {
    for (const shape of SHAPES) {
      const rows: string[][] = [];
      for (const theme of THEMES) rows.push(await shoot(browser, lang, shape, theme));
      const scale = shape.width > shape.height ? 0.55 : 0.6;
      const sheet = `${OUT}/sheet-${lang}-${shape.name}.png`;
      await contactSheet(browser, rows, sheet, shape.width * scale, shape.height * scale);
      console.log(sheet);
    }
  }
} finally {
  await browser.close();
  stop();
}
