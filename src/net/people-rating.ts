/**
 * A player's rating from their games against people (issue 30): Glicko-2, as the puzzles use (the core's
 * updateGlicko2), one rating period per game in the order they ended, as pente.org rates each game when it
 * ends. It is the player's own record, computed on their device from the games it keeps — ended games
 * whose every move and result the two players signed — so the screen labels it "your own record", not a
 * rating any server vouches for. The opponent's rating is the one they showed when the game began.
 */
import { NEW_RATING, updateGlicko2, type Glicko2Rating } from '../core';

export interface RatedGame {
  /** When it ended (any clock; only the order matters). */
  readonly endedAt: number;
  /** 1 a win, 0.5 a draw, 0 a loss. */
  readonly score: 0 | 0.5 | 1;
  /** What the opponent showed when the game began; a newcomer's rating when they showed none. */
  readonly opponent: Glicko2Rating | null;
}

export interface PeopleRating extends Glicko2Rating {
  readonly games: number;
}

/** The rating after these games, in the order they ended (ties: the order given). */
export function peopleRating(games: readonly RatedGame[]): PeopleRating {
  const ordered = games.map((g, i) => [g, i] as const).sort(([a, i], [b, j]) => a.endedAt - b.endedAt || i - j);
  let rating: Glicko2Rating = NEW_RATING;
  for (const [game] of ordered)
    rating = updateGlicko2(rating, [{ opponent: game.opponent ?? NEW_RATING, score: game.score }]);
  return { ...rating, games: games.length };
}

/** The provisional rule is the core's, one for every rating shown (core/puzzle/glicko2.ts). */
export { PROVISIONAL_DEVIATION, isProvisional } from '../core';
