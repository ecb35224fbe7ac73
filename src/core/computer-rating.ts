/**
 * The player's rating from their games against the computer's built-in levels (issue 31). Each level's
 * strength is known — measured by self-play on the ladder (`RatedLevel.elo`, levels.ts) — so a game against
 * one is a game against an opponent of known rating: Glicko-2 (the puzzles' updateGlicko2, one rating
 * period per game, in the order the games ended) with the level as an opponent whose rating is its
 * measured one and whose deviation is small and fixed (LEVEL_DEVIATION; the level does not learn).
 *
 * The scale is the levels' own: Beginner is 1000 (`levelRating`), and the ladder measured the others from
 * there. It is not pente.org's scale, nor any federation's; the screen says so. Which games count is
 * storage's to decide (it knows how a game was played: storage/computer-rating.ts); here only the
 * arithmetic, on plain results.
 */
import { type RatedLevel, levelById } from './levels';
import { type Glicko2Rating, NEW_RATING, updateGlicko2 } from './puzzle/glicko2';

/**
 * A level's rating deviation as an opponent: about one standard deviation of its measured rating. The
 * ladder's 95% intervals run from ±70 (next to Beginner) to ±170 (Master), one deviation 35 to 85.
 */
export const LEVEL_DEVIATION = 60;

/** Where the scale is anchored: Beginner's rating (its measured Elo is 0 by definition). */
export const SCALE_ANCHOR = 1000;

/** A level as an opponent of known strength, on the levels' scale (unrounded: the shown one rounds to 10). */
export const levelOpponent = (level: RatedLevel): Glicko2Rating => ({
  rating: SCALE_ANCHOR + level.elo,
  deviation: LEVEL_DEVIATION,
  volatility: NEW_RATING.volatility,
});

/** One finished game against a built-in level, as the rating needs it. */
export interface ComputerGameResult {
  /** The game's id: among games that ended at the same moment, the order is by id. */
  readonly id: string;
  /** When it ended (epoch ms; only the order matters). */
  readonly endedAt: number;
  /** The built-in level it was played against (levels.ts's id). */
  readonly levelId: string;
  /** The player's score: 1 a win, 0.5 a draw, 0 a loss. */
  readonly score: 0 | 0.5 | 1;
}

/** The player's rating against the levels, and how many games it is made of. */
export interface ComputerRating extends Glicko2Rating {
  readonly games: number;
}

/** A player with no rated game yet: Glicko-2's newcomer (1500 ± 350 on the levels' scale). */
export const NEW_COMPUTER_RATING: ComputerRating = { ...NEW_RATING, games: 0 };

/**
 * The rating after one more game (a rating period of its own, as pente.org rates each game when it ends).
 * A game against a level this version does not know changes nothing.
 */
export function addComputerGame(rating: ComputerRating, game: ComputerGameResult): ComputerRating {
  const level = levelById(game.levelId);
  if (!level) return rating;
  const { games, ...before } = rating;
  return { ...updateGlicko2(before, [{ opponent: levelOpponent(level), score: game.score }]), games: games + 1 };
}

/** Orders games as they ended: by time, then by id (so any order given gives the same rating). */
export const byEnding = (a: ComputerGameResult, b: ComputerGameResult): number =>
  a.endedAt - b.endedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The rating from these games, taken in the order they ended whatever order they are given in. */
export function computerRating(games: readonly ComputerGameResult[]): ComputerRating {
  return [...games].sort(byEnding).reduce(addComputerGame, NEW_COMPUTER_RATING);
}

/**
 * A rating as shown: rounded to 10, as the levels' own ratings are (`levelRating`: the ladder measures no
 * finer), and the deviation likewise.
 */
export const roundedRating = (n: number): number => Math.round(n / 10) * 10;

/** A rating with the games it was made of (as far as they were kept: see `mergeComputerRatings`). */
export interface ComputerRatingHistory {
  readonly rating: ComputerRating;
  /** The rated games, in any order, each once (by id). */
  readonly results: readonly ComputerGameResult[];
}

/** Whether every game the rating counts is among the results kept (so it can be made again from them). */
const complete = (h: ComputerRatingHistory): boolean => h.results.length >= h.rating.games;

/**
 * One device's rating history merged with another's (a backup restored): each game counted once, by id,
 * never twice. When both histories hold every game their ratings count, the rating is made again from the
 * union, in the order the games ended, as if all had been played on one device. A rating counted before
 * its games were kept (issue 31's first version kept only the rating) cannot be made again: then `local`'s
 * rating stays and the other's games it lacks are added to it, in the order they ended (they carry on from
 * it, the best that the figures allow). With no rated game here, the other history is taken as it is.
 * `added`: how many games of `other` were not counted here.
 */
export function mergeComputerRatings(
  local: ComputerRatingHistory,
  other: ComputerRatingHistory,
): ComputerRatingHistory & { readonly added: number } {
  if (local.rating.games === 0 && local.results.length === 0) return { ...other, added: other.rating.games };
  const known = new Set(local.results.map((r) => r.id));
  const fresh = other.results.filter((r) => !known.has(r.id) && known.add(r.id));
  if (fresh.length === 0) return { ...local, added: 0 };
  const results = [...local.results, ...fresh];
  const rating =
    complete(local) && complete(other)
      ? computerRating(results)
      : [...fresh].sort(byEnding).reduce(addComputerGame, local.rating);
  return { rating, results, added: fresh.length };
}
