/**
 * Links that can't be forged, and copies that never dead-end (issue 30, item 6): two browser contexts
 * are two devices passing links through the clipboard. A third party's move, a forged resignation and a
 * link changed after signing are refused and change nothing; one invitation opened on two of the friend's
 * devices, each answering differently, is brought back together by the divergence sheet, both ways.
 */
import { type Browser, type BrowserContext, type Page, expect, test } from '@playwright/test';
import { concede, linkCheck, parseGameLink, parsePoint, replay } from '../src/core';
import { signGameLink } from '../src/net/link-signature';
import { LOOK_SHOTS, cell, relaysDown, storedGameRecords } from './helpers';

const WINDOW = { width: 900, height: 1000 };
const mallory = Uint8Array.from({ length: 32 }, () => 0xc3);

async function device(browser: Browser, locale = 'en-GB'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: WINDOW, locale });
  await relaysDown(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return { context, page: await context.newPage() };
}

/** Previews and places a stone with two clicks (in any language), and waits for it to be saved and shown. */
async function place(page: Page, point: string) {
  const play = page.locator('main.play');
  const before = Number(await play.getAttribute('data-ply'));
  await cell(page, point).click();
  await expect(cell(page, point)).toHaveAccessibleName(new RegExp(`^${point}, [^,]+, `));
  await cell(page, point).click();
  await expect(play).toHaveAttribute('data-ply', String(before + 1));
}

/** Send (one tap copies the link); what the clipboard then holds. */
async function send(page: Page): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.getByRole('button', { name: /^(Send your move|Send invite|Zug schicken|Einladung schicken)$/ }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('#/g/');
  return page.evaluate(() => navigator.clipboard.readText());
}

async function invite(page: Page, name: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Play a friend' }).click();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Black (moves first)').check();
  await page.getByLabel('Board').selectOption('19');
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.locator('main.play')).toBeVisible();
}

async function accept(page: Page, link: string, name: string) {
  await page.goto(link);
  await page.getByLabel(/^(Your name|Dein Name)$/).fill(name);
  await page.getByRole('button', { name: /^(Accept and play|Annehmen und spielen)$/ }).click();
  await expect(page.locator('main.play')).toHaveAttribute('data-ply', '1');
}

/** Every stored game's moves and friend marks, read straight from IndexedDB. */
const storedGames = (page: Page) =>
  storedGameRecords<{ moves: string[]; friend?: { gameId: string; peer?: { key: string } } }>(page);

const codeOf = (link: string) => decodeURIComponent(link.slice(link.indexOf('#/g/') + 4));
const withCode = (link: string, code: string) => `${link.slice(0, link.indexOf('#/g/') + 4)}${code}`;

test('forged links are refused and change nothing: a third party’s move, a forged resignation, a changed link', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ann = await device(browser);
  const bob = await device(browser);
  try {
    await invite(ann.page, 'Ann');
    await place(ann.page, 'K10');
    await accept(bob.page, await send(ann.page), 'Bob');
    await place(bob.page, 'A17');
    await ann.page.goto(await send(bob.page));
    await expect(ann.page.locator('main.play')).toHaveAttribute('data-ply', '2');
    await place(ann.page, 'C3');
    const third = await send(ann.page);
    await bob.page.goto(third);
    await expect(bob.page.locator('main.play')).toHaveAttribute('data-ply', '3');
    const before = await storedGames(ann.page);
    expect(before[0]!.friend!.peer).toBeDefined(); // Bob's key, pinned from his first link

    const opened = parseGameLink(codeOf(third));
    if (!opened.ok) throw new Error(opened.error.message);
    const { state, link } = opened.value;
    const bobs = { gameId: link.friend!.gameId, sender: 2 as const };
    const withMove = replay(state.rules, [...state.moves, parsePoint(19, 'C17')!]);
    if (!withMove.ok) throw new Error('no replay');
    const forgeries: [string, RegExp][] = [
      // Mallory, who saw a link of the game, adds "Bob's" move and renames him, signing with her own key.
      [
        signGameLink({ state: withMove.value, names: ['Ann', 'Mallory'], friend: bobs }, mallory, true),
        /signed by someone other than the player it claims to come from/,
      ],
      // A resignation for Bob, signed by a key that is not his (and not carried).
      [
        signGameLink({ state: concede(state, 2, 'resignation'), names: ['Ann', 'Bob'], friend: bobs }, mallory, false),
        /signature does not match it: it was changed after it was signed/,
      ],
    ];
    for (const [code, refusal] of forgeries) {
      await ann.page.goto(withCode(third, code));
      await expect(ann.page.getByRole('alert')).toHaveText(refusal);
      expect(await storedGames(ann.page)).toEqual(before);
    }

    // Bob's real next link, one character changed after he signed it (its typo check made again).
    await place(bob.page, 'E17');
    const real = await send(bob.page);
    const body = codeOf(real).slice(0, -3);
    const at = body.indexOf('.') - 1; // the last move's row: E17 → E16
    const changed = body.slice(0, at) + String.fromCharCode(body.charCodeAt(at) + 1) + body.slice(at + 1);
    await ann.page.goto(withCode(real, `${changed}.${linkCheck(changed)}`));
    await expect(ann.page.getByRole('alert')).toHaveText(/changed after it was signed/);
    expect(await storedGames(ann.page)).toEqual(before);

    // The real link still plays.
    await ann.page.goto(real);
    await expect(ann.page.locator('main.play')).toHaveAttribute('data-ply', '4');
  } finally {
    await Promise.all([ann.context.close(), bob.context.close()]);
  }
});

/**
 * One invitation opened on Bob's phone and his tablet: the phone answers C17, the tablet A17 (the lower
 * point, so the tablet's line keeps the game's id when both are kept). Ann hears from the phone first and
 * plays C3; then the tablet's link arrives.
 */
async function diverged(browser: Browser, tabletLocale = 'en-GB') {
  const ann = await device(browser);
  const phone = await device(browser);
  const tablet = await device(browser, tabletLocale);
  await invite(ann.page, 'Ann');
  await place(ann.page, 'K10');
  const invitation = await send(ann.page);
  await accept(phone.page, invitation, 'Bob');
  await accept(tablet.page, invitation, 'Bob');
  await place(phone.page, 'C17');
  const fromPhone = await send(phone.page);
  await place(tablet.page, 'A17');
  const fromTablet = await send(tablet.page);
  await ann.page.goto(fromPhone);
  await expect(ann.page.locator('main.play')).toHaveAttribute('data-ply', '2');
  await place(ann.page, 'C3');
  const annOnPhoneLine = await send(ann.page);
  await ann.page.goto(fromTablet);
  const sheet = ann.page.getByRole('dialog', { name: 'Your games went different ways' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('part at move 1 (White)');
  await expect(sheet.getByText('White played C17')).toBeVisible();
  await expect(sheet.getByText('White played A17')).toBeVisible();
  await expect(sheet).toContainText('signed by another device');
  const close = () => Promise.all([ann.context.close(), phone.context.close(), tablet.context.close()]);
  return { ann, phone, tablet, sheet, annOnPhoneLine, close };
}

/** Screenshots to look at, with LAYOUT_SHOTS=1 (LOOK_SHOTS): every page is at WINDOW, light, before and after. */
async function shoot(page: Page, name: string) {
  if (!LOOK_SHOTS) return;
  for (const [w, h] of [
    [390, 844],
    [1180, 820],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: test.info().outputPath(`${name}-${w}x${h}-${scheme}.png`) });
    }
  }
  await page.setViewportSize(WINDOW);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a diverged pair: take the other line, and links flow again', async ({ browser }) => {
  test.setTimeout(150_000);
  const { ann, tablet, sheet, close } = await diverged(browser);
  try {
    await shoot(ann.page, 'divergence');
    await sheet.getByRole('button', { name: 'Take this link’s game' }).click();
    await expect(ann.page.getByText('Your game now follows the link.')).toBeVisible();
    await expect(ann.page.locator('main.play')).toHaveAttribute('data-ply', '2');
    const games = await storedGames(ann.page);
    expect(games.map((g) => g.moves)).toEqual([['K10', 'A17']]);
    // Ann plays on the tablet's line; the tablet takes it; the tablet's answer comes back.
    await place(ann.page, 'D3');
    await tablet.page.goto(await send(ann.page));
    await expect(tablet.page.locator('main.play')).toHaveAttribute('data-ply', '3');
    await place(tablet.page, 'E17');
    await ann.page.goto(await send(tablet.page));
    await expect(ann.page.locator('main.play')).toHaveAttribute('data-ply', '4');
    expect((await storedGames(ann.page)).map((g) => g.moves)).toEqual([['K10', 'A17', 'D3', 'E17']]);
  } finally {
    await close();
  }
});

test('a diverged pair: keep both, on each side, and links flow again', async ({ browser }) => {
  test.setTimeout(150_000);
  const { ann, tablet, sheet, annOnPhoneLine, close } = await diverged(browser, 'de-DE');
  try {
    await sheet.getByRole('button', { name: 'Keep both games' }).click();
    await expect(ann.page.getByText(/Both games are kept/)).toBeVisible();
    const games = await storedGames(ann.page);
    expect(games.map((g) => g.moves.join(' ')).sort()).toEqual(['K10 A17', 'K10 C17 C3']);
    expect(new Set(games.map((g) => g.friend!.gameId)).size).toBe(2);
    // The tablet's line kept the id and is open: Ann plays on.
    await expect(ann.page.locator('main.play')).toHaveAttribute('data-ply', '2');
    // The tablet (in German) meets Ann's other line, sees where they part, and keeps both too.
    await tablet.page.goto(annOnPhoneLine);
    const tabletSheet = tablet.page.getByRole('dialog', { name: 'Eure Partien sind auseinandergelaufen' });
    await expect(tabletSheet).toBeVisible();
    await shoot(tablet.page, 'divergence-de');
    await tabletSheet.getByRole('button', { name: 'Beide Partien behalten' }).click();
    await expect(tablet.page.locator('main.play')).toHaveAttribute('data-ply', '2');
    expect((await storedGames(tablet.page)).map((g) => g.moves.join(' ')).sort()).toEqual(['K10 A17', 'K10 C17 C3']);
    await place(ann.page, 'D3');
    await tablet.page.goto(await send(ann.page));
    await expect(tablet.page.locator('main.play')).toHaveAttribute('data-ply', '3');
    await place(tablet.page, 'E17');
    await ann.page.goto(await send(tablet.page));
    await expect(ann.page.locator('main.play')).toHaveAttribute('data-ply', '4');
  } finally {
    await close();
  }
});
