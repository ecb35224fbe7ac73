import { useEffect, useRef, useState } from 'preact/hooks';
import {
  type GameSortKey,
  type GameSummary,
  type Library,
  type Shelf,
  type StoredGame,
  deleteGame,
  exportGameRecord,
  getGame,
  isEmptyFilter,
  onGamesChanged,
  listGameSummaries,
  loadListedGame,
} from '../../storage';
import './games.css';
import { DamagedNotice } from '../shell/DamagedNotice';
import { KeptGamesNotice } from '../shell/KeptGamesNotice';
import { ScreenHeader } from '../shell/ScreenHeader';
import {
  db,
  gamesChangedHere,
  libraryChecked,
  refreshPlayers,
  refreshResumable,
  storageProblem,
  notifyProblem,
} from '../shell/app-state';
import { confirmDialog } from '../shell/dialog';
import { download, fileSafe } from '../shell/download';
import { openGame } from '../play/live-session';
import type { ImportOutcome } from './import-report';
import * as m from '../words/paraglide/messages.js';
import { yourTurnFirst } from '../friends/links';
import { DamagedRecords, GameRow, PAGE_SIZE, title } from './GameRows';
import { ImportSummary, PasteRecordDialog } from './ImportDialogs';
import { ImportProgressBar, LibraryActions, ShelfTabs } from './GamesToolbar';
import { useFileImport } from './use-file-import';
import { NoMatch, SearchControls } from './GamesSearch';
import { useGamesFilter } from './use-games-filter';
import { exportEverything, exportRaw } from './library-export';
import { storageErrorText } from '../words/storage-words';

/** When each game that listed games were played from was started (read once per game; null: gone). */
function useOriginDates(games: readonly GameSummary[]): ReadonlyMap<string, number | null> {
  const [dates, setDates] = useState<ReadonlyMap<string, number | null>>(new Map());
  useEffect(() => {
    const d = db.value;
    const wanted = [
      ...new Set(games.flatMap((g) => (g.origin && !dates.has(g.origin.gameId) ? [g.origin.gameId] : []))),
    ];
    if (!d || wanted.length === 0) return;
    void Promise.all(wanted.map((id) => getGame(d, id))).then((read) =>
      setDates((known) => {
        const next = new Map(known);
        read.forEach((r, i) => next.set(wanted[i]!, r.ok ? r.value.createdAt : null));
        return next;
      }),
    );
  }, [games]);
  return dates;
}

export function Games() {
  const [status, setStatus] = useState<Shelf>('in-progress');
  const [sortBy, setSortBy] = useState<GameSortKey>('date');
  const [library, setLibrary] = useState<Library | null>(null);
  const [shown, setShown] = useState(PAGE_SIZE);
  const [shownDamaged, setShownDamaged] = useState(PAGE_SIZE);
  const [pasting, setPasting] = useState(false);
  const [imported, setImported] = useState<ImportOutcome | null>(null);

  const search = useGamesFilter();
  const { filter } = search.applied;
  const filterKey = JSON.stringify(filter);

  // Loads can overlap (a tab switch resets the page size too; the player types on): only the latest one
  // may show its list, and starting one stops the walk of the one before.
  const latestLoad = useRef(0);
  const running = useRef<AbortController | null>(null);
  const load = async () => {
    const d = db.value;
    if (!d) return;
    const ticket = ++latestLoad.current;
    running.current?.abort();
    const stop = (running.current = new AbortController());
    const query = { shelf: status, sortBy, descending: sortBy === 'date', limit: shown, filter, signal: stop.signal };
    const list = await listGameSummaries(d, query);
    if (ticket !== latestLoad.current) return;
    if (list.ok) setLibrary(list.value);
    else notifyProblem(storageErrorText(list.error));
  };
  useEffect(() => setShown(PAGE_SIZE), [status, sortBy, filterKey]);
  // The check after start-up may have found games stored without a summary, and a friend's move may have
  // come over a relay (this tab stored it): read again to list them.
  useEffect(() => void load(), [status, sortBy, shown, filterKey, libraryChecked.value, gamesChangedHere.value]);
  // Another tab's save or delete changes the list.
  useEffect(() => onGamesChanged(() => void load()), [status, sortBy, shown, filterKey]);

  /**
   * Whole records are read only here, when a game is opened or exported, and checked: one damaged since the
   * list was read is listed with the damaged records from then on.
   */
  const withGame = async (g: GameSummary, use: (game: StoredGame) => void) => {
    const d = db.value;
    if (!d) return;
    const r = await loadListedGame(d, g.id);
    if (r.ok) return use(r.value);
    // Changed, damaged or deleted since the list was read: say so and show the list as it is now.
    notifyProblem(storageErrorText(r.error));
    await load();
  };

  /** Deletes a game or a damaged record once the player confirms; `question` names it ("Delete the game …?"). */
  const remove = async (id: IDBValidKey, question: string) => {
    const d = db.value;
    if (
      !d ||
      !(await confirmDialog({
        title: question,
        body: m.games_delete_body(),
        confirm: m.games_delete(),
        cancel: m.games_delete_cancel(),
        destructive: true,
      }))
    )
      return;
    const r = await deleteGame(d, id);
    // Storage tells the other tabs: one playing this game stops saving it (and says so).
    if (!r.ok) notifyProblem(storageErrorText(r.error));
    await load();
    await refreshResumable();
  };

  const exportOne = (g: GameSummary) =>
    void withGame(g, (game) => {
      const r = exportGameRecord(game);
      if (!r.ok) return notifyProblem(storageErrorText(r.error));
      download(`pente-${fileSafe(title(g))}.txt`, r.value, 'text/plain');
    });

  /** Shows what an import did, and the tab that holds what it added. */
  const showImport = async (outcome: ImportOutcome) => {
    setImported(outcome);
    if (outcome.shelf && outcome.shelf !== status) setStatus(outcome.shelf);
    else await load();
    await Promise.all([refreshResumable(), refreshPlayers()]);
  };

  const { progress, importFile } = useFileImport(() => setImported(null), showImport);

  const games = library?.games ?? [];
  const damaged = library?.damaged ?? [];
  const originDates = useOriginDates(games);
  return (
    <main class="list-screen">
      <ScreenHeader title={m.games_title()} />
      <LibraryActions
        importing={progress !== null}
        onExportEverything={() => void exportEverything()}
        onImportFile={(e) => void importFile(e)}
        onPaste={() => setPasting(true)}
      />
      {pasting && (
        <PasteRecordDialog onClose={() => setPasting(false)} onImported={(outcome) => void showImport(outcome)} />
      )}
      {imported && <ImportSummary outcome={imported} onClose={() => setImported(null)} />}
      {progress && <ImportProgressBar progress={progress} />}
      {storageProblem.value && <p class="notice">{storageProblem.value}</p>}
      <KeptGamesNotice />
      <ShelfTabs shelf={status} sortBy={sortBy} onShelf={setStatus} onSort={setSortBy} />
      <SearchControls search={search} shelf={status} />
      {damaged.length > 0 && (
        <DamagedNotice text={m.games_damaged_notice({ count: damaged.length })} sectionId="damaged-heading" />
      )}
      {library &&
        games.length === 0 &&
        (isEmptyFilter(filter) ? <p>{m.games_empty()}</p> : <NoMatch onClear={search.clear} />)}
      <ul class="games">
        {(status === 'in-progress' && sortBy === 'date' ? yourTurnFirst(games) : games).map((g) => (
          <GameRow
            key={g.id}
            game={g}
            originDate={g.origin ? originDates.get(g.origin.gameId) : undefined}
            onOpen={() => void withGame(g, openGame)}
            onExport={() => exportOne(g)}
            onDelete={() => void remove(g.id, m.games_delete_game_title({ title: title(g) }))}
          />
        ))}
      </ul>
      {library?.more && (
        <button type="button" class="show-more" onClick={() => setShown(shown + PAGE_SIZE)}>
          {m.games_show_more()}
        </button>
      )}
      {damaged.length > 0 && (
        <DamagedRecords
          damaged={damaged}
          shown={shownDamaged}
          onShowMore={() => setShownDamaged(shownDamaged + PAGE_SIZE)}
          onExport={(d) => void exportRaw(d)}
          onDelete={(d, name) => void remove(d.id, m.games_delete_damaged_title({ name }))}
        />
      )}
    </main>
  );
}
