/**
 * The Games list's search and filters as data, and the predicate a listing reads every summary through:
 * pure (no I/O, no clock: a date preset is turned into a range with the time given), so a listing of
 * 100,000 summaries pays a few comparisons per summary and nothing else.
 */
import type { VariantId } from '../core';
import type { GameSummary } from './summaries';

/**
 * summaries.ts's OPENING_PLIES (how many first moves a summary keeps), written here rather than imported:
 * this module is fetched only by a listing that filters, and importing a value from summaries.ts (on the
 * first screen) split that module into a chunk of its own, 220 B more on the first screen. A test keeps
 * the two equal.
 */
export const OPENING_PLIES_KEPT = 8;

/**
 * A result, from the player's side: the side the name search names (its first name, when it names one
 * side of the game), else the side the app knows as this device's player (summary.me); a game where
 * neither is known matches neither 'won' nor 'lost'. By colour for everyone else: 'black' and 'white'
 * (that colour won).
 */
export type ResultFilter = 'won' | 'lost' | 'draw' | 'black' | 'white';
export const RESULT_FILTERS: readonly ResultFilter[] = ['won', 'lost', 'draw', 'black', 'white'];

/** A date preset: since the start of this calendar week (Monday), month or year, in local time. */
export type DatePreset = 'week' | 'month' | 'year';
export const DATE_PRESETS: readonly DatePreset[] = ['week', 'month', 'year'];

/** The search and filters together; an absent field filters nothing. */
export interface GameFilter {
  /**
   * Names, as typed: one name matches games where either side's name contains it; "Ann vs Bob" matches
   * games between a side containing each (either colour). Case and accents aside.
   */
  readonly names?: string;
  readonly result?: ResultFilter;
  /** listedAt (the date the list shows) from this moment, inclusive. */
  readonly from?: number;
  /** listedAt before this moment (exclusive). */
  readonly to?: number;
  readonly variant?: VariantId;
  /** The game's first moves, pente.org coordinates as parseOpening returns them (upper case). */
  readonly opening?: readonly string[];
}

/** Whether a filter filters anything. */
export const isEmptyFilter = (f: GameFilter): boolean =>
  nameTerms(f.names ?? '').length === 0 &&
  f.result === undefined &&
  f.from === undefined &&
  f.to === undefined &&
  f.variant === undefined &&
  (f.opening === undefined || f.opening.length === 0);

/** Text folded for a search: lower case, accents dropped, spaces squeezed. */
export const foldText = (text: string): string =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();

/**
 * The name search's terms, folded: one, or two for "Ann vs Bob" ("vs", "vs." or "v", any case), and as the
 * list's titles say it in German and Chinese ("Ann gegen Bob", "Ann 对阵 Bob"), whatever the language.
 */
export function nameTerms(names: string): readonly string[] {
  const terms = foldText(names)
    .split(/\s+(?:vs\.?|v|gegen|对阵|对)\s+/)
    .map((t) => t.trim())
    .filter((t) => t !== '');
  return terms.slice(0, 2);
}

/** A move as the opening filter takes it: a letter A–T but I, and a row 1–19. */
const MOVE = /^[A-HJ-T](?:[1-9]|1[0-9])$/;

export type OpeningParse =
  { readonly ok: true; readonly moves: readonly string[] } | { readonly ok: false; readonly bad: string };

/**
 * The opening filter's text ("K10 L9 K12", commas, dashes or spaces between, any case) as moves; the first
 * word that is not a move when there is one. At most OPENING_PLIES_KEPT moves: summaries keep no more.
 */
export function parseOpening(text: string): OpeningParse {
  const words = text
    .toUpperCase()
    .split(/[\s,;–—-]+/)
    .map((w) => w.replace(/^\d+\./, ''))
    .filter((w) => w !== '');
  const bad = words.find((w) => !MOVE.test(w));
  if (bad !== undefined) return { ok: false, bad };
  return { ok: true, moves: words.slice(0, OPENING_PLIES_KEPT) };
}

/** An opening's moves as the filter's text shows them. */
export const formatOpening = (moves: readonly string[]): string => moves.join(' ');

/** The first moment of the calendar week (Monday), month or year that `now` is in, in local time. */
export function presetStart(preset: DatePreset, now: Date): number {
  const y = now.getFullYear();
  const mo = now.getMonth();
  if (preset === 'year') return new Date(y, 0, 1).getTime();
  if (preset === 'month') return new Date(y, mo, 1).getTime();
  const sinceMonday = (now.getDay() + 6) % 7;
  return new Date(y, mo, now.getDate() - sinceMonday).getTime();
}

/**
 * A date field's value ("2026-03-01", as <input type="date"> gives it) as a range bound in local time:
 * its first moment for 'from', the first moment of the day after for 'to' (so the day itself is in).
 * undefined for an empty or malformed value.
 */
export function dayBound(value: string, bound: 'from' | 'to'): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const day = new Date(y, mo, d);
  if (day.getFullYear() !== y || day.getMonth() !== mo || day.getDate() !== d) return undefined;
  return bound === 'from' ? day.getTime() : new Date(y, mo, d + 1).getTime();
}

/**
 * The sides of a game the name terms name, in the terms' order: [] when they do not match it. One term:
 * the sides whose name contains it (one or both); two: an assignment of the terms to different sides.
 */
function namedSides(players: readonly [string, string], terms: readonly string[]): readonly (1 | 2)[] | null {
  if (terms.length === 0) return [];
  const folded = [foldText(players[0]), foldText(players[1])];
  const has = (side: 1 | 2, term: string) => folded[side - 1]!.includes(term);
  const [first, second] = terms as [string, string | undefined];
  if (second === undefined) {
    const sides = ([1, 2] as const).filter((s) => has(s, first));
    return sides.length > 0 ? sides : null;
  }
  const sides = ([1, 2] as const).filter((s) => has(s, first) && has(s === 1 ? 2 : 1, second));
  return sides.length > 0 ? sides : null;
}

/** Whether a game's result is `wanted`, seen from `sides` (the sides named, else this device's). */
function resultMatches(summary: GameSummary, wanted: ResultFilter, sides: readonly (1 | 2)[]): boolean {
  const { result } = summary;
  if (result === null) return false;
  if (wanted === 'draw') return result.winner === null;
  if (result.winner === null) return false;
  if (wanted === 'black') return result.winner === 1;
  if (wanted === 'white') return result.winner === 2;
  const players = sides.length > 0 ? sides : summary.me === null ? [] : [summary.me];
  return players.some((side) => (result.winner === side) === (wanted === 'won'));
}

/** Whether a summary's opening begins with these moves. */
export function openingMatches(opening: string, moves: readonly string[]): boolean {
  if (moves.length === 0) return true;
  const prefix = moves.join(' ');
  return opening === prefix || opening.startsWith(`${prefix} `);
}

/**
 * The predicate for a filter: made once per listing (the terms folded once), called for every summary.
 */
export function filterPredicate(filter: GameFilter): (summary: GameSummary) => boolean {
  const terms = nameTerms(filter.names ?? '');
  const { result, from, to, variant, opening } = filter;
  return (s) => {
    if (variant !== undefined && s.variant !== variant) return false;
    if (from !== undefined && s.listedAt < from) return false;
    if (to !== undefined && s.listedAt >= to) return false;
    if (opening !== undefined && !openingMatches(s.opening, opening)) return false;
    const sides = namedSides(s.players, terms);
    if (sides === null) return false;
    // With two names, the player is the side the first one names.
    return result === undefined || resultMatches(s, result, terms.length === 2 ? sides.slice(0, 1) : sides);
  };
}

/** An opening and how many games of the listing begin with it. */
export interface OpeningCount {
  readonly moves: readonly string[];
  readonly games: number;
}

/**
 * Counts openings of `plies` moves (games shorter than that aside) over summaries fed one at a time, and
 * gives the `top` most common, most games first (ties in move order, so the list is stable).
 */
export function openingCounter(plies: number) {
  const counts = new Map<string, number>();
  return {
    add(summary: Pick<GameSummary, 'opening'>): void {
      const moves = summary.opening === '' ? [] : summary.opening.split(' ');
      if (moves.length < plies) return;
      const key = moves.slice(0, plies).join(' ');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
    top(top: number): OpeningCount[] {
      return [...counts]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
        .slice(0, top)
        .map(([key, games]) => ({ moves: key.split(' '), games }));
    },
  };
}
