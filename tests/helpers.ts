import {
  type GameState,
  type RulesOptions,
  takeOpeningStep,
  formatPoint,
  makeRules,
  newGame,
  parsePoint,
  play,
  positionFromDiagram,
} from '../src/core';
import { mulberry32 } from '../src/ai/random';

/**
 * Plays space-separated moves in pente.org notation from a new game (and the opening steps, `swap`, `keep`,
 * `pass` (Swap2's or Renju's), or Renju's `offer:A1,A3,…`); throws on an illegal one.
 */
export function game(options: RulesOptions, moves: string, from?: GameState): GameState {
  let state = from ?? newGame(options);
  for (const name of moves.split(/\s+/).filter(Boolean)) {
    if (name === 'swap' || name === 'keep' || name === 'pass') {
      const chosen = takeOpeningStep(state, name);
      if (!chosen) throw new Error(`${name}: no seat choice is due`);
      state = chosen;
      continue;
    }
    if (name.startsWith('offer:')) {
      const offer = name
        .slice(6)
        .split(',')
        .map((p) => parsePoint(state.rules.size, p)!);
      const offered = takeOpeningStep(state, { offer });
      if (!offered) throw new Error(`${name}: no offer is due, or the offers are not valid`);
      state = offered;
      continue;
    }
    const point = parsePoint(state.rules.size, name);
    if (point === undefined) throw new Error(`bad point ${name}`);
    const next = play(state, point);
    if (!next.ok) throw new Error(`${name}: ${next.error.message}`);
    state = next.value;
  }
  return state;
}

/** The stone at a named point: 0, 1 or 2. */
export function at(state: GameState, name: string): number {
  const point = parsePoint(state.rules.size, name);
  if (point === undefined) throw new Error(`bad point ${name}`);
  return state.cells[point]!;
}

export const names = (state: GameState, points: readonly number[]): string[] =>
  points.map((p) => formatPoint(state.rules.size, p)).sort();

/** A small deterministic PRNG (mulberry32, src/ai/random.ts), so random games are reproducible from a seed. */
export const rng = mulberry32;

/**
 * Black to move on a 9×9 board with an open three C2 D2 E2 (and a few stones elsewhere): B2 or F2 makes an
 * open four, a win in 3 plies. Built through legal play by the core's positionFromDiagram.
 */
export function openThreeNineByNine(): GameState {
  const built = positionFromDiagram(makeRules({ size: 9 }), [
    'O........',
    '.O.....O.',
    '.........',
    '.........',
    '....X..O.',
    '.........',
    '.........',
    '..XXX....',
    '.........',
  ]);
  if (!built.ok) throw new Error(built.error);
  return built.value;
}
