/**
 * Counts in words, for every count the app shows: "1 game", "3 games", "1 was", "2 were". English has
 * two forms, so a word is given in both when its plural is not the singular and an "s".
 */

/** `one` for 1, else `many` (the singular and an "s" unless given). */
export const plural = (n: number, one: string, many = `${one}s`): string => (n === 1 ? one : many);

/** The count and the word that fits it: "1 game", "12,000 games", "0 games". */
export const count = (n: number, one: string, many?: string): string =>
  `${n.toLocaleString('en')} ${plural(n, one, many)}`;
