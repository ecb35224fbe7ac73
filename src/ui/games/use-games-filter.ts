/**
 * The Games list's search and filters as state: the form as typed, and the filter a listing reads, applied
 * a pause after the last keystroke (typing reads the library once, not once a letter) and at once when
 * cleared.
 */
import { useEffect, useState } from 'preact/hooks';
import { EMPTY_FORM, type FilterForm, type FormFilter, formFilter } from './filter-form';

/** The pause after the last change before the list is read again. */
export const FILTER_DELAY_MS = 250;

export type GamesSearchState = ReturnType<typeof useGamesFilter>;

export function useGamesFilter() {
  const [form, setForm] = useState<FilterForm>(EMPTY_FORM);
  const [open, setOpen] = useState(false);
  const [applied, setApplied] = useState<FormFilter>(() => formFilter(EMPTY_FORM, new Date()));
  useEffect(() => {
    // The same filter again (a space typed, a day half entered) reads nothing again.
    const apply = () =>
      setApplied((was) => {
        const next = formFilter(form, new Date());
        return JSON.stringify(next) === JSON.stringify(was) ? was : next;
      });
    if (form === EMPTY_FORM) return apply();
    const timer = setTimeout(apply, FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [form]);
  return {
    form,
    applied,
    open,
    toggle: () => setOpen(!open),
    change: (patch: Partial<FilterForm>) => setForm((was) => ({ ...was, ...patch })),
    clear: () => setForm(EMPTY_FORM),
  };
}
