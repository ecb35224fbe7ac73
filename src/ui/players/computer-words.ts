/**
 * A computer player's settings in words, for the players screen's list and the editor: the strength on the
 * levels' scale (src/core/levels.ts) with its measured rating, how the nearest level plays, the think time.
 */
import { LEVELS, LEVEL_WORDS } from '../../core';
import { type ComputerPlayer, type ComputerSettings, measuredRating, strengthOf } from '../../storage';
import { plural } from '../words/plural';

/** Seconds for people: "0.3", "1", "1.5". */
export const seconds = (ms: number): string => String(Math.round(ms / 100) / 10);
export const aboutSeconds = (ms: number): string => `about ${seconds(ms)} ${plural(Number(seconds(ms)), 'second')}`;

/** Where a player's settings sit on the strength scale, in words. */
export function strengthName(settings: ComputerSettings): string {
  const { index, exact } = strengthOf(settings);
  const level = LEVELS[index]!.name;
  return exact ? level : `Custom, close to ${level}`;
}

/** The strength with its measured rating when the settings are a level's: "Casual, rated ≈ 1150". */
export function strengthWithRating(settings: ComputerSettings): string {
  const rating = measuredRating(settings);
  return `${strengthName(settings)}${rating === null ? '' : `, rated ≈ ${rating}`}`;
}

/** How the level nearest these settings plays, in a line (src/core/level-words.ts). */
export const playsLike = (settings: ComputerSettings): string =>
  LEVEL_WORDS[LEVELS[strengthOf(settings).index]!.id]?.plays ?? '';

/** The settings in a line; the strength is left out when the name already says it ("Casual"). */
export function describeComputer(p: ComputerPlayer): string {
  const strength = strengthName(p);
  const rating = measuredRating(p);
  const parts = [
    ...(strength === p.name ? [] : [`Strength: ${strength}`]),
    ...(rating === null ? [] : [`Rated ≈ ${rating}`]),
    `Thinks ${aboutSeconds(p.timeMs)}`,
    p.book ? 'plays from the openings book' : 'no openings book',
  ];
  return parts.join(' · ');
}
