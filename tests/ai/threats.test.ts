import { describe, expect, it } from 'vitest';
import { VARIANTS, parsePoint } from '../../src/core';
import { Position } from '../../src/ai/position';
import { canWinNow, captureWinWithin, longestCapture, threatOnBoard, urgency, winsAt } from '../../src/ai/threats';
import { fromDiagram } from './helpers';
import { game } from '../helpers';

const free = { variant: 'pente', tournamentRule: false } as const;
/** Player 2 to move faces player 1's open four K10–N10. */
const facingFour = game(free, 'K10 A1 L10 A3 M10 A5 N10');
/** Player 1 to move on 9x9: X O O _ on the top row, a pair to take at D9. */
const pairRow = ['X O O . . . . . .', ...Array<string>(8).fill('. . . . . . . . .')];
const pairToTake = (captures: [number, number]) => fromDiagram(pairRow, 1, { captures });

describe('threat queries (threats.ts)', () => {
  it('the longest capture and the capture win within reach', () => {
    expect(longestCapture(VARIANTS.pente)).toBe(2);
    expect(longestCapture(VARIANTS.keryo)).toBe(3);
    expect(longestCapture(VARIANTS.gomoku)).toBe(0);
    expect(captureWinWithin(VARIANTS.pente, 8, 1)).toBe(true);
    expect(captureWinWithin(VARIANTS.pente, 7, 1)).toBe(false);
    expect(captureWinWithin(VARIANTS.pente, 6, 2)).toBe(true);
    expect(captureWinWithin(VARIANTS.keryo, 12, 1)).toBe(true);
    expect(captureWinWithin(VARIANTS.keryo, 11, 1)).toBe(false);
    // No captures, or no capture win: never.
    expect(captureWinWithin(VARIANTS.gomoku, 100, 5)).toBe(false);
  });

  it('canWinNow: a four on the board', () => {
    const pos = Position.fromState(facingFour);
    expect(canWinNow(pos, 1)).toBe(true);
    expect(canWinNow(pos, 2)).toBe(false);
    expect(threatOnBoard(pos)).toBe(true);
    expect(threatOnBoard(Position.fromState(game(free, 'K10 A1 L10')))).toBe(false);
  });

  it('canWinNow: a capture with the capture win one capture away, not two', () => {
    expect(canWinNow(Position.fromState(pairToTake([8, 0])), 1)).toBe(true);
    expect(canWinNow(Position.fromState(pairToTake([6, 0])), 1)).toBe(false);
    // The opponent's captured stones do not count for player 1, and player 2 has no capture to make.
    expect(canWinNow(Position.fromState(pairToTake([0, 8])), 1)).toBe(false);
    expect(canWinNow(Position.fromState(pairToTake([0, 8])), 2)).toBe(false);
  });

  it('winsAt and urgency read the game state: a five, a winning capture, the opponent’s threat', () => {
    const block = parsePoint(19, 'J10')!;
    expect(winsAt(facingFour, block, 1)).toBe(true);
    expect(winsAt(facingFour, block, 2)).toBe(false);
    expect(urgency(facingFour)).toBe('defend');
    const takes = pairToTake([8, 0]);
    expect(winsAt(takes, 3, 1)).toBe(true);
    expect(urgency(takes)).toBe('win');
    expect(urgency(pairToTake([6, 0]))).toBeNull();
  });
});
