import { describe, expect, it } from 'vitest';
import { BOUND_EXACT, BOUND_LOWER, TranspositionTable, tableBytes } from '../../src/ai/tt';
import { tsWorker } from '../../scripts/lib/worker-pool';
import { entryFor } from './tt-entries';

describe('the transposition table', () => {
  it('gives back what was stored, and misses other positions', () => {
    const tt = new TranspositionTable(10);
    tt.store(5, 1234, 7, -300, BOUND_LOWER, 42);
    expect(tt.probe(5, 1234)).toBe(true);
    expect([tt.depth, tt.score, tt.bound, tt.move]).toEqual([7, -300, BOUND_LOWER, 42]);
    expect(tt.probe(5, 1235)).toBe(false);
    expect(tt.probe(6, 1234)).toBe(false);
  });

  it('keeps the known best move when a new entry of the position has none', () => {
    const tt = new TranspositionTable(10);
    tt.store(9, 77, 3, 10, BOUND_EXACT, 100);
    tt.store(9, 77, 4, 20, BOUND_LOWER, -1);
    expect(tt.probe(9, 77)).toBe(true);
    expect([tt.depth, tt.move]).toEqual([4, 100]);
  });

  it('rejects a torn entry: half of one write and half of another', () => {
    const buffer = new SharedArrayBuffer(tableBytes(4));
    const tt = new TranspositionTable(4, buffer);
    const words = new Int32Array(buffer);
    tt.store(0, 1111, 5, 500, BOUND_EXACT, 10); // slot 0
    const first = Array.from(words.subarray(0, 4));
    tt.store(0, 2222, 6, 600, BOUND_LOWER, 20); // slot 1 (the same bucket)
    const second = Array.from(words.subarray(4, 8));
    // Another thread's write to slot 0 for position 2222 stopped halfway: its key and score, the old rest.
    words.set([second[0]!, second[1]!, first[2]!, first[3]!], 0);
    words.fill(0, 4, 8);
    expect(tt.probe(0, 1111)).toBe(false);
    expect(tt.probe(0, 2222)).toBe(false);
    // The whole write reads back.
    words.set(second, 0);
    expect(tt.probe(0, 2222)).toBe(true);
    expect([tt.score, tt.move]).toEqual([600, 20]);
  });

  it('shares its entries with another table over the same SharedArrayBuffer', () => {
    const buffer = new SharedArrayBuffer(tableBytes(8));
    const a = new TranspositionTable(8, buffer);
    const b = new TranspositionTable(8, buffer);
    a.store(17, -99, 2, 33, BOUND_EXACT, 8);
    expect(b.probe(17, -99)).toBe(true);
    expect(b.score).toBe(33);
    expect(() => new TranspositionTable(9, buffer)).toThrow(/bytes/);
  });

  it('under concurrent writers returns no torn entry', async () => {
    const bits = 4; // 16 entries for 64 keys: every write fights over a slot
    const buffer = new SharedArrayBuffer(tableBytes(bits));
    const control = new SharedArrayBuffer(8);
    const flags = new Int32Array(control);
    const writers = [1, 2].map((seed) =>
      tsWorker(new URL('./tt-writer.ts', import.meta.url), { buffer, bits, control, seed }),
    );
    const written = writers.map(
      (w) =>
        new Promise<number>((resolve, reject) => {
          w.once('message', resolve);
          w.once('error', reject);
        }),
    );
    // Wait (without sleeping) for both writers to be running, then read while they write.
    while (Atomics.load(flags, 1) < 2) await new Promise((resolve) => setImmediate(resolve));
    const words = new Int32Array(buffer);
    const reader = new TranspositionTable(bits, buffer);
    let hits = 0;
    let wrong = 0;
    let rawTorn = 0;
    const keyOf = new Map(Array.from({ length: 64 }, (_, k) => [entryFor(k).hi, k]));
    for (let i = 0; i < 500_000; i++) {
      const e = entryFor(i);
      if (reader.probe(e.lo, e.hi)) {
        hits++;
        if (reader.depth !== e.depth || reader.score !== e.score || reader.bound !== e.bound || reader.move !== e.move)
          wrong++;
      }
      // The same slots read without the check: how often a torn entry was there to be caught.
      const slot = (i % 16) * 4;
      const raw = Array.from(words.subarray(slot, slot + 4));
      const meta = raw[3]!;
      if (meta >>> 16 !== 0) {
        const hi = raw[0]! ^ raw[1]! ^ raw[2]! ^ meta;
        if (!keyOf.has(hi)) rawTorn++;
      }
      if (i % 50_000 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    Atomics.store(flags, 0, 1);
    const writes = await Promise.all(written);
    await Promise.all(writers.map((w) => w.terminate()));
    console.log(`shared table: ${writes.join(' + ')} writes, ${hits} hits read, ${rawTorn} torn entries rejected`);
    expect(writes.every((n) => n > 0)).toBe(true);
    expect(hits).toBeGreaterThan(0);
    expect(wrong).toBe(0);
  });
});
