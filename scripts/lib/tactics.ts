/**
 * The tactics set (issue #24): positions from real games where a short forced win is there to be found, or
 * to be avoided, each proved by the exhaustive prover (src/ai/prove.ts), never by the engine, so the set
 * cannot be fooled by the engine's own blind spots.
 *
 * - `win`: the side to move wins by force within `plies` (3, 5 or 7: two to four of its moves), and within
 *   no fewer. The engine finds it when the prover shows its move still wins within `plies + 2`.
 * - `defend`: some moves of the side to move give the opponent a forced win within `plies` (the game's move
 *   did), and at least one does not. The engine avoids it when the prover finds no such win after its move.
 *
 * `capture` marks a position whose win goes through a capture: a capture by the winner on the line where
 * the loser resists longest (among its forced defences, or the move filter's first few), or a capture win.
 */
import { type GameState, type Point, decodeGameLink, play } from '../../src/core';
import { Prover } from '../../src/ai/prove';

export interface TacticsPosition {
  readonly id: string;
  readonly source: string;
  readonly goal: 'win' | 'defend';
  /** The position as a game link code (rules and moves). */
  readonly link: string;
  /** The win's length in plies (win: the side to move's; defend: the opponent's after a losing move). */
  readonly plies: number;
  readonly capture: boolean;
  /** The game's move there (defend: the one that allowed the win). */
  readonly played: string;
}

/**
 * The Master level's think (3 s, src/core/levels.ts) as a node count, so the engine's tests stay
 * deterministic: about what one such move searches on the development machine (about 400,000 nodes a
 * second, and the stopping rule ends most moves before the 3 s: docs/ENGINE-MEASUREMENTS.md).
 */
export const MASTER_NODES = 600_000;

/** Prover makes per question: enough for wins of up to 7 plies in real positions; past it, 'unknown'. */
export const PROOF_NODES = 400_000;
/** The longest win in the set, in plies. */
export const SET_PLIES = 7;

export const after = (state: GameState, p: Point): GameState => {
  const next = play(state, p);
  if (!next.ok) throw new Error(`illegal move ${p}: ${next.error.message}`);
  return next.value;
};

export function stateOf(link: string): GameState {
  const decoded = decodeGameLink(link);
  if (!decoded.ok) throw new Error(decoded.error.message);
  return decoded.value;
}

/** The side to move's shortest forced win within `max` plies (odd): its length, 0 (none) or -1 (unknown). */
export function shortestWin(state: GameState, max: number, nodes = PROOF_NODES): number {
  if (state.result) return 0;
  const prover = new Prover(state);
  for (let p = 1; p <= max; p += 2) {
    prover.reset(nodes);
    const r = prover.wins(p);
    if (r === 'win') return p;
    if (r === 'unknown') return -1;
  }
  return 0;
}

/**
 * Whether the win from `state` (the side to move wins in `plies`) goes through a capture: a line of the
 * winner's fastest moves against the loser's longest resistance (every defence when it is forced, else
 * the filter's first eight) holds a capture by the winner, or ends by captures.
 */
export function winGoesThroughCapture(state: GameState, plies: number): boolean | null {
  const winner = state.toMove;
  let s = state;
  let left = plies;
  while (!s.result) {
    if (left <= 0) return null;
    const prover = new Prover(s);
    if (s.toMove === winner) {
      let chosen = -1;
      for (let p = 1; p <= left && chosen < 0; p += 2) {
        prover.reset(PROOF_NODES);
        chosen = prover.firstMoves(p).find((m) => m.answer === 'win')?.move ?? -1;
        if (chosen >= 0) left = p;
      }
      if (chosen < 0) return null;
      const next = after(s, chosen);
      if (next.captures[winner - 1]! > s.captures[winner - 1]!) return true;
      s = next;
    } else {
      const forced = prover.threatens(winner);
      const defences = prover.allMoves();
      let best = -1;
      let longest = -1;
      for (const d of forced ? defences : defences.slice(0, 8)) {
        const next = after(s, d);
        if (next.result) {
          if (next.result.winner !== winner) return null;
          continue;
        }
        const length = shortestWin(next, left - 1);
        if (length <= 0) {
          if (forced) return null;
          continue;
        }
        if (length > longest) {
          longest = length;
          best = d;
        }
      }
      if (best < 0) return null;
      s = after(s, best);
    }
    left--;
  }
  return s.result.reason === 'captures';
}

/** Whether the side to move's move m gives the opponent a forced win within `plies` (true, false, or null: unknown). */
export function allowsWin(state: GameState, m: Point, plies: number): boolean | null {
  const next = after(state, m);
  if (next.result) return next.result.winner !== state.toMove;
  const prover = new Prover(next);
  prover.reset(PROOF_NODES);
  const r = prover.wins(plies);
  return r === 'unknown' ? null : r === 'win';
}

/** Whether the side to move's move m keeps a forced win within `plies` (odd) (null: unknown). */
export function keepsWin(state: GameState, m: Point, plies: number): boolean | null {
  const next = after(state, m);
  if (next.result) return next.result.winner === state.toMove;
  const prover = new Prover(next);
  prover.reset(PROOF_NODES);
  const r = prover.loses(Math.min(plies - 1, 10));
  return r === 'unknown' ? null : r === 'win';
}

/**
 * Whether the engine's move solves the position (null: the prover could not tell): a win is kept (within
 * plies + 2: a win a move slower is still found), or no win of up to SET_PLIES is allowed.
 */
export function solves(position: TacticsPosition, move: Point): boolean | null {
  const state = stateOf(position.link);
  if (position.goal === 'win') return keepsWin(state, move, position.plies + 2);
  const allowed = allowsWin(state, move, SET_PLIES);
  return allowed === null ? null : !allowed;
}
