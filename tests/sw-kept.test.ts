import { describe, expect, it } from 'vitest';
import {
  KEPT_PREFIX,
  type KeptCache,
  type KeptCacheStorage,
  keepPreviousBuild,
  keptCacheName,
  keptFile,
  pruneKept,
} from '../src/sw-kept';

const SCOPE = 'https://app.example/';
const PRECACHE = 'workbox-precache-v2-https://app.example/';
const url = (path: string) => new URL(path, SCOPE).href;
const key = (input: RequestInfo | URL) => (input instanceof Request ? input.url : String(input));
const withoutSearch = (href: string) => href.split('?')[0]!;

/** Every await of the fake gives way: another job's steps run in between, as two workers' would. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** CacheStorage in memory, with what the browser does that matters here (open creates, match by cacheName). */
class FakeCaches implements KeptCacheStorage {
  readonly stores = new Map<string, Map<string, string>>();
  private cache(name: string): KeptCache {
    const entries = () => this.stores.get(name) ?? new Map<string, string>();
    return {
      match: async (request) => {
        await turn();
        const body = entries().get(key(request));
        return body === undefined ? undefined : new Response(body);
      },
      put: async (request, response) => {
        const body = await response.text();
        await turn();
        entries().set(key(request), body); // a cache deleted meanwhile takes the put and is gone all the same
      },
      delete: async (request) => {
        await turn();
        return entries().delete(key(request));
      },
      keys: async () => {
        await turn();
        return [...entries().keys()].map((k) => new Request(k));
      },
    };
  }
  async open(name: string): Promise<KeptCache> {
    await turn();
    if (!this.stores.has(name)) this.stores.set(name, new Map());
    return this.cache(name);
  }
  async has(name: string) {
    await turn();
    return this.stores.has(name);
  }
  async delete(name: string) {
    await turn();
    return this.stores.delete(name);
  }
  async keys() {
    await turn();
    return [...this.stores.keys()];
  }
  async match(request: RequestInfo | URL, options: MultiCacheQueryOptions = {}) {
    await turn();
    const wanted = options.ignoreSearch ? withoutSearch(key(request)) : key(request);
    for (const [name, entries] of this.stores) {
      if (options.cacheName !== undefined && name !== options.cacheName) continue;
      for (const [k, body] of entries) {
        if ((options.ignoreSearch ? withoutSearch(k) : k) === wanted) return new Response(body);
      }
    }
    return undefined;
  }
}

const OLD_CHUNK = url('assets/GamesScreen-3oW2eJSN.js');
const OLD_REVISIONED = url('assets/words-x.js?__WB_REVISION__=abc');
const OLD_PAGE = url('index.html?__WB_REVISION__=old');
const NEW_CHUNK = url('assets/GamesScreen-next-CVDAbPzi.js');
const NEW_PAGE = url('index.html?__WB_REVISION__=new');

/** A precache holding the old build and the new one (installed, not yet activated). */
function deployed(): FakeCaches {
  const caches = new FakeCaches();
  caches.stores.set(
    PRECACHE,
    new Map([
      [OLD_CHUNK, 'old games'],
      [OLD_REVISIONED, 'old words'],
      [OLD_PAGE, 'old page'],
      [NEW_CHUNK, 'new games'],
      [NEW_PAGE, 'new page'],
    ]),
  );
  return caches;
}

const keep = (caches: FakeCaches, pageIds: string[], open: Set<string>, now = 1) =>
  keepPreviousBuild({
    caches,
    precacheName: PRECACHE,
    expected: new Set([NEW_CHUNK, NEW_PAGE]),
    pageIds,
    scope: SCOPE,
    name: keptCacheName(now),
    isOpen: (id) => Promise.resolve(open.has(id)),
  });
const prune = (caches: FakeCaches, open: Set<string>) =>
  pruneKept({ caches, scope: SCOPE, isOpen: (id) => Promise.resolve(open.has(id)) });
const served = async (caches: FakeCaches, href: string) => (await keptFile(caches, new Request(href)))?.text();

describe('the previous build kept for open pages', () => {
  it('moves the old hashed files out of the precache into a kept cache, and serves them from there', async () => {
    const caches = deployed();
    await keep(caches, ['a', 'b'], new Set(['a', 'b']));
    expect([...caches.stores.get(PRECACHE)!.keys()].sort()).toEqual([NEW_CHUNK, NEW_PAGE].sort());
    const kept = [...caches.stores.keys()].filter((n) => n.startsWith(KEPT_PREFIX));
    expect(kept).toHaveLength(1);
    // The old page is not an asset: a navigation is the new build's page.
    expect([...caches.stores.get(kept[0]!)!.keys()].sort()).toEqual(
      [OLD_CHUNK, url('assets/words-x.js'), url('__pente-kept-users__')].sort(),
    );
    expect(await served(caches, OLD_CHUNK)).toBe('old games');
    expect(await served(caches, url('assets/words-x.js'))).toBe('old words');
    expect(await served(caches, url('assets/Nothing-1.js'))).toBeUndefined();
  });

  it('keeps nothing when no page is open', async () => {
    const caches = deployed();
    await keep(caches, [], new Set());
    expect([...caches.stores.keys()]).toEqual([PRECACHE]);
    expect(await served(caches, OLD_CHUNK)).toBeUndefined();
  });

  it('drops a kept cache once all its pages have gone, not before', async () => {
    const caches = deployed();
    const open = new Set(['a', 'b']);
    await keep(caches, ['a', 'b'], open);
    open.delete('a');
    await prune(caches, open);
    expect(await served(caches, OLD_CHUNK)).toBe('old games');
    open.delete('b');
    await prune(caches, open);
    expect([...caches.stores.keys()]).toEqual([PRECACHE]);
  });

  it("drops the first version's one kept cache by the same rule", async () => {
    const caches = deployed();
    caches.stores.set(
      'pente-kept-builds',
      new Map([
        [url('assets/Old-1.js'), 'older'],
        [url('__pente-kept-users__'), '["gone"]'],
      ]),
    );
    await prune(caches, new Set(['a']));
    expect(caches.stores.has('pente-kept-builds')).toBe(false);
  });

  it('leaves a kept cache that has no list of pages yet (one being filled)', async () => {
    const caches = deployed();
    caches.stores.set(keptCacheName(5), new Map([[OLD_CHUNK, 'old games']]));
    await prune(caches, new Set());
    expect(caches.stores.has(keptCacheName(5))).toBe(true);
  });

  it('never loses a file an open page was promised to a prune run by the other worker meanwhile', async () => {
    // The old worker answers pages' "started" messages while the new one activates: a prune at every step
    // of the keeping. Before, the kept cache was opened (so created) before its list of pages was written,
    // and a prune in between took it for one whose pages had all gone and deleted it under the keeping.
    for (let delay = 0; delay < 40; delay++) {
      const caches = deployed();
      const open = new Set(['a']);
      // A cache of an earlier update whose pages have all gone, which the prune does delete.
      caches.stores.set(
        keptCacheName(0),
        new Map([
          [url('assets/Older-1.js'), 'older'],
          [url('__pente-kept-users__'), '["gone"]'],
        ]),
      );
      const keeping = keep(caches, ['a'], open);
      for (let i = 0; i < delay; i++) await turn();
      await Promise.all([keeping, prune(caches, open), prune(caches, open)]);
      expect(await served(caches, OLD_CHUNK), `prune after ${delay} turns`).toBe('old games');
      expect(caches.stores.has(keptCacheName(0))).toBe(false);
    }
  });

  it('serves an old file mid-activation from the precache, before it has moved', async () => {
    const caches = deployed();
    expect(await served(caches, url('assets/words-x.js'))).toBe('old words');
  });

  it("gives a second update its own kept cache, so the first one's pages keep theirs", async () => {
    const caches = deployed();
    const open = new Set(['a']);
    await keep(caches, ['a'], open, 1);
    caches.stores.get(PRECACHE)!.set(url('assets/Third-1.js'), 'third');
    await keep(caches, ['b'], new Set(['a', 'b']), 1); // the same millisecond: still a cache of its own
    const kept = [...caches.stores.keys()].filter((n) => n.startsWith(KEPT_PREFIX));
    expect(kept).toHaveLength(2);
    await prune(caches, new Set(['a']));
    expect(await served(caches, OLD_CHUNK)).toBe('old games');
  });
});
