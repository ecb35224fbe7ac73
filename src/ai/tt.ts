/**
 * Transposition table: a fixed number of entries in typed arrays, two slots a bucket. The low word of the
 * Zobrist key picks the bucket and the high word identifies the position. A new entry replaces the slot
 * holding the same position, else the one that is shallower or from an older search.
 */
export const BOUND_EXACT = 0;
export const BOUND_LOWER = 1;
export const BOUND_UPPER = 2;

export class TranspositionTable {
  private readonly mask: number;
  private readonly key: Int32Array;
  private readonly move: Int16Array;
  private readonly score: Int32Array;
  private readonly depth: Int8Array;
  private readonly bound: Uint8Array;
  private readonly age: Uint8Array;
  private generation = 1;
  probes = 0;
  hits = 0;

  /** `bits`: log2 of the number of entries (2^20 entries take about 13 MB). */
  constructor(bits = 20) {
    const n = 1 << bits;
    this.mask = (n - 1) & ~1;
    this.key = new Int32Array(n);
    this.move = new Int16Array(n).fill(-1);
    this.score = new Int32Array(n);
    this.depth = new Int8Array(n);
    this.bound = new Uint8Array(n);
    this.age = new Uint8Array(n);
  }

  /** Marks a new search, so entries of earlier searches give way first. */
  newSearch(): void {
    this.generation = (this.generation % 255) + 1;
    this.probes = 0;
    this.hits = 0;
  }

  clear(): void {
    this.age.fill(0);
    this.move.fill(-1);
  }

  /** The slot holding this position, or -1. */
  probe(lo: number, hi: number): number {
    this.probes++;
    const i = lo & this.mask;
    if (this.age[i] !== 0 && this.key[i] === hi) {
      this.hits++;
      return i;
    }
    if (this.age[i + 1] !== 0 && this.key[i + 1] === hi) {
      this.hits++;
      return i + 1;
    }
    return -1;
  }

  moveAt(slot: number): number {
    return this.move[slot]!;
  }
  scoreAt(slot: number): number {
    return this.score[slot]!;
  }
  depthAt(slot: number): number {
    return this.depth[slot]!;
  }
  boundAt(slot: number): number {
    return this.bound[slot]!;
  }

  store(lo: number, hi: number, depth: number, score: number, bound: number, move: number): void {
    const i = lo & this.mask;
    let slot: number;
    if (this.key[i] === hi && this.age[i] !== 0) slot = i;
    else if (this.key[i + 1] === hi && this.age[i + 1] !== 0) slot = i + 1;
    else slot = this.worth(i) <= this.worth(i + 1) ? i : i + 1;
    // Keep a known best move when the new entry has none.
    if (move < 0 && this.key[slot] === hi) move = this.move[slot]!;
    this.key[slot] = hi;
    this.move[slot] = move;
    this.score[slot] = score;
    this.depth[slot] = depth;
    this.bound[slot] = bound;
    this.age[slot] = this.generation;
  }

  /** How much a slot is worth keeping: its depth, less for every search since it was written. */
  private worth(slot: number): number {
    if (this.age[slot] === 0) return -1000;
    const staleness = (this.generation - this.age[slot]! + 255) % 255;
    return this.depth[slot]! - 4 * staleness;
  }
}
