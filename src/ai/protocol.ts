/**
 * The JSON-lines engine protocol for tools (`npm run --silent engine`): one request a line in, one
 * response a line out. Pure: no I/O here, so it runs under tests as it runs in the CLI.
 *
 *   {"id":7,"variant":"pente","size":19,"moves":["K10","L9"],"timeMs":1000}
 *     → {"id":7,"move":"N11","score":35,"depth":11,"nodes":412345,"timeMs":998,"pv":["N11","L12"]}
 *   {"id":8,"cmd":"state","variant":"pente","size":19,"moves":[…]}
 *     → {"id":8,"toMove":2,"captures":[2,0],"result":null,"board":[…]}
 *   A search's limits: "timeMs", "depth", "nodes" (reproducible searches), "level", "seed", "book".
 *   The opening steps are items of `moves`: D-Pente's seat choice, "swap" or "keep", after the fourth stone;
 *   Swap2's after the third, or "pass" (player 2 places two more stones, then player 1 chooses "swap" or
 *   "keep"): `K10 L9 M10 pass N11 J9 keep …`. A step that is not due is refused, naming what is. A search
 *   asked while a seat choice is due answers it: {"id":9,"seatChoice":"swap","score":40,…}. `toMove` in a
 *   state answer is the seat that acts next (seat 1 placed the first stone).
 *   Connect6 (`"variant":"connect6"`): each item of `moves` is one stone, a turn being two consecutive
 *   points (the first turn one); a search answers the next stone as `move`, and when it is the first of a
 *   turn's two, the whole turn as `turn` (both stones, the second searched after the first is placed); a
 *   finished game's `result.reason` is "six".
 *   Renju (`"variant":"renju"`, 15x15 only): the Taraguchi-10 opening's steps are items too: "swap" or "keep"
 *   after each of stones 1–4 (and after the fifth in branch A), "offer:K10,L11,…" for branch B's ten offers
 *   (white's pick follows as a plain stone), and "pass" after the opening (two in a row draw):
 *   `H8 keep H9 keep J9 keep G7 keep offer:A1,A3,… A5 B2 …`. A black stone on a forbidden point loses at
 *   once: `result.reason` "forbidden". A search answers the due step, decided by searching, as `step`, the
 *   item to append: "swap"/"keep" at a swap window (also as `seatChoice`, with the stone that would follow
 *   as `move`), "offer:…" for branch B (also `offer`, the ten points), white's pick or any stone (also as
 *   `move`), or "pass" (only with no stone to play, or to draw a lost game after the opponent's pass):
 *   {"id":9,"step":"keep","seatChoice":"keep","move":"H10","score":12,…}. Black never plays a forbidden point.
 *   anything malformed or illegal → {"id":…,"error":"…"}
 */
import {
  type GameState,
  allowedOpeningSteps,
  dueOpeningSteps,
  formatPoint,
  isBoardSize,
  isVariantId,
  LEVELS,
  levelById,
  newGame,
  parsePoint,
  play,
  renjuDue,
  renjuOffersProblem,
  seatChoiceDue,
  seatChoiceForScore,
  stateToJson,
  takeOpeningStep,
  turnStone,
  VARIANT_IDS,
} from '../core';
import type { Engine } from './engine';

type Json = Record<string, unknown>;

class RequestError extends Error {}

function field<T>(req: Json, name: string, check: (v: unknown) => v is T, what: string): T | undefined {
  const v = req[name];
  if (v === undefined) return undefined;
  if (!check(v)) throw new RequestError(`"${name}" must be ${what}.`);
  return v;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isPositiveInt = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;
const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isString);

/** The game a request describes, from its rules and move list. */
function gameOf(req: Json): GameState {
  const variant = field(req, 'variant', isString, 'a variant name') ?? 'pente';
  if (!isVariantId(variant)) throw new RequestError(`Unknown variant "${variant}" (one of ${VARIANT_IDS.join(', ')}).`);
  const size = field(req, 'size', isNumber, 'a number') ?? (variant === 'renju' ? 15 : 19);
  if (!isBoardSize(size)) throw new RequestError(`Unsupported board size ${size} (9, 13, 15 or 19).`);
  if (variant === 'renju' && size !== 15) throw new RequestError(`Renju is played on 15x15 only, not ${size}x${size}.`);
  const tournamentRule = field(req, 'tournamentRule', isBoolean, 'true or false');
  let state = newGame({ variant, size, ...(tournamentRule === undefined ? {} : { tournamentRule }) });
  const moves = field(req, 'moves', isStringArray, 'an array of points such as "K10"') ?? [];
  moves.forEach((name, ply) => {
    if (name.startsWith('offer:')) {
      state = offered(state, name, ply);
      return;
    }
    if (name === 'swap' || name === 'keep' || name === 'pass') {
      const taken = takeOpeningStep(state, name);
      if (!taken) throw new RequestError(`Item ${ply + 1} "${name}" is not due: ${dueNow(state)}.`);
      state = taken;
      return;
    }
    const point = parsePoint(size, name);
    if (point === undefined)
      throw new RequestError(`Move ${ply + 1} "${name}" is not a point of the ${size}x${size} board.`);
    const next = play(state, point);
    if (!next.ok) {
      const due = next.error.reason === 'seat-choice-due' ? ` Due: ${dueNow(state)}.` : '';
      throw new RequestError(`Move ${ply + 1} ${name} is illegal: ${next.error.message}${due}`);
    }
    state = next.value;
  });
  return state;
}

/** Renju's ten offers, `offer:K10,L11,…` (item `ply`, 0-based): refused with what is wrong or what is due. */
function offered(state: GameState, item: string, ply: number): GameState {
  const names = item.slice('offer:'.length).split(',');
  const points = names.map((n) => parsePoint(state.rules.size, n));
  const bad = names.find((_, i) => points[i] === undefined);
  if (bad !== undefined)
    throw new RequestError(
      `Item ${ply + 1}: offer "${bad}" is not a point of the ${state.rules.size}x${state.rules.size} board.`,
    );
  if (!allowedOpeningSteps(state).includes('offer'))
    throw new RequestError(`Item ${ply + 1} "offer:…" is not due: ${dueNow(state)}.`);
  const problem = renjuOffersProblem(state, points as number[]);
  if (problem) throw new RequestError(`Item ${ply + 1}: ${problem}`);
  return takeOpeningStep(state, { offer: points as number[] })!;
}

/** What is due in a game, for the error that refuses an opening step that is not. */
function dueNow(state: GameState): string {
  if (state.result) return 'the game is over';
  const steps = dueOpeningSteps(state);
  if (steps.length > 0)
    return `the seat choice is (${steps.map((s) => `"${s}"`).join(steps.length > 2 ? ', ' : ' or ')})`;
  if (state.renju) {
    const due = renjuDue(state);
    if (due === 'branch') return 'black\'s fifth stone within the centre\'s 9x9 or ten offers ("offer:…") are';
    if (due === 'pick') return "white's pick of the fifth stone among the offers is";
    if (allowedOpeningSteps(state).includes('pass')) return 'a stone or "pass" is';
    return "a stone is (no pass before the opening's six stones)";
  }
  return 'no seat choice is due; a stone is';
}

/**
 * Connect6: when `first` is the first of the side to move's two stones, the whole turn (the second stone
 * searched with the first placed); null otherwise, and in every other game.
 */
function connect6Turn(
  engine: Engine,
  state: GameState,
  first: number,
  options: Parameters<Engine['think']>[1],
): number[] | null {
  const stone = turnStone(state.rules, state.moves.length);
  if (stone.of !== 2 || stone.nth !== 1) return null;
  const after = play(state, first);
  if (!after.ok) throw new Error(after.error.message);
  if (after.value.result) return [first];
  return [first, engine.think(after.value, options).move];
}

/**
 * A Renju search's answer: the due step decided by searching (renju.ts), and `step`, the item to append to
 * `moves` for it: a swap window's "swap" or "keep" (with `seatChoice`, and the stone the side to move would
 * then play as `move`, as D-Pente's answer has it), branch B's "offer:…" (with `offer`, the ten points), a
 * "pass", or the stone itself (`move`).
 */
function renjuAnswer(engine: Engine, state: GameState, options: Parameters<Engine['think']>[1], id: unknown): string {
  const size = state.rules.size;
  const { step, result } = engine.decideRenju(state, options);
  const name = (p: number) => formatPoint(size, p);
  const stepFields =
    step === null
      ? { step: name(result.move) }
      : step === 'pass'
        ? { step: 'pass' }
        : typeof step === 'object'
          ? { step: `offer:${step.offer.map(name).join(',')}`, offer: step.offer.map(name) }
          : { step, seatChoice: step };
  return JSON.stringify({
    id,
    ...stepFields,
    ...(result.move >= 0 ? { move: name(result.move) } : {}),
    score: result.score,
    depth: result.depth,
    nodes: result.nodes,
    timeMs: Math.round(result.timeMs),
    pv: result.pv.filter((p) => p >= 0).map(name),
  });
}

export function handleRequest(engine: Engine, line: string): string {
  let id: unknown = null;
  try {
    let req: unknown;
    try {
      req = JSON.parse(line);
    } catch {
      throw new RequestError('The request is not valid JSON.');
    }
    if (typeof req !== 'object' || req === null || Array.isArray(req))
      throw new RequestError('The request must be a JSON object.');
    const r = req as Json;
    id = r.id ?? null;
    const cmd = field(r, 'cmd', isString, 'a command name') ?? 'search';
    const state = gameOf(r);
    if (cmd === 'state') return JSON.stringify({ id, ...stateToJson(state) });
    if (cmd !== 'search') throw new RequestError(`Unknown command "${cmd}" (search or state).`);
    if (state.result) throw new RequestError('The game is already over.');
    const levelName = field(r, 'level', isString, 'a level name');
    if (levelName !== undefined && !levelById(levelName)) {
      throw new RequestError(`Unknown level "${levelName}" (one of ${LEVELS.map((l) => l.id).join(', ')}).`);
    }
    const timeMs = field(r, 'timeMs', isPositiveInt, 'a positive whole number');
    const depth = field(r, 'depth', isPositiveInt, 'a positive whole number');
    const nodes = field(r, 'nodes', isPositiveInt, 'a positive whole number');
    const seed = field(r, 'seed', Number.isInteger as (v: unknown) => v is number, 'a whole number');
    const book = field(r, 'book', isBoolean, 'true or false');
    const options: Parameters<Engine['think']>[1] = {
      ...(timeMs === undefined ? {} : { timeMs }),
      ...(depth === undefined ? {} : { depth }),
      ...(nodes === undefined ? {} : { nodes }),
      ...(levelName === undefined ? {} : { level: levelName }),
      ...(seed === undefined ? {} : { seed }),
      ...(book === undefined ? {} : { book }),
    };
    const size = state.rules.size;
    if (state.renju) return renjuAnswer(engine, state, options, id);
    const result = engine.think(state, options);
    const turn = connect6Turn(engine, state, result.move, options);
    // D-Pente, Swap2: the search was the side to move's (it plays next whoever sits there); its score chooses.
    const decision = seatChoiceDue(state) ? { seatChoice: seatChoiceForScore(state, result.score) } : {};
    return JSON.stringify({
      id,
      ...decision,
      move: formatPoint(size, result.move),
      score: result.score,
      depth: result.depth,
      nodes: result.nodes,
      timeMs: Math.round(result.timeMs),
      pv: result.pv.map((p) => formatPoint(size, p)),
      ...(turn ? { turn: turn.map((p) => formatPoint(size, p)) } : {}),
    });
  } catch (e) {
    const message =
      e instanceof RequestError ? e.message : `Internal error: ${e instanceof Error ? e.message : String(e)}`;
    return JSON.stringify({ id, error: message });
  }
}
