/** What the players screen's forms share: the name field, a field's error, and saving through storage. */
import { useEffect, useRef } from 'preact/hooks';
import { type PenteDb, type StorageResult, NAME_FIELD_LENGTH } from '../../storage';
import { db, refreshPlayers } from '../shell/app-state';
import * as m from '../words/paraglide/messages.js';
import './players.css';
import { storageErrorText } from '../words/storage-words';

/** Why a player cannot be changed without saved data (a message: call it where shown). */
export const NO_STORAGE = m.players_no_storage;

/** Runs a storage call that needs the database; without one it fails with a message instead. */
export async function withDb<T>(call: (d: PenteDb) => Promise<StorageResult<T>>): Promise<string | null> {
  const d = db.value;
  if (!d) return NO_STORAGE();
  const r = await call(d);
  await refreshPlayers();
  return r.ok ? null : storageErrorText(r.error);
}

/** A name ready to save, or why not. */
export function checkedName(text: string): { name: string } | { error: string } {
  const name = text.trim();
  return name ? { name } : { error: m.players_name_missing() };
}

export function FieldError({ id, error }: { id: string; error: string | null }) {
  return (
    <p id={id} class="field-error" role="alert">
      {error}
    </p>
  );
}

export function NameField({
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
      <label for={id}>{m.players_name()}</label>
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
