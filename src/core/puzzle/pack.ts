/**
 * Puzzle packs: the file format the puzzle pipeline writes and the app reads. A puzzle is a position
 * from a game and the line that wins from it; a pack is a named list of puzzles with their ratings.
 *
 * The file is JSON, one puzzle a line (so a pack diffs well in git), each puzzle's game carried as a game
 * link code (`core/link.ts`: the rules in one character, two a move) holding the moves to the position and
 * then the solution, with `ply` saying where the position is:
 *
 *   {"format":"pente-puzzles","version":1,"name":"…","puzzles":[
 *   {"id":"…","line":"1…","ply":24,"rating":1500,"deviation":350,"volatility":0.06,"themes":["five"],"source":"…"}
 *   ]}
 *
 * Reading a pack checks every puzzle with the rules: the whole line replays, the game is not over at the
 * position or before the solution's last move, and that move wins for the side to move at the position.
 * So a pack that reads is a pack whose answers are right.
 */
import type { Point } from '../board';
import { type GameState, replay } from '../game';
import { decodeGameLink, encodeGameLink } from '../link';
import { type Result, err, ok } from '../result';
import type { Rules } from '../variants';
import type { Glicko2Rating } from './glicko2';

export const PUZZLE_PACK_FORMAT = 'pente-puzzles';
export const PUZZLE_PACK_VERSION = 1;

export interface Puzzle {
  /** Unique in its pack, and stable: ratings and progress are kept by id. */
  readonly id: string;
  readonly rules: Rules;
  /** The game's moves up to the position. */
  readonly moves: readonly Point[];
  /** The winning line: the solver's moves and the opponent's replies in turn, ending with the solver's win. */
  readonly solution: readonly Point[];
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
}

const MAX_ID_LENGTH = 64;
const THEME = /^[a-z][a-z0-9-]{0,31}$/;

/** The position a puzzle starts from (its moves replayed), and whose turn it is: the solver's. */
export function puzzlePosition(puzzle: Puzzle): Result<GameState, PuzzlePackError> {
  const played = replay(puzzle.rules, puzzle.moves);
  return played.ok ? played : err({ message: `Puzzle ${puzzle.id}: ${played.error.illegal.message}` });
}

function entryOf(p: Puzzle): PuzzleEntry {
  return {
    id: p.id,
    line: encodeGameLink(p.rules, [...p.moves, ...p.solution]),
    ply: p.moves.length,
    rating: p.rating.rating,
    deviation: p.rating.deviation,
    volatility: p.rating.volatility,
    themes: p.themes,
    ...(p.source === null ? {} : { source: p.source }),
  };
}

/** The pack as its file's text: JSON with one puzzle a line. */
export function encodePuzzlePack(pack: PuzzlePack): string {
  const head = JSON.stringify({ format: PUZZLE_PACK_FORMAT, version: PUZZLE_PACK_VERSION, name: pack.name });
  const lines = pack.puzzles.map((p) => JSON.stringify(entryOf(p)));
  return `${head.slice(0, -1)},"puzzles":[\n${lines.join(',\n')}\n]}\n`;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** One entry of the file as a puzzle, checked with the rules; the error says what is wrong with it. */
function puzzleFrom(entry: unknown): Result<Puzzle, string> {
  if (!isRecord(entry)) return err('it is not an object');
  const { id, line, ply, rating, deviation, volatility, themes, source } = entry;
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

  const decoded = decodeGameLink(line);
  if (!decoded.ok) return err(decoded.error.message);
  const end = decoded.value;
  const all = end.moves;
  if (ply >= all.length) return err(`its line has no solution after the position (ply ${ply} of ${all.length})`);
  const solutionLength = all.length - ply;
  if (solutionLength % 2 === 0) return err('its solution does not end with a move of the solver');
  // (Nothing ended the game before the line's last move: the rules refuse any move after the end.)
  const solver = (ply % 2 === 0 ? 1 : 2) as 1 | 2;
  if (end.result?.winner !== solver) return err('its solution does not win for the side to move');
  return ok({
    id,
    rules: end.rules,
    moves: all.slice(0, ply),
    solution: all.slice(ply),
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
