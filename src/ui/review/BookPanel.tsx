/**
 * The openings book for the position on the board, as pente.org's game database shows it: each book move
 * with its game count and the mover's win rate. The page does not read the book itself (the UI may not
 * import the engine): the engine's worker answers through the engine client (a BookSource port), once
 * the panel is open. "Explore from here" opens the openings explorer (src/ui/explorer) at the position.
 */
import { useEffect, useState } from 'preact/hooks';
import type { GameState } from '../../core';
import { type BookMove, type BookSource, pageEngine } from '../engine/client';
import { useBookMoves } from '../engine/use-book-moves';
import { openExplorer } from '../explorer/explorer-start';
import { formatNumber } from '../words/locale';
import * as m from '../words/paraglide/messages.js';
import { percent } from './review-words';
import './review.css';

interface BookPanelProps {
  readonly state: GameState;
  /**
   * Told the book's moves for the position shown while the panel is open (so the board can mark them),
   * and null while it is closed, loading or has none.
   */
  readonly onMoves?: (moves: readonly BookMove[] | null) => void;
  /** Where the book's moves come from: the page's engine, unless a test gives another. */
  readonly book?: BookSource;
}

export function BookPanel({ state, onMoves, book = pageEngine }: BookPanelProps) {
  const [open, setOpen] = useState(false);
  const shown = useBookMoves(state, book, open);
  const found = open && shown.status === 'done' ? shown.moves : null;
  useEffect(() => onMoves?.(found?.length ? found : null), [found]);
  let body;
  if (!open) body = null;
  else if (shown.status === 'loading') body = <p>{m.review_book_loading()}</p>;
  else if (shown.status === 'failed') body = <p>{m.review_book_unavailable_why({ why: shown.message })}</p>;
  else if (shown.moves === null) body = <p>{m.review_book_unavailable()}</p>;
  else if (shown.moves.length === 0) body = <p>{m.review_book_not_in()}</p>;
  else
    body = (
      <table class="book">
        <thead>
          <tr>
            <th scope="col">{m.review_book_move()}</th>
            <th scope="col">{m.review_book_games()}</th>
            <th scope="col">{m.review_book_mover_won()}</th>
          </tr>
        </thead>
        <tbody>
          {shown.moves.map((move) => (
            <tr key={move.point}>
              <td>{move.name}</td>
              <td>{formatNumber(move.games)}</td>
              <td>{percent(move.winRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  return (
    <details class="book-panel" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>{m.review_book()}</summary>
      {body}
      {open && state.rules.variant.seatChoiceAfter === null && (
        <button
          type="button"
          class="book-explore"
          onClick={() => openExplorer({ rules: state.rules, moves: state.moves })}
        >
          {m.review_book_explore()}
        </button>
      )}
    </details>
  );
}
