/**
 * A computer player's settings in words, for the players screen's list and the editor: the strength on the
 * levels' scale (src/core/levels.ts) with its measured rating, how the nearest level plays, the think time.
 */
import { LEVELS } from '../../core';
import { type ComputerPlayer, type ComputerSettings, measuredRating, strengthOf } from '../../storage';
import { formatNumber } from '../words/locale';
import * as m from '../words/paraglide/messages.js';
import { levelPlays } from './level-words';

/** Seconds to a tenth as a number input takes them: "0.3", "1", "1.5" (the same in every locale). */
export const seconds = (ms: number): string => String(Math.round(ms / 100) / 10);
/** Seconds to a tenth as the locale writes them: "1.5" / "1,5". */
export const secondsText = (ms: number): string =>
  formatNumber(Math.round(ms / 100) / 10, { maximumFractionDigits: 1 });
export const aboutSeconds = (ms: number): string =>
  m.players_about_seconds({ count: Math.round(ms / 100) / 10, seconds: secondsText(ms) });

/** Where a player's settings sit on the strength scale, in words. */
export function strengthName(settings: ComputerSettings): string {
  const { index, exact } = strengthOf(settings);
  const level = LEVELS[index]!.name;
  return exact ? level : m.players_strength_custom({ level });
}

/** The strength with its measured rating when the settings are a level's: "Casual, rated ≈ 1150". */
export function strengthWithRating(settings: ComputerSettings): string {
  const rating = measuredRating(settings);
  const strength = strengthName(settings);
  return rating === null ? strength : m.players_strength_rated({ strength, rating: String(rating) });
}

/** How the level nearest these settings plays, in a line (src/ui/players/level-words.ts). */
export const playsLike = (settings: ComputerSettings): string => levelPlays(LEVELS[strengthOf(settings).index]!);

/** The settings in a line; the strength is left out when the name already says it ("Casual"). */
export function describeComputer(p: ComputerPlayer): string {
  const strength = strengthName(p);
  const rating = measuredRating(p);
  const parts = [
    ...(strength === p.name ? [] : [m.players_describe_strength({ strength })]),
    ...(rating === null ? [] : [m.players_describe_rated({ rating: String(rating) })]),
    m.players_describe_thinks({ time: aboutSeconds(p.timeMs) }),
    p.book ? m.players_describe_book() : m.players_describe_no_book(),
  ];
  return parts.join(' · ');
}
