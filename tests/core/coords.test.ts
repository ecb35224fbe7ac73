import { describe, expect, it } from 'vitest';
import { COLUMN_LETTERS, centreOf, formatPoint, parsePoint, pointOf } from '../../src/core';

describe('pente.org coordinates', () => {
  it('skip the letter I and count rows from the bottom', () => {
    expect(COLUMN_LETTERS).not.toContain('I');
    expect(formatPoint(19, pointOf(19, 0, 18))).toBe('A1');
    expect(formatPoint(19, pointOf(19, 18, 0))).toBe('T19');
    expect(formatPoint(19, pointOf(19, 8, 0))).toBe('J19');
  });

  it('name the centre K10, G7 and E5 on 19, 13 and 9', () => {
    expect(formatPoint(19, centreOf(19))).toBe('K10');
    expect(formatPoint(13, centreOf(13))).toBe('G7');
    expect(formatPoint(9, centreOf(9))).toBe('E5');
  });

  it('parse what they format, on every point of every size', () => {
    for (const size of [9, 13, 19]) {
      for (let p = 0; p < size * size; p++) expect(parsePoint(size, formatPoint(size, p))).toBe(p);
    }
  });

  it('reject malformed and off-board names', () => {
    for (const bad of ['I5', 'K0', 'K20', 'U1', '10K', 'K', '', 'KK10', 'K-1'])
      expect(parsePoint(19, bad)).toBeUndefined();
    expect(parsePoint(9, 'K5')).toBeUndefined();
    expect(parsePoint(9, 'E10')).toBeUndefined();
    expect(parsePoint(19, 'k10')).toBe(centreOf(19));
  });
});
