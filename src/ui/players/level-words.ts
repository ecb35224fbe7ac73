/**
 * The named computer players in words (the `levels` catalogue): the band each is in, one line on how it
 * plays, what its rating means against the level below, and where it sits on the scale. The numbers are
 * the core's (src/core/level-bands.ts); level names are proper names and stay as LEVELS gives them.
 */
import {
  LEVELS,
  type LevelBand,
  type RatedLevel,
  bandOf,
  easyFraction,
  expectedScore,
  levelRating,
  levelStep,
} from '../../core';
import type { PlainMessage } from '../words/locale';
import * as m from '../words/paraglide/messages.js';

/** Who each band is for, as a list heading says it. */
export const BAND_NAMES: { readonly [B in LevelBand]: PlainMessage } = {
  learning: m.levels_band_learning,
  rules: m.levels_band_rules,
  experienced: m.levels_band_experienced,
  strong: m.levels_band_strong,
};

/** How each built-in level plays, in a line (from its settings: depth, vision, judgement, book, think time). */
export const LEVEL_PLAYS: { readonly [id: string]: PlainMessage } = {
  'first-game': m.levels_plays_first_game,
  starter: m.levels_plays_starter,
  'first-steps': m.levels_plays_first_steps,
  novice: m.levels_plays_novice,
  beginner: m.levels_plays_beginner,
  learner: m.levels_plays_learner,
  casual: m.levels_plays_casual,
  improver: m.levels_plays_improver,
  club: m.levels_plays_club,
  intermediate: m.levels_plays_intermediate,
  advanced: m.levels_plays_advanced,
  expert: m.levels_plays_expert,
  'candidate-master': m.levels_plays_candidate_master,
  master: m.levels_plays_master,
};

/** How a level plays, in a line ('' for a level with no words yet). */
export const levelPlays = (level: { readonly id: string }): string => LEVEL_PLAYS[level.id]?.() ?? '';

/**
 * What a built-in level's rating means, in a sentence: how often it beats the level below ("Rated 1420:
 * wins about 3 games in 4 against Learner (1200)."); the first level is said to be the gentlest.
 */
export function ratingInWords(level: RatedLevel): string {
  const { below } = levelStep(level);
  const rating = String(levelRating(level));
  if (!below) return m.levels_rated_gentlest({ rating });
  const [won, of] = easyFraction(expectedScore(level.elo - below.elo));
  return m.levels_rated_against({
    count: won,
    of,
    rating,
    below: below.name,
    belowRating: String(levelRating(below)),
  });
}

/** "Level 7 of 14 (Knows the rules)": where a built-in level sits on the scale. */
export function levelPlace(level: RatedLevel): string {
  return m.levels_place({ place: levelStep(level).place, total: LEVELS.length, band: BAND_NAMES[bandOf(level)]() });
}
