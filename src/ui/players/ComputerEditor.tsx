/**
 * The editor of a computer player on the players screen: its name, its strength (a level of the scale, or
 * custom settings near one), its think time, the openings book, and the advanced depth, vision and
 * judgement. Every value goes through `clampComputerSettings` (storage), so the editor cannot save one out
 * of range; a number field keeps what is typed until it is left ("0." on the way to "0.5"), then clamps it.
 * Leaving with changes unsaved asks first.
 */
import { useState } from 'preact/hooks';
import { LEVELS } from '../../core';
import {
  type ComputerPlayer,
  type ComputerSettings,
  clampComputerSettings,
  savePlayer,
  strengthOf,
  withLevel,
} from '../../storage';
import './players.css';
import { useLeaveGuard } from '../shell/dialog';
import { notify } from '../shell/app-state';
import { type NumberSettingKey, NumberSetting, StrengthSetting, ThinkTimeSetting } from './computer-fields';
import { NameField, checkedName, withDb } from './player-fields';
import * as m from '../words/paraglide/messages.js';

type TypedSetting = NumberSettingKey | 'seconds';

/** A typed number of seconds in milliseconds, NaN when it is not a number (the clamp then decides). */
const typedSecondsToMs = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text) * 1000);

export function ComputerEditor({ player, onDone }: { player: ComputerPlayer; onDone: () => void }) {
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
    m.players_discard_changes({ name: player.name }),
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
    notify(m.players_saved({ name: checked.name }));
    onDone();
  };

  const numberField = (key: NumberSettingKey, label: string, hint: string) => (
    <NumberSetting
      id={id}
      setting={key}
      label={label}
      hint={hint}
      value={typed[key] ?? String(settings[key])}
      onType={(text) => type(key, text)}
      onCommit={() => commit(key)}
    />
  );

  return (
    <form class="player-editor" onSubmit={(e) => void save(e)} aria-label={m.players_edit_named({ name: player.name })}>
      <NameField
        id={id('name')}
        value={name}
        error={error}
        onInput={(n) => {
          setName(n);
          setError(null);
        }}
      />

      <StrengthSetting
        id={id}
        settings={settings}
        onLevel={(index) => {
          setSettings(withLevel(settings, index));
          setTyped({});
        }}
      />
      <ThinkTimeSetting
        id={id}
        settings={settings}
        typedSeconds={typed.seconds}
        onTime={(timeMs) => {
          change({ timeMs });
          const { seconds: _replaced, ...rest } = typed;
          setTyped(rest);
        }}
        onType={(text) => type('seconds', text)}
        onCommit={() => commit('seconds')}
      />

      <label class="check-row">
        <input type="checkbox" checked={settings.book} onChange={(e) => change({ book: e.currentTarget.checked })} />
        {m.players_book()}
      </label>

      <details class="advanced">
        <summary>{m.players_advanced()}</summary>
        {numberField('depth', m.players_depth_label(), m.players_depth_hint())}
        {numberField('vision', m.players_vision_label(), m.players_vision_hint())}
        {numberField('judgement', m.players_judgement_label(), m.players_judgement_hint())}
      </details>

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
