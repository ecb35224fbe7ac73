/**
 * Correspondence games by link (issue #21): two players in two browser profiles pass the links between
 * them, as two phones would through a messenger. The links are read from "Copy link" (the clipboard).
 * Player B's browser is one the test starts itself on a persistent profile, so it can be killed with
 * SIGKILL in the middle of the game and started again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { formatGameLink, parseGameLink, parsePoint } from '../src/core';
import { FRIEND_WINDOW, copyLink, newPlayer, place, sendSheet } from './friend-helpers';
import { lookAt, relaysDown, storedGameRecords } from './helpers';
import { hardKill, launchPersistent } from './hard-kill';

// The persistent browser is started and killed by the test itself; Playwright's tracing cannot follow it.
test.use({ trace: 'off' });

/** Opens a link in the page, as the installed app does with a link the platform hands it. */
async function openLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
}

/**
 * A's invitation: Play a friend, the name, the colour, 19×19 Pente. Playing White, the send sheet opens on
 * the new game; playing Black, the game waits for the first move, which goes with the invitation.
 */
async function invite(page: Page, name: string, colour: 'Black (moves first)' | 'White' = 'Black (moves first)') {
  await page.goto('/');
  await page.getByRole('button', { name: 'Play a friend' }).click();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel(colour).check();
  await page.getByLabel('Board').selectOption('19');
  await page.getByRole('button', { name: 'Invite' }).click();
  if (colour === 'White') await expect(sendSheet(page)).toBeVisible();
  else await expect(page.getByRole('status').first()).toHaveText('Your move (Black).');
}

interface SavedGame {
  readonly id: string;
  readonly moves: readonly string[];
  readonly result: unknown;
  readonly status: string;
  readonly players: readonly { readonly name: string }[];
  readonly friend?: { readonly gameId: string; readonly mySide: number };
}

/** Every stored game, read straight from IndexedDB. */
const storedGames = (page: Page): Promise<SavedGame[]> => storedGameRecords<SavedGame>(page);

/** Black makes five on row 3 (after the centre) while White plays far away on row 17: 11 moves. */
const BLACK = ['K10', 'C3', 'D3', 'E3', 'F3', 'G3'];
const WHITE = ['A17', 'C17', 'E17', 'G17', 'J17'];

test('two players play a whole 19×19 game by links, through a reload and a hard kill', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const profile = mkdtempSync(join(tmpdir(), 'pente-friend-'));
  const a = await newPlayer(browser);
  let b = await launchPersistent(profile, { window: FRIEND_WINDOW });
  const startB = async () => {
    await b.browser.contexts()[0]!.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    await relaysDown(b.browser.contexts()[0]!);
    await b.page.goto(baseURL!);
    await expect(b.page.getByRole('button', { name: 'Play a friend' })).toBeVisible();
  };
  try {
    await startB();
    await invite(a.page, 'Ann');
    // Ann plays Black: her first move goes with the invitation, one link.
    await place(a.page, BLACK[0]!);
    let link = await copyLink(a.page);

    // B opens the invitation: asked for a name, plays White against Ann.
    await openLink(b.page, link);
    await expect(
      b.page.getByText(/Ann \(Black\) invites you to a game of Pente on 19×19\. You play White/),
    ).toBeVisible();
    await b.page.getByLabel('Your name').fill('Bob');
    await b.page.getByRole('button', { name: 'Accept and play' }).click();
    await expect(b.page.getByText('You play White against Ann.').first()).toBeVisible();
    await expect(b.page.getByRole('status').first()).toHaveText('Your move (White).');
    // No engine help while the game is on, and the page says so where the buttons would be.
    await expect(b.page.getByText('No hints in friend games')).toBeVisible();
    await expect(b.page.getByRole('button', { name: 'Hint' })).toHaveCount(0);

    for (let turn = 0; turn < BLACK.length; turn++) {
      // A (Black) opens B's last link (after the invitation), moves, and sends.
      if (turn > 0) {
        await openLink(a.page, link);
        await expect(a.page.getByText(/Bob played [A-T]\d+: your turn\./)).toBeVisible();
      }
      if (turn === 3) {
        // A reload in the middle of the game: the game and its turn are still there.
        await a.page.reload();
        await expect(a.page.locator('main.play')).toHaveAttribute('data-ply', String(2 * turn));
        await expect(a.page.getByRole('status').first()).toHaveText('Your move (Black).');
      }
      if (turn > 0) {
        await place(a.page, BLACK[turn]!);
        link = await copyLink(a.page);
      }
      if (turn === BLACK.length - 1) break;

      // B (White) opens it (the first came with the invitation), moves, and sends.
      if (turn > 0) {
        await openLink(b.page, link);
        await expect(b.page.getByText(/Ann played [A-T]\d+: your turn\./)).toBeVisible();
      }
      await place(b.page, WHITE[turn]!);
      if (turn === 2) {
        // B's browser is killed right after its move was shown, before the link went out: on a new start the
        // move is there, and the game waits for its link to be sent (or, where a relay is configured and the
        // friend's key came with the invitation, says the move is on its way by relay).
        await hardKill(b);
        b = await launchPersistent(profile, { window: FRIEND_WINDOW });
        await startB();
        const row = b.page.getByRole('button', { name: /^Ann · (Send your move|Sending your move…) · / });
        await expect(row).toBeVisible();
        await row.click();
        await expect(b.page.locator('main.play')).toHaveAttribute('data-ply', String(2 * turn + 2));
      }
      link = await copyLink(b.page);
    }

    // Black's fifth in a row ended the game on A; the result reaches B with the last link.
    await expect(a.page.getByRole('status').first()).toHaveText('Ann (Black) wins by five in a row.');
    await openLink(b.page, link);
    await expect(b.page.getByText('Ann beat Bob by five in a row.')).toBeVisible();
    await expect(b.page.getByRole('status').first()).toHaveText('Ann (Black) wins by five in a row.');
    // After the game, the review's analysis is back.
    await expect(b.page.getByRole('button', { name: 'Analyse', exact: true })).toBeVisible();

    const [gamesA, gamesB] = [await storedGames(a.page), await storedGames(b.page)];
    expect(gamesA).toHaveLength(1);
    expect(gamesB).toHaveLength(1);
    const [gameA, gameB] = [gamesA[0]!, gamesB[0]!];
    const played = BLACK.flatMap((m, i) => (WHITE[i] ? [m, WHITE[i]] : [m]));
    expect(gameA.moves).toEqual(played);
    expect(gameB.moves).toEqual(played);
    expect(gameA.result).toEqual({ winner: 1, reason: 'five' });
    expect(gameB.result).toEqual(gameA.result);
    expect(gameA.friend!.gameId).toBe(gameB.friend!.gameId);
    expect([gameA.friend!.mySide, gameB.friend!.mySide]).toEqual([1, 2]);
    expect(gameB.players.map((p) => p.name)).toEqual(['Ann', 'Bob']);
    expect(gameA.players.map((p) => p.name)).toEqual(['Ann', 'Bob']);
    test.info().annotations.push({ type: 'last link length', description: String(link.length) });
    console.log(`friend game: 11 moves on 19×19, last link ${link.length} characters`);
  } finally {
    await a.context.close();
    await hardKill(b).catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a tampered link is refused and changes nothing; an old link is already up to date; a third player only looks', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const a = await newPlayer(browser);
  const b = await newPlayer(browser);
  const c = await newPlayer(browser);
  try {
    await invite(a.page, 'Ann');
    await place(a.page, 'K10');
    const first = await copyLink(a.page);
    await openLink(b.page, first);
    await b.page.getByLabel('Your name').fill('Bob');
    await b.page.getByRole('button', { name: 'Accept and play' }).click();
    await expect(b.page.locator('main.play')).toHaveAttribute('data-ply', '1');
    await place(b.page, 'A17');
    const second = await copyLink(b.page);
    await openLink(a.page, second);
    await place(a.page, 'C3');
    const third = await copyLink(a.page);
    await openLink(b.page, third);
    await expect(b.page.locator('main.play')).toHaveAttribute('data-ply', '3');
    const before = await storedGames(b.page);

    // An old link: nothing changes, and the game opens.
    await openLink(b.page, first);
    await expect(b.page.getByText('Already up to date.')).toBeVisible();
    await expect(b.page.locator('main.play')).toHaveAttribute('data-ply', '3');

    // One earlier move changed (White's A17 made B17), the check made again as a tamperer would: Ann's
    // links are signed and Bob's copy pinned her key, so a link remade without her key is refused as unsigned.
    const code = third.slice(third.indexOf('#/g/') + 4);
    const parsed = parseGameLink(code);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const { link, state } = parsed.value;
    const moves = [...link.moves];
    moves[1] = parsePoint(19, 'B17')!;
    const { replay } = await import('../src/core');
    const changed = replay(state.rules, moves);
    if (!changed.ok) throw new Error('the tampered game does not replay');
    const tampered = formatGameLink({ state: changed.value, names: link.names!, friend: link.friend });
    await openLink(b.page, `${third.slice(0, third.indexOf('#/g/') + 4)}${tampered}`);
    await expect(b.page.getByRole('alert')).toHaveText(
      'This link is not signed, and this game’s links are: it was not made by your friend’s app. Nothing was changed.',
    );
    expect(await storedGames(b.page)).toEqual(before);
    await b.page.getByRole('button', { name: 'Open your game' }).click();
    await expect(b.page.locator('main.play')).toHaveAttribute('data-ply', '3');

    // A third player opening a link of the game: view-only, and "Save a copy" makes a game of their own.
    await c.page.goto('/');
    await openLink(c.page, third);
    await expect(c.page.getByText(/This is a game between Ann and Bob, already under way/)).toBeVisible();
    await expect(c.page.getByText('Move 2 (Black) of 2.')).toBeVisible();
    expect(await storedGames(c.page)).toEqual([]);
    await c.page.getByRole('button', { name: 'Save a copy' }).click();
    await expect(c.page.locator('main.play')).toHaveAttribute('data-ply', '3');
    const copies = await storedGames(c.page);
    expect(copies).toHaveLength(1);
    expect(copies[0]!.friend).toBeUndefined();
    expect(copies[0]!.players.map((p) => p.name)).toEqual(['Ann', 'Bob']);
  } finally {
    await Promise.all([a.context.close(), b.context.close(), c.context.close()]);
  }
});

for (const viewport of [
  { width: 360, height: 640 },
  { width: 844, height: 390 },
]) {
  test(`the invite sheet with its QR code fits ${viewport.width}×${viewport.height}, and the code reads back as the link`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await context.newPage();
    try {
      await invite(page, 'Ann', 'White');
      const sheet = sendSheet(page);
      const qr = sheet.getByRole('img', { name: /QR code of the link/ });
      await expect(qr).toHaveAttribute('data-modules', /\d+/);
      const inside = async (what: string, box: { x: number; y: number; width: number; height: number } | null) => {
        expect(box, what).not.toBeNull();
        expect(box!.x, what).toBeGreaterThanOrEqual(0);
        expect(box!.y, what).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, what).toBeLessThanOrEqual(viewport.width);
        expect(box!.y + box!.height, what).toBeLessThanOrEqual(viewport.height);
      };
      await inside('the sheet', await sheet.boundingBox());
      await inside('the QR code', await qr.boundingBox());
      await inside('Copy link', await sheet.getByRole('button', { name: 'Copy link' }).boundingBox());
      await inside('Close', await sheet.getByRole('button', { name: 'Close' }).boundingBox());
      expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(150);
      await lookAt(page, { path: test.info().outputPath(`invite-${viewport.width}x${viewport.height}.png`) });

      // The code's pixels, as drawn, decoded by jsQR: the same link as the field and Copy link give.
      const link = await sheet.getByLabel('Link for your friend', { exact: true }).inputValue();
      const pixels = await qr.evaluate((canvas: HTMLCanvasElement) => {
        const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        return { width: canvas.width, height: canvas.height, data: Array.from(data) };
      });
      const jsQR = (await import('jsqr')).default;
      const decoded = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
      expect(decoded?.data).toBe(link);
      const modules = await qr.getAttribute('data-modules');
      test.info().annotations.push({ type: 'QR code', description: `${link.length} characters, ${modules} modules` });
      console.log(`invite QR: link ${link.length} characters, ${modules}×${modules} modules`);
    } finally {
      await context.close();
    }
  });
}

test('bad links get a clear message and store nothing; names are text, never markup', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Play a friend' })).toBeVisible();
  const { makeRules, newGame: freshGame, replay, linkCheck } = await import('../src/core');
  const rules = makeRules({ size: 19 });
  const twoMoves = replay(rules, [parsePoint(19, 'K10')!, parsePoint(19, 'A1')!]);
  if (!twoMoves.ok) throw new Error('bad test game');
  const friend = { gameId: 'AbCdEfGhIjKlMn-_', sender: 1 } as const;
  const invitation = formatGameLink({ state: freshGame(rules), names: ['Ann', ''], friend });
  // The two moves, then K10 again (column J, row J in the code: an occupied point), with a good check.
  const moves = formatGameLink({ state: twoMoves.value, names: ['Ann', 'Bob'] }).split('.')[0]!;
  const illegal = `${moves}JJ.QW5u.Qm9i`;
  const BAD: readonly [string, string, RegExp][] = [
    ['truncated', `#/g/${invitation.slice(0, -4)}`, /cut short/],
    ['garbage', '#/g/hello-world', /format this app does not know/],
    ['100 KB', `#/g/2${'A'.repeat(100_000)}`, /far too long/],
    ['a raw script', '#/g/2A<script>window.pwned=1</script>', /cannot be read/],
    ['an illegal move', `#/g/${illegal}.${linkCheck(illegal)}`, /move 2 \(Black\) is not allowed/],
    [
      'a move out of turn',
      `#/g/${formatGameLink({ state: twoMoves.value, names: ['Ann', 'Bob'], friend })}`,
      /out of turn/,
    ],
    ['a damaged game id', '#/play/%E0%A4%A', /broken %-escape/],
  ];
  for (const [what, hash, message] of BAD) {
    await page.goto(`/${hash}`);
    await expect(page.getByRole('alert'), what).toHaveText(message);
    await expect(page.getByRole('button', { name: 'Back to the menu' }), what).toBeVisible();
  }
  await page.getByRole('button', { name: 'Back to the menu' }).click();
  await expect(page.getByRole('button', { name: 'Play a friend' })).toBeVisible();

  // A name that looks like markup is shown as the text it is, and runs nothing.
  const markup = '<img src=x onerror="window.pwned=1">';
  await page.goto(`/#/g/${formatGameLink({ state: freshGame(rules), names: [markup, ''], friend })}`);
  await expect(page.getByText(`${markup} (Black) invites you`)).toBeVisible();
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  expect(await page.locator('main img').count()).toBe(0);
  expect(await storedGames(page)).toEqual([]);
});

test('offline: an invitation, moves, a resignation and their links are made and opened with no network', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const a = await newPlayer(browser);
  const b = await newPlayer(browser);
  try {
    // The app has been visited once on each device (the service worker has precached it), then the network goes.
    for (const p of [a, b]) {
      await p.page.goto('/');
      // The service worker active, its files cached: a settled state, where its notice is only a few seconds.
      await p.page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await p.context.setOffline(true);
    }
    // Ann plays White: her invitation goes at once (with the QR code), and Bob moves first.
    await invite(a.page, 'Ann', 'White');
    await expect(sendSheet(a.page).getByRole('img', { name: /QR code of the link/ })).toHaveAttribute(
      'data-modules',
      /\d+/,
    );
    const invitation = await copyLink(a.page);
    await expect(a.page.getByRole('status').first()).toHaveText('Waiting for your friend (Black).');
    await openLink(b.page, invitation);
    await b.page.getByLabel('Your name').fill('Bob');
    await b.page.getByRole('button', { name: 'Accept and play' }).click();
    await expect(b.page.getByRole('status').first()).toHaveText('Your move (Black).');

    await place(b.page, 'K10');
    await openLink(a.page, await copyLink(b.page));
    await expect(a.page.getByText('Bob played K10: your turn.')).toBeVisible();
    await place(a.page, 'A17');
    await openLink(b.page, await copyLink(a.page));
    await expect(b.page.getByText('Ann played A17: your turn.')).toBeVisible();
    expect((await storedGames(b.page))[0]!.moves).toEqual(['K10', 'A17']);

    // Resigning by link: the result reaches the other side with the link.
    await b.page.getByRole('button', { name: 'Resign' }).click();
    await b.page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
    await expect(b.page.getByRole('status').first()).toHaveText('Ann (White) wins by resignation.');
    await openLink(a.page, await copyLink(b.page));
    await expect(a.page.getByText('Ann beat Bob by resignation.')).toBeVisible();
    await expect(a.page.getByRole('status').first()).toHaveText('Ann (White) wins by resignation.');
    expect((await storedGames(a.page))[0]!.result).toEqual({ winner: 2, reason: 'resignation' });
  } finally {
    await Promise.all([a.context.close(), b.context.close()]);
  }
});
