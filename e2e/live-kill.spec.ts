/**
 * A move made while the relay is down, then the browser killed with SIGKILL 0–20 ms after the stone is
 * shown (issue 30, with the house rule: a move the player saw placed is never lost). Ann plays on a
 * persistent profile (e2e/hard-kill.ts), Bob in a browser context; both use a relay of the test's own
 * (e2e/relay-process.ts), stopped before each of Ann's moves so the move cannot leave the device. After
 * the kill the relay comes back and Ann's browser starts again on the same profile: the move must be in her
 * games and reach Bob's board by itself (the outbox kept with the save, sent at the next start), once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { type Launched, hardKill, launchPersistent } from './hard-kill';
import { cell, putValues, readValue, storedGameRecords } from './helpers';
import { startRelay, stopRelay } from './relay-process';

const RELAY_PORT = Number(process.env.LIVE_KILL_RELAY_PORT ?? 7483);
const RELAY = `ws://127.0.0.1:${RELAY_PORT}`;
const LOCAL_RELAY = process.env.VITE_LOCAL_RELAY;
/** Ann's moves while the relay is down, one kill after each. */
const ANN_MOVES = ['C3', 'C5', 'C7'];
const BOB_MOVES = ['A17', 'E17', 'G17'];

test.beforeEach(() => {
  // The local relay must come off the players' lists: it stays up when the test's own relay goes down.
  expect(
    LOCAL_RELAY,
    'this spec needs the e2e build: VITE_LOCAL_RELAY=ws://127.0.0.1:<RELAY_PORT> VITE_PUBLIC_RELAYS=off npx vite build, and the same variables for playwright',
  ).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
});

// The browser is started and killed by the test itself; Playwright's tracing cannot follow it there.
test.use({ trace: 'off', actionTimeout: 30_000 });

const ply = (page: Page) => page.locator('main.play');

/** Points the app at the test's relay alone (the database made first), and reloads. */
async function useTestRelay(page: Page, url: string) {
  await page.goto(url);
  await expect(page.getByRole('button', { name: 'Play a friend' })).toBeVisible();
  await putValues(page, 'settings', [{ key: 'relayEdits', value: { added: [RELAY], removed: [LOCAL_RELAY] } }]);
  await page.reload();
}

/** Ann's browser on her profile, the page allowed to reach the test's relay (the build's CSP admits only its own). */
/** The relay controllers' console lines of both players, printed when the test fails (LIVE_DEBUG: as they come). */
const liveLog: string[] = [];
function heard(who: string, text: string) {
  if (!text.startsWith('live: ')) return;
  liveLog.push(`[${who}] ${text}`);
  if (process.env.LIVE_DEBUG) console.log(`[${who}] ${text}`);
}

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from the first argument's pattern
test.afterEach(({}, info) => {
  if (info.status !== info.expectedStatus) console.log(liveLog.join('\n'));
});

async function launchAnn(profile: string): Promise<Launched> {
  const ann = await launchPersistent(profile, { onConsole: (text) => heard('ann', text) });
  const cdp = await ann.page.context().newCDPSession(ann.page);
  await cdp.send('Page.setBypassCSP', { enabled: true });
  await ann.browser.contexts()[0]!.grantPermissions(['clipboard-read', 'clipboard-write']);
  return ann;
}

async function place(page: Page, point: string) {
  const before = Number(await ply(page).getAttribute('data-ply'));
  await cell(page, point).click();
  await expect(cell(page, point)).toHaveAccessibleName(new RegExp(`^${point}, [^,]+, `));
  await cell(page, point).click();
  await expect(ply(page)).toHaveAttribute('data-ply', String(before + 1));
}

type StoredGame = { moves: string[]; friend?: { gameId: string } };

test('a move made with the relay down, then a SIGKILL 0–20 ms after it showed, reaches the friend once the app starts again', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(join(tmpdir(), 'live-kill-'));
  const profile = join(dir, 'ann');
  let relay = await startRelay(RELAY_PORT, join(dir, 'relay.db'));
  let ann = await launchAnn(profile);
  const bobContext = await browser.newContext({ viewport: { width: 820, height: 1180 }, bypassCSP: true });
  const bob = await bobContext.newPage();
  bob.on('console', (m) => heard('bob', m.text()));
  try {
    await useTestRelay(ann.page, baseURL!);
    await useTestRelay(bob, baseURL!);

    // Ann invites, playing Black, and sends her first move as the invitation (a signed link).
    await ann.page.getByRole('button', { name: 'Play a friend' }).click();
    await ann.page.getByLabel('Your name').fill('Ann');
    await ann.page.getByLabel('Black (moves first)').check();
    await ann.page.getByLabel('Board').selectOption('19');
    await ann.page.getByRole('button', { name: 'Invite' }).click();
    await expect(ply(ann.page)).toBeVisible();
    await place(ann.page, 'K10');
    await ann.page.evaluate(() => navigator.clipboard.writeText(''));
    await ann.page.getByRole('button', { name: /^(Send your move|Send invite)$/ }).click();
    await expect.poll(() => ann.page.evaluate(() => navigator.clipboard.readText())).toContain('#/g/');
    const link = await ann.page.evaluate(() => navigator.clipboard.readText());
    await bob.goto(link);
    await bob.getByLabel('Your name').fill('Bob');
    await bob.getByRole('button', { name: 'Accept and play' }).click();
    await expect(ply(bob)).toHaveAttribute('data-ply', '1');

    if (process.env.LIVE_DEBUG)
      for (const [who, page] of [
        ['ann', ann.page],
        ['bob', bob],
      ] as const)
        console.log(
          who,
          JSON.stringify((await storedGameRecords<{ friend?: unknown }>(page)).find((g) => g.friend)?.friend),
        );
    let moves = 1;
    for (const [i, annMove] of ANN_MOVES.entries()) {
      // Bob's move arrives by itself (live), then the relay goes down and Ann moves.
      await place(bob, BOB_MOVES[i]!);
      moves++;
      await expect(ply(ann.page)).toHaveAttribute('data-ply', String(moves), { timeout: 30_000 });
      await stopRelay(relay);
      if (process.env.LIVE_DEBUG) console.log(`relay stopped ${Date.now()}`);
      await place(ann.page, annMove);
      moves++;
      await new Promise((r) => setTimeout(r, Math.random() * 20));
      await hardKill(ann);
      // The move could not have left Ann's device: Bob has not got it.
      expect(await ply(bob).getAttribute('data-ply')).toBe(String(moves - 1));

      // The relay back, Ann's browser started again on her profile: her move reaches Bob by itself.
      relay = await startRelay(RELAY_PORT, join(dir, 'relay.db'));
      ann = await launchAnn(profile);
      await ann.page.goto(baseURL!, { timeout: 30_000 });
      await expect(ply(bob))
        .toHaveAttribute('data-ply', String(moves), { timeout: 60_000 })
        .catch(async (e: unknown) => {
          const annGame = (await storedGameRecords<StoredGame>(ann.page)).find((g) => g.friend);
          const outbox = await readValue(ann.page, 'settings', 'liveOutbox');
          console.log(
            `run ${i}: Ann's moves ${annGame?.moves.join(' ')}; outbox ${JSON.stringify(outbox).slice(0, 600)}`,
          );
          throw e;
        });
      await expect(cell(bob, annMove)).toHaveAccessibleName(`${annMove}, black stone`);
      const resume = ann.page.getByRole('button', { name: /^Continue game/ });
      await expect(resume, `run ${i}: Home offers the game`).toBeVisible({ timeout: 30_000 });
      await resume.click();
      await expect(ply(ann.page)).toHaveAttribute('data-ply', String(moves));
    }
    // One game on each side, the same moves, nothing doubled.
    const annGames = (await storedGameRecords<StoredGame>(ann.page)).filter((g) => g.friend);
    const bobGames = (await storedGameRecords<StoredGame>(bob)).filter((g) => g.friend);
    expect(annGames).toHaveLength(1);
    expect(bobGames).toHaveLength(1);
    expect(annGames[0]!.moves).toEqual(bobGames[0]!.moves);
    expect(annGames[0]!.moves).toHaveLength(moves);
    console.log(
      `live kill: ${ANN_MOVES.length} kills 0–20 ms after a move shown with the relay down; 0 lost, 0 doubled`,
    );
  } finally {
    // Not a browser already killed (its exit was awaited then: awaiting it again would wait for ever).
    if (ann.process.exitCode === null && ann.process.signalCode === null) await hardKill(ann);
    await stopRelay(relay);
    await bobContext.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
