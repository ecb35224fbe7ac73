/** Two people playing by link in two browser contexts: the parts friend, friend-variants and restore-backup share. */
import { type Browser, type BrowserContext, type Page, expect } from '@playwright/test';
import { cell, relaysDown } from './helpers';

/** A window where a 19×19 board needs no zoom: a click chooses a point. */
export const FRIEND_WINDOW = { width: 900, height: 1000 };

/** A person on a device of their own: relays down (games go by link), the clipboard allowed. */
export async function newPlayer(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: FRIEND_WINDOW, isMobile: false, hasTouch: false });
  await relaysDown(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return { context, page: await context.newPage() };
}

/** Previews and places a stone with two clicks, and waits for it to be saved and shown. */
export async function place(page: Page, point: string): Promise<void> {
  const play = page.locator('main.play');
  const before = Number(await play.getAttribute('data-ply'));
  await cell(page, point).click();
  await expect(cell(page, point)).toHaveAccessibleName(new RegExp(`^${point}, empty, preview`));
  await cell(page, point).click();
  await expect(play).toHaveAttribute('data-ply', String(before + 1));
}

export const sendSheet = (page: Page) =>
  page.getByRole('dialog', { name: /Invite a friend|Send your move|Send the result/ });

/**
 * Sends the game: copies the link from the send sheet if it is open (an invitation to a friend who moves
 * first; the copy is the link the sheet shows), else with Send, which copies it in one tap; returns what
 * the clipboard holds.
 */
export async function copyLink(page: Page): Promise<string> {
  const sheet = sendSheet(page);
  await page.evaluate(() => navigator.clipboard.writeText(''));
  if (await sheet.isVisible()) {
    await sheet.getByRole('button', { name: 'Copy link' }).click();
    await expect(sheet.getByRole('status')).toHaveText(/^Copied\./);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await sheet.getByLabel('Link for your friend', { exact: true }).inputValue());
    await sheet.getByRole('button', { name: 'Close' }).click();
    return copied;
  }
  await page.getByRole('button', { name: /^Send (your move|invite|the result)$/ }).click();
  await expect(page.getByText(/^Copied\./).first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('#/g/');
  return page.evaluate(() => navigator.clipboard.readText());
}
