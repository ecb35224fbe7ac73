import { describe, expect, it } from 'vitest';
import { type GameState, newGame, parsePoint, play } from '../../../src/core';
import {
  type Match,
  type MatchSide,
  advance,
  canUndo,
  chooseSeatIn,
  clockReading,
  flagFall,
  isComputerTurn,
  isFriendMatch,
  isHumanTurn,
  newMatch,
  afterAbsenceOf,
  heartbeatOf,
  pauseClock,
  playPoint,
  rematchSides,
  resign,
  resumeClock,
  review,
  reviewedPosition,
  seatChoiceFor,
  shownState,
  storedClocks,
  takeBack,
  turnRefusal,
} from '../../../src/ui/play/session/match';
import type { Heartbeat } from '../../../src/ui/play/session/game-clock';
import { DEFAULT_COMPUTERS } from '../../../src/storage';
import { game } from '../../helpers';

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

/** A clocked pass-and-play match after each side's free first move (at 0): Black's clock runs from 0. */
const running = () => moves(resumeClock(match([ALICE, BOB], { clock: true }), 0), 'K10 L9', 0);

describe('clocks', () => {
  it('each side’s first move is free; from the second on, the mover is charged and earns the increment', () => {
    let m = resumeClock(match([ALICE, BOB], { clock: true }), 0);
    expect(m.clock!.runningSince).toBeNull(); // Black has not moved: its clock does not run
    m = moves(m, 'K10', 30_000);
    expect(m.clock!.remainingMs).toEqual([60_000, 60_000]);
    expect(m.clock!.runningSince).toBeNull(); // nor White's before its first move
    expect(clockReading(m, 90_000)).toEqual([60_000, 60_000]);
    m = moves(m, 'L9', 50_000);
    expect(m.clock!.remainingMs).toEqual([60_000, 60_000]);
    expect(m.clock!.runningSince).toBe(50_000); // Black has moved: its clock runs now
    m = moves(m, 'N12', 55_000);
    expect(m.clock!.remainingMs).toEqual([60_000 - 5_000 + 2_000, 60_000]);
    expect(m.clock!.runningSince).toBe(55_000);
    expect(clockReading(m, 65_000)).toEqual([57_000, 50_000]);
  });
  it('a game played from a position: each side’s first move after it is free', () => {
    const from = moves(match([ALICE, BOB]), 'K10 L9 N12').game;
    let m = newMatch({
      id: 'm2',
      sides: [ALICE, BOB],
      game: from,
      clocks: { remainingMs: [60_000, 60_000], incrementMs: 0 },
      demo: false,
      startPly: 3,
    });
    m = resumeClock(m, 0);
    expect(m.clock!.runningSince).toBeNull();
    m = moves(m, 'M11', 10_000);
    expect(m.clock!.runningSince).toBeNull();
    m = moves(m, 'O13', 20_000);
    expect(m.clock!.runningSince).toBe(20_000);
  });
  it('stopping and starting the clock (leaving, reloading) never gives time back', () => {
    let m = pauseClock(running(), 10_000);
    expect(m.clock!.remainingMs).toEqual([50_000, 60_000]);
    expect(m.clock!.runningSince).toBeNull();
    // A minute away: nothing is charged while stopped.
    m = resumeClock(m, 70_000);
    expect(clockReading(m, 75_000)).toEqual([45_000, 60_000]);
  });
  it('a game stored with its clock running (the tab closed) opens charged up to the last moment seen', () => {
    const m = running();
    const stored = storedClocks(m, 8_000)!;
    expect(stored).toMatchObject({ runningSince: 0, seenAt: 8_000 });
    const reopen = (heartbeat: Heartbeat | null) =>
      resumeClock(
        newMatch({ id: 'm1', sides: [ALICE, BOB], game: m.game, clocks: stored, demo: false, heartbeat }),
        600_000,
      );
    // Ten minutes later: 8 s used, not ten minutes.
    expect(clockReading(reopen(null), 600_000)).toEqual([52_000, 60_000]);
    expect(clockReading(reopen(null), 601_000)).toEqual([51_000, 60_000]);
    // A heartbeat written after the save (every few seconds, or as the page went) counts too.
    expect(clockReading(reopen({ runningSince: 0, seenAt: 9_500 }), 600_000)).toEqual([50_500, 60_000]);
  });
  it('the heartbeat of a running clock, and none for a stopped one', () => {
    expect(heartbeatOf(running(), 4_000)).toEqual({ runningSince: 0, seenAt: 4_000 });
    expect(heartbeatOf(pauseClock(running(), 1_000), 4_000)).toBeNull();
    expect(heartbeatOf(match([ALICE, BOB]), 4_000)).toBeNull();
  });
  it('an absence on screen (the device slept) is charged only up to the last tick seen', () => {
    const m = afterAbsenceOf(running(), 3_000, 900_000);
    expect(m.clock).toMatchObject({ remainingMs: [57_000, 60_000], runningSince: 900_000 });
    expect(flagFall(m, 900_000)).toBe(m);
  });
  it('the flag falls when the side to move runs out', () => {
    const m = running();
    expect(flagFall(m, 59_999)).toBe(m);
    const flagged = flagFall(m, 60_000);
    expect(flagged.game.result).toEqual({ winner: 2, reason: 'time' });
    expect(flagged.clock!.remainingMs).toEqual([0, 60_000]);
    expect(flagged.clock!.runningSince).toBeNull();
  });
  it('a stopped clock does not fall', () => {
    const m = match([ALICE, BOB], { clock: true });
    expect(flagFall(m, 10 ** 9)).toBe(m);
    expect(flagFall(pauseClock(running(), 1), 10 ** 9).game.result).toBeNull();
  });
  it('the clock stops when the game ends', () => {
    const m = resign(running(), 3_000);
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
    let m = running();
    m = moves(m, 'N12', 4_000);
    m = takeBack(m, 9_000);
    expect(m.game.moves).toEqual(['K10', 'L9'].map(pt));
    // Alice used 4 s (+2 s increment); Bob's 5 s on his turn stay used.
    expect(m.clock!.remainingMs).toEqual([58_000, 55_000]);
    expect(m.clock!.runningSince).toBe(9_000);
    // Back before White's first move: its clock stops (that move is free again).
    const before = takeBack(m, 10_000);
    expect(before.game.moves).toEqual([pt('K10')]);
    expect(before.clock!.runningSince).toBeNull();
    expect(before.clock!.remainingMs).toEqual([57_000, 55_000]);
  });
});

describe('review', () => {
  it('shows earlier positions and returns to the live game', () => {
    const m = moves(match([ALICE, BOB]), 'K10 L9 N12');
    expect(shownState(review(m, 1)).moves).toEqual([pt('K10')]);
    expect(review(m, 3).reviewPly).toBeNull();
    expect(review(m, -4).reviewPly).toBe(0);
    expect(review(review(m, 1), null)).toEqual(m);
  });
  it('"Play from here" starts from the position shown, and never changes the match itself', () => {
    const m = review(resign(moves(match([ALICE, BOB]), 'K10 L9 N12'), 0), 1);
    const from = reviewedPosition(m)!;
    expect(from.ply).toBe(1);
    expect(from.state.moves).toEqual([pt('K10')]);
    expect(from.state.result).toBeNull();
    expect(m.game.moves).toHaveLength(3);
    expect(m.game.result).toEqual({ winner: 1, reason: 'resignation' }); // White, to move, resigned
    // Not from the live game, nor in a demo.
    expect(reviewedPosition(review(m, null))).toBeNull();
    expect(reviewedPosition(review(moves(match([CPU, CPU], { demo: true }), 'K10 L9'), 1))).toBeNull();
  });

  it('"Play from here" may start from an earlier position than the one shown, never a later one', () => {
    const m = review(resign(moves(match([ALICE, BOB]), 'K10 L9 N12'), 0), 2);
    expect(reviewedPosition(m, 1)).toMatchObject({ ply: 1, state: { moves: [pt('K10')], toMove: 2 } });
    expect(reviewedPosition(m, 3)?.ply).toBe(2);
    expect(reviewedPosition(m, -1)?.ply).toBe(0);
    expect(reviewedPosition(m)?.ply).toBe(2);
    expect(reviewedPosition(review(m, null), 1)).toBeNull();
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

  it('has no undo and no play-from-here while it goes on: the friend’s copy already holds the moves', () => {
    const m = moves(match([ALICE, REMOTE_BOB]), 'K10 L9 A1');
    expect(canUndo(m)).toBe(false);
    expect(takeBack(m, 0)).toBe(m);
    expect(reviewedPosition(review(m, 1))).toBe(null);
    // Once it is over, a position of it may start a new game, as any finished game's may.
    const over = resign(m, 0);
    expect(reviewedPosition(review(over, 1))?.ply).toBe(1);
  });

  it('the person resigns their own side, on either turn', () => {
    const black = moves(match([ALICE, REMOTE_BOB]), 'K10');
    expect(resign(black, 0).game.result).toEqual({ winner: 2, reason: 'resignation' });
    const white = moves(match([{ ...ALICE, remote: true }, BOB]), 'K10');
    expect(resign(white, 0).game.result).toEqual({ winner: 1, reason: 'resignation' });
  });
});

describe("D-Pente's seat choice", () => {
  const dMatch = (sides: readonly [MatchSide, MatchSide], clock = false): Match =>
    newMatch({
      id: 'd1',
      sides,
      game: newGame({ variant: 'd-pente' }),
      clocks: clock ? { remainingMs: [60_000, 30_000], incrementMs: 0 } : null,
      demo: false,
    });

  it('has player 1 place all four opening stones, then player 2 choose', () => {
    let m = dMatch([ALICE, CPU]);
    for (const name of ['A1', 'B2', 'L10', 'K10']) {
      expect(isHumanTurn(m)).toBe(true);
      m = moves(m, name);
    }
    // The fifth stone is Black's, but the computer (player 2) chooses its seat first.
    expect(m.game.toMove).toBe(1);
    expect(isComputerTurn(m)).toBe(true);
    expect('refusal' in playPoint(m, pt('K12'), 0)).toBe(true);
  });

  it('exchanges the sides and their clocks on a swap, and keeps them on keep', () => {
    const four = moves(dMatch([CPU, ALICE], true), 'A1 B2 L10 K10');
    expect(isHumanTurn(four)).toBe(true);
    const swapped = chooseSeatIn(four, 'swap')!;
    expect(swapped.sides).toEqual([ALICE, CPU]);
    expect(swapped.clock?.remainingMs).toEqual([30_000, 60_000]);
    expect(swapped.game.seatChoice).toBe('swap');
    // Alice now holds Black and plays the fifth stone.
    expect(isHumanTurn(swapped)).toBe(true);
    const kept = chooseSeatIn(four, 'keep')!;
    expect(kept.sides).toEqual([CPU, ALICE]);
    expect(isComputerTurn(kept)).toBe(true);
    expect(chooseSeatIn(kept, 'swap')).toBeNull();
  });

  it('never takes back past a choice made', () => {
    const chosen = chooseSeatIn(moves(dMatch([ALICE, BOB]), 'A1 B2 L10 K10'), 'swap')!;
    expect(canUndo(chosen)).toBe(false);
    const after = moves(chosen, 'K12');
    expect(takeBack(after, 0).game).toBe(chosen.game);
    // Before the choice, player 1 takes back their own opening stones one by one.
    const three = moves(dMatch([ALICE, CPU]), 'A1 B2 L10');
    expect(takeBack(three, 0).game.moves).toHaveLength(2);
  });

  it('lets the computer take the seat its search scores better', () => {
    // D-Pente: seat 1 moves after the four stones, player 2 chooses.
    const four = moves(dMatch([ALICE, CPU]), 'A1 B2 L10 K10').game;
    expect(seatChoiceFor(four, { kind: 'eval', centiStones: 40 })).toBe('swap');
    expect(seatChoiceFor(four, { kind: 'eval', centiStones: 0 })).toBe('keep');
    expect(seatChoiceFor(four, { kind: 'eval', centiStones: -40 })).toBe('keep');
    expect(seatChoiceFor(four, { kind: 'win', plies: 5, moves: 3 })).toBe('swap');
    expect(seatChoiceFor(four, { kind: 'loss', plies: 6, moves: 3 })).toBe('keep');
    // Swap2: seat 2 moves after the three stones and player 2 chooses, so a good score keeps the seat.
    const three = game({ variant: 'swap2-pente' }, 'K10 L9 M10');
    expect(seatChoiceFor(three, { kind: 'eval', centiStones: 40 })).toBe('keep');
    expect(seatChoiceFor(three, { kind: 'eval', centiStones: -40 })).toBe('swap');
    expect(seatChoiceFor(three, { kind: 'loss', plies: 6, moves: 3 })).toBe('swap');
    // After a pass, player 1 chooses and seat 2 still moves: a good score for it takes it.
    const five = game({ variant: 'swap2-pente' }, 'K10 L9 M10 pass N11 J9');
    expect(seatChoiceFor(five, { kind: 'eval', centiStones: 40 })).toBe('swap');
    expect(seatChoiceFor(five, { kind: 'eval', centiStones: -40 })).toBe('keep');
  });
});

describe("Swap2's steps in a match", () => {
  const swap2Match = (sides: readonly [MatchSide, MatchSide]): Match =>
    newMatch({ id: 's1', sides, game: newGame({ variant: 'swap2-pente' }), clocks: null, demo: false });

  it('player 2 passes and places two stones, then player 1 chooses; a swap exchanges the sides', () => {
    const three = moves(swap2Match([CPU, ALICE]), 'K10 L9 M10');
    expect(isHumanTurn(three)).toBe(true);
    const passed = chooseSeatIn(three, 'pass')!;
    expect(passed.sides).toEqual([CPU, ALICE]);
    expect(passed.game.swap2Pass).toBe(true);
    // Alice places White's and then Black's stone; then the computer (player 1) chooses.
    const four = moves(passed, 'N11');
    expect(isHumanTurn(four)).toBe(true);
    const five = moves(four, 'J9');
    expect(isComputerTurn(five)).toBe(true);
    expect(chooseSeatIn(five, 'pass')).toBeNull();
    const swapped = chooseSeatIn(five, 'swap')!;
    // The computer took White's seat and plays the sixth stone; Alice holds Black.
    expect(swapped.sides).toEqual([ALICE, CPU]);
    expect(isComputerTurn(swapped)).toBe(true);
  });

  it('refuses a pass when none is due', () => {
    expect(chooseSeatIn(swap2Match([ALICE, BOB]), 'pass')).toBeNull();
    expect(chooseSeatIn(moves(swap2Match([ALICE, BOB]), 'K10 L9 M10'), 'keep')!.game.swap2Pass).toBe(false);
  });
});

describe('Connect6 against the computer', () => {
  const connect6 = (): Match =>
    newMatch({ id: 'c6', sides: [ALICE, CPU], game: newGame({ variant: 'connect6' }), clocks: null, demo: false });
  it('keeps the turn with the computer between its two stones', () => {
    const m = moves(connect6(), 'K10 L9');
    expect(isComputerTurn(m)).toBe(true);
    expect(isHumanTurn(moves(m, 'L10'))).toBe(true);
  });
  it('undo takes back the computer’s turn and the person’s last stone, one stone at a time', () => {
    const back = takeBack(moves(connect6(), 'K10 L9 L10 M11 M12 N1 N2'), 0);
    expect(back.game.moves).toEqual(['K10', 'L9', 'L10', 'M11'].map(pt));
    expect(isHumanTurn(back)).toBe(true);
  });
});

describe('Connect6 on a clock', () => {
  it('gives one increment a turn, not one a stone', () => {
    const start = newMatch({
      id: 'c6c',
      sides: [ALICE, BOB],
      game: newGame({ variant: 'connect6' }),
      clocks: { remainingMs: [60_000, 60_000], incrementMs: 2_000 },
      demo: false,
    });
    const before = resumeClock(moves(start, 'K10 L9 L10', 0), 0);
    expect(before.clock!.runningSince).toBe(0);
    // Black's turn of two stones, 1 s each: charged 2 s, and one increment of 2 s.
    const after = moves(moves(before, 'M11', 1_000), 'M12', 2_000);
    expect(after.clock!.remainingMs[0]).toBe(before.clock!.remainingMs[0]);
    expect(after.game.toMove).toBe(2);
  });
});

describe("Renju's steps in a pass-and-play match", () => {
  const renjuMatch = (): Match =>
    newMatch({ id: 'r1', sides: [ALICE, BOB], game: newGame({ variant: 'renju' }), clocks: null, demo: false });
  const at = (m: Match, items: string): Match => ({ ...m, game: game({}, items, m.game) });

  it('a window swap exchanges the sides; undo does not go back past it', () => {
    const one = at(renjuMatch(), 'H8');
    const swapped = chooseSeatIn(one, 'swap')!;
    expect(swapped.sides).toEqual([BOB, ALICE]);
    const two = at(swapped, 'H9');
    expect(canUndo(two)).toBe(true);
    // One step back is the window's state: the seats as they are; the swap itself is not taken back.
    expect(takeBack(two, 0).game.moves).toHaveLength(1);
    expect(canUndo(takeBack(two, 0))).toBe(false);
  });

  it("takes black's ten offers and a pass through chooseSeatIn; refuses them when not due", () => {
    const four = at(renjuMatch(), 'H8 keep H9 keep J9 keep G7 keep');
    const offer = ['A1', 'A3', 'A5', 'A7', 'A9', 'A11', 'A13', 'A15', 'C1', 'E1'].map((n) => parsePoint(15, n)!);
    expect(chooseSeatIn(four, 'pass')).toBeNull();
    const offered = chooseSeatIn(four, { offer })!;
    expect(offered.game.renju!.offers).toEqual(offer);
    expect(offered.sides).toEqual([ALICE, BOB]);
    const six = at(offered, 'A5 B2');
    const passed = chooseSeatIn(six, 'pass')!;
    expect(passed.game.toMove).toBe(2);
    expect(chooseSeatIn(six, { offer })).toBeNull();
  });

  it("a pass ends the passer's turn on the clock: charged with the increment, the other clock starts", () => {
    const six = game({ variant: 'renju' }, 'H8 keep H9 keep J9 keep G7 keep K10 keep L3');
    const timed: Match = {
      ...newMatch({ id: 'r2', sides: [ALICE, BOB], game: six, clocks: null, demo: false }),
      clock: { remainingMs: [60_000, 60_000], incrementMs: 2_000, runningSince: 1_000, initialMs: 60_000 },
    };
    const passed = chooseSeatIn(timed, 'pass', 6_000)!;
    expect(passed.game.toMove).toBe(2);
    // Black thought 5 s and earned 2 s; White's clock runs from the pass.
    expect(passed.clock).toMatchObject({ remainingMs: [57_000, 60_000], runningSince: 6_000 });
    expect(clockReading(passed, 9_000)).toEqual([57_000, 57_000]);
  });
});
