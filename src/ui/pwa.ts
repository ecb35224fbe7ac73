/**
 * Service worker registration through workbox-window: tells the player when the app is ready offline and
 * when an update is waiting. Only in production builds; the dev server has no service worker.
 */
import { signal } from '@preact/signals';
import { Workbox } from 'workbox-window';

export const offlineReady = signal(false);
export const updateReady = signal<null | (() => void)>(null);

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const wb = new Workbox(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
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
  void wb.register();
}
