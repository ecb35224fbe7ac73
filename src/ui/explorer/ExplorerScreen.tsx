/**
 * The openings explorer: a board, the moves that led to it (tap one to step back to it), and the moves
 * that go on from it with the book's games and the player's own, the side to move's win rate for each;
 * tap a move (in the list or on the board) to step into it. use-explorer.ts is its controller.
 */
import { formatPoint } from '../../core';
import { Board, type BoardMark } from '../board/Board';
import { ScreenHeader } from '../shell/ScreenHeader';
import { settings } from '../shell/app-state';
import { formatNumber } from '../words/locale';
import * as m from '../words/paraglide/messages.js';
import { percent } from '../review/review-words';
import { OPENING_PLIES_KEPT } from '../../storage/game-filter';
import type { ExplorerRow, Tally } from './explorer-model';
import { type Explorer, useExplorer } from './use-explorer';
import './explorer.css';

export function Explorer() {
  const x = useExplorer();
  const { state, rows } = x;
  const size = state.rules.size;
  const marks: BoardMark[] = rows.map((r) => ({
    point: r.point,
    label: String(Math.round(((r.book ?? r.own)?.winRate ?? 0) * 100)),
  }));
  const side = state.toMove === 1 ? m.shared_colour_black() : m.shared_colour_white();
  return (
    <main class="explorer">
      <ScreenHeader title={m.explorer_title()} />
      <Board
        size={size}
        cells={state.cells}
        lastMove={state.lastMove?.point ?? null}
        marks={marks}
        showCoordinates={settings.value.showCoordinates}
        onPoint={x.stepInto}
      />
      <PathBar x={x} />
      {x.badStart && <p class="notice">{m.explorer_bad_start()}</p>}
      <p class="explorer-intro">{m.explorer_intro()}</p>
      <p class="explorer-side" role="status">
        {m.explorer_to_move({ side })}
      </p>
      <MoveRows x={x} />
      <OwnNote x={x} />
    </main>
  );
}

/** The moves so far: Start, then each stepped-into move (tap one to step back to it), and Step back. */
function PathBar({ x }: { readonly x: Explorer }) {
  const { path } = x;
  const size = path.rules.size;
  const startPly = path.start.length;
  return (
    <nav class="explorer-path" aria-label={m.explorer_path()}>
      <button type="button" onClick={x.stepOut} disabled={path.steps.length === 0} class="primary">
        {m.explorer_step_back()}
      </button>
      <ol>
        <li>
          <button
            type="button"
            onClick={() => x.stepOutTo(0)}
            aria-current={path.steps.length === 0 ? 'step' : undefined}
          >
            {startPly === 0
              ? m.explorer_start()
              : `${formatNumber(startPly)}. ${formatPoint(size, path.start[startPly - 1]!)}`}
          </button>
        </li>
        {path.steps.map((point, i) => (
          <li key={i}>
            <button
              type="button"
              onClick={() => x.stepOutTo(i + 1)}
              aria-current={i === path.steps.length - 1 ? 'step' : undefined}
            >
              {`${formatNumber(startPly + i + 1)}. ${formatPoint(size, point)}`}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

const cell = (tally: Tally | null, key: 'games' | 'winRate') =>
  tally === null ? '–' : key === 'games' ? formatNumber(tally.games) : percent(tally.winRate);

function rowLabel(row: ExplorerRow): string {
  const book = row.book
    ? m.explorer_row_book({ games: formatNumber(row.book.games), won: percent(row.book.winRate) })
    : m.explorer_row_book_none();
  const own = row.own
    ? m.explorer_row_own({ games: formatNumber(row.own.games), won: percent(row.own.winRate) })
    : m.explorer_row_own_none();
  return m.explorer_row({ move: row.name, book, own });
}

/** The moves from here: one button per move, the book's games and win rate, then the player's. */
function MoveRows({ x }: { readonly x: Explorer }) {
  const { book, own, rows } = x;
  const ownLoading = own.status === 'loading';
  let status = null;
  if (book.status === 'loading') status = m.explorer_book_loading();
  else if (book.status === 'failed') status = m.explorer_book_unavailable_why({ why: book.message });
  else if (book.moves === null) status = m.explorer_book_unavailable();
  else if (rows.length === 0 && !ownLoading) status = m.explorer_none();
  return (
    <section class="explorer-moves" aria-busy={book.status === 'loading' || ownLoading}>
      <div class="explorer-head" aria-hidden="true">
        <span />
        <span class="group">{m.explorer_col_book()}</span>
        <span class="group">{m.explorer_col_yours()}</span>
        <span>{m.explorer_col_move()}</span>
        <span>{m.explorer_col_games()}</span>
        <span>{m.explorer_col_won()}</span>
        <span>{m.explorer_col_games()}</span>
        <span>{m.explorer_col_won()}</span>
      </div>
      {rows.length > 0 && (
        <ol>
          {rows.map((row) => (
            <li key={row.point}>
              <button type="button" aria-label={rowLabel(row)} onClick={() => x.stepInto(row.point)}>
                <span class="move">{row.name}</span>
                <span>{cell(row.book, 'games')}</span>
                <span>{cell(row.book, 'winRate')}</span>
                <span>{ownLoading ? '…' : cell(row.own, 'games')}</span>
                <span>{ownLoading ? '…' : cell(row.own, 'winRate')}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
      {status && <p class="explorer-status">{status}</p>}
    </section>
  );
}

/** How the player's own games were counted, or why they could not be. */
function OwnNote({ x }: { readonly x: Explorer }) {
  const { own, state } = x;
  if (own.status === 'loading') return <p class="explorer-note">{m.explorer_own_loading()}</p>;
  if (own.status === 'failed') return <p class="notice">{m.explorer_own_failed({ why: own.message })}</p>;
  return (
    <p class="explorer-note">
      {state.moves.length >= OPENING_PLIES_KEPT
        ? m.explorer_beyond_own({ plies: formatNumber(OPENING_PLIES_KEPT) })
        : m.explorer_own_counted({ count: own.own.games, plies: formatNumber(OPENING_PLIES_KEPT) })}
    </p>
  );
}
