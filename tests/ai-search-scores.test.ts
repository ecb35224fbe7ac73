import { describe, expect, it } from 'vitest';
import { type GameState, play } from '../src/core';
import { Engine } from '../src/ai/engine';
import { WIN } from '../src/ai/search';
import { shortestWin, stateOf } from '../scripts/lib/tactics';

/** The state after the moves, which must be legal and leave the game going. */
function after(state: GameState, ...moves: number[]): GameState {
  let s = state;
  for (const m of moves) {
    const next = play(s, m);
    if (!next.ok || next.value.result) throw new Error('the line must be legal and leave the game going');
    s = next.value;
  }
  return s;
}

const searchTo = (engine: Engine, state: GameState, depth: number) =>
  engine.think(state, { depth, timeMs: 3_600_000, book: false });

/**
 * Positions of the tactics set (data/tactics.json) where the side to move wins in 7. The engine keeps its
 * transposition table between the moves of a game, so after its move and the reply, positions it stored a
 * move earlier come back two plies nearer the root. Their win scores must have been stored relative to the
 * node (search.ts `toTable`, `fromTable`): stored as seen from the root, a win in 5 reads as one in 7, and
 * the search, cut off by that bound, settles for a slower win.
 */
const WINS_IN_7 = [
  { id: 'org-8522-21', link: '1FJJLIFJJGHJIJHLKHIFJIHKLGMFHIHMHNKILHIKGMLF' },
  { id: 'self-random-openings-400ms-515-18', link: '1DGGGFKKJJFEJIJHLKEEDEGEFDIGIEHGFGHHFF' },
];

describe("the table's win scores across the moves of a game", () => {
  for (const { id, link } of WINS_IN_7) {
    it(`${id}: two plies on, the table kept from the last move still finds the win in 5`, () => {
      const engine = new Engine(16);
      const first = searchTo(engine, stateOf(link), 5);
      expect(first.score).toBe(WIN - 7);
      const next = after(stateOf(link), first.pv[0]!, first.pv[1]!);
      // (The prover confirms it: the shortest win from there is 5 plies.)
      expect(shortestWin(next, 5)).toBe(5);
      const warm = searchTo(engine, next, 3);
      expect(warm.score).toBe(WIN - 5);
      expect(warm.move).toBe(searchTo(new Engine(16), next, 3).move);
    });
  }
});
