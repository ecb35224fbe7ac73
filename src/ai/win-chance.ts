/**
 * The engine's scores as a player reads them: a win chance for the side to move, and how many moves a
 * forced win or loss takes. Analysis (the page's evaluation, graph and move marks) speaks only in these.
 */
import { WIN, isWinScore } from './search';

/**
 * The win chance is 1 / (1 + exp(-score / WIN_CHANCE_SCALE)). The scale was fitted by maximum likelihood
 * to what became of 10,775 positions from 2,175 pente.org games (every 4th decided 19×19 Pente game, every
 * 3rd position from ply 8, a 5,000-node search each): `npm run fit:win-chance` found 405 centi-stones
 * (mean log-likelihood −0.5847; 200 gives −0.641, 800 gives −0.607). So a clear open three's worth
 * (about 90) is a 56% chance, and a four the opponent must answer (600) about 81%.
 */
export const WIN_CHANCE_SCALE = 405;

/** The side to move's chance of winning, 0–1: exactly 1 or 0 for a forced win or loss. */
export function winChance(score: number): number {
  if (isWinScore(score)) return score > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-score / WIN_CHANCE_SCALE));
}

/**
 * For a forced result, the number of moves the winner still has to make (1: it wins with its next move),
 * positive when the side to move wins and negative when it loses; null when the score is not a forced result.
 */
export function movesToForcedWin(score: number): number | null {
  if (!isWinScore(score)) return null;
  const plies = WIN - Math.abs(score);
  return Math.sign(score) * Math.max(1, Math.ceil(plies / 2));
}
