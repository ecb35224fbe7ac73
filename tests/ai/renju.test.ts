/**
 * The engine plays Renju (issue 32): its Position agrees with the core over random games (black's
 * forbidden points, exactly five for black, five or more for white), black never plays a forbidden point,
 * white wins by a four whose only block is forbidden to black, and black's overline is no five. Every
 * search here is depth- and node-limited.
 */
import { describe, expect, it } from 'vitest';
import {
  type GameState,
  type Player,
  forbiddenKind,
  illegality,
  makeRules,
  newGame,
  play,
  takeOpeningStep,
} from '../../src/core';
import { Engine } from '../../src/ai/engine';
import { type GenInfo, MoveGen } from '../../src/ai/movegen';
import { Position } from '../../src/ai/position';
import { Searcher, isWinScore } from '../../src/ai/search';
import { DEFAULT_SETTINGS } from '../../src/ai/search-settings';
import { TranspositionTable } from '../../src/ai/tt';

const SIZE = 15;
const pt = (x: number, y: number) => y * SIZE + x;

/** A Renju position past the opening, from stone lists (x, y from the top left), with `toMove` to play. */
function renjuPosition(black: [number, number][], white: [number, number][], toMove: Player): GameState {
  const rules = makeRules({ variant: 'renju', size: SIZE });
  const cells = new Uint8Array(SIZE * SIZE);
  const moves: number[] = [];
  for (const [x, y] of black) cells[pt(x, y)] = 1;
  for (const [x, y] of white) cells[pt(x, y)] = 2;
  for (let p = 0; p < cells.length; p++) if (cells[p]) moves.push(p);
  while (moves.length < 8) moves.push(-1);
  return {
    ...newGame(rules),
    cells,
    toMove,
    moves,
    renju: { swaps: ['keep', 'keep', 'keep', 'keep', 'keep'], offers: [], passes: [] },
  };
}

/** A tiny deterministic generator (the tests' games are the same every run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

const search = (state: GameState, depth: number, nodes = 200_000) =>
  new Searcher(Position.fromState(state), DEFAULT_SETTINGS, new TranspositionTable(16)).run({
    depth,
    nodes,
    hardMs: 1e9,
    softMs: 1e9,
    fixedTime: true,
  });

describe('the engine plays Renju', () => {
  it('agrees with the core over random Renju games: forbidden points, legal points, winner, make/unmake', () => {
    let forbiddenSeen = 0;
    let wins = 0;
    const reasons = new Set<string>();
    const mismatches: string[] = [];
    for (let g = 0; g < 16; g++) {
      const next = rng(1000 + g);
      let state = newGame({ variant: 'renju', size: SIZE });
      const pos = new Position(state.rules);
      // The games stay in the centre's 9×9 so that lines, fives, overlines and forbidden points come often.
      for (let ply = 0; ply < 81 && !state.result; ply++) {
        while (state.renju && illegality(state, 0)?.reason === 'seat-choice-due')
          state = takeOpeningStep(state, next(3) === 0 ? 'swap' : 'keep')!;
        const synced = Position.fromState(state);
        expect(Array.from(synced.cells)).toEqual(Array.from(pos.cells));
        expect([synced.hashLo, synced.hashHi]).toEqual([pos.hashLo, pos.hashHi]);
        // The incremental counts the generator reads (the quick tests before the finder among them).
        if (synced.lineCount.join() !== pos.lineCount.join() || synced.threat.join() !== pos.threat.join())
          mismatches.push(`game ${g} ply ${ply}: counts`);
        pos.toMove = state.toMove; // (a pass changes the side to move without a stone; none here)
        const legal: number[] = [];
        for (let p = 0; p < SIZE * SIZE; p++) {
          const coreLegal = illegality(state, p) === null;
          const kind = state.cells[p] === 0 && ply > 4 ? forbiddenKind(state.cells, SIZE, p) : null;
          const forbidden = kind !== null && state.toMove === 1;
          if (ply > 4 && state.cells[p] === 0 && pos.forbidden(p) !== (kind !== null))
            mismatches.push(`game ${g} ply ${ply}: forbidden ${p}`);
          if (pos.isLegal(p) !== (coreLegal && !forbidden)) mismatches.push(`game ${g} ply ${ply}: legal ${p}`);
          if (forbidden) forbiddenSeen++;
          const x = p % SIZE;
          const y = (p - x) / SIZE;
          if (coreLegal && !forbidden && x >= 3 && x <= 11 && y >= 3 && y <= 11) legal.push(p);
        }
        if (legal.length === 0) break;
        const p = legal[next(legal.length)]!;
        const hash = [pos.hashLo, pos.hashHi];
        pos.make(p);
        pos.unmake();
        expect([pos.hashLo, pos.hashHi]).toEqual(hash);
        const after = play(state, p);
        if (!after.ok) throw new Error(after.error.message);
        pos.make(p);
        state = after.value;
        expect(pos.winner).toBe(state.result?.winner ?? 0);
        if (state.result) {
          wins++;
          reasons.add(`${state.result.winner}:${state.result.reason}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    // The games did reach what they test: forbidden points, and both sides' fives.
    expect(forbiddenSeen).toBeGreaterThan(50);
    expect(wins).toBeGreaterThan(8);
    expect(reasons).toEqual(new Set(['1:five', '2:five']));
  });

  it('never lets black play a double four, which would win in Gomoku', () => {
    // Black's two threes meet at H8 (7, 7): a four each way, a double four; white closes one end of each.
    const black: [number, number][] = [
      [4, 7],
      [5, 7],
      [6, 7],
      [7, 4],
      [7, 5],
      [7, 6],
    ];
    const white: [number, number][] = [
      [3, 7],
      [7, 3],
      [0, 14],
      [2, 14],
      [14, 0],
      [14, 2],
    ];
    const q = pt(7, 7);
    const renju = renjuPosition(black, white, 1);
    expect(forbiddenKind(renju.cells, SIZE, q)).toBe('double-four');
    const pos = Position.fromState(renju);
    expect(pos.isLegal(q)).toBe(false);
    const moves = new Int16Array(SIZE * SIZE);
    const scores = new Int32Array(SIZE * SIZE);
    const info: GenInfo = { forced: false, best: 0 };
    const count = new MoveGen(pos).generate(moves, scores, 0, info);
    expect(count).toBeGreaterThan(0);
    expect(Array.from(moves.subarray(0, count))).not.toContain(q);
    expect(search(renju, 4).move).not.toBe(q);
    // The same stones in Gomoku: the double four wins.
    const gomoku = { ...renju, rules: makeRules({ variant: 'gomoku', size: SIZE }), renju: undefined };
    const won = search(gomoku, 4);
    expect(won.move).toBe(q);
    expect(isWinScore(won.score) && won.score > 0).toBe(true);
  });

  it('wins with white by a four whose only block is forbidden to black (a VCF through a forbidden point)', () => {
    // F = H11 (7, 4) is a double three for black (5–6 on row 4, 5–6 on column 7). White's diagonal
    // E14–G12 (4, 1)…(6, 3) with D15 (3, 0) makes a four whose only five point is F; (8, 5) is black's.
    const black: [number, number][] = [
      [5, 4],
      [6, 4],
      [7, 5],
      [7, 6],
      [8, 5],
    ];
    const white: [number, number][] = [
      [4, 1],
      [5, 2],
      [6, 3],
      [14, 14],
    ];
    const f = pt(7, 4);
    const state = renjuPosition(black, white, 2);
    expect(forbiddenKind(state.cells, SIZE, f)).toBe('double-three');
    const found = search(state, 2, 50_000);
    expect(found.move).toBe(pt(3, 0));
    expect(isWinScore(found.score) && found.score > 0).toBe(true);
    // After the four, black has no defence: the generator gives none, forced, and the search sees the loss.
    const after = play(state, pt(3, 0));
    if (!after.ok) throw new Error(after.error.message);
    const pos = Position.fromState(after.value);
    const info: GenInfo = { forced: false, best: 0 };
    const n = new MoveGen(pos).generate(new Int16Array(225), new Int32Array(225), 0, info);
    expect({ n, forced: info.forced }).toEqual({ n: 0, forced: true });
    // The engine still answers a stone (it loses whatever it plays), not a forbidden one,
    const reply = new Engine(14).think(after.value, { depth: 2, nodes: 20_000 });
    expect(reply.move).toBeGreaterThanOrEqual(0);
    expect(forbiddenKind(after.value.cells, SIZE, reply.move)).toBeNull();
    // (next to the last stone, not in a far corner)
    expect(Math.max(Math.abs((reply.move % SIZE) - 3), Math.floor(reply.move / SIZE))).toBe(1);
    // In Gomoku black simply blocks at F.
    const gomoku = { ...state, rules: makeRules({ variant: 'gomoku', size: SIZE }), renju: undefined };
    const g = play(gomoku, pt(3, 0));
    if (!g.ok) throw new Error(g.error.message);
    const gpos = Position.fromState(g.value);
    const gn = new MoveGen(gpos).generate(new Int16Array(225), new Int32Array(225), 0, info);
    expect(gn).toBe(1);
  });

  it("does not count black's overline as a five, nor as a threat; white's six wins", () => {
    // Black C8–F8 (2..5, 7) and H8 (7, 7): G8 (6, 7) would make six, B8 (1, 7) is white's.
    const black: [number, number][] = [
      [2, 7],
      [3, 7],
      [4, 7],
      [5, 7],
      [7, 7],
    ];
    const white: [number, number][] = [
      [1, 7],
      [2, 2],
      [4, 2],
      [6, 2],
      [8, 2],
    ];
    const six = pt(6, 7);
    const state = renjuPosition(black, white, 1);
    expect(forbiddenKind(state.cells, SIZE, six)).toBe('overline');
    const pos = Position.fromState(state);
    expect(pos.isLegal(six)).toBe(false);
    pos.make(six);
    expect(pos.winner).toBe(0); // (were it played: the core says forbidden, a loss)
    pos.unmake();
    // White to move is not forced to block G8: the four makes only an overline.
    const white2 = renjuPosition(black, [...white, [10, 10]], 2);
    const wpos = Position.fromState(white2);
    const info: GenInfo = { forced: true, best: 0 };
    new MoveGen(wpos).generate(new Int16Array(225), new Int32Array(225), 0, info);
    expect(info.forced).toBe(false);
    // White's own six wins.
    const w6 = renjuPosition(
      [
        [2, 9],
        [4, 9],
        [9, 9],
        [11, 11],
      ],
      [
        [2, 7],
        [3, 7],
        [4, 7],
        [5, 7],
        [7, 7],
      ],
      2,
    );
    const p6 = Position.fromState(w6);
    p6.make(six);
    expect(p6.winner).toBe(2);
  });
});
