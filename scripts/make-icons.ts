/**
 * Renders public/icon.svg to the PNG icons the web app manifest names (run by hand when the icon changes:
 * npx tsx scripts/make-icons.ts). Uses Debian's Chromium, as the end-to-end tests do.
 */
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const svg = readFileSync('public/icon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage();
for (const [file, size] of [
  ['public/pwa-192x192.png', 192],
  ['public/pwa-512x512.png', 512],
  ['public/maskable-512x512.png', 512],
  ['public/apple-touch-icon-180x180.png', 180],
] as const) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<body style="margin:0">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body>`,
  );
  await page.screenshot({ path: file, omitBackground: false });
}
await browser.close();
