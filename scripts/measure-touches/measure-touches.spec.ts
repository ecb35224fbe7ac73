/**
 * Counts the touches a move takes on a phone (npm run measure:touches, after `npx vite build`): three whole
 * 19×19 games against the Beginner at 360×640 in the default input mode, and the first puzzles of the pack,
 * played by a scripted player who aims at a point and taps it as a finger would.
 *
 * The player (e2e/scripted-player.ts): Black; the centre first, then next to the computer's last stone. It
 * reads where its point is on screen in the very frame in which "to move" appears and taps there at once (the hurried player the issue measured: a board that
 * slides as the turn passes takes the tap to a neighbour). A tap on a board that only zooms counts; so do
 * "Whole board", a tap that previews, the tap that places (on the previewed point), and every retry.
 *
 * A mis-hit is a tap aimed at a point (not a zooming tap) that previewed or placed another point. Printed:
 * moves, touches, touches a move, mis-hits, ignored taps, zooms, whole-board taps, the pitch when aiming
 * (min/mean). MEASURE_TARGETS=1 fails the run when the targets are missed (≤ 1.8 a move, 0 mis-hits,
 * puzzles ≤ 2.2). MEASURE_MODE=one-tap measures one-tap mode instead of the default.
 *
 * Measured (issue 31, 360×640, this machine): before, the window slid after the reply and every move was
 * preview and confirm: 2.61 touches a move, 4 mis-hits in 18 moves; puzzles 2.59. The fight's window alone
 * (still preview and confirm): 2.06 a move; its 2 "mis-hits" were stones captured at once by a game's
 * last reply, which the script now tells apart; puzzles 2.14. With one tap placing on the zoomed
 * board: 1.09 a move, 0 mis-hits in 57 moves (3 games); puzzles (which keep the preview) 2.07.
 */
import { type Page, expect, test } from '@playwright/test';
import { decodePuzzlePack, formatPoint } from '../../src/core';
import { rng } from '../../tests/helpers';
import { cell, newGame, openApp } from '../../e2e/helpers';
import { waitAndAim } from '../../e2e/scripted-player';

test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

const MOVES_AT_MOST = 60;
/** The games played (the scripted player's seeds): each a whole game, to its end. */
const GAME_SEEDS = [31, 32, 33];

interface Seen {
  readonly ply: number;
  readonly status: string;
  readonly preview: string | null;
  readonly zoomIn: boolean;
  readonly wholeBoard: boolean;
}

interface Counts {
  moves: number;
  touches: number;
  misses: number;
  ignored: number;
  zooms: number;
  wholeBoard: number;
  pitches: number[];
  log: string[];
}

const newCounts = (): Counts => ({
  moves: 0,
  touches: 0,
  misses: 0,
  ignored: 0,
  zooms: 0,
  wholeBoard: 0,
  pitches: [],
  log: [],
});

/** What the screen shows now, in one read (the board's labels, the buttons below it). */
const seen = (page: Page): Promise<Seen> =>
  page.evaluate(() => {
    const buttons = [...document.querySelectorAll('.board-zoom button')].map((b) => b.textContent ?? '');
    const preview = document.querySelector('g[role="gridcell"][aria-label$=", preview"]');
    return {
      ply: Number(document.querySelector('main')?.getAttribute('data-ply') ?? -1),
      status: document.querySelector('[role="status"]')?.textContent ?? '',
      preview: preview ? preview.getAttribute('aria-label')!.split(',')[0]! : null,
      zoomIn: buttons.includes('Zoom in'),
      wholeBoard: buttons.includes('Whole board'),
    };
  });

/** Two frames: what a tap did is on screen. */
const frames = (page: Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** The points with a stone now, by name and colour ("K10 black"). */
const stonesNow = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('g[role="gridcell"]')].flatMap((c) => {
      const [name, what] = c.getAttribute('aria-label')!.split(', ');
      return / stone$/.test(what ?? '') ? [`${name} ${what}`] : [];
    }),
  );

/** A point's box on screen now, and the distance to its neighbour (the pitch). */
const boxOf = (page: Page, name: string) =>
  page.evaluate((name) => {
    const cells = [...document.querySelectorAll('g[role="gridcell"]')];
    const i = cells.findIndex((c) => c.getAttribute('aria-label')!.startsWith(`${name},`));
    const r = cells[i]!.querySelector('.hit')!.getBoundingClientRect();
    const next = cells[i % 19 === 18 ? i - 1 : i + 1]!.querySelector('.hit')!.getBoundingClientRect();
    const board = document.querySelector('svg[role="grid"]')!.getBoundingClientRect();
    const inside =
      r.left >= board.left - 0.5 &&
      r.top >= board.top - 0.5 &&
      r.right <= board.right + 0.5 &&
      r.bottom <= board.bottom + 0.5;
    return { x: r.left + r.width / 2, y: r.top + r.height / 2, pitch: Math.abs(next.left - r.left), inside };
  }, name);

/** A board that has stopped moving (the zoom eases in): the player sees it grow before aiming. */
async function settled(page: Page, name: string) {
  let last = await boxOf(page, name);
  for (let i = 0; i < 40; i++) {
    await frames(page);
    const now = await boxOf(page, name);
    if (now.x === last.x && now.y === last.y && now.pitch === last.pitch) return now;
    last = now;
  }
  return last;
}

/**
 * Places a stone on `name` as a finger would, from a box read at `first` (where the player saw the point
 * when it chose it; null: read it now). Counts every touch into `c`.
 */
async function placeByTouch(
  page: Page,
  name: string,
  first: { x: number; y: number; pitch: number; inside: boolean } | null,
  c: Counts,
  jitter: () => number,
): Promise<void> {
  const start = await seen(page);
  const stonesBefore = await stonesNow(page);
  const placed = async () =>
    (await seen(page)).ply !== start.ply || / stone$/.test((await cell(page, name).getAttribute('aria-label')) ?? '');
  let aimedFrom = first;
  for (let tries = 0; tries < 8; tries++) {
    const now = await seen(page);
    if (await placed()) return;
    if (now.wholeBoard && !(aimedFrom ?? (await boxOf(page, name))).inside) {
      c.touches++;
      c.wholeBoard++;
      await page.locator('.board-zoom button').click();
      await frames(page);
      aimedFrom = null;
      continue;
    }
    const box = aimedFrom ?? (await boxOf(page, name));
    aimedFrom = null;
    const off = Math.min(6, box.pitch / 4);
    c.touches++;
    await page.touchscreen.tap(box.x + jitter() * off, box.y + jitter() * off);
    await frames(page);
    const after = await seen(page);
    if (now.zoomIn && after.wholeBoard) {
      c.zooms++;
      await settled(page, name);
      continue;
    }
    if (!now.zoomIn) c.pitches.push(box.pitch);
    if (after.ply !== start.ply || (await placed())) {
      // Where a new stone of the mover's colour came (the reply may already have captured the new one).
      // (In a game the player is Black: White's reply is not the player's stone.)
      const newStones = (await stonesNow(page)).filter(
        (s) => !stonesBefore.includes(s) && (start.ply < 0 || s.endsWith('black stone')),
      );
      const placedRight =
        newStones.some((s) => s.startsWith(`${name} `)) ||
        / stone$/.test((await cell(page, name).getAttribute('aria-label')) ?? '');
      if (!placedRight && newStones.length > 0) {
        c.misses++;
        c.log.push(`move ${c.moves + 1}: aimed ${name}, placed elsewhere`);
      }
      return;
    }
    if (after.preview === null && now.preview === name) {
      // The tap that places: the stone may come a moment later (a puzzle's answer is saved first).
      // (Or the puzzle moved on: solved, or its defence already took the stone.)
      const movedOn = async () =>
        (await placed()) || (await page.locator('main.puzzles:not([data-phase="solving"])').count()) > 0;
      await expect.poll(movedOn, { timeout: 30_000 }).toBe(true);
      return;
    }
    if (after.preview === null && now.preview === after.preview) {
      c.ignored++;
      continue;
    }
    if (after.preview !== name) {
      c.misses++;
      c.log.push(`move ${c.moves + 1}: aimed ${name}, previewed ${after.preview}`);
    }
  }
  throw new Error(`could not place ${name}`);
}

const report = (what: string, c: Counts) => {
  const mean = c.pitches.reduce((a, b) => a + b, 0) / Math.max(1, c.pitches.length);
  console.log(
    `${what}: ${c.moves} moves, ${c.touches} touches, ${(c.touches / c.moves).toFixed(2)} a move; ` +
      `${c.misses} mis-hits, ${c.ignored} ignored taps, ${c.zooms} zooms, ${c.wholeBoard} whole-board; ` +
      `pitch when aiming min ${Math.min(...c.pitches).toFixed(1)} px, mean ${mean.toFixed(1)} px`,
  );
  for (const l of c.log) console.log(`  ${l}`);
};

const MODE = process.env.MEASURE_MODE ?? 'two-tap';

async function chooseMode(page: Page) {
  if (MODE === 'two-tap') return;
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Placing a stone').selectOption(MODE);
  await page.getByRole('button', { name: 'Back' }).click();
}

test('whole 19x19 games against the Beginner at 360x640', async ({ page }) => {
  const jitter = (
    (r) => () =>
      r() * 2 - 1
  )(rng(31));
  await openApp(page);
  await chooseMode(page);
  const total = newCounts();
  for (const seed of GAME_SEEDS) {
    await page.goto('/');
    await newGame(page, { white: 'Beginner (computer)', size: '19' });
    const c = newCounts();
    let end = '';
    for (; c.moves < MOVES_AT_MOST; c.moves++) {
      const aim = await waitAndAim(page, seed);
      if ('over' in aim) {
        end = aim.over;
        break;
      }
      await placeByTouch(page, aim.name, aim.box, c, jitter);
    }
    report(`19x19 game ${seed}, ${MODE} (end: ${end || 'move limit'})`, c);
    for (const k of ['moves', 'touches', 'misses', 'ignored', 'zooms', 'wholeBoard'] as const) total[k] += c[k];
    total.pitches.push(...c.pitches);
  }
  report(`19x19, ${GAME_SEEDS.length} games, ${MODE}`, total);
  if (process.env.MEASURE_TARGETS === '1') {
    expect(total.misses).toBe(0);
    expect(total.touches / total.moves).toBeLessThanOrEqual(1.8);
  }
});

test('the first puzzles of the pack at 360x640', async ({ page }) => {
  const jitter = (
    (r) => () =>
      r() * 2 - 1
  )(rng(47));
  await openApp(page);
  await chooseMode(page);
  const read = decodePuzzlePack(await (await page.request.get('/puzzles.json')).text());
  if (!read.ok) throw new Error(read.error.message);
  const pack = read.value.puzzles;
  await page.getByRole('button', { name: 'Puzzles' }).click();
  const screen = page.locator('main.puzzles');
  const c = newCounts();
  for (let n = 0; n < 6; n++) {
    await expect(screen).toHaveAttribute('data-puzzle', /.+/);
    const id = await screen.getAttribute('data-puzzle');
    const puzzle = pack.find((p) => p.id === id)!;
    const size = puzzle.rules.size;
    const mine = puzzle.solution.filter((_, i) => i % 2 === 0);
    for (const [i, p] of mine.entries()) {
      await expect(screen).toHaveAttribute('data-phase', 'solving');
      await expect(page.locator('.lesson-bottom')).not.toContainText('…');
      await placeByTouch(page, formatPoint(size, p), null, c, jitter);
      c.moves++;
      if (i < mine.length - 1) await expect(page.locator('.lesson-bottom')).toContainText('your move');
    }
    await expect(screen).toHaveAttribute('data-phase', 'solved');
    await page.getByRole('button', { name: 'Next puzzle' }).click();
  }
  report(`puzzles (${MODE})`, c);
  if (process.env.MEASURE_TARGETS === '1') {
    expect(c.misses).toBe(0);
    expect(c.touches / c.moves).toBeLessThanOrEqual(2.2);
  }
});
