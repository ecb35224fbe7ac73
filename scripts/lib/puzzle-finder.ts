/**
 * Finding and verifying puzzles in real games, for `npm run build:puzzles` and the re-verification test.
 *
 * A win puzzle: the side to move wins within n plies (n = 1, 3, 5, 7, 9) against every defence. It is
 * proved twice: the prover (src/ai/prove.ts) proves it exhaustively (every defence tried when the defender
 * is not facing a win next move, every block and capture when it is) and finds the shortest n and every
 * winning first move; the engine's search (node-limited, so deterministic) must also score the position
 * as a forced win. The stored line is the longest resistance: at each defender turn the defence that
 * delays the win most (the filter's order breaks ties), and at each solver turn the fastest win.
 *
 * A stop-the-win puzzle: the opponent, given a free move, would win within n ≥ 3 plies; every move of the
 * side to move but one to three loses within n (proved), and those few do not (proved: the prover finds
 * no win within n, and the engine's search finds no forced win after them).
 */
import { type GameState, type Player, type Point, play } from '../../src/core';
import { Engine } from '../../src/ai/engine';
import { Prover } from '../../src/ai/prove';
import { WIN, isWinScore } from '../../src/ai/search';

export const MAX_WIN_PLIES = 9;
export const STOP_PLIES = 5;

export interface Budget {
  /** Prover makes per question. */
  readonly proofNodes: number;
  /** Engine search nodes per confirmation. */
  readonly searchNodes: number;
}

export const DEFAULT_BUDGET: Budget = { proofNodes: 400_000, searchNodes: 100_000 };

export interface FoundPuzzle {
  readonly goal: 'win' | 'defend';
  /** The solver's moves and the replies, ending with the winning move (win), or the one defence (defend). */
  readonly solution: readonly Point[];
  /** Every accepted first move (the solution's first included). */
  readonly firstMoves: readonly Point[];
  /** Plies of the win (win) or of the threat stopped (defend). */
  readonly plies: number;
  readonly themes: readonly string[];
  /** The engine search's nodes and score that confirmed it. */
  readonly searchScore: number;
}

const after = (state: GameState, p: Point): GameState => {
  const next = play(state, p);
  if (!next.ok) throw new Error(`illegal move ${p}: ${next.error.message}`);
  return next.value;
};

/** The shortest win within `max` plies for the side to move: its length, or 0 (none), or -1 (unknown). */
export function shortestWin(state: GameState, max: number, budget: Budget): number {
  const prover = new Prover(state);
  for (let p = 1; p <= max; p += 2) {
    prover.reset(budget.proofNodes);
    const r = prover.wins(p);
    if (r === 'win') return p;
    if (r === 'unknown') return -1;
  }
  return 0;
}

function engineScore(state: GameState, nodes: number): number {
  const engine = new Engine(18);
  return engine.think(state, { nodes, timeMs: 600_000, book: false }).score;
}

/** The winning line from a won position: fastest solver moves, longest-resisting defences. */
function winningLine(state: GameState, plies: number, budget: Budget): Point[] | null {
  const line: Point[] = [];
  let s = state;
  let left = plies;
  const solver = state.toMove;
  while (!s.result) {
    if (s.toMove === solver) {
      const prover = new Prover(s);
      let chosen = -1;
      for (let p = 1; p <= left && chosen < 0; p += 2) {
        prover.reset(budget.proofNodes);
        const moves = prover.firstMoves(p);
        chosen = moves.find((m) => m.answer === 'win')?.move ?? -1;
        if (chosen >= 0) left = p;
      }
      if (chosen < 0) return null;
      line.push(chosen);
      s = after(s, chosen);
      left--;
    } else {
      // The defence that holds out longest (every legal move is looked at; the filter's order breaks ties).
      const prover = new Prover(s);
      const defences = prover.allMoves();
      let best = -1;
      let bestLength = -1;
      for (const d of defences) {
        const next = after(s, d);
        if (next.result) {
          if (next.result.winner !== solver) return null;
          continue;
        }
        const length = shortestWin(next, left - 1, budget);
        if (length <= 0) return null; // not proved within the bound: the line is not a proof
        if (length > bestLength) {
          best = d;
          bestLength = length;
        }
      }
      if (best < 0) return null;
      line.push(best);
      s = after(s, best);
      left--;
    }
  }
  return s.result?.winner === solver ? line : null;
}

function themesOf(state: GameState, line: readonly Point[], plies: number): string[] {
  const themes: string[] = [plies === 1 ? 'win-in-1' : plies === 3 ? 'win-in-3' : 'win-in-5-plus'];
  let end = state;
  for (const p of line) end = after(end, p);
  if (end.result?.reason === 'captures') themes.push('capture-win');
  else themes.push('five');
  const target = state.rules.variant.captureWin ?? 10;
  const [a, b] = state.captures;
  if (Math.min(a, b) >= Math.floor(target / 2) - 1 && Math.max(a, b) >= target - 4) themes.push('capture-race');
  if (plies >= 3 && isFourThree(state, line[0]!)) themes.push('four-three');
  return themes;
}

/** Whether the move makes a four and a three at once (a window of four and a new window of three). */
function isFourThree(state: GameState, move: Point): boolean {
  const prover = new Prover(state);
  const me = state.toMove;
  const pos = prover.pos;
  const fours = pos.lineCount[me * 6 + 4]!;
  const threes = pos.lineCount[me * 6 + 3]!;
  pos.make(move);
  const four = pos.lineCount[me * 6 + 4]! > fours;
  const three = pos.lineCount[me * 6 + 3]! > threes;
  pos.unmake();
  return four && three;
}

/** A win puzzle at this position, or null. */
export function findWinPuzzle(state: GameState, budget = DEFAULT_BUDGET, maxPlies = MAX_WIN_PLIES): FoundPuzzle | null {
  if (state.result) return null;
  const plies = shortestWin(state, maxPlies, budget);
  if (plies <= 0) return null;
  const prover = new Prover(state);
  prover.reset(budget.proofNodes);
  const first = prover.firstMoves(plies);
  if (first.some((m) => m.answer === 'unknown')) return null;
  const firstMoves = first.filter((m) => m.answer === 'win').map((m) => m.move);
  // A puzzle with many answers is no puzzle.
  if (firstMoves.length === 0 || firstMoves.length > 3) return null;
  const searchScore = engineScore(state, budget.searchNodes);
  if (!(isWinScore(searchScore) && searchScore > 0 && WIN - searchScore <= plies + 2)) return null;
  const line = winningLine(state, plies, budget);
  if (!line) return null;
  return { goal: 'win', solution: line, firstMoves, plies, themes: themesOf(state, line, plies), searchScore };
}

/**
 * A stop-the-win puzzle at this position, or null: the opponent threatens a win within 3 or 5 plies, and
 * only one to three moves keep it from winning within 5.
 */
export function findStopPuzzle(state: GameState, budget = DEFAULT_BUDGET): FoundPuzzle | null {
  if (state.result) return null;
  const me = state.toMove;
  const them = (3 - me) as Player;
  // The threat: the opponent, moving now, would win within 3 or 5 plies (no four to block: that is too easy).
  const probe = new Prover(state);
  if (probe.threatens(them)) return null;
  probe.pos.makeNull();
  let threat = 0;
  for (let p = 3; p <= STOP_PLIES && threat === 0; p += 2) {
    probe.reset(budget.proofNodes);
    const r = probe.wins(p);
    if (r === 'unknown') return null;
    if (r === 'win') threat = p;
  }
  probe.pos.unmakeNull();
  if (threat === 0) return null;
  // A defence must hold for STOP_PLIES: a move that only delays the win by a ply is no defence.
  const plies = STOP_PLIES;
  // Every move: does the opponent still win within `plies`?
  const savers: Point[] = [];
  for (const m of probe.allMoves()) {
    const next = after(state, m);
    if (next.result) {
      if (next.result.winner === me) return null; // a win now is not a defence puzzle
      continue;
    }
    const prover = new Prover(next);
    prover.reset(budget.proofNodes);
    const r = prover.wins(plies);
    if (r === 'unknown') return null;
    if (r === 'no') {
      savers.push(m);
      if (savers.length > 3) return null;
    }
  }
  if (savers.length === 0) return null;
  // The search agrees: after each saving move the opponent has no forced win it can find.
  let searchScore = 0;
  for (const m of savers) {
    const score = engineScore(after(state, m), budget.searchNodes);
    if (isWinScore(score) && score > 0) return null;
    if (m === savers[0]) searchScore = -score;
  }
  return {
    goal: 'defend',
    solution: [savers[0]!],
    firstMoves: savers,
    plies,
    themes: ['stop-the-win'],
    searchScore,
  };
}
