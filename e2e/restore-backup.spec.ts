/**
 * Issue 28's import items in the browser: a backup restored onto a live friend game keeps one copy and the
 * friend's next link still plays (item 1), and a gzip bomb is stopped at the size limit with the page
 * responsive all along (item 4). The figures (the longest task, the longest gap between timer ticks, the
 * time to the message) are printed for the issue's closing note.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import { type Page, type TestInfo, expect, test } from '@playwright/test';
import { newPlayer, place, sendSheet } from './friend-helpers';
import { storedGameRecords } from './helpers';

const FIVE_GAMES = readFileSync(fileURLToPath(new URL('fixtures/pente-org-games.pgn', import.meta.url)));

/** Sends the game with Send, which copies the link in one tap; returns what the clipboard holds. */
async function copyLink(page: Page): Promise<string> {
  await expect(sendSheet(page)).toHaveCount(0);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.getByRole('button', { name: /^Send (your move|invite|the result)$/ }).click();
  await expect(page.getByText(/^Copied\./).first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('#/g/');
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The friend games stored, straight from IndexedDB: their ids and moves. */
async function storedFriendGames(page: Page): Promise<{ id: string; moves: string[] }[]> {
  const games = await storedGameRecords<{ id: string; moves: string[]; friend?: unknown }>(page);
  return games.filter((g) => g.friend).map(({ id, moves }) => ({ id, moves }));
}

test('a backup restored onto a live friend game keeps one copy, and the friend’s next link plays', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ann = await newPlayer(browser);
  const bob = await newPlayer(browser);
  const [a, b] = [ann.page, bob.page];
  try {
    await a.goto('/');
    await a.getByRole('button', { name: 'Play a friend' }).click();
    await a.getByLabel('Your name').fill('Ann');
    await a.getByLabel('Black (moves first)').check();
    await a.getByLabel('Board').selectOption('19');
    await a.getByRole('button', { name: 'Invite' }).click();
    // Moves 1 to 3: Ann (her first move goes with the invitation), Bob, Ann. Ann's copy now waits for Bob.
    await place(a, 'K10');
    await b.goto(await copyLink(a));
    await b.getByLabel('Your name').fill('Bob');
    await b.getByRole('button', { name: 'Accept and play' }).click();
    await expect(b.getByText('You play White against Ann.').first()).toBeVisible();
    await place(b, 'A17');
    await a.goto(await copyLink(b));
    await place(a, 'C3');
    const third = await copyLink(a);

    // Ann exports everything at move 3.
    await a.goto('/');
    await a.getByRole('button', { name: 'Games', exact: true }).click();
    const download = a.waitForEvent('download');
    await a.getByRole('button', { name: 'Export everything' }).click();
    const backup = await (await download).path();

    // Play on to move 5: Bob's move 4, Ann's move 5.
    await b.goto(third);
    await place(b, 'C17');
    await a.goto(await copyLink(b));
    await place(a, 'D3');
    const fifth = await copyLink(a);
    const before = await storedFriendGames(a);
    expect(before).toHaveLength(1);

    // Ann imports the backup on the same device: nothing is added beside the live game.
    await a.goto('/');
    await a.getByRole('button', { name: 'Games', exact: true }).click();
    await a.getByLabel('Import a file').setInputFiles(backup);
    const report = a.getByRole('status', { name: 'Import report' });
    await expect(report).toContainText('1 game was already in your games');
    expect(await storedFriendGames(a)).toEqual(before);
    expect(before[0]!.moves).toHaveLength(5);
    await a.goto('/');
    await expect(a.getByRole('button', { name: /Bob · Waiting for Bob/ })).toHaveCount(1);

    // Bob's next move reaches the one copy and is accepted.
    await b.goto(fifth);
    await place(b, 'E17');
    await a.goto(await copyLink(b));
    await expect(a.getByText(/Bob played E17: your turn\./)).toBeVisible();
    await expect(a.locator('main.play')).toHaveAttribute('data-ply', '6');
  } finally {
    await ann.context.close();
    await bob.context.close();
  }
});

/** gzip of `total` bytes made of `piece` repeated, built as a stream (the bomb is never whole in memory). */
function gzipOfRepeats(piece: Buffer, total: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const gzip = createGzip({ level: 9 });
    const out: Buffer[] = [];
    gzip.on('data', (c: Buffer) => out.push(c));
    gzip.on('end', () => resolve(Buffer.concat(out)));
    gzip.on('error', reject);
    const block = Buffer.alloc(Math.ceil((1 << 20) / piece.length) * piece.length);
    for (let at = 0; at < block.length; at += piece.length) piece.copy(block, at);
    let written = 0;
    const write = () => {
      while (written < total) {
        written += block.length;
        if (!gzip.write(block)) return void gzip.once('drain', write);
      }
      gzip.end();
    };
    write();
  });
}

/**
 * The file written to disk, as the player's file is: given as a buffer, Playwright builds the File inside
 * the page (decoding its base64 there), a task of its own of up to seconds that the import is not.
 */
function onDisk(file: Buffer, testInfo: TestInfo): string {
  const at = testInfo.outputPath('bomb.pgn.gz');
  writeFileSync(at, file);
  return at;
}

/** Starts counting the page's long tasks and the longest gap between 10 ms timer ticks. */
async function watchResponsiveness(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[]; maxGap: number };
    w.longTasks = [];
    w.maxGap = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push(e.duration);
    }).observe({ type: 'longtask' });
    let last = performance.now();
    setInterval(() => {
      const now = performance.now();
      w.maxGap = Math.max(w.maxGap, now - last);
      last = now;
    }, 10);
  });
}

const responsiveness = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { longTasks: number[]; maxGap: number };
    return {
      longest: Math.round(Math.max(0, ...w.longTasks)),
      total: Math.round(w.longTasks.reduce((s, d) => s + d, 0)),
      maxGap: Math.round(w.maxGap),
    };
  });

for (const bomb of [
  { name: '1 GiB of zeros', piece: Buffer.alloc(1), total: 1 << 30 },
  { name: '200 MB of valid pente.org records', piece: FIVE_GAMES, total: 200 << 20 },
]) {
  test(`a .gz of ${bomb.name} stops at the size limit, says so, and leaves the page responsive`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const file = await gzipOfRepeats(bomb.piece, bomb.total);
    await page.goto('/');
    await page.getByRole('button', { name: 'Games', exact: true }).click();
    await expect(page.getByText('No games here yet.')).toBeVisible();
    await watchResponsiveness(page);
    const started = Date.now();
    await page.getByLabel('Import a file').setInputFiles(onDisk(file, testInfo));
    // A tap on a tab is handled while the file is read.
    await page.getByRole('tab', { name: 'Finished', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'Finished', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(/expands to more than 128 MB/)).toBeVisible({ timeout: 60_000 });
    const seconds = (Date.now() - started) / 1000;
    const figures = await responsiveness(page);
    console.log(
      `gzip bomb (${bomb.name}, ${(file.length / 1e6).toFixed(2)} MB .gz): message after ${seconds.toFixed(1)} s; ` +
        `longest task ${figures.longest} ms, long tasks ${figures.total} ms in all, longest timer gap ${figures.maxGap} ms`,
    );
    await expect(page.getByText(/empty|could not be decompressed/)).toHaveCount(0);
    // Before the bound, one task froze the page for 6.3 s (the run). The house target is 50 ms; on
    // the shared 2-core machine at a load of 20, even a 5-game import shows 236 ms tasks, so this bound only
    // catches a freeze that grows with the bomb.
    expect(figures.longest).toBeLessThan(3_000);
    expect(await page.evaluate(() => document.querySelectorAll('ul.games li').length)).toBe(0);
  });
}

// Files under the limit that hold no game: the whole text reaches the import, and is refused with the page
// responsive all along (before: the text joined into one string on the page, then scanned in one step).
for (const bomb of [
  { name: '120 MB of blank lines', piece: Buffer.from('\n'), says: /The file is empty/ },
  { name: '120 MB of stray text', piece: Buffer.from('not a record at all\n'), says: /No pente\.org game record/ },
  { name: '120 MB of one line', piece: Buffer.from('x'), says: /No pente\.org game record/ },
]) {
  test(`a .gz of ${bomb.name}, under the limit, is refused with the page responsive`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const file = await gzipOfRepeats(bomb.piece, 120 << 20);
    await page.goto('/');
    await page.getByRole('button', { name: 'Games', exact: true }).click();
    await expect(page.getByText('No games here yet.')).toBeVisible();
    await watchResponsiveness(page);
    const started = Date.now();
    await page.getByLabel('Import a file').setInputFiles(onDisk(file, testInfo));
    await expect(page.getByText(bomb.says)).toBeVisible({ timeout: 90_000 });
    const seconds = (Date.now() - started) / 1000;
    const figures = await responsiveness(page);
    console.log(
      `accepted .gz (${bomb.name}, ${(file.length / 1e6).toFixed(2)} MB .gz): message after ${seconds.toFixed(1)} s; ` +
        `longest task ${figures.longest} ms, long tasks ${figures.total} ms in all, longest timer gap ${figures.maxGap} ms`,
    );
    expect(figures.longest).toBeLessThan(3_000);
  });
}
