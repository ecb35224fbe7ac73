/**
 * The players screen: people (a name) and computer players (a name, a strength and a few settings in plain
 * words). Any player can be renamed, re-tuned or deleted, the built-in ones included. Every computer
 * setting goes through `clampComputerSettings` (storage), so the editor cannot save a value out of range.
 * Stored records that are not players the app can use are listed apart, with why, Export raw and Delete.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { LEVELS, LEVEL_WORDS, levelPlace, ratingInWords } from '../../core';
import {
  COMPUTER_LIMITS,
  type ComputerPlayer,
  type ComputerSettings,
  type DamagedPlayer,
  type PenteDb,
  type StorageResult,
  type StoredPlayer,
  NAME_FIELD_LENGTH,
  addPlayer,
  clampComputerSettings,
  deletePlayer,
  getRawPlayer,
  measuredRating,
  rawRecordText,
  savePlayer,
  strengthOf,
  withLevel,
} from '../../storage';
import { ScreenHeader } from '../ScreenHeader';
import { confirmDialog, useLeaveGuard } from '../dialog';
import { damagedPlayers, db, notify, players, refreshPlayers } from '../app-state';
import { download, fileSafe } from '../download';
import { plural } from '../plural';

const NO_STORAGE = 'Players cannot be changed here: saved data is not available on this device.';

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

/** Runs a storage call that needs the database; without one it fails with a message instead. */
async function withDb<T>(call: (d: PenteDb) => Promise<StorageResult<T>>): Promise<string | null> {
  const d = db.value;
  if (!d) return NO_STORAGE;
  const r = await call(d);
  await refreshPlayers();
  return r.ok ? null : r.error.message;
}

/** A name ready to save, or why not. */
function checkedName(text: string): { name: string } | { error: string } {
  const name = text.trim();
  return name ? { name } : { error: 'Give the player a name.' };
}

/** Seconds for people: "0.3", "1", "1.5". */
const seconds = (ms: number): string => String(Math.round(ms / 100) / 10);
const aboutSeconds = (ms: number): string => `about ${seconds(ms)} ${plural(Number(seconds(ms)), 'second')}`;

/** Where a player's settings sit on the strength scale, in words. */
function strengthName(settings: ComputerSettings): string {
  const { index, exact } = strengthOf(settings);
  const level = LEVELS[index]!.name;
  return exact ? level : `Custom, close to ${level}`;
}

/** The strength with its measured rating when the settings are a level's: "Casual, rated ≈ 1150". */
function strengthWithRating(settings: ComputerSettings): string {
  const rating = measuredRating(settings);
  return `${strengthName(settings)}${rating === null ? '' : `, rated ≈ ${rating}`}`;
}

/** How the level nearest these settings plays, in a line (src/core/level-words.ts). */
const playsLike = (settings: ComputerSettings): string =>
  LEVEL_WORDS[LEVELS[strengthOf(settings).index]!.id]?.plays ?? '';

/** The settings in a line; the strength is left out when the name already says it ("Casual"). */
function describeComputer(p: ComputerPlayer): string {
  const strength = strengthName(p);
  const rating = measuredRating(p);
  const parts = [
    ...(strength === p.name ? [] : [`Strength: ${strength}`]),
    ...(rating === null ? [] : [`Rated ≈ ${rating}`]),
    `Thinks ${aboutSeconds(p.timeMs)}`,
    p.book ? 'plays from the openings book' : 'no openings book',
  ];
  return parts.join(' · ');
}

function FieldError({ id, error }: { id: string; error: string | null }) {
  return (
    <p id={id} class="field-error" role="alert">
      {error}
    </p>
  );
}

function NameField({
  id,
  value,
  error,
  onInput,
}: {
  id: string;
  value: string;
  error: string | null;
  onInput: (name: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <div class="setting">
      <label for={id}>Name</label>
      <input
        ref={input}
        id={id}
        value={value}
        maxLength={NAME_FIELD_LENGTH}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

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

type TypedSetting = 'depth' | 'vision' | 'judgement' | 'seconds';

/** A typed number of seconds in milliseconds, NaN when it is not a number (the clamp then decides). */
const typedSecondsToMs = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text) * 1000);

function ComputerEditor({ player, onDone }: { player: ComputerPlayer; onDone: () => void }) {
  const [name, setName] = useState(player.name);
  const [error, setError] = useState<string | null>(null);
  // Always valid: every change goes through the clamp.
  const [settings, setSettings] = useState<ComputerSettings>(() => clampComputerSettings(player, player));
  // What is being typed into a number field, kept as typed until the field is left (so "0." can become
  // "0.5"), then clamped.
  const [typed, setTyped] = useState<Partial<Record<TypedSetting, string>>>({});
  const strength = strengthOf(settings);
  /** A value that is not a number becomes the current level's. */
  const level = LEVELS[strength.index]!;
  const id = (what: string) => `${what}-${player.id}`;
  useLeaveGuard(
    name !== player.name ||
      Object.keys(typed).length > 0 ||
      JSON.stringify(settings) !== JSON.stringify(clampComputerSettings(player, player)),
    `Discard the changes to ${player.name}?`,
  );

  const withTyped = (from: ComputerSettings, texts: typeof typed): ComputerSettings =>
    clampComputerSettings(
      {
        ...from,
        ...(texts.depth === undefined ? {} : { depth: texts.depth }),
        ...(texts.vision === undefined ? {} : { vision: texts.vision }),
        ...(texts.judgement === undefined ? {} : { judgement: texts.judgement }),
        ...(texts.seconds === undefined ? {} : { timeMs: typedSecondsToMs(texts.seconds) }),
      },
      level,
    );
  const change = (next: Partial<ComputerSettings>) => {
    setSettings(clampComputerSettings({ ...settings, ...next }, level));
    setError(null);
  };
  const type = (key: TypedSetting, text: string) => setTyped({ ...typed, [key]: text });
  const commit = (key: TypedSetting) => {
    setSettings(withTyped(settings, { [key]: typed[key] }));
    const { [key]: _done, ...rest } = typed;
    setTyped(rest);
  };

  const save = async (e: Event) => {
    e.preventDefault();
    const checked = checkedName(name);
    if ('error' in checked) return setError(checked.error);
    const final = withTyped(settings, typed);
    const failed = await withDb((d) => savePlayer(d, { ...player, ...final, name: checked.name }));
    if (failed) return setError(failed);
    notify(`${checked.name} saved.`);
    onDone();
  };

  const numberField = (key: Exclude<TypedSetting, 'seconds'>, label: string, hint: string) => {
    const { min, max, step } = COMPUTER_LIMITS[key];
    return (
      <div class="setting">
        <label for={id(key)}>{label}</label>
        <input
          id={id(key)}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={step}
          value={typed[key] ?? String(settings[key])}
          aria-describedby={id(`${key}-hint`)}
          onInput={(e) => type(key, e.currentTarget.value)}
          onChange={() => commit(key)}
        />
        <p class="setting-hint" id={id(`${key}-hint`)}>
          {hint} ({min} to {max})
        </p>
      </div>
    );
  };

  const time = COMPUTER_LIMITS.timeMs;
  return (
    <form class="player-editor" onSubmit={(e) => void save(e)} aria-label={`Edit ${player.name}`}>
      <NameField
        id={id('name')}
        value={name}
        error={error}
        onInput={(n) => {
          setName(n);
          setError(null);
        }}
      />

      <div class="setting">
        <div class="setting-head">
          <label for={id('strength')}>Strength</label>
          <output for={id('strength')}>{strengthWithRating(settings)}</output>
        </div>
        <input
          id={id('strength')}
          type="range"
          min={0}
          max={LEVELS.length - 1}
          step={1}
          value={strength.index}
          aria-valuetext={strengthWithRating(settings)}
          onInput={(e) => {
            setSettings(withLevel(settings, Number(e.currentTarget.value)));
            setTyped({});
          }}
        />
        <div class="range-ends" aria-hidden="true">
          <span>{LEVELS[0]!.name}</span>
          <span>{LEVELS.at(-1)!.name}</span>
        </div>
        {!strength.exact && (
          <button
            type="button"
            class="link-button"
            onClick={() => {
              setSettings(withLevel(settings, strength.index));
              setTyped({});
            }}
          >
            Use {level.name}’s settings
          </button>
        )}
        <p class="level-words">
          {strength.exact ? `${levelPlace(level)}. ${ratingInWords(level)} ` : ''}
          {playsLike(settings)}
        </p>
      </div>

      <div class="setting">
        <div class="setting-head">
          <label for={id('time')}>Thinks for</label>
          <output for={id('time')}>{aboutSeconds(settings.timeMs)}</output>
        </div>
        <div class="range-with-field">
          <input
            id={id('time')}
            type="range"
            min={time.min}
            max={time.max}
            step={time.step}
            value={settings.timeMs}
            aria-valuetext={aboutSeconds(settings.timeMs)}
            aria-describedby={id('time-hint')}
            onInput={(e) => {
              change({ timeMs: Number(e.currentTarget.value) });
              const { seconds: _replaced, ...rest } = typed;
              setTyped(rest);
            }}
          />
          <span class="unit-field">
            <input
              type="number"
              inputMode="decimal"
              aria-label="Think time in seconds"
              aria-describedby={id('time-hint')}
              min={time.min / 1000}
              max={time.max / 1000}
              step={time.step / 1000}
              value={typed.seconds ?? seconds(settings.timeMs)}
              onInput={(e) => type('seconds', e.currentTarget.value)}
              onChange={() => commit('seconds')}
            />
            <span aria-hidden="true">s</span>
          </span>
        </div>
        <p class="setting-hint" id={id('time-hint')}>
          Per move, from {seconds(time.min)} to {seconds(time.max)} seconds. Longer plays better.
        </p>
      </div>

      <label class="check-row">
        <input type="checkbox" checked={settings.book} onChange={(e) => change({ book: e.currentTarget.checked })} />
        Plays from the openings book
      </label>

      <details class="advanced">
        <summary>Advanced: depth, vision, judgement</summary>
        {numberField(
          'depth',
          'Search depth (moves ahead)',
          'How far ahead it may look; 64 means as far as time allows',
        )}
        {numberField('vision', 'Vision (%)', 'The share of possible moves it notices; forced moves always')}
        {numberField('judgement', 'Judgement (%)', 'How exactly it weighs a position; lower makes mistakes')}
      </details>

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
