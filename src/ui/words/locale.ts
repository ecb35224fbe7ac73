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

/**
 * Intl's formatters, made once per kind, locale and options: making one costs far more than using it. (A
 * trace of Home and the Games list at 100,000 games found a new NumberFormat and DateTimeFormat made per
 * row and per number, 10-45 ms of a draw on a loaded machine.)
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function formatter<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  options: object | undefined,
  make: () => F,
): F {
  const key = `${kind} ${locale.value} ${options ? JSON.stringify(options) : ''}`;
  let made = formatters.get(key) as F | undefined;
  if (made === undefined) formatters.set(key, (made = make()));
  return made;
}

/** A number as the locale writes it: 12,000 / 12.000 / 12,000; 1.5 / 1,5. */
export const formatNumber = (n: number, options?: Intl.NumberFormatOptions): string =>
  formatter('number', options, () => new Intl.NumberFormat(locale.value, options)).format(n);

/** A moment as the locale writes it, with `options` as Intl.DateTimeFormat takes them (default: the day). */
export const formatDate = (ms: number, options?: Intl.DateTimeFormatOptions): string =>
  formatter('date', options, () => new Intl.DateTimeFormat(locale.value, options)).format(ms);

/** The day and the time, as Date's toLocaleString writes them. */
export const DATE_AND_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/** "5 minutes ago", "yesterday": Intl.RelativeTimeFormat's, in the locale. */
export const relativeTime = (value: number, unit: Intl.RelativeTimeFormatUnit): string =>
  formatter('relative', undefined, () => new Intl.RelativeTimeFormat(locale.value, { numeric: 'auto' })).format(
    value,
    unit,
  );

/** A message with no inputs, as tables of messages hold it (`m.levels_band_strong`); `locale` overrides. */
export type PlainMessage = (inputs?: Record<string, never>, options?: { locale?: Locale }) => string;
