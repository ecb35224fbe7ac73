/**
 * Settings → Playing online, in the e2e build (scripts/test.sh: VITE_LOCAL_RELAY, public relays off)
 * with the real local relay that playwright.config.ts starts: the list holds that relay and nothing public,
 * and "Check the connections" opens a real WebSocket to it. The device's key is made once, survives a
 * reload, is the same in a second tab, and travels in "Export everything".
 */
import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { openApp } from './helpers';

const LOCAL_RELAY = process.env.VITE_LOCAL_RELAY;

test.beforeEach(() => {
  expect(
    LOCAL_RELAY,
    'this spec needs the e2e build: VITE_LOCAL_RELAY=ws://127.0.0.1:<RELAY_PORT> VITE_PUBLIC_RELAYS=off npx vite build, and the same variables for playwright',
  ).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
});

async function openOnlineSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Playing online' })).toBeVisible();
  await expect(page.getByTestId('fingerprint')).toHaveText(/^\d{4} \d{4} \d{4} \d{4}$/);
}

test('lists only the local relay and shows it connected over a real WebSocket', async ({ page }) => {
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await openApp(page);
  await openOnlineSettings(page);
  const relays = page.locator('.online-relays li');
  await expect(relays).toHaveCount(1);
  await expect(relays.first()).toHaveAttribute('data-relay', LOCAL_RELAY!);
  await expect(relays.first().getByTestId('relay-state')).toHaveText('Not connected');
  expect(sockets, 'opening Settings contacts no relay').toEqual([]);
  await page.getByRole('button', { name: 'Check the connections' }).click();
  await expect(relays.first().getByTestId('relay-state')).toHaveText('Connected');
  expect(sockets.map((url) => url.replace(/\/$/, ''))).toEqual([LOCAL_RELAY]);

  // A bad address is refused with words; a good one is added, and restoring the defaults takes it away.
  const add = page.getByLabel('Add a relay (wss://…)');
  await add.fill('http://example.com');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('A relay’s address starts with wss://.');
  await add.fill('relay.example.org');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(relays).toHaveCount(2);
  await expect(relays.nth(1)).toHaveAttribute('data-relay', 'wss://relay.example.org');
  await page.reload();
  await expect(page.locator('.online-relays li')).toHaveCount(2);
  await page.getByRole('button', { name: 'Restore the default relays' }).click();
  await expect(page.locator('.online-relays li')).toHaveCount(1);
});

test('the key survives a reload, is the same in a second tab, and Export everything carries it', async ({
  page,
  context,
}) => {
  await openApp(page);
  await openOnlineSettings(page);
  const print = await page.getByTestId('fingerprint').textContent();
  await page.getByText('Your public key').click();
  const npub = await page.getByTestId('npub').textContent();
  expect(npub).toMatch(/^npub1[02-9ac-hj-np-z]{58}$/);

  await page.reload();
  await expect(page.getByTestId('fingerprint')).toHaveText(print!);

  const second = await context.newPage();
  await openApp(second);
  await openOnlineSettings(second);
  await expect(second.getByTestId('fingerprint')).toHaveText(print!);
  await second.close();

  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Games', exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export everything' }).click();
  const file = JSON.parse(readFileSync((await (await download).path())!, 'utf8')) as {
    onlineKeys?: { device: { publicKey: string; secretKey: string } | null };
  };
  expect(file.onlineKeys?.device?.secretKey).toMatch(/^[0-9a-f]{64}$/);
  const { npubEncode } = await import('nostr-tools/nip19');
  expect(npubEncode(file.onlineKeys!.device!.publicKey)).toBe(npub);
});
