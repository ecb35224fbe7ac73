/**
 * A live friend game with a chess clock (issue 30, item 2): the clock is chosen in the Play a friend
 * invitation, carried by its link, and kept by both devices from the signed readings that go with each
 * move. Alice (phone, portrait) invites Bob (phone, landscape) to a 1-minute game; they say preset phrases
 * to each other (shown by the sayer's strip on the other's screen); both clocks show and
 * tick for the side to move; Bob lets his time run out: his device says his flag fell, and both devices
 * show and store the same loss on time. Then the same with Bob's page closed: Alice's device claims his flag
 * after the grace, and Bob, reopening, reads her signed claim and stores the same loss. The relay is the
 * local one the e2e build lists (playwright.config).
 */
import { type Browser, type BrowserContext, type Page, expect, test } from '@playwright/test';
import { lookAt, storedGameRecords, tapTwice } from './helpers';
import { acceptInvitation, inviteLink } from './live-helpers';
import { layoutProblems } from './layout-checks';

const PORTRAIT = { width: 390, height: 844 };
const LANDSCAPE = { width: 844, height: 390 };

interface FriendRecord {
  readonly moves: readonly string[];
  readonly result: { winner: 1 | 2 | null; reason: string } | null;
  readonly friend?: { gameId: string; mySide: 1 | 2; clock?: { initialMs: number; incrementMs: number } };
}

async function device(browser: Browser, viewport: typeof PORTRAIT): Promise<Page> {
  const context = await browser.newContext({ viewport, isMobile: true, hasTouch: true, locale: 'en-GB' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return context.newPage();
}

const liveClock = (page: Page, side: 1 | 2) => page.locator(`[data-live-clock="${side}"]`);

/** The clock's text as seconds ("0:57" → 57). */
async function secondsOn(page: Page, side: 1 | 2): Promise<number> {
  const [min, sec] = (await liveClock(page, side).innerText()).split(':').map(Number);
  return min! * 60 + sec!;
}

async function friendGame(page: Page): Promise<FriendRecord> {
  const records = await storedGameRecords<FriendRecord>(page);
  return records.find((r) => r.friend)!;
}

/**
 * Alice (portrait, White) invites Bob (landscape, Black) to a 1-minute game on 13×13; Bob accepts; both
 * show full clocks, then Black, White and Black play (the first two free): White's clock runs.
 */
async function threeMovesPlayed(
  browser: Browser,
  beforeMoves?: (alice: Page, bob: Page) => Promise<void>,
): Promise<{ alice: Page; bob: Page }> {
  const alice = await device(browser, PORTRAIT);
  const bob = await device(browser, LANDSCAPE);
  // Alice invites, playing White, on a 13×13 board with a clock of 1 minute each and nothing added.
  await alice.goto('/');
  const link = await inviteLink(alice, { board: '13', clock: { minutes: '1', incrementSeconds: '0' } });
  expect(link).toMatch(/\.t60-0\./);
  await acceptInvitation(bob, link);
  expect((await friendGame(bob)).friend?.clock).toEqual({ initialMs: 60_000, incrementMs: 0 });
  // Bob's acceptance reaches Alice: both show the clocks, full, none running (the first moves are free).
  for (const page of [alice, bob]) {
    await expect(liveClock(page, 1)).toHaveText('1:00', { timeout: 30_000 });
    await expect(liveClock(page, 2)).toHaveText('1:00');
  }

  await beforeMoves?.(alice, bob);

  // Black (Bob) and White (Alice) play their free first moves, then Black one more: White's clock runs.
  const moves: [Page, string][] = [
    [bob, 'G7'],
    [alice, 'A13'],
    [bob, 'A1'],
  ];
  for (const [i, [mover, point]] of moves.entries()) {
    await tapTwice(mover, point);
    const other = mover === bob ? alice : bob;
    await expect(other.locator('main.play')).toHaveAttribute('data-ply', String(i + 1), { timeout: 20_000 });
  }
  for (const page of [alice, bob]) await expect(liveClock(page, 2)).toHaveAttribute('data-running', 'true');
  return { alice, bob };
}

/**
 * Before the clocks run, the players say preset phrases (issue 30: no free text): Bob "Good luck!" from his
 * Say… menu, shown under his strip on Alice's screen; Alice "Thanks!", under hers on Bob's.
 */
async function sayPhrases(alice: Page, bob: Page) {
  await expect(bob.locator('[data-here]')).toHaveText('Alice is here', { timeout: 30_000 });
  await bob.getByRole('button', { name: 'Say…' }).click();
  await bob.getByRole('group', { name: 'Say to Alice' }).getByRole('button', { name: 'Good luck!' }).click();
  // A phrase is a gesture, not a chat: Say… rests for a few seconds after one (PHRASE_GAP_MS).
  await expect(bob.getByRole('button', { name: 'Say…' })).toBeDisabled();
  await expect(bob.getByRole('button', { name: 'Say…' })).toBeEnabled();
  const heardByAlice = alice.getByRole('region', { name: /Bob/ }).locator('[data-phrase]');
  await expect(heardByAlice).toHaveText('Good luck!', { timeout: 15_000 });
  await lookAt(alice, { path: test.info().outputPath('phrase-alice-390x844.png') });
  await expect(alice.locator('[data-here]')).toHaveText('Bob is here', { timeout: 30_000 });
  await alice.getByRole('button', { name: 'Say…' }).click();
  await lookAt(alice, { path: test.info().outputPath('phrases-menu-alice-390x844.png') });
  expect.soft(await layoutProblems(alice), 'the phrases menu at 390x844').toEqual([]);
  await alice.getByRole('button', { name: 'Thanks!' }).click();
  await expect(bob.getByRole('region', { name: /Alice/ }).locator('[data-phrase]')).toHaveText('Thanks!', {
    timeout: 15_000,
  });
  await lookAt(bob, { path: test.info().outputPath('phrase-bob-844x390.png') });
  // Shown for a few seconds, then gone.
  await expect(heardByAlice).toHaveCount(0, { timeout: 20_000 });
}

/**
 * The two games run at once, each between its own pair of devices: the second is accepted first (its first
 * moves are free, so no clock runs), the first is played up to Bob's last minute, and the second's moves
 * are made while that minute runs out, so the test waits for one minute, not two (the waits were most of
 * the spec's time). What each game checks is what it checked as a test of its own.
 */
test('two 1-minute live games: a flag that falls is the same loss on both devices; Bob closes his page, Alice claims after the grace, and Bob reopens to the same loss', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const contexts: BrowserContext[] = [];
  try {
    // The second game is accepted, its clocks shown and none running; before its moves, the first game:
    // preset phrases, both clocks shown; White answers, and Black's clock runs on both.
    let first = undefined as { alice: Page; bob: Page } | undefined;
    const second = await threeMovesPlayed(browser, async () => {
      first = await threeMovesPlayed(browser, sayPhrases);
      const { alice, bob } = first;
      contexts.push(alice.context(), bob.context());
      await expect.poll(() => secondsOn(alice, 2), { timeout: 10_000 }).toBeLessThan(60);
      await lookAt(alice, { path: test.info().outputPath('clock-alice-390x844.png') });
      await lookAt(bob, { path: test.info().outputPath('clock-bob-844x390.png') });
      await tapTwice(alice, 'N13');
      await expect(bob.locator('main.play')).toHaveAttribute('data-ply', '4', { timeout: 20_000 });
      await expect(liveClock(bob, 1)).toHaveAttribute('data-running', 'true');
      await expect(liveClock(alice, 1)).toHaveAttribute('data-running', 'true');
    });
    const { alice, bob } = first!;
    // The second game, while Bob lets his time in the first run out: its three moves are played (above),
    // White answers, Black's clock runs on both devices, and this Bob closes his page.
    const alice2 = second.alice;
    const bob2 = second.bob;
    contexts.push(alice2.context(), bob2.context());
    await tapTwice(alice2, 'N13');
    await expect(bob2.locator('main.play')).toHaveAttribute('data-ply', '4', { timeout: 20_000 });
    await expect(liveClock(bob2, 1)).toHaveAttribute('data-running', 'true');
    const url = bob2.url();
    await bob2.close();

    // The first game: his own device says his flag fell; hers reads his signed flag: one loss on time, the
    // same on both.
    for (const page of [bob, alice])
      await expect(page.getByText('Bob (Black) lost on time.').first()).toBeVisible({ timeout: 90_000 });
    for (const page of [alice, bob]) {
      await expect.poll(async () => (await friendGame(page)).result).toEqual({ winner: 2, reason: 'time' });
      expect((await friendGame(page)).moves).toEqual(['G7', 'A13', 'A1', 'N13']);
      await expect(liveClock(page, 1)).toHaveText('0:00');
      await expect(liveClock(page, 1)).not.toHaveAttribute('data-running', 'true');
    }
    await lookAt(alice, { path: test.info().outputPath('flag-alice-390x844.png') });
    await lookAt(bob, { path: test.info().outputPath('flag-bob-844x390.png') });
    // The live game's screen (strips with clocks, "here", Say…) in both themes, at the phone's shape and
    // turned into a tablet (upright for Alice, sideways for Bob): nothing overflows or overlaps.
    for (const [page, name, tablet] of [
      [alice, 'alice', { width: 820, height: 1180 }],
      [bob, 'bob', { width: 1180, height: 820 }],
    ] as const) {
      const phone = page.viewportSize()!;
      for (const size of [phone, tablet])
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.setViewportSize(size);
          await page.emulateMedia({ colorScheme });
          const shape = `${size.width}x${size.height}-${colorScheme}`;
          expect.soft(await layoutProblems(page), `${name} at ${shape}`).toEqual([]);
          await lookAt(page, { path: test.info().outputPath(`over-${name}-${shape}.png`) });
        }
    }

    // The second game: no flag of his own came; Alice's device claims his once his time and the grace
    // (2 s) are past.
    await expect(alice2.getByText('Bob (Black) lost on time.').first()).toBeVisible({ timeout: 120_000 });
    await expect.poll(async () => (await friendGame(alice2)).result).toEqual({ winner: 2, reason: 'time' });
    expect((await friendGame(alice2)).moves).toEqual(['G7', 'A13', 'A1', 'N13']);
    await lookAt(alice2, { path: test.info().outputPath('claim-alice-390x844.png') });

    // Bob opens the game again: his device reads her signed claim and stores the same loss.
    const bobAgain = await bob2.context().newPage();
    await bobAgain.goto(url);
    await expect(bobAgain.getByText('Bob (Black) lost on time.').first()).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await friendGame(bobAgain)).result).toEqual({ winner: 2, reason: 'time' });
    expect((await friendGame(bobAgain)).moves).toEqual(['G7', 'A13', 'A1', 'N13']);
    await lookAt(bobAgain, { path: test.info().outputPath('claim-bob-reopened-844x390.png') });
  } finally {
    for (const context of contexts) await context.close();
  }
});
