/** The computer editor's settings, each a labelled field (ComputerEditor.tsx holds their values). */
import { LEVELS } from '../../core';
import { COMPUTER_LIMITS, type ComputerSettings, strengthOf } from '../../storage';
import { formatNumber } from '../words/locale';
import * as m from '../words/paraglide/messages.js';
import { aboutSeconds, playsLike, seconds, secondsText, strengthWithRating } from './computer-words';
import { levelPlace, ratingInWords } from './level-words';
import './players.css';

/** The advanced settings typed as whole numbers. */
export type NumberSettingKey = 'depth' | 'vision' | 'judgement';

/** Makes the id of one of the editor's fields (unique per player). */
type FieldId = (what: string) => string;

/** The strength: a slider over the levels, the level in words, and a way back to a level from custom settings. */
export function StrengthSetting(props: {
  readonly id: FieldId;
  readonly settings: ComputerSettings;
  readonly onLevel: (index: number) => void;
}) {
  const { id, settings, onLevel } = props;
  const strength = strengthOf(settings);
  const level = LEVELS[strength.index]!;
  return (
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
        onInput={(e) => onLevel(Number(e.currentTarget.value))}
      />
      <div class="range-ends" aria-hidden="true">
        <span>{LEVELS[0]!.name}</span>
        <span>{LEVELS.at(-1)!.name}</span>
      </div>
      {!strength.exact && (
        <button type="button" class="link-button" onClick={() => onLevel(strength.index)}>
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
  );
}

/** The think time: a slider, and the seconds as a number field kept as typed until it is left. */
export function ThinkTimeSetting(props: {
  readonly id: FieldId;
  readonly settings: ComputerSettings;
  /** The seconds as being typed (undefined: none). */
  readonly typedSeconds: string | undefined;
  readonly onTime: (timeMs: number) => void;
  readonly onType: (text: string) => void;
  readonly onCommit: () => void;
}) {
  const { id, settings } = props;
  const time = COMPUTER_LIMITS.timeMs;
  return (
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
          onInput={(e) => props.onTime(Number(e.currentTarget.value))}
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
            value={props.typedSeconds ?? seconds(settings.timeMs)}
            onInput={(e) => props.onType(e.currentTarget.value)}
            onChange={props.onCommit}
          />
          <span aria-hidden="true">{m.players_seconds_unit()}</span>
        </span>
      </div>
      <p class="setting-hint" id={id('time-hint')}>
        {m.players_time_hint({ min: secondsText(time.min), max: secondsText(time.max) })}
      </p>
    </div>
  );
}

/** One advanced setting as a number field, with its range in words. */
export function NumberSetting(props: {
  readonly id: FieldId;
  readonly setting: NumberSettingKey;
  readonly label: string;
  readonly hint: string;
  /** What the field shows: the text being typed, or the value. */
  readonly value: string;
  readonly onType: (text: string) => void;
  readonly onCommit: () => void;
}) {
  const { id, setting: key } = props;
  const { min, max, step } = COMPUTER_LIMITS[key];
  return (
    <div class="setting">
      <label for={id(key)}>{props.label}</label>
      <input
        id={id(key)}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        value={props.value}
        aria-describedby={id(`${key}-hint`)}
        onInput={(e) => props.onType(e.currentTarget.value)}
        onChange={props.onCommit}
      />
      <p class="setting-hint" id={id(`${key}-hint`)}>
        {m.players_number_hint({ hint: props.hint, min: formatNumber(min), max: formatNumber(max) })}
      </p>
    </div>
  );
}
