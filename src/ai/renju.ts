/**
 * Renju's opening decisions, made by searching (issue 32): what the engine answers when a Renju game's
 * due step is not a plain stone. The searches are the engine's own (Position and Searcher play Renju:
 * black's forbidden points, exactly five for black, the opening's areas), each kept small: a decision
 * shares the request's node and time budget among the positions it compares.
 *
 * - A swap window (after stones 1–4, and after the fifth in branch A): a search of the position for the
 *   side to move, the colour that plays next; its score chooses (`seatChoiceForScore`: swap when below even).
 * - Black's branch after the fourth stone: every fifth stone near the stones is scored by a search of the
 *   position after it (white to move). Branch A gives black's person the fifth stone within the 9×9 whose
 *   score is nearest even, since white swaps after it whenever black stands better: −min |s|. Branch B gives
 *   the worst of ten offers, since white picks: black offers its ten best, no two the same under the
 *   position's symmetries (as core's renju-offers.ts checks them), worth the tenth's score. The better wins.
 * - White's pick among the offers: the offer after which white's search scores best.
 * - After the opening, a pass only where the rules make it the best step: no stone may be played (every
 *   empty point forbidden to black), or the opponent just passed and every stone loses (a pass draws).
 */
import {
  type GameState,
  type OpeningStep,
  type Point,
  EMPTY,
  RENJU_OFFERS,
  forbiddenKind,
  play,
  positionSymmetries,
  renjuDue,
  renjuPassAllowed,
  seatChoiceForScore,
  withinRenjuArea,
} from '../core';
import { applyTransform } from '../core/canonical';
import type { ThinkOptions, ThinkResult } from './engine';
import { WIN, isWinScore } from './search';

/** How a decision runs a search (the engine's `think`, without the opening logic). */
export type SearchFn = (state: GameState, options: ThinkOptions) => ThinkResult;

/** A Renju decision: the step to take (null: play `result.move`), and the search behind it. */
export interface RenjuDecision {
  readonly step: OpeningStep | null;
  /** The stone to play (after the step, for a swap window: the next stone), or -1 with offers or a pass. */
  readonly result: ThinkResult;
}

/** The default node budget of a decision that compares positions, when the request sets none. */
const DECISION_NODES = 120_000;
/** The least each compared position gets. */
const MIN_NODES = 400;

/** Stones within two points of a stone: the fifth stones worth comparing (the board order). */
function nearPoints(state: GameState): Point[] {
  const { size } = state.rules;
  const out: Point[] = [];
  for (let p = 0; p < size * size; p++) {
    if (state.cells[p] !== EMPTY) continue;
    const x = p % size;
    const y = (p - x) / size;
    let near = false;
    for (let dy = -2; dy <= 2 && !near; dy++) {
      for (let dx = -2; dx <= 2 && !near; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        near = nx >= 0 && ny >= 0 && nx < size && ny < size && state.cells[ny * size + nx] !== EMPTY;
      }
    }
    if (near) out.push(p);
  }
  return out;
}

/** Options for one of `count` compared searches: the budget shared, no progress reports, no book. */
function shareOf(options: ThinkOptions, count: number): ThinkOptions {
  const { onProgress: _, ...rest } = options;
  const timeMs = options.timeMs ?? 1000;
  return {
    ...rest,
    book: false,
    nodes: Math.max(MIN_NODES, Math.floor((options.nodes ?? DECISION_NODES) / count)),
    timeMs: Math.max(5, Math.floor(timeMs / count)),
  };
}

/** A scored fifth stone: its score for black. */
interface Scored {
  readonly point: Point;
  readonly score: number;
}

/** Totals of the compared searches, for the answer. */
function total(results: readonly ThinkResult[], move: Point, score: number): ThinkResult {
  let nodes = 0;
  let timeMs = 0;
  let depth = 0;
  for (const r of results) {
    nodes += r.nodes;
    timeMs += r.timeMs;
    depth = Math.max(depth, r.depth);
  }
  return { move, score, depth, nodes, timeMs, pv: move >= 0 ? [move] : [], forced: false, ttHitRate: 0 };
}

/** Each fifth stone's score for black: a search of the position after it, white to move. */
function scoreFifthStones(search: SearchFn, state: GameState, points: readonly Point[], options: ThinkOptions) {
  const share = shareOf(options, points.length);
  const results: ThinkResult[] = [];
  const scored: Scored[] = [];
  for (const point of points) {
    // Played as an offer picked (a stone outside the 9×9 may be offered), the position is the same.
    const after = play({ ...state, renju: { ...state.renju!, offers: [point] } }, point);
    if (!after.ok) continue;
    if (after.value.result) {
      scored.push({ point, score: after.value.result.winner === 1 ? WIN - 1 : -(WIN - 1) });
      continue;
    }
    const r = search(after.value, share);
    results.push(r);
    scored.push({ point, score: -r.score });
  }
  return { scored, results };
}

/**
 * Ten offers, best for black first, no two the same under the position's symmetries; null when the
 * scored points hold fewer than ten such.
 */
export function chooseOffers(state: GameState, scored: readonly Scored[]): Scored[] | null {
  const { size } = state.rules;
  const symmetries = positionSymmetries(state);
  const chosen: Scored[] = [];
  const sorted = [...scored].sort((a, b) => b.score - a.score || a.point - b.point);
  for (const s of sorted) {
    if (chosen.some((c) => symmetries.some((t) => applyTransform(size, t, s.point) === c.point))) continue;
    chosen.push(s);
    if (chosen.length === RENJU_OFFERS) return chosen;
  }
  return null;
}

/** Black's branch after the fourth stone: a fifth stone in the 9×9 (branch A), or ten offers (branch B). */
function branch(search: SearchFn, state: GameState, options: ThinkOptions): RenjuDecision {
  const { size } = state.rules;
  const points = nearPoints(state).filter((p) => forbiddenKind(state.cells, size, p) === null);
  const { scored, results } = scoreFifthStones(search, state, points, options);
  // Branch A: white swaps after the fifth stone when black stands better, so the even one is best.
  let a: Scored | null = null;
  for (const s of scored) {
    if (!withinRenjuArea(size, 4, s.point)) continue;
    if (!a || Math.abs(s.score) < Math.abs(a.score)) a = s;
  }
  const offers = chooseOffers(state, scored);
  const valueA = a ? -Math.abs(a.score) : -Infinity;
  const valueB = offers ? offers[offers.length - 1]!.score : -Infinity;
  if (offers && valueB > valueA) {
    return { step: { offer: offers.map((o) => o.point) }, result: total(results, -1, valueB) };
  }
  if (!a) throw new Error('Renju: no fifth stone within the 9x9.');
  return { step: null, result: total(results, a.point, a.score) };
}

/** White's pick among black's offers: the one after which white's search scores best. */
function pick(search: SearchFn, state: GameState, options: ThinkOptions): ThinkResult {
  const offers = state.renju!.offers;
  const share = shareOf(options, offers.length);
  const results: ThinkResult[] = [];
  let best = -1;
  let bestScore = -Infinity;
  for (const point of offers) {
    const after = play(state, point);
    if (!after.ok) continue;
    let score: number;
    if (after.value.result) score = after.value.result.winner === 2 ? WIN - 1 : -(WIN - 1);
    else {
      const r = search(after.value, share);
      results.push(r);
      score = r.score;
    }
    if (score > bestScore) {
      bestScore = score;
      best = point;
    }
  }
  return total(results, best, bestScore);
}

/**
 * A point the side to move may play (within the opening's area; not forbidden to black), the nearest to
 * the last stone (a lost position's stone stays among the others), or -1 when there is none.
 */
function anyStone(state: GameState): Point {
  const { size } = state.rules;
  const last = state.moves.findLast((p) => p >= 0) ?? (size * size - 1) / 2;
  let best = -1;
  let bestDistance = Infinity;
  for (let p = 0; p < size * size; p++) {
    if (state.cells[p] !== EMPTY) continue;
    if (state.moves.length <= 4 && !withinRenjuArea(size, state.moves.length, p)) continue;
    const d = Math.max(Math.abs((p % size) - (last % size)), Math.abs(Math.floor(p / size) - Math.floor(last / size)));
    if (d >= bestDistance || (state.toMove === 1 && forbiddenKind(state.cells, size, p) !== null)) continue;
    best = p;
    bestDistance = d;
  }
  return best;
}

/** The stone for the side to move when a stone is due: the search's, or any stone when it found none. */
export function renjuStone(search: SearchFn, state: GameState, options: ThinkOptions): ThinkResult {
  if (renjuDue(state) === 'pick') return pick(search, state, options);
  const r = search(state, options);
  if (r.move >= 0) return r;
  // Black's every defence is forbidden (it loses whatever it plays), or every point is: any legal stone.
  const move = anyStone(state);
  return { ...r, move, pv: move >= 0 ? [move] : [] };
}

/** What the engine does in a Renju game: the due step (a seat choice, offers, a pass) or a stone. */
export function renjuDecision(search: SearchFn, state: GameState, options: ThinkOptions): RenjuDecision {
  const due = renjuDue(state);
  if (due === 'swap') {
    // The search of the side to move (it plays next whoever sits there) chooses; its move follows.
    const r = search(state, options);
    return { step: seatChoiceForScore(state, r.score), result: r };
  }
  if (due === 'branch') return branch(search, state, options);
  const r = renjuStone(search, state, options);
  if (renjuPassAllowed(state)) {
    const passes = state.renju!.passes;
    const theyPassed = passes[passes.length - 1] === state.moves.length;
    // No stone at all; or a pass that draws where every stone loses.
    if (r.move < 0 || (theyPassed && isWinScore(r.score) && r.score < 0))
      return { step: 'pass', result: { ...r, move: -1, pv: [] } };
  }
  return { step: null, result: r };
}
