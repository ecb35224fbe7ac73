import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type GameState,
  type Player,
  formatPoint,
  legalMoves,
  moverAt,
  newGame,
  parsePoint,
  play,
  xOf,
  yOf,
} from '../../src/core';
import { Engine } from '../../src/ai/engine';
import { Connect6Position } from '../../src/ai/connect6/position';
import { rng } from '../helpers';

const RULES = { variant: 'connect6', size: 19 } as const;

/** Everything the position keeps incrementally, as plain arrays for comparison. */
function snapshot(p: Connect6Position) {
  return {
    cells: Array.from(p.cells),
    ply: p.ply,
    toMove: p.toMove,
    hash: [p.hashLo, p.hashHi],
    lineCount: Array.from(p.lineCount.subarray(1)),
    through: Array.from(p.through),
    near: Array.from(p.near),
  };
}

/**
 * A Connect6 position from its stones, played in the turn order (one black stone, then two a turn): the
 * lists must hold as many stones as that order gives each side.
 */
function position(black: readonly string[], white: readonly string[]): GameState {
  const queues: Record<Player, string[]> = { 1: [...black], 2: [...white] };
  let state = newGame(RULES);
  while (queues[1].length + queues[2].length > 0) {
    const name = queues[moverAt(state.rules, state.moves.length)].shift();
    if (name === undefined) throw new Error(`stones out of turn order at move ${state.moves.length + 1}`);
    const next = play(state, parsePoint(19, name)!);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value;
  }
  return state;
}

/**
 * The engine plays the side to move's whole turn, each stone searched `depth` stones deep (node-limited
 * too); returns the game after it. Depth 1 sees only the stone itself and then the quiescence search, so the
 * threats must come from the move generator's and the quiescence's knowledge of windows of six.
 */
function engineTurn(state: GameState, depth = 1, engine = new Engine(16)): GameState {
  const mover = state.toMove;
  let s = state;
  while (!s.result && s.toMove === mover) {
    const { move } = engine.think(s, { depth, nodes: 30_000, timeMs: 600_000 });
    const next = play(s, move);
    if (!next.ok) throw new Error(next.error.message);
    s = next.value;
  }
  return s;
}

/** Windows of six that `player` could complete next turn (four or five of its stones, none of the other's). */
const threats = (state: GameState, player: Player): number => {
  const pos = Connect6Position.fromState(state);
  return pos.windows(player, 4) + pos.windows(player, 5);
};

describe('Connect6 in the engine', () => {
  it('keeps its counts, hash and outcome equal to the rules core over random games, through make and unmake', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const random = rng(seed);
        let state = newGame(RULES);
        const pos = Connect6Position.fromState(state);
        const history: ReturnType<typeof snapshot>[] = [];
        while (!state.result && state.moves.length < 120) {
          const size = state.rules.size;
          const legal = legalMoves(state);
          const near = legal.filter((p) =>
            state.moves.some(
              (m) => Math.abs(xOf(size, m) - xOf(size, p)) <= 1 && Math.abs(yOf(size, m) - yOf(size, p)) <= 1,
            ),
          );
          const pool = near.length ? near : legal;
          const move = pool[Math.floor(random() * pool.length)]!;
          history.push(snapshot(pos));
          expect(pos.toMove).toBe(state.toMove);
          pos.make(move);
          const next = play(state, move);
          if (!next.ok) throw new Error(next.error.message);
          state = next.value;
          expect(pos.winner).toBe(state.result?.winner ?? 0);
          if (!state.result) expect(snapshot(pos)).toEqual(snapshot(Connect6Position.fromState(state)));
        }
        for (let i = history.length - 1; i >= 0; i--) {
          pos.unmake();
          expect(snapshot(pos)).toEqual(history[i]);
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);

  it('completes six with its two stones from four in a line, seeing the win before any search', () => {
    const far = ['A19', 'C19', 'E19', 'T1', 'T3', 'T5'];
    const state = position(['F10', 'G10', 'H10', 'J10', 'A1'], far);
    const first = new Engine(16).think(state, { depth: 4, nodes: 5_000, timeMs: 600_000 });
    expect(first).toMatchObject({ forced: true, nodes: 0 });
    expect(['D10', 'E10', 'K10', 'L10']).toContain(formatPoint(19, first.move));
    expect(engineTurn(state).result).toEqual({ winner: 1, reason: 'six' });
  });

  it('completes six through the gap of a broken four', () => {
    const far = ['A19', 'C19', 'E19', 'T1', 'T3', 'T5'];
    const state = position(['F10', 'G10', 'K10', 'L10', 'A1'], far);
    const won = engineTurn(state);
    expect(won.result).toEqual({ winner: 1, reason: 'six' });
    expect(won.moves.slice(-2).map((p) => formatPoint(19, p))).toContain('H10');
  });

  it('blocks an open four at both ends', () => {
    const state = position(['G10', 'H10', 'J10', 'K10', 'A1'], ['A19', 'C19', 'T1', 'T3']);
    expect(threats(state, 1)).toBe(3);
    const after = engineTurn(state);
    expect(after.result).toBeNull();
    expect(threats(after, 1)).toBe(0);
  });

  it('blocks two broken fours, one stone in a gap of each', () => {
    const state = position(
      ['G10', 'J10', 'K10', 'M10', 'C3', 'C5', 'C6', 'C8', 'A1'],
      ['T19', 'T17', 'T15', 'T13', 'R19', 'R17', 'R15', 'R13'],
    );
    expect(threats(state, 1)).toBe(2);
    const after = engineTurn(state);
    expect(after.result).toBeNull();
    expect(threats(after, 1)).toBe(0);
    const placed = after.moves.slice(-2).map((p) => formatPoint(19, p));
    expect(placed.some((n) => n === 'H10' || n === 'L10')).toBe(true);
    expect(placed.some((n) => n === 'C4' || n === 'C7')).toBe(true);
  });

  it('wins at once rather than block when both are on the board', () => {
    const state = position(['F10', 'G10', 'H10', 'J10', 'A1'], ['F5', 'G5', 'H5', 'J5', 'T1', 'T3']);
    expect(engineTurn(state).result).toEqual({ winner: 1, reason: 'six' });
  });
});
