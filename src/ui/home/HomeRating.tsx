/**
 * Home's word on the player's rating against the computer's levels, beside the recent results' heading:
 * one small record read (storage's computer-rating.ts), so what it costs does not grow with the library.
 * Its own chunk, fetched after Home is drawn (the first screen's budget has no room for it), styled by
 * home.css (a stylesheet of its own would be one more file for the first screen to name). Players has the
 * rating in full (the scale, which games count).
 */
import { useEffect, useState } from 'preact/hooks';
import { type ComputerRating, isProvisional, roundedRating } from '../../core';
import { getComputerRating } from '../../storage';
import { db } from '../shell/app-state';
import { formatNumber } from '../words/locale';
import * as m from '../words/paraglide/messages.js';

export function HomeRating() {
  const [rating, setRating] = useState<ComputerRating | null>(null);
  useEffect(() => {
    const d = db.value;
    if (d) void getComputerRating(d).then((r) => r.ok && setRating(r.value));
  }, []);
  if (!rating || rating.games === 0) return null;
  // "1,480", or "1,480?" while provisional (Players says what the ? means).
  const shown = `${formatNumber(roundedRating(rating.rating))}${isProvisional(rating) ? '?' : ''}`;
  // Words, not a control: the Players tile below leads to the rating in full.
  return (
    <small class="home-rating">
      <span aria-hidden="true">{m.home_rating({ rating: shown })}</span>
      <span class="sr-only">{m.home_rating_label({ rating: shown })}</span>
    </small>
  );
}
