/**
 * @deprecated English-only counts, kept only for the files not yet converted to the word catalogues (the
 * `NOT_YET_CONVERTED` list in eslint.config.js). A converted file says a count with a plural message in
 * its feature's catalogue instead (src/ui/words/README.md, "Plurals and numbers"); delete this file when
 * the list is empty.
 */

/** `one` for 1, else `many` (the singular and an "s" unless given). */
export const plural = (n: number, one: string, many = `${one}s`): string => (n === 1 ? one : many);

/** The count and the word that fits it: "1 game", "12,000 games", "0 games". */
export const count = (n: number, one: string, many?: string): string =>
  `${n.toLocaleString('en')} ${plural(n, one, many)}`;
