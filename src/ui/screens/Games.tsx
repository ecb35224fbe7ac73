import { useEffect, useState } from 'preact/hooks';
import { type GameSortKey, type StoredGame, deleteGame, listGames } from '../../storage';
import { ScreenHeader } from '../App';
import { db, notify, refreshResumable, storageProblem } from '../app-state';
import { openGame } from '../games';
import { VARIANTS } from '../../core';

const RESULT = (g: StoredGame) => {
  if (!g.result) return `move ${g.moves.length + 1}`;
  if (g.result.winner === null) return 'draw';
  return `${g.players[g.result.winner - 1]!.name} won (${g.result.reason})`;
};

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
    if (!d || !confirm(`Delete the game ${g.players[0].name} vs ${g.players[1].name}?`)) return;
    const r = await deleteGame(d, g.id);
    if (!r.ok) notify(r.error.message);
    await load();
    await refreshResumable();
  };

  return (
    <main class="list-screen">
      <ScreenHeader title="Games" />
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
