import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOARD_SIZES,
  type BoardSize,
  type GameState,
  VARIANT_IDS,
  type VariantId,
  EMPTY,
  chooseSeat,
  dueOpeningSteps,
  passSwap2,
  swap2PassAllowed,
  takeOpeningStep,
  formatRecord,
  legalMoves,
  loadRecord,
  moverAt,
  newGame,
  play,
  recordOf,
  replay,
  seatChoiceDue,
  stateAtPly,
  xOf,
  yOf,
} from '../../src/core';
import { rng } from '../helpers';

/**
 * A random legal game: each move is a legal point within two of a stone already played (or any legal
 * point when there is none), so games are dense enough for captures, poofs and fives to happen.
 */
function randomGame(
  variant: VariantId,
  size: BoardSize,
  tournamentRule: boolean,
  seed: number,
  maxPlies: number,
): GameState {
  const random = rng(seed);
  let state = newGame({ variant, size, tournamentRule });
  while (!state.result && state.moves.length < maxPlies) {
    // The opening steps (D-Pente's seat choice, Swap2's choice or pass), at random, while one is due.
    for (let steps = dueOpeningSteps(state); steps.length > 0; steps = dueOpeningSteps(state))
      state = takeOpeningStep(state, steps[Math.floor(random() * steps.length)]!)!;
    const legal = legalMoves(state);
    const near = legal.filter((p) =>
      state.moves.some((m) => Math.abs(xOf(size, m) - xOf(size, p)) <= 2 && Math.abs(yOf(size, m) - yOf(size, p)) <= 2),
    );
    const pool = near.length > 0 ? near : legal;
    const next = play(state, pool[Math.floor(random() * pool.length)]!);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value;
  }
  return state;
}

const gameArb = fc.record({
  variant: fc.constantFrom<VariantId>(...VARIANT_IDS),
  size: fc.constantFrom<BoardSize>(...BOARD_SIZES),
  tournamentRule: fc.boolean(),
  seed: fc.integer(),
  maxPlies: fc.integer({ min: 1, max: 120 }),
});

const sameGame = (a: GameState, b: GameState) => {
  expect(Array.from(b.cells)).toEqual(Array.from(a.cells));
  expect(b.captures).toEqual(a.captures);
  expect(b.result).toEqual(a.result);
  expect(b.toMove).toBe(a.toMove);
  expect(b.pendingFive).toBe(a.pendingFive);
  expect(b.seatChoice).toBe(a.seatChoice);
  expect(b.swap2Pass).toBe(a.swap2Pass);
};

describe('random legal games', () => {
  it('stones on the board plus stones lost equal stones played', () => {
    fc.assert(
      fc.property(gameArb, ({ variant, size, tournamentRule, seed, maxPlies }) => {
        const s = randomGame(variant, size, tournamentRule, seed, maxPlies);
        for (const player of [1, 2] as const) {
          const onBoard = s.cells.filter((c) => c === player).length;
          const played = s.moves.filter((_, ply) => moverAt(s.rules, ply) === player).length;
          // Every stone a player loses, by capture or by poof, is credited to the other player.
          const lost = s.captures[2 - player]!;
          expect(onBoard + lost).toBe(played);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('replaying the record reproduces the state', () => {
    fc.assert(
      fc.property(gameArb, ({ variant, size, tournamentRule, seed, maxPlies }) => {
        const s = randomGame(variant, size, tournamentRule, seed, maxPlies);
        const loaded = loadRecord(formatRecord(recordOf(s)));
        if (!loaded.ok) throw new Error(loaded.error.message);
        sameGame(s, loaded.value.state);
      }),
      { numRuns: 150 },
    );
  });

  it('going back and then forward again is the identity', () => {
    fc.assert(
      fc.property(gameArb, fc.nat(), ({ variant, size, tournamentRule, seed, maxPlies }, back) => {
        const s = randomGame(variant, size, tournamentRule, seed, maxPlies);
        const ply = back % (s.moves.length + 1);
        let again = stateAtPly(s, ply);
        expect(again.moves).toEqual(s.moves.slice(0, ply));
        for (const m of s.moves.slice(ply)) {
          if (s.swap2Pass && swap2PassAllowed(again)) again = passSwap2(again)!;
          if (seatChoiceDue(again)) again = chooseSeat(again, s.seatChoice!)!;
          const next = play(again, m);
          if (!next.ok) throw new Error(next.error.message);
          again = next.value;
        }
        if (s.swap2Pass && swap2PassAllowed(again)) again = passSwap2(again)!;
        if (seatChoiceDue(again) && s.seatChoice) again = chooseSeat(again, s.seatChoice)!;
        sameGame(s, again);
        const fresh = replay(s.rules, s.moves, s.seatChoice, s.swap2Pass);
        expect(fresh.ok).toBe(true);
        if (fresh.ok) sameGame(s, fresh.value);
      }),
      { numRuns: 150 },
    );
  });

  it('no move lands on an occupied point, and an occupied point is refused', () => {
    fc.assert(
      fc.property(gameArb, ({ variant, size, tournamentRule, seed, maxPlies }) => {
        const s = randomGame(variant, size, tournamentRule, seed, maxPlies);
        for (let c = s; c.parent; c = c.parent) expect(c.parent.cells[c.lastMove!.point]).toBe(EMPTY);
        for (let p = 0; p < s.cells.length && !s.result; p++) {
          if (s.cells[p] !== EMPTY) expect(play(s, p).ok).toBe(false);
        }
      }),
      { numRuns: 100 },
    );
  });
});
