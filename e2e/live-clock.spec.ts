/**
 * A live friend game with a chess clock (issue 30, item 2): the clock is chosen in the Play a friend
 * invitation, carried by its link, and kept by both devices from the signed readings that go with each
 * move. Alice (phone, portrait) invites Bob (phone, landscape) to a 1-minute game; both clocks show and
 * tick for the side to move; Bob lets his time run out: his device says his flag fell, and both devices
 * show and store the same loss on time. The relay is the local one the e2e build lists (playwright.config).
 */
import { type Browser, type Page, expect, test } from '@playwright/test';
import { storedGameRecords, tapTwice } from './helpers';

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

test('a 1-minute live game: both clocks shown, and a flag that falls is the same loss on both devices', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const alice = await device(browser, PORTRAIT);
  const bob = await device(browser, LANDSCAPE);
  try {
    // Alice invites, playing White, on a 13×13 board with a clock of 1 minute each and nothing added.
    await alice.goto('/');
    await alice.getByRole('button', { name: 'Play a friend' }).click();
    await alice.getByLabel('Your name').fill('Alice');
    await alice.getByLabel('White').check();
    await alice.getByLabel('Board').selectOption('13');
    await expect(alice.getByLabel('Clock')).toHaveValue('0'); // untimed by default
    await alice.getByLabel('Clock').selectOption('1');
    await alice.getByLabel('Seconds added per move').selectOption('0');
    await alice.getByRole('button', { name: 'Invite' }).click();
    const sheet = alice.getByRole('dialog', { name: /Invite a friend/ });
    await sheet.getByRole('button', { name: 'Copy link' }).click();
    const link = await alice.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\.t60-0\./);
    await sheet.getByRole('button', { name: 'Close' }).click();

    await bob.goto(link);
    await bob.getByLabel('Your name').fill('Bob');
    await bob.getByRole('button', { name: 'Accept and play' }).click();
    await expect(bob.locator('main.play')).toHaveAttribute('data-ply', '0');
    expect((await friendGame(bob)).friend?.clock).toEqual({ initialMs: 60_000, incrementMs: 0 });
    // Bob's acceptance reaches Alice: both show the clocks, full, none running (the first moves are free).
    for (const page of [alice, bob]) {
      await expect(liveClock(page, 1)).toHaveText('1:00', { timeout: 30_000 });
      await expect(liveClock(page, 2)).toHaveText('1:00');
    }

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
    await expect.poll(() => secondsOn(alice, 2), { timeout: 10_000 }).toBeLessThan(60);
    await alice.screenshot({ path: test.info().outputPath('clock-alice-390x844.png') });
    await bob.screenshot({ path: test.info().outputPath('clock-bob-844x390.png') });

    // White answers; now Black's clock runs, and Bob lets it run out.
    await tapTwice(alice, 'N13');
    await expect(bob.locator('main.play')).toHaveAttribute('data-ply', '4', { timeout: 20_000 });
    await expect(liveClock(bob, 1)).toHaveAttribute('data-running', 'true');
    await expect(liveClock(alice, 1)).toHaveAttribute('data-running', 'true');

    // His own device says his flag fell; hers reads his signed flag: one loss on time, the same on both.
    for (const page of [bob, alice])
      await expect(page.getByText('Bob (Black) lost on time.').first()).toBeVisible({ timeout: 90_000 });
    for (const page of [alice, bob]) {
      await expect.poll(async () => (await friendGame(page)).result).toEqual({ winner: 2, reason: 'time' });
      expect((await friendGame(page)).moves).toEqual(['G7', 'A13', 'A1', 'N13']);
      await expect(liveClock(page, 1)).toHaveText('0:00');
      await expect(liveClock(page, 1)).not.toHaveAttribute('data-running', 'true');
    }
    await alice.screenshot({ path: test.info().outputPath('flag-alice-390x844.png') });
    await bob.screenshot({ path: test.info().outputPath('flag-bob-844x390.png') });
  } finally {
    await alice.context().close();
    await bob.context().close();
  }
});
