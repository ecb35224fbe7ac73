/** When the screen is kept awake (src/ui/shell/wake-lock.ts's decision). */
import { describe, expect, it } from 'vitest';
import { newGame } from '../../../src/core';
import { DEFAULT_COMPUTERS } from '../../../src/storage';
import { type Match, type MatchSide, newMatch, resign } from '../../../src/ui/play/session/match';
import { shouldKeepAwake } from '../../../src/ui/shell/wake-lock';

const ALICE: MatchSide = { name: 'Alice', kind: 'human', playerId: 'a' };
const BOB: MatchSide = { name: 'Bob', kind: 'human', playerId: 'b' };
const CPU: MatchSide = { name: 'Casual', kind: 'computer', playerId: 'casual', computer: DEFAULT_COMPUTERS[1]! };

function match(sides: readonly [MatchSide, MatchSide], clock = false): Match {
  return newMatch({
    id: 'm1',
    sides,
    game: newGame({ size: 19 }),
    clocks: clock ? { remainingMs: [60_000, 60_000], incrementMs: 0 } : null,
    demo: false,
  });
}

describe('shouldKeepAwake', () => {
  it('keeps the screen awake for a visible live game against the computer, either colour', () => {
    expect(shouldKeepAwake(match([ALICE, CPU]), true)).toBe(true);
    expect(shouldKeepAwake(match([CPU, ALICE]), true)).toBe(true);
  });

  it('keeps it awake for a visible clocked game between people', () => {
    expect(shouldKeepAwake(match([ALICE, BOB], true), true)).toBe(true);
  });

  it('lets it sleep for an unclocked game between people', () => {
    expect(shouldKeepAwake(match([ALICE, BOB]), true)).toBe(false);
  });

  it('lets it sleep once the game is over', () => {
    const over = resign(match([ALICE, CPU], true), 0);
    expect(over.game.result).not.toBeNull();
    expect(shouldKeepAwake(over, true)).toBe(false);
  });

  it('lets it sleep while the page is hidden, and with no game on screen', () => {
    expect(shouldKeepAwake(match([ALICE, CPU], true), false)).toBe(false);
    expect(shouldKeepAwake(null, true)).toBe(false);
  });
});
