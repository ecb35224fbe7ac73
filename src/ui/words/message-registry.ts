/**
 * The formatting functions the compiled messages call (paraglide's registry.js, which `npm run words`
 * points here: scripts/compile-words.ts). Paraglide's own made a new Intl object at every call; here each
 * is made once per locale and options, and the counts the app says most (whole numbers under 1,000, with
 * no options) are written without Intl at all: the first Intl.NumberFormat or PluralRules a page makes loads
 * ICU's data, which a trace of Home's first draw with an unfinished game measured at about 70 ms of one
 * task ("The board after 12 moves"), and such a number reads the same in every language we ship.
 */
import type { Locale } from './paraglide/runtime.js';

const made = new Map<string, unknown>();

/** The Intl object of this kind, locale and options: made on first use. */
function once<T>(kind: string, locale: string, options: object | undefined, make: () => T): T {
  const key = `${kind} ${locale} ${options === undefined ? '' : JSON.stringify(options)}`;
  let found = made.get(key) as T | undefined;
  if (found === undefined) made.set(key, (found = make()));
  return found;
}

const noOptions = (options: object | undefined): boolean => options === undefined || Object.keys(options).length === 0;

/**
 * A whole number's cardinal plural category without Intl, where CLDR's rule is that simple: English and
 * German say "one" for 1 and -1 and "other" for every other whole number; Chinese has only "other". Null: ask Intl.
 */
export function plainPlural(locale: string, n: number): Intl.LDMLPluralRule | null {
  if (!Number.isInteger(n)) return null;
  if (locale === 'zh') return 'other';
  if (locale === 'en' || locale === 'de') return Math.abs(n) === 1 ? 'one' : 'other';
  return null;
}

/** A whole number under 1,000 as all our languages write it with no options (no grouping yet); else null. */
export const plainNumber = (n: number): string | null =>
  Number.isInteger(n) && Math.abs(n) < 1000 && !Object.is(n, -0) ? String(n) : null;

export function plural(locale: Locale, input: unknown, options?: Intl.PluralRulesOptions): string {
  const n = Number(input);
  return (
    (noOptions(options) ? plainPlural(locale, n) : null) ??
    once('plural', locale, options, () => new Intl.PluralRules(locale, options)).select(n)
  );
}

export function number(locale: Locale, input: unknown, options?: Intl.NumberFormatOptions): string {
  const n = Number(input);
  return (
    (noOptions(options) ? plainNumber(n) : null) ??
    once('number', locale, options, () => new Intl.NumberFormat(locale, options)).format(n)
  );
}

export function datetime(locale: Locale, input: unknown, options?: Intl.DateTimeFormatOptions): string {
  return once('date', locale, options, () => new Intl.DateTimeFormat(locale, options)).format(
    new Date(input as string),
  );
}

export function relativetime(
  locale: Locale,
  input: unknown,
  options: Intl.RelativeTimeFormatOptions & { unit: Intl.RelativeTimeFormatUnit },
): string {
  const { unit, ...intlOptions } = options;
  return once('relative', locale, intlOptions, () => new Intl.RelativeTimeFormat(locale, intlOptions)).format(
    Number(input),
    unit,
  );
}
