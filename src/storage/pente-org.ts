/**
 * One game in pente.org's record format, for sharing a game or bringing one in from pente.org. The core
 * writes and reads the format; this module maps a stored game's players, date and ending to headers.
 */
import { type GameResult, type Header, formatRecord, headerValue, loadRecord, ok, recordOf } from '../core';
import { type PenteDb } from './db';
import { type StorageResult, fail } from './errors';
import { fileTextProblem, forMessage } from './file-text';
import { toGameState } from './game-record';
import { newStoredGame, saveGame, withState } from './games';
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

/**
 * A game from pente.org record text, as a new record (revision 0, not stored). A record whose result the
 * moves do not explain (1-0 without a five or ten captures) ended by resignation, or on time when it says so.
 */
export function parseGameRecord(text: string, now: number = Date.now()): StorageResult<StoredGame> {
  const problem = fileTextProblem(text);
  if (problem) return fail('invalid', problem);
  const loaded = loadRecord(text);
  if (!loaded.ok) {
    // The core's message may quote the line it stopped at, so it is cleaned and cut short.
    return fail(
      'invalid',
      `This pente.org record could not be read: line ${loaded.error.line}: ${forMessage(loaded.error.message)}`,
    );
  }
  const { record, state } = loaded.value;
  // Text with no moves is not a game (a pente.org record of an unstarted game has nothing to keep either).
  if (record.moves.length === 0) {
    return fail('invalid', 'The file holds no moves, so there is no game in it to import.');
  }
  const dateText = headerValue(record.headers, 'Date');
  const createdAt = (dateText === undefined ? undefined : parseRecordDate(dateText)) ?? now;
  const game = newStoredGame({
    variant: record.rules.variant.id,
    size: record.rules.size,
    tournamentRule: record.rules.tournamentRule,
    players: [sideFrom(record.headers, 1), sideFrom(record.headers, 2)],
    now: createdAt,
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
  return ok({ ...withState(game, state), status: result ? 'finished' : 'in-progress', result });
}

/** Reads a pente.org record and stores it as a new game. */
export async function importGameRecord(
  db: PenteDb,
  text: string,
  now: number = Date.now(),
): Promise<StorageResult<StoredGame>> {
  const parsed = parseGameRecord(text, now);
  if (!parsed.ok) return parsed;
  return saveGame(db, parsed.value, 0, now);
}
