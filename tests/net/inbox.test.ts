import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centreOf, pointOf } from '../../src/core';
import type { TimeControl } from '../../src/net/clock';
import { type AdmittedEvent, MAX_CONTENT_LENGTH } from '../../src/net/game-events';
import { type Inbox, copyComparison, foldGame, newInbox, receive, withBase } from '../../src/net/inbox';
import {
  OTHER_GAME_ID,
  actionEvent,
  alice,
  bob,
  channelOf,
  mallory,
  moveEvents,
  randomGame,
  rules19,
} from './net-helpers';

const bobs = channelOf(bob, alice, 2);
const centre = centreOf(19);
const game = randomGame(rules19, 16, 7);
const events = moveEvents(game);

/** Feeds `values` to a fresh inbox (Bob's device), returning the inbox and each arrival's kind or reason. */
function feed(values: readonly unknown[], channel = bobs, start: Inbox = newInbox(rules19, null)) {
  let inbox = start;
  const arrivals: string[] = [];
  for (const value of values) {
    const result = receive(inbox, channel, value);
    inbox = result.inbox;
    const a = result.arrival;
    arrivals.push(a.kind === 'rejected' ? a.reason : a.kind);
  }
  return { inbox, arrivals };
}

describe('inbox: one game from events', () => {
  it("a game's events in order are applied one by one, to the very game", () => {
    const { inbox, arrivals } = feed(events);
    expect(arrivals.every((a) => a === 'applied')).toBe(true);
    expect(inbox.game.state.moves).toEqual(game.moves);
    expect(inbox.game.state.cells).toEqual(game.cells);
  });

  it('a later move first waits for the earlier one, then both apply', () => {
    const { inbox, arrivals } = feed([events[0], events[2], events[1]]);
    expect(arrivals).toEqual(['applied', 'waiting', 'applied']);
    expect(inbox.game.state.moves).toEqual(game.moves.slice(0, 3));
  });

  it('the same event from several relays is taken once', () => {
    const { inbox, arrivals } = feed([events[0], events[0], events[1], events[0]]);
    expect(arrivals).toEqual(['applied', 'duplicate', 'applied', 'duplicate']);
    expect(inbox.events).toHaveLength(2);
  });

  it('the same move signed again (a new event id) is a duplicate; another move in its place a conflict', () => {
    const again = actionEvent(alice, bob, [], { type: 'move', point: centre }, { createdAt: 1_800_000_000 });
    const first = feed([events[0], events[1], events[2]]);
    expect(feed([again], bobs, first.inbox).arrivals).toEqual(['duplicate']);
    const other = actionEvent(alice, bob, game.moves.slice(0, 2), { type: 'move', point: pointOf(19, 0, 0) });
    expect(feed([other], bobs, first.inbox).arrivals).toEqual(['conflict']);
  });

  it('a move built on another line (its move list differs) is a conflict and changes nothing', () => {
    const start = feed(events.slice(0, 2)).inbox;
    const otherLine = [centre, pointOf(19, 0, 0)];
    const move = actionEvent(alice, bob, otherLine, { type: 'move', point: pointOf(19, 1, 1) });
    const { inbox, arrivals } = feed([move], bobs, start);
    expect(arrivals).toEqual(['conflict']);
    expect(inbox).toBe(start);
  });

  it('an illegal move (on a stone) is refused by the rules and changes nothing', () => {
    const start = feed(events.slice(0, 2)).inbox;
    const onAStone = actionEvent(alice, bob, game.moves.slice(0, 2), { type: 'move', point: game.moves[1]! });
    const { inbox, arrivals } = feed([onAStone], bobs, start);
    expect(arrivals).toEqual(['illegal-move']);
    expect(inbox).toBe(start);
  });

  it('an illegal move that waited is dropped when the fold reaches it; the gap filler still applies', () => {
    const start = feed(events.slice(0, 1)).inbox;
    const illegalLater = actionEvent(alice, bob, game.moves.slice(0, 2), { type: 'move', point: game.moves[0]! });
    const { inbox, arrivals } = feed([illegalLater, events[1]], bobs, start);
    expect(arrivals).toEqual(['waiting', 'applied']);
    expect(inbox.game.state.moves).toEqual(game.moves.slice(0, 2));
    expect(inbox.events.map((e) => e.id)).not.toContain(illegalLater.id);
  });

  it('out of turn: Alice playing move 2', () => {
    const start = feed(events.slice(0, 1)).inbox;
    const twice = actionEvent(alice, bob, game.moves.slice(0, 1), { type: 'move', point: game.moves[1]! });
    expect(feed([twice], bobs, start).arrivals).toEqual(['out-of-turn']);
  });

  it('a forged event (a third key), a replayed one (another game) and a blocked key change nothing', () => {
    const start = feed(events.slice(0, 2)).inbox;
    const forged = actionEvent(mallory, bob, game.moves.slice(0, 2), { type: 'resign' });
    const replayed = actionEvent(alice, bob, game.moves.slice(0, 2), { type: 'resign' }, { gameId: OTHER_GAME_ID });
    const { inbox, arrivals } = feed([forged, replayed], bobs, start);
    expect(arrivals).toEqual(['not-a-player', 'other-game']);
    expect(inbox).toBe(start);
    const blocking = channelOf(bob, alice, 2, { blocked: [alice.publicKey] });
    expect(feed([events[2]], blocking, start).arrivals).toEqual(['blocked']);
  });

  it('an acceptance pins its key; the same acceptance again is a duplicate', () => {
    const alices = channelOf(alice, null, 1);
    const accept = actionEvent(bob, alice, [], { type: 'accept', name: 'Bob' });
    const first = receive(newInbox(rules19, null), alices, accept);
    expect(first.arrival).toEqual({ kind: 'accepted', publicKey: bob.publicKey, name: 'Bob' });
    expect(receive(first.inbox, alices, accept).arrival).toEqual({ kind: 'rejected', reason: 'duplicate' });
  });

  it('a resignation ends the game; a move signed after it is refused as the game being over', () => {
    const start = feed(events.slice(0, 5)).inbox;
    // Bob, to move, resigns; his move signed at the same ply does not count.
    const resign = actionEvent(bob, alice, game.moves.slice(0, 5), { type: 'resign' });
    const { inbox, arrivals } = feed([resign, events[5]], bobs, start);
    expect(arrivals).toEqual(['applied', 'game-over']);
    expect(inbox.game.state.result).toEqual({ winner: 1, reason: 'resignation' });
    expect(inbox.game.state.moves).toHaveLength(5);
  });

  it('a resignation signed while the other side thinks comes after their move, whichever arrives first', () => {
    const start = feed(events.slice(0, 4)).inbox;
    // Bob resigns while Alice, to move, plays move 5: her move stands, then his resignation.
    const resign = actionEvent(bob, alice, game.moves.slice(0, 4), { type: 'resign' });
    const a = feed([resign, events[4], events[5]], bobs, start);
    const b = feed([events[4], resign, events[5]], bobs, start);
    expect(a.arrivals).toEqual(['applied', 'applied', 'game-over']);
    expect(b.arrivals).toEqual(['applied', 'applied', 'game-over']);
    expect(a.inbox.game.state.moves).toEqual(game.moves.slice(0, 5));
    expect(b.inbox.game.state.moves).toEqual(game.moves.slice(0, 5));
    expect(a.inbox.game.state.result).toEqual({ winner: 1, reason: 'resignation' });
    expect(b.inbox.game.state.result).toEqual(a.inbox.game.state.result);
  });

  it('moves that came by link are the base: relay events go on from them, and must agree with them', () => {
    const linked = newInbox(rules19, null, [], game.moves.slice(0, 6));
    expect(linked.game.state.moves).toEqual(game.moves.slice(0, 6));
    const { inbox, arrivals } = feed([events[6], events[3], events[7]], bobs, linked);
    expect(arrivals).toEqual(['applied', 'applied', 'applied']);
    expect(inbox.game.state.moves).toEqual(game.moves.slice(0, 8));
    const copy = { rules: rules19, moves: game.moves.slice(0, 6), result: null };
    expect(copyComparison(copy, inbox)).toEqual({ kind: 'extend', added: 2 });
    // An event for a ply the copy holds, with another move: a diverged copy, not a move.
    const otherLine = actionEvent(alice, bob, game.moves.slice(0, 4), { type: 'move', point: pointOf(19, 0, 0) });
    expect(feed([otherLine], bobs, linked).arrivals).toEqual(['conflict']);
  });

  it('a link arriving later moves the base on; the events that waited then apply', () => {
    const start = feed([events[0], events[3]]).inbox;
    expect(start.game.state.moves).toHaveLength(1);
    const linked = withBase(start, game.moves.slice(0, 3));
    expect(linked.game.state.moves).toEqual(game.moves.slice(0, 4));
  });

  it('a draw: offered, then accepted; an acceptance that came first waits for its offer', () => {
    const start = feed(events.slice(0, 4)).inbox;
    const offer = actionEvent(alice, bob, game.moves.slice(0, 4), { type: 'draw-offer' });
    const accept = actionEvent(bob, alice, game.moves.slice(0, 4), { type: 'draw-accept' });
    const inOrder = feed([offer, accept], bobs, start);
    expect(inOrder.arrivals).toEqual(['applied', 'applied']);
    expect(inOrder.inbox.game.state.result).toEqual({ winner: null, reason: 'draw' });
    const reversed = feed([accept, offer], bobs, start);
    expect(reversed.arrivals).toEqual(['waiting', 'applied']);
    expect(reversed.inbox.game.state.result).toEqual({ winner: null, reason: 'draw' });
    expect(feed([offer], bobs, start).inbox.game.drawOffer).toBe(1);
  });

  it('restarting from the stored events gives the same game', () => {
    const { inbox } = feed(events);
    const again = newInbox(rules19, null, inbox.events);
    expect(again.game.state.moves).toEqual(inbox.game.state.moves);
    expect(feed([events[3]], bobs, again).arrivals).toEqual(['duplicate']);
  });

  it('10,000 junk events change nothing', () => {
    const start = feed(events.slice(0, 6)).inbox;
    const real = events[6]!;
    const junk: unknown[] = [];
    for (let i = 0; i < 10_000; i++) {
      const k = i % 10;
      if (k === 0) junk.push(null);
      else if (k === 1) junk.push({ hello: i });
      else if (k === 2) junk.push({ ...real, content: 'x'.repeat(MAX_CONTENT_LENGTH + 1) });
      else if (k === 3) junk.push({ ...real, kind: 1, id: i.toString(16).padStart(64, '0') });
      else if (k === 4) junk.push({ ...real, pubkey: i.toString(16).padStart(64, '1') });
      else if (k === 5) junk.push({ ...real, tags: [['p', mallory.publicKey], real.tags[1]] });
      else if (k === 6) junk.push({ ...real, tags: [real.tags[0], ['z', i.toString(16).padStart(64, '0')]] });
      else if (k === 7) junk.push(events[i % 6]);
      else if (k === 8) junk.push(JSON.stringify(real));
      // A costly one (a signature to check) now and then: a flood of those is the controller's to pace.
      else junk.push(i % 500 === 9 ? { ...real, sig: '0'.repeat(128) } : [i]);
    }
    const { inbox, arrivals } = feed(junk, bobs, start);
    expect(inbox).toBe(start);
    expect(arrivals).not.toContain('applied');
    expect(new Set(arrivals)).toEqual(
      new Set([
        'malformed-event',
        'oversized',
        'not-a-player',
        'not-addressed',
        'other-game',
        'duplicate',
        'bad-signature',
      ]),
    );
  });
});

describe('inbox: order does not matter', () => {
  const ended = { events: [...events, actionEvent(alice, bob, game.moves, { type: 'resign' })] };
  const reference = feed(ended.events).inbox.game.state;

  it("any permutation and duplication of a game's events yields the same final game", () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(
          ended.events.map((_, i) => i),
          { minLength: ended.events.length },
        ),
        fc.array(fc.nat(ended.events.length - 1), { maxLength: 6 }),
        (order, repeats) => {
          const values = [...order, ...repeats].map((i) => ended.events[i]!);
          const state = feed(values).inbox.game.state;
          expect(state.moves).toEqual(reference.moves);
          expect(state.result).toEqual({ winner: 2, reason: 'resignation' });
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('inbox: a timed game', () => {
  const control: TimeControl = { initialMs: 60_000, incrementMs: 0 };
  const timedBob = channelOf(bob, alice, 2, { timed: true });
  const moves = game.moves.slice(0, 3);
  const t0 = 1_700_000_000_000;
  const timedEvents = [
    actionEvent(alice, bob, [], { type: 'move', point: moves[0]! }, { clock: { leftMs: 60_000, atMs: t0 } }),
    actionEvent(
      bob,
      alice,
      moves.slice(0, 1),
      { type: 'move', point: moves[1]! },
      { clock: { leftMs: 55_000, atMs: t0 + 10 } },
    ),
  ];
  const start = () => feed(timedEvents, timedBob, newInbox(rules19, control)).inbox;

  it('a move whose own reading shows no time left loses on time', () => {
    const late = actionEvent(
      alice,
      bob,
      moves.slice(0, 2),
      { type: 'move', point: moves[2]! },
      { clock: { leftMs: 0, atMs: t0 + 70_000 } },
    );
    const { inbox } = feed([late], timedBob, start());
    expect(inbox.game.state.result).toEqual({ winner: 2, reason: 'time' });
    expect(inbox.game.state.moves).toHaveLength(2);
  });

  it('a reading that gains time is refused', () => {
    const greedy = actionEvent(
      alice,
      bob,
      moves.slice(0, 2),
      { type: 'move', point: moves[2]! },
      { clock: { leftMs: 90_000, atMs: t0 + 20 } },
    );
    expect(feed([greedy], timedBob, start()).arrivals).toEqual(['bad-clock']);
  });

  it("Bob's claim that Alice flagged stands after her time and the grace, not before", () => {
    const early = actionEvent(
      bob,
      alice,
      moves.slice(0, 2),
      { type: 'flag', side: 1 },
      { clock: { leftMs: 55_000, atMs: t0 + 30_000 } },
    );
    expect(feed([early], timedBob, start()).arrivals).toEqual(['bad-clock']);
    const claim = actionEvent(
      bob,
      alice,
      moves.slice(0, 2),
      { type: 'flag', side: 1 },
      { clock: { leftMs: 55_000, atMs: t0 + 63_000 } },
    );
    const { inbox, arrivals } = feed([claim], timedBob, start());
    expect(arrivals).toEqual(['applied']);
    expect(inbox.game.state.result).toEqual({ winner: 2, reason: 'time' });
  });

  it('a move in time beats a claim, in either order, so both devices agree', () => {
    const claim = actionEvent(
      bob,
      alice,
      moves.slice(0, 2),
      { type: 'flag', side: 1 },
      { clock: { leftMs: 55_000, atMs: t0 + 63_000 } },
    );
    const inTime = actionEvent(
      alice,
      bob,
      moves.slice(0, 2),
      { type: 'move', point: moves[2]! },
      { clock: { leftMs: 1_000, atMs: t0 + 59_000 } },
    );
    const a = feed([claim, inTime], timedBob, start());
    const b = feed([inTime, claim], timedBob, start());
    expect(a.arrivals).toEqual(['applied', 'applied']);
    expect(b.arrivals).toEqual(['applied', 'bad-clock']);
    expect(a.inbox.game.state.result).toBeNull();
    expect(a.inbox.game.state.moves).toEqual(b.inbox.game.state.moves);
    expect(a.inbox.game.state.moves).toHaveLength(3);
  });

  it('a player may say their own flag fell', () => {
    const own = actionEvent(
      alice,
      bob,
      moves.slice(0, 2),
      { type: 'flag', side: 1 },
      { clock: { leftMs: 0, atMs: t0 + 1 } },
    );
    expect(feed([own], timedBob, start()).inbox.game.state.result).toEqual({ winner: 2, reason: 'time' });
  });
});

describe('foldGame', () => {
  it('no events: the new game', () => {
    const folded = foldGame(rules19, null, [] as AdmittedEvent[]);
    expect(folded.state.moves).toEqual([]);
    expect(folded.drawOffer).toBeNull();
  });
});
