/**
 * Home's word on the player's rating against the computer's levels, beside the recent results' heading:
 * one small record read (storage's computer-rating.ts), so what it costs does not grow with the library.
 * Its own chunk, fetched after Home is drawn: the first screen's budget has no room for it. Players has the
 * rating in full (the scale, which games count).
 */
import { useEffect, useState } from 'preact/hooks';
import type { ComputerRating } from '../../core';
import { getComputerRating } from '../../storage';
import { db } from '../shell/app-state';
import { shortRating } from '../players/rating-words';
import * as m from '../words/paraglide/messages.js';
import './home-rating.css';

export function HomeRating() {
  const [rating, setRating] = useState<ComputerRating | null>(null);
  useEffect(() => {
    const d = db.value;
    if (d) void getComputerRating(d).then((r) => r.ok && setRating(r.value));
  }, []);
  if (!rating || rating.games === 0) return null;
  const shown = shortRating(rating);
  // Words, not a control: the Players tile below leads to the rating in full.
  return (
    <span class="home-rating">
      <span aria-hidden="true">{m.home_rating({ rating: shown })}</span>
      <span class="sr-only">{m.home_rating_label({ rating: shown })}</span>
    </span>
  );
}
