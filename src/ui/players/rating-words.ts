/**
 * The player's rating against the computer's levels in words, for Players (core's computer-rating.ts): the
 * figure rounded to 10 (`roundedRating`), "?" while it is provisional (the core's rule, as for the rating
 * against people), and the scale it is on, anchored to two levels the player can play. Home's short form
 * is its own (HomeRating.tsx), so Home's chunk does not share one with Players.
 */
import { type ComputerRating, isProvisional, levelById, levelRating, roundedRating } from '../../core';
import { formatNumber } from '../words/locale';
import * as m from '../words/paraglide/messages.js';

const toTen = (n: number) => formatNumber(roundedRating(n));

/** "1,480 ± 120", or "1,480?" while provisional (the card then says what the ? means). */
export const ratingFigure = (r: ComputerRating): string =>
  isProvisional(r)
    ? `${toTen(r.rating)}?`
    : m.players_rating_value({ rating: toTen(r.rating), deviation: toTen(r.deviation) });

/** Which scale: the app's own, where Beginner is 1,000 and Master what the ladder measured. */
export const scaleWords = (): string =>
  m.players_rating_scale({
    beginner: formatNumber(levelRating(levelById('beginner')!)),
    master: formatNumber(levelRating(levelById('master')!)),
  });
