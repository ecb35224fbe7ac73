/**
 * The Games list's search and filters: a names field and a Filter button that opens a compact panel
 * (result, date, game, opening with the most common openings of the tab), the current filter in one line
 * with Clear, and the empty result with Clear. The form is filter-form.ts's; the screen turns it into the
 * listing's filter.
 */
import { useEffect, useState } from 'preact/hooks';
import { VARIANTS, VARIANT_IDS } from '../../core';
import { type GameFilter, type OpeningCount, type Shelf, formatOpening, listOpenings } from '../../storage';
import { db } from '../shell/app-state';
import { formatNumber, locale } from '../words/locale';
import * as m from '../words/paraglide/messages.js';
import { type FilterForm, dateChoice, isFiltering, panelFilterCount, resultChoice, variantChoice } from './filter-form';
import type { GamesSearchState } from './use-games-filter';

const RESULT_WORDS = {
  won: m.games_result_won,
  lost: m.games_result_lost,
  draw: m.games_result_draw,
  black: m.games_result_black,
  white: m.games_result_white,
} as const;

const DATE_WORDS = {
  week: m.games_date_week,
  month: m.games_date_month,
  year: m.games_date_year,
  range: m.games_date_range,
} as const;

/** The plies of the openings offered to pick: the centre, the reply and Black's second stone. */
const OPENING_PLIES_OFFERED = 3;
const OPENINGS_OFFERED = 6;

type Change = (patch: Partial<FilterForm>) => void;

/** The names field and the button that opens the filter panel (with how many filters it holds). */
export function SearchBar(props: {
  readonly form: FilterForm;
  readonly open: boolean;
  readonly onChange: Change;
  readonly onToggle: () => void;
}) {
  const count = panelFilterCount(props.form);
  return (
    <div class="games-search">
      <input
        type="search"
        aria-label={m.games_search_label()}
        placeholder={m.games_search_placeholder()}
        value={props.form.names}
        onInput={(e) => props.onChange({ names: e.currentTarget.value })}
      />
      <button type="button" aria-expanded={props.open} aria-controls="games-filter" onClick={props.onToggle}>
        {count > 0 ? m.games_filter_toggle_count({ count: formatNumber(count) }) : m.games_filter_toggle()}
      </button>
    </div>
  );
}

/** A select of the panel: "Any" and the options given. */
function Choice(props: {
  readonly label: string;
  readonly value: string;
  readonly options: readonly (readonly [string, string])[];
  readonly onChange: (value: string) => void;
}) {
  return (
    <label>
      {props.label}
      {/* Named by the label's word alone (the label's text would take in the options' too). */}
      <select aria-label={props.label} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
        <option value="">{m.games_filter_any()}</option>
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The most common openings of the tab's games as the other filters leave them: every summary is read (a
 * page per transaction), again when the tab or those filters change; an older count is dropped.
 */
function useCommonOpenings(shelf: Shelf, filter: GameFilter): readonly OpeningCount[] | null {
  const [openings, setOpenings] = useState<readonly OpeningCount[] | null>(null);
  const { opening: _opening, ...others } = filter;
  const key = JSON.stringify([shelf, others]);
  useEffect(() => {
    const d = db.value;
    if (!d) return;
    setOpenings(null);
    const stop = new AbortController();
    const query = { shelf, filter: others, signal: stop.signal };
    void listOpenings(d, query, OPENING_PLIES_OFFERED, OPENINGS_OFFERED).then((r) => {
      if (!stop.signal.aborted && r.ok) setOpenings(r.value);
    });
    return () => stop.abort();
  }, [key]);
  return openings;
}

/** The opening: its moves as typed, and the most common openings to pick from. */
function OpeningChoice(props: {
  readonly form: FilterForm;
  readonly badMove: string | null;
  readonly shelf: Shelf;
  readonly filter: GameFilter;
  readonly onChange: Change;
}) {
  const openings = useCommonOpenings(props.shelf, props.filter);
  return (
    <div class="opening-filter">
      <label>
        {m.games_filter_opening()}
        <input
          type="text"
          autocapitalize="characters"
          spellcheck={false}
          placeholder={m.games_opening_placeholder()}
          value={props.form.opening}
          aria-invalid={props.badMove !== null}
          onInput={(e) => props.onChange({ opening: e.currentTarget.value })}
        />
      </label>
      {props.badMove !== null && <p class="notice">{m.games_opening_bad({ word: props.badMove })}</p>}
      <p class="openings-heading">
        <small>{openings === null ? m.games_openings_counting() : m.games_openings_common()}</small>
      </p>
      {openings?.length === 0 && <small>{m.games_openings_none()}</small>}
      <div class="openings">
        {openings?.map((o) => (
          <button
            key={formatOpening(o.moves)}
            type="button"
            aria-pressed={props.form.opening.trim().toUpperCase() === formatOpening(o.moves)}
            onClick={() => props.onChange({ opening: formatOpening(o.moves) })}
          >
            {m.games_opening_choice({ moves: formatOpening(o.moves), count: formatNumber(o.games) })}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The filter panel: result, date (a preset or two days), game and opening. */
export function FilterPanel(props: {
  readonly form: FilterForm;
  readonly badMove: string | null;
  readonly shelf: Shelf;
  readonly filter: GameFilter;
  readonly onChange: Change;
}) {
  const { form, onChange } = props;
  return (
    <div id="games-filter" class="games-filter">
      <Choice
        label={m.games_filter_result()}
        value={form.result}
        options={Object.entries(RESULT_WORDS).map(([value, words]) => [value, words()])}
        onChange={(v) => onChange({ result: resultChoice(v) })}
      />
      <Choice
        label={m.games_filter_date()}
        value={form.date}
        options={Object.entries(DATE_WORDS).map(([value, words]) => [value, words()])}
        onChange={(v) => onChange({ date: dateChoice(v) })}
      />
      <Choice
        label={m.games_filter_variant()}
        value={form.variant}
        options={VARIANT_IDS.map((id) => [id, VARIANTS[id].name])}
        onChange={(v) => onChange({ variant: variantChoice(v) })}
      />
      {form.date === 'range' && (
        <div class="date-range">
          <label>
            {m.games_date_from()}
            <input type="date" value={form.fromDay} onInput={(e) => onChange({ fromDay: e.currentTarget.value })} />
          </label>
          <label>
            {m.games_date_to()}
            <input type="date" value={form.toDay} onInput={(e) => onChange({ toDay: e.currentTarget.value })} />
          </label>
        </div>
      )}
      {form.result !== '' && <small class="result-hint">{m.games_filter_result_hint()}</small>}
      <OpeningChoice {...props} />
    </div>
  );
}

const dayText = (day: string) => {
  const [y, mo, d] = day.split('-').map(Number);
  return day === '' ? '…' : new Date(y!, mo! - 1, d!).toLocaleDateString(locale.value);
};

/** The current search and filters in words ("“ann” · Won · This month"). */
function filterWords(form: FilterForm, filter: GameFilter): string[] {
  const words: string[] = [];
  if (filter.names !== undefined) words.push(m.games_filter_names_chip({ names: form.names.trim() }));
  if (form.result !== '') words.push(RESULT_WORDS[form.result]());
  if (form.date === 'range' && (form.fromDay !== '' || form.toDay !== ''))
    words.push(m.games_date_range_text({ from: dayText(form.fromDay), to: dayText(form.toDay) }));
  else if (form.date !== '' && form.date !== 'range') words.push(DATE_WORDS[form.date]());
  if (form.variant !== '') words.push(VARIANTS[form.variant].name);
  if (filter.opening !== undefined) words.push(m.games_filter_opening_chip({ moves: formatOpening(filter.opening) }));
  return words;
}

/** What the list is filtered by, with Clear: shown whenever anything is searched or filtered. */
export function FilterSummary(props: {
  readonly form: FilterForm;
  readonly filter: GameFilter;
  readonly onClear: () => void;
}) {
  if (!isFiltering(props.form)) return null;
  const words = filterWords(props.form, props.filter);
  return (
    <div class="filter-summary" role="status">
      <span>{m.games_filter_showing({ list: words.join(m.games_filter_joiner()) })}</span>
      <ClearButton onClear={props.onClear} />
    </div>
  );
}

export function ClearButton({ onClear }: { readonly onClear: () => void }) {
  return (
    <button type="button" aria-label={m.games_filter_clear_label()} onClick={onClear}>
      {m.games_filter_clear()}
    </button>
  );
}

/** An empty result: says so, with Clear. */
export function NoMatch({ onClear }: { readonly onClear: () => void }) {
  return (
    <div class="no-match">
      <p>{m.games_no_match()}</p>
      <ClearButton onClear={onClear} />
    </div>
  );
}

/** The names field, the filter panel when open, and the line that says what filters the list. */
export function SearchControls({ search, shelf }: { readonly search: GamesSearchState; readonly shelf: Shelf }) {
  const { filter, badMove } = search.applied;
  return (
    <>
      <SearchBar form={search.form} open={search.open} onChange={search.change} onToggle={search.toggle} />
      {search.open && (
        <FilterPanel form={search.form} badMove={badMove} shelf={shelf} filter={filter} onChange={search.change} />
      )}
      <FilterSummary form={search.form} filter={filter} onClear={search.clear} />
    </>
  );
}
