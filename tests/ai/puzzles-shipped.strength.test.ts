/**
 * Re-verifies a sample of the shipped puzzles (public/puzzles.json) with the engine, independently of
 * the build: 30 puzzles spread evenly over the pack (so every rating band, theme and board is sampled).
 *
 * A win puzzle: every stored first move wins within the puzzle's length (the prover: every defence
 * tried); along the stored line, at each of the defender's turns, every legal defence (the engine's move
 * filter's first, then every other empty point) still loses within the moves left; and the engine's own
 * choice of defence, searched node-limited, is met by a search that sees the solver's forced win. A defence puzzle: every accepted move keeps the
 * opponent from winning within 5 plies, and the first other move the filter offers loses.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type GameState, type Puzzle, decodePuzzlePack, play, puzzlePosition } from '../../src/core';
import { Engine } from '../../src/ai/engine';
import { MoveGen } from '../../src/ai/movegen';
import { Prover } from '../../src/ai/prove';
import { isWinScore } from '../../src/ai/search';

const SAMPLE = 30;
const PROOF_NODES = 2_000_000;
const SEARCH_NODES = 30_000;

const pack = (() => {
  const read = decodePuzzlePack(readFileSync('public/puzzles.json', 'utf8'));
  if (!read.ok) throw new Error(read.error.message);
  return read.value;
})();

/** `n` puzzles spread evenly over a list (the pack is sorted by rating, so every band is sampled). */
const spread = (list: readonly Puzzle[], n: number): Puzzle[] =>
  Array.from({ length: Math.min(n, list.length) }, (_, i) => list[Math.floor((i * list.length) / n)]!);
/** 30 in all: the defence puzzles get a tenth, so the sample has some whatever their share of the pack. */
const DEFENCES = 3;
const sample: Puzzle[] = [
  ...spread(
    pack.puzzles.filter((p) => p.goal === 'win'),
    SAMPLE - DEFENCES,
  ),
  ...spread(
    pack.puzzles.filter((p) => p.goal === 'defend'),
    DEFENCES,
  ),
];

const after = (state: GameState, p: number): GameState => {
  const next = play(state, p);
  if (!next.ok) throw new Error(next.error.message);
  return next.value;
};

/** The defences the engine's move filter offers at this position (the same list the search starts from). */
function filterMoves(state: GameState): number[] {
  const prover = new Prover(state);
  const gen = new MoveGen(prover.pos);
  const moves = new Int16Array(prover.pos.points);
  const scores = new Int32Array(prover.pos.points);
  const count = gen.generate(moves, scores, 0, { forced: false, best: 0 });
  return Array.from(moves.subarray(0, count));
}

/**
 * Whether the engine's node-limited search sees a forced win for `solver` at `state`. A move the engine
 * plays without searching (the only move: a block) has no score, so the position after it is searched.
 */
function searchSeesWin(state: GameState, solver: number, depth = 0): boolean {
  if (state.result) return state.result.winner === solver;
  const found = new Engine(16).think(state, { nodes: SEARCH_NODES, timeMs: 600_000, book: false });
  if (found.forced && found.depth === 0 && depth < 4) return searchSeesWin(after(state, found.move), solver, depth + 1);
  return isWinScore(found.score) && (state.toMove === solver ? found.score > 0 : found.score < 0);
}

/** Whether the side to move at `state` (the solver) wins within `plies`, every defence tried. */
function solverWins(state: GameState, plies: number): boolean {
  if (state.result) return state.result.winner !== null && state.result.winner !== state.toMove;
  const prover = new Prover(state);
  prover.reset(PROOF_NODES);
  return prover.wins(plies) === 'win';
}

describe('the shipped puzzles', () => {
  it('hold at least 300 puzzles in under 150 KB, with 13×13 and Keryo among them', () => {
    const bytes = readFileSync('public/puzzles.json').length;
    expect(pack.puzzles.length).toBeGreaterThanOrEqual(300);
    expect(bytes).toBeLessThan(150 * 1024);
    expect(pack.puzzles.some((p) => p.rules.size === 13)).toBe(true);
    expect(pack.puzzles.some((p) => p.rules.variant.id === 'keryo')).toBe(true);
  });

  it.each(sample.map((p) => [p.id, p] as const))('%s re-verifies with the engine', (_, puzzle) => {
    const start = puzzlePosition(puzzle);
    if (!start.ok) throw new Error(start.error.message);
    const position = start.value;
    const solver = position.toMove;

    if (puzzle.goal === 'defend') {
      for (const m of puzzle.firstMoves) {
        const next = after(position, m);
        const prover = new Prover(next);
        prover.reset(PROOF_NODES);
        expect(prover.wins(5), `after ${m}`).toBe('no');
      }
      const other = filterMoves(position).find((m) => !puzzle.firstMoves.includes(m))!;
      expect(solverWins(after(position, other), 5)).toBe(true);
      return;
    }

    const plies = puzzle.solution.length;
    for (const m of puzzle.firstMoves) {
      const next = after(position, m);
      if (next.result) expect(next.result.winner).toBe(solver);
      else {
        const prover = new Prover(next);
        prover.reset(PROOF_NODES);
        expect(prover.loses(plies - 1), `first move ${m}`).toBe('win');
      }
    }
    // Along the stored line: every defence the filter offers loses in time, and so does the engine's own.
    let state = position;
    for (let i = 0; i < plies; i++) {
      const move = puzzle.solution[i]!;
      if (state.toMove !== solver) {
        const left = plies - i - 1;
        for (const d of new Prover(state).allMoves()) {
          expect(solverWins(after(state, d), left), `defence ${d} at ply ${i}`).toBe(true);
        }
        const defence = new Engine(16).think(state, { nodes: SEARCH_NODES, timeMs: 600_000, book: false });
        expect(searchSeesWin(after(state, defence.move), solver), `the search after ${defence.move}`).toBe(true);
      }
      state = after(state, move);
    }
    expect(state.result?.winner).toBe(solver);
  });
});
