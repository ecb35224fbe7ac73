/**
 * Nothing a player owns is overwritten, lost on the clock or dropped when storage is full:
 * - "Play from here" in review starts a new game; the finished game keeps its result and every move;
 * - a clocked game whose tab is closed is charged only for the time the app was open, and a clock does not
 *   run before its side's first move (Playwright's fake clock, installed before the page loads);
 * - with IndexedDB refusing every write (QuotaExceededError), moves and a new game are kept and shown as
 *   not saved, and once there is room again everything shown is saved (a reload proves it); so is a puzzle
 *   answer (counted through a reload, saved by the retry once there is room).
 */
import { type Page, expect, test } from '@playwright/test';
import { decodePuzzlePack, formatPoint } from '../src/core';
import { cell, newGame, openApp, readValue, storedGameRecords, tapPoint, tapTwice } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

interface SavedGame {
  readonly id: string;
  readonly moves: readonly string[];
  readonly status: string;
  readonly result: unknown;
  readonly createdAt: number;
  readonly origin?: { readonly gameId: string; readonly ply: number };
}

/** Every stored game record, oldest first, read straight from IndexedDB. */
const storedGames = async (page: Page): Promise<SavedGame[]> =>
  (await storedGameRecords<SavedGame>(page)).sort((a, b) => a.createdAt - b.createdAt);

test('Play from here starts a new game; the finished game stays as it was, after a reload too', async ({ page }) => {
  await openApp(page);
  await newGame(page, { white: 'Guest' });
  const status = page.getByRole('status');
  // Black makes five on the eighth row with its sixth stone, move 11.
  const moves = ['E5', 'A1', 'A8', 'C1', 'B8', 'E1', 'C8', 'G1', 'D8', 'J1', 'E8'];
  for (const move of moves) await tapTwice(page, move);
  await expect(status).toHaveText('Player 1 (Black) wins by five in a row.');
  const [original] = await storedGames(page);
  expect(original).toMatchObject({ moves, status: 'finished', result: { winner: 1, reason: 'five' } });

  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Previous move' }).click();
  await expect(status).toHaveText(/Reviewing move 4 \(Black\) of 6/);
  await page.getByRole('button', { name: 'Play from here' }).click();
  await expect(status).toHaveText('Guest (White) to move.');
  await expect(page.locator('main.play')).toHaveAttribute('data-ply', '7');
  await tapTwice(page, 'H1');
  await expect(cell(page, 'H1')).toHaveAccessibleName('H1, white stone');

  const check = async () => {
    const games = await storedGames(page);
    expect(games).toHaveLength(2);
    // The finished game, exactly as it was: its result and every move.
    expect(games[0]).toEqual(original);
    expect(games[1]).toMatchObject({
      moves: [...moves.slice(0, 7), 'H1'],
      status: 'in-progress',
      result: null,
      origin: { gameId: original!.id, ply: 7 },
    });
  };
  await check();

  // A reload reopens the new game, and both games are listed where they belong.
  await page.reload();
  await expect(cell(page, 'H1')).toHaveAccessibleName('H1, white stone');
  await expect(page.locator('main.play')).toHaveAttribute('data-ply', '8');
  await check();
  await page.getByRole('button', { name: 'Back to the menu' }).click();
  await page.getByRole('button', { name: 'Games', exact: true }).click();
  const unfinished = page.locator('ul.games > li');
  await expect(unfinished).toHaveCount(1);
  await expect(unfinished).toContainText(/From move 4 \(White\) of the game of /);
  await page.getByRole('tab', { name: 'Finished', exact: true }).click();
  await expect(page.locator('ul.games > li')).toHaveCount(1);
  await expect(page.locator('ul.games > li')).toContainText('Player 1 won (five)');
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(status).toHaveText('Player 1 (Black) wins by five in a row.');
  await expect(page.locator('main.play')).toHaveAttribute('data-ply', '11');
  await check();
});

test('a clock waits for its side’s first move, and a closed tab costs no time on the clock', async ({ context }) => {
  const start = new Date('2026-03-01T10:00:00Z');
  await context.clock.install({ time: start });
  await context.clock.pauseAt(start);
  const page = await context.newPage();
  await openApp(page);
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByLabel('White').selectOption({ label: 'Guest' });
  await page.getByLabel('Board').selectOption('9');
  await page.getByLabel('Clock').selectOption({ label: '5 minutes' });
  await page.getByRole('button', { name: 'Start' }).click();
  const clocks = page.locator('.player .clock');
  await expect(clocks).toHaveText(['5:00', '5:00']);

  // Neither clock runs before its side's first move.
  await context.clock.runFor(20_000);
  await expect(clocks).toHaveText(['5:00', '5:00']);
  await tapTwice(page, 'E5');
  await context.clock.runFor(20_000);
  await expect(clocks).toHaveText(['5:00', '5:00']);
  await tapTwice(page, 'D4');
  // Now Black's runs.
  await context.clock.runFor(10_000);
  await expect(clocks).toHaveText(['4:50', '5:00']);

  // The tab is closed; the player comes back ten minutes later.
  await page.close();
  await context.clock.fastForward('10:00');
  const back = await context.newPage();
  await openApp(back);
  await back.getByRole('button', { name: /^Continue game/ }).click();
  const again = back.locator('.player .clock');
  await expect(again).toHaveCount(2);
  await expect(back.getByRole('status')).toHaveText('Player 1 (Black) to move.');
  const seconds = async (i: number) => {
    const [m, s] = ((await again.nth(i).textContent()) ?? '').split(':').map(Number);
    return m! * 60 + s!;
  };
  // Within a few seconds of the 4:50 left when the tab closed (a heartbeat is written every 2 s).
  expect(await seconds(0)).toBeGreaterThanOrEqual(287);
  expect(await seconds(0)).toBeLessThanOrEqual(290);
  expect(await seconds(1)).toBe(300);
  await context.clock.runFor(5_000);
  expect(await seconds(0)).toBeLessThanOrEqual(285);
  await expect(back.getByRole('status')).toHaveText('Player 1 (Black) to move.');
});

/** IndexedDB refuses every write while localStorage's 'e2e-storage-full' is '1', as a full disk does. */
const FILL_STORAGE = () => {
  const full = () => localStorage.getItem('e2e-storage-full') === '1';
  for (const name of ['put', 'add'] as const) {
    const original = IDBObjectStore.prototype[name];
    IDBObjectStore.prototype[name] = function (this: IDBObjectStore, ...args: Parameters<typeof original>) {
      if (full()) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return original.apply(this, args);
    };
  }
};

test('storage full: moves and a new game are kept, not dropped, and saved once there is room', async ({ page }) => {
  await page.addInitScript(FILL_STORAGE);
  const setFull = (full: boolean) =>
    page.evaluate((f) => localStorage.setItem('e2e-storage-full', f ? '1' : '0'), full);
  await openApp(page);
  await newGame(page, { white: 'Guest' });
  await tapTwice(page, 'E5');
  const [first] = await storedGames(page);
  expect(first!.moves).toEqual(['E5']);

  // Storage fills up: play goes on, and the player is told the moves are kept, not saved yet.
  await setFull(true);
  await tapTwice(page, 'F6');
  const warning = page.locator('.play .detail.warn');
  await expect(warning).toContainText('Not saved yet: your moves are kept and saved later.');
  await expect(
    page.getByText('Could not save the game: The browser has no more storage space for Pente.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Back to the menu' }).click();
  await expect(page.getByRole('button', { name: /^Continue game/ })).toBeVisible();
  await expect(page.getByText('Move 2: Player 1 (Black) to move')).toBeVisible();
  await expect(page.getByText(/A game is not saved yet/)).toBeVisible();

  // A new game started while storage is full is kept too.
  await newGame(page, { white: 'Guest' });
  await tapTwice(page, 'E5');
  await tapTwice(page, 'D4');
  await expect(warning).toContainText(/Not saved yet/);
  // A setting that cannot be saved says so.
  await page.getByRole('button', { name: 'Back to the menu' }).click();
  await expect(page.getByText(/2 games are not saved yet/)).toBeVisible();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.getByText(/Your settings could not be saved/)).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();

  // A reload while storage is still full loses nothing: the kept games are offered and open.
  await page.reload();
  await expect(page.getByRole('button', { name: /^Continue game/ })).toBeVisible();
  await expect(page.getByText(/2 games are not saved yet/)).toBeVisible();
  await page.getByRole('button', { name: /^Continue game/ }).click();
  await expect(page.locator('main.play')).toHaveAttribute('data-ply', '2');
  await expect(cell(page, 'D4')).toHaveAccessibleName('D4, white stone');
  await expect(warning).toContainText(/Not saved yet/);
  expect(await storedGames(page)).toHaveLength(1);

  // Room again: Retry saves the game on screen, and the one kept from before is saved too.
  await setFull(false);
  await warning.getByRole('button', { name: 'Retry' }).click();
  await expect(warning).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to the menu' }).click();
  const banner = page.getByText(/A game is not saved yet/);
  if (await banner.isVisible()) await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText(/not saved yet/)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('button', { name: 'New game' }).first()).toBeVisible();
  const games = await storedGames(page);
  expect(games.map((g) => g.moves)).toEqual([
    ['E5', 'F6'],
    ['E5', 'D4'],
  ]);
  expect(games[0]!.id).toBe(first!.id);
  await expect(page.getByText(/not saved yet/)).toHaveCount(0);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('pente.unsaved')))).toEqual([]);
});

test('storage full and nowhere to keep the moves: leaving asks first, and Retry saves them once there is room', async ({
  page,
}) => {
  await page.addInitScript(FILL_STORAGE);
  // localStorage refuses the unsaved-games journal too.
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (key.startsWith('pente.unsaved') && this.getItem('e2e-storage-full') === '1') {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      setItem.call(this, key, value);
    };
  });
  await openApp(page);
  await newGame(page, { white: 'Guest' });
  await tapTwice(page, 'E5');
  await page.evaluate(() => localStorage.setItem('e2e-storage-full', '1'));
  await tapTwice(page, 'F6');
  const warning = page.locator('.play .detail.warn');
  await expect(warning).toContainText('Not saved: leaving now would lose your last moves.');

  const dialog = page.getByRole('dialog', { name: 'Your last moves are not saved' });
  await page.getByRole('button', { name: 'Back to the menu' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('main.play')).toHaveAttribute('data-ply', '2');
  await expect(warning).toContainText(/would lose your last moves/);

  // Room again: Retry in the dialog saves, and then leaving asks nothing. The session also retries by itself
  // every 5 s (RETRY_SAVE_MS), so on a busy machine that retry may land before the tap: then leaving asks
  // nothing at once. Either way the moves are saved once.
  await page.evaluate(() => localStorage.setItem('e2e-storage-full', '0'));
  await page.getByRole('button', { name: 'Back to the menu' }).click();
  const home = page.getByRole('button', { name: /^Continue game/ });
  await expect(dialog.or(home)).toBeVisible();
  if (await dialog.isVisible()) {
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await expect(warning).toHaveCount(0);
    await page.getByRole('button', { name: 'Back to the menu' }).click();
  }
  await expect(home).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect((await storedGames(page)).map((g) => g.moves)).toEqual([['E5', 'F6']]);
});

test('storage full: a puzzle answer is counted, kept through a reload, and saved once there is room', async ({
  page,
}) => {
  await page.addInitScript(FILL_STORAGE);
  await openApp(page);
  const read = decodePuzzlePack(await (await page.request.get('/puzzles.json')).text());
  if (!read.ok) throw new Error(read.error.message);
  await page.getByRole('button', { name: 'Puzzles' }).click();
  const screen = page.locator('main.puzzles');
  await expect(screen).toHaveAttribute('data-puzzle', /.+/);
  const id = await screen.getAttribute('data-puzzle');
  const shown = read.value.puzzles.find((p) => p.id === id)!;
  const history = page.getByRole('heading', { name: /History/ });

  // Storage fills up; the player solves the puzzle (the stored line, each move answered by its defence).
  await page.evaluate(() => localStorage.setItem('e2e-storage-full', '1'));
  const size = shown.rules.size;
  for (const p of shown.solution.filter((_, i) => i % 2 === 0)) {
    const name = formatPoint(size, p);
    await tapPoint(page, name);
    await expect(cell(page, name)).toHaveAccessibleName(new RegExp(`^${name}, empty, preview`));
    await page.getByRole('button', { name: 'Confirm' }).click();
  }
  await expect(screen).toHaveAttribute('data-phase', 'solved');
  await expect(page.getByText(/This answer is counted here and will be saved when there is room/)).toBeVisible();
  await expect(history).toContainText('1 solved');
  expect(await readValue(page, 'settings', 'puzzleProgress')).toBeUndefined();

  // A reload still counts it (kept in localStorage), though storage is still full.
  await page.reload();
  await expect(screen).toHaveAttribute('data-puzzle', /.+/);
  await expect(history).toContainText('1 solved');
  expect(await readValue(page, 'settings', 'puzzleProgress')).toBeUndefined();

  // Room again: the retry saves it, once.
  await page.evaluate(() => localStorage.setItem('e2e-storage-full', '0'));
  await expect
    .poll(() => readValue(page, 'settings', 'puzzleProgress'), { timeout: 30_000 })
    .toMatchObject({ solved: 1, failed: 0, history: [{ id, solved: true }] });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pente.pending-puzzle-answers'))).toBeNull();
  await page.reload();
  await expect(history).toContainText('1 solved');
});
