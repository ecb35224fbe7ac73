/**
 * The install offer: a button where the browser offers `beforeinstallprompt`, and on iPhone and iPad (whose
 * Safari has no such event: Add to Home Screen is in its Share menu) the steps in words; until the player
 * installs the app or says "Not now" — remembered on this device (localStorage), so the offer does not
 * come back on every visit.
 */
import { signal } from '@preact/signals';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'pente.installDismissed';

export const installPrompt = signal<InstallPromptEvent | null>(null);

/**
 * An Apple device, which may need the iPhone and iPad steps (no install prompt exists there): the card's
 * module (home/InstallCard.tsx, home/ios-steps.ts) decides exactly. A cheap test here, as this module is
 * on the first screen.
 */
export const maybeApple = typeof navigator !== 'undefined' && /iP(hone|ad|od)|Mac/.test(navigator.userAgent);
/** The player said "Not now" to the install offer, here or on an earlier visit. */
export const installDismissed = signal(readDismissed());

function readDismissed(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false; // storage blocked: the offer is shown, and dismissing it lasts for this visit
  }
}

export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    installPrompt.value = e as InstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => (installPrompt.value = null));
}

export async function install(): Promise<void> {
  const prompt = installPrompt.value;
  if (!prompt) return;
  installPrompt.value = null;
  await prompt.prompt();
}

export function dismissInstall(): void {
  installDismissed.value = true;
  try {
    localStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Blocked storage: dismissed for this visit only.
  }
}
