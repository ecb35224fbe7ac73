/**
 * Navigation like a native app's: every screen has a URL and a place in history, Back (page.goBack, as
 * Android's Back) returns to the previous screen and never leaves the app from a sub-screen, a reload keeps
 * the screen; in-app dialogs for resign and delete; one notice at a time; a dismissible install offer; the
 * screen kept awake during games that run by themselves.
 */
import { type Page, expect, test } from '@playwright/test';
import { layoutProblems } from './layout-checks';
import { cell, lookAt, newGame, openApp, tapTwice } from './helpers';

const ORIGIN = /^http:\/\/127\.0\.0\.1:\d+\//;

/** The sub-screens reached from Home's menu: the button, the screen's title and its hash. */
const SCREENS = [
  { button: 'New game', title: 'New game', hash: '#/new' },
  { button: 'Watch the computer (demo)', title: 'Demo: the computer plays itself', hash: '#/demo' },
  { button: 'Games', title: 'Games', hash: '#/games' },
  { button: 'Players', title: 'Players', hash: '#/players' },
  { button: 'Settings', title: 'Settings', hash: '#/settings' },
  { button: 'Rules and help', title: 'Rules and help', hash: '#/rules' },
  { button: 'Puzzles', title: 'Puzzles', hash: '#/puzzles' },
  { button: 'About', title: 'About', hash: '#/about' },
] as const;

const title = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

async function expectHome(page: Page): Promise<void> {
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  expect(page.url()).toMatch(ORIGIN);
  expect(new URL(page.url()).hash).toBe('#/');
}

/** The id of the game on the play screen, from its URL. */
const gameIdOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash.replace('#/play/', ''));

test('Back from every screen returns to Home, and Back never leaves the app from a sub-screen', async ({ page }) => {
  await openApp(page);
  await expectHome(page);
  for (const s of SCREENS) {
    await page.getByRole('button', { name: s.button, exact: true }).click();
    await expect(title(page, s.title)).toBeVisible();
    expect(new URL(page.url()).hash).toBe(s.hash);
    await page.goBack();
    await expectHome(page);
  }
  // The header's Back is the same step back in history: Forward then returns to the screen.
  await page.getByRole('button', { name: 'Rules and help' }).click();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expectHome(page);
  await page.goForward();
  await expect(title(page, 'Rules and help')).toBeVisible();
});

test('a cold start at a deep URL has Home under it: Back lands on Home, inside the app', async ({ page }) => {
  for (const s of SCREENS) {
    await page.goto(`/${s.hash}`);
    await expect(title(page, s.title)).toBeVisible();
    await page.goBack();
    await expectHome(page);
  }
});

test('a reload keeps every screen', async ({ page }) => {
  await openApp(page);
  for (const s of SCREENS) {
    await page.getByRole('button', { name: s.button, exact: true }).click();
    await expect(title(page, s.title)).toBeVisible();
    await page.reload();
    await expect(title(page, s.title)).toBeVisible();
    expect(new URL(page.url()).hash).toBe(s.hash);
    // The history under the screen survived the reload: Back is Home.
    await page.goBack();
    await expectHome(page);
  }
});

test('from play, Back returns where the player came from, and the game stays saved', async ({ page }) => {
  await openApp(page);
  // From Home through the new-game form: the form is not in between (Back from the game is Home).
  await newGame(page, { white: 'Guest' });
  expect(new URL(page.url()).hash).toMatch(/^#\/play\/.+/);
  await tapTwice(page, 'E5');
  await expect(cell(page, 'E5')).toHaveAccessibleName('E5, black stone');
  await page.goBack();
  await expectHome(page);
  // Continue shows it: saved, and the session ended cleanly.
  await page.getByRole('button', { name: /^Continue game/ }).click();
  await expect(cell(page, 'E5')).toHaveAccessibleName('E5, black stone');
  await tapTwice(page, 'F6');
  await page.goBack();
  await expectHome(page);
  // From the Games list: Back returns to the list.
  await page.getByRole('button', { name: 'Games', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(cell(page, 'F6')).toHaveAccessibleName('F6, white stone');
  await page.goBack();
  await expect(title(page, 'Games')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeVisible();
  // The play screen's own button goes back to the menu, whatever came before.
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Back to the menu' }).click();
  await expectHome(page);
});

test('a reload on a game reopens it; a game that no longer exists falls back to Home with a notice', async ({
  page,
}) => {
  await openApp(page);
  await newGame(page, { white: 'Guest' });
  await tapTwice(page, 'E5');
  await expect(cell(page, 'E5')).toHaveAccessibleName('E5, black stone');
  const id = gameIdOf(page);
  await page.reload();
  await expect(cell(page, 'E5')).toHaveAccessibleName('E5, black stone');
  expect(gameIdOf(page)).toBe(id);
  await tapTwice(page, 'F6');
  await expect(cell(page, 'F6')).toHaveAccessibleName('F6, white stone');
  await page.goBack();
  await expectHome(page);

  // A deep link to a game, on a cold start.
  await page.goto('about:blank');
  await page.goto(`/#/play/${encodeURIComponent(id)}`);
  await expect(cell(page, 'F6')).toHaveAccessibleName('F6, white stone');
  await page.goBack();
  await expectHome(page);

  await page.goto('/#/play/no-such-game');
  await expectHome(page);
  await expect(page.getByText('That game is no longer saved here.')).toBeVisible();
});

test('resign asks in an in-app dialog: cancel and Escape keep playing, Resign resigns', async ({ page }, info) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await openApp(page);
  await newGame(page, { white: 'Guest' });
  await tapTwice(page, 'E5');
  const resign = page.getByRole('button', { name: 'Resign', exact: true });
  const dialog = page.getByRole('dialog', { name: 'Resign this game?' });

  await resign.click();
  await expect(dialog).toBeVisible();
  // The safe answer has the focus, and every button is a comfortable target.
  await expect(dialog.getByRole('button', { name: 'Keep playing' })).toBeFocused();
  for (const b of await dialog.getByRole('button').all()) {
    const box = (await b.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await lookAt(page, { path: info.outputPath(`resign-dialog-${scheme}.png`) });
  }
  await dialog.getByRole('button', { name: 'Keep playing' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(resign).toBeFocused(); // focus goes back to the opener
  await expect(page.getByRole('status')).toHaveText(/Guest \(White\) to move/);

  await resign.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText(/Guest \(White\) to move/);

  await resign.click();
  await dialog.getByRole('button', { name: 'Resign' }).click();
  await expect(page.getByRole('status')).toHaveText(/wins by resignation/);
});

test('Back with a sheet or dialog open closes it and stays on the screen; the next Back leaves', async ({ page }) => {
  await openApp(page);
  await newGame(page, { white: 'Guest' });
  await tapTwice(page, 'E5');
  const gameUrl = page.url();
  const share = page.getByRole('dialog', { name: 'Share this game' });
  const resign = page.getByRole('dialog', { name: 'Resign this game?' });
  const shareButton = page.getByRole('button', { name: 'Share', exact: true });
  const resignButton = page.getByRole('button', { name: 'Resign', exact: true });
  const onTheGame = async () => {
    expect(page.url()).toBe(gameUrl);
    await expect(page.getByRole('status')).toHaveText(/Guest \(White\) to move/);
  };

  // The share sheet, then the resign dialog: Back closes each (resign as cancelled) and the game stays.
  for (const [button, sheet] of [
    [shareButton, share],
    [resignButton, resign],
  ] as const) {
    await button.click();
    await expect(sheet).toBeVisible();
    await page.goBack();
    await expect(sheet).toHaveCount(0);
    await onTheGame();
  }
  // Closed by a button or by Escape, they leave no entry behind: one Back still leaves the screen.
  await shareButton.click();
  await share.getByRole('button', { name: 'Close' }).click();
  await expect(share).toHaveCount(0);
  await resignButton.click();
  await page.keyboard.press('Escape');
  await expect(resign).toHaveCount(0);
  // Forward onto the entry a closed sheet left, or a reload with a sheet open: back on the screen's entry.
  const onOverlayEntry = () => page.evaluate(() => (history.state as { overlay?: boolean } | null)?.overlay === true);
  await page.goForward();
  await expect.poll(onOverlayEntry).toBe(false);
  await expect(share).toHaveCount(0);
  await onTheGame();
  await shareButton.click();
  await expect.poll(onOverlayEntry).toBe(true);
  await page.reload();
  await expect(page.getByRole('grid')).toBeVisible();
  await expect.poll(onOverlayEntry).toBe(false);
  await onTheGame();
  await page.goBack();
  await expectHome(page);

  // Another screen's dialogs work the same: the Games list's paste dialog, then its delete confirmation.
  await page.getByRole('button', { name: 'Games', exact: true }).click();
  const paste = page.getByRole('dialog', { name: 'Paste a record' });
  await page.getByRole('button', { name: 'Paste a record' }).click();
  await expect(paste).toBeVisible();
  await page.goBack();
  await expect(paste).toHaveCount(0);
  const remove = page.getByRole('button', { name: 'Delete Player 1 vs Guest' });
  await remove.click();
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(remove).toBeVisible(); // kept: Back is not Delete
  expect(new URL(page.url()).hash).toBe('#/games');
  await page.goBack();
  await expectHome(page);
});

test('delete asks in an in-app dialog: Keep it keeps the game, Delete deletes it', async ({ page }) => {
  await openApp(page);
  await newGame(page, { white: 'Guest' });
  await tapTwice(page, 'E5');
  await page.getByRole('button', { name: 'Back to the menu' }).click();
  await page.getByRole('button', { name: 'Games', exact: true }).click();
  const remove = page.getByRole('button', { name: 'Delete Player 1 vs Guest' });
  const dialog = page.getByRole('dialog', { name: 'Delete the game Player 1 vs Guest?' });
  await remove.click();
  await dialog.getByRole('button', { name: 'Keep it' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeVisible();
  await remove.click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('No games here yet.')).toBeVisible();
});

test('a new notice replaces the one shown, the same one shows once, and notices stay on their screen', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Games', exact: true }).click();
  const toasts = page.locator('.toasts .notice-toast');
  const importFile = (name: string, text: string) =>
    page.getByLabel('Import a file').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });

  await importFile('broken.json', '{ not json');
  await expect(toasts).toHaveCount(1);
  const first = (await toasts.textContent())!;
  expect(first).toMatch(/^Not imported/);
  await importFile('broken.json', '{ not json');
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toHaveText(first);

  await importFile('other.json', '{}');
  await expect(toasts).toHaveText('Not imported: This is not a Pente export file.');
  await expect(toasts).toHaveCount(1);
  // Leaving the screen takes its notice along.
  await page.goBack();
  await expectHome(page);
  await expect(toasts).toHaveCount(0);

  // A notice fades out by itself.
  await page.getByRole('button', { name: 'Games', exact: true }).click();
  // (Watched by an observer: a poll could miss the 0.4 s the fading class is on.)
  await page.evaluate(() => {
    const w = window as { sawLeaving?: boolean };
    w.sawLeaving = false;
    new MutationObserver(() => {
      if (document.querySelector('.toasts .notice-toast.leaving')) w.sawLeaving = true;
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
  await importFile('broken.json', '{ not json');
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toHaveCount(0, { timeout: 8000 });
  expect(await page.evaluate(() => (window as { sawLeaving?: boolean }).sawLeaving)).toBe(true);
});

/** Offers installation as Chromium does (the event's prompt and userChoice); true when the app took it. */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const e = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(e, {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(e);
    return e.defaultPrevented;
  });

test('the install offer can be dismissed, and stays dismissed after a reload', async ({ page }) => {
  await openApp(page);
  expect(await offerInstall(page)).toBe(true);
  const offer = page.getByRole('button', { name: 'Install Pente' });
  await expect(offer).toBeVisible();
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);

  await page.reload();
  await expectHome(page);
  expect(await offerInstall(page)).toBe(true);
  // A round trip through another screen: Home is drawn afresh from the current state.
  await page.getByRole('button', { name: 'About' }).click();
  await page.goBack();
  await expectHome(page);
  await expect(offer).toHaveCount(0);
});

test.describe('on an iPhone (no install prompt in its browsers)', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  test('Home says how to add the app to the home screen, until "Got it"; it stays gone after a reload', async ({
    page,
  }) => {
    await openApp(page);
    const steps = page.getByText(/tap Share .*, then Add to Home Screen/);
    await expect(steps).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Got it' }).click();
    await expect(steps).toHaveCount(0);
    await page.reload();
    await expectHome(page);
    await page.getByRole('button', { name: 'About' }).click();
    await page.goBack();
    await expectHome(page);
    await expect(steps).toHaveCount(0);
  });
});

test.describe('screen wake lock', () => {
  test.beforeEach(async ({ page }) => {
    // A stand-in for navigator.wakeLock that records what the app asks, and a page visibility the test sets.
    await page.addInitScript(() => {
      const w = window as unknown as { wakeLog: string[]; setVisibility: (v: 'visible' | 'hidden') => void };
      w.wakeLog = [];
      let visibility: 'visible' | 'hidden' = 'visible';
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => visibility === 'hidden' });
      w.setVisibility = (v) => {
        visibility = v;
        document.dispatchEvent(new Event('visibilitychange'));
      };
      const wakeLock = {
        request: async (type: string) => {
          w.wakeLog.push(`request ${type}`);
          const sentinel = Object.assign(new EventTarget(), {
            type,
            released: false,
            release: async () => {
              if (sentinel.released) return;
              sentinel.released = true;
              w.wakeLog.push('release');
              sentinel.dispatchEvent(new Event('release'));
            },
          });
          return sentinel;
        },
      };
      Object.defineProperty(Navigator.prototype, 'wakeLock', { configurable: true, get: () => wakeLock });
    });
  });

  const wakeLog = (page: Page) => page.evaluate(() => (window as unknown as { wakeLog: string[] }).wakeLog);
  const setVisibility = (page: Page, v: 'visible' | 'hidden') =>
    page.evaluate((to) => (window as unknown as { setVisibility: (v: string) => void }).setVisibility(to), v);

  test('held during a game against the computer; let go when hidden, at the end and on leaving', async ({ page }) => {
    await openApp(page);
    expect(await wakeLog(page)).toEqual([]);
    await newGame(page, { white: 'Beginner (computer)' });
    await expect.poll(() => wakeLog(page)).toEqual(['request screen']);

    await setVisibility(page, 'hidden');
    await expect.poll(() => wakeLog(page)).toEqual(['request screen', 'release']);
    await setVisibility(page, 'visible');
    await expect.poll(() => wakeLog(page)).toEqual(['request screen', 'release', 'request screen']);

    // The game ends: nothing left to wait for.
    await page.getByRole('button', { name: 'Resign', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
    await expect(page.getByRole('status')).toHaveText(/wins by resignation/);
    await expect.poll(() => wakeLog(page)).toEqual(['request screen', 'release', 'request screen', 'release']);

    // A rematch is live again; Back ends its session and lets go.
    await page.getByRole('button', { name: 'Rematch' }).click();
    await expect.poll(async () => (await wakeLog(page)).length).toBe(5);
    expect((await wakeLog(page))[4]).toBe('request screen');
    await page.goBack();
    await expectHome(page);
    await expect.poll(async () => (await wakeLog(page)).slice(5)).toEqual(['release']);
  });

  test('not held for an unclocked game between people; held when it has a clock', async ({ page }) => {
    await openApp(page);
    await newGame(page, { white: 'Guest' });
    await tapTwice(page, 'E5');
    await expect(cell(page, 'E5')).toHaveAccessibleName('E5, black stone');
    expect(await wakeLog(page)).toEqual([]);
    await page.goBack();
    await page.getByRole('button', { name: 'New game' }).click();
    await page.getByLabel('White').selectOption({ label: 'Guest' });
    await page.getByLabel('Clock').selectOption({ label: '5 minutes' });
    await page.getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => wakeLog(page)).toEqual(['request screen']);
  });
});

test('leaving a computer player half-edited asks first: Keep editing stays, Discard leaves', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Players' }).click();
  await page.getByRole('button', { name: 'Edit Beginner' }).click();
  await page.getByLabel('Think time in seconds').fill('1.2');
  const dialog = page.getByRole('dialog', { name: 'Discard the changes to Beginner?' });

  // The system Back.
  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(title(page, 'Players')).toBeVisible();
  expect(new URL(page.url()).hash).toBe('#/players');
  await expect(page.getByLabel('Think time in seconds')).toHaveValue('1.2');

  // The header's Back, then the system Back again: discarding leaves for Home.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(title(page, 'Players')).toBeVisible();
  await page.goBack();
  await dialog.getByRole('button', { name: 'Discard' }).click();
  await expectHome(page);
  // Forward returns to Players, drawn afresh: nothing is edited now, so Back asks nothing.
  await page.goForward();
  await expect(title(page, 'Players')).toBeVisible();
  await page.goBack();
  await expectHome(page);
});
