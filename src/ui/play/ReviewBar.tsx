/** The review bar under the action bar: the first, previous, next and last move of the game shown. */
import type { PlayController } from './session/controller';

export function ReviewBar({ game }: { readonly game: PlayController }) {
  const shownPly = game.shown.value.moves.length;
  const reviewing = game.match.value.reviewPly !== null;
  return (
    <nav class="review" aria-label="Review">
      <button type="button" aria-label="First move" onClick={() => game.review(0)} disabled={shownPly === 0}>
        «
      </button>
      <button
        type="button"
        aria-label="Previous move"
        onClick={() => game.review(shownPly - 1)}
        disabled={shownPly === 0}
      >
        ‹
      </button>
      <button type="button" aria-label="Next move" onClick={() => game.review(shownPly + 1)} disabled={!reviewing}>
        ›
      </button>
      <button type="button" aria-label="Last move" onClick={() => game.review(null)} disabled={!reviewing}>
        »
      </button>
    </nav>
  );
}
