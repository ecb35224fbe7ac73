/**
 * Match statistics for self-play played in pairs: each opening twice, colours swapped. The pair is the
 * unit of sampling (the two games share an opening, and Pente's first-move edge makes them anti-correlated:
 * most pairs split 1–1 whatever the strengths), so the error bar comes from the spread of pair scores — the
 * "pentanomial" model of chess engine testing — which is tighter than treating games as independent, and right.
 */

/** A's points in the two games of one pair (1 win, 0.5 draw, 0 loss). */
export type PairPoints = readonly [number, number];

export interface MatchStats {
  readonly games: number;
  readonly pairs: number;
  /** A's mean score per game, 0..1. */
  readonly score: number;
  /** Half-width of the 95% interval of the score. */
  readonly margin95: number;
  readonly elo: number;
  readonly eloLow: number;
  readonly eloHigh: number;
  /** How many pairs A scored 0, 0.5, 1, 1.5 and 2 points in. */
  readonly pentanomial: readonly [number, number, number, number, number];
}

/** The Elo difference that a mean score p implies (±Infinity at 0 and 1). */
export function eloFromScore(p: number): number {
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  return 400 * Math.log10(p / (1 - p));
}

export function matchStats(pairs: readonly PairPoints[]): MatchStats {
  if (pairs.length === 0) throw new Error('No complete pairs to score');
  const perPair = pairs.map(([x, y]) => (x + y) / 2);
  const n = perPair.length;
  const score = perPair.reduce((s, x) => s + x, 0) / n;
  const variance = n > 1 ? perPair.reduce((s, x) => s + (x - score) ** 2, 0) / (n - 1) : 0.25;
  const margin95 = 1.96 * Math.sqrt(variance / n);
  const pentanomial: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  for (const [x, y] of pairs) pentanomial[Math.round((x + y) * 2)]!++;
  return {
    games: 2 * n,
    pairs: n,
    score,
    margin95,
    elo: eloFromScore(score),
    eloLow: eloFromScore(score - margin95),
    eloHigh: eloFromScore(score + margin95),
    pentanomial,
  };
}
