import { useEffect, useRef, useState } from 'preact/hooks';
import {
  type DamagedSummary,
  type GameSortKey,
  type GameSummary,
  type Library,
  type Shelf,
  type StoredGame,
  deleteGame,
  exportAll,
  exportGameRecord,
  exportText,
  getGame,
  getRawGame,
  importAll,
  importRecords,
  onGamesChanged,
  listGameSummaries,
  loadListedGame,
  rawRecordText,
  readFileText,
} from '../../storage';
import { KeptGamesNotice } from '../shell/KeptGamesNotice';
import { ScreenHeader } from '../shell/ScreenHeader';
import { db, libraryChecked, notify, refreshPlayers, refreshResumable, storageProblem } from '../shell/app-state';
import { confirmDialog } from '../shell/dialog';
import { download, fileSafe } from '../shell/download';
import { openGame } from '../play/live-session';
import { type ImportOutcome, backupImportOutcome, recordImportOutcome } from './import-report';
import { formatNumber } from '../words/locale';
import * as m from '../words/paraglide/messages.js';
import { loadLessons } from '../lessons/lesson-progress';
import { DamagedRecords, GameRow, PAGE_SIZE, title } from './GameRows';
import { ImportSummary, PasteRecordDialog } from './ImportDialogs';
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

/** The list's tabs: the games played here by status, and the games brought in from elsewhere. */
const TABS: readonly { readonly shelf: Shelf; readonly label: () => string }[] = [
  { shelf: 'in-progress', label: m.games_tab_unfinished },
  { shelf: 'finished', label: m.games_tab_finished },
  { shelf: 'imported', label: m.games_tab_imported },
];

/** The import's phases as the progress bar names them. */
const IMPORT_PHASES = {
  reading: m.games_phase_reading,
  checking: m.games_phase_checking,
  saving: m.games_phase_saving,
} as const;
type ImportPhase = keyof typeof IMPORT_PHASES;

/** The import's progress bar is redrawn at most this often: ten times a second reads as smooth. */
const PROGRESS_EVERY_MS = 100;

interface Progress {
  readonly phase: ImportPhase;
  readonly done: number;
  readonly total: number;
}

export function Games() {
  const [status, setStatus] = useState<Shelf>('in-progress');
  const [sortBy, setSortBy] = useState<GameSortKey>('date');
  const [library, setLibrary] = useState<Library | null>(null);
  const [shown, setShown] = useState(PAGE_SIZE);
  const [shownDamaged, setShownDamaged] = useState(PAGE_SIZE);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [pasting, setPasting] = useState(false);
  const [imported, setImported] = useState<ImportOutcome | null>(null);

  // Loads can overlap (a tab switch resets the page size too): only the latest one may show its list.
  const latestLoad = useRef(0);
  const load = async () => {
    const d = db.value;
    if (!d) return;
    const ticket = ++latestLoad.current;
    const query = { shelf: status, sortBy, descending: sortBy === 'date', limit: shown };
    const list = await listGameSummaries(d, query);
    if (ticket !== latestLoad.current) return;
    if (list.ok) setLibrary(list.value);
    else notify(storageErrorText(list.error));
  };
  useEffect(() => setShown(PAGE_SIZE), [status, sortBy]);
  // The check after start-up may have found games stored without a summary: read again to list them.
  useEffect(() => void load(), [status, sortBy, shown, libraryChecked.value]);
  // Another tab's save or delete changes the list.
  useEffect(() => onGamesChanged(() => void load()), [status, sortBy, shown]);

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
    notify(storageErrorText(r.error));
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
    if (!r.ok) notify(storageErrorText(r.error));
    await load();
    await refreshResumable();
  };

  const exportRaw = async (damaged: DamagedSummary) => {
    const d = db.value;
    if (!d) return;
    const r = await getRawGame(d, damaged.id);
    if (!r.ok) return notify(storageErrorText(r.error));
    download(
      `pente-damaged-${fileSafe(String(damaged.id))}.json`,
      rawRecordText(damaged.id, damaged.reason, r.value),
      'application/json',
    );
  };

  const exportEverything = async () => {
    const d = db.value;
    if (!d) return;
    const r = await exportAll(d);
    if (!r.ok) return notify(storageErrorText(r.error));
    download(`pente-${new Date().toISOString().slice(0, 10)}.json`, exportText(r.value.file), 'application/json');
    const { damagedGames = [], damagedPlayers = [], progress } = r.value.file;
    const damaged = damagedGames.length + damagedPlayers.length + (progress?.damaged.length ?? 0);
    if (damaged > 0) {
      notify(m.games_export_damaged_included({ count: damaged }));
    }
  };
  const exportOne = (g: GameSummary) =>
    void withGame(g, (game) => {
      const r = exportGameRecord(game);
      if (!r.ok) return notify(storageErrorText(r.error));
      download(`pente-${fileSafe(title(g))}.txt`, r.value, 'text/plain');
    });

  /** Shows what an import did, and the tab that holds what it added. */
  const showImport = async (outcome: ImportOutcome) => {
    setImported(outcome);
    if (outcome.shelf && outcome.shelf !== status) setStatus(outcome.shelf);
    else await load();
    await Promise.all([refreshResumable(), refreshPlayers()]);
  };

  /** The ids of the puzzles shipped, which a backup's puzzle progress is kept to (undefined: not loaded). */
  const shippedPuzzleIds = async (): Promise<ReadonlySet<string> | undefined> => {
    const pack = await (await import('../puzzles/puzzle-data')).loadPack();
    return typeof pack === 'string' ? undefined : new Set(pack.ids);
  };

  /**
   * A file of ours (JSON), or pente.org records (any number, gzipped or not): either way nothing already
   * stored is overwritten or stored twice.
   */
  const importFile = async (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    const d = db.value;
    if (!file || !d) return;
    setImported(null);
    // The import reports at every turn it gives the page (every few milliseconds); redrawing the screen
    // that often is work the import then waits behind, so the bar moves at most every PROGRESS_EVERY_MS.
    let shownAt = -Infinity;
    let shownPhase = '';
    const onProgress = (phase: ImportPhase, done: number, total: number) => {
      const now = performance.now();
      if (phase === shownPhase && done < total && now - shownAt < PROGRESS_EVERY_MS) return;
      shownAt = now;
      shownPhase = phase;
      setProgress({ phase, done, total });
    };
    setProgress({ phase: 'reading', done: 0, total: file.size });
    const text = await readFileText(file);
    if (!text.ok) {
      setProgress(null);
      return notify(m.games_not_imported({ reason: storageErrorText(text.error) }));
    }
    const backup = text.value.trimStart().startsWith('{');
    const r = backup
      ? await importAll(d, text.value, { onProgress, puzzleIds: await shippedPuzzleIds() })
      : await importRecords(d, text.value, { onProgress });
    setProgress(null);
    if (!r.ok) return notify(m.games_not_imported({ reason: storageErrorText(r.error) }));
    if ('gamesAdded' in r.value) {
      if (r.value.lessonsAdded + r.value.puzzleAnswersAdded > 0) {
        await loadLessons();
      }
      await showImport(backupImportOutcome(r.value));
    } else {
      await showImport(recordImportOutcome(r.value));
    }
  };

  const games = library?.games ?? [];
  const damaged = library?.damaged ?? [];
  const originDates = useOriginDates(games);
  return (
    <main class="list-screen">
      <ScreenHeader title={m.games_title()} />
      <div class="actions">
        <button type="button" onClick={() => void exportEverything()}>
          {m.games_export_everything()}
        </button>
        <label class="file-button">
          {m.games_import_file()}
          <input
            type="file"
            accept=".json,.txt,.pgn,.gz,application/json,text/plain,application/gzip"
            disabled={progress !== null}
            onChange={(e) => void importFile(e)}
          />
        </label>
        <button type="button" disabled={progress !== null} onClick={() => setPasting(true)}>
          {m.games_paste_record()}
        </button>
      </div>
      {pasting && (
        <PasteRecordDialog onClose={() => setPasting(false)} onImported={(outcome) => void showImport(outcome)} />
      )}
      {imported && <ImportSummary outcome={imported} onClose={() => setImported(null)} />}
      {progress && (
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
      )}
      {storageProblem.value && <p class="notice">{storageProblem.value}</p>}
      <KeptGamesNotice />
      <div class="tabs">
        <div role="tablist" class="tab-buttons">
          {TABS.map(({ shelf, label }) => (
            <button
              key={shelf}
              type="button"
              role="tab"
              aria-selected={status === shelf}
              onClick={() => setStatus(shelf)}
            >
              {label()}
            </button>
          ))}
        </div>
        <label>
          {m.games_sort_by()}{' '}
          <select value={sortBy} onChange={(e) => setSortBy(e.currentTarget.value as GameSortKey)}>
            <option value="date">{m.games_sort_date()}</option>
            <option value="player1">{m.games_sort_black()}</option>
            <option value="player2">{m.games_sort_white()}</option>
            <option value="size">{m.games_sort_size()}</option>
            <option value="variant">{m.games_sort_variant()}</option>
          </select>
        </label>
      </div>
      {damaged.length > 0 && (
        <p class="notice">
          {/* A button, not a #link: the hash is the app's route. */}
          <button
            type="button"
            class="link"
            onClick={() => document.getElementById('damaged-heading')?.scrollIntoView({ behavior: 'smooth' })}
          >
            {m.games_damaged_notice({ count: damaged.length })}
          </button>
        </p>
      )}
      {library && games.length === 0 && <p>{m.games_empty()}</p>}
      <ul class="games">
        {games.map((g) => (
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
