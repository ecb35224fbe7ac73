/**
 * Games with a seat choice over relays (D-Pente, Swap2): the opening steps travel as events, the fold takes
 * each action from the person core's personToAct says acts at its ply, in any order of arrival; a step or a
 * stone signed by the other person is refused. And the clock over the steps and Connect6's turns.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type GameAction as PlayAction,
  type Player,
  type Rules,
  actionsOf,
  actorsOf,
  centreOf,
  makeRules,
  replayActions,
} from '../../src/core';
import type { TimeControl } from '../../src/net/clock';
import { type ClockReading, envelopeActionOf } from '../../src/net/game-events';
import { type Inbox, newInbox, receive } from '../../src/net/inbox';
import { type TestPlayer, actionEvent, alice, bob, channelOf } from './net-helpers';

const dpente = makeRules({ variant: 'd-pente', size: 19 });
const swap2 = makeRules({ variant: 'swap2-pente', size: 19 });
const c = centreOf(19);
const person = (side: Player): [TestPlayer, TestPlayer] => (side === 1 ? [alice, bob] : [bob, alice]);

/** The signed event of the action at `ply` of `actions`, by `by` (default: whoever core says acts there). */
function eventAt(
  rules: Rules,
  actions: readonly PlayAction[],
  ply: number,
  options: { by?: Player; clock?: ClockReading } = {},
) {
  const game = replayActions(rules, actions);
  if (!game.ok) throw new Error(game.error.message);
  const side = options.by ?? actorsOf(game.value)[ply]!;
  const [from, to] = person(side);
  return actionEvent(from, to, actions.slice(0, ply), envelopeActionOf(actions[ply]!), {
    rules,
    ...(options.clock ? { clock: options.clock } : {}),
  });
}

function feed(rules: Rules, values: readonly unknown[], start: Inbox = newInbox(rules, null), timed = false) {
  const channel = channelOf(bob, alice, 2, { rules, timed });
  let inbox = start;
  const arrivals: string[] = [];
  for (const value of values) {
    const result = receive(inbox, channel, value);
    inbox = result.inbox;
    arrivals.push(result.arrival.kind === 'rejected' ? result.arrival.reason : result.arrival.kind);
  }
  return { inbox, arrivals };
}

// D-Pente: Alice places four stones; Bob swaps (he takes Black's seat) and plays on; then Alice.
const dActions: PlayAction[] = [c, c + 1, c + 40, c + 2, 'swap', c - 40, c + 3];

describe('D-Pente and Swap2 over relays: the seat steps are events', () => {
  it('the four stones, the swap, and the stones after it make the game; actors by core', () => {
    const events = dActions.map((_, ply) => eventAt(dpente, dActions, ply));
    const { inbox, arrivals } = feed(dpente, events);
    expect(arrivals.every((a) => a === 'applied')).toBe(true);
    expect(actionsOf(inbox.game.state)).toEqual(dActions);
    expect(inbox.game.state.seatChoice).toBe('swap');
    // After the swap Bob (person 2) plays Black's stone, then Alice.
    expect(actorsOf(inbox.game.state)).toEqual([1, 1, 1, 1, 2, 2, 1]);
  });

  it('in any order and with repeats, the same game', () => {
    const events = dActions.map((_, ply) => eventAt(dpente, dActions, ply));
    const reference = feed(dpente, events).inbox.game.state;
    fc.assert(
      fc.property(
        fc.shuffledSubarray(events, { minLength: events.length, maxLength: events.length }),
        fc.array(fc.nat(events.length - 1), { maxLength: 4 }),
        (order, repeats) => {
          const { inbox } = feed(dpente, [...order, ...repeats.map((i) => events[i])]);
          expect(actionsOf(inbox.game.state)).toEqual(actionsOf(reference));
          expect(inbox.game.state.cells).toEqual(reference.cells);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('forged: the swap signed by the player who placed the four stones is out of turn', () => {
    const first = feed(
      dpente,
      dActions.slice(0, 4).map((_, ply) => eventAt(dpente, dActions, ply)),
    );
    const forged = eventAt(dpente, dActions, 4, { by: 1 });
    const { inbox, arrivals } = feed(dpente, [forged], first.inbox);
    expect(arrivals).toEqual(['out-of-turn']);
    expect(inbox.game.state.seatChoice).toBeNull();
    // Bob's own swap is then taken.
    expect(feed(dpente, [eventAt(dpente, dActions, 4)], inbox).arrivals).toEqual(['applied']);
  });

  it("after a swap the stone is the chooser's: Alice's stone there is out of turn, even if it came first", () => {
    const events = dActions.slice(0, 5).map((_, ply) => eventAt(dpente, dActions, ply));
    const hers = eventAt(dpente, dActions, 5, { by: 1 });
    // Before the swap arrives it waits (who acts at ply 5 depends on the choice); then it is refused.
    const early = feed(dpente, [hers, ...events]);
    expect(early.arrivals[0]).toBe('waiting');
    expect(early.inbox.game.state.seatChoice).toBe('swap');
    expect(early.inbox.events.some((e) => e.event.id === hers.id)).toBe(false);
    expect(feed(dpente, [...events, hers]).arrivals.at(-1)).toBe('out-of-turn');
    // With a keep, the stone at ply 5 is Alice's (she keeps Black's seat and plays on).
    const kept: PlayAction[] = [...dActions.slice(0, 4), 'keep', c - 40];
    const keptEvents = kept.map((_, ply) => eventAt(dpente, kept, ply));
    expect(feed(dpente, keptEvents).arrivals.every((a) => a === 'applied')).toBe(true);
    expect(feed(dpente, [...keptEvents.slice(0, 5), eventAt(dpente, kept, 5, { by: 2 })]).arrivals.at(-1)).toBe(
      'out-of-turn',
    );
  });

  it('a stone where the choice is due, or a step where none is, is refused by the rules', () => {
    const start = feed(
      dpente,
      dActions.slice(0, 4).map((_, ply) => eventAt(dpente, dActions, ply)),
    ).inbox;
    const stoneInstead = actionEvent(
      bob,
      alice,
      dActions.slice(0, 4),
      { type: 'move', point: c - 40 },
      { rules: dpente },
    );
    expect(feed(dpente, [stoneInstead], start).arrivals).toEqual(['illegal-move']);
    const early = actionEvent(alice, bob, [c], { type: 'step', step: 'keep' }, { rules: dpente });
    expect(feed(dpente, [early]).arrivals).toEqual(['waiting']);
    expect(feed(dpente, [eventAt(dpente, dActions, 0), early]).arrivals).toEqual(['applied', 'illegal-move']);
    // A pass is Swap2's only.
    const pass = actionEvent(bob, alice, dActions.slice(0, 4), { type: 'step', step: 'pass' }, { rules: dpente });
    expect(feed(dpente, [pass], start).arrivals).toEqual(['illegal-move']);
  });

  it("Swap2's pass: Bob places two more stones, then Alice chooses", () => {
    const actions: PlayAction[] = [c, c + 1, c + 2, 'pass', c + 40, c + 41, 'keep', c - 40];
    const events = actions.map((_, ply) => eventAt(swap2, actions, ply));
    const { inbox, arrivals } = feed(swap2, [...events].reverse());
    expect(arrivals.at(-1)).toBe('applied');
    expect(actionsOf(inbox.game.state)).toEqual(actions);
    expect(actorsOf(inbox.game.state)).toEqual([1, 1, 1, 2, 2, 2, 1, 2]);
    // Alice's choice signed by Bob is out of turn.
    const forged = eventAt(swap2, actions, 6, { by: 2 });
    expect(feed(swap2, [...events.slice(0, 6), forged]).arrivals.at(-1)).toBe('out-of-turn');
  });

  it('the copy already holding the steps (a link) is the base; events must agree with it', () => {
    const base = newInbox(dpente, null, [], dActions.slice(0, 5));
    expect(feed(dpente, [eventAt(dpente, dActions, 5)], base).arrivals).toEqual(['applied']);
    const keep: PlayAction[] = [...dActions.slice(0, 4), 'keep'];
    expect(feed(dpente, [eventAt(dpente, keep, 4)], base).arrivals).toEqual(['conflict']);
  });
});

describe('the clock over the seat steps', () => {
  const control: TimeControl = { initialMs: 60_000, incrementMs: 0 };
  const t0 = 1_700_000_000_000;
  const clockAt = (ms: number, leftMs = 60_000): ClockReading => ({ leftMs, atMs: t0 + ms });
  // Alice's four stones and Bob's keep are each person's first turn: free. Then Alice's stone is timed.
  const kept: PlayAction[] = [c, c + 1, c + 40, c + 2, 'keep', c - 40];
  const opening = kept.slice(0, 5).map((_, ply) => eventAt(dpente, kept, ply, { clock: clockAt(ply * 10) }));

  it("the chooser's keep is signed with their reading; a claim against the chooser counts from the stones", () => {
    // Bob has not chosen: his first turn is free, so Alice's claim does not stand.
    const four = opening.slice(0, 4);
    const claimFree = actionEvent(
      alice,
      bob,
      kept.slice(0, 4),
      { type: 'flag', side: 2 },
      {
        rules: dpente,
        clock: clockAt(10_000_000),
      },
    );
    const freeFold = feed(dpente, [...four, claimFree], newInbox(dpente, control), true);
    expect(freeFold.arrivals.at(-1)).toBe('bad-clock');
    expect(freeFold.inbox.game.state.result).toBeNull();
    // After the keep, Alice is to play and her clock runs: Bob's claim stands after her 60 s and the grace.
    const claim = (ms: number) =>
      actionEvent(bob, alice, kept.slice(0, 5), { type: 'flag', side: 1 }, { rules: dpente, clock: clockAt(ms) });
    const start = feed(dpente, opening, newInbox(dpente, control), true).inbox;
    expect(feed(dpente, [claim(40 + 60_000)], start, true).arrivals).toEqual(['bad-clock']);
    const stands = feed(dpente, [claim(40 + 62_001)], start, true);
    expect(stands.inbox.game.state.result).toEqual({ winner: 2, reason: 'time' });
    expect(stands.inbox.game.state.seatChoice).toBe('keep');
  });
});

describe("Connect6 over relays: a flag that falls after the turn's first stone", () => {
  const c6 = makeRules({ variant: 'connect6', size: 19 });
  const control: TimeControl = { initialMs: 60_000, incrementMs: 0 };
  const t0 = 1_700_000_000_000;
  // Alice 1 stone; Bob 2; Alice 2; Bob's first stone of his second turn, then his time runs out.
  const stones: PlayAction[] = [c, c + 1, c + 2, c + 40, c + 41, c + 80];
  const at = [0, 10, 20, 30_000, 31_000, 40_000];
  const events = stones.map((_, ply) =>
    eventAt(c6, stones, ply, { clock: { leftMs: ply === 5 ? 5_000 : 60_000 - ply, atMs: t0 + at[ply]! } }),
  );
  const claim = (ms: number) =>
    actionEvent(alice, bob, stones, { type: 'flag', side: 2 }, { rules: c6, clock: { leftMs: 1, atMs: t0 + ms } });

  it("the first stone stands; the claim counts the whole turn from Alice's last stone, on her clock", () => {
    const start = feed(c6, events, newInbox(c6, control), true);
    expect(start.arrivals.every((a) => a === 'applied')).toBe(true);
    // Bob had 60,000 - 2 ms when his turn began (his reading at ply 2); Alice's last stone at 31,000.
    expect(feed(c6, [claim(31_000 + 59_998 + 2_000)], start.inbox, true).arrivals).toEqual(['bad-clock']);
    const stands = feed(c6, [claim(31_000 + 59_998 + 2_001)], start.inbox, true);
    expect(stands.arrivals).toEqual(['applied']);
    expect(stands.inbox.game.state.result).toEqual({ winner: 1, reason: 'time' });
    expect(stands.inbox.game.state.moves).toEqual(stones);
  });

  it("Bob's second stone in time beats the claim, in either order", () => {
    const second = actionEvent(
      bob,
      alice,
      stones,
      { type: 'move', point: c + 81 },
      { rules: c6, clock: { leftMs: 100, atMs: t0 + 45_000 } },
    );
    const start = feed(c6, events, newInbox(c6, control), true).inbox;
    const a = feed(c6, [claim(200_000), second], start, true);
    const b = feed(c6, [second, claim(200_000)], start, true);
    expect(a.inbox.game.state.result).toBeNull();
    expect(b.inbox.game.state.result).toBeNull();
    expect(a.inbox.game.state.moves).toHaveLength(7);
    expect(b.arrivals).toEqual(['applied', 'bad-clock']);
  });
});
