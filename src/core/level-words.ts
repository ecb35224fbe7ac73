/**
 * The named computer players in words, for someone choosing an opponent: four bands from the first game
 * to full strength, one line each on how a level plays, and what its rating means as games won against
 * the level below. Kept apart from LEVELS (levels.ts), which the ladder re-tunes, and tied to it by id
 * (tests/core/level-words.test.ts holds every level to having its words and the bands to the scale's order).
 */
import { LEVELS, type RatedLevel, levelRating } from './levels';

/** The scale's bands, weakest first. */
export const LEVEL_BANDS = ['learning', 'rules', 'experienced', 'strong'] as const;
export type LevelBand = (typeof LEVEL_BANDS)[number];

/** Who each band is for, as a list heading says it. */
export const BAND_NAMES: { readonly [B in LevelBand]: string } = {
  learning: 'Just learning',
  rules: 'Knows the rules',
  experienced: 'Experienced',
  strong: 'Strong',
};

interface LevelWords {
  readonly band: LevelBand;
  /** How it plays, in a line (from its settings: depth, vision, judgement, book, think time). */
  readonly plays: string;
}

/** Every built-in level's words, by id. */
export const LEVEL_WORDS: { readonly [id: string]: LevelWords } = {
  'first-game': { band: 'learning', plays: 'Sees only its own move and almost never your threats: for first games.' },
  starter: { band: 'learning', plays: 'Sees only its own move; notices a threat to win now and then.' },
  'first-steps': { band: 'learning', plays: 'Sees only its own move; notices about one threat to win in ten.' },
  novice: { band: 'learning', plays: 'Sees only its own move; notices about one threat to win in four.' },
  beginner: { band: 'rules', plays: 'Sees only its own move; notices about a third of threats to win.' },
  learner: { band: 'rules', plays: 'Sees only its own move; notices over half of threats to win.' },
  casual: { band: 'rules', plays: 'Looks at your reply too, with blind spots and rough judgement.' },
  improver: { band: 'rules', plays: 'Looks at your reply too, with fewer blind spots.' },
  club: { band: 'experienced', plays: 'Looks at your reply and sees most moves; judges fairly well.' },
  intermediate: { band: 'experienced', plays: 'Looks three moves ahead and sees most moves.' },
  advanced: { band: 'experienced', plays: 'Looks four moves ahead and knows the openings.' },
  expert: { band: 'strong', plays: 'Looks six moves ahead and knows the openings.' },
  'candidate-master': { band: 'strong', plays: 'Looks eight moves ahead and rarely misses a move.' },
  master: { band: 'strong', plays: 'Full strength: thinks 3 seconds a move, with no blind spots.' },
};

/** A level's band (the last band for a level with no words yet: new levels are added at the top). */
export const bandOf = (level: RatedLevel): LevelBand => LEVEL_WORDS[level.id]?.band ?? 'strong';

/** The chance the stronger side wins by the Elo model: 1 / (1 + 10^(−difference / 400)). */
export const expectedScore = (eloDifference: number): number => 1 / (1 + 10 ** (-eloDifference / 400));

/** Fractions people say easily, for a chance in words. */
const FRACTIONS: readonly (readonly [number, number])[] = [
  [1, 100],
  [1, 20],
  [1, 10],
  [1, 5],
  [1, 4],
  [1, 3],
  [2, 5],
  [1, 2],
  [3, 5],
  [2, 3],
  [7, 10],
  [3, 4],
  [4, 5],
  [5, 6],
  [9, 10],
  [19, 20],
  [99, 100],
];

/** A chance as the nearest easy fraction of games: 0.76 → "3 games in 4"; 0.1 → "1 game in 10". */
export function gamesInWords(chance: number): string {
  let best = FRACTIONS[0]!;
  for (const f of FRACTIONS) if (Math.abs(chance - f[0] / f[1]) < Math.abs(chance - best[0] / best[1])) best = f;
  const [won, of] = best;
  return `${won} ${won === 1 ? 'game' : 'games'} in ${of}`;
}

/**
 * What a built-in level's rating means, in a sentence: how often it beats the level below ("Rated 1420:
 * wins about 3 games in 4 against Learner (1200)."); the first level is said to be the gentlest.
 */
export function ratingInWords(level: RatedLevel): string {
  const index = LEVELS.findIndex((l) => l.id === level.id);
  const below = index > 0 ? LEVELS[index - 1]! : null;
  const rating = levelRating(level);
  if (!below) return `Rated ${rating}, the gentlest level.`;
  const words = gamesInWords(expectedScore(level.elo - below.elo));
  return `Rated ${rating}: wins about ${words} against ${below.name} (${levelRating(below)}).`;
}

/** "Level 7 of 14 (Knows the rules)": where a built-in level sits on the scale. */
export function levelPlace(level: RatedLevel): string {
  const index = LEVELS.findIndex((l) => l.id === level.id);
  return `Level ${index + 1} of ${LEVELS.length} (${BAND_NAMES[bandOf(level)]})`;
}
