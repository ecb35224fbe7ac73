/** Entries for the shared-table tests: each key's depth, score, bound and move are functions of the key. */
export function entryFor(n: number) {
  const key = n % 64; // few keys, a small table: writers keep overwriting each other's slots
  const hi = Math.imul(key + 1, 0x9e3779b1) | 0;
  return {
    lo: key,
    hi,
    depth: key % 50,
    score: Math.imul(hi, 31) >> 4,
    bound: key % 3,
    move: (hi >>> 7) & 0x1fff,
  };
}
