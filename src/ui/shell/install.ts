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

/** What a browser tells of itself that decides the iPhone guidance (the page's navigator and display). */
export interface BrowserTraits {
  readonly userAgent: string;
  /** navigator.platform: iPadOS Safari says "MacIntel" and a Mac's user agent, but has touch points. */
  readonly platform: string;
  readonly maxTouchPoints: number;
  /** Already running from the home screen (display-mode standalone, or iOS's navigator.standalone). */
  readonly standalone: boolean;
}

/**
 * Whether to show the iPhone and iPad steps: an Apple mobile device not yet running the installed app.
 * Every browser there is WebKit and offers Add to Home Screen through Share (Safari, and since iOS 16.4 the
 * others too).
 */
export function needsIosSteps(b: BrowserTraits): boolean {
  if (b.standalone) return false;
  const iPhoneOrIPad = /\b(iPhone|iPad|iPod)\b/.test(b.userAgent);
  const iPadAsMac = b.platform === 'MacIntel' && b.maxTouchPoints > 1;
  return iPhoneOrIPad || iPadAsMac;
}

function readTraits(): BrowserTraits | null {
  if (typeof navigator === 'undefined' || typeof window === 'undefined') return null;
  return {
    userAgent: navigator.userAgent,
    platform: navigator.platform,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone:
      (navigator as { standalone?: boolean }).standalone === true ||
      (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches),
  };
}

/** The iPhone and iPad steps are to be shown (read once: a device does not change kind during a visit). */
export const iosSteps = signal(((t) => t !== null && needsIosSteps(t))(readTraits()));
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
