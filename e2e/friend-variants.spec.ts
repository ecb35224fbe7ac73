/**
 * Every game with a friend by link (issue 32): D-Pente's opening steps travel in the links. Alice places
 * the first four stones and sends the invitation; Bob joins, takes Black's seat (a swap: the people change
 * seats, never the stones) and plays the fifth stone; Alice opens his link and now plays White, with the
 * names on the right sides. Screenshots of the seat choice at 390×844 and 844×390.
 */
import { expect, test } from '@playwright/test';
import { parseGameLink } from '../src/core';
import { FRIEND_WINDOW, copyLink, newPlayer, place } from './friend-helpers';
import { lookAt } from './helpers';

const code = (link: string) => decodeURIComponent(link.slice(link.indexOf('#/g/') + 4));

test.describe('D-Pente with a friend by link', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the seat choice travels in the link, and the seats change with a swap', async ({ browser }) => {
    const alice = await newPlayer(browser);
    const bob = await newPlayer(browser);
    try {
      // Alice invites as Black: D-Pente has no opening rule, so the four stones go anywhere.
      await alice.page.goto('/');
      await alice.page.getByRole('button', { name: 'Play a friend' }).click();
      await alice.page.getByLabel('Your name').fill('Alice');
      await alice.page.getByLabel('Game').selectOption('d-pente');
      await alice.page.getByLabel('Black (moves first)').check();
      await alice.page.getByLabel('Board').selectOption('19');
      await alice.page.getByRole('button', { name: 'Invite' }).click();
      await expect(alice.page.locator('main.play')).toBeVisible();
      for (const point of ['K10', 'L11', 'M9', 'N12']) await place(alice.page, point);
      // Four stones down: Bob's seat choice is due, so the invitation goes now.
      const invitation = await copyLink(alice.page);
      const opened = parseGameLink(code(invitation));
      expect(opened.ok && opened.value.state.moves.length).toBe(4);

      await bob.page.goto(invitation);
      await bob.page.getByLabel('Your name').fill('Bob');
      await bob.page.getByRole('button', { name: 'Accept and play' }).click();
      const choice = bob.page.locator('.seat-choice');
      await expect(choice).toBeVisible();
      // Said to Bob as his own choice, not of him by name.
      await expect(
        bob.page.getByText('Your choice: take Black’s seat (and play the next stone) or keep White.'),
      ).toBeVisible();
      for (const [name, size] of [
        ['seat-choice-390x844', { width: 390, height: 844 }],
        ['seat-choice-844x390', { width: 844, height: 390 }],
      ] as const) {
        await bob.page.setViewportSize(size);
        await choice.scrollIntoViewIfNeeded();
        await lookAt(bob.page, { path: test.info().outputPath(`${name}.png`) });
      }
      await bob.page.setViewportSize(FRIEND_WINDOW);
      await choice.getByRole('button', { name: 'Take Black' }).click();
      await expect(choice).toBeHidden();
      // Bob now sits in Black's seat and plays the fifth stone.
      await place(bob.page, 'J9');
      const reply = await copyLink(bob.page);
      const replied = parseGameLink(code(reply));
      expect(replied.ok && replied.value.state.seatChoice).toBe('swap');

      await alice.page.goto(reply);
      await expect(alice.page.locator('main.play')).toHaveAttribute('data-ply', '5');
      // Alice plays White now: her move, and the names on the right sides.
      await expect(alice.page.getByRole('status').first()).toHaveText('Your move (White).');
      await expect(alice.page.locator('.side-strip, .players').first()).toContainText('Bob');
      await place(alice.page, 'O13');
      const third = await copyLink(alice.page);
      const after = parseGameLink(code(third));
      expect(after.ok && after.value.link.names).toEqual(['Bob', 'Alice']);
      // A swap forged into a link where no seat choice is due is refused, naming what is due.
      const forged = code(third).replace(/^3(.)(.{8})/, '3$1$2__');
      expect(parseGameLink(forged).ok).toBe(false);
    } finally {
      await Promise.all([alice.context.close(), bob.context.close()]);
    }
  });
});
