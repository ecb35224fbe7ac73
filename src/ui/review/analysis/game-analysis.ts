/**
 * Whole-game analysis as values (no signals, no I/O): which positions of a game need the engine's
 * evaluation, what a saved analysis still holds for a game that has changed, the evaluation graph's points,
 * and each move's verdict by the drop in the mover's win chance.
 *
 * Position k is the board after k moves (0: the empty board). Every position is evaluated for its side to
 * move, except a last position the rules ended (five, captures, a full board): its value is the result.
 * A game that ended by resignation or time has its last position evaluated like any other.
 */
import type { GameState, Player, Point } from '../../../core';
import type { PositionEval, StoredAnalysis } from '../../../storage';

export type MoveQuality = 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder';

/**
 * A move's quality is the drop in its player's win chance from the position before it (at the engine's
 * best) to the position after it (at the engine's best reply), in win-chance points (0–1):
 * - best: the engine's own first choice, or a drop under 2 points (as good as it, within the noise of a
 *   300 ms search);
 * - good: under 5 points; inaccuracy: 5 to 10; mistake: 10 to 20; blunder: 20 or more.
 * The bands are chess.com's "expected points" ones; lichess marks at 5, 10 and 15 points of win chance.
 * Ours start the same and give a blunder more room, since a Pente position swings harder than a chess one:
 * one open three is already worth about 6 points (src/ai/win-chance.ts).
 */
export const QUALITY_LIMITS = { best: 0.02, good: 0.05, inaccuracy: 0.1, mistake: 0.2 } as const;

export function qualityOf(drop: number, playedBest: boolean): MoveQuality {
  if (playedBest || drop < QUALITY_LIMITS.best) return 'best';
  if (drop < QUALITY_LIMITS.good) return 'good';
  if (drop < QUALITY_LIMITS.inaccuracy) return 'inaccuracy';
  if (drop < QUALITY_LIMITS.mistake) return 'mistake';
  return 'blunder';
}

/**
 * The mark after a move, by its quality: the one rule for ?!, ? and ?? wherever a move is marked (the move
 * list, the marked moves, the graph's dots, each side's counts). '' for a move that is not marked.
 */
export const QUALITY_SYMBOL: Readonly<Record<MoveQuality, string>> = {
  best: '',
  good: '',
  inaccuracy: '?!',
  mistake: '?',
  blunder: '??',
};

/** Whether a move of this quality is marked (inaccuracy or worse). */
export const isMarked = (quality: MoveQuality): boolean => QUALITY_SYMBOL[quality] !== '';

export type MarkedQuality = 'inaccuracy' | 'mistake' | 'blunder';

/**
 * The marks as the screen explains them: each one's symbol and the drop in the mover's win chance that
 * earns it (from, up to; null: no upper limit), straight from QUALITY_LIMITS.
 */
export const MARK_BANDS: readonly {
  readonly quality: MarkedQuality;
  readonly symbol: string;
  readonly from: number;
  readonly to: number | null;
}[] = [
  {
    quality: 'inaccuracy',
    symbol: QUALITY_SYMBOL.inaccuracy,
    from: QUALITY_LIMITS.good,
    to: QUALITY_LIMITS.inaccuracy,
  },
  { quality: 'mistake', symbol: QUALITY_SYMBOL.mistake, from: QUALITY_LIMITS.inaccuracy, to: QUALITY_LIMITS.mistake },
  { quality: 'blunder', symbol: QUALITY_SYMBOL.blunder, from: QUALITY_LIMITS.mistake, to: null },
];

/** The positions of a game, oldest first (index = plies played). */
export function positionsOf(game: GameState): GameState[] {
  const out: GameState[] = [];
  for (let s: GameState | null = game; s; s = s.parent) out.push(s);
  return out.reverse();
}

/** Whether the rules ended the game at this position (a result that is not a resignation or a flag fall). */
const endedByRules = (s: GameState): boolean =>
  s.result !== null && s.result.reason !== 'resignation' && s.result.reason !== 'time';

/** How many positions the engine evaluates: every position but a last one the rules ended. */
export function positionsToEvaluate(game: GameState): number {
  return game.moves.length + (endedByRules(game) ? 0 : 1);
}

/**
 * The analysis to work on for a game: the saved one's evaluations for the positions the game still shares
 * with it (a game that went on, or was taken back and played differently, keeps its common start), and
 * room for the rest.
 */
export function analysisFor(
  id: string,
  moves: readonly string[],
  game: GameState,
  timeMs: number,
  saved: StoredAnalysis | null,
  now: number,
): StoredAnalysis {
  const total = positionsToEvaluate(game);
  let shared = 0;
  if (saved && saved.id === id) {
    while (shared < moves.length && shared < saved.moves.length && saved.moves[shared] === moves[shared]) shared++;
    // Position k depends on the first k moves only.
    shared = Math.min(shared + 1, saved.evals.length, total);
  }
  const evals = Array.from({ length: total }, (_, k) => (k < shared ? (saved!.evals[k] ?? null) : null));
  if (saved && shared === total && saved.moves.length === moves.length && saved.evals.length === total) return saved; // nothing changed: the same value, so nothing is saved again
  return { id, moves: [...moves], timeMs, evals, updatedAt: now };
}

/** The first position still to evaluate, or null when the analysis is complete. */
export function nextPosition(analysis: StoredAnalysis): number | null {
  const k = analysis.evals.indexOf(null);
  return k < 0 ? null : k;
}

export function withEval(analysis: StoredAnalysis, position: number, value: PositionEval, now: number): StoredAnalysis {
  const evals = analysis.evals.slice();
  evals[position] = value;
  return { ...analysis, evals, updatedAt: now };
}

export function progressOf(analysis: StoredAnalysis): { readonly done: number; readonly total: number } {
  return { done: analysis.evals.filter((e) => e !== null).length, total: analysis.evals.length };
}

/** The side to move's win chance at a position: the evaluation's, or the result's at a last position the rules ended. */
function chanceToMove(analysis: StoredAnalysis, positions: readonly GameState[], k: number): number | null {
  const s = positions[k];
  if (!s) return null;
  if (endedByRules(s)) {
    const winner = s.result!.winner;
    return winner === null ? 0.5 : winner === s.toMove ? 1 : 0;
  }
  return analysis.evals[k]?.winChance ?? null;
}

/** Black's (the first player's) win chance at each position; null where not evaluated yet. */
export function blackChances(analysis: StoredAnalysis, game: GameState): (number | null)[] {
  const positions = positionsOf(game);
  return positions.map((s, k) => {
    const chance = chanceToMove(analysis, positions, k);
    return chance === null ? null : s.toMove === 1 ? chance : 1 - chance;
  });
}

export interface MoveVerdict {
  /** The move's index (0-based): the position before it is `ply`, after it `ply + 1`. */
  readonly ply: number;
  readonly player: Player;
  readonly point: Point;
  readonly quality: MoveQuality;
  /** The mover's win chance before the move (at the engine's best) and after it. */
  readonly before: number;
  readonly after: number;
  /** before − after, never below 0. */
  readonly drop: number;
  /** The engine's choice in the position before the move (-1: none). */
  readonly best: Point;
}

/** Each move's verdict, by move index; null where either position around it is not evaluated yet. */
export function verdicts(analysis: StoredAnalysis, game: GameState): (MoveVerdict | null)[] {
  const positions = positionsOf(game);
  return game.moves.map((point, i) => {
    const before = positions[i]!;
    const evalBefore = analysis.evals[i];
    const chanceAfter = chanceToMove(analysis, positions, i + 1);
    if (!evalBefore || chanceAfter === null) return null;
    const player = before.toMove;
    const after = positions[i + 1]!;
    const moverAfter = after.toMove === player ? chanceAfter : 1 - chanceAfter;
    const drop = Math.max(0, evalBefore.winChance - moverAfter);
    return {
      ply: i,
      player,
      point,
      quality: qualityOf(drop, point === evalBefore.best),
      before: evalBefore.winChance,
      after: moverAfter,
      drop,
      best: evalBefore.best,
    };
  });
}

export interface SideSummary {
  readonly inaccuracies: number;
  readonly mistakes: number;
  readonly blunders: number;
  /** The marked moves (inaccuracy or worse), in game order. */
  readonly marked: readonly MoveVerdict[];
}

/** Each player's marked moves: [Black's, White's]. */
export function summarize(all: readonly (MoveVerdict | null)[]): readonly [SideSummary, SideSummary] {
  const side = (player: Player): SideSummary => {
    const marked = all.filter((v): v is MoveVerdict => v !== null && v.player === player && isMarked(v.quality));
    const count = (q: MoveQuality) => marked.filter((v) => v.quality === q).length;
    return { inaccuracies: count('inaccuracy'), mistakes: count('mistake'), blunders: count('blunder'), marked };
  };
  return [side(1), side(2)];
}

/**
 * The position "Play from here" starts from, with the move after `shownPly` moves on the board: the
 * position before it when that move is a marked one by a player on this device (not the computer), so
 * that player tries it again with their side to move; else the shown position itself.
 */
export function playFromPly(
  all: readonly (MoveVerdict | null)[],
  shownPly: number,
  isComputer: (player: Player) => boolean,
): number {
  const last = shownPly > 0 ? all[shownPly - 1] : null;
  return last && isMarked(last.quality) && !isComputer(last.player) ? shownPly - 1 : shownPly;
}
