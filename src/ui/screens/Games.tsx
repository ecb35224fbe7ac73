import { useEffect, useState } from 'preact/hooks';
import {
  type GameSortKey,
  type StoredGame,
  deleteGame,
  exportAll,
  exportGameRecord,
  exportText,
  importAll,
  importGameRecord,
  listGames,
} from '../../storage';
import { ScreenHeader } from '../ScreenHeader';
import { db, notify, refreshResumable, storageProblem } from '../app-state';
import { confirmDialog } from '../dialog';
import { openGame } from '../games';
import { VARIANTS } from '../../core';

const RESULT = (g: StoredGame) => {
  if (!g.result) return `move ${g.moves.length + 1}`;
  if (g.result.winner === null) return 'draw';
  return `${g.players[g.result.winner - 1]!.name} won (${g.result.reason})`;
};

/** Offers a file to download. */
function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function Games() {
  const [status, setStatus] = useState<'in-progress' | 'finished'>('in-progress');
  const [sortBy, setSortBy] = useState<GameSortKey>('date');
  const [games, setGames] = useState<readonly StoredGame[]>([]);
  const [skipped, setSkipped] = useState(0);

  const load = async () => {
    const d = db.value;
    if (!d) return;
    const list = await listGames(d, { status, sortBy, descending: sortBy === 'date' });
    if (list.ok) {
      setGames(list.value.games);
      setSkipped(list.value.skipped.length);
    } else notify(list.error.message);
  };
  useEffect(() => void load(), [status, sortBy]);

  const remove = async (g: StoredGame) => {
    const d = db.value;
    if (
      !d ||
      !(await confirmDialog({
        title: `Delete the game ${g.players[0].name} vs ${g.players[1].name}?`,
        body: 'This cannot be undone.',
        confirm: 'Delete',
        cancel: 'Keep it',
        destructive: true,
      }))
    )
      return;
    const r = await deleteGame(d, g.id);
    if (!r.ok) notify(r.error.message);
    await load();
    await refreshResumable();
  };

  const exportEverything = async () => {
    const d = db.value;
    if (!d) return;
    const r = await exportAll(d);
    if (!r.ok) return notify(r.error.message);
    download(`pente-${new Date().toISOString().slice(0, 10)}.json`, exportText(r.value.file), 'application/json');
  };
  const exportOne = (g: StoredGame) => {
    const r = exportGameRecord(g);
    if (!r.ok) return notify(r.error.message);
    download(`pente-${g.players[0].name}-vs-${g.players[1].name}.txt`, r.value, 'text/plain');
  };
  /** A file of ours (JSON) or a pente.org record: either way nothing already stored is overwritten. */
  const importFile = async (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    const d = db.value;
    if (!file || !d) return;
    const text = await file.text();
    if (text.trimStart().startsWith('{')) {
      const r = await importAll(d, text);
      if (!r.ok) return notify(`Not imported: ${r.error.message}`);
      const { gamesAdded, gamesRenamed, gamesDuplicate, rejected } = r.value;
      notify(
        `Imported ${gamesAdded.length + gamesRenamed.length} games; ${gamesDuplicate.length} already here; ${rejected.length} rejected.`,
      );
    } else {
      const r = await importGameRecord(d, text);
      if (!r.ok) return notify(`Not imported: ${r.error.message}`);
      notify('The game was imported.');
    }
    await load();
    await refreshResumable();
  };

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
            onChange={(e) => void importFile(e)}
          />
        </label>
      </div>
      {storageProblem.value && <p class="notice">{storageProblem.value}</p>}
      <div class="tabs" role="tablist">
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
      {games.length === 0 && <p>No games here yet.</p>}
      {skipped > 0 && <p class="notice">{skipped} damaged game records could not be read and are not shown.</p>}
      <ul class="games">
        {games.map((g) => (
          <li key={g.id}>
            <div>
              <strong>
                {g.players[0].name} vs {g.players[1].name}
              </strong>
              <br />
              <small>
                {VARIANTS[g.variant].name} {g.size}×{g.size} · {new Date(g.updatedAt).toLocaleString()} · {RESULT(g)}
              </small>
            </div>
            <button type="button" onClick={() => openGame(g)}>
              {g.status === 'finished' ? 'Review' : 'Continue'}
            </button>
            <button
              type="button"
              aria-label={`Export ${g.players[0].name} vs ${g.players[1].name}`}
              onClick={() => exportOne(g)}
            >
              Export
            </button>
            <button
              type="button"
              aria-label={`Delete ${g.players[0].name} vs ${g.players[1].name}`}
              onClick={() => void remove(g)}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    </main>
  );
}
