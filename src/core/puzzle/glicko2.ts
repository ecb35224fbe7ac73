/**
 * Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2012), for puzzle ratings: a player
 * and each puzzle have a rating, a rating deviation (how unsure the rating is) and a volatility (how much
 * it is expected to move). A rating period's results update all three; steps below are the paper's.
 */

export interface Glicko2Rating {
  /** On the Glicko scale: 1500 for a newcomer. */
  readonly rating: number;
  /** The rating deviation (RD): 350 for a newcomer, shrinking as results come in. */
  readonly deviation: number;
  readonly volatility: number;
}

/** One game of the period: the opponent's rating before it and the score (1 win, 0.5 draw, 0 loss). */
export interface Glicko2Result {
  readonly opponent: Glicko2Rating;
  readonly score: number;
}

export const NEW_RATING: Glicko2Rating = { rating: 1500, deviation: 350, volatility: 0.06 };

/**
 * τ, the system constant that limits how fast volatility changes: the paper suggests 0.3 to 1.2; 0.5 is
 * its worked example's value (and Lichess's for puzzles is 0.75). Nothing has been tuned on our data yet.
 */
export const DEFAULT_TAU = 0.5;

/** The factor between the Glicko scale and Glicko-2's internal one (400 / ln 10). */
const SCALE = 173.7178;
/** The convergence tolerance of the volatility iteration (step 5), the paper's value. */
const EPSILON = 0.000001;

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/**
 * The rating after one rating period with these results. With no results, only the deviation grows (the
 * rating is less certain after time without play).
 */
export function updateGlicko2(
  player: Glicko2Rating,
  results: readonly Glicko2Result[],
  tau = DEFAULT_TAU,
): Glicko2Rating {
  // Step 2: to the Glicko-2 scale.
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  if (results.length === 0) {
    return { ...player, deviation: Math.sqrt(phi * phi + sigma * sigma) * SCALE };
  }

  // Steps 3 and 4: the estimated variance v from the games alone, and the estimated improvement Δ.
  let vInverse = 0;
  let improvementSum = 0;
  for (const { opponent, score } of results) {
    const muJ = (opponent.rating - 1500) / SCALE;
    const phiJ = opponent.deviation / SCALE;
    const e = expected(mu, muJ, phiJ);
    vInverse += g(phiJ) ** 2 * e * (1 - e);
    improvementSum += g(phiJ) * (score - e);
  }
  const v = 1 / vInverse;
  const delta = v * improvementSum;

  // Step 5: the new volatility, by the Illinois algorithm on f(x) = 0.
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  const newSigma = Math.exp(A / 2);

  // Steps 6 and 7: the pre-period deviation, then the new deviation and rating.
  const phiStar = Math.sqrt(phi * phi + newSigma * newSigma);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const newMu = mu + newPhi * newPhi * improvementSum;

  // Step 8: back to the Glicko scale.
  return { rating: newMu * SCALE + 1500, deviation: newPhi * SCALE, volatility: newSigma };
}

/**
 * Whether a rating is settled enough to show as a number: pente.org marks a player provisional for their
 * first 20 games; Glicko-2 says it directly, by the deviation (lichess shows "?" above 110). One rule for
 * every rating the app shows (against people, against the computer's levels).
 */
export const PROVISIONAL_DEVIATION = 110;
export const isProvisional = (rating: Pick<Glicko2Rating, 'deviation'>): boolean =>
  rating.deviation > PROVISIONAL_DEVIATION;
