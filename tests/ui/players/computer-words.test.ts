import { describe, expect, it } from 'vitest';
import { LEVELS, levelRating } from '../../../src/core';
import { type ComputerPlayer, withLevel } from '../../../src/storage';
import { aboutSeconds, describeComputer, playsLike, strengthWithRating } from '../../../src/ui/players/computer-words';
import { levelPlays } from '../../../src/ui/players/level-words';

const level = LEVELS[3]!;
const player = (name: string, changes: Partial<ComputerPlayer> = {}): ComputerPlayer => ({
  ...withLevel({ id: 'c1', kind: 'computer', name, depth: 1, timeMs: 100, vision: 100, judgement: 100, book: true }, 3),
  ...changes,
});

describe('a computer player in words', () => {
  it('says think times in seconds, one of them singular', () => {
    expect(aboutSeconds(1000)).toBe('about 1 second');
    expect(aboutSeconds(1500)).toBe('about 1.5 seconds');
    expect(aboutSeconds(300)).toBe('about 0.3 seconds');
  });

  it("names a level's settings with its rating, and custom ones by the level they are close to", () => {
    expect(strengthWithRating(player('x'))).toBe(`${level.name}, rated ≈ ${levelRating(level)} on the app’s own scale`);
    expect(strengthWithRating(player('x', { timeMs: level.timeMs + 100 }))).toBe(`Custom, close to ${level.name}`);
    expect(playsLike(player('x'))).toBe(levelPlays(level));
  });

  it('leaves the strength out of the line when the name says it', () => {
    const named = describeComputer(player(level.name));
    expect(named.startsWith(`Rated ≈ ${levelRating(level)} (the app’s own scale) · Thinks about`)).toBe(true);
    const other = describeComputer(player('Robot', { book: false }));
    expect(other.startsWith(`Strength: ${level.name} · Rated ≈`)).toBe(true);
    expect(other.endsWith('no openings book')).toBe(true);
  });
});
