/**
 * The fields of a friend game's link that storage checks too (a stored friend game keeps its id and its
 * clock): apart from link.ts so that the first screen, which validates stored games, does not load the
 * whole link format (about 3 KB gzipped; e2e/first-visit.spec.ts holds the first screen to 60 KB).
 */

/** A friend game's id: 16 base64url digits (96 random bits). */
export const FRIEND_GAME_ID = /^[A-Za-z0-9_-]{16}$/;

/**
 * A live friend game's chess clock, agreed in the invitation (net/clock.ts keeps the time): each side's
 * time at the start and what each move adds. In a link as `t<initial seconds>-<increment seconds>`.
 */
export interface LinkClock {
  readonly initialMs: number;
  readonly incrementMs: number;
}

/** The longest clock a link carries: a bound, far above what the app offers (30 minutes, 15 seconds). */
export const MAX_LINK_CLOCK_SECONDS = 24 * 60 * 60;

/** The `t` field's value for `clock` (whole seconds), or null for a clock no link carries. */
export function formatLinkClock(clock: LinkClock): string | null {
  const initial = clock.initialMs / 1000;
  const increment = clock.incrementMs / 1000;
  const fits = (s: number, min: number) => Number.isInteger(s) && s >= min && s <= MAX_LINK_CLOCK_SECONDS;
  return fits(initial, 1) && fits(increment, 0) ? `${initial}-${increment}` : null;
}

/** The clock a `t` field names (formatLinkClock's inverse), or null for a field no link of ours holds. */
export function parseLinkClock(field: string): LinkClock | null {
  const found = /^([1-9]\d{0,4})-(0|[1-9]\d{0,4})$/.exec(field);
  if (!found) return null;
  const [initial, increment] = [Number(found[1]), Number(found[2])];
  if (initial > MAX_LINK_CLOCK_SECONDS || increment > MAX_LINK_CLOCK_SECONDS) return null;
  return { initialMs: initial * 1000, incrementMs: increment * 1000 };
}
