/**
 * Puzzle packs: the file format the puzzle pipeline writes and the app reads. A puzzle is a position
 * from a game and the line that wins from it (or, for a defence puzzle, the move that stops the
 * opponent's win); a pack is a named list of puzzles with their ratings.
 *
 * The file is JSON, one puzzle a line (so a pack diffs well in git, and the app can read one puzzle
 * without parsing the others), each puzzle's game carried as a game link code (`core/link.ts`: the rules
 * in one character, two a move) holding the moves to the position and then the solution, with `ply`
 * saying where the position is. The first line is the header, with every puzzle's id and rating in file
 * order, so a puzzle near the player's rating is picked before any puzzle is parsed:
 *
 *   {"format":"pente-puzzles","version":2,"name":"…","ids":["…",…],"ratings":[1500,…],"puzzles":[
 *   {"id":"…","line":"1…","ply":24,"rating":1500,"deviation":350,"volatility":0.06,"themes":["five"],"also":"…"},
 *   …
 *   ]}
 *
 * `also` holds the other first moves that solve it (two link characters a move); `goal` is "defend" for a
 * defence puzzle (its solution is the one move, and the game goes on after it).
 *
 * Reading a puzzle checks it with the rules: the whole line replays, the game is not over at the
 * position or before the solution's last move, and a win puzzle's last move wins for the side to move.
 * So a pack that reads is a pack whose answers are right.
 */
import { type Point, pointOf, xOf, yOf } from '../board';
import { type GameState, replay } from '../game';
import { decodeGameLink, encodeGameLink } from '../link';
import { type Result, err, ok } from '../result';
import type { Rules } from '../variants';
import type { Glicko2Rating } from './glicko2';

export const PUZZLE_PACK_FORMAT = 'pente-puzzles';
export const PUZZLE_PACK_VERSION = 2;

/** What the solver is asked: to win, or to stop the opponent's win. */
export type PuzzleGoal = 'win' | 'defend';

export interface Puzzle {
  /** Unique in its pack, and stable: ratings and progress are kept by id. */
  readonly id: string;
  readonly rules: Rules;
  /** The game's moves up to the position. */
  readonly moves: readonly Point[];
  readonly goal: PuzzleGoal;
  /**
   * The winning line: the solver's moves and the opponent's replies in turn, ending with the solver's win;
   * for a defence puzzle, the one move that stops the opponent's win.
   */
  readonly solution: readonly Point[];
  /** Every first move that solves it (the solution's first among them), when there are several. */
  readonly firstMoves: readonly Point[];
  readonly rating: Glicko2Rating;
  /** Short tags for what the puzzle is about ('five', 'capture-win', 'open-four'…): lowercase words and dashes. */
  readonly themes: readonly string[];
  /** Where the position comes from (a pente.org game, self-play), or null. */
  readonly source: string | null;
}

export interface PuzzlePack {
  readonly name: string;
  readonly puzzles: readonly Puzzle[];
}

export interface PuzzlePackError {
  readonly message: string;
}

/** What one puzzle is in the file. */
interface PuzzleEntry {
  readonly id: string;
  readonly line: string;
  readonly ply: number;
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
  readonly themes: readonly string[];
  readonly source?: string;
  readonly goal?: 'defend';
  readonly also?: string;
}

const MAX_ID_LENGTH = 64;
const THEME = /^[a-z][a-z0-9-]{0,31}$/;

/** The position a puzzle starts from (its moves replayed), and whose turn it is: the solver's. */
export function puzzlePosition(puzzle: Puzzle): Result<GameState, PuzzlePackError> {
  const played = replay(puzzle.rules, puzzle.moves);
  return played.ok ? played : err({ message: `Puzzle ${puzzle.id}: ${played.error.illegal.message}` });
}

/** base64url's alphabet, as in game links: a point is its column's digit then its row's. */
const DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function entryOf(p: Puzzle): PuzzleEntry {
  const others = p.firstMoves.filter((m) => m !== p.solution[0]);
  return {
    id: p.id,
    line: encodeGameLink(p.rules, [...p.moves, ...p.solution]),
    ply: p.moves.length,
    rating: p.rating.rating,
    deviation: p.rating.deviation,
    volatility: p.rating.volatility,
    themes: p.themes,
    ...(p.source === null ? {} : { source: p.source }),
    ...(p.goal === 'defend' ? { goal: 'defend' as const } : {}),
    ...(others.length
      ? { also: others.map((m) => DIGITS[xOf(p.rules.size, m)]! + DIGITS[yOf(p.rules.size, m)]!).join('') }
      : {}),
  };
}

/** The pack as its file's text: JSON with one puzzle a line. */
export function encodePuzzlePack(pack: PuzzlePack): string {
  const head = JSON.stringify({
    format: PUZZLE_PACK_FORMAT,
    version: PUZZLE_PACK_VERSION,
    name: pack.name,
    ids: pack.puzzles.map((p) => p.id),
    ratings: pack.puzzles.map((p) => p.rating.rating),
  });
  const lines = pack.puzzles.map((p) => JSON.stringify(entryOf(p)));
  return `${head.slice(0, -1)},"puzzles":[\n${lines.join(',\n')}\n]}\n`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** One entry of the file as a puzzle, checked with the rules; the error says what is wrong with it. */
function puzzleFrom(entry: unknown): Result<Puzzle, string> {
  if (!isRecord(entry)) return err('it is not an object');
  const { id, line, ply, rating, deviation, volatility, themes, source, goal, also } = entry;
  if (typeof id !== 'string' || id === '' || id.length > MAX_ID_LENGTH) return err('its id is missing or too long');
  if (typeof line !== 'string') return err('it has no line');
  if (typeof ply !== 'number' || !Number.isInteger(ply) || ply < 0) return err('its ply is not a whole number');
  if (!isFiniteNumber(rating) || !isFiniteNumber(deviation) || !isFiniteNumber(volatility)) {
    return err('its rating is not three numbers');
  }
  if (deviation <= 0 || volatility <= 0) return err('its rating deviation and volatility must be positive');
  if (!Array.isArray(themes) || !themes.every((t) => typeof t === 'string' && THEME.test(t))) {
    return err('its themes are not a list of lowercase tags');
  }
  if (source !== undefined && typeof source !== 'string') return err('its source is not text');
  if (goal !== undefined && goal !== 'defend') return err('its goal is not one this app knows');
  if (also !== undefined && (typeof also !== 'string' || also.length % 2 !== 0))
    return err('its other answers are not points');

  const decoded = decodeGameLink(line);
  if (!decoded.ok) return err(decoded.error.message);
  const end = decoded.value;
  const all = end.moves;
  if (ply >= all.length) return err(`its line has no solution after the position (ply ${ply} of ${all.length})`);
  const solutionLength = all.length - ply;
  const solver = (ply % 2 === 0 ? 1 : 2) as 1 | 2;
  if (goal === 'defend') {
    if (solutionLength !== 1) return err('its defence is not one move');
    if (end.result) return err('its defence ends the game');
  } else {
    if (solutionLength % 2 === 0) return err('its solution does not end with a move of the solver');
    // (Nothing ended the game before the line's last move: the rules refuse any move after the end.)
    if (end.result?.winner !== solver) return err('its solution does not win for the side to move');
  }
  const moves = all.slice(0, ply);
  const solution = all.slice(ply);
  let position = end;
  for (let i = 0; i < solutionLength; i++) position = position.parent!;
  const firstMoves = [solution[0]!];
  const size = end.rules.size;
  for (let i = 0; i < (also ?? '').length; i += 2) {
    const x = DIGITS.indexOf(also![i]!);
    const y = DIGITS.indexOf(also![i + 1]!);
    if (x < 0 || y < 0 || x >= size || y >= size) return err('its other answers are not points on the board');
    const p = pointOf(size, x, y);
    if (firstMoves.includes(p)) return err('its other answers repeat a move');
    if (position.cells[p] !== 0) return err('its other answers are not empty points');
    firstMoves.push(p);
  }
  return ok({
    id,
    rules: end.rules,
    goal: goal === 'defend' ? 'defend' : 'win',
    moves,
    solution,
    firstMoves,
    rating: { rating, deviation, volatility },
    themes: [...(themes as string[])],
    source: source ?? null,
  });
}

/**
 * Reads a pack's text. Every puzzle is checked with the rules (see the top); the first one that fails
 * fails the pack, with its place and why, since a pack is built by a tool and shipped whole.
 */
export function decodePuzzlePack(text: string): Result<PuzzlePack, PuzzlePackError> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return err({ message: 'The puzzle pack is not JSON.' });
  }
  if (!isRecord(data) || data.format !== PUZZLE_PACK_FORMAT) return err({ message: 'This is not a puzzle pack.' });
  if (data.version !== PUZZLE_PACK_VERSION) {
    return err({ message: `The puzzle pack's version ${String(data.version)} is not one this app reads.` });
  }
  if (typeof data.name !== 'string') return err({ message: 'The puzzle pack has no name.' });
  if (!Array.isArray(data.puzzles)) return err({ message: 'The puzzle pack has no list of puzzles.' });
  const puzzles: Puzzle[] = [];
  const ids = new Set<string>();
  for (const [i, entry] of (data.puzzles as unknown[]).entries()) {
    const puzzle = puzzleFrom(entry);
    if (!puzzle.ok) return err({ message: `Puzzle ${i + 1} of the pack cannot be used: ${puzzle.error}.` });
    if (ids.has(puzzle.value.id)) {
      return err({ message: `Puzzle ${i + 1} of the pack has the id of an earlier one (${puzzle.value.id}).` });
    }
    ids.add(puzzle.value.id);
    puzzles.push(puzzle.value);
  }
  return ok({ name: data.name, puzzles });
}

/**
 * A pack's text split into lines and its header read, without parsing any puzzle: the app picks a puzzle
 * by the header's ratings, then reads just that one (`readPackPuzzle`).
 */
export interface PuzzlePackIndex {
  readonly name: string;
  /** Each puzzle's id and its rating in the pack, in file order. */
  readonly ids: readonly string[];
  readonly ratings: readonly number[];
  /** The puzzles' lines, unparsed. */
  readonly lines: readonly string[];
}

export function indexPuzzlePack(text: string): Result<PuzzlePackIndex, PuzzlePackError> {
  const all = text.trimEnd().split('\n');
  const headLine = all[0] ?? '';
  let head: unknown;
  try {
    head = JSON.parse(`${headLine}]}`);
  } catch {
    return err({ message: 'This is not a puzzle pack.' });
  }
  if (!isRecord(head) || head.format !== PUZZLE_PACK_FORMAT) return err({ message: 'This is not a puzzle pack.' });
  if (head.version !== PUZZLE_PACK_VERSION) {
    return err({ message: `The puzzle pack's version ${String(head.version)} is not one this app reads.` });
  }
  const lines = all.slice(1, -1);
  const { name, ids, ratings } = head;
  if (typeof name !== 'string') return err({ message: 'The puzzle pack has no name.' });
  if (!Array.isArray(ratings) || ratings.length !== lines.length || !ratings.every(isFiniteNumber)) {
    return err({ message: 'The puzzle pack’s list of ratings does not match its puzzles.' });
  }
  if (!Array.isArray(ids) || ids.length !== lines.length || !ids.every((id) => typeof id === 'string')) {
    return err({ message: 'The puzzle pack’s list of ids does not match its puzzles.' });
  }
  return ok({ name, ids: ids as string[], ratings: ratings as number[], lines });
}

/** The pack's puzzle at `index` (file order), read and checked on its own. */
export function readPackPuzzle(pack: PuzzlePackIndex, index: number): Result<Puzzle, PuzzlePackError> {
  const line = pack.lines[index];
  if (line === undefined) return err({ message: `The puzzle pack has no puzzle ${index + 1}.` });
  let entry: unknown;
  try {
    entry = JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line);
  } catch {
    return err({ message: `Puzzle ${index + 1} of the pack is not JSON.` });
  }
  const puzzle = puzzleFrom(entry);
  if (!puzzle.ok) return err({ message: `Puzzle ${index + 1} of the pack cannot be used: ${puzzle.error}.` });
  if (puzzle.value.id !== pack.ids[index]) {
    return err({ message: `Puzzle ${index + 1} of the pack is not the one its header names.` });
  }
  return puzzle;
}
