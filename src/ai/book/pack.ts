/**
 * The openings book's packed binary format, and a reader that looks positions up in place.
 *
 * Little-endian throughout; every array starts on a 4-byte boundary.
 *
 *   offset  size       field
 *   0       4          magic "PNTB"
 *   4       u16        format version (BOOK_FORMAT_VERSION)
 *   6       u16        header size in bytes (32)
 *   8       u32        P: positions
 *   12      u32        M: moves
 *   16      u32        games the book was built from (information only)
 *   20      u32        build flags (bit 0: master games, bit 1: engine self-play)
 *   24      8          reserved (zero)
 *   32      u32[P]     key high words, sorted ascending by (high, low) as unsigned numbers
 *   …       u32[P]     key low words
 *   …       u32[P + 1] move list start of each position (index into the move arrays; the last is M)
 *   …       u16[M]     move: the canonical point (y * size + x in the canonical frame)
 *   …       u16[M]     games in which the move was played (capped at 65535)
 *   …       u16[M]     the mover's points in those games, in half points (win 2, draw 1; capped)
 *   …       u16[M]     mean rating of the players who chose it (engine self-play: its level's nominal rating)
 *   (padded to a multiple of 4)
 *
 * A position's moves are sorted by games, most first. The reader makes typed-array views over the bytes (no
 * copy where the bytes are aligned and the machine is little-endian) and finds a key by binary search.
 */

export const BOOK_MAGIC = 'PNTB';
export const BOOK_FORMAT_VERSION = 1;
const HEADER_BYTES = 32;
export const BOOK_FLAG_MASTER_GAMES = 1;
export const BOOK_FLAG_SELF_PLAY = 2;

export interface PackedMove {
  /** The move in canonical form. */
  readonly point: number;
  readonly games: number;
  /** The mover's points in half points: 2 a win, 1 a draw. */
  readonly halfPoints: number;
  /** Mean rating of the players who chose it. */
  readonly rating: number;
}

export interface PackedPosition {
  readonly hi: number;
  readonly lo: number;
  readonly moves: readonly PackedMove[];
}

export interface PackInfo {
  /** Games the book was built from. */
  readonly games: number;
  readonly flags: number;
}

const align4 = (n: number): number => (n + 3) & ~3;
const u16 = (n: number): number => Math.max(0, Math.min(0xffff, Math.round(n)));

/** Compares keys as unsigned 64-bit numbers. */
export const compareKeys = (aHi: number, aLo: number, bHi: number, bLo: number): number =>
  aHi >>> 0 !== bHi >>> 0 ? (aHi >>> 0) - (bHi >>> 0) : (aLo >>> 0) - (bLo >>> 0);

function layout(positions: number, moves: number) {
  const keyHi = HEADER_BYTES;
  const keyLo = keyHi + 4 * positions;
  const start = keyLo + 4 * positions;
  const point = start + 4 * (positions + 1);
  const games = align4(point + 2 * moves);
  const halfPoints = align4(games + 2 * moves);
  const rating = align4(halfPoints + 2 * moves);
  const total = align4(rating + 2 * moves);
  return { keyHi, keyLo, start, point, games, halfPoints, rating, total };
}

/** Packs positions (in any order; duplicates are an error) into the book's bytes. */
export function pack(positions: readonly PackedPosition[], info: PackInfo = { games: 0, flags: 0 }): Uint8Array {
  const sorted = [...positions].sort((a, b) => compareKeys(a.hi, a.lo, b.hi, b.lo));
  for (let i = 1; i < sorted.length; i++) {
    if (compareKeys(sorted[i - 1]!.hi, sorted[i - 1]!.lo, sorted[i]!.hi, sorted[i]!.lo) === 0)
      throw new Error('pack: a key occurs twice');
  }
  const m = sorted.reduce((s, p) => s + p.moves.length, 0);
  const at = layout(sorted.length, m);
  const bytes = new Uint8Array(at.total);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = BOOK_MAGIC.charCodeAt(i);
  view.setUint16(4, BOOK_FORMAT_VERSION, true);
  view.setUint16(6, HEADER_BYTES, true);
  view.setUint32(8, sorted.length, true);
  view.setUint32(12, m, true);
  view.setUint32(16, info.games >>> 0, true);
  view.setUint32(20, info.flags >>> 0, true);
  let k = 0;
  sorted.forEach((pos, i) => {
    view.setUint32(at.keyHi + 4 * i, pos.hi >>> 0, true);
    view.setUint32(at.keyLo + 4 * i, pos.lo >>> 0, true);
    view.setUint32(at.start + 4 * i, k, true);
    const moves = [...pos.moves].sort((a, b) => b.games - a.games || a.point - b.point);
    for (const mv of moves) {
      view.setUint16(at.point + 2 * k, mv.point, true);
      view.setUint16(at.games + 2 * k, u16(mv.games), true);
      view.setUint16(at.halfPoints + 2 * k, u16(Math.min(mv.halfPoints, 2 * mv.games)), true);
      view.setUint16(at.rating + 2 * k, u16(mv.rating), true);
      k++;
    }
  });
  view.setUint32(at.start + 4 * sorted.length, k, true);
  return bytes;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

type ArrayKind = typeof Uint32Array | typeof Uint16Array;

/** A view of `length` elements at `offset`, or a little-endian decoded copy where a view cannot be had. */
function arrayAt<T extends ArrayKind>(kind: T, bytes: Uint8Array, offset: number, length: number): InstanceType<T> {
  const size = kind.BYTES_PER_ELEMENT;
  if (LITTLE_ENDIAN && (bytes.byteOffset + offset) % size === 0)
    return new kind(bytes.buffer as ArrayBuffer, bytes.byteOffset + offset, length) as InstanceType<T>;
  const out = new kind(length) as InstanceType<T>;
  const view = new DataView(bytes.buffer, bytes.byteOffset + offset, length * size);
  for (let i = 0; i < length; i++) out[i] = size === 4 ? view.getUint32(4 * i, true) : view.getUint16(2 * i, true);
  return out;
}

/** The packed book read in place. Construct with `unpackReader`; lookups never allocate. */
export class BookReader {
  readonly positions: number;
  readonly moves: number;
  readonly info: PackInfo;
  readonly version: number;
  readonly byteLength: number;
  readonly keyHi: Uint32Array;
  readonly keyLo: Uint32Array;
  readonly start: Uint32Array;
  readonly point: Uint16Array;
  readonly games: Uint16Array;
  readonly halfPoints: Uint16Array;
  readonly rating: Uint16Array;

  constructor(bytes: Uint8Array) {
    if (bytes.byteLength < HEADER_BYTES) throw new Error('Not an openings book: too short.');
    const magic = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
    if (magic !== BOOK_MAGIC) throw new Error('Not an openings book: wrong magic.');
    const view = new DataView(bytes.buffer, bytes.byteOffset, HEADER_BYTES);
    this.version = view.getUint16(4, true);
    if (this.version !== BOOK_FORMAT_VERSION)
      throw new Error(`Openings book format ${this.version} is not ${BOOK_FORMAT_VERSION}.`);
    if (view.getUint16(6, true) !== HEADER_BYTES) throw new Error('Openings book header has the wrong size.');
    this.positions = view.getUint32(8, true);
    this.moves = view.getUint32(12, true);
    this.info = { games: view.getUint32(16, true), flags: view.getUint32(20, true) };
    const at = layout(this.positions, this.moves);
    if (bytes.byteLength < at.total) throw new Error('Openings book is truncated.');
    this.byteLength = at.total;
    this.keyHi = arrayAt(Uint32Array, bytes, at.keyHi, this.positions);
    this.keyLo = arrayAt(Uint32Array, bytes, at.keyLo, this.positions);
    this.start = arrayAt(Uint32Array, bytes, at.start, this.positions + 1);
    this.point = arrayAt(Uint16Array, bytes, at.point, this.moves);
    this.games = arrayAt(Uint16Array, bytes, at.games, this.moves);
    this.halfPoints = arrayAt(Uint16Array, bytes, at.halfPoints, this.moves);
    this.rating = arrayAt(Uint16Array, bytes, at.rating, this.moves);
    if (this.start[this.positions] !== this.moves) throw new Error('Openings book move index is inconsistent.');
  }

  /** The index of the position with this key, or -1: a binary search over the sorted keys. */
  find(hi: number, lo: number): number {
    const keyHi = this.keyHi;
    const keyLo = this.keyLo;
    hi >>>= 0;
    lo >>>= 0;
    let a = 0;
    let b = this.positions - 1;
    while (a <= b) {
      const mid = (a + b) >>> 1;
      const h = keyHi[mid]!;
      const l = keyLo[mid]!;
      if (h < hi || (h === hi && l < lo)) a = mid + 1;
      else if (h > hi || l > lo) b = mid - 1;
      else return mid;
    }
    return -1;
  }

  /** The moves of position `index` as [first, end) indices into the move arrays. */
  range(index: number): [number, number] {
    return [this.start[index]!, this.start[index + 1]!];
  }
}

/** Reads the packed bytes back into plain positions (sorted by key): the inverse of `pack`. */
export function unpack(bytes: Uint8Array): { positions: PackedPosition[]; info: PackInfo } {
  const r = new BookReader(bytes);
  const positions: PackedPosition[] = [];
  for (let i = 0; i < r.positions; i++) {
    const [from, to] = r.range(i);
    const moves: PackedMove[] = [];
    for (let k = from; k < to; k++) {
      moves.push({ point: r.point[k]!, games: r.games[k]!, halfPoints: r.halfPoints[k]!, rating: r.rating[k]! });
    }
    positions.push({ hi: r.keyHi[i]!, lo: r.keyLo[i]!, moves });
  }
  return { positions, info: r.info };
}
