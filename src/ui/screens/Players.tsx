import { useState } from 'preact/hooks';
import { type ComputerPlayer, type StoredPlayer, addPlayer, deletePlayer, savePlayer } from '../../storage';
import { ScreenHeader } from '../ScreenHeader';
import { db, notify, players, refreshPlayers } from '../app-state';
import { useLeaveGuard } from '../dialog';

function ComputerEditor({ player }: { player: ComputerPlayer }) {
  const [draft, setDraft] = useState(player);
  useLeaveGuard(JSON.stringify(draft) !== JSON.stringify(player), `Discard the changes to ${player.name}?`);
  const number = (
    key: 'depth' | 'timeMs' | 'vision' | 'judgement',
    label: string,
    min: number,
    max: number,
    step = 1,
  ) => (
    <label>
      {label}
      <input
        type="number"
        min={min}
        max={max}
        step={step}
        value={draft[key]}
        onInput={(e) => setDraft({ ...draft, [key]: Number(e.currentTarget.value) })}
      />
    </label>
  );
  const save = async () => {
    const d = db.value;
    if (!d) return;
    const r = await savePlayer(d, draft);
    if (!r.ok) notify(r.error.message);
    else notify(`${draft.name} saved.`);
    await refreshPlayers();
  };
  return (
    <details>
      <summary>{player.name} (computer)</summary>
      <label>
        Name
        <input value={draft.name} onInput={(e) => setDraft({ ...draft, name: e.currentTarget.value })} />
      </label>
      {number('timeMs', 'Think time (ms)', 50, 30000, 50)}
      {number('depth', 'Depth limit', 1, 64)}
      {number('vision', 'Vision (%)', 10, 100)}
      {number('judgement', 'Judgement (%)', 0, 100)}
      <label class="check">
        <input
          type="checkbox"
          checked={draft.book}
          onChange={(e) => setDraft({ ...draft, book: e.currentTarget.checked })}
        />
        Uses the openings book
      </label>
      <button type="button" onClick={() => void save()}>
        Save
      </button>
    </details>
  );
}

export function Players() {
  const [name, setName] = useState('');
  const humans = players.value.filter((p) => p.kind === 'human');
  const computers = players.value.filter((p): p is ComputerPlayer => p.kind === 'computer');
  const add = async (e: Event) => {
    e.preventDefault();
    const d = db.value;
    if (!d || !name.trim()) return;
    const r = await addPlayer(d, { kind: 'human', name: name.trim() });
    if (!r.ok) notify(r.error.message);
    else setName('');
    await refreshPlayers();
  };
  const remove = async (p: StoredPlayer) => {
    const d = db.value;
    if (!d || !confirm(`Delete ${p.name}? Their games stay.`)) return;
    const r = await deletePlayer(d, p.id);
    if (!r.ok) notify(r.error.message);
    await refreshPlayers();
  };
  return (
    <main class="list-screen">
      <ScreenHeader title="Players" />
      <h2>People</h2>
      <ul class="players-list">
        {humans.map((p) => (
          <li key={p.id}>
            {p.name}
            <button type="button" aria-label={`Delete ${p.name}`} onClick={() => void remove(p)}>
              Delete
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={add} class="inline">
        <label>
          New player's name
          <input value={name} onInput={(e) => setName(e.currentTarget.value)} maxLength={40} />
        </label>
        <button type="submit">Add</button>
      </form>
      <h2>Computer players</h2>
      {computers.map((p) => (
        <ComputerEditor key={p.id} player={p} />
      ))}
    </main>
  );
}
