import { describe, expect, it } from 'vitest';
import { number, plainNumber, plainPlural, plural } from '../../../src/ui/words/message-registry';

const LOCALES = ['en', 'de', 'zh'] as const;
const wholeNumbers = Array.from({ length: 2401 }, (_, i) => i - 1200);

describe('the messages’ number and plural words', () => {
  it('write every whole number as Intl does, in every language we ship, with or without the shortcut', () => {
    for (const locale of LOCALES) {
      const intl = new Intl.NumberFormat(locale);
      for (const n of wholeNumbers) expect(number(locale, n)).toBe(intl.format(n));
      expect(number(locale, 1.5)).toBe(intl.format(1.5));
      expect(number(locale, 12345)).toBe(intl.format(12345));
    }
    expect(number('de', 1234)).toBe('1.234');
    expect(plainNumber(1234)).toBeNull();
  });

  it('choose every whole number’s plural as Intl does, in every language we ship', () => {
    for (const locale of LOCALES) {
      const intl = new Intl.PluralRules(locale);
      for (const n of wholeNumbers) expect(plural(locale, n)).toBe(intl.select(n));
      expect(plural(locale, 1.5)).toBe(intl.select(1.5));
    }
    expect(plainPlural('en', 1)).toBe('one');
    expect(plainPlural('en', 1.5)).toBeNull();
  });

  it('pass options on to Intl', () => {
    expect(number('en', 0.256, { style: 'percent' })).toBe('26%');
    expect(plural('en', 2, { type: 'ordinal' })).toBe('two');
  });
});
