/** The Games screen's rows: a game (open, export, delete) and the damaged records (export raw, delete). */
import type { DamagedSummary, GameSummary } from '../../storage';
import { VARIANTS } from '../../core';
import { friendStanding } from '../friends/links';
import { count } from '../words/plural';

/** Rows added per "Show more": the page holds a few screens of rows, however big the library. */
export const PAGE_SIZE = 50;

const RESULT = (g: GameSummary) => {
  if (!g.result && g.friend) return `friend game: ${friendStanding({ ...g, mySide: g.friend.mySide })}`;
  if (!g.result) return `move ${g.moveCount + 1}`;
  if (g.result.winner === null) return 'draw';
  return `${g.players[g.result.winner - 1]!} won (${g.result.reason})`;
};

export const title = (g: GameSummary) => `${g.players[0]} vs ${g.players[1]}`;
const damagedTitle = (d: DamagedSummary) => d.title ?? `Record ${String(d.id).slice(0, 40)}`;
const dateText = (ms: number | null) => (ms === null ? 'date unknown' : new Date(ms).toLocaleString());

/** A game's date in the list: when it was last played here, or an imported game's own date (a day). */
function gameDate(g: GameSummary): string {
  if (g.shelf !== 'imported' || !g.imported) return dateText(g.listedAt);
  if (g.imported.dated) return `Played ${new Date(g.listedAt).toLocaleDateString()}`;
  return `Imported ${dateText(g.imported.at)}`;
}

/**
 * Where a game played from another game's position came from ("Play from here"), for its list line:
 * `started` is when that game was started (null: it is no longer saved; undefined: not read yet).
 */
function originText(ply: number, started: number | null | undefined): string {
  const when =
    typeof started === 'number' &&
    new Date(started).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });
  return `From move ${ply} of ${when ? `the game of ${when}` : started === null ? 'a deleted game' : 'another game'}`;
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
          {g.status === 'finished' ? 'Review' : 'Continue'}
        </button>
        <button type="button" aria-label={`Export ${title(g)}`} onClick={onExport}>
          Export
        </button>
        <button type="button" aria-label={`Delete ${title(g)}`} onClick={onDelete}>
          Delete
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
      <h2 id="damaged-heading">Damaged records ({damaged.length})</h2>
      <p class="notice">
        {damaged.length === 1 ? 'This stored record' : `These ${damaged.length} stored records`} cannot be opened as
        games. Export one to keep what is in it, or delete it.
      </p>
      <ul class="games">
        {damaged.slice(0, shown).map((d) => {
          const name = damagedTitle(d);
          return (
            <li key={String(d.id)}>
              <div class="game-text">
                <strong>{name}</strong>
                <small>{d.reason}</small>
                <small>{dateText(d.updatedAt)}</small>
              </div>
              <div class="row-actions">
                <button type="button" aria-label={`Export raw ${name}`} onClick={() => onExport(d)}>
                  Export raw
                </button>
                <button type="button" aria-label={`Delete damaged ${name}`} onClick={() => onDelete(d, name)}>
                  Delete
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {damaged.length > shown && (
        <button type="button" class="show-more" onClick={onShowMore}>
          Show {count(Math.min(PAGE_SIZE, damaged.length - shown), 'more damaged record')}
        </button>
      )}
    </section>
  );
}
