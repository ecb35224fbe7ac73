/**
 * Zobrist keys: one pair of random 32-bit words per (player, point), per (player, captured stones) and
 * for the side to move. Two words make a 64-bit key: the low word indexes the table, the high word
 * verifies the entry. Fixed seed, so keys (and so searches) are the same on every run.
 */
import { splitmix32 } from './random';

export const MAX_POINTS = 19 * 19;
export const MAX_CAPTURE_COUNT = 64;

const words = splitmix32(0x5eed);
/** The next key as a signed 32-bit word (the hash is kept in Int32 words). */
const next = (): number => words() | 0;
const fill = (n: number) => Int32Array.from({ length: n }, next);

/** Stone keys at [player * MAX_POINTS + point] (player 1 or 2). */
export const STONE_LO = fill(3 * MAX_POINTS);
export const STONE_HI = fill(3 * MAX_POINTS);
/** Captured-stone keys at [player * MAX_CAPTURE_COUNT + count]. */
export const CAPTURE_LO = fill(3 * MAX_CAPTURE_COUNT);
export const CAPTURE_HI = fill(3 * MAX_CAPTURE_COUNT);
export const SIDE_LO = next();
export const SIDE_HI = next();
