/** The Games screen's rows: a game (open, export, delete) and the damaged records (export raw, delete). */
import type { DamagedSummary, GameSummary } from '../../storage';
import { VARIANTS } from '../../core';
import { friendStanding } from '../friends/links';
import { DATE_AND_TIME, formatDate, formatNumber } from '../words/locale';
import { movePlace } from '../words/game-words';
import * as m from '../words/paraglide/messages.js';

/** Rows added per "Show more": the page holds a few screens of rows, however big the library. */
const SHORT_DATE_AND_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };
export const PAGE_SIZE = 50;

/** Who won and how, in a row's short words ("Ann won (five)"), by the win's reason. */
const WON = {
  five: m.games_row_won_five,
  six: m.games_row_won_six,
  forbidden: m.games_row_won_forbidden,
  captures: m.games_row_won_captures,
  resignation: m.games_row_won_resignation,
  time: m.games_row_won_time,
} as const;

const RESULT = (g: GameSummary) => {
  if (!g.result && g.friend)
    return m.games_row_friend({
      standing: friendStanding({ ...g, ...g.friend, pinned: g.friend.pinned }),
    });
  if (!g.result) return m.games_row_move(movePlace(g.moveCount + 1, VARIANTS[g.variant]));
  if (g.result.winner === null) return m.games_row_draw();
  return WON[g.result.reason]({ winner: g.players[g.result.winner - 1]! });
};

export const title = (g: GameSummary) => m.games_row_title({ black: g.players[0], white: g.players[1] });
const damagedTitle = (d: DamagedSummary) => d.title ?? m.games_damaged_record_title({ id: String(d.id).slice(0, 40) });
const dateText = (ms: number | null) => (ms === null ? m.games_date_unknown() : formatDate(ms, DATE_AND_TIME));

/** A game's date in the list: when it was last played here, or an imported game's own date (a day). */
function gameDate(g: GameSummary): string {
  if (g.shelf !== 'imported' || !g.imported) return dateText(g.listedAt);
  if (g.imported.dated) return m.games_row_played({ date: formatDate(g.listedAt) });
  return m.games_row_imported({ date: dateText(g.imported.at) });
}

/**
 * Where a game played from another game's position came from ("Play from here"), for its list line:
 * `started` is when that game was started (null: it is no longer saved; undefined: not read yet).
 */
function originText(ply: number, started: number | null | undefined): string {
  // The new game's first move: the one after the position it was played from.
  const move = movePlace(ply + 1);
  if (typeof started === 'number') {
    const date = formatDate(started, SHORT_DATE_AND_TIME);
    return m.games_origin_dated({ ...move, date });
  }
  return started === null ? m.games_origin_deleted(move) : m.games_origin_other(move);
}

export interface GameRowProps {
  readonly game: GameSummary;
  /** When the game it was played from was started (null: gone; undefined: not read yet). */
  readonly originDate: number | null | undefined;
  readonly onOpen: () => void;
  readonly onExport: () => void;
  readonly onDelete: () => void;
}

export function GameRow({ game: g, originDate, onOpen, onExport, onDelete }: GameRowProps) {
  return (
    <li>
      <div class="game-text">
        <strong>{title(g)}</strong>
        <small>
          {VARIANTS[g.variant]?.name ?? g.variant} {g.size}×{g.size} · {RESULT(g)}
        </small>
        {g.origin && <small class="origin">{originText(g.origin.ply, originDate)}</small>}
        <small>{gameDate(g)}</small>
      </div>
      <div class="row-actions">
        <button type="button" onClick={onOpen}>
          {g.status === 'finished' ? m.games_review() : m.games_continue()}
        </button>
        <button type="button" aria-label={m.games_export_label({ title: title(g) })} onClick={onExport}>
          {m.games_export()}
        </button>
        <button type="button" aria-label={m.games_delete_label({ title: title(g) })} onClick={onDelete}>
          {m.games_delete()}
        </button>
      </div>
    </li>
  );
}

export interface DamagedRecordsProps {
  readonly damaged: readonly DamagedSummary[];
  /** How many are listed (Show more lists more). */
  readonly shown: number;
  readonly onShowMore: () => void;
  readonly onExport: (d: DamagedSummary) => void;
  readonly onDelete: (d: DamagedSummary, name: string) => void;
}

export function DamagedRecords({ damaged, shown, onShowMore, onExport, onDelete }: DamagedRecordsProps) {
  return (
    <section class="damaged" aria-labelledby="damaged-heading">
      <h2 id="damaged-heading">{m.games_damaged_heading({ count: formatNumber(damaged.length) })}</h2>
      <p class="notice">{m.games_damaged_explain({ count: damaged.length })}</p>
      <ul class="games">
        {damaged.slice(0, shown).map((d) => {
          const name = damagedTitle(d);
          return (
            <li key={String(d.id)}>
              <div class="game-text">
                <strong>{name}</strong>
                {/* Storage's words for it, which are English: marked so, for screen readers' voices. */}
                <small>
                  {m.games_damaged_reason_label()}
                  <span lang="en">{d.reason}</span>
                </small>
                <small>{dateText(d.updatedAt)}</small>
              </div>
              <div class="row-actions">
                <button type="button" aria-label={m.games_export_raw_label({ name })} onClick={() => onExport(d)}>
                  {m.games_export_raw()}
                </button>
                <button
                  type="button"
                  aria-label={m.games_delete_damaged_label({ name })}
                  onClick={() => onDelete(d, name)}
                >
                  {m.games_delete()}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {damaged.length > shown && (
        <button type="button" class="show-more" onClick={onShowMore}>
          {m.games_damaged_show_more({ count: Math.min(PAGE_SIZE, damaged.length - shown) })}
        </button>
      )}
    </section>
  );
}
