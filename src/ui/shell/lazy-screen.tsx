/**
 * Screens loaded when first shown (a dynamic `import()` each, its own chunk), so a first visit downloads
 * only what Home needs. Every chunk is precached by the service worker (vite.config.ts's globs), so a
 * lazily loaded screen opens offline too; `preload` fetches a likely next screen while the page is idle,
 * so a tap on it answers at once even before the service worker has cached it.
 *
 * A screen is rendered from the loaded module itself (no wrapper state once loaded), so a screen shown a
 * second time renders in the same frame as any other. While its chunk loads the app shows "Loading…"
 * after a short delay (CSS: no flash for a fast load); a chunk that fails (the network gone before the
 * service worker had it, an old page after an update) says so with Try again.
 *
 * The browser remembers a module that failed to load and fails every later import() of it in this page,
 * so trying again means reloading the page (at a safe moment: pwa.ts's reloadWhenSafe; the URL already
 * names this screen, so the reload lands on it). A page whose build is older than the service worker's
 * (another tab took an update) reloads at once; any other page does so by itself once a minute at most,
 * so a chunk missing from the server too cannot make it reload over and over.
 */
import type { FunctionComponent } from 'preact';
import { useState } from 'preact/hooks';
import { pageIsStale, reloadWhenSafe } from './pwa';
import * as m from '../words/paraglide/messages.js';

type Loaded = FunctionComponent;

export interface LazyScreen {
  /** The component App renders for this screen. */
  readonly Screen: FunctionComponent;
  /** Starts loading the chunk (once); resolves when it is ready to render. */
  readonly preload: () => Promise<unknown>;
}

/** A screen whose module is fetched by `load` the first time it is shown or preloaded. */
export function lazyScreen(load: () => Promise<Loaded>): LazyScreen {
  let component: Loaded | null = null;
  let loading: Promise<Loaded> | null = null;
  const preload = () => {
    loading ??= load().then(
      (c) => (component = c),
      (e: unknown) => {
        loading = null; // the next render or preload tries again
        throw e;
      },
    );
    return loading;
  };
  function Screen() {
    const [, setLoaded] = useState(0);
    const [failed, setFailed] = useState<string | null>(null);
    if (component) {
      const Shown = component;
      return <Shown />;
    }
    if (failed) {
      return (
        <main class="screen-failed">
          <p role="alert">{m.shell_screen_failed({ why: failed })}</p>
          <button type="button" class="primary" onClick={() => void tryAgain().then((r) => r || setFailed(null))}>
            {m.shell_try_again()}
          </button>
        </main>
      );
    }
    // Started as it renders, not in an effect: effects wait for the next frame, and a chunk need not (a
    // page in the background, or a test's paused clock, has no frames). preload() starts it only once.
    preload().then(
      () => setLoaded((n) => n + 1),
      (e: unknown) => {
        setFailed(e instanceof Error ? e.message : String(e));
        void reloadBySelf();
      },
    );
    return <p class="loading app-loading">{m.shell_loading()}</p>;
  }
  return { Screen, preload };
}

/** Whether a reload can load the page again: served by the service worker, or the network is up. */
const canReload = () =>
  (typeof navigator !== 'undefined' && 'serviceWorker' in navigator && navigator.serviceWorker.controller !== null) ||
  navigator.onLine;

/** Try again: reloads the page when that can work (resolves whether it does), else nothing. */
const tryAgain = (): Promise<boolean> => (canReload() ? reloadWhenSafe({ asked: true }) : Promise.resolve(false));

const LAST_RELOAD_KEY = 'pente-chunk-reload';
const RELOAD_AT_MOST_EVERY_MS = 60_000;

/** After a failed chunk: the page reloads by itself when it is stale, or has not just done so. */
async function reloadBySelf(): Promise<void> {
  if (!canReload()) return;
  if (!pageIsStale.peek()) {
    try {
      const last = Number(sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
      if (Date.now() - last < RELOAD_AT_MOST_EVERY_MS) return;
      sessionStorage.setItem(LAST_RELOAD_KEY, String(Date.now()));
    } catch {
      return; // no session storage: nothing would stop a loop
    }
  }
  await reloadWhenSafe();
}

/**
 * Runs `work` in a task of its own, next after what is queued (a message to this page: setTimeout's
 * timers may be held back while the page loads). For splitting work a page must not do in one long task.
 */
export function nextTask(work: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    work();
  };
  channel.port2.postMessage(null);
}

/** Runs `work` when the page is next idle (soon, where the browser has no requestIdleCallback). */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 3000 });
  else setTimeout(work, 200);
}
