import { type Page, expect, test } from '@playwright/test';
import { LEVELS, levelById, levelRating } from '../src/core';
import { levelPlace, levelPlays, ratingInWords } from '../src/ui/players/level-words';
import { cell, newGame, openApp, seriousViolations, tapTwice } from './helpers';

/** Twenty characters: the longest name the players screen takes, which must be shown in full. */
const LONG_NAME = 'Alexandra Montgomery';

/** The players store as saved, read straight from IndexedDB. */
function storedPlayers(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(
    () =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const open = indexedDB.open('pente');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('players').objectStore('players').getAll();
          get.onsuccess = () => {
            open.result.close();
            resolve(get.result as Record<string, unknown>[]);
          };
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

const storedPlayer = async (page: Page, id: string) => (await storedPlayers(page)).find((p) => p.id === id);

/** Resigns the game on screen for the side to move, confirming in the app's dialog. */
async function resign(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
}

async function openPlayers(page: Page): Promise<void> {
  await openApp(page);
  await page.getByRole('button', { name: 'Players' }).click();
  await expect(page.getByRole('heading', { name: 'Computer players' })).toBeVisible();
}

/** True when the element's text fits in its box (nothing cut off or hidden behind an ellipsis). */
const fitsInFull = (page: Page, text: string) =>
  page
    .getByText(text, { exact: true })
    .first()
    .evaluate((e) => e.scrollWidth <= e.clientWidth && getComputedStyle(e).textOverflow !== 'ellipsis');

test.describe('players', () => {
  test('"Player 1" can be renamed to a 20-character name, shown in full, in New game and in a game', async ({
    page,
  }) => {
    await openPlayers(page);
    await page.getByRole('button', { name: 'Rename Player 1' }).click();
    await page.getByLabel('Name', { exact: true }).fill(LONG_NAME);
    await page.getByRole('button', { name: 'Save' }).click();
    // The focus goes back to the row, not to the top of the page.
    await expect(page.getByRole('button', { name: `Rename ${LONG_NAME}` })).toBeFocused();
    expect(await fitsInFull(page, LONG_NAME)).toBe(true);
    expect((await storedPlayer(page, 'player-1'))?.name).toBe(LONG_NAME);

    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'New game' }).click();
    await expect(page.getByLabel('Black (moves first)').getByRole('option', { name: LONG_NAME })).toHaveCount(1);
    await page.getByLabel('Black (moves first)').selectOption({ label: LONG_NAME });
    await page.getByLabel('White').selectOption({ label: 'Guest' });
    await page.getByLabel('Board').selectOption('9');
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByRole('status')).toHaveText(`${LONG_NAME} (Black) to move.`);
  });

  test('a name another person has is refused inline and nothing is saved', async ({ page }) => {
    await openPlayers(page);
    await page.getByLabel('Add a person').fill('Bob');
    await page.getByRole('button', { name: 'Add', exact: true }).first().click();
    await page.getByRole('button', { name: 'Rename Bob' }).click();
    const field = page.getByLabel('Name', { exact: true });
    await field.fill('Player 1');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'There is already a player named “Player 1”.' }),
    ).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    const humans = (await storedPlayers(page)).filter((p) => p.kind === 'human').map((p) => p.name);
    expect(humans.sort()).toEqual(['Bob', 'Player 1']);
    // Adding a second "Bob" is refused the same way.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByLabel('Add a person').fill('Bob');
    await page.getByRole('button', { name: 'Add', exact: true }).first().click();
    await expect(page.getByRole('alert').filter({ hasText: 'There is already a player named “Bob”.' })).toBeVisible();
    expect((await storedPlayers(page)).filter((p) => p.name === 'Bob')).toHaveLength(1);
  });

  test('a think time beyond the limit, typed or set on the slider, is stored as the limit', async ({ page }) => {
    await openPlayers(page);
    const edit = page.getByRole('button', { name: 'Edit Casual' });
    await edit.click();
    await expect(edit).toHaveAttribute('aria-expanded', 'true');
    const seconds = page.getByLabel('Think time in seconds');
    await seconds.fill('999999');
    await seconds.blur();
    await expect(seconds).toHaveValue('10');
    // The raw settings are hidden until asked for, and held to their limits too.
    const depth = page.getByLabel('Search depth (moves ahead)');
    await expect(depth).toBeHidden();
    await page.getByText('Advanced: depth, vision, judgement').click();
    await depth.fill('500');
    await page.getByLabel('Vision (%)').fill('-20');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Edit Casual' })).toHaveAttribute('aria-expanded', 'false');
    expect(await storedPlayer(page, 'casual')).toMatchObject({ timeMs: 10_000, depth: 64, vision: 0 });

    // The slider, given a value past its end by script, shows and saves no more than the limit (the browser
    // holds a range input to its max as well; the typed field above is what only our clamp stops).
    await page.getByRole('button', { name: 'Edit Casual' }).click();
    await page.getByLabel('Thinks for').evaluate((input: HTMLInputElement) => {
      input.value = '999999';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await expect(page.getByLabel('Think time in seconds')).toHaveValue('10');
    // Something that is not a number becomes the level's own think time (Beginner's 0.3 s).
    await page.getByLabel('Strength').fill('0');
    await page.getByLabel('Think time in seconds').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Edit Casual' })).toHaveAttribute('aria-expanded', 'false');
    expect((await storedPlayer(page, 'casual'))?.timeMs).toBe(300);
  });

  test('the strength slider copies a built-in level and shows its measured rating', async ({ page }) => {
    const index = (id: string) => LEVELS.findIndex((l) => l.id === id);
    const rated = (id: string) =>
      `${levelById(id)!.name}, rated ≈ ${levelRating(levelById(id)!)} on the app’s own scale`;
    await openPlayers(page);
    await expect(
      page.getByText(`Rated ≈ ${levelRating(levelById('casual')!)} (the app’s own scale) · Thinks about`).first(),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Edit Casual' }).click();
    const strength = page.getByLabel('Strength');
    await expect(strength).toHaveAttribute('aria-valuetext', rated('casual'));
    await strength.focus();
    await page.keyboard.press('ArrowRight');
    await expect(strength).toHaveAttribute('aria-valuetext', rated(LEVELS[index('casual') + 1]!.id));
    await strength.fill(String(index('expert')));
    await expect(strength).toHaveAttribute('aria-valuetext', rated('expert'));
    const expert = levelById('expert')!;
    await expect(page.getByLabel('Think time in seconds')).toHaveValue(String(expert.timeMs / 1000));
    await page.getByRole('button', { name: 'Save' }).click();
    const { depth, timeMs, vision, judgement, book } = expert;
    expect(await storedPlayer(page, 'casual')).toEqual({
      id: 'casual',
      kind: 'computer',
      name: 'Casual',
      ...{ depth, timeMs, vision, judgement, book },
    });
    await expect(
      page.getByText(
        `Strength: Expert · Rated ≈ ${levelRating(expert)} (the app’s own scale) · Thinks about ${timeMs / 1000} ${timeMs === 1000 ? 'second' : 'seconds'}`,
      ),
    ).toBeVisible();
  });

  test('New game shows a computer player’s level in words under its choice', async ({ page }) => {
    await openApp(page);
    await page.getByRole('button', { name: 'New game' }).click();
    const white = page.getByLabel('White');
    // The computer players in bands of the scale, weakest first (once the players are read and listed).
    await expect(white.locator('optgroup')).toHaveCount(5);
    expect(await white.locator('optgroup').evaluateAll((groups) => groups.map((g) => g.getAttribute('label')))).toEqual(
      ['People', 'Computer: just learning', 'Computer: knows the rules', 'Computer: experienced', 'Computer: strong'],
    );
    const computers = await white.locator('optgroup:not([label="People"]) option').allTextContents();
    expect(computers).toEqual(LEVELS.map((l) => `${l.name} (computer)`));
    for (const id of ['master', 'casual']) {
      const level = levelById(id)!;
      await white.selectOption({ label: `${level.name} (computer)` });
      await expect(white).toHaveAccessibleDescription(
        `${levelPlace(level)}. ${ratingInWords(level)} ${levelPlays({ id })}`,
      );
    }
    // Casual's rating as games won against the level below: "… wins about 4 games in 5 against Learner …".
    await expect(page.getByText(ratingInWords(levelById('casual')!))).toBeVisible();
    expect(ratingInWords(levelById('casual')!)).toContain('against Learner');
    // People have no rating: Black is Player 1, and White now the guest.
    await white.selectOption({ label: 'Guest' });
    await expect(page.getByText(/Rated \d/)).toHaveCount(0);
  });

  test('at 360 px the players screen, with the editor open, does not scroll sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await openPlayers(page);
    await page.getByRole('button', { name: 'Edit Intermediate' }).click();
    await page.getByText('Advanced: depth, vision, judgement').click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const name of ['Strength', 'Thinks for', 'Plays from the openings book', 'Search depth (moves ahead)']) {
      const box = await page.getByLabel(name).boundingBox();
      // The checkbox's target is its whole label row.
      const target = name.startsWith('Plays') ? await page.locator('label.check-row').boundingBox() : box;
      expect(target!.height, name).toBeGreaterThanOrEqual(44);
    }
  });
});

test.describe('home', () => {
  test('without an unfinished game, New game is the hero', async ({ page }) => {
    await openApp(page);
    const hero = page.getByRole('region', { name: 'Play Pente' });
    await expect(hero.getByRole('button', { name: 'New game' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Continue game/ })).toHaveCount(0);
    for (const name of [
      'Games',
      'Players',
      'Settings',
      'Puzzles',
      'Rules and help',
      'About',
      'Watch the computer (demo)',
    ]) {
      await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    }
  });

  test('an unfinished game is a card with its board, players and turn; Continue opens it', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await openApp(page);
    await newGame(page, { white: 'Guest' });
    await tapTwice(page, 'E5');
    await tapTwice(page, 'F6');
    await expect(cell(page, 'F6')).toHaveAccessibleName('F6, white stone');
    await page.getByRole('button', { name: 'Back to the menu' }).click();

    const card = page.getByRole('region', { name: 'Unfinished game' });
    await expect(card.getByRole('img', { name: 'The board after 1 move' })).toBeVisible();
    await expect(card.locator('.thumb-stone.p1')).toHaveCount(1);
    await expect(card.locator('.thumb-stone.p2')).toHaveCount(1);
    await expect(card).toContainText('Player 1');
    await expect(card).toContainText('Guest');
    await expect(card).toContainText('Move 2: Player 1 (Black) to move');
    await expect(page.getByRole('region', { name: 'Play Pente' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await card.getByRole('button', { name: /^Continue game/ }).click();
    await expect(cell(page, 'E5')).toHaveAccessibleName('E5, black stone');
    await expect(cell(page, 'F6')).toHaveAccessibleName('F6, white stone');
    await expect(page.getByRole('status')).toHaveText('Player 1 (Black) to move.');
  });

  test('a finished game appears in the recent results', async ({ page }) => {
    await openApp(page);
    await expect(page.getByRole('region', { name: 'Recent results' })).toHaveCount(0);
    await newGame(page, { white: 'Guest' });
    await tapTwice(page, 'E5');
    await tapTwice(page, 'F6');
    await expect(cell(page, 'F6')).toHaveAccessibleName('F6, white stone');
    await resign(page);
    await expect(page.getByRole('status')).toHaveText('Guest (White) wins by resignation.');
    await page.getByRole('button', { name: 'Back to the menu' }).click();

    const recent = page.getByRole('region', { name: 'Recent results' });
    const result = recent.getByRole('button', { name: /^Guest beat Player 1 by resignation/ });
    await expect(result).toBeVisible();
    await expect(result).toContainText('just now');
    // The game is over, so it is no longer offered to continue.
    await expect(page.getByRole('button', { name: /^Continue game/ })).toHaveCount(0);
    await result.click();
    await expect(page.getByRole('grid')).toBeVisible();
  });
});

test.describe('accessibility', () => {
  // axe is injected as an inline script, which the app's Content-Security-Policy (rightly) refuses.
  test.use({ bypassCSP: true });

  test('axe finds no serious problems on Players (editor open) or Home (card and results), in both themes', async ({
    page,
  }) => {
    await openApp(page);
    await newGame(page, { white: 'Guest' });
    await tapTwice(page, 'E5');
    await resign(page);
    await expect(page.getByRole('status')).toHaveText(/wins by resignation/);
    await page.getByRole('button', { name: 'Back to the menu' }).click();
    await newGame(page, { white: 'Guest' });
    await tapTwice(page, 'E5');
    await page.getByRole('button', { name: 'Back to the menu' }).click();
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.getByRole('region', { name: 'Recent results' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Unfinished game' })).toBeVisible();
      expect(await seriousViolations(page), `home, ${theme}`).toEqual([]);
      await page.getByRole('button', { name: 'Players' }).click();
      await page.getByRole('button', { name: 'Edit Casual' }).click();
      await page.getByText('Advanced: depth, vision, judgement').click();
      expect(await seriousViolations(page), `players, ${theme}`).toEqual([]);
      await page.getByRole('button', { name: 'Back' }).click();
    }
  });
});
