/**
 * Service worker registration through workbox-window: tells the player when the app is ready offline and
 * when an update is waiting. Only in production builds; the dev server has no service worker.
 *
 * Registration can fail (a private window that refuses service workers, storage turned off, a script that
 * cannot be fetched, a browser whose `register` gives back nothing): the app then works as a plain web
 * page, and the failure is a console warning, never an uncaught error.
 */
import { effect, signal } from '@preact/signals';
import type { Workbox } from 'workbox-window';
import { newerVersionOpened, screen } from './app-state';

/**
 * Whether the app can work offline yet, said on Home during a first visit: 'preparing' while the service
 * worker installs, then 'ready' (or 'failed'); 'none' when there is nothing to say — the page is already
 * controlled (the app was ready before this visit), or there is no service worker (dev server, browser).
 * Known before the first render, so Home keeps the line from its first paint.
 */
export type OfflineStatus = 'none' | 'preparing' | 'ready' | 'failed';

const hasServiceWorker = () => import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

export const offlineStatus = signal<OfflineStatus>(
  hasServiceWorker() && !navigator.serviceWorker.controller ? 'preparing' : 'none',
);
/** The update offer's action, shown as "Update available. Reload" (null: nothing to offer). */
export const updateReady = signal<null | (() => void)>(null);

/**
 * This page runs an older build than the service worker now controlling it: another tab (or window) took
 * an update. Its chunks are kept by the worker (src/sw.ts) while it is open, but it reloads itself into
 * the new build at the next safe moment: the next change of screen (the URL already names the screen
 * asked for, so the reload lands there), or while the page is hidden, and at once when a chunk fails.
 */
export const pageIsStale = signal(false);

/** Says whether the page may reload now, once what it waits for has settled (a move being saved). */
export type ReloadGuard = () => Promise<boolean>;
const reloadGuards = new Set<ReloadGuard>();

/** Asks `guard` before the page reloads itself (into an update, or for a chunk); returns its remover. */
export function addReloadGuard(guard: ReloadGuard): () => void {
  reloadGuards.add(guard);
  return () => void reloadGuards.delete(guard);
}

/** The player typed into a field on this screen (a name, a pasted record): not thrown away unasked. */
let typedOnScreen = false;
let reloading = false;

/**
 * Reloads the page once it is safe: every reload guard agrees (the play session's save has settled and
 * nothing is only in this page) and, unless the player asked for it (Reload, Try again), no dialog is open
 * and nothing typed on this screen would be lost. Resolves whether it reloads.
 */
export async function reloadWhenSafe(options: { asked?: boolean } = {}): Promise<boolean> {
  if (reloading) return true;
  if (!options.asked && (typedOnScreen || document.querySelector('dialog[open]'))) return false;
  for (const guard of [...reloadGuards]) if (!(await guard())) return false;
  if (reloading) return true;
  reloading = true;
  window.location.reload();
  return true;
}

const isTextField = (target: EventTarget | null): boolean =>
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement && !['checkbox', 'radio', 'range', 'file', 'button'].includes(target.type));

/** This page is behind a newer build (another tab's): it offers a reload, and reloads at a safe moment. */
function becameStale(): void {
  pageIsStale.value = true;
  updateReady.value = () => void reloadWhenSafe({ asked: true });
  if (document.visibilityState === 'hidden') void reloadWhenSafe();
}

let following = false;

/** Follows what makes a moment safe for a stale page, and reloads it at the first one. */
function reloadWhenStaleAndSafe(): void {
  if (following) return;
  following = true;
  // Another tab's newer version took the saved games over (even with no service worker: a dev server).
  effect(() => {
    if (newerVersionOpened.value && !pageIsStale.peek()) becameStale();
  });
  document.addEventListener('input', (event) => {
    if (isTextField(event.target)) typedOnScreen = true;
  });
  let shown = screen.peek();
  effect(() => {
    const now = screen.value;
    if (now === shown) return;
    shown = now;
    typedOnScreen = false; // what was typed belonged to the screen left
    if (pageIsStale.peek()) void reloadWhenSafe();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && pageIsStale.peek()) void reloadWhenSafe();
  });
}

const noOffline = (why: unknown): void =>
  console.warn('The app could not be set up to work offline:', why instanceof Error ? why.message : why);

export async function registerServiceWorker(): Promise<void> {
  if (typeof document !== 'undefined') reloadWhenStaleAndSafe();
  if (!hasServiceWorker()) return;
  let wb: Workbox;
  try {
    // workbox-window is a chunk of its own (about 2 KB gzipped), loaded once the first screen is drawn.
    const { Workbox } = await import('workbox-window');
    wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  } catch (error) {
    noOffline(error);
    if (offlineStatus.peek() === 'preparing') offlineStatus.value = 'failed';
    return;
  }
  // The worker keeps an older build's files while its pages are open: this page's start may be the last.
  navigator.serviceWorker.controller?.postMessage({ type: 'PAGE_STARTED' });
  // A page that started uncontrolled (a first visit) is taken over by the worker that installed with its
  // build: that is no update. Any later change of controller is a newer build taking over this page.
  let controlled = navigator.serviceWorker.controller !== null;
  let asked = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    // The tab that took the update reloads at once; the others now if hidden, else at a safe moment.
    if (asked) void reloadWhenSafe({ asked });
    becameStale();
  });
  wb.addEventListener('installed', (event) => {
    if (!event.isUpdate && offlineStatus.peek() !== 'none') offlineStatus.value = 'ready';
  });
  wb.addEventListener('redundant', (event) => {
    // The new worker failed to install (a precache fetch failed, no space): no offline copy this visit.
    if (!event.isUpdate && offlineStatus.peek() === 'preparing') offlineStatus.value = 'failed';
  });
  wb.addEventListener('waiting', () => {
    if (pageIsStale.peek()) return; // this page's offer already reloads
    updateReady.value = () => {
      asked = true;
      // Another tab may have taken the update since this offer was made: nothing is waiting any more, and
      // this page is then simply behind; reload it into the build now in charge.
      void navigator.serviceWorker.getRegistration(import.meta.env.BASE_URL).then((registration) => {
        if (registration?.waiting) wb.messageSkipWaiting();
        else void reloadWhenSafe({ asked: true });
      });
    };
  });
  // workbox-window reads the registration it is given (`registration.waiting`): a register that rejects or
  // gives back nothing rejects here.
  const failed = (why: unknown) => {
    noOffline(why);
    if (offlineStatus.peek() === 'preparing') offlineStatus.value = 'failed';
  };
  wb.register().then((registration) => {
    if (!registration) failed('no registration');
  }, failed);
}
