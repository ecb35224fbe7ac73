/** The merge rule of friend games (src/core/friend.ts): what a link arriving means for this device's copy. */
import { describe, expect, it } from 'vitest';
import {
  type FriendCopy,
  type GameState,
  type Player,
  formatGameLink,
  linkArrival,
  makeRules,
  mergeFriendLink,
  moverOf,
  parseGameLink,
  undoesLossOnTime,
} from '../../src/core';
import { game } from '../helpers';

const opts = { size: 9 } as const;
/** Black (player 1) and White take turns: E5 F6 B2 C3 D4 G7. */
const line = ['E5', 'F6', 'B2', 'C3', 'D4', 'G7'];
const at = (n: number) => game(opts, line.slice(0, n).join(' '));
const copyOf = (s: GameState, mySide: Player, result = s.result): FriendCopy => ({
  rules: s.rules,
  moves: s.moves,
  result,
  mySide,
});

describe('merging a friend link into this device’s copy', () => {
  it('extend: the other side’s next move updates the copy', () => {
    expect(mergeFriendLink(copyOf(at(2), 2), at(3))).toEqual({ kind: 'extend', added: 1 });
    expect(mergeFriendLink(copyOf(at(0), 2), at(1))).toEqual({ kind: 'extend', added: 1 });
  });

  it('extend: the other side’s resignation, with or without a move, ends the copy', () => {
    const resigned = { ...at(2), result: { winner: 1, reason: 'resignation' } as const };
    expect(mergeFriendLink(copyOf(at(2), 1), resigned)).toEqual({ kind: 'extend', added: 0 });
    const movedThenResigned = { ...at(3), result: { winner: 2, reason: 'resignation' } as const };
    expect(mergeFriendLink(copyOf(at(2), 2), movedThenResigned)).toEqual({ kind: 'extend', added: 1 });
  });

  it('same: the same link again', () => {
    expect(mergeFriendLink(copyOf(at(3), 2), at(3))).toEqual({ kind: 'same' });
    const over = { ...at(4), result: { winner: 1, reason: 'resignation' } as const };
    expect(mergeFriendLink(copyOf(over, 1), over)).toEqual({ kind: 'same' });
  });

  it('older: a link the copy has moved on from', () => {
    expect(mergeFriendLink(copyOf(at(4), 2), at(3))).toEqual({ kind: 'older', behind: 1 });
    expect(mergeFriendLink(copyOf(at(6), 1), at(1))).toEqual({ kind: 'older', behind: 5 });
    const resignedHere = copyOf(at(4), 1, { winner: 2, reason: 'resignation' });
    expect(mergeFriendLink(resignedHere, at(4))).toEqual({ kind: 'older', behind: 0 });
  });

  it('conflict: a link that changes a move already played names the first move that differs', () => {
    const other = game(opts, 'E5 F6 B2 D3 D4');
    expect(mergeFriendLink(copyOf(at(5), 2), other)).toEqual({ kind: 'conflict', firstDifference: 4 });
    // Shorter, longer or the same length: the first difference is what counts.
    expect(mergeFriendLink(copyOf(at(6), 2), game(opts, 'E5 G6 B2'))).toEqual({ kind: 'conflict', firstDifference: 2 });
    expect(mergeFriendLink(copyOf(at(3), 2), game(opts, 'E5 F6 C2 C3'))).toEqual({
      kind: 'conflict',
      firstDifference: 3,
    });
  });

  it('conflict: endings that differ, or moves after the copy’s game ended', () => {
    const iResigned = copyOf(at(4), 1, { winner: 2, reason: 'resignation' });
    expect(mergeFriendLink(iResigned, at(5))).toEqual({ kind: 'conflict', firstDifference: 5 });
    const theyResigned = { ...at(4), result: { winner: 1, reason: 'resignation' } as const };
    expect(mergeFriendLink(iResigned, theyResigned)).toEqual({ kind: 'conflict', firstDifference: 5 });
    // An older point of the game, but ended there: not an older link of this game.
    const endedEarlier = { ...at(2), result: { winner: 1, reason: 'resignation' } as const };
    expect(mergeFriendLink(copyOf(at(4), 1), endedEarlier)).toEqual({ kind: 'conflict', firstDifference: 3 });
  });

  it('not-theirs: a link that plays for this device’s side (a move out of turn) or resigns for it', () => {
    expect(mergeFriendLink(copyOf(at(2), 1), at(3))).toEqual({ kind: 'not-theirs', ply: 3 });
    expect(mergeFriendLink(copyOf(at(1), 2), at(3))).toEqual({ kind: 'not-theirs', ply: 2 });
    const resignedForMe = { ...at(2), result: { winner: 2, reason: 'resignation' } as const };
    expect(mergeFriendLink(copyOf(at(2), 1), resignedForMe)).toEqual({ kind: 'not-theirs', ply: null });
    const drawn = { ...at(2), result: { winner: null, reason: 'draw' } as const };
    expect(mergeFriendLink(copyOf(at(2), 1), drawn)).toEqual({ kind: 'not-theirs', ply: null });
  });

  it('different-rules: the same id with other rules', () => {
    const gomoku = game({ size: 9, variant: 'gomoku' }, 'E5 F6');
    expect(mergeFriendLink(copyOf(at(2), 1), gomoku)).toEqual({ kind: 'different-rules' });
    expect(mergeFriendLink(copyOf(at(0), 1), { rules: makeRules({ size: 13 }), moves: [], result: null })).toEqual({
      kind: 'different-rules',
    });
  });

  it('player 1 plays the odd moves', () => {
    expect([1, 2, 3, 4].map(moverOf)).toEqual([1, 2, 1, 2]);
  });
});

describe('what opening a link does', () => {
  const gameId = 'AbCdEfGhIjKlMn-_';
  const open = (s: GameState, sender: Player | null) => {
    const parsed = parseGameLink(
      formatGameLink({ state: s, names: ['Ann', 'Bob'], friend: sender && { gameId, sender } }),
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.value;
  };

  it('a shared game (no friend marks) is only viewed', () => {
    expect(linkArrival(open(at(3), null), null)).toEqual({ kind: 'view' });
  });

  it('a device with no copy joins an invitation, playing the side that has not moved', () => {
    expect(linkArrival(open(at(0), 1), null)).toEqual({ kind: 'join', mySide: 2 });
    expect(linkArrival(open(at(0), 2), null)).toEqual({ kind: 'join', mySide: 1 });
    expect(linkArrival(open(at(1), 1), null)).toEqual({ kind: 'join', mySide: 2 });
  });

  it('a device with no copy of a game under way between two others gets it view-only (foreign)', () => {
    expect(linkArrival(open(at(3), 1), null)).toEqual({ kind: 'foreign' });
    expect(linkArrival(open(at(2), 2), null)).toEqual({ kind: 'foreign' });
  });

  it('a device with a copy merges', () => {
    expect(linkArrival(open(at(3), 1), copyOf(at(2), 2))).toEqual({ kind: 'extend', added: 1 });
    expect(linkArrival(open(at(3), 1), copyOf(at(3), 1))).toEqual({ kind: 'same' });
  });
});

describe('a loss on time that a move in time undoes (relay copies, where the signed readings decide)', () => {
  const flagged = (n: number, winner: Player) => ({ ...at(n), result: { winner, reason: 'time' } as const });

  it('a copy holding every move of the flagged one and more undoes it; the same copy or fewer moves do not', () => {
    expect(undoesLossOnTime(flagged(3, 1), at(4))).toBe(true);
    expect(undoesLossOnTime(flagged(3, 1), at(6))).toBe(true);
    expect(undoesLossOnTime(flagged(3, 1), flagged(3, 1))).toBe(false);
    expect(undoesLossOnTime(flagged(3, 1), at(3))).toBe(false);
    expect(undoesLossOnTime(flagged(3, 1), at(2))).toBe(false);
  });

  it('the same moves with another ending undo it (the flagged side resigned in time)', () => {
    expect(undoesLossOnTime(flagged(3, 1), { ...at(3), result: { winner: 1, reason: 'resignation' } })).toBe(true);
  });

  it('never another line, other rules, or an ending that is not a loss on time', () => {
    expect(undoesLossOnTime(flagged(3, 1), game(opts, 'E5 F6 C2 C3'))).toBe(false);
    expect(undoesLossOnTime(flagged(3, 1), { ...at(4), rules: { ...at(4).rules, size: 13 } })).toBe(false);
    const resigned = { ...at(3), result: { winner: 1, reason: 'resignation' } as const };
    expect(undoesLossOnTime(resigned, at(4))).toBe(false);
    expect(undoesLossOnTime(at(3), at(4))).toBe(false);
  });

  it('the link rule itself is unchanged: a move after a loss on time is a conflict there', () => {
    expect(mergeFriendLink(copyOf(flagged(3, 1), 1), at(4))).toEqual({ kind: 'conflict', firstDifference: 4 });
  });
});
