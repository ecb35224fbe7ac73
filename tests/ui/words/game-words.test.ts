import { describe, expect, it } from 'vitest';
import { resultSentence, timeAgo } from '../../../src/ui/words/game-words';

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
