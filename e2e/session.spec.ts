/**
 * The play session's lifetime and ownership: leaving a game ends its session (the computer stops, the
 * game stays saved), every way back in opens the newest record, and two tabs on one game stay in step.
 */
import { type Page, expect, test } from '@playwright/test';
import {
  ENGINE_WORKER_SCRIPT,
  THINK_LOG,
  boardLabels,
  cell,
  countThinks,
  newGame,
  openApp,
  tapTwice,
  wrapEngineWorker,
} from './helpers';

/** The moves of the newest saved game, read straight from IndexedDB. */
async function savedMoves(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('pente');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('games').objectStore('games').getAll();
          get.onsuccess = () => {
            const games = (get.result as { moves: string[]; createdAt: number }[]).sort(
              (a, b) => b.createdAt - a.createdAt,
            );
            open.result.close();
            resolve(games[0]?.moves ?? []);
          };
        };
      }),
  );
}

/** Counts the notices that say a game was changed elsewhere, from the moment this is called. */
async function countConflictNotices(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as { conflictNotices?: number };
    w.conflictNotices = 0;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.addedNodes) if (/another tab/.test(n.textContent ?? '')) w.conflictNotices!++;
    }).observe(document.body, { subtree: true, childList: true });
  });
}

const shownPly = async (page: Page) => Number(await page.locator('main.play').getAttribute('data-ply'));

test('Back, then Games, then Continue while the computer thinks: every move saved, no conflict', async ({ page }) => {
  test.setTimeout(120_000);
  await openApp(page);
  await countConflictNotices(page);
  await newGame(page, { white: 'Casual (computer)' });
  // Four moves: White has at most four stones when the loop comes back through the Unfinished list, so the
  // game cannot have ended (with a fifth, a computer that played five in a row past Black's corner moves
  // won at ply 10 under load, and the game was rightly listed as finished: no Continue to tap).
  const blackMoves = ['E5', 'A1', 'J9', 'A9'];
  for (const [i, move] of blackMoves.entries()) {
    await expect(page.getByRole('status')).toHaveText(/Player 1 \(Black\) to move/, { timeout: 20_000 });
    const free = (await boardLabels(page)).some((l) => l === `${move}, empty`);
    const target = free ? move : (await boardLabels(page)).find((l) => l.endsWith(', empty') && !l.startsWith('E'))!;
    const name = target.split(',')[0]!;
    await tapTwice(page, name);
    expect(await shownPly(page)).toBeGreaterThanOrEqual(2 * i + 1);
    // Leave at once, while the computer is thinking, and come back through the Games list.
    await page.getByRole('button', { name: 'Back to the menu' }).click();
    await page.getByRole('button', { name: 'Games' }).click();
    await page.waitForTimeout(2000 + 250 * i);
    await page.getByRole('button', { name: 'Continue' }).first().click();
    await expect(page.getByRole('grid')).toBeVisible();
    expect(await shownPly(page)).toBeGreaterThanOrEqual(2 * i + 1);
  }
  await expect(page.getByRole('status')).toHaveText(/Player 1 \(Black\) to move|wins/, { timeout: 20_000 });
  const ply = await shownPly(page);
  expect(ply).toBeGreaterThanOrEqual(blackMoves.length * 2 - 1);
  expect((await savedMoves(page)).length).toBe(ply);
  expect(await page.evaluate(() => (window as { conflictNotices?: number }).conflictNotices)).toBe(0);
});

test('two tabs on one game: the other tab follows each move, and a race loses nothing', async ({ context }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await openApp(a);
  await newGame(a, { white: 'Guest' });
  await tapTwice(a, 'E5');
  await expect(cell(a, 'E5')).toHaveAccessibleName('E5, black stone');
  await openApp(b);
  await b.getByRole('button', { name: /^Continue game/ }).click();
  await expect(cell(b, 'E5')).toHaveAccessibleName('E5, black stone');

  // A move in one tab appears in the other, which says why its board changed.
  await tapTwice(a, 'F6');
  await expect(cell(b, 'F6')).toHaveAccessibleName('F6, white stone');
  await expect(b.getByText(/changed in another tab/)).toBeVisible();
  await tapTwice(b, 'A9');
  await expect(cell(a, 'A9')).toHaveAccessibleName('A9, black stone');

  // Both tabs play White's move at the same moment: one save wins, the other tab shows it and says so.
  await cell(a, 'J1').click();
  await cell(b, 'A1').click();
  await Promise.all([cell(a, 'J1').click(), cell(b, 'A1').click()]);
  await expect.poll(async () => (await savedMoves(a)).length).toBe(4);
  const saved = await savedMoves(a);
  expect(['J1', 'A1']).toContain(saved[3]);
  const winner = saved[3]!;
  await expect(cell(a, winner)).toHaveAccessibleName(`${winner}, white stone`);
  await expect(cell(b, winner)).toHaveAccessibleName(`${winner}, white stone`);
  // (A tap that reached a tab after its board changed is a first tap there: at most a preview.)
  const stones = async (tab: Page) => (await boardLabels(tab)).filter((l) => l.endsWith(' stone'));
  expect(await stones(a)).toEqual(await stones(b));
  // Neither tab became a demo, and both go on playing and saving.
  for (const tab of [a, b]) {
    await expect(tab.getByText(/Demo/)).toHaveCount(0);
    await expect(tab.getByRole('button', { name: 'Undo' })).toBeVisible();
  }
  await tapTwice(b, 'C3');
  await expect(cell(a, 'C3')).toHaveAccessibleName('C3, black stone');
  expect(await savedMoves(b)).toEqual([...saved, 'C3']);
});

test.describe('an engine worker that cannot start', () => {
  // The worker script is answered by the page's routes only while no service worker serves it.
  test.use({ serviceWorkers: 'block' });

  const failures = [
    { what: 'answers 404', answer: { status: 404, body: 'Not found' } },
    {
      what: 'throws at load',
      answer: { status: 200, contentType: 'text/javascript', body: 'throw new Error("broken build");' },
    },
  ];
  for (const { what, answer } of failures) {
    test(`its script ${what}: the player is told, with Retry, and after Retry with the script back the computer moves`, async ({
      page,
      context,
    }) => {
      await context.route(ENGINE_WORKER_SCRIPT, (route) => route.fulfill(answer));
      await openApp(page);
      await newGame(page, { white: 'Beginner (computer)' });
      await tapTwice(page, 'E5');
      const started = Date.now();
      await expect(page.getByText('The computer could not start.')).toBeVisible({ timeout: 10_000 });
      expect(Date.now() - started).toBeLessThan(10_000);
      await expect(page.getByText('Thinking…')).toHaveCount(0);
      await context.unroute(ENGINE_WORKER_SCRIPT);
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByRole('status')).toHaveText(/Player 1 \(Black\) to move/, { timeout: 20_000 });
      await expect(page.getByRole('gridcell', { name: /white stone$/ })).toHaveCount(1);
      expect(await savedMoves(page)).toHaveLength(2);
    });
  }
});

test.describe('an engine worker that hangs mid-search', () => {
  // The worker script is answered by the page's routes only while no service worker serves it.
  test.use({ serviceWorkers: 'block' });

  test('the player is told, with Retry, within 10 s of the hang; Retry restarts it and the computer moves', async ({
    page,
    context,
  }) => {
    await wrapEngineWorker(context, { hangs: (n) => n === 0 });
    await openApp(page);
    // The strongest level thinks longest (3 s): the answer is due then, and the hang is told 3 s later.
    await newGame(page, { white: 'Master (computer)' });
    const thinkArrives = page.waitForEvent('console', { predicate: (m) => m.text() === THINK_LOG });
    await tapTwice(page, 'E5');
    await thinkArrives;
    const hungAt = Date.now();
    const problem = page.getByRole('alert').filter({ hasText: 'The computer stopped responding.' });
    await expect(problem).toBeVisible({ timeout: 15_000 });
    expect(Date.now() - hungAt).toBeLessThan(10_000);
    await expect(page.getByText('Thinking…')).toHaveCount(0);
    await problem.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('status')).toHaveText(/Player 1 \(Black\) to move/, { timeout: 20_000 });
    await expect(page.getByRole('gridcell', { name: /white stone$/ })).toHaveCount(1);
    await expect(problem).toHaveCount(0);
    expect(await savedMoves(page)).toHaveLength(2);
  });
});

test.describe('one game against the computer in two tabs', () => {
  // The worker script is wrapped (to count what reaches the engine) only while no service worker serves it.
  test.use({ serviceWorkers: 'block' });

  /** The first of `points` that is empty in `tab`'s position. */
  const emptyOf = async (tab: Page, points: readonly string[]) => {
    const labels = await boardLabels(tab);
    return points.find((p) => labels.includes(`${p}, empty`))!;
  };
  const ply = (tab: Page) => tab.locator('main.play');

  test('the engine is asked once per computer move; when the thinking tab closes the other takes over', async ({
    context,
  }) => {
    test.setTimeout(90_000);
    const gate = await wrapEngineWorker(context, { gate: true });
    const a = await context.newPage();
    const b = await context.newPage();
    const thinks = new Map([
      [a, countThinks(a)],
      [b, countThinks(b)],
    ]);
    const total = () => thinks.get(a)!() + thinks.get(b)!();
    await openApp(a);
    await newGame(a, { white: 'Master (computer)' });
    await tapTwice(a, 'E5');
    await expect(ply(a)).toHaveAttribute('data-ply', '2', { timeout: 20_000 });
    // A worker's console line reaches the test on its own path, maybe after the move is drawn: wait for it.
    await expect.poll(total).toBe(1);
    await b.goto(a.url()); // the game's own URL, in a second tab
    await expect(ply(b)).toHaveAttribute('data-ply', '2');

    // A move in each tab: the computer answers each once, and both tabs show its answer.
    for (const [tab, wanted] of [
      [b, 4],
      [a, 6],
    ] as const) {
      await tapTwice(tab, await emptyOf(tab, ['A1', 'J9', 'A9', 'J1', 'C3', 'G7']));
      for (const t of [a, b]) await expect(ply(t)).toHaveAttribute('data-ply', String(wanted), { timeout: 20_000 });
      await expect.poll(total).toBe(wanted / 2);
    }

    // The next move: whichever tab thinks is closed while it thinks, and the other takes over.
    const thinkIn = (tab: Page) =>
      tab.waitForEvent('console', { predicate: (m) => m.text() === THINK_LOG, timeout: 20_000 }).then(() => tab);
    // Its search is held at the gate until that tab has closed, however late the test hears of it.
    const thinking = Promise.race([thinkIn(a), thinkIn(b)]);
    gate.hold();
    await tapTwice(b, await emptyOf(b, ['A1', 'J9', 'A9', 'J1', 'C3', 'G7']));
    const thinker = await thinking;
    const other = thinker === a ? b : a;
    const before = thinks.get(other)!();
    await thinker.close();
    gate.release();
    await expect(ply(other)).toHaveAttribute('data-ply', '8', { timeout: 20_000 });
    await expect.poll(() => thinks.get(other)!()).toBe(before + 1);
    await expect.poll(total).toBe(5); // four computer moves, the last asked again after its tab closed
    const saved = await savedMoves(other);
    expect(saved).toHaveLength(8);
    expect(new Set(saved).size).toBe(8);
    await expect(other.getByRole('status')).toHaveText(/Player 1 \(Black\) to move|wins/);
  });
});

test('a reload does not give back the time used on the current turn', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByLabel('White').selectOption({ label: 'Guest' });
  await page.getByLabel('Board').selectOption('9');
  await page.getByLabel('Clock').selectOption({ label: '5 minutes' });
  await page.getByRole('button', { name: 'Start' }).click();
  // Each side's first move is free of the clock; from Black's second turn on, Black's clock runs.
  await tapTwice(page, 'E5');
  await tapTwice(page, 'D4');
  const blackClock = page.locator('.player').nth(0).locator('.clock');
  const seconds = async () => {
    const [m, sec] = ((await blackClock.textContent()) ?? '').split(':').map(Number);
    return m! * 60 + sec!;
  };
  // Black's clock runs: wait until it has used at least 3 s, then reload.
  await expect.poll(seconds, { timeout: 15_000 }).toBeLessThanOrEqual(297);
  const before = await seconds();
  // A reload keeps the play screen (#/play/<id>) and reopens the game from storage.
  await page.reload();
  await expect(blackClock).toBeVisible();
  expect(await seconds()).toBeLessThanOrEqual(before);
  await expect(page.locator('.player').nth(1).locator('.clock')).toHaveText('5:00');
});
