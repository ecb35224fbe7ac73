/**
 * Transposition table: a fixed number of entries in one typed array, two slots a bucket. The low word of
 * the Zobrist key picks the bucket and the high word identifies the position. A new entry replaces the slot
 * holding the same position, else the one that is shallower or from an older search.
 *
 * An entry is four 32-bit words, so a bucket is 32 bytes and a probe touches one cache line:
 * [check, score, move, depth + 128 | bound << 8 | age << 16] (age 0: an empty slot), where
 * check = key ^ score ^ move ^ meta.
 *
 * The table may live in a SharedArrayBuffer that several search threads read and write at once (Lazy SMP,
 * src/ai/smp.ts) with no locks. Each 32-bit word is read and written whole, but an entry is four words, so a
 * reader may see half of one thread's write and half of another's. Storing the key XORed with the data
 * (Hyatt's lockless hashing) makes such a torn entry fail its check: a probe copies the four words once,
 * and only a copy whose words XOR back to the position's key is a hit. The accessors read that copy, never
 * the shared words again.
 */
export const BOUND_EXACT = 0;
export const BOUND_LOWER = 1;
export const BOUND_UPPER = 2;

const CHECK = 0;
const SCORE = 1;
const MOVE = 2;
const META = 3;

/** Bytes a table of 2^bits entries takes (16 an entry). */
export const tableBytes = (bits: number): number => (1 << bits) * 16;

export class TranspositionTable {
  /** Word offset of the first slot of the last bucket. */
  private readonly mask: number;
  private readonly data: Int32Array;
  private generation = 1;
  probes = 0;
  hits = 0;
  /** The last hit's entry, copied out of the table by `probe` (see the module comment). */
  private hitScore = 0;
  private hitMove = -1;
  private hitMeta = 0;

  /**
   * `bits`: log2 of the number of entries (2^20 entries take 16 MB). `buffer`: the memory to use (a
   * SharedArrayBuffer shared with other search threads, of tableBytes(bits)); a new one when not given.
   */
  constructor(bits = 20, buffer?: ArrayBufferLike) {
    const n = 1 << bits;
    this.mask = ((n - 1) & ~1) << 2;
    if (buffer && buffer.byteLength !== tableBytes(bits))
      throw new Error(`A table of 2^${bits} entries needs ${tableBytes(bits)} bytes, not ${buffer.byteLength}.`);
    this.data = buffer ? new Int32Array(buffer) : new Int32Array(n * 4);
  }

  /** The table's memory: a SharedArrayBuffer when it was made over one. */
  get buffer(): ArrayBufferLike {
    return this.data.buffer;
  }

  /** Marks a new search, so entries of earlier searches give way first. */
  newSearch(): void {
    this.generation = (this.generation % 255) + 1;
    this.resetCounts();
  }

  /** The current search's age stamp (1–255): helper threads write with their main search's. */
  get age(): number {
    return this.generation;
  }
  set age(value: number) {
    this.generation = value;
  }

  resetCounts(): void {
    this.probes = 0;
    this.hits = 0;
  }

  clear(): void {
    this.data.fill(0);
  }

  /** Whether the table holds this position; on a hit the accessors below read its entry. */
  probe(lo: number, hi: number): boolean {
    this.probes++;
    const i = (lo << 2) & this.mask;
    if (this.read(i, hi) || this.read(i + 4, hi)) {
      this.hits++;
      return true;
    }
    return false;
  }

  get move(): number {
    return this.hitMove;
  }
  get score(): number {
    return this.hitScore;
  }
  get depth(): number {
    return (this.hitMeta & 255) - 128;
  }
  get bound(): number {
    return (this.hitMeta >> 8) & 255;
  }

  store(lo: number, hi: number, depth: number, score: number, bound: number, move: number): void {
    const d = this.data;
    const i = (lo << 2) & this.mask;
    let slot: number;
    if (this.read(i, hi)) slot = i;
    else if (this.read(i + 4, hi)) slot = i + 4;
    else slot = this.worth(i) <= this.worth(i + 4) ? i : i + 4;
    // Keep a known best move when the new entry has none (read() left that entry's copy when it matched).
    if (move < 0 && this.hitSlot === slot) move = this.hitMove;
    const meta = (depth + 128) | (bound << 8) | (this.generation << 16);
    d[slot + SCORE] = score;
    d[slot + MOVE] = move;
    d[slot + META] = meta;
    d[slot + CHECK] = hi ^ score ^ move ^ meta;
  }

  /** The slot the last successful read() copied (-1 after a miss). */
  private hitSlot = -1;

  /** Copies the slot's four words once; true (keeping the copy) if they hold this position, whole. */
  private read(slot: number, hi: number): boolean {
    const d = this.data;
    const meta = d[slot + META]!;
    const score = d[slot + SCORE]!;
    const move = d[slot + MOVE]!;
    const check = d[slot + CHECK]!;
    if (meta >>> 16 === 0 || (check ^ score ^ move ^ meta) !== hi) {
      this.hitSlot = -1;
      return false;
    }
    this.hitScore = score;
    this.hitMove = move;
    this.hitMeta = meta;
    this.hitSlot = slot;
    return true;
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
