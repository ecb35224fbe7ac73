/**
 * Analysis on a phone (390×844): a short 9×9 game against the computer, analysed whole (progress, the
 * graph, every move judged, the marked moves and the graph as ways to jump), resumed after a reload in the
 * middle; the engine's view of a position in review (its best lines, drawn on the board as numbered ghost
 * stones) and a hint in review; and the openings book's moves marked on the board.
 */
import { type Page, expect, test } from '@playwright/test';
import { cell, lookAt, newGame, openApp, tapTwice } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

/**
 * Plays Black's moves against the computer (White), each after the computer's reply to the last: each move
 * is the first of its candidates still empty (the computer may have taken the others).
 */
async function playAgainstComputer(page: Page, moves: readonly (readonly string[])[]): Promise<void> {
  const play = page.locator('main.play');
  for (const [i, candidates] of moves.entries()) {
    let name = candidates[0]!;
    for (const c of candidates) {
      if ((await cell(page, c).getAttribute('aria-label')) === `${c}, empty`) {
        name = c;
        break;
      }
    }
    await tapTwice(page, name);
    // The computer replies: two plies per turn.
    await expect(play).toHaveAttribute('data-ply', String(2 * (i + 1)), { timeout: 15_000 });
  }
}

async function resign(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
  await expect(page.getByRole('status')).toHaveText(/wins by resignation/);
}

const progressText = (page: Page) => page.locator('.analysis-progress span');

test('a game against the computer, analysed whole: graph, verdicts, jumps; it resumes after a reload', async ({
  page,
}) => {
  await openApp(page);
  await newGame(page, { white: 'Casual (computer)' });
  // Black plays the centre, then wanders off to the edges: moves the analysis can fault.
  await playAgainstComputer(page, [['E5'], ['A1', 'B1'], ['J1', 'H1'], ['A9', 'B9']]);
  await resign(page);

  // The result card offers Analyse; the analysis runs position by position, then draws the graph.
  await page.getByRole('button', { name: 'Analyse', exact: true }).click();
  await expect(progressText(page)).toHaveText(/Analysing… \d+ of 9 positions/);
  // Reload in the middle: what was saved is kept, and the analysis goes on by itself.
  await expect(progressText(page)).toHaveText(/Analysing… [2-8] of 9 positions/);
  const before = Number((await progressText(page).textContent())!.match(/(\d+) of/)![1]);
  // While it runs nothing is counted: no "0 blunders" for moves not reached yet (read in one go, as the
  // analysis may end at any moment).
  expect(
    await page.evaluate(() => !document.querySelector('.analysis-progress') || !document.querySelector('.mistakes')),
    'marked moves counted while the analysis runs',
  ).toBe(true);
  await page.reload();
  await expect(page.locator('.eval-graph')).toBeVisible();
  const resumedAt = page.locator('.analysis-progress span');
  if (await resumedAt.isVisible()) {
    const after = Number((await resumedAt.textContent())?.match(/(\d+) of/)?.[1] ?? '9');
    expect(after).toBeGreaterThanOrEqual(before);
  }
  await expect(page.locator('.analysis-progress')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: /Analyse this game|Go on analysing/ })).toHaveCount(0);

  // Every move is judged: each side's summary, and a verdict for the move on the board.
  const summaries = page.locator('.mistakes-side > p');
  await expect(summaries).toHaveCount(2);
  await expect(summaries.first()).toHaveText(/\d+ blunders?, \d+ mistakes?, \d+ inaccurac(y|ies)/);
  await expect(page.locator('.verdict')).toHaveText(
    /^\d+(\.|…) [A-J]\d was (the best move|a good move|an inaccuracy|a mistake|a blunder)/,
  );

  // A tap on the graph shows that position: its left edge is the start.
  const graph = page.locator('.eval-graph');
  await graph.scrollIntoViewIfNeeded();
  const box = (await graph.boundingBox())!;
  await page.mouse.click(box.x + 2, box.y + box.height / 2);
  await expect(page.getByRole('status')).toHaveText(/Reviewing the start, before move 1 \(of 4\)/);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByRole('status')).toHaveText(/Reviewing move 2 \(White\) of 4/);

  // Black's edge moves are faulted somewhere; a marked move jumps to the position after it.
  const marked = page.locator('.mistakes-side button');
  if ((await marked.count()) > 0) {
    const first = marked.first();
    // Named as the move list numbers it: "2. A1?" is move 3 (Black's), "2… B1?" move 4 (White's).
    const [, number, mark] = (await first.textContent())!.match(/^(\d+)(\.|…) /)!;
    const colour = mark === '.' ? 'Black' : 'White';
    await first.click();
    await expect(page.getByRole('status')).toHaveText(
      new RegExp(`Reviewing move ${number} \\(${colour}\\) of 4|wins by resignation`),
    );
    // The move list marks it too.
    await expect(page.locator('.move-list .quality-symbol').first()).toBeVisible();
  }
  await lookAt(page, { path: test.info().outputPath('analysed.png'), fullPage: true });
});

test('the engine’s view of a position in review: best lines, ghost stones, a hint', async ({ page }) => {
  await openApp(page);
  await newGame(page, { white: 'Casual (computer)' });
  await playAgainstComputer(page, [['E5'], ['B2', 'H2', 'B8', 'H8']]);
  // In a live game against the computer, the engine is for the computer: the switch waits for review.
  const engine = page.getByRole('checkbox', { name: 'Engine' });
  await expect(engine).toBeDisabled();
  await page.getByRole('button', { name: 'Previous move' }).click();
  await expect(page.getByRole('status')).toHaveText(/Reviewing move 2 \(Black\) of 2/);
  await engine.check();
  const lines = page.getByRole('list', { name: 'The engine’s best moves' }).getByRole('button');
  await expect(lines).toHaveCount(3, { timeout: 15_000 });
  await expect(page.locator('.analysis-value')).toHaveText(/Black \d+% · White \d+%|wins in \d+/);
  // The chosen line is on the board as numbered ghost stones: its first move is move 1.
  const first = (await lines.first().locator('.line-move').textContent())!;
  await expect(cell(page, first)).toHaveAccessibleName(new RegExp(`^${first}, empty, line move 1`));
  // Another line, another first move.
  // (By its move: the lines change places as they deepen, and a move may leave the three best between
  // reading it and tapping it, so the pick is tried again until a line tapped is the line drawn.)
  await expect(async () => {
    const second = (await lines.nth(1).locator('.line-move').textContent({ timeout: 2_000 }))!;
    await lines
      .filter({ has: page.locator('.line-move', { hasText: new RegExp(`^${second}$`) }) })
      .click({ timeout: 2_000 });
    await expect(cell(page, second)).toHaveAccessibleName(new RegExp(`^${second}, empty, line move 1`), {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await lookAt(page, { path: test.info().outputPath('engine-lines.png'), fullPage: true });

  // A step back: the old lines go, the new position's come.
  await page.getByRole('button', { name: 'Previous move' }).click();
  await expect(page.getByRole('status')).toHaveText(/Reviewing move 1 \(White\) of 2/);
  await expect(lines).toHaveCount(3, { timeout: 15_000 });

  // The hint works in review too, in words as well as on the board.
  await engine.uncheck();
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.locator('.info .detail')).toHaveText(/^Hint: [A-J]\d$/, { timeout: 10_000 });
});

test('the openings book’s moves are marked on the board while its panel is open', async ({ page }) => {
  await openApp(page);
  await newGame(page, { white: 'Guest', size: '19' });
  await tapTwice(page, 'K10');
  await page.getByText('Openings book').click();
  const bookRows = page.locator('table.book tbody tr');
  await expect(bookRows.first()).toBeVisible({ timeout: 10_000 });
  const name = (await bookRows.first().locator('td').first().textContent())!;
  await expect(cell(page, name)).toHaveAccessibleName(new RegExp(`^${name}, empty, book \\d+`));
  // Closed, the marks go.
  await page.getByText('Openings book').click();
  await expect(cell(page, name)).toHaveAccessibleName(`${name}, empty`);
});
