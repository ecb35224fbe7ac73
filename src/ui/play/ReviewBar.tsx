/** The review bar under the action bar: the first, previous, next and last move of the game shown. */
import type { PlayController } from './session/controller';
import * as m from '../words/paraglide/messages.js';

export function ReviewBar({ game }: { readonly game: PlayController }) {
  const shownPly = game.shown.value.moves.length;
  const reviewing = game.match.value.reviewPly !== null;
  return (
    <nav class="review" aria-label={m.play_review()}>
      <button type="button" aria-label={m.play_first_move()} onClick={() => game.review(0)} disabled={shownPly === 0}>
        «
      </button>
      <button
        type="button"
        aria-label={m.play_previous_move()}
        onClick={() => game.review(shownPly - 1)}
        disabled={shownPly === 0}
      >
        ‹
      </button>
      <button
        type="button"
        aria-label={m.play_next_move()}
        onClick={() => game.review(shownPly + 1)}
        disabled={!reviewing}
      >
        ›
      </button>
      <button type="button" aria-label={m.play_last_move()} onClick={() => game.review(null)} disabled={!reviewing}>
        »
      </button>
    </nav>
  );
}
