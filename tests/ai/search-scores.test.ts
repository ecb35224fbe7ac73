import { describe, expect, it } from 'vitest';
import { type GameState, play } from '../../src/core';
import { Engine } from '../../src/ai/engine';
import { Position } from '../../src/ai/position';
import { Searcher, WIN, isWinScore } from '../../src/ai/search';
import { DEFAULT_SETTINGS } from '../../src/ai/search-settings';
import { TranspositionTable } from '../../src/ai/tt';
import { shortestWin, stateOf } from '../../scripts/lib/tactics';

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

/**
 * Null-move pruning: a node whose null-move search (the side to move passes) still holds beta is cut with
 * that score, but not when the score is a win. A win found after a pass is unproven: the pass is no legal
 * move, and its length counts the pass. Such a node searches its moves instead.
 *
 * Seen from outside, the principal-variation re-searches correct the scores, and only the node counts
 * differ; so this test watches the search itself. It wraps the Searcher's `search` (private: reached
 * through the prototype) and the position's null move, and checks each node whose null-move search returned
 * a win score at or above beta: the node must go on to make moves rather than return that score.
 */
describe('null-move pruning returns no win score', () => {
  const POSITIONS = [
    {
      id: 'self-random-openings-400ms-13-31',
      link: '1FJJHHFJJHFHHJFIFGHKIHKHFKLLHIJGHGHFKGIIKKIIGFFEIJGJEJGJEHDIFJIH',
    },
    {
      id: 'org-1712-39',
      link: '1FJJMLMIJIKGLKKJIJLJKKNHNJNMKHLGHKGLMGOGPFJGHIJKJLIMKKLHLIMJLIKIKHKIMKIGHGMHHJHH',
    },
  ];
  type SearchFn = (depth: number, alpha: number, beta: number, ply: number, pvNode: boolean) => number;

  for (const { id, link } of POSITIONS) {
    it(`${id}: a null-move search's win score never ends the node (depth 5)`, () => {
      const pos = Position.fromState(stateOf(link));
      const searcher = new Searcher(pos, DEFAULT_SETTINGS, new TranspositionTable(16));
      const inner = searcher as unknown as { search: SearchFn };
      const search = (Searcher.prototype as unknown as { search: SearchFn }).search;
      // The next search() call is the null-move search (set by makeNull, cleared when the pass is taken
      // back: the victory search's null moves make no search() call).
      let nullChild = false;
      const makeNull = pos.makeNull.bind(pos);
      const unmakeNull = pos.unmakeNull.bind(pos);
      pos.makeNull = () => {
        makeNull();
        nullChild = true;
      };
      pos.unmakeNull = () => {
        unmakeNull();
        nullChild = false;
      };
      interface Frame {
        beta: number;
        nullScore: number | null;
        nodesAfterNull: number;
      }
      const frames: Frame[] = [];
      let winningNulls = 0;
      let cutByWin = 0;
      inner.search = function (depth, alpha, beta, ply, pvNode) {
        const isNullChild = nullChild;
        nullChild = false;
        const frame: Frame = { beta, nullScore: null, nodesAfterNull: 0 };
        frames.push(frame);
        const score = search.call(this, depth, alpha, beta, ply, pvNode);
        frames.pop();
        const parent = frames.at(-1);
        if (isNullChild && parent) {
          parent.nullScore = -score;
          parent.nodesAfterNull = pos.nodes;
        }
        if (frame.nullScore !== null && isWinScore(frame.nullScore) && frame.nullScore >= beta) {
          winningNulls++;
          if (score === frame.nullScore && pos.nodes === frame.nodesAfterNull) cutByWin++;
        }
        return score;
      };
      searcher.run({ depth: 5, hardMs: 3_600_000, softMs: 3_600_000 });
      // (The position is one where null-move searches do find wins: else the test would prove nothing.)
      expect(winningNulls).toBeGreaterThan(0);
      expect(cutByWin).toBe(0);
    });
  }
});
