/**
 * Canonical position keys, for the openings book (src/ai/book) and the openings explorer's count of the
 * player's own games (src/ui/explorer): one place for what makes two positions the same.
 *
 * One book entry stands for a position and every position equivalent to it:
 *
 * - the 8 symmetries of the square board (4 rotations, each with or without a reflection), always: every
 *   rule, the opening rules included, is symmetric about the centre;
 * - translation, along an axis, only where it cannot change the game for the book's purposes:
 *   - never while an opening rule is still to come: in a game with the tournament rule, before move 3 has
 *     been played (plies 0–2: player 1's second stone must keep away from the centre, so where the stones
 *     stand relative to the centre still matters), and with the centre-first rule, at move 1;
 *   - and only when every stone lies at least `TRANSLATION_MARGIN` (6) points from both edges of that axis
 *     (0-based coordinate in [6, size − 7]: on 19x19 the middle 7 lines, on 13x13 the centre line only, on
 *     9x9 never), before and after the shift. Six is the reach of a point two away from a stone (where
 *     book moves are played) plus four, the reach of a five-window: so every five-window and capture line
 *     through a stone or through a point within two of one lies wholly on the board, and the shifted
 *     position has the same lines, captures and threats as the original.
 *   Translation normalises by centring the stones' bounding box on the board's centre line (rounding
 *   down), which keeps it inside the margin; a position's translation class is thus one form.
 *
 * The key is a 64-bit Zobrist-style hash (two 32-bit words, `hi` and `lo`) of the canonical form: the
 * stones after the transform, plus the variant, the board size, whether an opening rule is still to come,
 * the side to move, the captured stones of each side and Boat-Pente's pending five. Of the 8 transformed
 * (and normalised) forms the one with the smallest key is canonical; every transform reaching that key is
 * kept, so a move can be put in canonical form independently of which of a symmetric position's equal
 * images the game happens to be in.
 *
 * The random tables are fixed by a seed here (not shared with the search's Zobrist keys), so a book file's
 * keys never change when the engine changes; changing them needs a new book format version.
 */
import type { Point } from './board';
import { type GameState, secondStoneRestricted } from './game';
import { VARIANT_IDS } from './variants';
import { splitmix32 } from './seeded';

/** Stones must lie at least this many points from both edges of an axis for the axis to be translated. */
export const TRANSLATION_MARGIN = 6;

/**
 * A point transform: optionally swap x and y, then optionally mirror x and/or y (x → size − 1 − x), then
 * shift by (dx, dy). The 8 combinations of the three flags are the square's 8 symmetries.
 */
export interface Transform {
  readonly swap: boolean;
  readonly flipX: boolean;
  readonly flipY: boolean;
  readonly dx: number;
  readonly dy: number;
}

export const IDENTITY: Transform = { swap: false, flipX: false, flipY: false, dx: 0, dy: 0 };

/** The 8 symmetries, without translation. */
export const SYMMETRIES: readonly Transform[] = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({
  swap: (i & 4) !== 0,
  flipX: (i & 2) !== 0,
  flipY: (i & 1) !== 0,
  dx: 0,
  dy: 0,
}));

/** The image of a point, or -1 when it falls off the board. */
export function applyTransform(size: number, t: Transform, point: Point): Point {
  const x0 = point % size;
  const y0 = (point - x0) / size;
  let x = t.swap ? y0 : x0;
  let y = t.swap ? x0 : y0;
  if (t.flipX) x = size - 1 - x;
  if (t.flipY) y = size - 1 - y;
  x += t.dx;
  y += t.dy;
  return x < 0 || y < 0 || x >= size || y >= size ? -1 : y * size + x;
}

/** The point whose image is `point` (the inverse transform), or -1 when that falls off the board. */
export function invertTransform(size: number, t: Transform, point: Point): Point {
  const x1 = (point % size) - t.dx;
  const y1 = (point - (point % size)) / size - t.dy;
  if (x1 < 0 || y1 < 0 || x1 >= size || y1 >= size) return -1;
  const x = t.flipX ? size - 1 - x1 : x1;
  const y = t.flipY ? size - 1 - y1 : y1;
  return t.swap ? x * size + y : y * size + x;
}

export interface Canonical {
  /** The key's words, unsigned. */
  readonly hi: number;
  readonly lo: number;
  /** The board size, for mapping points. */
  readonly size: number;
  /** Every transform taking the position to its canonical form; the first maps book moves back. */
  readonly transforms: readonly Transform[];
}

// The hash tables: a pair of words per (stone colour, x, y) on a 19x19 grid (smaller boards use its top-left
// corner: the size is part of the key anyway), and per header field value.
const GRID = 19;
const next = splitmix32(0xb00c_0001);
const table = (n: number): Uint32Array => Uint32Array.from({ length: n }, next);
const STONE_HI = table(2 * GRID * GRID);
const STONE_LO = table(2 * GRID * GRID);
/**
 * Header fields: variant (8), size (20), opening phase (2), side to move (3), captures (2 × 64), pending five
 * (3). Variants past the eighth fall on the slots of sizes 0–8, which no board has (the smallest is 9), so
 * adding variants changes no key.
 */
const FIELD_BASE = { variant: 0, size: 8, phase: 28, toMove: 30, captures: 33, pending: 33 + 128 } as const;
const FIELD_HI = table(FIELD_BASE.pending + 3);
const FIELD_LO = table(FIELD_BASE.pending + 3);

/** Whether an opening rule still constrains a coming move (then neither translation nor its key applies). */
export function openingPhase(state: GameState): boolean {
  const ply = state.moves.length;
  return (secondStoneRestricted(state.rules) && ply < 3) || (state.rules.variant.centreFirst && ply === 0);
}

function headerWords(state: GameState): [number, number] {
  const fields = [
    FIELD_BASE.variant + VARIANT_IDS.indexOf(state.rules.variant.id),
    FIELD_BASE.size + state.rules.size,
    FIELD_BASE.phase + (openingPhase(state) ? 1 : 0),
    FIELD_BASE.toMove + state.toMove,
    FIELD_BASE.captures + Math.min(63, state.captures[0]),
    FIELD_BASE.captures + 64 + Math.min(63, state.captures[1]),
    FIELD_BASE.pending + (state.pendingFive ?? 0),
  ];
  let hi = 0;
  let lo = 0;
  for (const f of fields) {
    hi ^= FIELD_HI[f]!;
    lo ^= FIELD_LO[f]!;
  }
  return [hi >>> 0, lo >>> 0];
}

/** The shift that centres the span [lo, hi] on the board's centre line. */
const centring = (size: number, lo: number, hi: number): number => (size - 1) / 2 - ((hi - lo) >> 1) - lo;

/**
 * The canonical key of a position and the transforms that reach it. `translate: false` turns translation
 * off (for tests and comparisons).
 */
export function canonicalize(state: GameState, options: { translate?: boolean } = {}): Canonical {
  const size: number = state.rules.size;
  const cells = state.cells;
  const stones: number[] = [];
  let minX = size;
  let maxX = -1;
  let minY = size;
  let maxY = -1;
  for (let p = 0; p < cells.length; p++) {
    if (cells[p] === 0) continue;
    stones.push(p);
    const x = p % size;
    const y = (p - x) / size;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const translate = (options.translate ?? true) && stones.length > 0 && !openingPhase(state);
  const m = TRANSLATION_MARGIN;
  // Translatable axes of the original board; symmetric intervals, so a flip keeps them, a swap exchanges them.
  const canX = translate && minX >= m && maxX <= size - 1 - m;
  const canY = translate && minY >= m && maxY <= size - 1 - m;
  const [baseHi, baseLo] = headerWords(state);

  let bestHi = -1;
  let bestLo = -1;
  let best: Transform[] = [];
  for (const s of SYMMETRIES) {
    // The transformed bounding box, then the shift that centres it on each translatable axis.
    const a = s.swap ? [minY, maxY] : [minX, maxX];
    const b = s.swap ? [minX, maxX] : [minY, maxY];
    const ax = s.flipX ? [size - 1 - a[1]!, size - 1 - a[0]!] : a;
    const by = s.flipY ? [size - 1 - b[1]!, size - 1 - b[0]!] : b;
    const dx = (s.swap ? canY : canX) ? centring(size, ax[0]!, ax[1]!) : 0;
    const dy = (s.swap ? canX : canY) ? centring(size, by[0]!, by[1]!) : 0;
    const t: Transform = { ...s, dx, dy };
    let hi = baseHi;
    let lo = baseLo;
    for (const p of stones) {
      const q = applyTransform(size, t, p);
      const qx = q % size;
      const i = (cells[p]! - 1) * GRID * GRID + ((q - qx) / size) * GRID + qx;
      hi ^= STONE_HI[i]!;
      lo ^= STONE_LO[i]!;
    }
    hi >>>= 0;
    lo >>>= 0;
    if (hi < bestHi || bestHi < 0 || (hi === bestHi && lo < bestLo)) {
      bestHi = hi;
      bestLo = lo;
      best = [t];
    } else if (hi === bestHi && lo === bestLo) best.push(t);
  }
  return { hi: bestHi, lo: bestLo, size, transforms: best };
}

/**
 * A move in canonical form: the smallest image of the point under the transforms reaching the canonical
 * form (so symmetric moves of a symmetric position are one book move), or -1 if every image falls off the
 * board (a move far from the stones of a translated position).
 */
export function toCanonicalMove(canon: Canonical, point: Point): Point {
  let best = -1;
  for (const t of canon.transforms) {
    const q = applyTransform(canon.size, t, point);
    if (q >= 0 && (best < 0 || q < best)) best = q;
  }
  return best;
}

/** A canonical book move as a point of the real board, or -1 if it falls off the board. */
export const fromCanonicalMove = (canon: Canonical, point: Point): Point =>
  invertTransform(canon.size, canon.transforms[0]!, point);

/**
 * Every real point that is the same book move as the canonical point (in a symmetric position, the move's
 * images under the position's own symmetries), sorted. `fromCanonicalMove` answers one of them.
 */
export function equivalentMoves(canon: Canonical, canonicalPoint: Point): Point[] {
  const out = new Set<number>();
  for (const t of canon.transforms) {
    const p = invertTransform(canon.size, t, canonicalPoint);
    if (p >= 0) out.add(p);
  }
  return [...out].sort((a, b) => a - b);
}

/** A key's two words as one 64-bit BigInt (for the builder's maps; the reader never needs one). */
export const keyBigInt = (hi: number, lo: number): bigint => (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);
