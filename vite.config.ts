import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Plugin, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { WORDS_OPTIONS } from './scripts/lib/words';

/** The shipped openings book's content hash: the app keeps the book stored in IndexedDB while it matches. */
const bookHash = createHash('sha256')
  .update(readFileSync(new URL('public/openings.bin', import.meta.url)))
  .digest('hex')
  .slice(0, 16);

/**
 * The Content-Security-Policy, one directive per entry: only what the built app uses.
 * - Scripts, the engine's module worker and the service worker (workbox-window registers sw.js, which
 *   importScripts its workbox chunk) are same-origin files: no inline script, no eval, no blob: workers.
 * - connect-src: fetch of openings.bin, and the service worker's precache fetches.
 * - media-src blob:: the sound effects are WAVs made in memory and played from blob: URLs (src/ui/shell/sound.ts).
 *   Downloads also use blob: URLs, but an <a download> is a navigation, which no fetch directive governs.
 * - Styles are the one stylesheet; Preact sets styles through the CSSOM, which CSP does not restrict.
 * - No plugins, no <base>, forms submit nowhere but here (they are all handled by script).
 */
const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "media-src 'self' blob:",
  "style-src 'self'",
  "font-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
];
/** frame-ancestors (no framing: clickjacking) works only as a header; in a <meta> it is ignored, with a console error. */
const CSP_HEADER = [...CSP_DIRECTIVES, "frame-ancestors 'none'"].join('; ');
const CSP_META = CSP_DIRECTIVES.join('; ');

/**
 * Cross-origin isolation, so the page may use SharedArrayBuffer: the engine then searches on several
 * threads sharing one table (src/ai/smp.ts). Everything the app loads is same-origin, so require-corp
 * refuses nothing; CORP same-origin marks every file as fine to embed here. The service worker adds the
 * same headers to what it serves (src/sw.ts), so the installed app is isolated offline too.
 */
const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** The headers `npm start`'s server (vite preview) sends with every response. */
const SECURITY_HEADERS = {
  'Content-Security-Policy': CSP_HEADER,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  ...ISOLATION_HEADERS,
};

/**
 * Puts the policy in the built page itself, for hosts that send no headers (a static file server). Build
 * only: the dev server's HMR client needs a websocket and injected modules that this policy would refuse.
 */
const securityMeta = (): Plugin => ({
  name: 'pente-security-meta',
  apply: 'build',
  transformIndexHtml: (html) => {
    // Right after <meta charset>, before anything that loads, so it applies to all of it.
    const charset = /<meta charset="[^"]*"\s*\/?>/i;
    if (!charset.test(html)) throw new Error('index.html has no <meta charset>: nowhere to put the CSP.');
    const tags = `\n    <meta http-equiv="Content-Security-Policy" content="${CSP_META}" />\n    <meta name="referrer" content="no-referrer" />`;
    return html.replace(charset, (meta) => meta + tags);
  },
});

export default defineConfig({
  define: { __BOOK_HASH__: JSON.stringify(bookHash) },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      // The core and storage are pure modules behind barrel files (src/core/index.ts, src/storage/index.ts):
      // side-effect free, so a chunk gets only the modules whose exports it uses, and what only a lazily
      // loaded screen uses (lessons, puzzles, import/export) stays out of the first screen's chunks.
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/](core|storage)[\\/]/, sideEffects: false }] },
    },
  },
  preview: { headers: SECURITY_HEADERS },
  // The dev server is isolated too (threads work in development), without the CSP (see securityMeta).
  server: { headers: ISOLATION_HEADERS },
  plugins: [
    securityMeta(),
    // The word catalogues compiled into message functions (src/ui/words/README.md), at build and in dev.
    paraglideVitePlugin({ ...WORDS_OPTIONS }),
    VitePWA({
      // The page registers the service worker itself through workbox-window (src/ui/shell/pwa.ts), so it can
      // say "ready to work offline" and offer "update available".
      injectRegister: false,
      registerType: 'prompt',
      // Our own service worker (src/sw.ts), which adds the isolation headers to what it serves.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      includeAssets: ['icon.svg', 'apple-touch-icon-180x180.png'],
      manifest: {
        name: 'Pente',
        short_name: 'Pente',
        description:
          'Play Pente offline: against a strong computer opponent, or a friend on the same device or by links.',
        lang: 'en',
        start_url: '.',
        scope: '.',
        display: 'standalone',
        orientation: 'any',
        background_color: '#1f1b16',
        theme_color: '#1f1b16',
        categories: ['games'],
        // A friend's link (a move of a correspondence game) opens in the installed app, in its open window
        // where there is one: the router takes the new URL as a navigation (src/ui/shell/router.ts).
        launch_handler: { client_mode: ['navigate-existing', 'auto'] },
        handle_links: 'preferred',
        icons: [
          { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: 'maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      injectManifest: {
        // json: the puzzle pack (public/puzzles.json), so puzzles work offline.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,bin,json}'],
      },
    }),
  ],
});
