/**
 * pente.org game records: PGN-style headers, then a numbered move list, then the result.
 *
 *   [Game "Pente"]
 *   [Player 1 Name "aaru"]
 *   [Result "1-0"]
 *
 *   1. K10 L9 2. G10 N9 3. J12 M9 1-0
 *
 * Captures are not written: they follow from the rules. Headers are kept in order, so a record that is
 * parsed and formatted again comes out the same. Two headers of ours, written only when they differ from
 * pente.org's defaults, carry what its records leave implicit: `Board Size` and `Tournament Rule`.
 * D-Pente's seat choice is pente.org's own `Player's Swapped?` header (Yes or No).
 */
import { type Player, type Point, centreOf } from './board';
import { formatPoint, parsePoint } from './coords';
import { type GameState, type IllegalReason, type SeatChoice, replay } from './game';
import type { RenjuOpening } from './renju-opening';
import { recordedOffersProblem } from './renju-offers';
import { type Result, err, ok } from './result';
import { type BoardSize, type Rules, isBoardSize, makeRules, variantByName } from './variants';

export type ResultToken = '1-0' | '0-1' | '1/2-1/2' | '*';
const RESULT_TOKENS: readonly string[] = ['1-0', '0-1', '1/2-1/2', '*'];

export type Header = readonly [name: string, value: string];

export interface GameRecord {
  readonly headers: readonly Header[];
  readonly rules: Rules;
  readonly moves: readonly Point[];
  readonly result: ResultToken;
}

export interface RecordError {
  /** 1-based line in the text (of the whole file, for a file of several games). */
  readonly line: number;
  /** 0-based index of the move at fault, when a move is. */
  readonly ply?: number;
  /** What is wrong, as data (the UI words it); `message` says it in English, for logs and tests. */
  readonly problem: RecordParseProblem;
  readonly message: string;
}

/**
 * What a record's text gets wrong. Texts quoted from the record (`game`, `text`, `token`) are as written
 * there: clean them before showing them (storage's forMessage).
 */
export type RecordParseProblem =
  | { readonly kind: 'unknown-game'; readonly game: string }
  | { readonly kind: 'bad-board-size'; readonly size: string }
  | { readonly kind: 'bad-tournament-rule'; readonly value: string }
  | { readonly kind: 'malformed-header'; readonly text: string }
  | { readonly kind: 'after-result'; readonly token: string; readonly result: string }
  /** A move number out of place; `expected` is the number due there, or null where a move was due. */
  | { readonly kind: 'misplaced-move-number'; readonly number: string; readonly expected: number | null }
  /** `ply` is 1-based, as the player counts. */
  | { readonly kind: 'malformed-move'; readonly token: string; readonly ply: number; readonly size: number }
  | {
      readonly kind: 'illegal-move';
      readonly move: string;
      readonly ply: number;
      readonly reason: IllegalReason;
      /** The board's centre point (the centre-first rule names it). */
      readonly centre: string;
    }
  | { readonly kind: 'result-contradicted'; readonly result: string; readonly winner: Player };

const recordError = (line: number, problem: RecordParseProblem, message: string, ply?: number): RecordError =>
  ply === undefined ? { line, problem, message } : { line, ply, problem, message };

/** A record and the game it replays to. */
export interface LoadedGame {
  readonly record: GameRecord;
  readonly state: GameState;
}

// Names hold letters, digits, spaces and, in pente.org's D-Pente header `Player's Swapped?`, ' and ?.
const HEADER_RE = /^\[([A-Za-z][\w '?]*?)\s+"((?:[^"\\]|\\.)*)"\]$/;

/** pente.org's D-Pente header (PGNGameFormat.HEADER_SWAPPED): whether player 2 took player 1's seat. */
export const SWAPPED_HEADER = "Player's Swapped?";

/**
 * Swap2's pass, in our own header (pente.org's records do not say who placed the fourth and fifth stones):
 * "Yes" when player 2 placed two more stones and handed the seat choice to player 1. The stones do not
 * depend on it; a record without it replays as a choice after the third stone.
 */
export const SWAP2_PASS_HEADER = 'Swap2 Pass';

/**
 * Renju's opening steps and passes, in our own header (pente.org keeps them beside its records, not in
 * them): `swaps=keep,keep,swap,keep;offers=A1,A3,…;passes=31,32` (passes: the stone counts at which a
 * side passed). A record without it replays with every swap window kept and branch A.
 */
export const RENJU_OPENING_HEADER = 'Renju Opening';

export function formatRenjuOpening(size: number, o: RenjuOpening): string {
  return [
    `swaps=${o.swaps.join(',')}`,
    `offers=${o.offers.map((p) => formatPoint(size, p)).join(',')}`,
    `passes=${o.passes.join(',')}`,
  ].join(';');
}

/** The opening a header states; undefined when it is malformed. */
export function parseRenjuOpening(size: number, text: string): RenjuOpening | undefined {
  const parts = new Map<string, string[]>();
  for (const part of text.split(';')) {
    const m = /^\s*(swaps|offers|passes)\s*=\s*(.*?)\s*$/.exec(part);
    if (!m || parts.has(m[1]!)) return undefined;
    parts.set(m[1]!, m[2] === '' ? [] : m[2]!.split(/\s*,\s*/));
  }
  const swaps = parts.get('swaps') ?? [];
  const offers = (parts.get('offers') ?? []).map((n) => parsePoint(size, n));
  const passes = (parts.get('passes') ?? []).map(Number);
  if (!swaps.every((c) => c === 'swap' || c === 'keep')) return undefined;
  if (offers.some((p) => p === undefined) || passes.some((n) => !Number.isInteger(n) || n < 0)) return undefined;
  return { swaps: swaps as SeatChoice[], offers: offers as Point[], passes };
}

const swap2PassOf = (headers: readonly Header[]): boolean =>
  headerValue(headers, SWAP2_PASS_HEADER)?.toLowerCase() === 'yes';

/** The seat choice a record's headers state (null: not stated; replay then takes 'keep'). */
function seatChoiceOf(headers: readonly Header[]): SeatChoice | null {
  const value = headerValue(headers, SWAPPED_HEADER)?.toLowerCase();
  return value === 'yes' ? 'swap' : value === 'no' ? 'keep' : null;
}

export const headerValue = (headers: readonly Header[], name: string): string | undefined =>
  headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];

function rulesFromHeaders(headers: readonly Header[], line: number): Result<Rules, RecordError> {
  const game = headerValue(headers, 'Game') ?? 'Pente';
  const variant = variantByName(game);
  if (!variant) return err(recordError(line, { kind: 'unknown-game', game }, `Unknown game "${game}".`));
  const sizeText = headerValue(headers, 'Board Size') ?? '19';
  const size = Number(sizeText);
  if (!isBoardSize(size))
    return err(
      recordError(
        line,
        { kind: 'bad-board-size', size: sizeText },
        `Unsupported board size "${sizeText}" (9, 13, 15 or 19).`,
      ),
    );
  const trText = headerValue(headers, 'Tournament Rule') ?? 'On';
  const tournamentRule = ({ on: true, yes: true, off: false, no: false } as Record<string, boolean>)[
    trText.toLowerCase()
  ];
  if (tournamentRule === undefined)
    return err(
      recordError(
        line,
        { kind: 'bad-tournament-rule', value: trText },
        `Tournament Rule must be On or Off, not "${trText}".`,
      ),
    );
  return ok(makeRules({ variant: variant.id, size: size as BoardSize, tournamentRule }));
}

/** Parses one record; `firstLine` numbers its first line (for records cut from a longer file). */
export function parseRecord(
  text: string,
  firstLine = 1,
): Result<GameRecord & { readonly moveLines: readonly number[] }, RecordError> {
  const lines = text.split(/\r?\n/);
  const headers: Header[] = [];
  let i = 0;
  for (; i < lines.length; i++) {
    const t = lines[i]!.trim();
    if (t === '') continue;
    if (!t.startsWith('[')) break;
    const m = HEADER_RE.exec(t);
    if (!m) return err(recordError(firstLine + i, { kind: 'malformed-header', text: t }, `Malformed header: ${t}`));
    headers.push([m[1]!, m[2]!.replace(/\\(.)/g, '$1')]);
  }
  const rules = rulesFromHeaders(headers, firstLine);
  if (!rules.ok) return rules;
  const { size } = rules.value;

  const moves: Point[] = [];
  const moveLines: number[] = [];
  let result: ResultToken | null = null;
  for (; i < lines.length; i++) {
    const line = firstLine + i;
    for (const raw of lines[i]!.trim().split(/\s+/)) {
      if (raw === '') continue;
      if (result) {
        return err(
          recordError(
            line,
            { kind: 'after-result', token: raw, result },
            `Unexpected "${raw}" after the result ${result}.`,
          ),
        );
      }
      if (RESULT_TOKENS.includes(raw)) {
        result = raw as ResultToken;
        continue;
      }
      const numbered = /^(\d+)\.(.*)$/.exec(raw);
      let token = raw;
      if (numbered) {
        const expected = (moves.length >> 1) + 1;
        if (Number(numbered[1]) !== expected || moves.length % 2 !== 0) {
          return err(
            recordError(
              line,
              { kind: 'misplaced-move-number', number: numbered[1]!, expected: moves.length % 2 ? null : expected },
              `Move number ${numbered[1]}. where ${moves.length % 2 ? 'a move' : `${expected}.`} was expected.`,
              moves.length,
            ),
          );
        }
        token = numbered[2]!;
        if (token === '') continue;
      }
      const point = parsePoint(size, token);
      if (point === undefined) {
        return err(
          recordError(
            line,
            { kind: 'malformed-move', token, ply: moves.length + 1, size },
            `Malformed move "${token}" at ply ${moves.length + 1}: not a point of the ${size}x${size} board.`,
            moves.length,
          ),
        );
      }
      moves.push(point);
      moveLines.push(line);
    }
  }
  const headerResult = headerValue(headers, 'Result');
  result ??= headerResult && RESULT_TOKENS.includes(headerResult) ? (headerResult as ResultToken) : '*';
  return ok({ headers, rules: rules.value, moves, result, moveLines });
}

/** Parses a record and replays it under its rules; an illegal move is reported with its line and ply. */
export function loadRecord(text: string, firstLine = 1): Result<LoadedGame, RecordError> {
  const parsed = parseRecord(text, firstLine);
  if (!parsed.ok) return parsed;
  const { moveLines, ...parsedRecord } = parsed.value;
  let record: GameRecord = parsedRecord;
  const seatChoice = seatChoiceOf(record.headers);
  const swap2Pass = swap2PassOf(record.headers);
  const renjuText = headerValue(record.headers, RENJU_OPENING_HEADER);
  const renju = renjuText === undefined ? null : parseRenjuOpening(record.rules.size, renjuText);
  if (renju === undefined) {
    const text = `[${RENJU_OPENING_HEADER} "${renjuText!}"]`;
    return err(recordError(firstLine, { kind: 'malformed-header', text }, `Malformed header: ${text}`));
  }
  let replayed = replay(record.rules, record.moves, seatChoice, swap2Pass, renju);
  // pente.org lets unrated games be played without the tournament rule, and its records do not say so:
  // an unrated record that does not name the rule and breaks it at move 3 was played without it.
  if (
    !replayed.ok &&
    replayed.error.illegal.reason === 'tournament-rule' &&
    headerValue(record.headers, 'Rated')?.toUpperCase() === 'N' &&
    headerValue(record.headers, 'Tournament Rule') === undefined
  ) {
    record = { ...record, rules: { ...record.rules, tournamentRule: false } };
    replayed = replay(record.rules, record.moves, seatChoice, swap2Pass, renju);
  }
  // The offers' symmetry check, which replaying leaves out (renju-offers.ts): as refused at their stone.
  const offers = replayed.ok ? recordedOffersProblem(replayed.value) : null;
  if (offers) replayed = err({ ply: 4, illegal: { reason: 'renju-not-offered', message: offers } });
  if (!replayed.ok) {
    const { ply, illegal } = replayed.error;
    const { size } = record.rules;
    const move = formatPoint(size, record.moves[ply]!);
    return err(
      recordError(
        moveLines[ply]!,
        { kind: 'illegal-move', move, ply: ply + 1, reason: illegal.reason, centre: formatPoint(size, centreOf(size)) },
        `Illegal move ${move} at ply ${ply + 1}: ${illegal.message}`,
        ply,
      ),
    );
  }
  const state = replayed.value;
  const winner = state.result?.winner;
  const claimed = record.result === '1-0' ? 1 : record.result === '0-1' ? 2 : null;
  if (winner && claimed && claimed !== winner) {
    return err(
      recordError(
        moveLines.at(-1) ?? firstLine,
        { kind: 'result-contradicted', result: record.result, winner },
        `The record says ${record.result}, but the moves end in a win for player ${winner}.`,
      ),
    );
  }
  return ok({ record, state });
}

/** One record's text cut from a file of records, with the line it starts on and where it ends in the file. */
export interface RecordText {
  readonly text: string;
  /** 1-based line of the file the record starts on. */
  readonly firstLine: number;
  /** The offset in the file just after the record's last line (for a progress bar). */
  readonly end: number;
}

/** A first word that can begin a record without headers: a move number ("1." or "1.K10"), a point, a result. */
const MOVE_TEXT_START = /^(\d+\.\S*|[A-Za-z]\d{1,2}|1-0|0-1|1\/2-1\/2|\*)$/;

/**
 * The records of a file, one at a time, so a long file can be read in slices. Records follow one another
 * as pente.org writes them (headers, a blank line, the moves, the result) or our exports do, with any line
 * endings (\n, \r\n, \r) and byte-order marks (one per file, so also inside files joined together). A
 * record starts at a header that follows moves or stray text, or at move text after a finished record.
 * Stray text (a title, a "downloaded from" line, a separator) before a record or after a record's result
 * is skipped: it is a line that does not start like moves. Anything after a record's headers up to its
 * result is its moves, so a malformed move is reported by the parser rather than skipped.
 */
export function* recordTexts(text: string): Generator<RecordText, void, undefined> {
  const LINE_END = /\r\n|\r|\n/g;
  let record: string[] = [];
  let firstLine = 0;
  let end = 0;
  /** 'none': between records; 'headers': in a record's headers; 'moves': in its moves; 'done': after its result. */
  let at: 'none' | 'headers' | 'moves' | 'done' = 'none';
  const finish = (): RecordText | null => {
    if (at === 'none') return null;
    const done = { text: record.join('\n'), firstLine, end };
    record = [];
    at = 'none';
    return done;
  };
  for (let lineNo = 1, offset = 0; offset <= text.length; lineNo++) {
    LINE_END.lastIndex = offset;
    const found = LINE_END.exec(text);
    const lineEnd = found ? found.index : text.length;
    const next = found ? lineEnd + found[0].length : text.length + 1;
    const line = text.slice(offset, lineEnd).replace(/^\ufeff/, '');
    const t = line.trim();
    offset = next;
    if (t === '') {
      if (at !== 'none') record.push(line);
      continue;
    }
    const header = t.startsWith('[');
    let starts = false;
    if (header) starts = at !== 'headers';
    else if (at === 'none' || at === 'done') {
      if (!MOVE_TEXT_START.test(t.split(/\s/, 1)[0]!)) {
        // Stray text: it ends the record before it, and is no part of any.
        const done = finish();
        if (done) yield done;
        continue;
      }
      starts = true;
    }
    if (starts) {
      const done = finish();
      if (done) yield done;
      firstLine = lineNo;
    }
    record.push(line);
    end = Math.min(next, text.length);
    if (header) at = 'headers';
    else {
      at = RESULT_TOKENS.includes(t.slice(t.search(/\S+$/))) ? 'done' : 'moves';
    }
  }
  const done = finish();
  if (done) yield done;
}

/** Splits a file of records into one text per game, with the line each starts on (see recordTexts). */
export function splitRecords(text: string): RecordText[] {
  return [...recordTexts(text)];
}

const escapeHeader = (v: string): string => v.replace(/[\\"]/g, (c) => `\\${c}`);

/** Formats a record in pente.org's layout (moves wrapped at 80 columns). */
export function formatRecord(record: GameRecord): string {
  const head = record.headers.map(([n, v]) => `[${n} "${escapeHeader(v)}"]`).join('\n');
  const tokens: string[] = [];
  record.moves.forEach((p, ply) => {
    if (ply % 2 === 0) tokens.push(`${(ply >> 1) + 1}.`);
    tokens.push(formatPoint(record.rules.size, p));
  });
  tokens.push(record.result);
  const out: string[] = [];
  let line = '';
  for (const t of tokens) {
    if (line && line.length + 1 + t.length > 80) {
      out.push(line);
      line = t;
    } else line = line ? `${line} ${t}` : t;
  }
  out.push(line);
  return `${head}${head ? '\n\n' : ''}${out.join('\n')}\n`;
}

/** The result token for a game state: who won, a draw, or '*' while it goes on. */
export function resultToken(state: GameState): ResultToken {
  if (!state.result) return '*';
  if (state.result.winner === null) return '1/2-1/2';
  return state.result.winner === 1 ? '1-0' : '0-1';
}

/**
 * A record of a game. `extra` headers (players, date, …) follow Game and come before Result; the rules
 * headers are written only where they differ from pente.org's defaults.
 */
export function recordOf(state: GameState, extra: readonly Header[] = []): GameRecord {
  const { rules } = state;
  const headers: Header[] = [
    ['Game', rules.variant.name],
    ...extra.filter(
      ([n]) => !/^(game|result|board size|tournament rule|player's swapped\?|swap2 pass|renju opening)$/i.test(n),
    ),
  ];
  if (rules.size !== 19) headers.push(['Board Size', String(rules.size)]);
  if (rules.variant.tournamentRule && !rules.tournamentRule) headers.push(['Tournament Rule', 'Off']);
  const result = resultToken(state);
  headers.push(['Result', result]);
  // pente.org writes D-Pente's choice after the result; the names are the seats as they ended (after a swap).
  if (state.seatChoice) headers.push([SWAPPED_HEADER, state.seatChoice === 'swap' ? 'Yes' : 'No']);
  if (state.swap2Pass) headers.push([SWAP2_PASS_HEADER, 'Yes']);
  const o = state.renju;
  if (o && o.swaps.length + o.offers.length + o.passes.length > 0)
    headers.push([RENJU_OPENING_HEADER, formatRenjuOpening(rules.size, o)]);
  return { headers, rules, moves: state.moves, result };
}
