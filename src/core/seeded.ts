/**
 * A seeded generator for fixed tables: the core's canonical position keys and the engine's (src/ai/random.ts
 * re-exports it). Pure: no clock, no Math.random.
 */

/** splitmix32: a generator of unsigned 32-bit words, the same sequence for the same seed. */
export function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}
