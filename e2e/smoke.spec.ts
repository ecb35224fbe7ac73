import { expect, test } from '@playwright/test';

test('tap previews a stone and a second tap places it', async ({ page }) => {
  await page.goto('/');
  const centre = page.getByRole('gridcell', { name: /^K10, / });
  await expect(centre).toHaveAccessibleName('K10, empty');
  await centre.tap();
  await expect(page.getByRole('status')).toContainText('Preview at K10');
  await expect(centre).toHaveAccessibleName('K10, empty');
  await centre.tap();
  await expect(centre).toHaveAccessibleName('K10, black stone');
  await expect(page.getByRole('status')).toContainText('White to move');
});

test('an illegal point says why', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('gridcell', { name: /^A1, / }).tap();
  await expect(page.getByText('The first stone must be played on the centre, K10.')).toBeVisible();
});

test('the service worker takes control and the manifest is complete', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Ready to work offline.')).toBeVisible();
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Pente', display: 'standalone', start_url: '.' });
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((i: { purpose?: string }) => i.purpose === 'maskable')).toBe(true);
});
