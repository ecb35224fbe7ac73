/**
 * The service worker (vite-plugin-pwa's injectManifest: the build fills in `self.__WB_MANIFEST`). It
 * precaches the build, serves every navigation from the precached index.html, drops outdated caches,
 * skips waiting when the page asks ("update available") and takes over the first visit's page at once
 * (clientsClaim), and three things more:
 * - every response it serves carries the cross-origin isolation headers, so the installed app is isolated
 *   offline too (SharedArrayBuffer, so the engine can search on several threads: src/ai/smp.ts);
 * - every page it serves carries the security headers (CSP with frame-ancestors 'none', nosniff, no
 *   referrer), so a host that sends no headers cannot have the app framed. Both sets come from
 *   src/security-headers.ts, as `npm start`'s server's do (vite.config.ts);
 * - an update keeps the previous build's files (its hashed chunks under assets/) while a page that was open
 *   when it took over is still open: such a page runs the old build, and a screen it has not opened yet
 *   is a chunk that the new build no longer has. The page reloads itself into the new build at a safe
 *   moment (src/ui/shell/pwa.ts); until then, and if it never can, its chunks are still here
 *   (src/sw-kept.ts).
 */
import { clientsClaim } from 'workbox-core';
import { PrecacheController, PrecacheRoute, cleanupOutdatedCaches } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { ISOLATION_HEADERS, securityPolicy } from './security-headers';
import { keepPreviousBuild, keptCacheName, keptFile, pruneKept } from './sw-kept';

declare global {
  // The worker's project has no vite/client types (no DOM): the one build variable it reads.
  interface ImportMetaEnv {
    readonly VITE_LOCAL_RELAY?: string;
  }
  interface ImportMeta {
    readonly env: ImportMetaEnv;
  }
}

/** The page's headers as this build's server sends them: its CSP admits the local relay it lists, if any. */
const DOCUMENT_HEADERS = securityPolicy(import.meta.env.VITE_LOCAL_RELAY).documentHeaders;

declare const self: ServiceWorkerGlobalScope & {
  readonly __WB_MANIFEST: Parameters<PrecacheController['addToCacheList']>[0];
};

/** A copy of the response with `extra` headers set (the cached one is left as it is). */
function withHeaders(response: Response, extra: Readonly<Record<string, string>>): Response {
  if (response.type === 'opaque' || response.type === 'opaqueredirect') return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

const precache = new PrecacheController({
  plugins: [{ handlerWillRespond: ({ response }) => Promise.resolve(withHeaders(response, ISOLATION_HEADERS)) }],
});
precache.addToCacheList(self.__WB_MANIFEST);

/** The build's hashed files: a name never changes its content, so an old page's chunk is safe to keep. */
const ASSETS = new URL('assets/', self.registration.scope).pathname;
const scope = self.registration.scope;
const isOpen = async (id: string): Promise<boolean> => (await self.clients.get(id)) !== undefined;

/** Moves the previous build's files to a kept cache (src/sw-kept.ts) while any page is open. */
async function keepPrevious(): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  await keepPreviousBuild({
    caches,
    precacheName: precache.strategy.cacheName,
    expected: new Set(precache.getURLsToCacheKeys().values()),
    pageIds: pages.map((page) => page.id),
    scope,
    name: keptCacheName(Date.now()),
    isOpen,
  });
}

self.addEventListener('install', (event) => void precache.install(event));
self.addEventListener('activate', (event) => event.waitUntil(keepPrevious()));
self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // A page has started (src/ui/shell/pwa.ts): the pages of an older build may all have gone.
  else if (type === 'PAGE_STARTED') event.waitUntil(pruneKept({ caches, scope, isOpen }));
});

// The page of a first visit is taken over as soon as the worker activates: otherwise it stays uncontrolled
// until reloaded, and a screen loaded on demand (a link from a friend, opened in that page once the network
// has gone) would be fetched from the network and fail, although it is precached. An update waits to be
// asked (SKIP_WAITING above); the page that asks then reloads with it, and the others at a safe moment.
clientsClaim();
cleanupOutdatedCaches();
// Every page (a navigation, '/' too, which the precache route would also answer) is index.html with the
// document's headers; then the precached files.
const servePage = precache.createHandlerBoundToURL('index.html');
registerRoute(new NavigationRoute(async (options) => withHeaders(await servePage(options), DOCUMENT_HEADERS)));
registerRoute(new PrecacheRoute(precache));
// An old page's chunk that this build does not have: from the kept files, else the network (as before).
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname.startsWith(ASSETS) && request.mode !== 'navigate',
  async ({ request }) => {
    const kept = await keptFile(caches, request);
    return kept ? withHeaders(kept, ISOLATION_HEADERS) : fetch(request);
  },
);
