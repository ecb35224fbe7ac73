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
  COMPUTER_LIMITS,
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
import { aboutSeconds, playsLike, seconds, secondsText, strengthWithRating } from './computer-words';
import { levelPlace, ratingInWords } from './level-words';
import { NameField, checkedName, withDb } from './player-fields';
import { formatNumber } from '../words/locale';
import * as m from '../words/paraglide/messages.js';

type TypedSetting = 'depth' | 'vision' | 'judgement' | 'seconds';

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
          {m.players_number_hint({ hint, min: formatNumber(min), max: formatNumber(max) })}
        </p>
      </div>
    );
  };

  const time = COMPUTER_LIMITS.timeMs;
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

      <div class="setting">
        <div class="setting-head">
          <label for={id('strength')}>{m.players_strength()}</label>
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
            {m.players_use_level({ level: level.name })}
          </button>
        )}
        <p class="level-words">
          {strength.exact
            ? m.players_level_summary({
                place: levelPlace(level),
                rating: ratingInWords(level),
                plays: playsLike(settings),
              })
            : playsLike(settings)}
        </p>
      </div>

      <div class="setting">
        <div class="setting-head">
          <label for={id('time')}>{m.players_thinks_for()}</label>
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
              aria-label={m.players_think_seconds()}
              aria-describedby={id('time-hint')}
              min={time.min / 1000}
              max={time.max / 1000}
              step={time.step / 1000}
              value={typed.seconds ?? seconds(settings.timeMs)}
              onInput={(e) => type('seconds', e.currentTarget.value)}
              onChange={() => commit('seconds')}
            />
            <span aria-hidden="true">{m.players_seconds_unit()}</span>
          </span>
        </div>
        <p class="setting-hint" id={id('time-hint')}>
          {m.players_time_hint({ min: secondsText(time.min), max: secondsText(time.max) })}
        </p>
      </div>

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
