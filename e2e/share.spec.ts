/**
 * Sharing a game (src/ui/share/): a link that carries the game opens it in review and saves it; the
 * picture and the GIF go through the Web Share API (stubbed: the test records the files handed to it);
 * a pasted record is imported. No step may raise a CSP violation.
 */
import { writeFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { type GameState, encodeGameLink, legalMoves, makeRules, newGame as newCoreGame, play } from '../src/core';
import { boardLabels, cell, lookAt, newGame, openApp, tapTwice } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

interface SharedFile {
  readonly name: string;
  readonly type: string;
  readonly size: number;
}

/** Records CSP violations, and stubs the Web Share API to keep what it is given instead of showing a sheet. */
async function watchPage(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as { cspViolations?: string[]; sharedFiles?: SharedFile[]; lastSharedFile?: File };
    w.cspViolations = [];
    w.sharedFiles = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
    Object.defineProperty(navigator, 'canShare', {
      configurable: true,
      value: (data?: ShareData) => Array.isArray(data?.files) && data.files.length > 0,
    });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        for (const f of data.files ?? []) {
          w.sharedFiles!.push({ name: f.name, type: f.type, size: f.size });
          w.lastSharedFile = f;
        }
      },
    });
  });
}

const cspViolations = (page: Page) => page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations);
const sharedFiles = (page: Page) => page.evaluate(() => (window as { sharedFiles?: SharedFile[] }).sharedFiles ?? []);

/** A Guest game on 9×9 with four moves (the third one far enough from the centre for the tournament rule). */
async function playFourMoves(page: Page): Promise<void> {
  await openApp(page);
  await newGame(page, { white: 'Guest' });
  for (const [i, point] of ['E5', 'D4', 'E8', 'F6'].entries()) {
    await tapTwice(page, point);
    await expect(page.locator('main.play')).toHaveAttribute('data-ply', String(i + 1));
  }
}

const shareSheet = (page: Page) => page.getByRole('dialog', { name: 'Share this game' });

test('a link shared at move 5 of 6 opens at move 5 with both names, captures, coordinates and the moves; Save to my games keeps it once', async ({
  page,
  browser,
}) => {
  await watchPage(page);
  await playFourMoves(page);
  for (const [i, point] of ['B2', 'H8'].entries()) {
    await tapTwice(page, point);
    await expect(page.locator('main.play')).toHaveAttribute('data-ply', String(i + 5));
  }
  await page.getByRole('button', { name: 'Previous move' }).click();
  await expect(page.getByRole('status').first()).toHaveText(/^Reviewing move 3 \(Black\) of 3\./);
  const position = await boardLabels(page);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const link = await shareSheet(page).getByLabel('Link to this game').inputValue();
  expect(link).toMatch(/#\/g\/3[A-Za-z0-9_-]{13}\.[A-Za-z0-9_.-]+$/); // version, rules, six moves, then the rest

  // Another device: a browser profile of its own.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await watchPage(other);
  await other.goto(link);
  await expect(other.getByRole('heading', { name: 'Shared game: Pente 9×9' })).toBeVisible();
  await expect(other.getByText('Move 3 (Black) of 3.')).toBeVisible();
  expect(await boardLabels(other)).toEqual(position);
  await expect(other.getByRole('region', { name: 'Black: Player 1' })).toBeVisible();
  await expect(other.getByRole('region', { name: 'White: Guest' })).toBeVisible();
  await expect(
    other.getByRole('region', { name: 'Black: Player 1' }).getByLabel('0 of 10 stones captured'),
  ).toBeVisible();
  await expect(other.locator('.board .coords text').first()).toBeAttached();
  await expect(other.getByRole('button', { name: 'Move 3, Black B2' })).toHaveAttribute('aria-current', 'true');
  await other.getByRole('button', { name: 'Next move' }).click();
  await expect(other.getByText('Move 3 (White) of 3.')).toBeVisible();
  await other.getByRole('button', { name: 'Move 2, Black E8' }).click();
  await expect(other.getByText('Move 2 (Black) of 3.')).toBeVisible();
  await expect(cell(other, 'F6')).toHaveAccessibleName(/^F6, empty/);

  await other.getByRole('button', { name: 'Save to my games' }).click();
  await expect(other.locator('main.play')).toHaveAttribute('data-ply', '6');
  // Saved again from the same link: the game already saved opens, and no second copy is stored.
  await other.goto(link);
  await other.getByRole('button', { name: 'Save to my games' }).click();
  await expect(other.getByText('This game was already in your games: it is opened from there.')).toBeVisible();
  await expect(other.locator('main.play')).toHaveAttribute('data-ply', '6');
  await other.getByRole('button', { name: 'Back to the menu' }).click();
  await other.getByRole('button', { name: 'Games', exact: true }).click();
  // A game from a link was not played here: it is listed with the imported games, once, with its names.
  await other.getByRole('tab', { name: 'Imported' }).click();
  const row = other.getByRole('listitem').filter({ hasText: 'Player 1 vs Guest' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Pente 9×9 · move 4 (Black)');

  // The player who shared it saves their own game's link: it is the game they have, not a second one.
  await page.goto(link);
  await page.getByRole('button', { name: 'Save to my games' }).click();
  await expect(page.getByText('This game was already in your games: it is opened from there.')).toBeVisible();

  expect(await cspViolations(page)).toEqual([]);
  expect(await cspViolations(other)).toEqual([]);
  await otherContext.close();
});

test('an old (version 1) link still opens, at its last move, with no names', async ({ page }) => {
  await openApp(page);
  const game = sixtyMoves();
  await page.goto(`/#/g/${encodeGameLink(game.rules, game.moves.slice(0, 6))}`);
  await expect(page.getByText('Move 3 (White) of 3.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Black: Black' })).toBeVisible();
});

test('a link opens offline once the app has been visited, and its GIF encoder is there too', async ({
  page,
  context,
}) => {
  await watchPage(page);
  await openApp(page);
  await expect(page.getByText('Ready to work offline.')).toBeVisible();
  await context.setOffline(true);
  const game = sixtyMoves();
  await page.goto(`/#/g/${encodeGameLink(game.rules, game.moves.slice(0, 6))}`);
  await page.reload(); // a cold start at the link, from the precache alone
  await expect(page.getByText('Move 3 (White) of 3.')).toBeVisible();
  await page.getByRole('button', { name: 'Save to my games' }).click();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await shareSheet(page).getByRole('button', { name: 'Share GIF of the game' }).click();
  await expect(shareSheet(page).getByRole('status')).toHaveText('Shared.');
  expect((await sharedFiles(page))[0]?.type).toBe('image/gif');
});

test('a malformed link says why and offers the way back', async ({ page }) => {
  await openApp(page);
  for (const [hash, message] of [
    ['#/g/1Azz', /^This game link cannot be read: /],
    ['#/g/1<script>alert(1)</script>', /^This game link cannot be read: /],
    ['#/play/%E0%A4%A', /^This link cannot be opened: the game it names is written with a broken %-escape\.$/],
    ['#/nowhere', /^This link cannot be opened: it names no screen of this app\.$/],
  ] as const) {
    await page.goto(`/${hash}`);
    await expect(page.getByRole('alert')).toHaveText(message);
    await page.getByRole('button', { name: 'Back to the menu' }).click();
    await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
  }
});

test('the picture and the GIF are handed to the Web Share API as files', async ({ page }) => {
  await watchPage(page);
  await playFourMoves(page);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const sheet = shareSheet(page);
  await sheet.getByRole('button', { name: 'Share picture' }).click();
  await expect(sheet.getByRole('status')).toHaveText('Shared.');
  // Kept with the test's results, to look at.
  const picture = await page.evaluate(async () => {
    const file = (window as { lastSharedFile?: File }).lastSharedFile!;
    let text = '';
    for (const byte of new Uint8Array(await file.arrayBuffer())) text += String.fromCharCode(byte);
    return btoa(text);
  });
  writeFileSync(test.info().outputPath('picture.png'), Buffer.from(picture, 'base64'));
  await sheet.getByRole('button', { name: 'Share GIF of the game' }).click();
  await expect(sheet.getByRole('status')).toHaveText('Shared.');
  const files = await sharedFiles(page);
  test.info().annotations.push({ type: 'shared files', description: JSON.stringify(files) });
  console.log('shared files:', JSON.stringify(files));
  expect(files).toHaveLength(2);
  expect(files[0]!.type).toBe('image/png');
  expect(files[0]!.name).toMatch(/^pente-.*\.png$/);
  expect(files[0]!.size).toBeGreaterThan(1024);
  expect(files[1]).toMatchObject({ type: 'image/gif' });
  expect(files[1]!.size).toBeGreaterThan(1024);
  expect(await cspViolations(page)).toEqual([]);
});

/** A 60-move 19×19 Gomoku game (no captures, so random moves rarely end it early), reproducible. */
function sixtyMoves(): GameState {
  let state = newCoreGame(makeRules({ variant: 'gomoku', size: 19 }));
  let seed = 12345;
  while (state.moves.length < 60) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const moves = legalMoves(state);
    const next = play(state, moves[seed % moves.length]!);
    if (!next.ok || next.value.result) throw new Error('the game ended before 60 moves: choose another seed');
    state = next.value;
  }
  return state;
}

test('a 60-move 19×19 game: the link length, and the GIF encode time and size', async ({ page }) => {
  test.setTimeout(90_000);
  const game = sixtyMoves();
  const code = encodeGameLink(game.rules, game.moves);
  expect(code).toHaveLength(122);
  await watchPage(page);
  await openApp(page);
  await page.goto(`/#/g/${code}`);
  await expect(page.getByText('Move 30 (White) of 30.')).toBeVisible();
  await page.getByRole('button', { name: 'Save to my games' }).click();
  await expect(page.locator('main.play')).toHaveAttribute('data-ply', '60');
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const sheet = shareSheet(page);
  const link = await sheet.getByLabel('Link to this game').inputValue();
  const started = Date.now();
  await sheet.getByRole('button', { name: 'Share GIF of the game' }).click();
  await expect(sheet.getByRole('status')).toHaveText('Shared.', { timeout: 60_000 });
  const elapsed = Date.now() - started;
  const gif = (await sharedFiles(page))[0]!;
  const figures = { linkLength: link.length, codeLength: code.length, gifBytes: gif.size, gifMs: elapsed };
  test.info().annotations.push({ type: '60 moves on 19×19', description: JSON.stringify(figures) });
  console.log('60 moves on 19×19:', JSON.stringify(figures));
  expect(gif.type).toBe('image/gif');
  const bytes = Buffer.from(
    await page.evaluate(async () => [
      ...new Uint8Array(await (window as { lastSharedFile?: File }).lastSharedFile!.arrayBuffer()),
    ]),
  );
  expect(bytes.subarray(0, 6).toString('latin1')).toBe('GIF89a');
  expect(bytes.at(-1)).toBe(0x3b); // the trailer: the encoder finished the file
  writeFileSync(test.info().outputPath('sixty-moves.gif'), bytes);
  expect(await cspViolations(page)).toEqual([]);
});

test('a pasted record is imported; an unreadable one keeps its text and says why', async ({ page }) => {
  await watchPage(page);
  await openApp(page);
  await page.getByRole('button', { name: 'Games', exact: true }).click();
  await page.getByRole('button', { name: 'Paste a record' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paste a record' });
  const box = dialog.getByLabel('pente.org record');
  await box.fill('1. K10 K10');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/^Not imported: /);
  await expect(box).toHaveValue('1. K10 K10');

  await box.fill('[Game "Pente"]\n[Player 1 Name "Ann"]\n[Player 2 Name "Bob"]\n\n1. K10 L9 2. K13 *\n');
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: 'Ann vs Bob' })).toContainText(
    'Pente 19×19 · move 2 (White)',
  );
  expect(await cspViolations(page)).toEqual([]);
});

// Both themes in one page (the game played once; it was two tests, each playing it): a theme changes
// colours, and the boxes are checked again in each.
test('the share sheet fits 360×640 in the light and the dark theme', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await watchPage(page);
  await playFourMoves(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(theme === 'dark');
    // The Share button sits in the header next to the title, a full touch target, overlapping nothing.
    const share = page.getByRole('button', { name: 'Share', exact: true });
    await share.scrollIntoViewIfNeeded();
    const button = (await share.boundingBox())!;
    const heading = (await page.locator('main.play .screen-header h1').boundingBox())!;
    expect(button.height, theme).toBeGreaterThanOrEqual(44);
    expect(button.width, theme).toBeGreaterThanOrEqual(44);
    expect(heading.x + heading.width, theme).toBeLessThanOrEqual(button.x);
    expect(button.x + button.width, theme).toBeLessThanOrEqual(360);
    await lookAt(page.locator('main.play .screen-header'), {
      path: test.info().outputPath(`play-header-${theme}.png`),
    });
    await share.click();
    const sheet = shareSheet(page);
    await expect(sheet).toBeVisible();
    const box = (await sheet.boundingBox())!;
    expect(box.x, theme).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, theme).toBeLessThanOrEqual(360);
    for (const button of await sheet.getByRole('button').all()) {
      const b = (await button.boundingBox())!;
      expect(b.height, `${theme}: ${await button.innerText()}`).toBeGreaterThanOrEqual(44);
    }
    await lookAt(page, { path: test.info().outputPath(`share-sheet-${theme}.png`) });
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect(sheet).toBeHidden();
  }
});
