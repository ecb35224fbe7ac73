/**
 * The service worker (vite-plugin-pwa's injectManifest: the build fills in `self.__WB_MANIFEST`). It does
 * what the generated one did — precache the build, serve every navigation from the precached index.html,
 * drop outdated caches, skip waiting when the page asks ("update available"), take over the first visit's
 * page at once (clientsClaim) — and one thing more: every
 * response it serves carries the cross-origin isolation headers, so the installed app is isolated offline
 * too (SharedArrayBuffer, so the engine can search on several threads: src/ai/smp.ts). The same headers as
 * `npm start`'s server sends (vite.config.ts `ISOLATION_HEADERS`).
 */
import { clientsClaim } from 'workbox-core';
import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  readonly __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0];
};

/** Kept equal to vite.config.ts's ISOLATION_HEADERS (e2e/threads.spec.ts checks both). */
const ISOLATION_HEADERS: Readonly<Record<string, string>> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** A copy of the response with the isolation headers set (the cached one is left as it is). */
function isolated(response: Response): Response {
  if (response.type === 'opaque' || response.type === 'opaqueredirect') return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The page of a first visit is taken over as soon as the worker activates: otherwise it stays uncontrolled
// until reloaded, and a screen loaded on demand (a link from a friend, opened in that page once the network
// has gone) would be fetched from the network and fail, although it is precached. An update waits to be
// asked (SKIP_WAITING above); the page that asks then reloads with it.
clientsClaim();
addPlugins([{ handlerWillRespond: ({ response }) => Promise.resolve(isolated(response)) }]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html')));
