/**
 * Whether to show the iPhone and iPad steps for adding the app to the home screen (Safari there has no
 * install prompt: Add to Home Screen is in its Share menu). Pure, with the page's traits read apart.
 */

/** What a browser tells of itself that decides the guidance (the page's navigator and display). */
export interface BrowserTraits {
  readonly userAgent: string;
  /** navigator.platform: iPadOS Safari says "MacIntel" and a Mac's user agent, but has touch points. */
  readonly platform: string;
  readonly maxTouchPoints: number;
  /** Already running from the home screen (display-mode standalone, or iOS's navigator.standalone). */
  readonly standalone: boolean;
}

/**
 * An Apple mobile device not yet running the installed app. Every browser there is WebKit and offers Add
 * to Home Screen through Share (Safari, and since iOS 16.4 the others too).
 */
export function needsIosSteps(b: BrowserTraits): boolean {
  if (b.standalone) return false;
  const iPhoneOrIPad = /\b(iPhone|iPad|iPod)\b/.test(b.userAgent);
  const iPadAsMac = b.platform === 'MacIntel' && b.maxTouchPoints > 1;
  return iPhoneOrIPad || iPadAsMac;
}

/** This page's traits. */
export const pageTraits = (): BrowserTraits => ({
  userAgent: navigator.userAgent,
  platform: navigator.platform,
  maxTouchPoints: navigator.maxTouchPoints,
  standalone:
    (navigator as { standalone?: boolean }).standalone === true ||
    (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches),
});
