/**
 * The player's rating against the computer's levels in words (core's computer-rating.ts): the figure
 * rounded to 10 as the levels' own ratings are (the ladder measures no finer), "?" while it is provisional
 * (the core's rule, as for the rating against people), and the scale it is on, anchored to two levels the
 * player can play.
 */
import { type ComputerRating, isProvisional, levelById, levelRating } from '../../core';
import { formatNumber } from '../words/locale';
import * as m from '../words/paraglide/messages.js';

const toTen = (n: number) => formatNumber(Math.round(n / 10) * 10);

/** "1,480" or, while provisional, "1,480?": Home's short form. */
export const shortRating = (r: ComputerRating): string => `${toTen(r.rating)}${isProvisional(r) ? '?' : ''}`;

/** "1,480 ± 120", or "1,480? (provisional: …)". */
export const ratingFigure = (r: ComputerRating): string =>
  isProvisional(r)
    ? m.players_rating_provisional({ rating: toTen(r.rating) })
    : m.players_rating_value({ rating: toTen(r.rating), deviation: toTen(r.deviation) });

/** Which scale: the app's own, where Beginner is 1,000 and Master what the ladder measured. */
export const scaleWords = (): string =>
  m.players_rating_scale({
    beginner: formatNumber(levelRating(levelById('beginner')!)),
    master: formatNumber(levelRating(levelById('master')!)),
  });
