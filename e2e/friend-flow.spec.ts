/**
 * The link flow as a new player meets it on a phone (issue 30, item 4): Alice and Bob in two browser
 * contexts at 390×844 with touch, passing links as two phones would through a messenger (read from the
 * clipboard). Every tap a move takes is counted.
 */
import { type Browser, type BrowserContext, type Locator, type Page, expect, test } from '@playwright/test';
import { formatGameLink, makeRules, parseGameLink, parsePoint, replay } from '../src/core';
import { cell, isOnScreen, lookAt, relaysDown } from './helpers';

const PHONE = { width: 390, height: 844 };

interface Player {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Every tap this player made, in order (what it was for). */
  readonly taps: string[];
}

async function newPlayer(browser: Browser): Promise<Player> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await relaysDown(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return { context, page: await context.newPage(), taps: [] };
}

const status = (page: Page) => page.locator('.info .status');
const sendSheet = (page: Page) => page.getByRole('dialog', { name: /Invite a friend|Send your move|Send the result/ });
const sendButton = (page: Page) => page.getByRole('button', { name: /^Send (your move|invite|the result)$/ });
/** A screenshot to look at (LAYOUT_SHOTS=1: lookAt); it checks nothing. */
const shot = (page: Page, name: string) => lookAt(page, { path: test.info().outputPath(`${name}.png`) });

/** "Play a friend" on 19×19 as `colour`, Invite. */
async function invite(p: Player, name: string, colour: 'Black (moves first)' | 'White') {
  await p.page.goto('/');
  await p.page.getByRole('button', { name: 'Play a friend' }).click();
  await p.page.getByLabel('Your name').fill(name);
  await p.page.getByLabel(colour).check();
  await p.page.getByLabel('Board').selectOption('19');
  await p.page.getByRole('button', { name: 'Invite' }).click();
  await expect(p.page.locator('main.play')).toBeVisible();
}

/** Opens a link, and accepts it with `name` if it is an invitation. */
async function openLink(p: Player, link: string, joinAs?: string) {
  await p.page.goto(link);
  if (joinAs) {
    await p.page.getByLabel('Your name').fill(joinAs);
    await p.page.getByRole('button', { name: 'Accept and play' }).click();
  }
  await expect(p.page.locator('main.play')).toBeVisible();
}

/** A tap, counted. */
async function tap(p: Player, what: string, target: Locator) {
  p.taps.push(what);
  await target.tap();
}

/** Sends the game as it stands with the fewest taps the screen offers; returns the link the friend gets. */
async function send(p: Player): Promise<string> {
  const { page } = p;
  await page.evaluate(() => navigator.clipboard.writeText(''));
  if (!(await sendSheet(page).isVisible())) await tap(p, 'send', sendButton(page));
  // Either the sheet (Copy link, then Close) or a Send that copies in one go.
  const sheet = sendSheet(page);
  const copied = page.getByText(/^Copied\./).first();
  await expect(sheet.or(copied)).toBeVisible();
  if (await sheet.isVisible()) {
    await tap(p, 'copy', sheet.getByRole('button', { name: 'Copy link' }));
    await expect(sheet.getByRole('status')).toHaveText(/^Copied\./);
    await tap(p, 'close', sheet.getByRole('button', { name: 'Close' }));
  }
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('#/g/');
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Waits for a point to stop moving (the zoom eases in for a sixth of a second). */
async function settled(page: Page, target: Locator) {
  let last = JSON.stringify(await target.boundingBox());
  for (let i = 0; i < 50; i++) {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const now = JSON.stringify(await target.boundingBox());
    if (now === last) return;
    last = now;
  }
}

/** Places a stone at `point` as a finger does (zoom first where the board needs it, preview, place). */
async function place(p: Player, point: string) {
  const { page } = p;
  const play = page.locator('main.play');
  const before = Number(await play.getAttribute('data-ply'));
  // (An invitation's sheet left open: closed, not counted as a move's tap.)
  if (await sendSheet(page).isVisible()) await sendSheet(page).getByRole('button', { name: 'Close' }).tap();
  const wholeBoard = page.getByRole('button', { name: 'Whole board' });
  if ((await wholeBoard.isVisible()) && !(await isOnScreen(page, point))) await tap(p, 'whole board', wholeBoard);
  if (await page.getByRole('button', { name: 'Zoom in' }).isVisible()) {
    await tap(p, 'zoom', cell(page, point));
    await expect(wholeBoard).toBeVisible();
  }
  await settled(page, cell(page, point));
  // On the zoomed board one tap places (placement.ts's modeForTap); on the whole board it previews.
  await tap(p, 'place', cell(page, point));
  await expect(cell(page, point)).toHaveAccessibleName(new RegExp(`^${point}, (empty, preview|\\w+ stone)`));
  if (/preview/.test((await cell(page, point).getAttribute('aria-label')) ?? '')) {
    p.taps[p.taps.length - 1] = 'preview';
    await tap(p, 'place', cell(page, point));
  }
  await expect(play).toHaveAttribute('data-ply', String(before + 1));
}

test.describe('friend games by link on a phone', () => {
  test.describe.configure({ timeout: 120_000 });
  let alice: Player;
  let bob: Player;
  test.beforeEach(async ({ browser }) => {
    [alice, bob] = [await newPlayer(browser), await newPlayer(browser)];
  });
  test.afterEach(async () => {
    await Promise.all([alice.context.close(), bob.context.close()]);
  });

  test('an inviter who plays Black sends the invitation with the first move, as one link', async () => {
    await invite(alice, 'Alice', 'Black (moves first)');
    await shot(alice.page, 'black-inviter-after-invite');
    // No invitation goes out before the first move: the move travels with it.
    await expect(sendSheet(alice.page)).toHaveCount(0);
    await expect(status(alice.page)).toHaveText('Your move (Black).');
    await expect(sendButton(alice.page)).toBeDisabled();
    await place(alice, 'K10');
    await expect(status(alice.page)).toHaveText('Send the invitation to your friend.');
    const link = await send(alice);
    const parsed = parseGameLink(link.slice(link.indexOf('#/g/') + 4));
    expect(parsed.ok && parsed.value.link.moves.length).toBe(1);
    await expect(status(alice.page)).toHaveText(/^Waiting for your friend/);
    await bob.page.goto(link);
    await expect(
      bob.page.getByText(/Alice \(Black\) invites you .* and Alice has made the first move\./),
    ).toBeVisible();
    await bob.page.getByLabel('Your name').fill('Bob');
    await bob.page.getByRole('button', { name: 'Accept and play' }).click();
    await expect(status(bob.page)).toHaveText('Your move (White).');
    expect(alice.taps.filter((t) => t === 'send')).toHaveLength(1);
  });

  test('the invitee is never offered "Send invite"', async () => {
    await invite(alice, 'Alice', 'White');
    // Alice plays White: her invitation goes at once, and Bob (Black) moves first.
    const link = await send(alice);
    await openLink(bob, link, 'Bob');
    await shot(bob.page, 'invitee-black-joined');
    await expect(status(bob.page)).toHaveText('Your move (Black).');
    await expect(bob.page.getByRole('button', { name: 'Send invite' })).toHaveCount(0);
    await expect(sendButton(bob.page)).toBeDisabled();
    await place(bob, 'K10');
    await expect(bob.page.getByRole('button', { name: 'Send invite' })).toHaveCount(0);
    await expect(status(bob.page)).toHaveText('Send your move to Alice.');
  });

  // One game for both (they had the same opening moves, each in two fresh contexts): Alice opens Bob's
  // link, places and sends her move (the taps counted), and the status follows the send.
  test('a link opens at the zoom where the game was, and a move is placed and sent in at most 3 taps; after a move the status says "Send your move to Bob" until it is sent, then "Waiting for Bob"', async () => {
    await invite(alice, 'Alice', 'Black (moves first)');
    await place(alice, 'K10');
    await openLink(bob, await send(alice), 'Bob');
    await place(bob, 'L9');
    await openLink(alice, await send(bob));
    await expect(alice.page.getByText('Bob played L9: your turn.')).toBeVisible();
    // Zoomed around the last move: the board is ready for a finger.
    await shot(alice.page, 'link-opened');
    const zoomed = await alice.page.getByRole('button', { name: 'Whole board' }).isVisible();
    const lastMoveShown = await isOnScreen(alice.page, 'L9');
    alice.taps.length = 0;
    await place(alice, 'N7');
    await shot(alice.page, 'after-move-before-send');
    await expect(status(alice.page)).toHaveText('Send your move to Bob.');
    // The notice of Bob's move belongs to the position it came in.
    await expect(alice.page.getByText('Bob played L9: your turn.')).toHaveCount(0);
    await send(alice);
    await shot(alice.page, 'move-sent');
    console.log(
      `taps to place and send a move by link on 19×19 at 390×844: ${alice.taps.length} (${alice.taps.join(', ')})`,
    );
    test.info().annotations.push({ type: 'taps per move', description: alice.taps.join(', ') });
    expect(zoomed).toBe(true);
    expect(lastMoveShown).toBe(true);
    expect(alice.taps.length).toBeLessThanOrEqual(3);
    await expect(status(alice.page)).toHaveText('Waiting for Bob (White).');
    // Sent is kept: a reload still waits for Bob.
    await alice.page.reload();
    await expect(status(alice.page)).toHaveText('Waiting for Bob (White).');
  });

  test('the header Share of a friend game gives the link that plays, not a copy to look at', async () => {
    await invite(alice, 'Alice', 'Black (moves first)');
    await place(alice, 'K10');
    await openLink(bob, await send(alice), 'Bob');
    await place(bob, 'L9');
    await send(bob);
    await bob.page.getByRole('button', { name: 'Share', exact: true }).tap();
    const field = bob.page.getByLabel('Link to this game');
    await shot(bob.page, 'header-share');
    const link = await field.inputValue();
    const parsed = parseGameLink(decodeURIComponent(link.slice(link.indexOf('#/g/') + 4)));
    expect(parsed.ok && parsed.value.link.friend?.sender).toBe(2);
    await alice.page.goto(link);
    await expect(alice.page.getByText('Bob played L9: your turn.')).toBeVisible();
  });

  test('the game where it is your turn leads Home and the Games list', async () => {
    // Zed's invitation with his first move: Alice joins, and it is her turn.
    const state = replay(makeRules({ size: 19 }), [parsePoint(19, 'K10')!]);
    if (!state.ok) throw new Error('bad test game');
    const code = formatGameLink({
      state: state.value,
      names: ['Zed', ''],
      friend: { gameId: 'ZedZedZedZedZed0', sender: 1 },
    });
    await alice.page.goto('/');
    await openLink(alice, `/#/g/${code}`, 'Alice');
    // Then a newer game where she waits for Bob.
    await invite(alice, 'Alice', 'White');
    await send(alice);
    await alice.page.getByRole('button', { name: 'Back to the menu' }).tap();
    const rows = alice.page.locator('.friend-games li');
    await expect(rows).toHaveCount(2);
    await shot(alice.page, 'home');
    await expect(rows.first()).toContainText('Zed · Your turn');
    await alice.page.getByRole('button', { name: 'Games' }).tap();
    await shot(alice.page, 'games');
    const listed = alice.page.locator('ul.games > li');
    await expect(listed).toHaveCount(2);
    await expect(listed.first()).toContainText('Your turn');
    await expect(listed.nth(1)).toContainText('Waiting for');
  });
});
