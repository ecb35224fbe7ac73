import { mkdirSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { type View, boxOfPoints, showsBox } from '../src/ui/board/board-view';
import { cell, isOnScreen, newGame, openApp, pastJumpGuard } from './helpers';
import { waitAndAim } from './scripted-player';

/**
 * Nothing moves under a finger after the computer's reply (issue 31): a 19×19 game against the Beginner
 * on a 360×640 phone, zoomed, with every frame's window recorded in the page (the zoomed layer's transform,
 * a requestAnimationFrame loop) from the first move to the last. For every reply: in the frames after it
 * the window never changes until the player touches the board again (no slide as the turn passes), and
 * when the fight stays in the window (every stone, the reply's included, wholly in the window as it was
 * before the reply), the window is the same before and after the reply, so each point is where it was.
 */

test.use({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });

interface Frame {
  readonly ply: number;
  readonly transform: string;
  /** The stones, on the frames where the ply changed. */
  readonly stones?: number[];
  /** A touch had come down on the board since the last frame. */
  readonly touched: boolean;
}

/** Starts recording every frame's ply and window into window.boardFrames. */
const record = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { boardFrames: Frame[]; touched: boolean };
    w.boardFrames = [];
    w.touched = false;
    document.addEventListener('pointerdown', () => (w.touched = true), { capture: true });
    let lastPly = -1;
    const frame = () => {
      const ply = Number(document.querySelector('main.play')?.getAttribute('data-ply') ?? -1);
      const layer = document.querySelector('svg[role="grid"] .board-view');
      const transform = layer ? getComputedStyle(layer).transform : 'none';
      const entry: Frame = { ply, transform, touched: w.touched };
      if (ply !== lastPly) {
        const cells = [...document.querySelectorAll('g[role="gridcell"]')];
        (entry as { stones?: number[] }).stones = cells.flatMap((c, i) =>
          / stone$/.test(c.getAttribute('aria-label') ?? '') ? [i] : [],
        );
        lastPly = ply;
      }
      w.touched = false;
      w.boardFrames.push(entry);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });

/** Waits until the zoomed layer has stopped moving (the zoom a tap asked for eases in). */
const settled = (page: Page) =>
  page.waitForFunction(
    () => {
      const layer = document.querySelector('svg[role="grid"] .board-view');
      const w = window as unknown as { lastTransform?: string };
      const now = layer ? getComputedStyle(layer).transform : 'none';
      const same = now === w.lastTransform;
      w.lastTransform = now;
      return same;
    },
    undefined,
    { polling: 'raf' },
  );

/** The window a transform shows (the layer is scaled and shifted: Board.tsx). */
const viewOf = (transform: string, extent: number): View => {
  if (transform === 'none') return { x: 0, y: 0, side: extent };
  const [a, , , , e, f] = /matrix\(([^)]+)\)/.exec(transform)![1]!.split(',').map(Number) as number[];
  return { x: -e! / a!, y: -f! / a!, side: extent / a! };
};

test('19x19 at 360x640: nothing moves under a tap after the computer reply', async ({ page }) => {
  test.setTimeout(240_000);
  await openApp(page);
  await newGame(page, { white: 'Beginner (computer)', size: '19' });
  const status = page.getByRole('status');
  const extent = Number((await page.getByRole('grid').getAttribute('viewBox'))!.split(' ')[2]);
  await record(page);
  let moves = 0;
  for (; moves < 16; moves++) {
    const aim = await waitAndAim(page, 5);
    if ('over' in aim) break;
    const name = aim.name;
    // A point out of the window: the whole board first. Then zoom on the whole board, and tap the point
    // (one tap places on the zoomed board; a tap begun just as the window changed is ignored: again).
    const wholeBoard = page.getByRole('button', { name: 'Whole board' });
    if ((await wholeBoard.isVisible()) && !(await isOnScreen(page, name))) await wholeBoard.click();
    if (await page.getByRole('button', { name: 'Zoom in' }).isVisible()) {
      await cell(page, name).tap();
      await expect(wholeBoard).toBeVisible();
      await settled(page);
    }
    await expect(async () => {
      if (!/ stone$/.test((await cell(page, name).getAttribute('aria-label')) ?? '')) {
        // The window may have changed since the point was aimed at (a zoom easing in, a jump): a point out
        // of it is not tapped at (the tap would land off the board, again and again), the whole board
        // comes back first; and a tap waits out the guard after a jump, which ignores it by design.
        if (!(await isOnScreen(page, name)) && (await wholeBoard.isVisible())) await wholeBoard.click();
        await pastJumpGuard(page);
        const box = (await cell(page, name).boundingBox())!;
        await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      }
      await expect(cell(page, name)).toHaveAccessibleName(/stone$/, { timeout: 1_000 });
    }).toPass();
  }
  await expect(status).toHaveText(/Black\) to move|wins|Draw/, { timeout: 30_000 });
  const frames = await page.evaluate(() => (window as unknown as { boardFrames: Frame[] }).boardFrames);

  // Each reply: the first frame with White's stone (Black's turn again: an even ply).
  let held = 0;
  let jumps = 0;
  let replies = 0;
  for (let i = 1; i < frames.length; i++) {
    const f = frames[i]!;
    if (f.ply === frames[i - 1]!.ply || f.ply % 2 !== 0 || f.ply < 2) continue;
    replies++;
    const before = frames[i - 1]!;
    // No slide after the reply: the window stays as drawn in the reply's frame until the next touch.
    for (let k = i + 1; k < frames.length && !frames[k]!.touched && frames[k]!.ply === f.ply; k++)
      expect(frames[k]!.transform, `frame ${k - i} after reply at ply ${f.ply}`).toBe(f.transform);
    // The fight stayed in the window: the same window before and after (each point where it was).
    const stones = boxOfPoints(19, f.stones!)!;
    const geometry = { size: 19, extent, cell: 10, margin: extent - 190 };
    if (before.transform !== 'none' && showsBox(geometry, viewOf(before.transform, extent), stones)) {
      held++;
      expect(f.transform, `the window at the reply of ply ${f.ply}`).toBe(before.transform);
    } else if (f.transform !== before.transform) jumps++;
  }
  console.log(`${moves} moves, ${replies} replies: ${held} in the window (nothing moved), ${jumps} changed it`);
  expect(replies).toBeGreaterThanOrEqual(6);
  // How many replies land in the window is the game's (a Beginner's reply far from the fight moves the
  // window, rightly; under load its shallower search plays other moves: 6 of 16 in one CI run, 9-12 of 16
  // on an idle machine): the test asks only that the held case was met often enough to mean something.
  expect(held).toBeGreaterThanOrEqual(3);
});

test.describe('screenshots of a zoomed 19x19 game', () => {
  for (const [width, height] of [
    [360, 640],
    [844, 390],
  ] as const) {
    test.use({ hasTouch: true, isMobile: true });
    test(`${width}x${height}, light and dark`, async ({ page }) => {
      test.skip(process.env.LAYOUT_SHOTS !== '1', 'pictures to look at: LAYOUT_SHOTS=1');
      await page.setViewportSize({ width, height });
      await openApp(page);
      await newGame(page, { white: 'Guest', size: '19' });
      for (const name of ['K10', 'L11', 'N10', 'M12', 'J9', 'L9', 'H8']) {
        if (await page.getByRole('button', { name: 'Zoom in' }).isVisible()) {
          await cell(page, name).tap();
          await settled(page);
        }
        for (let i = 0; i < 2 && !/ stone$/.test((await cell(page, name).getAttribute('aria-label')) ?? ''); i++)
          await cell(page, name).tap();
      }
      const dir = 'test-results/board-still';
      mkdirSync(dir, { recursive: true });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: `${dir}/${width}x${height}-${scheme}.png` });
      }
    });
  }
});
