/**
 * What an open challenge offers ("Play someone now", issue 30): the game, its clock, one game or a set of
 * two, and for one game the colour the challenger wants. Plain data with its parse (errors as values): a
 * challenge comes from a stranger's event, so every field is checked against these tables before the
 * list shows it.
 */
import { BOARD_SIZES, VARIANT_IDS, VARIANTS, type BoardSize, type VariantId, playedOverRelays } from '../core';

/** Live clocks, as pente.org's live rooms offer them: minutes each, seconds added per move. */
export const LIVE_MINUTES = [1, 2, 3, 5, 10, 15, 20, 30] as const;
export const LIVE_INCREMENTS = [0, 2, 5, 10, 15] as const;
/** Correspondence: days per move (pente.org's turn-based games allow 1 to 30). */
export const CORRESPONDENCE_DAYS = [1, 2, 3, 5, 7, 14, 30] as const;

export type ChallengeClock =
  | {
      readonly kind: 'live';
      readonly minutes: (typeof LIVE_MINUTES)[number];
      readonly incrementSeconds: (typeof LIVE_INCREMENTS)[number];
    }
  | { readonly kind: 'correspondence'; readonly daysPerMove: (typeof CORRESPONDENCE_DAYS)[number] };

/** The challenger's colour in a single game; a set of two gives each side each colour once. */
export const SEATS = ['black', 'white', 'random'] as const;
export type Seat = (typeof SEATS)[number];

export interface ChallengeTerms {
  readonly variant: VariantId;
  readonly size: BoardSize;
  readonly clock: ChallengeClock;
  /** 1: a single game; 2: a set of two, one with each colour (pente.org's rated games). */
  readonly games: 1 | 2;
  /** The challenger's colour; always 'random' for a set of two (each plays both). */
  readonly seat: Seat;
}

export type TermsProblem =
  { readonly field: 'variant' | 'size' | 'clock' | 'games' | 'seat' } | { readonly field: 'shape' };

const isOneOf = <T>(table: readonly T[], value: unknown): value is T => table.includes(value as T);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseClock(value: unknown): ChallengeClock | null {
  if (!isRecord(value)) return null;
  if (value.kind === 'live' && isOneOf(LIVE_MINUTES, value.minutes) && isOneOf(LIVE_INCREMENTS, value.incrementSeconds))
    return { kind: 'live', minutes: value.minutes, incrementSeconds: value.incrementSeconds };
  if (value.kind === 'correspondence' && isOneOf(CORRESPONDENCE_DAYS, value.daysPerMove))
    return { kind: 'correspondence', daysPerMove: value.daysPerMove };
  return null;
}

/** Terms from untrusted JSON: the terms, or the first field that is not one the app offers. */
export function parseTerms(value: unknown): { ok: true; terms: ChallengeTerms } | { ok: false; problem: TermsProblem } {
  if (!isRecord(value)) return { ok: false, problem: { field: 'shape' } };
  // Every game played over relays (core's playedOverRelays: Connect6, D-Pente, DK-Pente and Swap2 too).
  const variant = isOneOf(VARIANT_IDS, value.variant) ? VARIANTS[value.variant] : null;
  if (!variant || !playedOverRelays(variant)) return { ok: false, problem: { field: 'variant' } };
  if (!isOneOf(BOARD_SIZES, value.size)) return { ok: false, problem: { field: 'size' } };
  const clock = parseClock(value.clock);
  if (!clock) return { ok: false, problem: { field: 'clock' } };
  if (value.games !== 1 && value.games !== 2) return { ok: false, problem: { field: 'games' } };
  if (!isOneOf(SEATS, value.seat) || (value.games === 2 && value.seat !== 'random'))
    return { ok: false, problem: { field: 'seat' } };
  return { ok: true, terms: { variant: variant.id, size: value.size, clock, games: value.games, seat: value.seat } };
}

/** The terms as the JSON an event carries: exactly the fields parseTerms reads back. */
export function formatTerms(terms: ChallengeTerms): Record<string, unknown> {
  return {
    variant: terms.variant,
    size: terms.size,
    clock: { ...terms.clock },
    games: terms.games,
    seat: terms.games === 2 ? 'random' : terms.seat,
  };
}

/** Whether two sets of terms are the same game (to find a waiting challenge that matches one's own seek). */
export function sameTerms(a: ChallengeTerms, b: ChallengeTerms): boolean {
  return JSON.stringify(formatTerms(a)) === JSON.stringify(formatTerms(b));
}

/** A live clock as the game keeps it (net/clock.ts's TimeControl, a friend game's `clock`). */
export interface LiveTimeControl {
  readonly initialMs: number;
  readonly incrementMs: number;
}

/** The time control of a live clock; null for correspondence (days per move: no chess clock). */
export function liveTimeControl(clock: ChallengeClock): LiveTimeControl | null {
  if (clock.kind !== 'live') return null;
  return { initialMs: clock.minutes * 60_000, incrementMs: clock.incrementSeconds * 1000 };
}
