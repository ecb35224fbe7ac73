import { describe, expect, it } from 'vitest';
import { formatNumberedMove, moveListEntries, parsePoint, replay } from '../../../src/core';
import { movePlace, movesTotal, resultSentence, timeAgo } from '../../../src/ui/words/game-words';

const players = [{ name: 'Alice' }, { name: 'Casual' }] as const;

describe('resultSentence', () => {
  it('names the winner, the loser and how', () => {
    expect(resultSentence(players, { winner: 1, reason: 'five' })).toBe('Alice beat Casual by five in a row');
    expect(resultSentence(players, { winner: 2, reason: 'captures' })).toBe('Casual beat Alice by captures');
    expect(resultSentence(players, { winner: 2, reason: 'resignation' })).toBe('Casual beat Alice by resignation');
    expect(resultSentence(players, { winner: 1, reason: 'time' })).toBe('Alice beat Casual on time');
    expect(resultSentence(players, { winner: null, reason: 'draw' })).toBe('Alice and Casual drew');
  });
});

describe('movePlace and movesTotal: one numbering, the move list’s', () => {
  it('names stone 14 as White’s move 7 and a game of 11 stones as 6 moves', () => {
    expect(movePlace(1)).toEqual({ number: '1', colour: 'Black' });
    expect(movePlace(14)).toEqual({ number: '7', colour: 'White' });
    expect(movePlace(15)).toEqual({ number: '8', colour: 'Black' });
    expect(movesTotal(11)).toBe('6');
    expect(movesTotal(12)).toBe('6');
  });

  it('numbers Connect6 by turns: one black stone, then two stones a turn', () => {
    const connect6 = { twoStoneTurns: true };
    expect([1, 2, 3, 4, 5, 6].map((ply) => movePlace(ply, connect6))).toEqual([
      { number: '1', colour: 'Black' },
      { number: '2', colour: 'White' },
      { number: '2', colour: 'White' },
      { number: '3', colour: 'Black' },
      { number: '3', colour: 'Black' },
      { number: '4', colour: 'White' },
    ]);
    expect(movesTotal(5, connect6)).toBe('3');
    expect(movesTotal(0, connect6)).toBe('0');
  });

  it('agrees with the move list for every move of a game', () => {
    const moves = ['K10', 'L11', 'N10', 'L9', 'L10', 'M10', 'J10'].map((p) => parsePoint(19, p)!);
    const game = replay({ variant: 'pente', size: 19 }, moves);
    if (!game.ok) throw new Error('the game replays');
    const entries = moveListEntries(game.value);
    expect(entries).toHaveLength(7);
    for (const e of entries) {
      const place = movePlace(e.ply);
      expect(formatNumberedMove(e.ply, e.player, e.name)).toMatch(new RegExp(`^${place.number}[.…] `));
      expect(place.colour).toBe(e.player === 1 ? 'Black' : 'White');
    }
  });
});

describe('timeAgo', () => {
  const now = Date.UTC(2025, 5, 15, 12);
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;
  it('says how long ago, in the largest whole unit', () => {
    expect(timeAgo(now - 10_000, now)).toBe('just now');
    expect(timeAgo(now + 5_000, now)).toBe('just now'); // another device's clock a little ahead
    expect(timeAgo(now - 5 * minute, now)).toBe('5 minutes ago');
    expect(timeAgo(now - 3 * hour, now)).toBe('3 hours ago');
    expect(timeAgo(now - day - hour, now)).toBe('yesterday');
    expect(timeAgo(now - 2 * day, now)).toBe('2 days ago');
    expect(timeAgo(now - 15 * day, now)).toBe('2 weeks ago');
    expect(timeAgo(now - 100 * day, now)).toBe('Mar 7, 2025');
  });
});
