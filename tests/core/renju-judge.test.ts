/**
 * Renju's forbidden points are judged by game.ts itself (it imports the finder): a Renju game replayed by a
 * module that never loads opening.ts (storage's readers, Home's resume) still ends on black's forbidden
 * point. Before, game.ts reached the finder through a hook opening.ts installed when it loaded, and a game
 * replayed without it skipped the forbidden points silently. This file imports game.ts and coords.ts only.
 */
import { describe, expect, it } from 'vitest';
import { parsePoint } from '../../src/core/coords';
import { play, replay } from '../../src/core/game';

const P = (name: string): number => parsePoint(15, name)!;
const moves = (text: string): number[] => text.split(' ').map(P);
/** Branch A's opening (every window kept), then black builds F5 G5 J5 K5 L5 on row 5 and H5 makes six. */
const OVERLINE = 'H8 H9 J9 G7 K10 L3 F5 A15 G5 A13 J5 A11 K5 A9 L5 A7 H5';

describe("Renju's forbidden points without opening.ts", () => {
  it('a replayed black overline loses at once', () => {
    const replayed = replay({ variant: 'renju' }, moves(OVERLINE));
    expect(replayed.ok).toBe(true);
    if (!replayed.ok) return;
    expect(replayed.value.result).toEqual({ winner: 2, reason: 'forbidden' });
  });

  it("play ends the game on black's forbidden point, not on a quiet one", () => {
    const before = replay({ variant: 'renju' }, moves(OVERLINE).slice(0, -1));
    if (!before.ok) throw new Error(before.error.illegal.message);
    expect(before.value.toMove).toBe(1);
    const black = play(before.value, P('H5'));
    expect(black.ok && black.value.result).toEqual({ winner: 2, reason: 'forbidden' });
    const quiet = play(before.value, P('C3'));
    expect(quiet.ok && quiet.value.result).toBeNull();
  });
});
