/**
 * Elo ratings from a round robin (complete or not) by maximum likelihood under the Bradley–Terry model:
 * P(i scores against j) = 1 / (1 + 10^((Rj − Ri) / 400)), a draw counting half a point. One player is the
 * anchor (rating 0); the others are fitted by Newton's method on the log-likelihood.
 *
 * Two intervals: the Fisher information's (the curvature of the log-likelihood at the fit, games taken as
 * independent) and a bootstrap over pairs (each pairing's pairs — an opening played with colours swapped —
 * resampled with replacement and refitted), which respects the pairs' correlation (see match-stats.ts).
 *
 * A pairing that one side swept has no finite maximum; `prior` adds that many virtual drawn games to every
 * pairing played (BayesElo's trick), which pulls such a gap to a large finite value and changes a well-sampled
 * pairing little (one draw in 20 games moves a 75% score to 73.8%).
 */

/** One pairing's games: A's points (win 1, draw ½) in `games` games against B. */
export interface PairingScore {
  readonly a: number;
  readonly b: number;
  readonly games: number;
  readonly points: number;
}

/** One pairing's games in colour-swapped pairs: A's points in each pair's two games. */
export interface PairingPairs {
  readonly a: number;
  readonly b: number;
  readonly pairs: readonly (readonly [number, number])[];
}

export interface EloFit {
  /** Ratings, the anchor's 0. */
  readonly elo: readonly number[];
  /** Standard error of each rating relative to the anchor (0 for the anchor), from the Fisher information. */
  readonly se: readonly number[];
}

const ELO_PER_NATURAL = 400 / Math.LN10;

export interface FitOptions {
  /** The player rated 0. */
  readonly anchor: number;
  /** Virtual drawn games added to every pairing played (default 1). */
  readonly prior?: number;
}

/** The maximum-likelihood ratings of `players` players from their pairings' scores. */
export function fitElo(players: number, scores: readonly PairingScore[], options: FitOptions): EloFit {
  const { anchor } = options;
  const prior = options.prior ?? 1;
  // Sum the pairings by unordered pair, in A's terms, with the prior's draws.
  const games = new Float64Array(players * players);
  const points = new Float64Array(players * players);
  for (const s of scores) {
    if (s.a === s.b || s.games <= 0) continue;
    games[s.a * players + s.b]! += s.games;
    games[s.b * players + s.a]! += s.games;
    points[s.a * players + s.b]! += s.points;
    points[s.b * players + s.a]! += s.games - s.points;
  }
  for (let i = 0; i < players; i++)
    for (let j = 0; j < players; j++)
      if (i !== j && games[i * players + j]! > 0) {
        games[i * players + j]! += prior;
        points[i * players + j]! += prior / 2;
      }
  const free = Array.from({ length: players }, (_, i) => i).filter((i) => i !== anchor);
  const r = new Float64Array(players); // natural units
  const info = (): { gradient: number[]; fisher: number[][] } => {
    const gradient = free.map(() => 0);
    const fisher = free.map(() => free.map(() => 0));
    const index = new Map(free.map((p, k) => [p, k]));
    for (let i = 0; i < players; i++)
      for (let j = i + 1; j < players; j++) {
        const n = games[i * players + j]!;
        if (n === 0) continue;
        const p = 1 / (1 + Math.exp(r[j]! - r[i]!));
        const w = n * p * (1 - p);
        const g = points[i * players + j]! - n * p;
        const ki = index.get(i);
        const kj = index.get(j);
        if (ki !== undefined) {
          gradient[ki]! += g;
          fisher[ki]![ki]! += w;
        }
        if (kj !== undefined) {
          gradient[kj]! -= g;
          fisher[kj]![kj]! += w;
        }
        if (ki !== undefined && kj !== undefined) {
          fisher[ki]![kj]! -= w;
          fisher[kj]![ki]! -= w;
        }
      }
    return { gradient, fisher };
  };
  for (let iteration = 0; iteration < 100; iteration++) {
    const { gradient, fisher } = info();
    const step = solve(fisher, gradient);
    let largest = 0;
    free.forEach((p, k) => {
      // A damped step: far from the fit, a full Newton step on a logistic likelihood can overshoot.
      const d = Math.max(-2, Math.min(2, step[k]!));
      r[p]! += d;
      largest = Math.max(largest, Math.abs(d));
    });
    if (largest < 1e-10) break;
  }
  const { fisher } = info();
  const covariance = invert(fisher);
  const se = new Array<number>(players).fill(0);
  free.forEach((p, k) => (se[p] = Math.sqrt(covariance[k]![k]!) * ELO_PER_NATURAL));
  return { elo: Array.from(r, (x) => x * ELO_PER_NATURAL), se };
}

/** The scores of pairings played in colour-swapped pairs. */
export const pairingScores = (pairings: readonly PairingPairs[]): PairingScore[] =>
  pairings.map(({ a, b, pairs }) => ({
    a,
    b,
    games: 2 * pairs.length,
    points: pairs.reduce((s, [x, y]) => s + x + y, 0),
  }));

/**
 * The 2.5th and 97.5th percentiles of each rating over `samples` refits of the pairings with their pairs
 * resampled with replacement, drawn from `random` (seeded by the caller, so a run is reproducible).
 */
export function bootstrapElo(
  players: number,
  pairings: readonly PairingPairs[],
  options: FitOptions & { readonly samples: number; readonly random: () => number },
): { readonly low: readonly number[]; readonly high: readonly number[] } {
  const draws: number[][] = Array.from({ length: players }, () => []);
  for (let s = 0; s < options.samples; s++) {
    const resampled = pairings.map(({ a, b, pairs }) => ({
      a,
      b,
      pairs: pairs.map(() => pairs[Math.floor(options.random() * pairs.length)]!),
    }));
    const { elo } = fitElo(players, pairingScores(resampled), options);
    elo.forEach((e, i) => draws[i]!.push(e));
  }
  const quantile = (xs: number[], q: number): number => {
    const sorted = [...xs].sort((x, y) => x - y);
    return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))] ?? 0;
  };
  return { low: draws.map((d) => quantile(d, 0.025)), high: draws.map((d) => quantile(d, 0.975)) };
}

/** Solves m·x = v by Gaussian elimination with partial pivoting (m is small and positive definite here). */
function solve(m: readonly (readonly number[])[], v: readonly number[]): number[] {
  const n = v.length;
  const a = m.map((row, i) => [...row, v[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    const d = a[c]![c]!;
    if (d === 0) throw new Error('The pairings do not connect every player to the anchor.');
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r]![c]! / d;
      if (f !== 0) for (let k = c; k <= n; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return a.map((row, i) => row[n]! / row[i]!);
}

function invert(m: readonly (readonly number[])[]): number[][] {
  const n = m.length;
  const columns = Array.from({ length: n }, (_, j) =>
    solve(
      m,
      Array.from({ length: n }, (_, i) => (i === j ? 1 : 0)),
    ),
  );
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => columns[j]![i]!));
}
