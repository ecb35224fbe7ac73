/** A game's actions (stones and opening steps) and who took each: core/game-actions.ts, and links carrying them. */
import { describe, expect, it } from 'vitest';
import {
  type GameAction,
  VARIANT_IDS,
  actionsOf,
  actorAtOf,
  actorsOf,
  decodeGameLink,
  dueOpeningSteps,
  encodeGameLink,
  legalMoves,
  makeRules,
  moverAt,
  newGame,
  parsePoint,
  personToActIn,
  replayActions,
  takeAction,
} from '../../src/core';
import { rng } from '../helpers';

/** A random game of every variant by its actions: a random due step, else a random legal stone. */
function randomActions(variant: (typeof VARIANT_IDS)[number], count: number, seed: number): GameAction[] {
  const random = rng(seed);
  let state = newGame(makeRules({ variant, size: 13 }));
  const actions: GameAction[] = [];
  while (actions.length < count && !state.result) {
    const steps = dueOpeningSteps(state);
    const options: GameAction[] = steps.length > 0 ? [...steps] : legalMoves(state);
    const action = options[Math.floor(random() * options.length)]!;
    const next = takeAction(state, action);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value;
    actions.push(action);
  }
  return actions;
}

describe('a game as actions', () => {
  it.each(VARIANT_IDS.filter((id) => id !== 'renju'))(
    '%s: actions replay, round-trip through a link, and each is taken by the one due',
    (variant) => {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const actions = randomActions(variant, 30, seed);
        const replayed = replayActions(makeRules({ variant, size: 13 }), actions);
        expect(replayed.ok).toBe(true);
        if (!replayed.ok) return;
        const state = replayed.value;
        expect(actionsOf(state)).toEqual(actions);
        const link = decodeGameLink(encodeGameLink(state.rules, state.moves, state.seatChoice, state.swap2Pass));
        expect(link.ok && actionsOf(link.value)).toEqual(actions);
        // Each action's actor is personToAct of the state it was taken in.
        const actors = actorsOf(state);
        let s = newGame(state.rules);
        for (const [i, action] of actions.entries()) {
          expect(actors[i]).toBe(personToActIn(s));
          s = (takeAction(s, action) as { ok: true; value: typeof s }).value;
        }
      }
    },
  );

  it('D-Pente: person 1 places four stones, person 2 chooses; after a swap person 2 plays seat 1', () => {
    const rules = makeRules({ variant: 'd-pente' });
    const p = (name: string) => parsePoint(19, name)!;
    const actions: GameAction[] = [p('K10'), p('L11'), p('M9'), p('N12'), 'swap', p('J9'), p('O13')];
    const state = replayActions(rules, actions);
    expect(state.ok && actorsOf(state.value)).toEqual([1, 1, 1, 1, 2, 2, 1]);
  });

  it('Swap2 after a pass: person 2 places two stones, person 1 chooses', () => {
    const rules = makeRules({ variant: 'swap2-pente' });
    const actions: GameAction[] = [0, 1, 2, 'pass', 3, 4, 'keep', 5];
    const state = replayActions(rules, actions);
    expect(state.ok && actorsOf(state.value)).toEqual([1, 1, 1, 2, 2, 2, 1, 2]);
    // In a link: `-_` for the pass after the third stone, the choice after the fifth.
    const code = state.ok ? encodeGameLink(rules, state.value.moves, 'keep', true) : '';
    expect(code.slice(4)).toMatch(/^.{6}-_.{4}--.{2}$/);
  });

  it('Connect6: one stone, then two a turn', () => {
    const state = replayActions(makeRules({ variant: 'connect6' }), [0, 1, 2, 3, 4, 5]);
    expect(state.ok && actorsOf(state.value)).toEqual([1, 2, 2, 1, 1, 2]);
  });

  it('refuses a step or a stone that is not due, naming what is due, and changes nothing', () => {
    const d = makeRules({ variant: 'd-pente' });
    const early = replayActions(d, [0, 1, 'swap']);
    expect(early.ok).toBe(false);
    if (!early.ok) {
      expect(early.error).toMatchObject({ kind: 'not-due', index: 2 });
      expect(early.error.message).toContain('a stone by player 1');
    }
    const stoneAtChoice = replayActions(d, [0, 1, 2, 3]);
    const s = stoneAtChoice.ok ? stoneAtChoice.value : newGame(d);
    const refused = takeAction(s, 4);
    expect(refused.ok || refused.error.message).toContain("player 2's seat choice (swap or keep)");
    expect(s.moves).toHaveLength(4);
    // A pass only in Swap2, only at player 2's first choice.
    expect(takeAction(s, 'pass').ok).toBe(false);
    const pente = replayActions(makeRules(), [180, 'keep']);
    expect(pente.ok).toBe(false);
  });

  it('a link with a forged step is refused with step-not-due; a link with none past the choice reads as keep', () => {
    const d = makeRules({ variant: 'd-pente', size: 19 });
    const good = encodeGameLink(d, [0, 1, 2, 3, 4], 'swap');
    expect(decodeGameLink(good).ok).toBe(true);
    const forged = good.slice(0, 6) + '__' + good.slice(6);
    const read = decodeGameLink(forged);
    expect(read.ok || read.error.problem).toEqual({ kind: 'step-not-due', move: 2 });
    const none = decodeGameLink(good.replace('__', ''));
    expect(none.ok && none.value.seatChoice).toBe('keep');
  });
});

describe("actorAtOf: the turn order a relay game's clock reads", () => {
  it.each(VARIANT_IDS.filter((id) => id !== 'renju'))(
    '%s: the actors of the actions taken, then the person to act; moverAt in games without a seat choice',
    (variant) => {
      for (const seed of [1, 2, 3]) {
        const actions = randomActions(variant, 12, seed);
        const game = replayActions(makeRules({ variant, size: 13 }), actions);
        if (!game.ok) throw new Error(game.error.message);
        const actorAt = actorAtOf(game.value);
        const actors = actorsOf(game.value);
        expect(actors.map((_, ply) => actorAt(ply))).toEqual(actors);
        expect(actorAt(actors.length)).toBe(personToActIn(game.value));
        if (game.value.rules.variant.seatChoiceAfter === null)
          for (let ply = 0; ply < 30; ply++) expect(actorAt(ply)).toBe(moverAt(game.value.rules, ply));
      }
    },
  );

  it('D-Pente: after a swap the chooser acts twice in a row; after a keep the turns alternate', () => {
    const rules = makeRules({ variant: 'd-pente', size: 19 });
    const four: GameAction[] = [180, 181, 200, 182];
    const order = (actions: GameAction[]) => {
      const game = replayActions(rules, actions);
      if (!game.ok) throw new Error(game.error.message);
      const actorAt = actorAtOf(game.value);
      return actions.map((_, ply) => actorAt(ply)).concat(actorAt(actions.length));
    };
    expect(order([...four, 'swap', 140])).toEqual([1, 1, 1, 1, 2, 2, 1]);
    expect(order([...four, 'keep', 140])).toEqual([1, 1, 1, 1, 2, 1, 2]);
  });
});
