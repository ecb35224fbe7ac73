/**
 * A friend game over the local relay (the e2e build's, scripts/relay.mjs): "Bob is here" while both have
 * the game open, gone once he closes his tab; and a move that arrives by relay while Alice is on Home puts
 * the game first with "Your turn" on Home and on the Games screen (issue 30, item 2); a move of hers that
 * waits for a relay is "Sending your move…" there, never "Send your move".
 */
import { type Browser, type BrowserContext, type Page, expect, test } from '@playwright/test';
import { lookAt, relaysDown, tapTwice } from './helpers';
import { acceptInvitation, inviteLink } from './live-helpers';
import { layoutProblems } from './layout-checks';

const LOCAL_RELAY = process.env.VITE_LOCAL_RELAY;
const TABLET = { width: 820, height: 1180 };

test.beforeEach(() => {
  expect(
    LOCAL_RELAY,
    'this spec needs the e2e build: VITE_LOCAL_RELAY=ws://127.0.0.1:<RELAY_PORT> VITE_PUBLIC_RELAYS=off npx vite build, and the same variables for playwright',
  ).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
});

interface Player {
  readonly context: BrowserContext;
  page: Page;
}

async function newPlayer(browser: Browser, name: string): Promise<Player> {
  const context = await browser.newContext({ viewport: TABLET, hasTouch: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  if (process.env.LIVE_DEBUG) page.on('console', (m) => console.log(`[${name}] ${m.text()}`));
  return { context, page };
}

/** Alice invites (White, 19×19) and Bob accepts her link: both end on the game's play screen. */
async function startFriendGame(browser: Browser): Promise<{ alice: Player; bob: Player }> {
  const alice = await newPlayer(browser, 'alice');
  const bob = await newPlayer(browser, 'bob');
  await alice.page.goto('/');
  const link = await inviteLink(alice.page, { board: '19' });
  await acceptInvitation(bob.page, link);
  // Bob's acceptance, by relay, pins his key on Alice's copy: her screen gets the relay line.
  await expect(alice.page.locator('.live-line')).toBeAttached({ timeout: 20_000 });
  return { alice, bob };
}

test('each player sees the other as here while both have the game open, and not after one closes it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { alice, bob } = await startFriendGame(browser);
  try {
    const accepted = Date.now();
    // Within a repeat (PRESENCE_SEND_MS, 20 s) at most: the first "here" of each side is answered at once.
    await expect(alice.page.locator('[data-here]')).toHaveText('Bob is here', { timeout: 15_000 });
    await expect(bob.page.locator('[data-here]')).toHaveText('Alice is here', { timeout: 15_000 });
    const bothHere = Date.now() - accepted;
    await lookAt(alice.page, { path: test.info().outputPath('alice-bob-is-here.png') });
    await lookAt(bob.page, { path: test.info().outputPath('bob-alice-is-here.png') });
    // Bob chooses Chinese in another tab of his: his game's page redraws in it, still live, and fits.
    const settings = await bob.context.newPage();
    await settings.goto('/#/settings');
    await settings.getByLabel('Language').selectOption('zh');
    await expect(bob.page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
    await settings.close();
    await expect(bob.page.locator('[data-here]')).toContainText('Alice');
    await expect(bob.page.locator('[data-here]')).not.toContainText('is here');
    expect(await layoutProblems(bob.page)).toEqual([]);
    await lookAt(bob.page, { path: test.info().outputPath('bob-alice-is-here-zh.png') });
    const closed = Date.now();
    await bob.page.close();
    // His page said "gone" as it went; were that lost, his "here" would run out (PRESENCE_TTL_MS, 75 s).
    await expect(alice.page.locator('[data-here]')).toHaveCount(0, { timeout: 90_000 });
    console.log(
      `presence: both here ${bothHere} ms after Alice saw the acceptance; gone on Alice's screen ${Date.now() - closed} ms after Bob's tab closed`,
    );
  } finally {
    await Promise.all([alice.context.close(), bob.context.close()]);
  }
});

test('a move that arrives by relay while Alice is on Home puts the game first, "Your turn", on Home and Games', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { alice, bob } = await startFriendGame(browser);
  try {
    // A newer friend game of Alice's (an invitation not sent yet) leads Home while she waits for Bob.
    await alice.page.goto('/');
    await alice.page.getByRole('button', { name: 'Play a friend' }).click();
    await alice.page.getByRole('button', { name: 'Invite' }).click();
    await alice.page
      .getByRole('dialog', { name: /Invite a friend/ })
      .getByRole('button', { name: 'Close' })
      .click();
    await alice.page.goto('/');
    const rows = alice.page.locator('section.friend-games li');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('Bob · Waiting for Bob');
    await expect(rows.first()).not.toContainText('Bob');

    // Bob (Black) moves; Alice stays on Home.
    await tapTwice(bob.page, 'K10');
    await expect(bob.page.locator('[data-send="sent"]')).toBeVisible();
    // Over relays the screen says the move went and Alice's will come by itself; the link is no instruction.
    await expect(bob.page.locator('.info .status')).toHaveText('Waiting for Alice (White).');
    await expect(bob.page.locator('.info .detail')).toHaveText(
      /^You play Black against Alice\. Sent: their move will appear here (by itself|when they play)\.$/,
    );
    await expect(bob.page.getByRole('button', { name: 'Send your move' })).not.toHaveClass(/primary/);
    const sent = Date.now();
    await expect(rows.first()).toContainText('Bob · Your turn', { timeout: 20_000 });
    console.log(`Home: "Bob · Your turn" first ${Date.now() - sent} ms after Bob's screen said "Sent"`);
    await lookAt(alice.page, { path: test.info().outputPath('alice-home-your-turn.png') });
    await alice.page.getByRole('button', { name: 'Games', exact: true }).click();
    const listed = alice.page.locator('ul.games > li');
    await expect(listed).toHaveCount(2);
    await expect(listed.first()).toContainText('Bob');
    await expect(listed.first()).toContainText('Your turn');

    // Alice's relays go down and she moves: over relays the move is on its way by itself, so Home and Games
    // say so, never "Send your move", and the game no longer leads: nothing waits for her.
    await relaysDown(alice.context);
    await alice.page.goto('/'); // her page's open socket goes with it
    await rows.filter({ hasText: 'Bob · Your turn' }).getByRole('button').click();
    await tapTwice(alice.page, 'L11');
    await expect(alice.page.locator('[data-send="not-sent"]')).toBeVisible();
    await alice.page.goto('/');
    await expect(rows.nth(1)).toContainText('Bob · Sending your move…');
    await alice.page.getByRole('button', { name: 'Games', exact: true }).click();
    await expect(listed.filter({ hasText: 'Bob' })).toContainText('Sending your move…');
    await lookAt(alice.page, { path: test.info().outputPath('alice-games-sending.png') });
  } finally {
    await Promise.all([alice.context.close(), bob.context.close()]);
  }
});
