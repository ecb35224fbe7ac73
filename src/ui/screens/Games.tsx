import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import {
  type DamagedSummary,
  type GameSortKey,
  type GameSummary,
  type Library,
  type StoredGame,
  deleteGame,
  exportAll,
  exportGameRecord,
  exportText,
  getGame,
  getRawGame,
  importAll,
  importGameRecord,
  listGameSummaries,
  rawRecordText,
} from '../../storage';
import { ScreenHeader } from '../ScreenHeader';
import { db, notify, refreshPlayers, refreshResumable, storageProblem } from '../app-state';
import { confirmDialog } from '../dialog';
import { openGame } from '../games';
import { announceGameChange, onGameChange } from '../session/browser-ports';
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

/** Offers a file to download. */
function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name from any text: letters, digits and dashes only. */
const fileSafe = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60);

/** The import's phases as the progress bar names them. */
const IMPORT_PHASES = { reading: 'Reading the file', checking: 'Checking games', saving: 'Saving games' } as const;

/** The import's progress bar is redrawn at most this often: ten times a second reads as smooth. */
const PROGRESS_EVERY_MS = 100;

interface Progress {
  readonly label: string;
  readonly done: number;
  readonly total: number;
}

/**
 * A pente.org record pasted as text (from a message, a web page), imported through storage like a file.
 * A record that cannot be read keeps the dialog open with the text and the reason, so nothing is lost.
 */
function PasteRecordDialog({ onImported, onClose }: { onImported: () => void; onClose: () => void }) {
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
    const r = await importGameRecord(d, text);
    setBusy(false);
    if (!r.ok) return setProblem(`Not imported: ${r.error.message}`);
    close();
    notify('The game was imported.');
    onImported();
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

export function Games() {
  const [status, setStatus] = useState<'in-progress' | 'finished'>('in-progress');
  const [sortBy, setSortBy] = useState<GameSortKey>('date');
  const [library, setLibrary] = useState<Library | null>(null);
  const [shown, setShown] = useState(PAGE_SIZE);
  const [shownDamaged, setShownDamaged] = useState(PAGE_SIZE);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [pasting, setPasting] = useState(false);

  // Loads can overlap (a tab switch resets the page size too): only the latest one may show its list.
  const latestLoad = useRef(0);
  const load = async () => {
    const d = db.value;
    if (!d) return;
    const ticket = ++latestLoad.current;
    const query = { status, sortBy, descending: sortBy === 'date', limit: shown };
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
  useEffect(() => onGameChange(() => void load()), [status, sortBy, shown]);

  /** Whole records are read only here, when a game is opened or exported. */
  const withGame = async (g: GameSummary, use: (game: StoredGame) => void) => {
    const d = db.value;
    if (!d) return;
    const r = await getGame(d, g.id);
    if (r.ok) return use(r.value);
    // Changed or deleted since the list was read (another tab): say so and show the list as it is now.
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
    if (!r.ok) notify(r.error.message);
    // A tab playing this game stops saving it (and says so) instead of writing it back.
    else if (typeof id === 'string') announceGameChange({ id, revision: null });
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
    const damaged = r.value.file.damagedGames?.length ?? 0;
    if (damaged > 0) notify(`The file includes ${damaged} damaged records as they are stored, apart from the games.`);
  };
  const exportOne = (g: GameSummary) =>
    void withGame(g, (game) => {
      const r = exportGameRecord(game);
      if (!r.ok) return notify(r.error.message);
      download(`pente-${fileSafe(title(g))}.txt`, r.value, 'text/plain');
    });

  /** A file of ours (JSON) or a pente.org record: either way nothing already stored is overwritten. */
  const importFile = async (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    const d = db.value;
    if (!file || !d) return;
    const text = await file.text();
    if (text.trimStart().startsWith('{')) {
      // The import reports at every turn it gives the page (every few milliseconds); redrawing the screen
      // that often is work the import then waits behind, so the bar moves at most every PROGRESS_EVERY_MS.
      let shownAt = -Infinity;
      let shownPhase = '';
      const r = await importAll(d, text, {
        onProgress: (phase, done, total) => {
          const now = performance.now();
          if (phase === shownPhase && done < total && now - shownAt < PROGRESS_EVERY_MS) return;
          shownAt = now;
          shownPhase = phase;
          setProgress({ label: IMPORT_PHASES[phase], done, total });
        },
      });
      setProgress(null);
      if (!r.ok) return notify(`Not imported: ${r.error.message}`);
      const { gamesAdded, gamesRenamed, gamesDuplicate, rejected, playersAdded } = r.value;
      notify(
        `Imported ${gamesAdded.length + gamesRenamed.length} games and ${playersAdded.length} players; ` +
          `${gamesDuplicate.length} already here; ${rejected.length} rejected.`,
        6000,
      );
    } else {
      const r = await importGameRecord(d, text);
      if (!r.ok) return notify(`Not imported: ${r.error.message}`);
      notify('The game was imported.');
    }
    await Promise.all([load(), refreshResumable(), refreshPlayers()]);
  };

  const games = library?.games ?? [];
  const damaged = library?.damaged ?? [];
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
            accept=".json,.txt,.pgn,application/json,text/plain"
            disabled={progress !== null}
            onChange={(e) => void importFile(e)}
          />
        </label>
        <button type="button" disabled={progress !== null} onClick={() => setPasting(true)}>
          Paste a record
        </button>
      </div>
      {pasting && (
        <PasteRecordDialog
          onClose={() => setPasting(false)}
          onImported={() => void Promise.all([load(), refreshResumable()])}
        />
      )}
      {progress && (
        <p class="progress" role="status">
          <label>
            {progress.label}: {progress.done.toLocaleString()} of {progress.total.toLocaleString()}
            <progress max={progress.total} value={progress.done} />
          </label>
        </p>
      )}
      {storageProblem.value && <p class="notice">{storageProblem.value}</p>}
      <div class="tabs">
        <div role="tablist" class="tab-buttons">
          <button
            type="button"
            role="tab"
            aria-selected={status === 'in-progress'}
            onClick={() => setStatus('in-progress')}
          >
            Unfinished
          </button>
          <button type="button" role="tab" aria-selected={status === 'finished'} onClick={() => setStatus('finished')}>
            Finished
          </button>
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
            {damaged.length} damaged {damaged.length === 1 ? 'record' : 'records'} cannot be opened: see the list below.
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
                {VARIANTS[g.variant].name} {g.size}×{g.size} · {RESULT(g)}
              </small>
              <small>{dateText(g.updatedAt)}</small>
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
              Show {Math.min(PAGE_SIZE, damaged.length - shownDamaged)} more damaged records
            </button>
          )}
        </section>
      )}
    </main>
  );
}
