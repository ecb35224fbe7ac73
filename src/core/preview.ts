/**
 * What the board shows before a move is made: the marks for a previewed point, and the points an opening
 * rule forbids. Both come from the rules themselves (`play`, `openingRestriction`), so a screen marks
 * exactly what the move will do in every variant (Poof-Pente's lost stones, Keryo's triples, Boat-Pente's
 * waiting five) without rule code of its own. Also the winning run a finished game shows.
 */
import { type Player, type Point, EMPTY, fiveLine } from './board';
import { type GameResult, type GameState, type IllegalMove, type OpeningRule, openingRestriction, play } from './game';
import { renjuDue, withinRenjuArea } from './renju-opening';
import { renjuForbiddenPoints } from './renju';
import { type Result, err, ok } from './result';

/** A legal move as it would be played: what to mark on the board, and the state to commit on confirm. */
export interface MovePreview {
  readonly point: Point;
  /** The side to move, whose stone the preview shows. */
  readonly player: Player;
  /** The opponent's stones the move would capture. */
  readonly captured: readonly Point[];
  /** Poof-Pente: the mover's own stones the move would lose (the placed stone among them); else empty. */
  readonly poofed: readonly Point[];
  /** How the game would end with this move (a win by five or by captures, or a draw), or null if it goes on. */
  readonly result: GameResult | null;
  /** The five that would win, when `result` is a win by five (the winner's line, whoever it is); else empty. */
  readonly winningLine: readonly Point[];
  /** Boat-Pente: the mover's five that would stand only if it survives the reply; else empty. */
  readonly waitingLine: readonly Point[];
  /** The state after the move: commit it as it is, no second legality check is needed. */
  readonly next: GameState;
}

/**
 * Previews a move by playing it once: an illegal point gives the same `IllegalMove` as `illegality`
 * (and `play`), a legal one gives its marks and the resulting state.
 */
export function previewMove(state: GameState, point: Point): Result<MovePreview, IllegalMove> {
  const played = play(state, point);
  if (!played.ok) return err(played.error);
  const next = played.value;
  // `play` always records the move it made; the fallback only satisfies the type.
  const effect = next.lastMove ?? { point, player: state.toMove, captured: [], poofed: [] };
  const { size, variant } = next.rules;
  const waitingLine =
    next.pendingFive === effect.player
      ? fiveLine(next.cells, size, point, effect.player, variant.fiveRule === 'exactly-five')
      : [];
  return ok({
    point,
    player: effect.player,
    captured: effect.captured,
    poofed: effect.poofed,
    result: next.result,
    winningLine: winningLine(next),
    waitingLine,
    next,
  });
}

/** The points an opening rule keeps the side to move from playing, and which rule it is. */
export interface ForbiddenPoints {
  /** The rule that forbids them; null when no point is forbidden (then `points` is empty). */
  readonly reason: OpeningRule | 'renju-area' | null;
  /** Empty points the side to move may not play, in increasing order. Occupied points are never listed. */
  readonly points: readonly Point[];
}

const NONE: ForbiddenPoints = { reason: null, points: [] };

/**
 * The empty points an opening rule forbids to the side to move: at the first move with the centre rule,
 * every point but the centre; at player 1's second stone with the tournament rule, the empty points of
 * the zone around the centre. Nothing otherwise, and nothing once the game is over.
 */
export function forbiddenPoints(state: GameState): ForbiddenPoints {
  const ply = state.moves.length;
  if (state.renju) return renjuAreaPoints(state);
  if (state.result || ply > 2) return NONE;
  let reason: OpeningRule | null = null;
  const points: Point[] = [];
  for (let p = 0; p < state.cells.length; p++) {
    if (state.cells[p] !== EMPTY) continue;
    const rule = openingRestriction(state.rules, ply, p);
    if (rule === null) continue;
    reason = rule;
    points.push(p);
  }
  return reason === null ? NONE : { reason, points };
}

/** Renju's opening: the empty points outside the area the next stone must be in (none while a step is due). */
function renjuAreaPoints(state: GameState): ForbiddenPoints {
  const ply = state.moves.length;
  const due = renjuDue(state);
  if (state.result || ply > 4 || (due !== 'stone' && due !== 'branch')) return NONE;
  const { size } = state.rules;
  const points: Point[] = [];
  for (let p = 0; p < state.cells.length; p++)
    if (state.cells[p] === EMPTY && !withinRenjuArea(size, ply, p)) points.push(p);
  return points.length === 0 ? NONE : { reason: 'renju-area', points };
}

/**
 * Renju: the empty points where black, to place a stone now, would lose at once (an overline, a double four,
 * a double three: renju.ts), for the board to mark. Empty in other games, while a step is due or white is to
 * move, and once the game is over.
 */
export function renjuForbiddenMarks(state: GameState): Point[] {
  if (!state.renju || state.result || state.toMove !== 1 || renjuDue(state) !== 'stone') return [];
  return renjuForbiddenPoints(state.cells, state.rules.size);
}

/** The winning run on the board, for highlighting: the five made by the last move, if the game ended so. */
export function winningLine(state: GameState): Point[] {
  const { result, lastMove } = state;
  if (!result || (result.reason !== 'five' && result.reason !== 'six') || !result.winner || !lastMove) return [];
  const { size, variant } = state.rules;
  // Renju: white's winning run may be longer than five.
  const exact = variant.fiveRule === 'exactly-five' && !(variant.renju && result.winner === 2);
  for (let p = 0; p < state.cells.length; p++) {
    if (state.cells[p] === result.winner) {
      const line = fiveLine(state.cells, size, p, result.winner, exact, variant.winLength);
      if (line.length > 0) return line;
    }
  }
  return [];
}
