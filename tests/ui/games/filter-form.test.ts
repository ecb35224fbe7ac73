/**
 * The Games list's search field and filter panel as filled in, and the storage filter they make: "any"
 * filters nothing, presets count from the clock given, the two days take the whole of each, and a bad
 * opening says which word while filtering nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  EMPTY_FORM,
  type FilterForm,
  dateChoice,
  formFilter,
  isFiltering,
  panelFilterCount,
  resultChoice,
  variantChoice,
} from '../../../src/ui/games/filter-form';

const NOW = new Date(2026, 2, 11, 15, 20); // a Wednesday
const form = (patch: Partial<FilterForm>): FilterForm => ({ ...EMPTY_FORM, ...patch });

describe('the filter a form makes', () => {
  it('filters nothing when empty, or with only spaces typed', () => {
    expect(formFilter(EMPTY_FORM, NOW)).toEqual({ filter: {}, badMove: null });
    expect(formFilter(form({ names: '   ', opening: ' ' }), NOW)).toEqual({ filter: {}, badMove: null });
    expect(isFiltering(form({ names: '  ' }))).toBe(false);
  });

  it('passes the names, result and game on', () => {
    expect(formFilter(form({ names: 'Ann vs Bob', result: 'lost', variant: 'keryo' }), NOW).filter).toEqual({
      names: 'Ann vs Bob',
      result: 'lost',
      variant: 'keryo',
    });
  });

  it('starts a preset at this week’s Monday, this month’s first or this year’s first, open-ended', () => {
    expect(formFilter(form({ date: 'week' }), NOW).filter).toEqual({ from: new Date(2026, 2, 9).getTime() });
    expect(formFilter(form({ date: 'month' }), NOW).filter).toEqual({ from: new Date(2026, 2, 1).getTime() });
    expect(formFilter(form({ date: 'year' }), NOW).filter).toEqual({ from: new Date(2026, 0, 1).getTime() });
  });

  it('takes both days whole between two dates, either alone, and ignores the days without "between"', () => {
    const days = { fromDay: '2026-03-01', toDay: '2026-03-05' };
    expect(formFilter(form({ date: 'range', ...days }), NOW).filter).toEqual({
      from: new Date(2026, 2, 1).getTime(),
      to: new Date(2026, 2, 6).getTime(),
    });
    expect(formFilter(form({ date: 'range', toDay: '2026-03-05' }), NOW).filter).toEqual({
      to: new Date(2026, 2, 6).getTime(),
    });
    expect(formFilter(form({ date: '', ...days }), NOW).filter).toEqual({});
    expect(formFilter(form({ date: 'range', fromDay: '2026-02-31' }), NOW).filter).toEqual({});
  });

  it('reads the opening, and names a word that is not a move (the opening then filters nothing)', () => {
    expect(formFilter(form({ opening: 'k10 l9' }), NOW)).toEqual({ filter: { opening: ['K10', 'L9'] }, badMove: null });
    expect(formFilter(form({ opening: 'K10 Z9', names: 'ann' }), NOW)).toEqual({
      filter: { names: 'ann' },
      badMove: 'Z9',
    });
  });
});

describe('the panel’s count and the controls’ values', () => {
  it('counts the panel’s filters that are set, the names aside', () => {
    expect(panelFilterCount(EMPTY_FORM)).toBe(0);
    expect(panelFilterCount(form({ names: 'ann' }))).toBe(0);
    expect(isFiltering(form({ names: 'ann' }))).toBe(true);
    expect(panelFilterCount(form({ result: 'won', date: 'week', variant: 'gomoku', opening: 'K10' }))).toBe(4);
    // "Between dates" with no day yet filters nothing.
    expect(panelFilterCount(form({ date: 'range' }))).toBe(0);
    expect(isFiltering(form({ date: 'range' }))).toBe(false);
    expect(panelFilterCount(form({ date: 'range', toDay: '2026-03-01' }))).toBe(1);
  });

  it('takes a select’s value only when it is one of its own', () => {
    expect(resultChoice('draw')).toBe('draw');
    expect(resultChoice('tie')).toBe('');
    expect(dateChoice('range')).toBe('range');
    expect(dateChoice('month')).toBe('month');
    expect(dateChoice('decade')).toBe('');
    expect(variantChoice('poof')).toBe('poof');
    expect(variantChoice('chess')).toBe('');
  });
});
