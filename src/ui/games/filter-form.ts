/**
 * The Games list's search field and filter panel as the player fills them in, and the storage filter they
 * make (storage's game-filter.ts): pure, the clock given, so every case is a unit test.
 */
import { type VariantId, isVariantId } from '../../core';
import {
  type DatePreset,
  type GameFilter,
  type ResultFilter,
  DATE_PRESETS,
  RESULT_FILTERS,
  dayBound,
  nameTerms,
  parseOpening,
  presetStart,
} from '../../storage';

/** The date control: any date, a preset, or the days between two date fields. */
export type DateChoice = '' | DatePreset | 'range';

/** What the controls hold, as typed ('' for "any"). */
export interface FilterForm {
  readonly names: string;
  readonly result: '' | ResultFilter;
  readonly date: DateChoice;
  /** The date fields' values ("2026-03-01"), read when `date` is 'range'. */
  readonly fromDay: string;
  readonly toDay: string;
  readonly variant: '' | VariantId;
  /** The opening's moves as typed ("K10 L9 K14"). */
  readonly opening: string;
}

export const EMPTY_FORM: FilterForm = {
  names: '',
  result: '',
  date: '',
  fromDay: '',
  toDay: '',
  variant: '',
  opening: '',
};

/** The storage filter the form asks for, and the opening's first word that is not a move, if any. */
export interface FormFilter {
  readonly filter: GameFilter;
  /** A word of the opening field that is not a move: the field says so, and the opening filters nothing. */
  readonly badMove: string | null;
}

/** The storage filter of a form at `now` (presets count from it). */
export function formFilter(form: FilterForm, now: Date): FormFilter {
  const opening = parseOpening(form.opening);
  const [from, to] =
    form.date === 'range'
      ? [dayBound(form.fromDay, 'from'), dayBound(form.toDay, 'to')]
      : form.date === ''
        ? [undefined, undefined]
        : [presetStart(form.date, now), undefined];
  const filter: GameFilter = {
    ...(nameTerms(form.names).length > 0 ? { names: form.names } : {}),
    ...(form.result !== '' ? { result: form.result } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    ...(form.variant !== '' ? { variant: form.variant } : {}),
    ...(opening.ok && opening.moves.length > 0 ? { opening: opening.moves } : {}),
  };
  return { filter, badMove: opening.ok ? null : opening.bad };
}

/** How many of the panel's filters are set (the names aside: the search field shows them). */
export function panelFilterCount(form: FilterForm): number {
  const date = form.date === 'range' ? form.fromDay !== '' || form.toDay !== '' : form.date !== '';
  return [form.result !== '', date, form.variant !== '', form.opening.trim() !== ''].filter(Boolean).length;
}

/** Whether anything is searched or filtered: the list then says what, with Clear. */
export const isFiltering = (form: FilterForm): boolean =>
  nameTerms(form.names).length > 0 || panelFilterCount(form) > 0;

/** A select's value as the form's field ('' for anything unknown: a stale option filters nothing). */
export const resultChoice = (value: string): FilterForm['result'] =>
  (RESULT_FILTERS as readonly string[]).includes(value) ? (value as ResultFilter) : '';
export const dateChoice = (value: string): DateChoice =>
  value === 'range' || (DATE_PRESETS as readonly string[]).includes(value) ? (value as DateChoice) : '';
export const variantChoice = (value: string): FilterForm['variant'] => (isVariantId(value) ? value : '');
