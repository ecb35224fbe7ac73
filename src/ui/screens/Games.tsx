import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
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
import { KeptGamesNotice } from '../KeptGamesNotice';
import { ScreenHeader } from '../ScreenHeader';
import { db, notify, refreshPlayers, refreshResumable, storageProblem } from '../app-state';
import { confirmDialog } from '../dialog';
import { download, fileSafe } from '../download';
import { openGame } from '../games';
import { type ImportOutcome, backupImportOutcome, recordImportOutcome } from '../import-report';
import { count } from '../plural';
import { loadLessons } from '../lesson-progress';
import { VARIANTS } from '../../core';
import { friendStanding } from '../friend/links';

/** Rows added per "Show more": the page holds a few screens of rows, however big the library. */
const PAGE_SIZE = 50;

const RESULT = (g: GameSummary) => {
  if (!g.result && g.friend) return `friend game: ${friendStanding({ ...g, mySide: g.friend.mySide })}`;
  if (!g.result) return `move ${g.moveCount + 1}`;
  if (g.result.winner === null) return 'draw';
  return `${g.players[g.result.winner - 1]!} won (${g.result.reason})`;
};

const title = (g: GameSummary) => `${g.players[0]} vs ${g.players[1]}`;
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
const TABS: readonly { readonly shelf: Shelf; readonly label: string }[] = [
  { shelf: 'in-progress', label: 'Unfinished' },
  { shelf: 'finished', label: 'Finished' },
  { shelf: 'imported', label: 'Imported' },
];

/** Problems listed under an import's summary; the rest are counted. */
const PROBLEMS_SHOWN = 20;

/** The import's phases as the progress bar names them. */
const IMPORT_PHASES = { reading: 'Reading the file', checking: 'Checking games', saving: 'Saving games' } as const;
type ImportPhase = keyof typeof IMPORT_PHASES;

/** The import's progress bar is redrawn at most this often: ten times a second reads as smooth. */
const PROGRESS_EVERY_MS = 100;

interface Progress {
  readonly label: string;
  readonly done: number;
  readonly total: number;
}

/**
 * pente.org records pasted as text (from a message, a web page), imported through storage like a file. A
 * record that cannot be read keeps the dialog open with the text and the reasons, so nothing is lost; the
 * games that could be read are imported (and recognised as already there if the player tries again).
 */
function PasteRecordDialog({
  onImported,
  onClose,
}: {
  onImported: (outcome: ImportOutcome) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  useLayoutEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  const close = () => {
    ref.current?.close();
    onClose();
  };
  const importText = async () => {
    const d = db.value;
    if (!d) return setProblem('Not imported: the saved games are not available here.');
    setBusy(true);
    const r = await importRecords(d, text);
    setBusy(false);
    if (!r.ok) return setProblem(`Not imported: ${r.error.message}`);
    const outcome = recordImportOutcome(r.value);
    if (outcome.problems.length === 0) close();
    else if (!outcome.added && r.value.duplicates === 0) setProblem(`Not imported: ${outcome.problems.join(' ')}`);
    else setProblem(`${outcome.summary} ${outcome.problems.join(' ')}`);
    onImported(outcome);
  };
  // Reading the clipboard needs the browser's permission; where it is refused, the player pastes by hand.
  const readClipboard = async () => {
    try {
      setText(await navigator.clipboard.readText());
      setProblem('');
    } catch {
      setProblem('The clipboard cannot be read here: paste into the box instead (long press, Paste).');
    }
  };
  return (
    <dialog
      ref={ref}
      class="paste-dialog"
      aria-labelledby="paste-title"
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <h2 id="paste-title">Paste a record</h2>
      <textarea
        rows={8}
        aria-label="pente.org record"
        placeholder={'[Game "Pente"]\n\n1. K10 L9 2. …'}
        value={text}
        onInput={(e) => {
          setText(e.currentTarget.value);
          setProblem('');
        }}
      />
      {problem && (
        <p class="problem" role="alert">
          {problem}
        </p>
      )}
      <div class="dialog-buttons">
        {typeof navigator.clipboard?.readText === 'function' && (
          <button type="button" onClick={() => void readClipboard()}>
            Paste from clipboard
          </button>
        )}
        <button type="button" onClick={close}>
          Cancel
        </button>
        <button type="button" class="primary" disabled={busy || text.trim() === ''} onClick={() => void importText()}>
          Import
        </button>
      </div>
    </dialog>
  );
}

/** What the last import did, until the player closes it or imports again. */
function ImportSummary({ outcome, onClose }: { outcome: ImportOutcome; onClose: () => void }) {
  const { summary, problems } = outcome;
  return (
    <section class="import-report" aria-label="Import report" role="status">
      <p>{summary}</p>
      {problems.length > 0 && (
        <ul>
          {problems.slice(0, PROBLEMS_SHOWN).map((p, i) => (
            <li key={i}>{p}</li>
          ))}
          {problems.length > PROBLEMS_SHOWN && (
            <li>and {(problems.length - PROBLEMS_SHOWN).toLocaleString('en')} more</li>
          )}
        </ul>
      )}
      <button type="button" onClick={onClose}>
        Close
      </button>
    </section>
  );
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
    const list = await listGameSummaries(d, query, (done, total) =>
      setProgress(done < total ? { label: 'Preparing the game list', done, total } : null),
    );
    if (ticket !== latestLoad.current) return;
    setProgress(null);
    if (list.ok) setLibrary(list.value);
    else notify(list.error.message);
  };
  useEffect(() => setShown(PAGE_SIZE), [status, sortBy]);
  useEffect(() => void load(), [status, sortBy, shown]);
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
    notify(r.error.message);
    await load();
  };

  const remove = async (id: IDBValidKey, name: string) => {
    const d = db.value;
    if (
      !d ||
      !(await confirmDialog({
        title: `Delete ${name}?`,
        body: 'This cannot be undone.',
        confirm: 'Delete',
        cancel: 'Keep it',
        destructive: true,
      }))
    )
      return;
    const r = await deleteGame(d, id);
    // Storage tells the other tabs: one playing this game stops saving it (and says so).
    if (!r.ok) notify(r.error.message);
    await load();
    await refreshResumable();
  };

  const exportRaw = async (damaged: DamagedSummary) => {
    const d = db.value;
    if (!d) return;
    const r = await getRawGame(d, damaged.id);
    if (!r.ok) return notify(r.error.message);
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
    if (!r.ok) return notify(r.error.message);
    download(`pente-${new Date().toISOString().slice(0, 10)}.json`, exportText(r.value.file), 'application/json');
    const { damagedGames = [], damagedPlayers = [], progress } = r.value.file;
    const damaged = damagedGames.length + damagedPlayers.length + (progress?.damaged.length ?? 0);
    if (damaged > 0) {
      notify(`The file includes ${count(damaged, 'damaged record')} as stored, apart from the rest.`);
    }
  };
  const exportOne = (g: GameSummary) =>
    void withGame(g, (game) => {
      const r = exportGameRecord(game);
      if (!r.ok) return notify(r.error.message);
      download(`pente-${fileSafe(title(g))}.txt`, r.value, 'text/plain');
    });

  /** Shows what an import did, and the tab that holds what it added. */
  const showImport = async (outcome: ImportOutcome) => {
    setImported(outcome);
    if (outcome.shelf && outcome.shelf !== status) setStatus(outcome.shelf);
    else await load();
    await Promise.all([refreshResumable(), refreshPlayers()]);
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
      setProgress({ label: IMPORT_PHASES[phase], done, total });
    };
    setProgress({ label: IMPORT_PHASES.reading, done: 0, total: file.size });
    const text = await readFileText(file);
    if (!text.ok) {
      setProgress(null);
      return notify(`Not imported: ${text.error.message}`);
    }
    const backup = text.value.trimStart().startsWith('{');
    const r = backup
      ? await importAll(d, text.value, { onProgress })
      : await importRecords(d, text.value, { onProgress });
    setProgress(null);
    if (!r.ok) return notify(`Not imported: ${r.error.message}`);
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
      <ScreenHeader title="Games" />
      <div class="actions">
        <button type="button" onClick={() => void exportEverything()}>
          Export everything
        </button>
        <label class="file-button">
          Import a file
          <input
            type="file"
            accept=".json,.txt,.pgn,.gz,application/json,text/plain,application/gzip"
            disabled={progress !== null}
            onChange={(e) => void importFile(e)}
          />
        </label>
        <button type="button" disabled={progress !== null} onClick={() => setPasting(true)}>
          Paste a record
        </button>
      </div>
      {pasting && (
        <PasteRecordDialog onClose={() => setPasting(false)} onImported={(outcome) => void showImport(outcome)} />
      )}
      {imported && <ImportSummary outcome={imported} onClose={() => setImported(null)} />}
      {progress && (
        <p class="progress" role="status">
          <label>
            {progress.label}: {progress.done.toLocaleString()} of {progress.total.toLocaleString()}
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
              {label}
            </button>
          ))}
        </div>
        <label>
          Sort by{' '}
          <select value={sortBy} onChange={(e) => setSortBy(e.currentTarget.value as GameSortKey)}>
            <option value="date">Date</option>
            <option value="player1">Black's name</option>
            <option value="player2">White's name</option>
            <option value="size">Board size</option>
            <option value="variant">Game</option>
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
            {count(damaged.length, 'damaged record')} cannot be opened: see the list below.
          </button>
        </p>
      )}
      {library && games.length === 0 && <p>No games here yet.</p>}
      <ul class="games">
        {games.map((g) => (
          <li key={g.id}>
            <div class="game-text">
              <strong>{title(g)}</strong>
              <small>
                {VARIANTS[g.variant]?.name ?? g.variant} {g.size}×{g.size} · {RESULT(g)}
              </small>
              {g.origin && <small class="origin">{originText(g.origin.ply, originDates.get(g.origin.gameId))}</small>}
              <small>{gameDate(g)}</small>
            </div>
            <div class="row-actions">
              <button type="button" onClick={() => void withGame(g, openGame)}>
                {g.status === 'finished' ? 'Review' : 'Continue'}
              </button>
              <button type="button" aria-label={`Export ${title(g)}`} onClick={() => exportOne(g)}>
                Export
              </button>
              <button
                type="button"
                aria-label={`Delete ${title(g)}`}
                onClick={() => void remove(g.id, `the game ${title(g)}`)}
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      {library?.more && (
        <button type="button" class="show-more" onClick={() => setShown(shown + PAGE_SIZE)}>
          Show more
        </button>
      )}
      {damaged.length > 0 && (
        <section class="damaged" aria-labelledby="damaged-heading">
          <h2 id="damaged-heading">Damaged records ({damaged.length})</h2>
          <p class="notice">
            {damaged.length === 1 ? 'This stored record' : `These ${damaged.length} stored records`} cannot be opened as
            games. Export one to keep what is in it, or delete it.
          </p>
          <ul class="games">
            {damaged.slice(0, shownDamaged).map((d) => {
              const name = damagedTitle(d);
              return (
                <li key={String(d.id)}>
                  <div class="game-text">
                    <strong>{name}</strong>
                    <small>{d.reason}</small>
                    <small>{dateText(d.updatedAt)}</small>
                  </div>
                  <div class="row-actions">
                    <button type="button" aria-label={`Export raw ${name}`} onClick={() => void exportRaw(d)}>
                      Export raw
                    </button>
                    <button
                      type="button"
                      aria-label={`Delete damaged ${name}`}
                      onClick={() => void remove(d.id, `the damaged record "${name}"`)}
                    >
                      Delete
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          {damaged.length > shownDamaged && (
            <button type="button" class="show-more" onClick={() => setShownDamaged(shownDamaged + PAGE_SIZE)}>
              Show {count(Math.min(PAGE_SIZE, damaged.length - shownDamaged), 'more damaged record')}
            </button>
          )}
        </section>
      )}
    </main>
  );
}
