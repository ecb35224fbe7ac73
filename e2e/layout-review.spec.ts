/**
 * The review screen by shape: a finished 19×19 game with its analysis saved (so no engine runs), opened
 * at 390×844, 360×640, 844×390, 820×1180 and 1180×820, light and dark. After a tap on a move in the list,
 * on a marked move's button and on the graph, the board and what was tapped are both inside the viewport,
 * and nothing covers what was tapped (on a phone held upright the board is pinned above the scrolling
 * analysis). No box that scrolls sits inside another that scrolls (a tablet held upright has one). The
 * graph's dots are inside the graph's box (a blunder at the last move, to a sure loss, sits in a corner).
 * The marks are explained, a marked move is named as the move list numbers it, and "Play from here" on
 * a marked move plays it again from the position before it, with its player to move.
 *
 * With LAYOUT_SHOTS=1, screenshots (test-results/layout-review/): 390×844 in en, de and zh and 844×390,
 * light and dark, at the top of the page and scrolled to the marked moves.
 */
import { mkdirSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { type GameState, formatPoint, newGame, play } from '../src/core';
import { putGames, putValues } from './helpers';
import { SCREEN_SHAPES, layoutProblems } from './layout-checks';

const SHAPES = SCREEN_SHAPES;
const SHOTS = 'test-results/layout-review';
const SHOOT = process.env.LAYOUT_SHOTS === '1';
const LANGS = { en: 'en-GB', de: 'de-DE', zh: 'zh-CN' } as const;
const GAME_ID = 'review-layout-game';

/** A legal 19×19 game of 40 moves that no rule ends: points spread over the board, the illegal skipped. */
function spreadGame(): GameState {
  let state = newGame({ variant: 'pente', size: 19 });
  for (let i = 0; state.moves.length < 40 && i < 400; i++) {
    const point = (180 + i * 37) % 361;
    const next = play(state, point);
    if (next.ok && !next.value.result) state = next.value;
  }
  return state;
}

const GAME = spreadGame();
const MOVES = GAME.moves.map((p) => formatPoint(19, p));
const TOTAL = MOVES.length;
/** White's move 10 (index 9) is a mistake, Black's move 17 (index 16) an inaccuracy, White's last a blunder. */
const MISTAKE = 9;
const chances = Array.from({ length: TOTAL + 1 }, () => 0.5);
chances[MISTAKE + 1] = 0.65;
chances[MISTAKE + 2] = 0.35;
chances[17] = 0.57;
chances[18] = 0.43;
// White's last move (40 moves: the last is White's) the analysis calls a blunder, to a sure loss: its dot
// sits in the graph's top right corner. White then resigned.
chances[TOTAL] = 1;

const record = {
  id: GAME_ID,
  variant: 'pente',
  size: 19,
  tournamentRule: true,
  players: [
    { name: 'Ann', kind: 'human' },
    { name: 'Bob', kind: 'human' },
  ],
  moves: MOVES,
  clocks: null,
  createdAt: Date.UTC(2026, 0, 1),
  updatedAt: Date.UTC(2026, 0, 1, 1),
  status: 'finished',
  result: { winner: TOTAL % 2 === 0 ? 1 : 2, reason: 'resignation' },
  demo: false,
  revision: 1,
};
const analysis = {
  id: GAME_ID,
  moves: MOVES,
  timeMs: 300,
  evals: chances.map((winChance) => ({ winChance, best: -1, forcedWin: null })),
  updatedAt: Date.UTC(2026, 0, 1, 2),
};

/** Opens the app with the game and its analysis stored, on the game's review. */
async function openReview(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.locator('main.home')).toBeVisible();
  await putGames(page, [record]);
  await putValues(page, 'analyses', [{ value: analysis }]);
  await page.goto(`/#/play/${GAME_ID}`);
  await expect(page.locator('.mistakes')).toHaveCount(1);
}

/**
 * What is wrong with an element's place: outside the viewport, or covered (the point at its centre is
 * another element's, as the pinned board over a button scrolled under it).
 */
function placeProblems(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const el = document.querySelector(selector);
    if (!el) return [`${selector}: missing`];
    const r = el.getBoundingClientRect();
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const vh = innerHeight;
    if (r.top < -0.5 || r.left < -0.5 || r.bottom > vh + 0.5 || r.right > vw + 0.5)
      problems.push(`${selector} outside the viewport: ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`);
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (hit && hit !== el && !el.contains(hit))
      problems.push(`${selector} covered by ${hit.tagName}.${hit.getAttribute('class')}`);
    return problems;
  }, selector);
}

/** The board and the tapped element both on screen, the element not covered. */
async function bothInView(page: Page, tapped: string, what: string): Promise<void> {
  const problems = [...(await placeProblems(page, 'main.play [role="grid"]')), ...(await placeProblems(page, tapped))];
  expect(problems, what).toEqual([]);
}

/** Boxes that scroll (their content taller than they are) inside another box that scrolls, the page aside. */
const nestedScrollers = (page: Page) =>
  page.evaluate(() => {
    const scrolls = (el: Element) => {
      const y = getComputedStyle(el).overflowY;
      return (y === 'auto' || y === 'scroll') && el.scrollHeight > el.clientHeight + 1;
    };
    const nested: string[] = [];
    for (const el of document.querySelectorAll('main *')) {
      if (!scrolls(el)) continue;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (scrolls(a)) nested.push(`${el.className} in ${a.className} (${Math.round(a.clientHeight)} px)`);
    }
    return nested;
  });

/** The graph's dots whose box is not inside the graph's box. */
const clippedDots = (page: Page) =>
  page.locator('.eval-graph').evaluate((svg) => {
    const box = svg.getBoundingClientRect();
    return [...svg.querySelectorAll('.eval-graph-dot')]
      .map((dot) => dot.getBoundingClientRect())
      .filter(
        (d) =>
          d.left < box.left - 0.5 || d.top < box.top - 0.5 || d.right > box.right + 0.5 || d.bottom > box.bottom + 0.5,
      )
      .map((d) => [d.left, d.top, d.right, d.bottom].map(Math.round));
  });

/**
 * Light, then dark, in one page: the scheme switched by emulateMedia and the review loaded afresh (a reload,
 * not a new context and database: those were a third of each check's time).
 */
for (const shape of SHAPES) {
  test(`review at ${shape.name} (${shape.width}×${shape.height}), light and dark: the board with the tapped move`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({
      viewport: { width: shape.width, height: shape.height },
      hasTouch: true,
      isMobile: shape.isMobile,
      colorScheme: 'light',
      locale: 'en-GB',
    });
    const page = await context.newPage();
    await openReview(page);
    for (const scheme of ['light', 'dark'] as const) {
      if (scheme === 'dark') {
        await page.emulateMedia({ colorScheme: 'dark' });
        await page.goto(`/#/play/${GAME_ID}`);
        await page.reload();
        await expect(page.locator('.mistakes')).toHaveCount(1);
      }
      expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(scheme === 'dark');
      const status = page.getByRole('status');
      await expect(status).toHaveText(/wins by resignation/);

      // The graph's dots, the last one in its corner, are drawn whole; the marks are explained.
      await expect(page.locator('.eval-graph-dot')).toHaveCount(3);
      expect(await clippedDots(page), 'dots outside the graph').toEqual([]);
      await expect(page.locator('.marks-legend li')).toHaveText([
        /^\?! inaccuracy: −5% to −10%$/,
        /^\? mistake: −10% to −20%$/,
        /^\?\? blunder: −20% or more$/,
      ]);
      expect(await nestedScrollers(page), 'a scroller inside a scroller').toEqual([]);

      // A move in the list: the board shows it, and both are on screen.
      await page.getByRole('button', { name: /^Move 7, Black / }).click();
      await expect(status).toHaveText(/^Reviewing move 7 \(Black\) of 20\./);
      await bothInView(page, '.move-list [aria-current="true"]', 'a move tapped in the list');
      expect(await nestedScrollers(page), 'a scroller inside a scroller, in review').toEqual([]);

      // White's mistake, named as the list numbers it ("5… X"), from its button under the graph.
      const name = `5… ${MOVES[MISTAKE]}?`;
      const chip = page.locator('.mistakes button', { hasText: name });
      await chip.click();
      await expect(status).toHaveText(/^Reviewing move 5 \(White\) of/);
      await expect(chip).toHaveAttribute('aria-current', 'true');
      await bothInView(page, '.mistakes button[aria-current="true"]', 'a marked move tapped');
      await expect(page.locator('.verdict')).toHaveText(new RegExp(`^5… ${MOVES[MISTAKE]} was a mistake`));
      // The bars' labels (here "Play this move again") fit their boxes; nothing overlaps, at the top.
      await page.evaluate(() => scrollTo(0, 0));
      expect(await layoutProblems(page), 'the review of a marked move').toEqual([]);

      // A tap on the graph, a third of the way: the board and the graph both on screen.
      const graph = page.locator('.eval-graph');
      // (Wholly in view first, as a player scrolls to it: after the marked move it may be cut at the top.)
      await graph.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
      const box = (await graph.boundingBox())!;
      await graph.click({ position: { x: box.width / 3, y: box.height / 2 } });
      await expect(status).toHaveText(/^Reviewing move (6 \(White\)|7 \(Black\)) of/);
      await bothInView(page, '.eval-graph', 'the graph tapped');

      // "Play from here" on the mistake plays it again: the position before it, White (who made it) to move.
      await chip.click();
      await page.getByRole('button', { name: 'Play this move again' }).click();
      await expect(page.locator('main.play')).toHaveAttribute('data-ply', String(MISTAKE));
      await expect(status).toHaveText(/Bob \(White\) to move/);
    }
    await context.close();
  });
}

/** Screenshots to look at: 390×844 in three languages and 844×390, light and dark, top and scrolled. */
test('review screenshots (LAYOUT_SHOTS=1)', async ({ browser }) => {
  test.skip(!SHOOT, 'screenshots only with LAYOUT_SHOTS=1');
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const cases = [
    ...(['en', 'de', 'zh'] as const).map((lang) => ({ lang, width: 390, height: 844 })),
    { lang: 'en' as const, width: 844, height: 390 },
  ];
  for (const c of cases) {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({
        viewport: { width: c.width, height: c.height },
        hasTouch: true,
        isMobile: true,
        colorScheme: scheme,
        locale: LANGS[c.lang],
      });
      const page = await context.newPage();
      await openReview(page);
      const shot = `${SHOTS}/${c.width}x${c.height}-${c.lang}-${scheme}`;
      await page.screenshot({ path: `${shot}-top.png` });
      await page.locator('.mistakes button').first().click();
      await expect(page.locator('.mistakes button[aria-current="true"]')).toHaveCount(1);
      await page.screenshot({ path: `${shot}-marked.png` });
      await context.close();
    }
  }
});
