/**
 * The named computer players on a scale someone choosing an opponent can read: four bands from the first
 * game to full strength, and what a level's rating means as games won against the level below. Numbers and
 * ids only: the words are the UI's (src/ui/players/level-words.ts and the `levels` catalogue). Kept apart
 * from LEVELS (levels.ts), which the ladder re-tunes, and tied to it by id (tests/level-words.test.ts holds
 * every level to having a band and words, and the bands to the scale's order).
 */
import { LEVELS, type RatedLevel } from './levels';

/** The scale's bands, weakest first. */
export const LEVEL_BANDS = ['learning', 'rules', 'experienced', 'strong'] as const;
export type LevelBand = (typeof LEVEL_BANDS)[number];

/** Every built-in level's band, by id. */
export const LEVEL_BAND: { readonly [id: string]: LevelBand } = {
  'first-game': 'learning',
  starter: 'learning',
  'first-steps': 'learning',
  novice: 'learning',
  beginner: 'rules',
  learner: 'rules',
  casual: 'rules',
  improver: 'rules',
  club: 'experienced',
  intermediate: 'experienced',
  advanced: 'experienced',
  expert: 'strong',
  'candidate-master': 'strong',
  master: 'strong',
};

/** A level's band (the last band for a level with none yet: new levels are added at the top). */
export const bandOf = (level: RatedLevel): LevelBand => LEVEL_BAND[level.id] ?? 'strong';

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

/** A chance as the nearest easy fraction of games, [won, of]: 0.76 → [3, 4] ("3 games in 4"). */
export function easyFraction(chance: number): readonly [won: number, of: number] {
  let best = FRACTIONS[0]!;
  for (const f of FRACTIONS) if (Math.abs(chance - f[0] / f[1]) < Math.abs(chance - best[0] / best[1])) best = f;
  return best;
}

/** Where a built-in level sits on the scale (1 = the gentlest), and the level just below it (or null). */
export function levelStep(level: RatedLevel): { readonly place: number; readonly below: RatedLevel | null } {
  const index = LEVELS.findIndex((l) => l.id === level.id);
  return { place: index + 1, below: index > 0 ? LEVELS[index - 1]! : null };
}
