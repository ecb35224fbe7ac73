/**
 * Settings follow across tabs without a reload: the language and the theme chosen in one tab redraw the
 * other (storage's feed announces the settings; the shell reads them again).
 */
import { expect, test } from '@playwright/test';
import { openApp } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

test('choosing Deutsch and the dark theme in one tab redraws the other in German, dark', async ({ page, context }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openApp(page);
  const other = await context.newPage();
  other.on('pageerror', (e) => errors.push(e.message));
  await openApp(other);
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');

  await page.goto('/#/settings');
  await page.getByLabel('Language').selectOption('de');
  // This tab at once, in its own words.
  await expect(page.getByLabel('Sprache')).toHaveValue('de');

  // The other tab, untouched and not reloaded, redraws in German.
  await expect(other.getByRole('button', { name: 'Neue Partie' })).toBeVisible();
  await expect(other.locator('html')).toHaveAttribute('lang', 'de');
  await expect(other.getByRole('button', { name: 'New game' })).toHaveCount(0);

  await page.getByLabel('Design').selectOption('dark');
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');

  // Back to English from the other tab: the first follows.
  await other.goto('/#/settings');
  await other.getByLabel('Sprache').selectOption('en');
  await expect(page.getByLabel('Language')).toHaveValue('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(errors).toEqual([]);
});
