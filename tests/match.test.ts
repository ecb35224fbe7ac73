import { describe, expect, it } from 'vitest';
import { type GameState, newGame, parsePoint, play } from '../src/core';
import {
  type Match,
  type MatchSide,
  advance,
  canUndo,
  clockReading,
  flagFall,
  isComputerTurn,
  isFriendMatch,
  isHumanTurn,
  newMatch,
  pauseClock,
  playFromHere,
  playPoint,
  rematchSides,
  resign,
  resumeClock,
  review,
  shownState,
  storedClocks,
  takeBack,
  turnRefusal,
} from '../src/ui/session/match';
import { DEFAULT_COMPUTERS } from '../src/storage';

const ALICE: MatchSide = { name: 'Alice', kind: 'human', playerId: 'a' };
const BOB: MatchSide = { name: 'Bob', kind: 'human', playerId: 'b' };
const CPU: MatchSide = { name: 'Casual', kind: 'computer', playerId: 'casual', computer: DEFAULT_COMPUTERS[1]! };

const pt = (name: string) => parsePoint(19, name)!;

function match(sides: readonly [MatchSide, MatchSide], options: { clock?: boolean; demo?: boolean } = {}): Match {
  return newMatch({
    id: 'm1',
    sides,
    game: newGame({ size: 19 }),
    clocks: options.clock ? { remainingMs: [60_000, 60_000], incrementMs: 2_000 } : null,
    demo: options.demo ?? false,
  });
}

/** Plays moves by name at the given times (one time per move, or all at `at`). */
function moves(m: Match, names: string, at = 0): Match {
  for (const name of names.split(' ')) {
    const r = playPoint(m, pt(name), at);
    if ('refusal' in r) throw new Error(r.refusal.message);
    m = r.match;
  }
  return m;
}

describe('turns', () => {
  it('knows whose turn it is against the computer', () => {
    const m = match([ALICE, CPU]);
    expect(isHumanTurn(m)).toBe(true);
    const after = moves(m, 'K10');
    expect(isComputerTurn(after)).toBe(true);
    expect(turnRefusal(after)?.reason).toBe('not-your-turn');
  });
  it('refuses moves in review; an illegal point is refused by the core when played', () => {
    const m = moves(match([ALICE, BOB]), 'K10 L9');
    expect(turnRefusal(review(m, 1))?.reason).toBe('reviewing');
    expect(turnRefusal(m)).toBeNull();
    const occupied = playPoint(m, pt('K10'), 0);
    expect('refusal' in occupied && occupied.refusal.reason).toBe('occupied');
    const tooClose = playPoint(m, pt('K11'), 0);
    expect('refusal' in tooClose && tooClose.refusal.reason).toBe('tournament-rule');
  });
  it('takes a prepared next state once, and refuses one that does not follow the live game', () => {
    const m = match([ALICE, BOB]);
    const next = play(m.game, pt('K10'));
    if (!next.ok) throw new Error();
    const after = advance(m, next.value, 0)!;
    expect(after.game).toBe(next.value);
    expect(advance(after, next.value, 0)).toBeNull();
  });
});

describe('clocks', () => {
  it('charges the mover for the time used and adds the increment; the other clock starts', () => {
    let m = resumeClock(match([ALICE, BOB], { clock: true }), 1_000);
    m = moves(m, 'K10', 6_000);
    expect(m.clock!.remainingMs).toEqual([60_000 - 5_000 + 2_000, 60_000]);
    expect(m.clock!.runningSince).toBe(6_000);
    expect(clockReading(m, 16_000)).toEqual([57_000, 50_000]);
  });
  it('stopping and starting the clock (leaving, reloading) never gives time back', () => {
    let m = resumeClock(match([ALICE, BOB], { clock: true }), 0);
    m = pauseClock(m, 10_000);
    expect(m.clock!.remainingMs).toEqual([50_000, 60_000]);
    expect(m.clock!.runningSince).toBeNull();
    // A minute away: nothing is charged while stopped.
    m = resumeClock(m, 70_000);
    expect(clockReading(m, 75_000)).toEqual([45_000, 60_000]);
  });
  it('a game saved with its clock running (the app was killed) is charged from the stored start when resumed', () => {
    const m = resumeClock(match([ALICE, BOB], { clock: true }), 1_000);
    const stored = storedClocks(m)!;
    expect(stored.runningSince).toBe(1_000);
    const reopened = resumeClock(
      newMatch({ id: 'm1', sides: [ALICE, BOB], game: m.game, clocks: stored, demo: false }),
      9_000,
    );
    expect(clockReading(reopened, 9_000)).toEqual([52_000, 60_000]);
  });
  it('the flag falls when the side to move runs out', () => {
    const m = resumeClock(match([ALICE, BOB], { clock: true }), 0);
    expect(flagFall(m, 59_999)).toBe(m);
    const flagged = flagFall(m, 60_000);
    expect(flagged.game.result).toEqual({ winner: 2, reason: 'time' });
    expect(flagged.clock!.remainingMs).toEqual([0, 60_000]);
    expect(flagged.clock!.runningSince).toBeNull();
  });
  it('a stopped clock does not fall', () => {
    const m = match([ALICE, BOB], { clock: true });
    expect(flagFall(m, 10 ** 9)).toBe(m);
  });
  it('the clock stops when the game ends', () => {
    const m = resign(resumeClock(match([ALICE, BOB], { clock: true }), 0), 3_000);
    expect(m.clock!.runningSince).toBeNull();
    expect(m.clock!.remainingMs).toEqual([57_000, 60_000]);
  });
});

describe('undo', () => {
  it('against the computer takes back the person’s move and the reply', () => {
    const m = moves(match([ALICE, CPU]), 'K10 L9 N12');
    const back = takeBack(moves(m, 'M11'), 0);
    expect(back.game.moves).toEqual(['K10', 'L9'].map(pt));
    expect(isHumanTurn(back)).toBe(true);
    const back2 = takeBack(moves(match([ALICE, CPU]), 'K10 L9'), 0);
    expect(back2.game.moves).toEqual([]);
  });
  it('in pass-and-play takes back one move', () => {
    const m = moves(match([ALICE, BOB]), 'K10 L9');
    expect(takeBack(m, 0).game.moves).toEqual([pt('K10')]);
  });
  it('has nothing to take back when only the computer has moved, and never in a demo', () => {
    const m = moves(match([CPU, ALICE]), 'K10');
    expect(canUndo(m)).toBe(false);
    expect(takeBack(m, 0)).toBe(m);
    expect(canUndo(moves(match([ALICE, BOB], { demo: true }), 'K10'))).toBe(false);
  });
  it('keeps the time used', () => {
    let m = resumeClock(match([ALICE, BOB], { clock: true }), 0);
    m = moves(m, 'K10', 4_000);
    m = takeBack(m, 9_000);
    expect(m.game.moves).toEqual([]);
    // Alice used 4 s (+2 s increment); Bob's 5 s on his turn stay used.
    expect(m.clock!.remainingMs).toEqual([58_000, 55_000]);
    expect(m.clock!.runningSince).toBe(9_000);
  });
});

describe('review and play from here', () => {
  it('shows earlier positions and returns to the live game', () => {
    const m = moves(match([ALICE, BOB]), 'K10 L9 N12');
    expect(shownState(review(m, 1)).moves).toEqual([pt('K10')]);
    expect(review(m, 3).reviewPly).toBeNull();
    expect(review(m, -4).reviewPly).toBe(0);
    expect(review(review(m, 1), null)).toEqual(m);
  });
  it('plays on from the position shown, dropping the later moves', () => {
    const m = moves(match([ALICE, BOB]), 'K10 L9 N12');
    const from = playFromHere(review(m, 1), 0);
    expect(from.game.moves).toEqual([pt('K10')]);
    expect(from.reviewPly).toBeNull();
    expect(playFromHere(review(moves(match([CPU, CPU], { demo: true }), 'K10 L9'), 1), 0).game.moves.length).toBe(2);
  });
  it('after a finished game, playing from an earlier position starts the clock again', () => {
    const ended = resign(resumeClock(moves(match([ALICE, BOB], { clock: true }), 'K10 L9'), 0), 1_000);
    const from = playFromHere(review(ended, 1), 2_000);
    expect(from.game.result).toBeNull();
    expect(from.clock!.runningSince).toBe(2_000);
  });
});

describe('resign and rematch', () => {
  it('against the computer the person resigns, whoever is to move', () => {
    const m = moves(match([ALICE, CPU]), 'K10');
    expect(resign(m, 0).game.result).toEqual({ winner: 2, reason: 'resignation' });
    expect(resign(moves(match([CPU, ALICE]), 'K10 L9'), 0).game.result).toEqual({ winner: 1, reason: 'resignation' });
  });
  it('in pass-and-play the side to move resigns; a demo cannot', () => {
    expect(resign(moves(match([ALICE, BOB]), 'K10'), 0).game.result).toEqual({ winner: 1, reason: 'resignation' });
    const demo = match([CPU, CPU], { demo: true });
    expect(resign(demo, 0)).toBe(demo);
  });
  it('rematch: the loser starts, or the players alternate, or the same player starts', () => {
    const lostByAlice = resign(match([ALICE, BOB]), 0);
    expect(rematchSides(lostByAlice, 'loser')).toEqual([ALICE, BOB]);
    const lostByBob = resign(moves(match([ALICE, BOB]), 'K10'), 0);
    expect(rematchSides(lostByBob, 'loser')).toEqual([BOB, ALICE]);
    expect(rematchSides(lostByAlice, 'alternate')).toEqual([BOB, ALICE]);
    expect(rematchSides(lostByBob, 'same')).toEqual([ALICE, BOB]);
  });
});

it('a state from elsewhere is not taken as the next move', () => {
  const other: GameState = newGame({ size: 19 });
  expect(advance(match([ALICE, BOB]), other, 0)).toBeNull();
});

describe('a friend game by links (the other side is remote)', () => {
  const REMOTE_BOB: MatchSide = { ...BOB, remote: true };

  it('lets the person move on their turn only; the friend’s moves come by link', () => {
    const m = match([ALICE, REMOTE_BOB]);
    expect(isFriendMatch(m)).toBe(true);
    expect(isFriendMatch(match([ALICE, BOB]))).toBe(false);
    expect(isHumanTurn(m)).toBe(true);
    const after = moves(m, 'K10');
    expect(isHumanTurn(after)).toBe(false);
    expect(isComputerTurn(after)).toBe(false);
    expect(turnRefusal(after)).toEqual({
      reason: 'not-your-turn',
      message: 'Waiting for Bob: their move comes by link.',
    });
  });

  it('has no undo and no play-from-here: the friend’s copy already holds the moves', () => {
    const m = moves(match([ALICE, REMOTE_BOB]), 'K10 L9 A1');
    expect(canUndo(m)).toBe(false);
    expect(takeBack(m, 0)).toBe(m);
    const reviewing = review(m, 1);
    expect(playFromHere(reviewing, 0)).toBe(reviewing);
  });

  it('the person resigns their own side, on either turn', () => {
    const black = moves(match([ALICE, REMOTE_BOB]), 'K10');
    expect(resign(black, 0).game.result).toEqual({ winner: 2, reason: 'resignation' });
    const white = moves(match([{ ...ALICE, remote: true }, BOB]), 'K10');
    expect(resign(white, 0).game.result).toEqual({ winner: 1, reason: 'resignation' });
  });
});
