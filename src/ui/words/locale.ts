/**
 * Which language the app speaks, as a signal every message reads: the player's choice (Settings →
 * Language, stored with the settings) or, on 'auto', the browser's first language we have words for.
 * The message functions (./paraglide, compiled from ./catalogue) ask `getLocale()`, which reads this
 * signal, so a component that renders a message re-renders when the language changes.
 *
 * The app draws nothing until the database answers (docs/ARCHITECTURE.md), but the choice is also kept
 * in localStorage, a synchronous mirror, so the very first draw and `<html lang>` are already right and
 * nothing flashes in English before the settings arrive.
 */
import { computed, effect, signal } from '@preact/signals';
import type { LanguageChoice } from '../../storage';
import { type Locale, baseLocale, isLocale, overwriteGetLocale } from './paraglide/runtime.js';

export type { Locale };

/** The mirror's key in localStorage (this device only; the stored setting is the truth). */
export const LANGUAGE_MIRROR_KEY = 'pente.language';

/**
 * The first of the browser's languages we have words for: "de-AT" → de, any "zh-…" → zh (Simplified
 * Chinese: the only Chinese catalogue), "en-GB" → en; English when none match.
 */
export function browserLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const language = tag.toLowerCase().split(/[-_]/)[0]!;
    if (isLocale(language)) return language;
  }
  return baseLocale;
}

/** The locale a choice means here: the choice itself, or the browser's on 'auto'. */
export const localeFor = (choice: LanguageChoice, languages: readonly string[]): Locale =>
  choice === 'auto' ? browserLocale(languages) : choice;

const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

function readMirror(): LanguageChoice {
  try {
    const kept = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_MIRROR_KEY);
    return kept === 'en' || kept === 'de' || kept === 'zh' ? kept : 'auto';
  } catch {
    // Storage refused (a sandboxed frame, privacy settings): the browser's language it is.
    return 'auto';
  }
}

/** The player's choice as this page knows it. */
export const languageChoice = signal<LanguageChoice>(readMirror());

/** The locale every message is rendered in now. */
export const locale = computed<Locale>(() => localeFor(languageChoice.value, browserLanguages()));

overwriteGetLocale(() => locale.value);

/** The BCP 47 tag for `<html lang>`: Simplified Chinese says so, for the system's CJK font choice. */
export const htmlLang = (l: Locale): string => (l === 'zh' ? 'zh-Hans' : l);

if (typeof document !== 'undefined') {
  effect(() => {
    document.documentElement.lang = htmlLang(locale.value);
  });
}

/**
 * Takes the choice as stored (at start, from another tab, or just changed in Settings) and keeps the
 * mirror in step. Saving the setting is the caller's job (app-state's updateSettings).
 */
export function adoptLanguageChoice(choice: LanguageChoice): void {
  languageChoice.value = choice;
  try {
    if (choice === 'auto') localStorage.removeItem(LANGUAGE_MIRROR_KEY);
    else localStorage.setItem(LANGUAGE_MIRROR_KEY, choice);
  } catch {
    // No mirror: the first draw of the next visit is in the browser's language until the settings load.
  }
}

/** A number as the locale writes it: 12,000 / 12.000 / 12,000; 1.5 / 1,5. */
export const formatNumber = (n: number, options?: Intl.NumberFormatOptions): string =>
  new Intl.NumberFormat(locale.value, options).format(n);

/** A message with no inputs, as tables of messages hold it (`m.levels_band_strong`); `locale` overrides. */
export type PlainMessage = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;
