import { describe, expect, it } from 'vitest';
import { centred, mix32, mixPair, mulberry32, splitmix32, unit } from '../../src/ai/random';
import { CAPTURE_LO, STONE_HI, STONE_LO } from '../../src/ai/zobrist';

describe('the seeded random module', () => {
  it('mix32 is murmur3’s finaliser: fixed values, unsigned 32-bit, on the low 32 bits of its input', () => {
    // Pinned: a level's vision and noise and the book's choice depend on these exact values.
    expect(mix32(0)).toBe(0);
    expect(mix32(1)).toBe(1364076727);
    expect(mix32(-1)).toBe(mix32(0xffffffff));
    expect(mix32(2 ** 32 + 5)).toBe(mix32(5));
    for (let a = -50; a < 50; a++) {
      const h = mix32(a * 7919);
      expect(Number.isInteger(h) && h >= 0 && h < 2 ** 32).toBe(true);
    }
  });

  it('mixPair depends on both numbers and stays unsigned 32-bit', () => {
    expect(mixPair(1, 2)).not.toBe(mixPair(2, 1));
    expect(mixPair(7, 0)).toBe(mixPair(7, 0));
    for (let a = 0; a < 100; a++) expect(mixPair(a, a * 31) >>> 0).toBe(mixPair(a, a * 31));
  });

  it('unit maps a hash to [0, 1), and spreads evenly', () => {
    let sum = 0;
    for (let i = 0; i < 10_000; i++) {
      const u = unit(mix32(i));
      expect(u >= 0 && u < 1).toBe(true);
      sum += u;
    }
    expect(sum / 10_000).toBeCloseTo(0.5, 1);
  });

  it('centred gives every integer in [-spread, spread] and nothing else', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(centred(mix32(i), 3));
    expect([...seen].sort((a, b) => a - b)).toEqual([-3, -2, -1, 0, 1, 2, 3]);
    expect(centred(mix32(12345), 0)).toBe(0);
  });

  it('splitmix32 makes the Zobrist keys (seed 0x5eed, as signed words)', () => {
    const next = splitmix32(0x5eed);
    const first = Array.from({ length: 3 }, () => next() | 0);
    expect(first).toEqual(Array.from(STONE_LO.subarray(0, 3)));
    // The same seed gives the same sequence; the tables are all different words.
    expect(splitmix32(0x5eed)() | 0).toBe(STONE_LO[0]);
    expect(STONE_HI[0]).not.toBe(STONE_LO[0]);
    expect(CAPTURE_LO[0]).not.toBe(STONE_LO[0]);
  });

  it('mulberry32 repeats for a seed and gives fractions in [0, 1)', () => {
    const a = mulberry32(2311);
    const b = mulberry32(2311);
    for (let i = 0; i < 100; i++) {
      const x = a();
      expect(x).toBe(b());
      expect(x >= 0 && x < 1).toBe(true);
    }
    expect(mulberry32(1)()).not.toBe(mulberry32(2)());
  });
});
