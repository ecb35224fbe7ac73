/**
 * The invitation steps the live friend-game specs share (live-clock, live-friend, live-presence): Alice
 * invites from Play a friend, playing White, and copies the link; Bob opens it and accepts. Each spec then
 * plays its own story over the relay its build (or its own test relay) gives.
 */
import { type Page, expect } from '@playwright/test';

export interface Invitation {
  /** The board size, as the Board select lists it. */
  readonly board: '9' | '13' | '19';
  /** A clock: minutes each and seconds added per move, as the invitation's selects list them. */
  readonly clock?: { readonly minutes: string; readonly incrementSeconds: string };
}

/**
 * Alice (on the app's Home, or on any screen with the Play a friend button) invites, playing White: the
 * link she copied, with the invitation sheet closed and her play screen shown.
 */
export async function inviteLink(alice: Page, invitation: Invitation): Promise<string> {
  await alice.getByRole('button', { name: 'Play a friend' }).click();
  await alice.getByLabel('Your name').fill('Alice');
  await alice.getByLabel('White').check();
  await alice.getByLabel('Board').selectOption(invitation.board);
  if (invitation.clock) {
    await expect(alice.getByLabel('Clock')).toHaveValue('0'); // untimed by default
    await alice.getByLabel('Clock').selectOption(invitation.clock.minutes);
    await alice.getByLabel('Seconds added per move').selectOption(invitation.clock.incrementSeconds);
  }
  await alice.getByRole('button', { name: 'Invite' }).click();
  const sheet = alice.getByRole('dialog', { name: /Invite a friend/ });
  await sheet.getByRole('button', { name: 'Copy link' }).click();
  const link = await alice.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain('#/g/');
  await sheet.getByRole('button', { name: 'Close' }).click();
  return link;
}

/** Bob opens Alice's link and accepts it as "Bob": his play screen shows the game, no move played yet. */
export async function acceptInvitation(bob: Page, link: string): Promise<void> {
  await bob.goto(link);
  await bob.getByLabel('Your name').fill('Bob');
  await bob.getByRole('button', { name: 'Accept and play' }).click();
  await expect(bob.locator('main.play')).toHaveAttribute('data-ply', '0');
}
