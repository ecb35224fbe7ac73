/**
 * Players' card with the person's rating against the computer's levels (storage's computer-rating.ts:
 * one small record, read once when the screen opens), the scale it is on, and which games count.
 */
import { useEffect, useState } from 'preact/hooks';
import { type ComputerRating, isProvisional } from '../../core';
import { getComputerRating } from '../../storage';
import { db } from '../shell/app-state';
import * as m from '../words/paraglide/messages.js';
import { ratingFigure, scaleWords } from './rating-words';

export function RatingCard() {
  const [rating, setRating] = useState<ComputerRating | null>(null);
  useEffect(() => {
    const d = db.value;
    if (d) void getComputerRating(d).then((r) => r.ok && setRating(r.value));
  }, []);
  return (
    <section class="player-section rating-card" aria-labelledby="rating-heading">
      <h2 id="rating-heading">{m.players_rating_heading()}</h2>
      {rating && rating.games > 0 ? (
        <>
          <p class="rating-figure">{ratingFigure(rating)}</p>
          {isProvisional(rating) && <p>{m.players_rating_provisional()}</p>}
          <p>{m.players_rating_games({ count: rating.games })}</p>
        </>
      ) : (
        <p>{m.players_rating_none()}</p>
      )}
      <p class="rating-note">{scaleWords()}</p>
      <p class="rating-note">{m.players_rating_counted()}</p>
    </section>
  );
}
