/**
 * The web app manifest's screenshots (npm run manifest:screenshots, after a build): a game in play (a real
 * opening), in English and the light theme, at a phone held upright (form_factor narrow: 390×844 at
 * 2×) and a wide window (form_factor wide: 1280×800), written to public/screenshots/. Android's richer
 * install dialog shows them. They are committed, and left out of the service worker's precache (nobody
 * needs them offline).
 */
import { mkdirSync } from 'node:fs';
import { putGames } from '../e2e/helpers';
import { launchChromium, startPreview } from './lib/preview-server';
import { sampleLibrary } from './lib/sample-games';

/**
 * The first 22 moves of a rated pente.org game (e2e/fixtures/pente-org-games.pgn, the first record: a
 * capture, and both sides building), with neutral names: a position a player recognises as Pente.
 */
const MASTER_MOVES = 'K10 K9 N10 M9 H8 L9 J9 L11 L8 N9 O9 M11 G7 F6 M8 P8 O9 N11 O11 J11 K11 K12'.split(' ');

const PORT = 4187;
const URL = `http://127.0.0.1:${PORT}/`;
const OUT = 'public/screenshots';
const SHOTS = [
  { file: 'narrow.png', width: 390, height: 844, scale: 2, isMobile: true },
  { file: 'wide.png', width: 1280, height: 800, scale: 1, isMobile: false },
] as const;

mkdirSync(OUT, { recursive: true });
const stop = await startPreview(PORT);
const browser = await launchChromium();
try {
  for (const shot of SHOTS) {
    const context = await browser.newContext({
      viewport: { width: shot.width, height: shot.height },
      deviceScaleFactor: shot.scale,
      isMobile: shot.isMobile,
      hasTouch: shot.isMobile,
      locale: 'en-GB',
      colorScheme: 'light',
    });
    const page = await context.newPage();
    await page.goto(URL);
    await page.locator('main').waitFor();
    const [sample] = sampleLibrary(1);
    const playing = {
      ...sample!,
      size: 19 as const,
      moves: MASTER_MOVES,
      status: 'in-progress' as const,
      result: null,
    };
    await putGames(page, [playing]);
    await page.goto(`${URL}#/play/${playing.id}`);
    await page.locator('main.play [role="grid"]').waitFor();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${OUT}/${shot.file}` });
    await context.close();
    console.log(`${OUT}/${shot.file}`);
  }
} finally {
  await browser.close();
  stop();
}
