import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Plugin, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import { WORDS_OPTIONS } from './scripts/lib/words';
import { compileWords } from './scripts/compile-words';
import { ISOLATION_HEADERS, securityPolicy } from './src/security-headers';

/**
 * The local Nostr relay this build lists beside the public ones (npm start and the e2e build set it:
 * scripts/start.sh, scripts/test.sh), read here for the CSP and by the app as import.meta.env. The server's
 * header is made from the same variable when `vite preview` runs, so run it with the build's environment.
 */
const POLICY = securityPolicy(process.env.VITE_LOCAL_RELAY);

/** The shipped openings book's content hash: the app keeps the book stored in IndexedDB while it matches. */
const bookHash = createHash('sha256')
  .update(readFileSync(new URL('public/openings.bin', import.meta.url)))
  .digest('hex')
  .slice(0, 16);

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
    const tags = `\n    <meta http-equiv="Content-Security-Policy" content="${POLICY.cspMeta}" />\n    <meta name="referrer" content="no-referrer" />`;
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
      // The engine's bridge and what only it needs (its sibling modules in src/ui/engine, Comlink, the worker
      // protocol, the clock share) in a chunk of their own, which the page loads after the first screen
      // (main.tsx): left to itself the bundler put a module the first screen needs (core/levels.ts) in that
      // chunk, so it was fetched up front anyway.
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'engine-bridge',
              includeDependenciesRecursively: false,
              test: /[\\/](src[\\/]ui[\\/]engine[\\/](bridge|bridge-options|engine-error|hang-watch|job|worker-book)\.|src[\\/]workers[\\/]protocol|src[\\/]ai[\\/]timeman|comlink)/,
            },
          ],
        },
      },
    },
  },
  // The security headers (src/security-headers.ts): the service worker adds the same ones to what it serves.
  preview: { headers: { ...POLICY.securityHeaders } },
  // The dev server is isolated too (threads work in development), without the CSP (see securityMeta).
  server: { headers: { ...ISOLATION_HEADERS } },
  plugins: [
    securityMeta(),
    // The word catalogues compiled into message functions (src/ui/words/README.md). In dev, Paraglide's own
    // plugin, which recompiles as a catalogue is edited; in a build, the same compile only when a catalogue
    // changed since the last (scripts/compile-words.ts): Paraglide's plugin compiles every time, 16 s of
    // each build in CI, where typecheck has just compiled the same words.
    { ...paraglideVitePlugin({ ...WORDS_OPTIONS }), apply: 'serve' },
    { name: 'pente-words', apply: 'build', buildStart: async () => void (await compileWords()) },
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
        // Android's richer install dialog (npm run manifest:screenshots makes them).
        screenshots: [
          {
            src: 'screenshots/narrow.png',
            sizes: '780x1688',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'A game of Pente on a phone',
          },
          {
            src: 'screenshots/wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'A game of Pente on a wide screen',
          },
        ],
      },
      injectManifest: {
        // json: the puzzle pack (public/puzzles.json), so puzzles work offline.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,bin,json}'],
        // The manifest's screenshots are for the install dialog, never needed offline.
        globIgnores: ['screenshots/**'],
      },
    }),
  ],
});
