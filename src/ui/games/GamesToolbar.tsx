/** The Games screen's controls above the list: export and import, the import's progress, the shelves and the sort. */
import type { GameSortKey, Shelf } from '../../storage';
import { openExplorer } from '../explorer/explorer-start';
import { formatNumber } from '../words/locale';
import * as m from '../words/paraglide/messages.js';
import { IMPORT_PHASES, type ImportProgress } from './use-file-import';

/**
 * Export everything, import a file, paste a record (the file and the paste wait while an import runs), and
 * the openings explorer (the player's games are counted there too).
 */
export function LibraryActions(props: {
  readonly importing: boolean;
  readonly onExportEverything: () => void;
  readonly onImportFile: (e: Event) => void;
  readonly onPaste: () => void;
}) {
  return (
    <div class="actions">
      <button type="button" onClick={props.onExportEverything}>
        {m.games_export_everything()}
      </button>
      <label class="file-button">
        {m.games_import_file()}
        <input
          type="file"
          accept=".json,.txt,.pgn,.gz,application/json,text/plain,application/gzip"
          disabled={props.importing}
          onChange={props.onImportFile}
        />
      </label>
      <button type="button" disabled={props.importing} onClick={props.onPaste}>
        {m.games_paste_record()}
      </button>
      <button type="button" onClick={() => openExplorer()}>
        {m.games_openings_explorer()}
      </button>
    </div>
  );
}

export function ImportProgressBar({ progress }: { readonly progress: ImportProgress }) {
  return (
    <p class="progress" role="status">
      <label>
        {m.games_progress({
          phase: IMPORT_PHASES[progress.phase](),
          done: formatNumber(progress.done),
          total: formatNumber(progress.total),
        })}
        <progress max={progress.total} value={progress.done} />
      </label>
    </p>
  );
}

/** The list's tabs: the games played here by status, and the games brought in from elsewhere. */
const TABS: readonly { readonly shelf: Shelf; readonly label: () => string }[] = [
  { shelf: 'in-progress', label: m.games_tab_unfinished },
  { shelf: 'finished', label: m.games_tab_finished },
  { shelf: 'imported', label: m.games_tab_imported },
];

/** The shelves as tabs, and the sort. */
export function ShelfTabs(props: {
  readonly shelf: Shelf;
  readonly sortBy: GameSortKey;
  readonly onShelf: (shelf: Shelf) => void;
  readonly onSort: (sortBy: GameSortKey) => void;
}) {
  return (
    <div class="tabs">
      <div role="tablist" class="tab-buttons">
        {TABS.map(({ shelf, label }) => (
          <button
            key={shelf}
            type="button"
            role="tab"
            aria-selected={props.shelf === shelf}
            onClick={() => props.onShelf(shelf)}
          >
            {label()}
          </button>
        ))}
      </div>
      <label>
        {m.games_sort_by()}{' '}
        <select value={props.sortBy} onChange={(e) => props.onSort(e.currentTarget.value as GameSortKey)}>
          <option value="date">{m.games_sort_date()}</option>
          <option value="player1">{m.games_sort_black()}</option>
          <option value="player2">{m.games_sort_white()}</option>
          <option value="size">{m.games_sort_size()}</option>
          <option value="variant">{m.games_sort_variant()}</option>
        </select>
      </label>
    </div>
  );
}
