import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BOOK_FORMAT_VERSION,
  BookReader,
  type PackedPosition,
  compareKeys,
  pack,
  unpack,
} from '../../src/ai/book/pack';
import { rng } from '../helpers';

function randomPositions(n: number, seed: number): PackedPosition[] {
  const random = rng(seed);
  const word = () => Math.floor(random() * 2 ** 32);
  const seen = new Set<string>();
  const out: PackedPosition[] = [];
  while (out.length < n) {
    // Some keys share a high word, some have the top bit set: the order must be unsigned.
    const hi = out.length % 5 === 0 ? 0xffff_fff0 : word();
    const lo = word();
    if (seen.has(`${hi}:${lo}`)) continue;
    seen.add(`${hi}:${lo}`);
    const moves = Array.from({ length: 1 + Math.floor(random() * 6) }, (_, i) => {
      const games = 1 + Math.floor(random() * 3000);
      return {
        point: i * 37 + Math.floor(random() * 30),
        games,
        halfPoints: Math.floor(random() * (2 * games + 1)),
        rating: 1400 + Math.floor(random() * 1000),
      };
    });
    out.push({ hi, lo, moves });
  }
  return out;
}

const sortedMoves = (p: PackedPosition) => [...p.moves].sort((a, b) => b.games - a.games || a.point - b.point);

describe('packed book', () => {
  it('round-trips positions and moves through pack and unpack', () => {
    const positions = randomPositions(500, 1);
    const bytes = pack(positions, { games: 8699, flags: 1 });
    const { positions: back, info } = unpack(bytes);
    expect(info).toEqual({ games: 8699, flags: 1 });
    const expected = [...positions]
      .sort((a, b) => compareKeys(a.hi, a.lo, b.hi, b.lo))
      .map((p) => ({ hi: p.hi, lo: p.lo, moves: sortedMoves(p) }));
    expect(back).toEqual(expected);
    // 32 header bytes, 12 a position (+4), 8 a move.
    const moves = positions.reduce((s, p) => s + p.moves.length, 0);
    expect(bytes.byteLength).toBeLessThanOrEqual(32 + 12 * 500 + 4 + 8 * moves + 8);
  });

  it('writes a header with magic, version and counts', () => {
    const bytes = pack(randomPositions(3, 2));
    expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe('PNTB');
    const view = new DataView(bytes.buffer);
    expect(view.getUint16(4, true)).toBe(BOOK_FORMAT_VERSION);
    expect(view.getUint32(8, true)).toBe(3);
    const r = new BookReader(bytes);
    expect(r.positions).toBe(3);
    expect(r.moves).toBe(view.getUint32(12, true));
  });

  it('finds every key by binary search and misses absent ones', () => {
    const positions = randomPositions(2000, 3);
    const r = new BookReader(pack(positions));
    for (const p of positions) {
      const i = r.find(p.hi, p.lo);
      expect(i).toBeGreaterThanOrEqual(0);
      expect([r.keyHi[i], r.keyLo[i]]).toEqual([p.hi >>> 0, p.lo >>> 0]);
      const [from, to] = r.range(i);
      expect(to - from).toBe(p.moves.length);
    }
    expect(r.find(1, 2)).toBe(-1);
    expect(r.find(0xffff_ffff, 0xffff_ffff)).toBe(-1);
    expect(new BookReader(pack([])).find(0, 0)).toBe(-1);
  });

  it('reads bytes that do not start on an aligned offset (a copy is made)', () => {
    const bytes = pack(randomPositions(50, 4));
    const shiftedBuffer = new Uint8Array(bytes.byteLength + 1);
    shiftedBuffer.set(bytes, 1);
    const r = new BookReader(shiftedBuffer.subarray(1));
    expect(unpack(shiftedBuffer.subarray(1))).toEqual(unpack(bytes));
    expect(r.find(r.keyHi[10]!, r.keyLo[10]!)).toBe(10);
  });

  it('rejects what is not a book of this format', () => {
    const bytes = pack(randomPositions(5, 5));
    expect(() => new BookReader(new Uint8Array(10))).toThrow(/too short/);
    const wrong = bytes.slice();
    wrong[0] = 0x58;
    expect(() => new BookReader(wrong)).toThrow(/magic/);
    const version = bytes.slice();
    new DataView(version.buffer).setUint16(4, BOOK_FORMAT_VERSION + 1, true);
    expect(() => new BookReader(version)).toThrow(/format/);
    expect(() => new BookReader(bytes.subarray(0, bytes.byteLength - 8))).toThrow(/truncated/);
    expect(() => pack([...randomPositions(2, 6), randomPositions(2, 6)[0]!])).toThrow(/twice/);
  });

  it('caps counts at 16 bits', () => {
    const { positions } = unpack(
      pack([{ hi: 1, lo: 2, moves: [{ point: 180, games: 100_000, halfPoints: 150_000, rating: 1850.6 }] }]),
    );
    expect(positions[0]!.moves[0]).toEqual({ point: 180, games: 65535, halfPoints: 65535, rating: 1851 });
  });

  const shipped = new URL('../../public/openings.bin', import.meta.url);
  it.skipIf(!existsSync(shipped))('the shipped book is well under 1 MB and reads back', () => {
    const bytes = new Uint8Array(readFileSync(shipped));
    expect(bytes.byteLength).toBeLessThan(512 * 1024);
    const r = new BookReader(bytes);
    expect(r.positions).toBeGreaterThan(1000);
    expect(r.info.games).toBeGreaterThanOrEqual(8699);
    for (let i = 1; i < r.positions; i++) {
      expect(compareKeys(r.keyHi[i - 1]!, r.keyLo[i - 1]!, r.keyHi[i]!, r.keyLo[i]!)).toBeLessThan(0);
    }
  });
});
