import { describe, expect, it } from 'vitest';
import {
  CAPTURES_ENEMY,
  CAPTURES_MOVER,
  CAPTURES_NONE,
  OUTCOME_CAPTURES,
  OUTCOME_DRAW,
  OUTCOME_ENEMY_CAPTURES,
  OUTCOME_ENEMY_FIVE,
  OUTCOME_FIVE,
  OUTCOME_NONE,
  OUTCOME_PENDING_FIVE,
  decideOutcome,
} from '../../src/core';

// decideOutcome(five, breakable, enemyFiveStands, captures, full): the one order of outcomes that the core's
// play and the engine's Position.make share (src/core/outcome.ts).
describe('decideOutcome', () => {
  it('nothing decided: the game goes on, or a full board is a draw', () => {
    expect(decideOutcome(false, false, false, CAPTURES_NONE, false)).toBe(OUTCOME_NONE);
    expect(decideOutcome(false, false, false, CAPTURES_NONE, true)).toBe(OUTCOME_DRAW);
  });

  it("the mover's unbreakable five comes before captures and a full board", () => {
    for (const captures of [CAPTURES_NONE, CAPTURES_MOVER, CAPTURES_ENEMY])
      for (const full of [false, true]) expect(decideOutcome(true, false, false, captures, full)).toBe(OUTCOME_FIVE);
  });

  it("Boat-Pente: the enemy's five that survived wins first, even against the mover's own five (breakable or not) or a capture win", () => {
    expect(decideOutcome(false, false, true, CAPTURES_NONE, false)).toBe(OUTCOME_ENEMY_FIVE);
    expect(decideOutcome(true, true, true, CAPTURES_MOVER, false)).toBe(OUTCOME_ENEMY_FIVE);
    expect(decideOutcome(true, false, true, CAPTURES_NONE, false)).toBe(OUTCOME_ENEMY_FIVE);
    expect(decideOutcome(true, false, true, CAPTURES_MOVER, true)).toBe(OUTCOME_ENEMY_FIVE);
  });

  it('a capture win (the mover’s or, in Poof-Pente, the enemy’s) beats a breakable five and a full board', () => {
    expect(decideOutcome(false, false, false, CAPTURES_MOVER, true)).toBe(OUTCOME_CAPTURES);
    expect(decideOutcome(true, true, false, CAPTURES_MOVER, false)).toBe(OUTCOME_CAPTURES);
    expect(decideOutcome(false, false, false, CAPTURES_ENEMY, false)).toBe(OUTCOME_ENEMY_CAPTURES);
    expect(decideOutcome(true, true, false, CAPTURES_ENEMY, true)).toBe(OUTCOME_ENEMY_CAPTURES);
  });

  it('a breakable five waits a reply, also on a full board', () => {
    expect(decideOutcome(true, true, false, CAPTURES_NONE, false)).toBe(OUTCOME_PENDING_FIVE);
    expect(decideOutcome(true, true, false, CAPTURES_NONE, true)).toBe(OUTCOME_PENDING_FIVE);
  });
});
