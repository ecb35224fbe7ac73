/**
 * A rating a player claims for their own record of games against people (Glicko scale, issue 30 "Play
 * someone now"): what a challenge and an acceptance carry (net/challenges.ts, net/pairing.ts) and what a
 * friend game keeps of the opponent's (storage's FriendGame.theirRating). One reader, so the wire and the
 * disk hold a claim to the same bounds.
 */

export interface ClaimedRating {
  readonly rating: number;
  readonly deviation: number;
  /** Rated games behind it: 0 reads as "new". */
  readonly games: number;
}

/** The bounds a claimed rating is read within (Glicko's scale; a newcomer's deviation is the most). */
export const CLAIMED_RATING_BOUNDS = { rating: 4000, deviation: 350, games: 1e6 } as const;

const within = (n: unknown, hi: number): n is number =>
  typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= hi;

/**
 * The claimed rating `value` holds — its three numbers, each within CLAIMED_RATING_BOUNDS, a whole count of
 * games; nothing else is copied — or null when it is not one.
 */
export function claimedRatingOf(value: unknown): ClaimedRating | null {
  if (typeof value !== 'object' || value === null) return null;
  const { rating, deviation, games } = value as Record<string, unknown>;
  const b = CLAIMED_RATING_BOUNDS;
  if (!within(rating, b.rating) || !within(deviation, b.deviation) || !within(games, b.games)) return null;
  return Number.isInteger(games) ? { rating, deviation, games } : null;
}
