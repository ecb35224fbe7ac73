/**
 * The review's words about a move's quality: the analysis (analysis/game-analysis.ts) judges a move by a
 * `MoveQuality` id, and these name it in the current language, as a phrase ("a mistake", for "E5 was a
 * mistake") or as a short name ("mistake", in the move list's labels). Win chances as percentages.
 */
import { formatNumber } from '../words/locale';
import * as m from '../words/paraglide/messages.js';
import type { MoveQuality } from './analysis/game-analysis';

const QUALITY_PHRASES: Readonly<Record<MoveQuality, () => string>> = {
  best: m.review_quality_best,
  good: m.review_quality_good,
  inaccuracy: m.review_quality_inaccuracy,
  mistake: m.review_quality_mistake,
  blunder: m.review_quality_blunder,
};

const QUALITY_NAMES: Readonly<Record<MoveQuality, () => string>> = {
  best: m.review_verdict_best,
  good: m.review_verdict_good,
  inaccuracy: m.review_verdict_inaccuracy,
  mistake: m.review_verdict_mistake,
  blunder: m.review_verdict_blunder,
};

/** "the best move", "a mistake": to follow "E5 was". */
export const qualityPhrase = (quality: MoveQuality): string => QUALITY_PHRASES[quality]();

/** "best", "mistake": a move's verdict as a short name. */
export const qualityName = (quality: MoveQuality): string => QUALITY_NAMES[quality]();

/** A chance (0 to 1) as a whole percentage, as the locale writes it: "62%", "62 %". */
export const percent = (chance: number): string => formatNumber(chance, { style: 'percent', maximumFractionDigits: 0 });
