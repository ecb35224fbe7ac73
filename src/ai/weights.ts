/**
 * The evaluation's weights, as data: one object, so self-play can tune them (scripts/match.ts plays one set
 * against another). Scores are in centi-stones from the side to move's point of view.
 */
export interface Weights {
  /** Value of a window holding k of a player's stones and none of the other's, k = 0…4. */
  readonly line: readonly [number, number, number, number, number];
  /** Extra share of its line value that the side to move gets (it moves first). */
  readonly tempo: number;
  /**
   * Value of captured stones by tenths of the way to the capture win (0…9 tenths): steep, since each pair
   * brings the capture win nearer and weakens the other side's lines.
   */
  readonly captured: readonly number[];
  /** Value of one capture opportunity (X O O _) by tenths of the way to the capture win of its owner. */
  readonly take: readonly number[];
}

/**
 * Texel-tuned (npm run tune:weights -- --every 3 --rounds 150): fitted to what became of 64,346 quiet
 * positions of 9,899 pente.org and self-play games, the held-out games' loss fell from 0.2127 to 0.1938.
 * (A four's value is not fitted: quiet positions have none; it stays 600.) Against the hand-set weights
 * before them (PRE_TEXEL_WEIGHTS), in self-play with capture-aware threats on both sides: +100 Elo [55, 148]
 * in 200 games at 100 ms a move, +95 [13, 189] in 60 at 1 s, +108 [62, 157] in 200 at 30,000 nodes, +70
 * [11, 134] in 100 at 250,000 nodes. Capture opportunities weigh far more than before (a pair to take is
 * worth about a three, and more near the capture win) and the side to move's lines more (tempo 0.8).
 */
export const DEFAULT_WEIGHTS: Weights = {
  line: [0, 1, 14, 114, 600],
  tempo: 0.8,
  captured: [0, 253, 202, 282, 330, 197, 399, 357, 815, 195],
  take: [141, 85, 115, 94, 112, 232, 214, 200, 978, 6245],
};

/** The hand-set weights the tuning started from, kept for self-play comparisons (scripts/match.ts). */
export const PRE_TEXEL_WEIGHTS: Weights = {
  line: [0, 2, 14, 90, 600],
  tempo: 0.25,
  captured: [0, 0, 90, 90, 210, 210, 400, 400, 800, 800],
  take: [18, 18, 22, 22, 30, 30, 45, 45, 120, 120],
};
