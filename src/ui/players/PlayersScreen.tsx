/**
 * The players screen: people (a name) and computer players (a name, a strength and a few settings in plain
 * words). Any player can be renamed, re-tuned or deleted, the built-in ones included; a computer player's
 * editor is its own module (players/ComputerEditor.tsx).
 * Stored records that are not players the app can use are listed apart, with why, Export raw and Delete.
 */
import { useEffect, useState } from 'preact/hooks';
import {
  type ComputerPlayer,
  type DamagedPlayer,
  type StoredPlayer,
  NAME_FIELD_LENGTH,
  addPlayer,
  clampComputerSettings,
  deletePlayer,
  getRawPlayer,
  rawRecordText,
  savePlayer,
} from '../../storage';
import { ScreenHeader } from '../shell/ScreenHeader';
import { confirmDialog } from '../shell/dialog';
import { damagedPlayers, db, notify, players, refreshPlayers } from '../shell/app-state';
import { download, fileSafe } from '../shell/download';
import { ComputerEditor } from './ComputerEditor';
import { describeComputer, playsLike } from './computer-words';
import { FieldError, NO_STORAGE, NameField, checkedName, withDb } from './player-fields';

/** The id of the button that opens a player's editor, where the focus goes back when the editor closes. */
const openerId = (playerId: string) => `open-${playerId}`;

/** Asks before deleting (the browser's confirm for now; one place to change it for an in-app dialog). */
const askToDelete = (name: string): Promise<boolean> =>
  confirmDialog({
    title: `Delete ${name}?`,
    body: 'Their games stay.',
    confirm: 'Delete',
    cancel: 'Keep',
    destructive: true,
  });

function PersonRow({ player, onEdit }: { player: StoredPlayer; onEdit: () => void }) {
  const remove = async () => {
    if (!(await askToDelete(player.name))) return;
    const error = await withDb((d) => deletePlayer(d, player.id));
    if (error) notify(error);
  };
  return (
    <div class="player-row">
      <span class="player-name">{player.name}</span>
      <div class="row-actions">
        <button type="button" id={openerId(player.id)} aria-label={`Rename ${player.name}`} onClick={onEdit}>
          Rename
        </button>
        <button type="button" aria-label={`Delete ${player.name}`} onClick={() => void remove()}>
          Delete
        </button>
      </div>
    </div>
  );
}

function RenameForm({ player, onDone }: { player: StoredPlayer; onDone: () => void }) {
  const [name, setName] = useState(player.name);
  const [error, setError] = useState<string | null>(null);
  const save = async (e: Event) => {
    e.preventDefault();
    const checked = checkedName(name);
    if ('error' in checked) return setError(checked.error);
    const failed = await withDb((d) => savePlayer(d, { ...player, name: checked.name }));
    if (failed) return setError(failed);
    notify(`Renamed to ${checked.name}.`);
    onDone();
  };
  return (
    <form class="player-editor" onSubmit={(e) => void save(e)} aria-label={`Rename ${player.name}`}>
      <NameField
        id={`name-${player.id}`}
        value={name}
        error={error}
        onInput={(n) => {
          setName(n);
          setError(null);
        }}
      />
      <div class="row-actions">
        <button type="submit" class="primary">
          Save
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ComputerRow({
  player,
  editing,
  onToggle,
  onDone,
}: {
  player: ComputerPlayer;
  editing: boolean;
  onToggle: () => void;
  onDone: () => void;
}) {
  const editorId = `editor-${player.id}`;
  const remove = async () => {
    if (!(await askToDelete(player.name))) return;
    const error = await withDb((d) => deletePlayer(d, player.id));
    if (error) notify(error);
  };
  return (
    <>
      <div class="player-row">
        <div class="player-text">
          <span class="player-name">{player.name}</span>
          <small>{describeComputer(player)}</small>
          <small class="level-plays">{playsLike(player)}</small>
        </div>
        <div class="row-actions">
          <button
            type="button"
            id={openerId(player.id)}
            aria-label={`Edit ${player.name}`}
            aria-expanded={editing}
            aria-controls={editing ? editorId : undefined}
            onClick={onToggle}
          >
            Edit
          </button>
          <button type="button" aria-label={`Delete ${player.name}`} onClick={() => void remove()}>
            Delete
          </button>
        </div>
      </div>
      {editing && (
        <div id={editorId}>
          <ComputerEditor player={player} onDone={onDone} />
        </div>
      )}
    </>
  );
}

/** A stored record that is not a player the app can use: why, Export raw and Delete. */
function DamagedPlayerRow({ record }: { record: DamagedPlayer }) {
  const name = record.name ?? `Record ${String(record.key).slice(0, 40)}`;
  const exportRaw = async () => {
    const d = db.value;
    if (!d) return notify(NO_STORAGE);
    const r = await getRawPlayer(d, record.key);
    if (!r.ok) return notify(r.error.message);
    download(
      `pente-damaged-player-${fileSafe(String(record.key))}.json`,
      rawRecordText(record.key, record.reason, r.value),
      'application/json',
    );
  };
  const remove = async () => {
    if (!(await askToDelete(`the damaged record "${name}"`))) return;
    const error = await withDb((d) => deletePlayer(d, record.key));
    if (error) notify(error);
  };
  return (
    <div class="player-row">
      <div class="player-text">
        <span class="player-name">{name}</span>
        <small>{record.reason}</small>
      </div>
      <div class="row-actions">
        <button type="button" aria-label={`Export raw ${name}`} onClick={() => void exportRaw()}>
          Export raw
        </button>
        <button type="button" aria-label={`Delete damaged ${name}`} onClick={() => void remove()}>
          Delete
        </button>
      </div>
    </div>
  );
}

function AddForm({ kind, onAdded }: { kind: 'human' | 'computer'; onAdded: (player: StoredPlayer) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = `add-${kind}`;
  const add = async (e: Event) => {
    e.preventDefault();
    const checked = checkedName(name);
    if ('error' in checked) return setError(checked.error);
    const d = db.value;
    if (!d) return setError(NO_STORAGE);
    const added = await addPlayer(
      d,
      kind === 'human'
        ? { kind, name: checked.name }
        : // A new computer player starts with the default settings (the middle level), then opens for editing.
          { ...clampComputerSettings({}), kind, name: checked.name },
    );
    await refreshPlayers();
    if (!added.ok) return setError(added.error.message);
    setName('');
    setError(null);
    onAdded(added.value);
  };
  return (
    <form class="add-player" onSubmit={(e) => void add(e)}>
      <label for={fieldId}>{kind === 'human' ? 'Add a person' : 'Add a computer player'}</label>
      <div class="add-row">
        <input
          id={fieldId}
          value={name}
          maxLength={NAME_FIELD_LENGTH}
          autoComplete="off"
          placeholder="Name"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${fieldId}-error`}
          onInput={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
        />
        <button type="submit">Add</button>
      </div>
      <FieldError id={`${fieldId}-error`} error={error} />
    </form>
  );
}

export function Players() {
  /** The one player whose editor is open. */
  const [editing, setEditing] = useState<string | null>(null);
  /** The player whose editor just closed: the focus goes back to its Rename or Edit button, not to the page. */
  const [refocus, setRefocus] = useState<string | null>(null);
  useEffect(() => {
    if (refocus === null) return;
    document.getElementById(openerId(refocus))?.focus();
    setRefocus(null);
  }, [refocus]);
  const close = (id: string) => () => {
    setEditing(null);
    setRefocus(id);
  };
  const humans = players.value.filter((p) => p.kind === 'human');
  const computers = players.value.filter((p): p is ComputerPlayer => p.kind === 'computer');
  const toggle = (id: string) => () => setEditing(editing === id ? null : id);
  const damaged = damagedPlayers.value;
  return (
    <main class="list-screen players-screen">
      <ScreenHeader title="Players" />
      {damaged.length > 0 && (
        <p class="notice">
          {/* A button, not a #link: the hash is the app's route. */}
          <button
            type="button"
            class="link"
            onClick={() => document.getElementById('damaged-players-heading')?.scrollIntoView({ behavior: 'smooth' })}
          >
            {damaged.length} damaged player {damaged.length === 1 ? 'record' : 'records'} cannot be used: see the list
            below.
          </button>
        </p>
      )}
      <section class="player-section" aria-labelledby="people-heading">
        <h2 id="people-heading">People</h2>
        <ul class="player-cards">
          {humans.map((p) => (
            <li key={p.id}>
              {editing === p.id ? (
                <RenameForm player={p} onDone={close(p.id)} />
              ) : (
                <PersonRow player={p} onEdit={toggle(p.id)} />
              )}
            </li>
          ))}
        </ul>
        <AddForm kind="human" onAdded={() => setEditing(null)} />
      </section>
      <section class="player-section" aria-labelledby="computers-heading">
        <h2 id="computers-heading">Computer players</h2>
        <ul class="player-cards">
          {computers.map((p) => (
            <li key={p.id}>
              <ComputerRow player={p} editing={editing === p.id} onToggle={toggle(p.id)} onDone={close(p.id)} />
            </li>
          ))}
        </ul>
        <AddForm kind="computer" onAdded={(p) => setEditing(p.id)} />
      </section>
      {damaged.length > 0 && (
        <section class="player-section damaged" aria-labelledby="damaged-players-heading">
          <h2 id="damaged-players-heading">Damaged records ({damaged.length})</h2>
          <p class="notice">
            {damaged.length === 1 ? 'This stored record' : `These ${damaged.length} stored records`} cannot be used as
            players; a name one holds stays taken until it is deleted. Export one to keep what is in it, or delete it.
          </p>
          <ul class="player-cards">
            {damaged.map((d) => (
              <li key={String(d.key)}>
                <DamagedPlayerRow record={d} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
