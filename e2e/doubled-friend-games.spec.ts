/**
 * A library that already holds a friend game twice (from a restore before issue 28's fix) is mended when
 * the app opens: Home listed "Bob · …" twice; after the first screen a copy that the other holds whole is
 * dropped and Home lists the game once, while copies that differ are both kept; a notice says which
 * (src/storage/doubled-friend-games.ts, run by the shell after its library check).
 */
import { type Page, expect, test } from '@playwright/test';
import { newFriendGame } from '../src/storage/friend-games';
import { withState } from '../src/storage/games';
import type { StoredGame } from '../src/storage/records';
import { summarize } from '../src/storage/summaries';
import { game } from '../tests/helpers';
import { putGamesWithSummaries } from './helpers';

const line = ['E5', 'F6', 'B2', 'C3', 'D4'];
const other = ['E5', 'F6', 'B2', 'D3', 'D4'];

/** Ann's copy of her friend game with Bob, with `moves`, stored under record id `id`. */
const copy = (id: string, moves: string[], updatedAt: number): StoredGame => ({
  ...withState(
    {
      ...newFriendGame({
        variant: 'pente',
        size: 9,
        tournamentRule: true,
        gameId: 'AbCdEfGhIjKlMn-_',
        mySide: 1,
        myName: 'Ann',
      }),
      players: [
        { name: 'Ann', kind: 'human' },
        { name: 'Bob', kind: 'human' },
      ],
    },
    game({ size: 9 }, moves.join(' ')),
  ),
  id,
  updatedAt,
});

async function openWith(page: Page, copies: StoredGame[]): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
  // The copies are written from a page of the app's origin that runs no app: the first page's own check
  // after start (which mends doubled games) must not run on them, or it says so there and not after the load.
  await page.goto('/icon.svg');
  await putGamesWithSummaries(
    page,
    copies,
    copies.map((c) => summarize(c.id, c)),
  );
  await page.goto('/');
}

const friendRows = (page: Page) => page.locator('section.friend-games li');

test('a friend game stored twice is joined into the copy furthest on, and the notice says so', async ({ page }) => {
  const now = Date.now();
  await openWith(page, [copy('a-restored', line.slice(0, 3), now - 60_000), copy('b-live', line, now)]);
  await expect(page.getByText('Your game with Bob was stored twice: the copies are joined into one')).toBeVisible();
  await expect(friendRows(page)).toHaveCount(1);
  await page.reload();
  await expect(friendRows(page)).toHaveCount(1);
  // The copy kept is the live one: its five moves.
  await page.getByRole('button', { name: 'Games', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Games', level: 1 })).toBeVisible();
});

test('two copies that differ are both kept, and the notice asks the player to choose', async ({ page }) => {
  const now = Date.now();
  await openWith(page, [copy('a-mine', line, now - 60_000), copy('b-other', other, now)]);
  await expect(
    page.getByText(/Your game with Bob is stored twice, and the two copies differ: both are kept/),
  ).toBeVisible();
  await expect(friendRows(page)).toHaveCount(2);
});
