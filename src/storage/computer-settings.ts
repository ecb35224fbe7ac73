/**
 * A computer player's settings brought into range, in one place. The editor runs every value through
 * `clampComputerSettings` as it is changed and again when it is saved, and `savePlayer` (through
 * `playerFields`) runs it once more, so nothing out of range reaches the players store whatever a form field,
 * a slider or an import file says. `playerProblem` (validate.ts) still refuses what is not a setting at all
 * (text, a fractional depth); clamping is for values that are settings but too big or too small.
 *
 * The strength scale is the built-in levels, weakest first: `strengthOf` says which level a player's
 * settings are (or are closest to) and `withLevel` copies a level's settings.
 */
import { type EngineLevel, LEVELS, levelRating } from '../core';

/** What the engine reads of a computer player: a level without its id and name. */
export type ComputerSettings = Pick<EngineLevel, 'depth' | 'timeMs' | 'vision' | 'judgement' | 'book'>;

export type ComputerNumberSetting = Exclude<keyof ComputerSettings, 'book'>;

export interface SettingLimit {
  readonly min: number;
  readonly max: number;
  /** Values are rounded to a whole number of steps. */
  readonly step: number;
}

export const COMPUTER_LIMITS: { readonly [K in ComputerNumberSetting]: SettingLimit } = {
  // 0.3 s is the quickest built-in level; past 10 s a phone looks hung, and the worker bridge's hang check
  // allows a level 10 s.
  timeMs: { min: 300, max: 10_000, step: 100 },
  // 64 is "no limit" to the engine (the time limit stops it first); validate.ts refuses anything above.
  depth: { min: 1, max: 64, step: 1 },
  // At 0% the computer sees only the moves it must play and one it happens upon: the lowest levels, for a
  // child's first games, see 2% and 5%.
  vision: { min: 0, max: 100, step: 1 },
  judgement: { min: 0, max: 100, step: 1 },
};

/** Input as it comes from a form (text), a slider (a number) or a file (anything). */
export type ComputerSettingsInput = { readonly [K in keyof ComputerSettings]?: unknown };

/** The level whose settings stand in for a value that is not a number: the middle of the scale. */
const DEFAULT_LEVEL: EngineLevel = LEVELS[Math.floor(LEVELS.length / 2)]!;

/** A number from a number or from text ("1500", " 2.5 "); NaN for anything else, the empty text included. */
function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value.trim());
  return Number.NaN;
}

function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return undefined;
}

/** One number into its limits: rounded to the step, too big → max, too small → min, not a number → fallback. */
export function clampSetting(key: ComputerNumberSetting, value: unknown, fallback: number): number {
  const { min, max, step } = COMPUTER_LIMITS[key];
  const n = toNumber(value);
  if (Number.isNaN(n)) return clampSetting(key, fallback, DEFAULT_LEVEL[key]);
  const stepped = Number.isFinite(n) ? Math.round(n / step) * step : n;
  return Math.min(max, Math.max(min, stepped));
}

/**
 * Valid settings from any input: each number rounded to its step and held to its limits (a typed 999999 ms
 * becomes 10 s), anything that is not a number (NaN, "", "abc", null) and a book flag that is not true or
 * false becomes the fallback level's value (by default the middle level). Fields beyond the settings are
 * dropped.
 */
export function clampComputerSettings(
  input: ComputerSettingsInput,
  fallback: ComputerSettings = DEFAULT_LEVEL,
): ComputerSettings {
  return {
    depth: clampSetting('depth', input.depth, fallback.depth),
    timeMs: clampSetting('timeMs', input.timeMs, fallback.timeMs),
    vision: clampSetting('vision', input.vision, fallback.vision),
    judgement: clampSetting('judgement', input.judgement, fallback.judgement),
    book: toBoolean(input.book) ?? fallback.book,
  };
}

/** How far apart two settings play: strength (judgement, vision) counts most, then depth, then time. */
function distance(a: ComputerSettings, b: ComputerSettings): number {
  const log = (x: number) => Math.log(Math.max(1, x));
  const { timeMs, depth } = COMPUTER_LIMITS;
  return (
    Math.abs(a.judgement - b.judgement) / 100 +
    Math.abs(a.vision - b.vision) / 100 +
    Math.abs(log(a.depth) - log(b.depth)) / log(depth.max) / 2 +
    Math.abs(log(a.timeMs) - log(b.timeMs)) / (log(timeMs.max) - log(timeMs.min)) / 2 +
    (a.book === b.book ? 0 : 0.01)
  );
}

const SETTING_KEYS = ['depth', 'timeMs', 'vision', 'judgement', 'book'] as const;

/**
 * Where a player's settings sit on the strength scale: the index in LEVELS of the level they equal
 * (`exact`), or else of the nearest one (the weaker on a tie).
 */
export function strengthOf(settings: ComputerSettings): { readonly index: number; readonly exact: boolean } {
  const exactIndex = LEVELS.findIndex((level) => SETTING_KEYS.every((key) => level[key] === settings[key]));
  if (exactIndex >= 0) return { index: exactIndex, exact: true };
  let index = 0;
  LEVELS.forEach((level, i) => {
    if (distance(settings, level) < distance(settings, LEVELS[index]!)) index = i;
  });
  return { index, exact: false };
}

/** The player with the settings of LEVELS[index] (index rounded and held to the scale); id and name kept. */
export function withLevel<T extends ComputerSettings>(player: T, index: number): T {
  const i = Number.isFinite(index) ? Math.min(LEVELS.length - 1, Math.max(0, Math.round(index))) : 0;
  const { depth, timeMs, vision, judgement, book } = LEVELS[i]!;
  return { ...player, depth, timeMs, vision, judgement, book };
}

/**
 * The measured rating of settings that are exactly a built-in level's (src/core/levels.ts, shown as
 * "≈ 1150"); null for custom settings, which no ladder run has measured.
 */
export function measuredRating(settings: ComputerSettings): number | null {
  const { index, exact } = strengthOf(settings);
  return exact ? levelRating(LEVELS[index]!) : null;
}
