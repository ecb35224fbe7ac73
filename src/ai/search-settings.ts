/**
 * The search's settings: every feature of the search has a flag or a number here, and a preset in
 * scripts/match.ts, so self-play can measure it. What each was measured to be worth is in
 * docs/ENGINE-MEASUREMENTS.md; the comments here only point there.
 */
import { DEFAULT_WEIGHTS, type Weights } from './weights';

/** How many moves to search at a given remaining depth: the best `keep`, plus `extra` within `margin`. */
export interface FilterWidth {
  readonly keep: number;
  readonly extra: number;
  /** An extra move is searched only if its priority is at least this fraction of the best move's. */
  readonly margin: number;
}

export interface SearchSettings {
  readonly weights: Weights;
  /**
   * Filter widths by distance from the root: [ply 1, ply 2, …], the last applying beyond. The tree
   * narrows as it deepens (as gnubg's move filters do): near the root a mistake in the filter costs most.
   */
  readonly widths: readonly FilterWidth[];
  /** Share of candidate moves the player sees (1 = all); forced moves are always seen (skill.ts). */
  readonly vision: number;
  /** Evaluation noise in centi-stones (0 = exact judgement; skill.ts). */
  readonly noise: number;
  readonly seed: number;
  readonly useTable: boolean;
  readonly useQuiescence: boolean;
  /** Late-move reductions for quiet moves far down the list (measured: "each feature"). */
  readonly useReductions: boolean;
  /** A late move is reduced only below this priority (see movegen: 12 000 blocks a three, 40 000 makes a four). */
  readonly reductionLimit: number;
  /** …and only with at least this much depth left. */
  readonly reductionDepth: number;
  /** Null-move pruning: if passing still holds beta at reduced depth, the node is cut (measured: "each feature"). */
  readonly useNullMove: boolean;
  /**
   * Quiescence's own fours only look for a forced win (victory by continuous fours, a yes-or-no search:
   * vcf.ts); otherwise they are searched for any gain in score, which costs far more.
   */
  readonly vcfQuiescence: boolean;
  /** The longest victory by continuous fours that quiescence looks for, in plies. */
  readonly vcfPlies: number;
  /** How many fours it tries at each of the attacker's turns (the most promising first). */
  readonly vcfWidth: number;
  /** It looks only when the attacker has at least this many threes (windows of three, none of the other's). */
  readonly vcfMinThrees: number;
  /** Late-move reductions at the root too: late root moves below reductionLimit are searched shallower first. */
  readonly useRootReductions: boolean;
  /** Null-move pruning reduces by 3 plies instead of 2 from this remaining depth on. */
  readonly nullMoveDeep: number;
  /**
   * Lazy SMP: helper threads skip depths by their number (smp-skip.ts `helperSkips`); else they search
   * every depth (measured: "Several threads").
   */
  readonly helperSkipDepths: boolean;
  /**
   * Near the capture win (8 stones in Pente, 12 in Keryo-Pente), a capture threat is a winning threat: the
   * move filter scores it as a four (so it is neither reduced nor filtered out, and blocking it as blocking
   * a four), and the victory-by-continuous-fours search tries it as it tries a four. Neutral in self-play
   * and on: it finds the capture-threat ladder of tests/ai/tactics.test.ts two plies sooner (measured:
   * "the capture-aware threat search").
   */
  readonly captureThreatFours: boolean;
  /**
   * The stopping rule (timeman.ts `iterationShare`). Off: no new iteration starts after 60% of the think
   * time, or 30% once the best move has held for four iterations. On: the early stop at 30% is kept only
   * for a settled best move that forces (priority at least reductionLimit), and the share grows with the
   * best move's instability and a falling score, up to 95%. On since the partial-iteration fix (measured:
   * "The defences (second session)": +21 Elo [-15, 57] in 200 games at 1 s; before that fix it lost).
   */
  readonly unsettledTime: boolean;
}

export const DEFAULT_SETTINGS: SearchSettings = {
  weights: DEFAULT_WEIGHTS,
  // Tuned by self-play (docs/ENGINE-MEASUREMENTS.md, "filter widths").
  widths: [
    { keep: 16, extra: 6, margin: 0.4 },
    { keep: 14, extra: 6, margin: 0.4 },
    { keep: 12, extra: 4, margin: 0.4 },
  ],
  vision: 1,
  noise: 0,
  seed: 0,
  useTable: true,
  useQuiescence: true,
  useReductions: true,
  reductionLimit: 40_000,
  reductionDepth: 2,
  useNullMove: true,
  vcfQuiescence: true,
  vcfPlies: 6,
  vcfWidth: 3,
  vcfMinThrees: 2,
  useRootReductions: true,
  nullMoveDeep: 4,
  helperSkipDepths: true,
  captureThreatFours: true,
  unsettledTime: true,
};
