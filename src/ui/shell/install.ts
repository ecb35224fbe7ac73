/**
 * The install button: shown where the browser offers `beforeinstallprompt`, until the player installs the
 * app or says "Not now" — remembered on this device (localStorage), so the offer does not come back on
 * every visit.
 */
import { signal } from '@preact/signals';

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED_KEY = 'pente.installDismissed';

export const installPrompt = signal<InstallPromptEvent | null>(null);
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
