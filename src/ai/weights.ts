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

export const DEFAULT_WEIGHTS: Weights = {
  line: [0, 2, 14, 90, 600],
  tempo: 0.25,
  captured: [0, 0, 90, 90, 210, 210, 400, 400, 800, 800],
  take: [18, 18, 22, 22, 30, 30, 45, 45, 120, 120],
};
