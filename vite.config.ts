import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The shipped openings book's content hash: the app keeps the book stored in IndexedDB while it matches. */
const bookHash = createHash('sha256')
  .update(readFileSync(new URL('public/openings.bin', import.meta.url)))
  .digest('hex')
  .slice(0, 16);

export default defineConfig({
  define: { __BOOK_HASH__: JSON.stringify(bookHash) },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  worker: { format: 'es' },
  build: { target: 'es2022', sourcemap: true },
  plugins: [
    VitePWA({
      // The page registers the service worker itself through workbox-window (src/ui/pwa.ts), so it can
      // say "ready to work offline" and offer "update available".
      injectRegister: false,
      registerType: 'prompt',
      includeAssets: ['icon.svg', 'apple-touch-icon-180x180.png'],
      manifest: {
        name: 'Pente',
        short_name: 'Pente',
        description: 'Play Pente offline: against a strong computer opponent or a friend on the same device.',
        lang: 'en',
        start_url: '.',
        scope: '.',
        display: 'standalone',
        orientation: 'any',
        background_color: '#1f1b16',
        theme_color: '#1f1b16',
        categories: ['games'],
        icons: [
          { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: 'maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,bin}'],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
});
