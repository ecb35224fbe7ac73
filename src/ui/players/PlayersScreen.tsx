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
import './players.css';
import { DamagedNotice } from '../shell/DamagedNotice';
import { ScreenHeader } from '../shell/ScreenHeader';
import { confirmDialog } from '../shell/dialog';
import { damagedPlayers, db, notify, players, refreshPlayers, notifyProblem } from '../shell/app-state';
import { download, fileSafe } from '../shell/download';
import { ComputerEditor } from './ComputerEditor';
import { RatingCard } from './RatingCard';
import { describeComputer, playsLike } from './computer-words';
import { FieldError, NO_STORAGE, NameField, checkedName, withDb } from './player-fields';
import { formatNumber } from '../words/locale';
import * as m from '../words/paraglide/messages.js';
import { storageErrorText } from '../words/storage-words';

/** The id of the button that opens a player's editor, where the focus goes back when the editor closes. */
const openerId = (playerId: string) => `open-${playerId}`;

/** Asks before deleting (`title`: the question, naming what goes) (the browser's confirm for now; one place to change it for an in-app dialog). */
const askToDelete = (title: string): Promise<boolean> =>
  confirmDialog({
    title,
    body: m.players_delete_body(),
    confirm: m.players_delete(),
    cancel: m.players_keep(),
    destructive: true,
  });

function PersonRow({ player, onEdit }: { player: StoredPlayer; onEdit: () => void }) {
  const remove = async () => {
    if (!(await askToDelete(m.players_delete_title({ name: player.name })))) return;
    const error = await withDb((d) => deletePlayer(d, player.id));
    if (error) notifyProblem(error);
  };
  return (
    <div class="player-row">
      <span class="player-name">{player.name}</span>
      <div class="row-actions">
        <button
          type="button"
          id={openerId(player.id)}
          aria-label={m.players_rename_named({ name: player.name })}
          onClick={onEdit}
        >
          {m.players_rename()}
        </button>
        <button type="button" aria-label={m.players_delete_named({ name: player.name })} onClick={() => void remove()}>
          {m.players_delete()}
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
    notify(m.players_renamed({ name: checked.name }));
    onDone();
  };
  return (
    <form
      class="player-editor"
      onSubmit={(e) => void save(e)}
      aria-label={m.players_rename_named({ name: player.name })}
    >
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
          {m.players_save()}
        </button>
        <button type="button" onClick={onDone}>
          {m.players_cancel()}
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
    if (!(await askToDelete(m.players_delete_title({ name: player.name })))) return;
    const error = await withDb((d) => deletePlayer(d, player.id));
    if (error) notifyProblem(error);
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
            aria-label={m.players_edit_named({ name: player.name })}
            aria-expanded={editing}
            aria-controls={editing ? editorId : undefined}
            onClick={onToggle}
          >
            {m.players_edit()}
          </button>
          <button
            type="button"
            aria-label={m.players_delete_named({ name: player.name })}
            onClick={() => void remove()}
          >
            {m.players_delete()}
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
  const name = record.name ?? m.players_record_key({ key: String(record.key).slice(0, 40) });
  const exportRaw = async () => {
    const d = db.value;
    if (!d) return notifyProblem(NO_STORAGE());
    const r = await getRawPlayer(d, record.key);
    if (!r.ok) return notifyProblem(storageErrorText(r.error));
    download(
      `pente-damaged-player-${fileSafe(String(record.key))}.json`,
      rawRecordText(record.key, record.reason, r.value),
      'application/json',
    );
  };
  const remove = async () => {
    if (!(await askToDelete(m.players_delete_damaged_title({ name })))) return;
    const error = await withDb((d) => deletePlayer(d, record.key));
    if (error) notifyProblem(error);
  };
  return (
    <div class="player-row">
      <div class="player-text">
        <span class="player-name">{name}</span>
        <small>{record.reason}</small>
      </div>
      <div class="row-actions">
        <button type="button" aria-label={m.players_export_raw_named({ name })} onClick={() => void exportRaw()}>
          {m.players_export_raw()}
        </button>
        <button type="button" aria-label={m.players_delete_damaged_named({ name })} onClick={() => void remove()}>
          {m.players_delete()}
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
    if (!d) return setError(NO_STORAGE());
    const added = await addPlayer(
      d,
      kind === 'human'
        ? { kind, name: checked.name }
        : // A new computer player starts with the default settings (the middle level), then opens for editing.
          { ...clampComputerSettings({}), kind, name: checked.name },
    );
    await refreshPlayers();
    if (!added.ok) return setError(storageErrorText(added.error));
    setName('');
    setError(null);
    onAdded(added.value);
  };
  return (
    <form class="add-player" onSubmit={(e) => void add(e)}>
      <label for={fieldId}>{kind === 'human' ? m.players_add_person() : m.players_add_computer()}</label>
      <div class="add-row">
        <input
          id={fieldId}
          value={name}
          maxLength={NAME_FIELD_LENGTH}
          autoComplete="off"
          placeholder={m.players_name()}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${fieldId}-error`}
          onInput={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
        />
        <button type="submit">{m.players_add()}</button>
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
      <ScreenHeader title={m.players_title()} />
      {damaged.length > 0 && (
        <DamagedNotice text={m.players_damaged_notice({ count: damaged.length })} sectionId="damaged-players-heading" />
      )}
      <RatingCard />
      <section class="player-section" aria-labelledby="people-heading">
        <h2 id="people-heading">{m.players_people()}</h2>
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
        <h2 id="computers-heading">{m.players_computers()}</h2>
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
          <h2 id="damaged-players-heading">{m.players_damaged_heading({ count: formatNumber(damaged.length) })}</h2>
          <p class="notice">{m.players_damaged_explain({ count: damaged.length })}</p>
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
