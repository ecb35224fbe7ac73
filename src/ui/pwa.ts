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

export const offlineReady = signal(false);
export const updateReady = signal<null | (() => void)>(null);

const noOffline = (why: unknown): void =>
  console.warn('The app could not be set up to work offline:', why instanceof Error ? why.message : why);

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !navigator.serviceWorker) return;
  let wb: Workbox;
  try {
    wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  } catch (error) {
    noOffline(error);
    return;
  }
  wb.addEventListener('installed', (event) => {
    if (event.isUpdate) return;
    offlineReady.value = true;
    setTimeout(() => (offlineReady.value = false), 6000);
  });
  wb.addEventListener('waiting', () => {
    updateReady.value = () => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    };
  });
  // workbox-window reads the registration it is given (`registration.waiting`): a register that rejects or
  // gives back nothing rejects here.
  wb.register().then((registration) => {
    if (!registration) noOffline('no registration');
  }, noOffline);
}
