/** How the home screen says what happened in a game and when: pure functions of plain data. */
import type { GameResult } from '../../core';

const HOW: { readonly [R in Exclude<GameResult['reason'], 'draw'>]: string } = {
  five: 'by five in a row',
  captures: 'by captures',
  resignation: 'by resignation',
  time: 'on time',
};

/** "Alice beat Casual by five in a row"; "Alice and Casual drew". */
export function resultSentence(
  players: readonly [{ readonly name: string }, { readonly name: string }],
  result: GameResult,
): string {
  const [black, white] = players;
  if (result.winner === null) return `${black.name} and ${white.name} drew`;
  const winner = players[result.winner - 1]!.name;
  const loser = players[2 - result.winner]!.name;
  return `${winner} beat ${loser} ${HOW[result.reason]}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const words = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday", "2 days ago", "3 weeks ago", then the date. */
export function timeAgo(then: number, now: number): string {
  const ago = Math.max(0, now - then);
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return words.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return words.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return words.format(-Math.floor(ago / DAY), 'day');
  if (ago < 5 * 7 * DAY) return words.format(-Math.floor(ago / (7 * DAY)), 'week');
  return new Date(then).toLocaleDateString('en', { day: 'numeric', month: 'short', year: 'numeric' });
}
