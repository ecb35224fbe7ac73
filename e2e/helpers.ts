import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type BrowserContext, type Locator, type Page, type Route, expect, test } from '@playwright/test';
import { JUMP_GUARD_MS } from '../src/ui/board/use-board-zoom';

/** Opens the app and waits for the home screen (the database is open by then). */
export async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
}

/** Starts a game from the new-game screen. */
export async function newGame(
  page: Page,
  options: { black?: string; white: string; game?: string; size?: '9' | '13' | '15' | '19' },
): Promise<void> {
  await page.getByRole('button', { name: 'New game' }).click();
  if (options.black) await page.getByLabel('Black (moves first)').selectOption({ label: options.black });
  await page.getByLabel('White').selectOption({ label: options.white });
  // A game (by its name in the list) brings its own board; 9×9 otherwise, unless a size is given.
  if (options.game)
    await page.getByRole('combobox', { name: 'Game', exact: true }).selectOption({ label: options.game });
  if (options.size || !options.game) await page.getByLabel('Board').selectOption(options.size ?? '9');
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('grid')).toBeVisible();
}

/** How many stones of `colour` the board holds, read from the points' accessible names. */
export const stoneCount = async (page: Page, colour: 'black' | 'white'): Promise<number> =>
  (await boardLabels(page)).filter((l) => l.endsWith(`${colour} stone`)).length;

/**
 * Full-page screenshots at a phone held upright and sideways, for looking at (LAYOUT_SHOTS=1: LOOK_SHOTS);
 * the page is left upright, at 390×844, either way.
 */
export async function phoneShots(page: Page, name: string): Promise<void> {
  // (Without LAYOUT_SHOTS=1 only the page's shape is set: the test goes on from the same place.)
  const shapes = [
    [390, 844],
    [844, 390],
  ] as const;
  for (const [w, h] of LOOK_SHOTS ? shapes : []) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: test.info().outputPath(`${name}-${w}x${h}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/**
 * Whether the test command saves the screenshots that are only there to look at (LAYOUT_SHOTS=1): they
 * check nothing, and on a busy 2-core machine a whole-page shot takes seconds (most of some specs' time).
 */
export const LOOK_SHOTS = process.env.LAYOUT_SHOTS === '1';

/** A screenshot to look at, taken with LAYOUT_SHOTS=1 only (LOOK_SHOTS); the tests check nothing in it. */
export async function lookAt(
  target: Page | Locator,
  options: { readonly path: string; readonly fullPage?: boolean },
): Promise<void> {
  if (LOOK_SHOTS) await target.screenshot(options);
}

/** Every point's accessible name, in board order: the whole position as text. */
export async function boardLabels(page: Page): Promise<string[]> {
  return page.getByRole('gridcell').evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label') ?? ''));
}

export const cell = (page: Page, name: string) => page.getByRole('gridcell', { name: new RegExp(`^${name}, `) });

/**
 * Whether a point is wholly inside the drawn board, its whole touch square (a zoomed board shows only a
 * window of it, and a point cut by the window's edge is not one a finger aims at).
 */
export async function isOnScreen(page: Page, name: string): Promise<boolean> {
  const [point, board] = await Promise.all([cell(page, name).boundingBox(), page.getByRole('grid').boundingBox()]);
  if (!point || !board) return false;
  return (
    point.x >= board.x - 0.5 &&
    point.y >= board.y - 0.5 &&
    point.x + point.width <= board.x + board.width + 0.5 &&
    point.y + point.height <= board.y + board.height + 0.5
  );
}

/**
 * Taps a point so that the tap chooses it. A board too dense for a finger (19×19 on a phone) zooms in
 * around the first tap instead of choosing, so that tap is made first; a zoomed board that does not show
 * the point goes back to the whole board before.
 */
export async function tapPoint(page: Page, name: string): Promise<void> {
  const wholeBoard = page.getByRole('button', { name: 'Whole board' });
  await pastJumpGuard(page);
  if ((await wholeBoard.isVisible()) && !(await isOnScreen(page, name))) await wholeBoard.click();
  if (await page.getByRole('button', { name: 'Zoom in' }).isVisible()) {
    await cell(page, name).tap();
    await expect(wholeBoard).toBeVisible();
  }
  await cell(page, name).tap();
}

/**
 * Waits until a tap on the board counts: a zoomed board whose window changed by itself (a move left the
 * fight outside it: `.board.jumped`) ignores taps for JUMP_GUARD_MS after the change, as they were aimed
 * at the window before it (a finger is that far behind the eye). A test that taps at once after a move
 * would be faster than any finger; the wait is for that state, read from the page: the time its board's
 * window last changed, noted by an observer put in on the first call (until then, taken as now).
 */
export async function pastJumpGuard(page: Page): Promise<void> {
  await page.waitForFunction(
    (guard) => {
      const w = window as { e2eWindowMoved?: number; e2eWindowWatch?: MutationObserver };
      if (!w.e2eWindowWatch) {
        w.e2eWindowMoved = performance.now();
        w.e2eWindowWatch = new MutationObserver((records) => {
          if (records.some((r) => r.target instanceof Element && r.target.matches('.board, .board-view')))
            w.e2eWindowMoved = performance.now();
        });
        w.e2eWindowWatch.observe(document.body, {
          subtree: true,
          attributes: true,
          attributeFilter: ['style', 'class'],
        });
      }
      if (!document.querySelector('.board.jumped')) return true;
      return performance.now() - w.e2eWindowMoved! >= guard;
    },
    JUMP_GUARD_MS,
    { polling: 50 },
  );
}

/**
 * Places a stone as the default mode asks: a preview and a second tap, or (after the tap that zooms in, on
 * a board that zooms) one tap.
 */
export async function tapTwice(page: Page, name: string): Promise<void> {
  const play = page.locator('main.play');
  const before = Number(await play.getAttribute('data-ply'));
  await tapPoint(page, name);
  // On a zoomed board (19×19 on a phone) a game's tap places at once (placement.ts's modeForTap).
  await expect(cell(page, name)).toHaveAccessibleName(new RegExp(`^${name}, (empty, preview|\\w+ stone)`));
  if (/preview/.test((await cell(page, name).getAttribute('aria-label')) ?? '')) {
    await pastJumpGuard(page);
    await cell(page, name).tap();
  }
  // A move is shown once its save has committed (a few ms): wait for it, so that what the test checks next
  // is the position after the move, not the one before.
  await expect(play).not.toHaveAttribute('data-ply', String(before));
}

/**
 * Sets window.stoneSeen once any point of the board carries the accessible name `label` (checked now and on
 * every later change to the grid), so a test can tell a stone was placed even if it was captured at once.
 */
export async function watchForStone(page: Page, label: string): Promise<void> {
  await page.getByRole('grid').evaluate((grid, wanted) => {
    const w = window as { stoneSeen?: boolean; stoneWatch?: MutationObserver };
    w.stoneWatch?.disconnect();
    const check = () => {
      if (grid.querySelector(`[aria-label="${wanted}"]`)) w.stoneSeen = true;
    };
    w.stoneSeen = false;
    check();
    w.stoneWatch = new MutationObserver(check);
    w.stoneWatch.observe(grid, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
  }, label);
}

/** Writes values straight into the games store in one transaction, as a tool or a damaged disk might. */
export async function putGames(page: Page, records: readonly unknown[]): Promise<void> {
  await page.evaluate(
    (values) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('pente');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('games', 'readwrite');
          for (const v of values) tx.objectStore('games').put(v);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    records,
  );
}

/**
 * Writes game records and their summaries (src/storage/summaries.ts's summarize) in one transaction, as an
 * import leaves them: for a big library that the app should open as it is, without making summaries first.
 */
export async function putGamesWithSummaries(
  page: Page,
  records: readonly unknown[],
  summaries: readonly unknown[],
): Promise<void> {
  // One JSON text: Playwright carries a string into the page far faster than 20,000 objects.
  await page.evaluate(
    (text) =>
      new Promise<void>((resolve, reject) => {
        const { games, listed } = JSON.parse(text) as { games: unknown[]; listed: unknown[] };
        const open = indexedDB.open('pente');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['games', 'summaries'], 'readwrite');
          for (const v of games) tx.objectStore('games').put(v);
          for (const v of listed) tx.objectStore('summaries').put(v);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    JSON.stringify({ games: records, listed: summaries }),
  );
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical axe violations on the page (axe is injected: the context must bypass the CSP). axe
 * is injected once per document, not per check: it is 500 KB of script, and parsing it again for every
 * screen was half of a layout sweep's time at the small phone (a navigation to another screen inside the
 * app keeps the document; a load or reload starts a new one, without axe).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const run = () =>
    page.evaluate(async () => {
      type Axe = {
        run: (c: Document, o: unknown) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }>;
      };
      const axe = (window as unknown as { axe?: Axe }).axe;
      if (!axe) return null;
      // Every rule runs; only the violations are gathered whole (passes and the rest keep one node each,
      // and no node's selector is worked out): the same violations, in less of a layout sweep's time.
      const r = await axe.run(document, {
        runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
        resultTypes: ['violations'],
        selectors: false,
      });
      return r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.nodes.length})`);
    });
  const found = await run();
  if (found) return found;
  await page.addScriptTag({ content: AXE_SOURCE });
  const injected = await run();
  if (!injected) throw new Error('axe did not load');
  return injected;
}

/** The built engine worker's script (its name carries a content hash). */
export const ENGINE_WORKER_SCRIPT = /\/assets\/engine\.worker-[^/]*\.js$/;

/** What the wrapped engine worker logs for every move request that reaches it. */
export const THINK_LOG = 'e2e engine: think';

/** Holds the engine's move requests at a gate the test opens (wrapEngineWorker's `gate`). */
export interface ThinkGate {
  /** From now on, every move request waits at the gate (its worker sees nothing of it) until release. */
  hold(): void;
  /** Lets the waiting move requests and all later ones through. */
  release(): void;
}

/**
 * Serves the engine's worker script wrapped, so a test sees and steers what reaches the engine itself:
 * every move request (Comlink's call of `think`) is logged to the console as THINK_LOG (a worker's console
 * messages reach page.on('console')), and a worker for which `hangs(n)` is true (n counts the engine workers
 * made in the context, from 0) hangs in its first search: a loop that never ends, as a search stuck in a
 * bug would, until the page terminates the worker. With `gate: true`, every move request first asks the test
 * (a fetch that a route answers) and waits while the returned gate is held: a test can keep a tab's search
 * from ending for as long as it likes, however loaded the machine. The wrapper hands the messages on in
 * the order they came, also those that arrive while the real script loads or a request waits. Routes see
 * the script only while no service worker serves it: use with `test.use({ serviceWorkers: 'block' })`.
 */
export async function wrapEngineWorker(
  context: BrowserContext,
  options: { hangs?: (n: number) => boolean; gate?: boolean } = {},
): Promise<ThinkGate> {
  let made = 0;
  let held = false;
  const waiting: Route[] = [];
  const open = (route: Route) => route.fulfill({ contentType: 'text/plain', body: 'go' }).catch(() => {});
  const gate: ThinkGate = {
    hold: () => void (held = true),
    release: () => {
      held = false;
      for (const route of waiting.splice(0)) void open(route);
    },
  };
  if (options.gate) {
    // A request from a tab that has closed is answered into nothing: that is why open() ignores failures.
    await context.route(/\/e2e-think-gate$/, (route) => (held ? void waiting.push(route) : open(route)));
  }
  await context.route(ENGINE_WORKER_SCRIPT, async (route) => {
    const hangs = options.hangs?.(made++) ?? false;
    // The real script's headers (type, the isolation headers a worker of an isolated page needs).
    const response = await route.fetch();
    const body = `
      const loaded = [];
      const hang = ${JSON.stringify(hangs)};
      const gated = ${JSON.stringify(options.gate === true)};
      const listen = self.addEventListener.bind(self);
      self.addEventListener = (type, listener, options) =>
        type === 'message' ? void loaded.push(listener) : listen(type, listener, options);
      const deliver = async (event) => {
        const m = event.data;
        if (m && m.type === 'APPLY' && Array.isArray(m.path) && m.path[0] === 'think') {
          console.log(${JSON.stringify(THINK_LOG)});
          if (hang) return void setTimeout(() => { for (;;); });
          if (gated) await fetch(new URL('/e2e-think-gate', self.location.href));
        }
        for (const l of loaded) typeof l === 'function' ? l.call(self, event) : l.handleEvent(event);
      };
      // One line: each message is handed on after the real script has loaded and the one before it.
      let line = import(${JSON.stringify(`${route.request().url()}?e2e-real`)});
      listen('message', (event) => void (line = line.then(() => deliver(event))));
    `;
    await route.fulfill({ response, body });
  });
  return gate;
}

/** Counts the move requests that reach the engine from `page` (its workers' THINK_LOG lines). */
export function countThinks(page: Page): () => number {
  let thinks = 0;
  page.on('console', (message) => {
    if (message.text() === THINK_LOG) thinks++;
  });
  return () => thinks;
}

/**
 * Writes values straight into any store of the app's database in one transaction (`key` for stores
 * without a key path, as settings), as a tool or a damaged disk might.
 */
export async function putValues(
  page: Page,
  store: string,
  entries: readonly { readonly value: unknown; readonly key?: string }[],
): Promise<void> {
  await page.evaluate(
    ({ store, entries }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('pente');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(store, 'readwrite');
          for (const { value, key } of entries) tx.objectStore(store).put(value, key);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { store, entries },
  );
}

/** The value stored under a key in any store of the app's database, read straight from IndexedDB. */
export async function readValue(page: Page, store: string, key: string): Promise<unknown> {
  return page.evaluate(
    ({ store, key }) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('pente');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction(store).objectStore(store).get(key);
          get.onsuccess = () => {
            open.result.close();
            resolve(get.result);
          };
          get.onerror = () => reject(get.error);
        };
      }),
    { store, key },
  );
}

/**
 * Every relay down for `context`: its pages' WebSockets are closed as they open. For the specs of friend
 * games by link, which is what links are for once both devices have a key (the fallback when relays are
 * down or there is no network): with the local relay up, the moves would also arrive by themselves
 * (e2e/live-friend.spec.ts), and the link flow under test would not be the one that carries them.
 */
export async function relaysDown(context: BrowserContext): Promise<void> {
  await context.routeWebSocket(/.*/, (ws) => ws.close());
}

/** Every record of the games store, read straight from IndexedDB (typed as the test reads them). */
export function storedGameRecords<T>(page: Page): Promise<T[]> {
  return page.evaluate(
    () =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('pente');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('games').objectStore('games').getAll();
          get.onsuccess = () => {
            open.result.close();
            resolve(get.result as T[]);
          };
        };
      }),
  );
}
