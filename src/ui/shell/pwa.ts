/**
 * Service worker registration through workbox-window: tells the player when the app is ready offline and
 * when an update is waiting. Only in production builds; the dev server has no service worker.
 *
 * Registration can fail (a private window that refuses service workers, storage turned off, a script that
 * cannot be fetched, a browser whose `register` gives back nothing): the app then works as a plain web
 * page, and the failure is a console warning, never an uncaught error.
 */
import { signal } from '@preact/signals';
import { Workbox } from 'workbox-window';

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
export const updateReady = signal<null | (() => void)>(null);

const noOffline = (why: unknown): void =>
  console.warn('The app could not be set up to work offline:', why instanceof Error ? why.message : why);

export function registerServiceWorker(): void {
  if (!hasServiceWorker()) return;
  let wb: Workbox;
  try {
    wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  } catch (error) {
    noOffline(error);
    if (offlineStatus.peek() === 'preparing') offlineStatus.value = 'failed';
    return;
  }
  wb.addEventListener('installed', (event) => {
    if (!event.isUpdate && offlineStatus.peek() !== 'none') offlineStatus.value = 'ready';
  });
  wb.addEventListener('redundant', (event) => {
    // The new worker failed to install (a precache fetch failed, no space): no offline copy this visit.
    if (!event.isUpdate && offlineStatus.peek() === 'preparing') offlineStatus.value = 'failed';
  });
  wb.addEventListener('waiting', () => {
    updateReady.value = () => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
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
