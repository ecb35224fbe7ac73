/**
 * Games in pente.org's record format, for sharing a game or bringing games in from pente.org: one game
 * exported as a record, and any number imported from a file or pasted text of records (pente.org's own
 * downloads, our exports, files joined together). The core writes and reads the format; this module maps a
 * stored game's players, date and ending to headers and back.
 */
import {
  type GameResult,
  type Header,
  type LoadedGame,
  type RecordParseProblem,
  formatRecord,
  headerValue,
  loadRecord,
  ok,
  recordOf,
  recordTexts,
  err,
} from '../core';
import { type GameToAdd, addGamesInSlices, gameToAdd } from './add-games';
import { type PenteDb, withTransaction } from './db';
import { type StorageResult, fail } from './errors';
import type { NameField } from './errors';
import { type GameChange, announceGameChanges } from './feed';
import { UNDECODABLE, fileTextProblem, forMessage } from './text-checks';
import { type FileRecord, RECORD_TOO_LONG } from './import-content';
import { gameFields, toGameState } from './game-record';
import { newStoredGame, withState } from './games';
import { indexMissingSummaries } from './library';
import { runInSlices } from './slices';
import type { GameSide, StoredGame } from './records';
import { MAX_NAME_LENGTH } from './validate';

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** pente.org writes dates as MM/DD/YYYY; the player's local date is the one they expect to see. */
export function formatRecordDate(ms: number): string {
  const d = new Date(ms);
  return `${pad2(d.getMonth() + 1)}/${pad2(d.getDate())}/${d.getFullYear()}`;
}

/** Reads MM/DD/YYYY (pente.org) or YYYY.MM.DD / YYYY-MM-DD (PGN); undefined when it is neither. */
export function parseRecordDate(text: string): number | undefined {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  const iso = /^(\d{4})[.-](\d{1,2})[.-](\d{1,2})$/.exec(text.trim());
  const [y, m, d] = us ? [us[3], us[1], us[2]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (y === undefined || m === undefined || d === undefined) return undefined;
  const date = new Date(Number(y), Number(m) - 1, Number(d));
  // Date rolls 02/31 over into March; a date that does not exist is treated as no date.
  return date.getMonth() === Number(m) - 1 && date.getDate() === Number(d) ? date.getTime() : undefined;
}

/** PGN's header for how a game ended, written only for a loss on time (a resignation is the default). */
const TERMINATION = 'Termination';
const TIME_FORFEIT = 'time forfeit';

/** A stored game as pente.org record text. Fails with 'invalid' when its moves do not replay. */
export function exportGameRecord(game: StoredGame): StorageResult<string> {
  const state = toGameState(game);
  if (!state.ok) return state;
  const headers: Header[] = [
    ['Date', formatRecordDate(game.createdAt)],
    ['Player 1 Name', game.players[0].name],
    ['Player 2 Name', game.players[1].name],
  ];
  if (game.result?.reason === 'time') headers.push([TERMINATION, TIME_FORFEIT]);
  return ok(formatRecord(recordOf(state.value, headers)));
}

function sideFrom(headers: readonly (readonly [string, string])[], player: 1 | 2): GameSide {
  const name = (headerValue(headers, `Player ${player} Name`) ?? headerValue(headers, `Player ${player}`) ?? '').trim();
  // Whoever they were, they are not one of this device's stored players.
  return { name: name === '' ? `Player ${player}` : name.slice(0, MAX_NAME_LENGTH), kind: 'human' };
}

/** The game's date and time from its headers: Date, and Time ("12:32:07") when there is one. */
function recordDate(headers: readonly Header[]): number | undefined {
  const dateText = headerValue(headers, 'Date');
  const day = dateText === undefined ? undefined : parseRecordDate(dateText);
  if (day === undefined) return undefined;
  const time = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(headerValue(headers, 'Time')?.trim() ?? '');
  if (!time) return day;
  const [h, m, sec] = [Number(time[1]), Number(time[2]), Number(time[3] ?? 0)];
  if (h > 23 || m > 59 || sec > 59) return day;
  const d = new Date(day);
  d.setHours(h, m, sec);
  return d.getTime();
}

/**
 * A loaded record as a new game (revision 0, not stored), marked as imported at `now`. A record whose
 * result the moves do not explain (1-0 without a five or ten captures) ended by resignation, or on time
 * when it says so. Text with no moves is not a game (a pente.org record of an unstarted game has nothing
 * to keep either): null.
 */
function gameFromRecord({ record, state }: LoadedGame, now: number): StoredGame | null {
  if (record.moves.length === 0) return null;
  const date = recordDate(record.headers);
  const game = newStoredGame({
    variant: record.rules.variant.id,
    size: record.rules.size,
    tournamentRule: record.rules.tournamentRule,
    players: [sideFrom(record.headers, 1), sideFrom(record.headers, 2)],
    now: date ?? now,
  });
  const onTime = headerValue(record.headers, TERMINATION)?.toLowerCase() === TIME_FORFEIT;
  const claimed: GameResult | null =
    record.result === '1-0'
      ? { winner: 1, reason: onTime ? 'time' : 'resignation' }
      : record.result === '0-1'
        ? { winner: 2, reason: onTime ? 'time' : 'resignation' }
        : record.result === '1/2-1/2'
          ? { winner: null, reason: 'draw' }
          : null;
  const result = state.result ?? claimed;
  return {
    ...withState(game, state),
    status: result ? 'finished' : 'in-progress',
    result,
    updatedAt: now,
    imported: { at: now, dated: date !== undefined },
  };
}

const NO_MOVES = 'The record holds no moves, so there is no game in it to import.';

/** One pente.org record's text as a new game (revision 0, not stored), marked as imported at `now`. */
export function parseGameRecord(text: string, now: number = Date.now()): StorageResult<StoredGame> {
  const problem = fileTextProblem(text);
  if (problem) return err(problem);
  const loaded = loadRecord(text);
  if (!loaded.ok) {
    // The core's message may quote the line it stopped at, so it is cleaned and cut short.
    return fail(
      'invalid',
      { kind: 'record-unreadable', line: loaded.error.line, why: loaded.error.problem },
      `This pente.org record could not be read: line ${loaded.error.line}: ${forMessage(loaded.error.message)}`,
    );
  }
  const game = gameFromRecord(loaded.value, now);
  return game ? ok(game) : fail('invalid', { kind: 'record-no-moves' }, NO_MOVES);
}

/** Why a record of a file could not be imported: the core's finding, no moves, or a field out of bounds. */
export type RecordProblemWhy =
  | RecordParseProblem
  | { readonly kind: 'no-moves' }
  | { readonly kind: 'not-savable'; readonly detail: string }
  /** Longer than any game (import-content.ts's MAX_RECORD_CHARS): not read. */
  | { readonly kind: 'too-long' };

/** A record of a file that could not be imported: which one (1-based, in the file's order), where, and why. */
export interface RecordProblem {
  readonly game: number;
  /** The file's line the problem is on (the record's first line when it is the whole record's). */
  readonly line: number;
  readonly why: RecordProblemWhy;
  /** The same in English, for logs and tests (src/ui/games/import-report.ts words it for the screen). */
  readonly message: string;
}

/** A file of records, read: its games ready to add, and the records that could not be read. */
export interface RecordFile {
  /** How many records the file holds (stray text between them is no record). */
  readonly records: number;
  readonly games: readonly GameToAdd[];
  readonly problems: readonly RecordProblem[];
  /** Names of records read that held bytes that are not UTF-8 (now U+FFFD). */
  readonly undecodable: readonly UndecodableName[];
}

/** A name of a record imported that held bytes that are not UTF-8: they read as U+FFFD. */
export interface UndecodableName {
  /** The record (1-based, in the file's order) and its first line. */
  readonly game: number;
  readonly line: number;
  readonly field: NameField;
}

/**
 * Reads a file of pente.org records (any number, as recordTexts splits them; or split already, by the
 * worker that read the file: import-content.ts) one record per step, each parsed and replayed; yields how
 * many of the text's characters have been read.
 */
export function* readRecordFile(
  source: string | Iterable<FileRecord>,
  now: number,
): Generator<number, RecordFile, undefined> {
  const games: GameToAdd[] = [];
  const problems: RecordProblem[] = [];
  const undecodable: UndecodableName[] = [];
  let records = 0;
  const split: Iterable<FileRecord> = typeof source === 'string' ? recordTexts(source) : source;
  for (const { text: recordText, firstLine, end, tooLong } of split) {
    const game = ++records;
    if (tooLong) {
      problems.push({ game, line: firstLine, why: { kind: 'too-long' }, message: RECORD_TOO_LONG });
      yield end;
      continue;
    }
    const loaded = loadRecord(recordText, firstLine);
    if (!loaded.ok) {
      // The core's message may quote the text it stopped at, so it is cleaned and cut short.
      problems.push({
        game,
        line: loaded.error.line,
        why: loaded.error.problem,
        message: forMessage(loaded.error.message),
      });
    } else {
      const stored = gameFromRecord(loaded.value, now);
      const entry = stored && gameToAdd(gameFields(stored, 1, now));
      if (!entry) problems.push({ game, line: firstLine, why: { kind: 'no-moves' }, message: NO_MOVES });
      else if ('problem' in entry) {
        const detail = forMessage(entry.problem);
        problems.push({ game, line: firstLine, why: { kind: 'not-savable', detail }, message: detail });
      } else {
        games.push(entry);
        entry.record.players.forEach((side, p) => {
          if (side.name.includes(UNDECODABLE))
            undecodable.push({ game, line: firstLine, field: p === 0 ? 'player-1-name' : 'player-2-name' });
        });
      }
    }
    yield end;
  }
  return { records, games, problems, undecodable };
}

export interface RecordImportReport {
  /** How many records the text holds. */
  readonly records: number;
  /** Ids of the games added. */
  readonly added: readonly string[];
  /** How many games were already stored: not added again. */
  readonly duplicates: number;
  /** How many records repeat a game earlier in the same text: each game was added once. */
  readonly repeated: number;
  /** Names of records imported that held bytes that are not UTF-8 (now U+FFFD). */
  readonly undecodable: readonly UndecodableName[];
  /** The records that could not be read: nothing of them was stored. */
  readonly problems: readonly RecordProblem[];
}

export interface RecordImportOptions {
  /** The import's time (default: now). */
  readonly now?: number;
  /** Told how far it has got: the text's characters read, then the games saved (see ImportOptions). */
  readonly onProgress?: (phase: 'reading' | 'saving', done: number, total: number) => void;
}

/**
 * Imports every readable game of a text of pente.org records (a file, or pasted text) as imported games,
 * leaving out those already stored (the duplicate rule) and naming each record that could not be read.
 * Fails ('invalid') only when the text holds no record at all. The reading runs in slices with the page
 * given a turn between them; the writing is one transaction (all or nothing) issued in slices as short.
 */
export async function importRecords(
  db: PenteDb,
  text: string,
  options: RecordImportOptions = {},
): Promise<StorageResult<RecordImportReport>> {
  const problem = fileTextProblem(text);
  if (problem) return err(problem);
  return importRecordFile(db, text, text.length, options);
}

/**
 * importRecords for a file's records as the worker that read it split them (readImportFile), or a text;
 * `length` is the text's, for the progress bar.
 */
export async function importRecordFile(
  db: PenteDb,
  source: string | readonly FileRecord[],
  length: number,
  options: RecordImportOptions = {},
): Promise<StorageResult<RecordImportReport>> {
  const { now = Date.now(), onProgress } = options;
  onProgress?.('reading', 0, length);
  const file = await runInSlices(readRecordFile(source, now), (done) => onProgress?.('reading', done, length));
  onProgress?.('reading', length, length);
  if (file.records === 0)
    return fail('invalid', { kind: 'no-records' }, 'No pente.org game record was found in the text.');
  // Duplicates are found through the summaries' identity index, so every stored game needs its summary.
  const indexed = await indexMissingSummaries(db);
  if (!indexed.ok) return indexed;
  let written: readonly GameChange[] = [];
  const imported = await withTransaction(db, ['games', 'summaries'], 'readwrite', 'import the games', async (tx) => {
    const adding = await addGamesInSlices(tx, file.games, {
      onProgress: (done, total) => onProgress?.('saving', done, total),
    });
    written = adding.written;
    return ok({
      records: file.records,
      added: [...adding.added, ...adding.renamed.map((r) => r.to)],
      duplicates: adding.duplicate.length,
      repeated: adding.repeated.length,
      problems: file.problems,
      undecodable: file.undecodable,
    });
  });
  // Committed: the other tabs list the new games (one message for them all).
  if (imported.ok && written.length > 0) announceGameChanges(written);
  return imported;
}
