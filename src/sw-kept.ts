/**
 * The previous builds' files that the service worker (src/sw.ts) keeps for the pages still running them.
 * An update moves the old build's hashed chunks (under assets/: a name never changes its content) out of
 * the precache, which the new build owns, into a cache of their own, one per update, together with the ids
 * of the pages (clients) open then; a cache is dropped once none of its pages is still open.
 *
 * Two workers may run this at once: the old one answers a page's "started" message (pruneKept) while the
 * new one activates (keepPreviousBuild). So a kept cache is only ever created by the update that fills it,
 * its list of pages goes in before its files, and pruneKept leaves alone a cache that has no list yet (it is
 * being filled): a prune never deletes files that an open page was promised. It never rewrites a list
 * either (a list written back could revive a cache deleted meanwhile); a closed page's id in it is harmless.
 *
 * Nothing of the worker's own here (its scope, its clients, the clock come in), so the unit tests drive it
 * with a cache storage of their own.
 */

/** Every kept cache's name starts so ('pente-kept-builds' was the one cache of the first version). */
export const KEPT_PREFIX = 'pente-kept-';
/** In a kept cache, the list of the ids of the pages that were open when its files were kept. */
export const KEPT_USERS_PATH = '__pente-kept-users__';
/** The search parameter workbox adds to the cache key of a file whose name has no hash of its content. */
const REVISION_PARAM = '__WB_REVISION__';

/** The few methods of the Cache and CacheStorage interfaces used here. */
export interface KeptCache {
  match(request: RequestInfo | URL): Promise<Response | undefined>;
  put(request: RequestInfo | URL, response: Response): Promise<void>;
  delete(request: RequestInfo | URL): Promise<boolean>;
  keys(): Promise<readonly Request[]>;
}
export interface KeptCacheStorage {
  open(name: string): Promise<KeptCache>;
  has(name: string): Promise<boolean>;
  delete(name: string): Promise<boolean>;
  keys(): Promise<string[]>;
  match(request: RequestInfo | URL, options?: MultiCacheQueryOptions): Promise<Response | undefined>;
}

export interface KeepOptions {
  readonly caches: KeptCacheStorage;
  /** The precache's name (workbox's: the same for every build). */
  readonly precacheName: string;
  /** The cache keys the new build lists: everything else in the precache is the previous build's. */
  readonly expected: ReadonlySet<string>;
  /** The ids of the pages open now (all windows, controlled or not). */
  readonly pageIds: readonly string[];
  /** The scope's URL (ends in '/'). */
  readonly scope: string;
  /** A name for this update's kept cache, unique (the clock's time): see keptCacheName. */
  readonly name: string;
  /** Whether the page with this id is still open. */
  readonly isOpen: (id: string) => Promise<boolean>;
}

/** A new kept cache's name, from the time of the update. */
export const keptCacheName = (now: number): string => `${KEPT_PREFIX}${now.toString(36)}`;

const usersUrl = (scope: string): string => new URL(KEPT_USERS_PATH, scope).href;

/**
 * On activation, in place of workbox's own clean-up (which deletes every file the new build does not list):
 * the previous build's hashed files move to a new kept cache when any page is open, and leave the precache
 * either way. Then drops the kept caches whose pages have all gone.
 */
export async function keepPreviousBuild(options: KeepOptions): Promise<void> {
  const { caches, expected, pageIds, scope } = options;
  const precache = await caches.open(options.precacheName);
  const previous = (await precache.keys()).filter((request) => !expected.has(request.url));
  const assets = new URL('assets/', scope).pathname;
  const toKeep = pageIds.length ? previous.filter((request) => new URL(request.url).pathname.startsWith(assets)) : [];
  if (toKeep.length > 0) {
    let name = options.name;
    for (let n = 1; await caches.has(name); n++) name = `${options.name}-${n}`;
    const kept = await caches.open(name);
    // The pages first: until they are in, a prune takes this cache for one being filled and leaves it.
    await kept.put(usersUrl(scope), Response.json([...new Set(pageIds)]));
    for (const request of toKeep) {
      const response = await precache.match(request);
      const url = new URL(request.url);
      url.searchParams.delete(REVISION_PARAM);
      if (response) await kept.put(url.href, response);
    }
  }
  // Only now out of the precache: a file is always in one place or the other.
  for (const request of previous) await precache.delete(request);
  await pruneKept(options);
}

/** Drops every kept cache none of whose pages is still open (a page started: the last old one may be gone). */
export async function pruneKept(options: Pick<KeepOptions, 'caches' | 'scope' | 'isOpen'>): Promise<void> {
  const { caches, isOpen } = options;
  for (const name of await caches.keys()) {
    if (!name.startsWith(KEPT_PREFIX)) continue;
    // Read without opening: opening a cache that another prune has just deleted would create it again.
    const listed = await caches.match(usersUrl(options.scope), { cacheName: name });
    if (!listed) continue; // being filled (or an empty leftover): its own update prunes after filling it
    const ids = (await listed.json()) as unknown;
    let anyOpen = false;
    if (Array.isArray(ids)) for (const id of ids) if (typeof id === 'string' && (await isOpen(id))) anyOpen = true;
    if (!anyOpen) await caches.delete(name);
  }
}

/**
 * The kept copy of an old page's file, or undefined: from any cache, the precache included (during an
 * activation a file not yet moved is still there, under its cache key's revision parameter).
 */
export const keptFile = (caches: KeptCacheStorage, request: Request): Promise<Response | undefined> =>
  caches.match(request, { ignoreSearch: true });
