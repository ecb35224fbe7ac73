/**
 * The computer on a clock never loses on time: the match model (match.ts, game-clock.ts) driven by a
 * hand-moved clock, where each of the computer's moves is charged the most the engine may think on it
 * (`moveThinkLimitMs`, the client's reading of src/ai/timeman.ts for the clock the controller tells it)
 * plus a realistic overhead (the answer's way back, the save). The person moves at once. No real time
 * passes.
 */
import { describe, expect, it } from 'vitest';
import { type GameState, isLegal, newGame, play } from '../../../src/core';
import { DEFAULT_COMPUTERS } from '../../../src/storage';
import { moveThinkLimitMs } from '../../../src/ui/engine/client';
import {
  type Match,
  type MatchSide,
  clockReading,
  flagFall,
  moverClock,
  newMatch,
  playPoint,
  resumeClock,
} from '../../../src/ui/play/session/match';
import { rng } from '../../helpers';

/** What a move costs the computer's clock besides the search: the worker's answer, the page, the save. */
const OVERHEAD_MS = 30;
const PLIES = 120;

/** A level that would think 10 s a move. */
const SLOW = { ...DEFAULT_COMPUTERS[0]!, timeMs: 10_000 };
const HUMAN: MatchSide = { name: 'Ann', kind: 'human', playerId: 'player-1' };
const CPU: MatchSide = { name: 'Slow', kind: 'computer', playerId: SLOW.id, computer: SLOW };

/** A legal move that does not end the game (so the game lasts the plies asked), picked at random. */
function quietMove(state: GameState, random: () => number): number {
  const points = state.rules.size * state.rules.size;
  for (let tries = 0; tries < 10_000; tries++) {
    const point = Math.floor(random() * points);
    if (!isLegal(state, point)) continue;
    const next = play(state, point);
    if (next.ok && !next.value.result) return point;
  }
  throw new Error('No quiet move found.');
}

/** Plays PLIES plies from `sides`, charging the computer as described above; returns the lowest it had left. */
function playOut(sides: readonly [MatchSide, MatchSide], initialMs: number, incrementMs: number) {
  const random = rng(7);
  let now = 1_000_000;
  let m: Match = newMatch({
    id: 'g',
    sides,
    game: newGame({ variant: 'pente', size: 19, tournamentRule: true }),
    clocks: { remainingMs: [initialMs, initialMs], incrementMs },
    demo: false,
  });
  const computer = sides.findIndex((s) => s.computer);
  let lowest = initialMs;
  for (let ply = 0; ply < PLIES; ply++) {
    m = resumeClock(m, now);
    const side = m.sides[m.game.toMove - 1]!;
    if (side.computer) {
      // As the controller asks: the computer's level and its clock as it stands when it starts thinking.
      const ask = { level: side.computer, clock: moverClock(m, now) };
      now += moveThinkLimitMs(ask) + OVERHEAD_MS;
      expect(flagFall(m, now).game.result, `flag at ply ${ply}`).toBeNull();
    }
    const played = playPoint(m, quietMove(m.game, random), now);
    if (!('match' in played)) throw new Error(played.refusal.message);
    m = played.match;
    lowest = Math.min(lowest, clockReading(m, now)![computer]!);
  }
  expect(m.game.moves).toHaveLength(PLIES);
  expect(m.game.result).toBeNull();
  return lowest;
}

describe('a computer that thinks 10 s a move, on a clock', () => {
  for (const [label, initialMs, incrementMs] of [
    ['1 minute', 60_000, 0],
    ['3 minutes + 2 s', 180_000, 2_000],
  ] as const) {
    it(`plays a ${PLIES}-ply game on ${label} without losing on time, as Black and as White`, () => {
      expect(playOut([CPU, HUMAN], initialMs, incrementMs)).toBeGreaterThan(0);
      expect(playOut([HUMAN, CPU], initialMs, incrementMs)).toBeGreaterThan(0);
    });
  }

  it('thinks its level’s time while the clock has plenty, and less once it is short', () => {
    expect(moveThinkLimitMs({ level: SLOW, clock: { remainingMs: 3_600_000, incrementMs: 0 } })).toBe(10_000);
    expect(moveThinkLimitMs({ level: SLOW, clock: { remainingMs: 20_000, incrementMs: 0 } })).toBeLessThan(4_000);
    expect(moveThinkLimitMs({ level: SLOW })).toBe(10_000);
  });
});
