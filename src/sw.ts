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
 *   moment (src/ui/pwa.ts); until then, and if it never can, its chunks are still here.
 */
import { clientsClaim } from 'workbox-core';
import { PrecacheController, PrecacheRoute, cleanupOutdatedCaches } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { ISOLATION_HEADERS, securityPolicy } from './security-headers';

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

/** The previous builds' hashed files, kept for the pages still running them. */
const KEPT_CACHE = 'pente-kept-builds';
/** In KEPT_CACHE, the ids of the pages (clients) that were open when the files were kept. */
const KEPT_USERS = new URL('__pente-kept-users__', self.registration.scope).href;
/** The build's hashed files: a name never changes its content, so an old page's chunk is safe to keep. */
const ASSETS = new URL('assets/', self.registration.scope).pathname;

/** Drops the kept files once no page that was open when they were kept is still open. */
async function pruneKept(): Promise<void> {
  if (!(await caches.has(KEPT_CACHE))) return;
  const kept = await caches.open(KEPT_CACHE);
  const listed = await kept.match(KEPT_USERS);
  const ids = listed ? ((await listed.json()) as string[]) : [];
  const open: string[] = [];
  for (const id of ids) if (await self.clients.get(id)) open.push(id);
  if (open.length === 0) await caches.delete(KEPT_CACHE);
  else if (open.length < ids.length) await kept.put(KEPT_USERS, Response.json(open));
}

/**
 * In place of workbox's own clean-up (which deletes every file the new build does not list): the old
 * build's hashed files move to KEPT_CACHE while any page is open, with the ids of those pages.
 */
async function keepPreviousBuild(): Promise<void> {
  const cache = await caches.open(precache.strategy.cacheName);
  const expected = new Set(precache.getURLsToCacheKeys().values());
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const kept = await caches.open(KEPT_CACHE);
  let keptAny = false;
  for (const request of await cache.keys()) {
    if (expected.has(request.url)) continue;
    const url = new URL(request.url);
    url.searchParams.delete('__WB_REVISION__');
    const response = pages.length && url.pathname.startsWith(ASSETS) ? await cache.match(request) : undefined;
    if (response) {
      await kept.put(url.href, response);
      keptAny = true;
    }
    await cache.delete(request);
  }
  if (keptAny) {
    const listed = await kept.match(KEPT_USERS);
    const before = listed ? ((await listed.json()) as string[]) : [];
    await kept.put(KEPT_USERS, Response.json([...new Set([...before, ...pages.map((p) => p.id)])]));
  }
  await pruneKept();
}

self.addEventListener('install', (event) => void precache.install(event));
self.addEventListener('activate', (event) => event.waitUntil(keepPreviousBuild()));
self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // A page has started (src/ui/pwa.ts): the pages of an older build may all have gone.
  else if (type === 'PAGE_STARTED') event.waitUntil(pruneKept());
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
    const kept = await caches.match(request, { cacheName: KEPT_CACHE, ignoreSearch: true });
    return kept ? withHeaders(kept, ISOLATION_HEADERS) : fetch(request);
  },
);
