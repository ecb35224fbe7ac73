/**
 * "Play someone now" (issue 30) between three devices (three browser contexts, each its own key and
 * database) through the local relay only (the e2e build lists it and no public one): a challenge published
 * on A is listed on B and C with A's rating label; B accepts; A and B land in the same game with opposite
 * sides and each other's key as `peer`; C sees the challenge vanish. A set of two gives each side each
 * colour once; a blocked key's challenge is not listed, before or after a reload. Then the screen's shapes.
 */
import { mkdirSync } from 'node:fs';
import { type Browser, type BrowserContext, type Page, expect, test } from '@playwright/test';
import { layoutProblems } from './layout-checks';
import { LOOK_SHOTS, lookAt, readValue } from './helpers';
import { place } from './friend-helpers';

const LOCAL_RELAY = process.env.VITE_LOCAL_RELAY;
const PHONE = { width: 390, height: 844 };

// One after another, in one worker: the tests share the local relay, and "an empty list" would race the
// challenges the others publish (seen: the list emptied, then a new challenge took "Play the computer" away).
test.describe.configure({ mode: 'default' });

test.beforeEach(() => {
  expect(
    LOCAL_RELAY,
    'this spec needs the e2e build: VITE_LOCAL_RELAY=ws://127.0.0.1:<RELAY_PORT> VITE_PUBLIC_RELAYS=off npx vite build, and the same variables for playwright',
  ).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
});

interface Device {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Its public key (hex), once the people screen has made it. */
  key: string;
}

interface FriendRecord {
  readonly id: string;
  readonly variant: string;
  readonly size: number;
  readonly tournamentRule: boolean;
  readonly clocks: { remainingMs: [number, number]; incrementMs: number } | null;
  readonly friend: {
    gameId: string;
    mySide: 1 | 2;
    peer?: { key: string; relays: string[] };
    clock?: { initialMs: number; incrementMs: number };
    theirRating?: { rating: number; deviation: number; games: number };
  };
}

async function device(
  browser: Browser,
  options: { locale?: string; viewport?: typeof PHONE; desktop?: boolean } = {},
): Promise<Device> {
  const context = await browser.newContext({
    viewport: options.viewport ?? PHONE,
    isMobile: !options.desktop,
    hasTouch: !options.desktop,
    locale: options.locale ?? 'en-GB',
  });
  return { context, page: await context.newPage(), key: '' };
}

/** Home → Play someone now; waits for the lobby (the key made and the relay asked), and reads the key. */
async function openLobby(d: Device): Promise<void> {
  await d.page.goto('/');
  await d.page.getByRole('button', { name: 'Play someone now' }).click();
  await expect(d.page.getByRole('heading', { name: 'Open challenges' })).toBeVisible();
  const keys = (await readValue(d.page, 'settings', 'onlineKeys')) as { device: { publicKey: string } };
  d.key = keys.device.publicKey;
}

async function publish(d: Device, choices: { colour?: 'Black' | 'White'; setOfTwo?: boolean; size?: string }) {
  const { page } = d;
  if (choices.size) await page.getByLabel('Board').selectOption(choices.size);
  if (choices.setOfTwo) await page.getByLabel('A set of two: one with each colour').check();
  else if (choices.colour) await page.getByRole('radio', { name: choices.colour, exact: true }).check();
  await page.getByRole('button', { name: 'Publish the challenge' }).click();
  await expect(page.getByTestId('my-challenge')).toBeVisible();
}

/** The row of `author`'s challenge in a device's list. */
const rowOf = (d: Device, author: Device) => d.page.locator(`.challenge[data-author="${author.key}"]`);

/** The friend games a device stores, by their shared game id. */
async function friendGames(d: Device): Promise<Map<string, FriendRecord>> {
  const records = await d.page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('pente');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('games').objectStore('games').getAll();
          all.onsuccess = () => {
            open.result.close();
            resolve(all.result as unknown[]);
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
  const games = (records as FriendRecord[]).filter((r) => r.friend);
  return new Map(games.map((g) => [g.friend.gameId, g]));
}

async function closeAll(...devices: Device[]) {
  for (const d of devices) await d.context.close();
}

test('a challenge taken by B becomes one game on A and B; C sees it vanish', async ({ browser }) => {
  test.setTimeout(120_000);
  const [a, b, c] = [await device(browser), await device(browser), await device(browser)];
  await openLobby(a);
  await publish(a, { colour: 'Black', size: '13' });
  await openLobby(b);
  await openLobby(c);

  // B and C see it, with A's rating labelled as A's own record (a new player: no games against people yet).
  const seen = rowOf(b, a);
  await expect(seen).toBeVisible();
  await expect(seen.getByTestId('challenge-rating')).toHaveText('New player · their own record');
  await expect(seen).toContainText('Pente 13×13 · 10 min + 0 s');
  await expect(seen).toContainText('You play White');
  await expect(rowOf(c, a)).toBeVisible();
  // Nobody sees their own challenge among others'.
  await expect(rowOf(a, a)).toHaveCount(0);

  await seen.getByRole('button', { name: /^Accept the challenge/ }).click();
  // Both open the game; C's list no longer has the challenge (A withdrew it on confirming).
  await expect(a.page.locator('main.play [role="grid"]')).toBeVisible();
  await expect(b.page.locator('main.play [role="grid"]')).toBeVisible();
  await expect(rowOf(c, a)).toHaveCount(0);

  const [onA, onB] = [await friendGames(a), await friendGames(b)];
  expect(onA.size).toBe(1);
  expect([...onB.keys()]).toEqual([...onA.keys()]);
  const [gameId] = onA.keys();
  const [gameA, gameB] = [onA.get(gameId!)!, onB.get(gameId!)!];
  expect(await a.page.evaluate(() => location.hash)).toBe(`#/play/${gameA.id}`);
  expect(await b.page.evaluate(() => location.hash)).toBe(`#/play/${gameB.id}`);
  expect(gameA.friend.mySide).toBe(1); // A asked for Black
  expect(gameB.friend.mySide).toBe(2);
  expect(gameA.friend.peer?.key).toBe(b.key);
  expect(gameB.friend.peer?.key).toBe(a.key);
  expect(gameA.friend.peer?.relays).toEqual([LOCAL_RELAY]);
  for (const g of [gameA, gameB]) {
    expect([g.variant, g.size, g.tournamentRule]).toEqual(['pente', 13, true]);
    // The live clock is the game's, kept from both devices' signed readings (not a clock each runs alone).
    expect(g.friend.clock).toEqual({ initialMs: 600_000, incrementMs: 0 });
    expect(g.clocks).toBeNull();
    // Each keeps the rating the other claimed (A's challenge, B's acceptance): two new players' here.
    expect(g.friend.theirRating).toEqual({ rating: 1500, deviation: 350, games: 0 });
  }
  await closeAll(a, b, c);
});

test('a set of two gives each side each colour once', async ({ browser }) => {
  test.setTimeout(120_000);
  const [a, b] = [await device(browser), await device(browser)];
  await openLobby(a);
  await publish(a, { setOfTwo: true });
  await openLobby(b);
  const row = rowOf(b, a);
  await expect(row).toContainText('Two games: each colour once');
  await row.getByRole('button', { name: /^Accept the challenge/ }).click();
  await expect(a.page.locator('main.play [role="grid"]')).toBeVisible();
  await expect(b.page.locator('main.play [role="grid"]')).toBeVisible();

  const [onA, onB] = [await friendGames(a), await friendGames(b)];
  expect(onA.size).toBe(2);
  expect([...onB.keys()].sort()).toEqual([...onA.keys()].sort());
  const sidesOfA = [...onA.values()].map((g) => g.friend.mySide).sort();
  expect(sidesOfA).toEqual([1, 2]);
  for (const [gameId, gameA] of onA) {
    const gameB = onB.get(gameId)!;
    expect(gameB.friend.mySide).toBe(gameA.friend.mySide === 1 ? 2 : 1);
    expect(gameA.friend.peer?.key).toBe(b.key);
    expect(gameB.friend.peer?.key).toBe(a.key);
  }
  await closeAll(a, b);
});

test('a D-Pente challenge: the seat choice and the stone after it travel over the relay', async ({ browser }) => {
  test.setTimeout(120_000);
  // A window where a click on the 19×19 board chooses a point (no zoom): one page per person.
  const desk = { viewport: { width: 900, height: 1000 }, desktop: true };
  const [a, b] = [await device(browser, desk), await device(browser, desk)];
  await openLobby(a);
  await a.page.getByRole('combobox', { name: 'Game' }).selectOption('d-pente');
  await publish(a, { colour: 'Black' });
  await openLobby(b);
  const row = rowOf(b, a);
  await expect(row).toContainText('D-Pente 19×19');
  await row.getByRole('button', { name: /^Accept the challenge/ }).click();
  const [playA, playB] = [a.page.locator('main.play'), b.page.locator('main.play')];
  await expect(playA.locator('[role="grid"]')).toBeVisible();
  await expect(playB.locator('[role="grid"]')).toBeVisible();

  // A places the four opening stones; they reach B, whose seat choice is then due.
  for (const point of ['K10', 'L11', 'M9', 'N12']) await place(a.page, point);
  await expect(playB).toHaveAttribute('data-ply', '4');
  const choice = b.page.locator('.seat-choice');
  await expect(choice).toBeVisible();
  await expect(
    b.page.getByText('Your choice: take Black’s seat (and play the next stone) or keep White.'),
  ).toBeVisible();
  await expect(a.page.locator('.seat-choice')).toHaveCount(0);
  await expect(a.page.getByRole('status').first()).toHaveText(/^Waiting for .+ to choose\.$/);

  // B takes Black's seat and plays the fifth stone; A sees both, and now plays White.
  await choice.getByRole('button', { name: 'Take Black' }).click();
  await expect(choice).toBeHidden();
  await place(b.page, 'J9');
  await expect(playA).toHaveAttribute('data-ply', '5');
  await expect(a.page.getByRole('status').first()).toHaveText('Your move (White).');
  const [gameA] = (await friendGames(a)).values();
  expect(gameA).toMatchObject({ variant: 'd-pente', seatChoice: 'swap', moves: ['K10', 'L11', 'M9', 'N12', 'J9'] });
  await closeAll(a, b);
});

test('a Connect6 challenge: a turn of two stones travels over the relay', async ({ browser }) => {
  test.setTimeout(120_000);
  const desk = { viewport: { width: 900, height: 1000 }, desktop: true };
  const [a, b] = [await device(browser, desk), await device(browser, desk)];
  await openLobby(a);
  await a.page.getByRole('combobox', { name: 'Game' }).selectOption('connect6');
  await publish(a, { colour: 'Black' });
  await openLobby(b);
  await rowOf(b, a)
    .getByRole('button', { name: /^Accept the challenge/ })
    .click();
  const [playA, playB] = [a.page.locator('main.play'), b.page.locator('main.play')];
  await expect(playA.locator('[role="grid"]')).toBeVisible();
  // Black's one stone, then White's turn of two: both of B's stones reach A, and it is A's turn again.
  await place(a.page, 'K10');
  await expect(playB).toHaveAttribute('data-ply', '1');
  await place(b.page, 'L11');
  await place(b.page, 'M12');
  await expect(playA).toHaveAttribute('data-ply', '3');
  await expect(a.page.getByRole('status').first()).toHaveText('Your move (Black).');
  await closeAll(a, b);
});

test('withdrawing takes the challenge away; a blocked key’s challenges are never listed', async ({ browser }) => {
  test.setTimeout(120_000);
  const [a, b, c] = [await device(browser), await device(browser), await device(browser)];
  await openLobby(a);
  await openLobby(b);
  await openLobby(c);
  await publish(a, { colour: 'White' });
  await expect(rowOf(c, a)).toContainText('You play Black');
  await a.page.getByRole('button', { name: 'Withdraw' }).click();
  await expect(rowOf(c, a)).toHaveCount(0);
  await expect(rowOf(b, a)).toHaveCount(0);

  await publish(a, { colour: 'White' });
  await expect(rowOf(c, a)).toBeVisible();
  await rowOf(c, a)
    .getByRole('button', { name: /^Block player/ })
    .click();
  await expect(rowOf(c, a)).toHaveCount(0);
  await expect(c.page.locator(`.blocked-players li[data-key="${a.key}"]`)).toHaveCount(1);
  // B, who did not block, still sees it; C, after a reload (the block kept in settings), never does.
  await expect(rowOf(b, a)).toBeVisible();
  await openLobby(c);
  await publish(b, { colour: 'Black' });
  await expect(rowOf(c, b)).toBeVisible();
  await expect(rowOf(c, a)).toHaveCount(0);
  await closeAll(a, b, c);
});

test('an empty list says so and offers the computer meanwhile', async ({ browser }) => {
  test.setTimeout(120_000);
  const d = await device(browser);
  await openLobby(d);
  // Whatever earlier tests left open on the relay is blocked away, one row at a time, till none is left.
  const blockFirst = d.page
    .locator('.challenge[data-author]')
    .first()
    .getByRole('button', { name: /^Block player/ });
  await expect(async () => {
    if (await blockFirst.isVisible()) await blockFirst.click();
    await expect(d.page.getByText('No one is waiting for a game right now.', { exact: false })).toBeVisible({
      timeout: 500,
    });
  }).toPass({ timeout: 60_000 });
  await lookAt(d.page, { path: test.info().outputPath('empty.png'), fullPage: true });
  await d.page.getByRole('button', { name: 'Play the computer' }).click();
  await expect(d.page).toHaveURL(/#\/new$/);
  await d.context.close();
});

const SHAPES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'landscape', width: 844, height: 390 },
  { name: 'tablet', width: 1180, height: 820 },
] as const;
const LOOKS = [
  { look: 'en-light', locale: 'en-GB', scheme: 'light' },
  { look: 'en-dark', locale: 'en-GB', scheme: 'dark' },
  { look: 'de', locale: 'de-DE', scheme: 'light' },
  { look: 'zh', locale: 'zh-CN', scheme: 'dark' },
] as const;

test('the screen fits every shape, light and dark, in English, German and Chinese', async ({ browser }) => {
  test.setTimeout(240_000);
  const shots = 'test-results/play-someone';
  mkdirSync(shots, { recursive: true });
  // One challenge from someone else, so the list has a row.
  const other = await device(browser);
  await openLobby(other);
  await publish(other, { setOfTwo: true });
  for (const { look, locale, scheme } of LOOKS) {
    const d = await device(browser, { locale });
    await d.page.emulateMedia({ colorScheme: scheme });
    await d.page.goto('/#/people');
    await expect(d.page.locator(`.challenge[data-author]`).first()).toBeVisible({ timeout: 30_000 });
    for (const shape of SHAPES) {
      await d.page.setViewportSize({ width: shape.width, height: shape.height });
      await d.page.evaluate(() => document.fonts.ready);
      expect.soft(await layoutProblems(d.page), `${look} at ${shape.name}`).toEqual([]);
      await lookAt(d.page, { path: `${shots}/${look}-${shape.name}.png`, fullPage: true });
    }
    // Home's tile that leads here, at the phone's shape (to look at, with LAYOUT_SHOTS=1; Home's own specs
    // check its layout).
    if (LOOK_SHOTS) {
      await d.page.setViewportSize(PHONE);
      await d.page.goto('/');
      await expect(d.page.getByRole('button', { name: /./ }).first()).toBeVisible();
      await lookAt(d.page, { path: `${shots}/${look}-home.png`, fullPage: true });
    }
    await d.context.close();
  }
  await other.context.close();
});
