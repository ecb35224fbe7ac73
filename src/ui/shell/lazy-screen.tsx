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
 */
import type { FunctionComponent } from 'preact';
import { useState } from 'preact/hooks';

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
          <p role="alert">This screen could not be loaded ({failed}). Check the connection and try again.</p>
          <button type="button" class="primary" onClick={() => setFailed(null)}>
            Try again
          </button>
        </main>
      );
    }
    // Started as it renders, not in an effect: effects wait for the next frame, and a chunk need not (a
    // page in the background, or a test's paused clock, has no frames). preload() starts it only once.
    preload().then(
      () => setLoaded((n) => n + 1),
      (e: unknown) => setFailed(e instanceof Error ? e.message : String(e)),
    );
    return <p class="loading app-loading">Loading…</p>;
  }
  return { Screen, preload };
}

/** Runs `work` when the page is next idle (soon, where the browser has no requestIdleCallback). */
export function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 3000 });
  else setTimeout(work, 200);
}
