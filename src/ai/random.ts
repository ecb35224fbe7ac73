/**
 * The engine's seeded randomness, in one place: hashes that turn a position and a seed into a repeatable
 * draw (a level's vision and noise, the overlooked threat, the book's choice), and generators for fixed
 * tables (the Zobrist keys, the book's position keys) and for tools and tests. Nothing here reads a clock or
 * Math.random, so every search is the same for the same position and seed.
 */

/** murmur3's 32-bit finaliser: an unsigned 32-bit hash of the number's low 32 bits. */
export function mix32(a: number): number {
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
  return (a ^ (a >>> 16)) >>> 0;
}

/** An unsigned 32-bit hash of two numbers (b spread by the golden ratio, then two rounds of murmur3's mixing). */
export function mixPair(a: number, b: number): number {
  let h = Math.imul(a ^ Math.imul(b + 1, 0x9e3779b1), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A hash as a fraction in [0, 1). */
export const unit = (hash: number): number => hash / 2 ** 32;

/** A seeded integer in [-spread, spread] from a hash (spread ≥ 0). */
export const centred = (hash: number, spread: number): number => (hash % (2 * spread + 1)) - spread;

/** splitmix32 lives with the core's position keys, which need it too (one generator, one place). */
export { splitmix32 } from '../core/seeded';

/** mulberry32: a generator of fractions in [0, 1), the same sequence for the same seed (tools and tests). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
