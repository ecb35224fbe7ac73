/**
 * Transposition table: a fixed number of entries in one typed array, two slots a bucket. The low word of
 * the Zobrist key picks the bucket and the high word identifies the position. A new entry replaces the slot
 * holding the same position, else the one that is shallower or from an older search.
 *
 * An entry is four 32-bit words, so a bucket is 32 bytes and a probe touches one cache line:
 * [key, score, move, depth + 128 | bound << 8 | age << 16] (age 0: an empty slot).
 */
export const BOUND_EXACT = 0;
export const BOUND_LOWER = 1;
export const BOUND_UPPER = 2;

const KEY = 0;
const SCORE = 1;
const MOVE = 2;
const META = 3;

export class TranspositionTable {
  /** Word offset of the first slot of the last bucket. */
  private readonly mask: number;
  private readonly data: Int32Array;
  private generation = 1;
  probes = 0;
  hits = 0;

  /** `bits`: log2 of the number of entries (2^20 entries take 16 MB). */
  constructor(bits = 20) {
    const n = 1 << bits;
    this.mask = ((n - 1) & ~1) << 2;
    this.data = new Int32Array(n * 4);
  }

  /** Marks a new search, so entries of earlier searches give way first. */
  newSearch(): void {
    this.generation = (this.generation % 255) + 1;
    this.probes = 0;
    this.hits = 0;
  }

  clear(): void {
    this.data.fill(0);
  }

  /** The slot holding this position, or -1. */
  probe(lo: number, hi: number): number {
    this.probes++;
    const d = this.data;
    const i = (lo << 2) & this.mask;
    if (d[i + KEY] === hi && d[i + META]! >>> 16 !== 0) {
      this.hits++;
      return i;
    }
    if (d[i + 4 + KEY] === hi && d[i + 4 + META]! >>> 16 !== 0) {
      this.hits++;
      return i + 4;
    }
    return -1;
  }

  moveAt(slot: number): number {
    return this.data[slot + MOVE]!;
  }
  scoreAt(slot: number): number {
    return this.data[slot + SCORE]!;
  }
  depthAt(slot: number): number {
    return (this.data[slot + META]! & 255) - 128;
  }
  boundAt(slot: number): number {
    return (this.data[slot + META]! >> 8) & 255;
  }

  store(lo: number, hi: number, depth: number, score: number, bound: number, move: number): void {
    const d = this.data;
    const i = (lo << 2) & this.mask;
    let slot: number;
    if (d[i + KEY] === hi && d[i + META]! >>> 16 !== 0) slot = i;
    else if (d[i + 4 + KEY] === hi && d[i + 4 + META]! >>> 16 !== 0) slot = i + 4;
    else slot = this.worth(i) <= this.worth(i + 4) ? i : i + 4;
    // Keep a known best move when the new entry has none.
    if (move < 0 && d[slot + KEY] === hi && d[slot + META]! >>> 16 !== 0) move = d[slot + MOVE]!;
    d[slot + KEY] = hi;
    d[slot + SCORE] = score;
    d[slot + MOVE] = move;
    d[slot + META] = (depth + 128) | (bound << 8) | (this.generation << 16);
  }

  /** How much a slot is worth keeping: its depth, less for every search since it was written. */
  private worth(slot: number): number {
    const meta = this.data[slot + META]!;
    const age = meta >>> 16;
    if (age === 0) return -1000;
    const staleness = (this.generation - age + 255) % 255;
    return (meta & 255) - 128 - 4 * staleness;
  }
}
