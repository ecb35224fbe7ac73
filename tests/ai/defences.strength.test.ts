/**
 * The engine at the Master think (a node count) in positions where a forced win is to be found or avoided:
 * each search takes seconds, so they run in the strength tier (npm run test:strength). Judged by the prover.
 */
import { describe, expect, it } from 'vitest';
import { formatPoint, parsePoint, play } from '../../src/core';
import { Engine } from '../../src/ai/engine';
import { Prover } from '../../src/ai/prove';
import { MASTER_NODES } from '../../scripts/lib/tactics';
import { fromRecord } from './helpers';

/**
 * Issue #24: a game lost to pente.org's MMAI (tests/ai/capture-wins.test.ts has Black's win): White, one
 * move before it, must not allow it.
 */
const BEFORE_WHITE = 'K10 J10 O9 H8 O7 G8 O8 O10 O6 O5 J8 F8 K11 H9 K12 K9 M9';

const at = (text: string) => parsePoint(19, text)!;
const names = (points: readonly number[]) => points.map((p) => formatPoint(19, p));

describe('a forced win through a capture (issue #24), at the Master think', () => {
  it('as White one move earlier, does not play a move that allows a forced win (the game went H11)', () => {
    const state = fromRecord(BEFORE_WHITE);
    // The prover: after H11 Black wins within 9 plies (K13 K14 N8 L10 M11 …), whatever White does.
    const allowsWin = (move: number): boolean => {
      const next = play(state, move);
      if (!next.ok) throw new Error(next.error.message);
      const prover = new Prover(next.value);
      prover.reset(2_000_000);
      const answer = prover.wins(9);
      expect(answer).not.toBe('unknown');
      return answer === 'win';
    };
    expect(allowsWin(at('H11'))).toBe(true);
    const r = new Engine(18).think(state, { nodes: MASTER_NODES, timeMs: 600_000, book: false });
    expect(allowsWin(r.move)).toBe(false);
  });
});

/**
 * Two faults of the search that the tactics set found (docs/ENGINE-MEASUREMENTS.md, issue #24), each at the
 * Master think as a node count. Judged by the prover, never by the engine.
 */
describe('the search keeps the defence it found', () => {
  const safe = (moves: string, plies: number): ((move: number) => boolean) => {
    const state = fromRecord(moves);
    return (move) => {
      const next = play(state, move);
      if (!next.ok) throw new Error(next.error.message);
      const prover = new Prover(next.value);
      prover.reset(2_000_000);
      const answer = prover.wins(plies);
      expect(answer).not.toBe('unknown');
      return answer === 'no';
    };
  };

  it('an iteration cut short does not switch to a move that only failed low less (D13 lost in 3)', () => {
    // White to move. Depth 12 plays F9; the next iteration, stopped by the node limit, saw F9 fail low and
    // D13 fail low less (both upper bounds), and used to play D13: Black F9, then five.
    const moves = 'K10 J10 F10 L9 H8 L8 G9 J7 J9 L11 G7 F6 L7 L10 L12 K8 E11 D12 M10 H6 G5 G6 J6 J8 H9';
    const holds = safe(moves, 5);
    expect(holds(at('D13'))).toBe(false);
    const r = new Engine(18).think(fromRecord(moves), { nodes: MASTER_NODES, timeMs: 600_000, book: false });
    expect(names([r.move])).not.toEqual(['D13']);
    expect(holds(r.move)).toBe(true);
  });

  it('a loss found early does not end the search: deeper, it finds the defence that holds (P9 lost in 7)', () => {
    // White to move; the search scored every move lost at depth 4 and stopped, keeping P9. P8, M7 and P10
    // hold for 7 plies.
    const moves = 'K10 J9 N10 J11 L10 M10 J10 G10 L8 K9 M9 K7 N8 K11 O11 P12 O7 P6 N9 N11 O9';
    const holds = safe(moves, 7);
    expect(holds(at('P9'))).toBe(false);
    const r = new Engine(18).think(fromRecord(moves), { nodes: MASTER_NODES, timeMs: 600_000, book: false });
    expect(holds(r.move)).toBe(true);
  });
});
