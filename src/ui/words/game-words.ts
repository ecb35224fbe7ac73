/**
 * The words every screen shares about a game: the colours, how a game was won, when it was played, why a
 * move was refused. Pure functions of plain data, rendered in the current locale (src/ui/words).
 */
import {
  type GameResult,
  type IllegalMove,
  type Player,
  type Variant,
  type VariantId,
  movePlaceOf,
  movesCountOf,
} from '../../core';
import { formatDate, relativeTime } from './locale';
import * as m from './paraglide/messages.js';

/** "Black" / "White" in the current language. */
export const colourName = (player: Player): string =>
  player === 1 ? m.shared_colour_black() : m.shared_colour_white();

/**
 * Stone `ply` (from 1) named as the move list numbers it, for a message's `{number}` and `{colour}`: stone 14
 * is White's reply in full move 7 ({ number: "7", colour: "White" }). Every message that names a move uses
 * this one numbering (issue 31), so a player never meets "move 14" in one place and "7… L9" in the list.
 * `variant` (default: stones alternate) numbers Connect6 by turns.
 */
export function movePlace(
  ply: number,
  variant: Pick<Variant, 'twoStoneTurns'> = {},
): { number: string; colour: string } {
  const place = movePlaceOf(variant, ply);
  // Under 1,000 (a game has at most 361 stones): every language we ship writes it with plain digits.
  return { number: String(place.number), colour: colourName(place.player) };
}

/** A game of `plies` stones as a count of full moves (Connect6: turns), for a message's `{total}`. */
export const movesTotal = (plies: number, variant: Pick<Variant, 'twoStoneTurns'> = {}): string =>
  String(movesCountOf(variant, plies));

/**
 * A game's name as the player reads it ("Pente", "Keryo-Pente", "Gomoku"; Chinese adds 五子棋). The core's
 * `variant.name` is pente.org's record header, which stays as it is.
 */
export function variantName(id: VariantId): string {
  switch (id) {
    case 'pente':
      return m.shared_variant_pente();
    case 'keryo':
      return m.shared_variant_keryo();
    case 'gomoku':
      return m.shared_variant_gomoku();
    case 'freestyle':
      return m.shared_variant_freestyle();
    case 'boat':
      return m.shared_variant_boat();
    case 'poof':
      return m.shared_variant_poof();
    case 'g-pente':
      return m.shared_variant_g_pente();
    case 'd-pente':
      return m.shared_variant_d_pente();
    case 'dk-pente':
      return m.shared_variant_dk_pente();
    case 'swap2-pente':
      return m.shared_variant_swap2_pente();
    case 'swap2-keryo':
      return m.shared_variant_swap2_keryo();
    case 'connect6':
      return m.shared_variant_connect6();
    case 'o-pente':
      return m.shared_variant_o_pente();
    case 'renju':
      return m.shared_variant_renju();
  }
}

/** How a game ended, as a short noun: "Five in a row", "Captures", "Resignation", "Time", "Draw". */
export function reasonName(reason: GameResult['reason']): string {
  switch (reason) {
    case 'five':
      return m.shared_reason_five();
    case 'six':
      return m.shared_reason_six();
    case 'forbidden':
      return m.shared_reason_forbidden();
    case 'captures':
      return m.shared_reason_captures();
    case 'resignation':
      return m.shared_reason_resignation();
    case 'time':
      return m.shared_reason_time();
    case 'draw':
      return m.shared_reason_draw();
  }
}

/** "Alice beat Casual by five in a row"; "Alice and Casual drew". */
export function resultSentence(
  players: readonly [{ readonly name: string }, { readonly name: string }],
  result: GameResult,
): string {
  const [black, white] = players;
  if (result.winner === null) return m.shared_result_draw({ black: black.name, white: white.name });
  const names = { winner: players[result.winner - 1]!.name, loser: players[2 - result.winner]!.name };
  switch (result.reason) {
    case 'five':
      return m.shared_result_five(names);
    case 'six':
      return m.shared_result_six(names);
    case 'forbidden':
      return m.shared_result_forbidden(names);
    case 'captures':
      return m.shared_result_captures(names);
    case 'resignation':
      return m.shared_result_resignation(names);
    case 'time':
      return m.shared_result_time(names);
  }
}

/**
 * Why the rules refused a move, in words: the core's IllegalMove carries its reason, and the point names
 * (pente.org coordinates, which are the same in every language) are given here.
 */
export function illegalMoveWords(
  illegal: Pick<IllegalMove, 'reason'>,
  names: { readonly point: string; readonly centre: string },
): string {
  switch (illegal.reason) {
    case 'game-over':
      return m.shared_illegal_game_over();
    case 'off-board':
      return m.shared_illegal_off_board();
    case 'occupied':
      return m.shared_illegal_occupied({ point: names.point });
    case 'centre-first':
      return m.shared_illegal_centre_first({ centre: names.centre });
    case 'tournament-rule':
      return m.shared_illegal_tournament_rule({ point: names.point });
    case 'g-pente-rule':
      return m.shared_illegal_g_pente_rule({ point: names.point });
    case 'seat-choice-due':
      return m.shared_illegal_seat_choice_due();
    case 'renju-area':
      return m.shared_illegal_renju_area({ point: names.point });
    case 'renju-not-offered':
      return m.shared_illegal_renju_not_offered({ point: names.point });
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How timeAgo writes a day more than five weeks ago. */
const LONG_AGO: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/**
 * Makes timeAgo's Intl formatters ahead: main.tsx calls it in a task of its own while the page waits for
 * storage. The first DateTimeFormat a page makes loads the locale's data: a trace of a cold start at
 * 100,000 games found it 13 of the 39 ms of the task that draws Home (its Continue card says when).
 */
export function prepareTimeAgo(): void {
  relativeTime(-1, 'day');
  formatDate(0, LONG_AGO);
}

/** "just now", "5 minutes ago", "yesterday", "2 days ago", "3 weeks ago", then the date (by locale). */
export function timeAgo(then: number, now: number): string {
  const ago = Math.max(0, now - then);
  if (ago < MINUTE) return m.shared_time_just_now();
  if (ago < HOUR) return relativeTime(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relativeTime(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return relativeTime(-Math.floor(ago / DAY), 'day');
  if (ago < 5 * 7 * DAY) return relativeTime(-Math.floor(ago / (7 * DAY)), 'week');
  return formatDate(then, LONG_AGO);
}
