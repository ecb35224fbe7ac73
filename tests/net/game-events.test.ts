import { getEventHash } from 'nostr-tools/pure';
import { encrypt } from 'nostr-tools/nip44';
import { describe, expect, it } from 'vitest';
import { centreOf, makeRules } from '../../src/core';
import {
  GAME_EVENT_KIND,
  GAME_TAG,
  MAX_CONTENT_LENGTH,
  PROTOCOL_VERSION,
  STEPS_VERSION,
  admitGameEvent,
  buildPresenceEvent,
  channelKeys,
  envelopeFor,
  gameTag,
  isPresent,
  PRESENCE_TTL_MS,
  readPresence,
  conversationKey,
  movesHash,
  signEvent,
} from '../../src/net/game-events';
import { GAME_ID, OTHER_GAME_ID, actionEvent, alice, bob, channelOf, eventOf, mallory, rules19 } from './net-helpers';

const centre = centreOf(19);
const none = new Set<string>();
/** Bob's device, in a game Alice (side 1) invited him to. */
const bobs = channelOf(bob, alice, 2);
const firstMove = () => actionEvent(alice, bob, [], { type: 'move', point: centre });

const admit = (value: unknown, channel = bobs, seen: ReadonlySet<string> = none) =>
  admitGameEvent(channel, value, seen);
const reason = (value: unknown, channel = bobs, seen: ReadonlySet<string> = none) => {
  const result = admit(value, channel, seen);
  return result.ok ? 'admitted' : result.error;
};

describe('game events: build and read back', () => {
  it('a move round-trips: built, signed, admitted with its envelope and side', () => {
    const event = firstMove();
    const result = admit(event);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.side).toBe(1);
    expect(result.value.author).toBe(alice.publicKey);
    expect(result.value.envelope).toEqual(envelopeFor(GAME_ID, rules19, [], { type: 'move', point: centre }));
  });

  it("both players read both sides' events: Alice's device admits her own event, Bob's too", () => {
    const event = firstMove();
    expect(reason(event, channelOf(alice, bob, 1))).toBe('admitted');
    expect(reason(event)).toBe('admitted');
  });

  it('every action type round-trips, with a clock reading in a timed game', () => {
    const timedBob = channelOf(bob, alice, 2, { timed: true });
    const clock = { leftMs: 59_000, atMs: 1_700_000_000_123 };
    for (const action of [
      { type: 'move', point: centre },
      { type: 'resign' },
      { type: 'draw-offer' },
      { type: 'draw-accept' },
      { type: 'flag', side: 2 },
    ] as const) {
      const result = admit(actionEvent(alice, bob, [], action, { clock }), timedBob);
      expect(result.ok && result.value.envelope.action).toEqual(action);
      expect(result.ok && result.value.envelope.clock).toEqual(clock);
    }
  });

  it('what a relay sees: the kind, the keys, a tag; never the game id, the move or a name', () => {
    const event = actionEvent(bob, alice, [], { type: 'accept', name: 'Bobby Tables' });
    expect(event.kind).toBe(GAME_EVENT_KIND);
    const clear = JSON.stringify({ ...event, content: '' });
    const all = JSON.stringify(event);
    expect(all).not.toContain(GAME_ID);
    expect(all).not.toContain('Bobby');
    expect(all).not.toContain('accept');
    expect(clear).not.toContain('move');
    expect(event.tags).toEqual([
      ['p', alice.publicKey],
      [GAME_TAG, gameTag(conversationKey(bob.secretKey, alice.publicKey), GAME_ID)],
    ]);
  });

  it('the conversation key is the same from either side; the game tag differs by game and by pair', () => {
    const ab = conversationKey(alice.secretKey, bob.publicKey);
    expect(conversationKey(bob.secretKey, alice.publicKey)).toEqual(ab);
    expect(gameTag(ab, GAME_ID)).not.toBe(gameTag(ab, OTHER_GAME_ID));
    expect(gameTag(conversationKey(mallory.secretKey, bob.publicKey), GAME_ID)).not.toBe(gameTag(ab, GAME_ID));
  });

  it('presence is the ephemeral kind, sealed like a game event', () => {
    const keys = channelKeys({ mySecretKey: alice.secretKey, gameId: GAME_ID }, bob.publicKey);
    const event = buildPresenceEvent(keys, bob.publicKey, { v: 1, game: GAME_ID, here: true, atMs: 5 }, 1);
    expect(event.kind).toBeGreaterThanOrEqual(20000);
    expect(event.kind).toBeLessThan(30000);
    expect(JSON.stringify(event)).not.toContain(GAME_ID);
  });

  it('movesHash differs for different move lists and rules', () => {
    expect(movesHash(rules19, [centre])).not.toBe(movesHash(rules19, []));
    expect(movesHash(rules19, [centre])).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('game events: every rejection', () => {
  it('oversized: content beyond the limit is refused before anything else', () => {
    const event = { ...firstMove(), content: 'x'.repeat(MAX_CONTENT_LENGTH + 1) };
    expect(reason(event)).toBe('oversized');
  });

  it('malformed events: not an object, fields missing or of the wrong type, another kind, tags missing', () => {
    const good = firstMove();
    for (const bad of [
      null,
      42,
      'event',
      [],
      {},
      { ...good, sig: 'zz' },
      { ...good, id: undefined },
      { ...good, pubkey: 'ALICE' },
      { ...good, created_at: 1.5 },
      { ...good, tags: 'p' },
      { ...good, tags: Array.from({ length: 50 }, () => ['t', 'x']) },
      { ...good, kind: 1 },
      { ...good, tags: [['p', bob.publicKey]] },
      { ...good, tags: [[GAME_TAG, good.tags[1]![1]!]] },
      { ...good, tags: [...good.tags, ['p', mallory.publicKey]] },
    ]) {
      expect(reason(bad)).toBe('malformed-event');
    }
  });

  it('not addressed: an event of Alice to someone else', () => {
    const toMallory = actionEvent(alice, mallory, [], { type: 'move', point: centre });
    expect(reason(toMallory)).toBe('not-addressed');
  });

  it('blocked: an event from a blocked key is dropped unread', () => {
    expect(reason(firstMove(), channelOf(bob, alice, 2, { blocked: [alice.publicKey] }))).toBe('blocked');
  });

  it("not a player: a real event signed by a third key (Mallory's own), addressed to Bob", () => {
    const forged = actionEvent(mallory, bob, [], { type: 'move', point: centre });
    expect(reason(forged)).toBe('not-a-player');
  });

  it("bad signature: Mallory puts Alice's key on an event she signs, with a tag copied from a real one", () => {
    const real = firstMove();
    const template = {
      kind: real.kind,
      created_at: real.created_at,
      tags: real.tags,
      content: encrypt('{"v":1}', conversationKey(mallory.secretKey, bob.publicKey)),
      pubkey: alice.publicKey,
    };
    const signedByMallory = signEvent(template, mallory.secretKey);
    expect(signedByMallory.pubkey).toBe(mallory.publicKey);
    const forged = { ...template, id: getEventHash(template), sig: signedByMallory.sig };
    expect(reason(forged)).toBe('bad-signature');
    // A real event with one character of its content changed: its id no longer matches.
    const changed = { ...real, content: real.content.slice(0, -2) + (real.content.endsWith('A=') ? 'B=' : 'A=') };
    expect(reason(changed)).toBe('bad-signature');
  });

  it('duplicate: an event already taken', () => {
    const event = firstMove();
    expect(reason(event, bobs, new Set([event.id]))).toBe('duplicate');
  });

  it('replayed from another game of the same players: its tag names the other game', () => {
    const fromGameB = actionEvent(alice, bob, [], { type: 'move', point: centre }, { gameId: OTHER_GAME_ID });
    expect(reason(fromGameB)).toBe('other-game');
    expect(reason(fromGameB, channelOf(bob, alice, 2, { gameId: OTHER_GAME_ID }))).toBe('admitted');
  });

  it('another game id under the seal (the tag of this game) is refused too', () => {
    const keys = channelKeys({ mySecretKey: alice.secretKey, gameId: GAME_ID }, bob.publicKey);
    const envelope = envelopeFor(OTHER_GAME_ID, rules19, [], { type: 'move', point: centre });
    const content = encrypt(JSON.stringify(envelope), keys.key);
    const event = signEvent(
      {
        kind: GAME_EVENT_KIND,
        created_at: 1,
        tags: [
          ['p', bob.publicKey],
          [GAME_TAG, keys.tag],
        ],
        content,
      },
      alice.secretKey,
    );
    expect(reason(event)).toBe('other-game');
  });

  const sealed = (text: string) => {
    const keys = channelKeys({ mySecretKey: alice.secretKey, gameId: GAME_ID }, bob.publicKey);
    const tags = [
      ['p', bob.publicKey],
      [GAME_TAG, keys.tag],
    ];
    return {
      keys,
      tags,
      event: signEvent(
        { kind: GAME_EVENT_KIND, created_at: 1, tags, content: encrypt(text, keys.key) },
        alice.secretKey,
      ),
    };
  };

  it("undecryptable: content that is not NIP-44 under the players' key", () => {
    const { tags } = sealed('{}');
    const wrongKey = encrypt('{}', conversationKey(mallory.secretKey, bob.publicKey));
    expect(reason(signEvent({ kind: GAME_EVENT_KIND, created_at: 1, tags, content: wrongKey }, alice.secretKey))).toBe(
      'undecryptable',
    );
    expect(
      reason(signEvent({ kind: GAME_EVENT_KIND, created_at: 1, tags, content: 'plain text' }, alice.secretKey)),
    ).toBe('undecryptable');
  });

  it('malformed payload: not JSON, or JSON that is not our envelope', () => {
    const good = envelopeFor(GAME_ID, rules19, [], { type: 'move', point: centre });
    for (const text of [
      'not json',
      '[1,2]',
      '{"v":"1"}',
      JSON.stringify({ ...good, game: 'short' }),
      JSON.stringify({ ...good, ply: -1 }),
      JSON.stringify({ ...good, ply: 362 }),
      JSON.stringify({ ...good, prev: 'xyz' }),
      JSON.stringify({ ...good, action: { type: 'move', point: 361 } }),
      JSON.stringify({ ...good, action: { type: 'move', point: 1.5 } }),
      JSON.stringify({ ...good, action: { type: 'castle' } }),
      JSON.stringify({ ...good, action: { type: 'flag', side: 3 } }),
      JSON.stringify({ ...good, action: { type: 'accept', name: 'B\u200Bob' } }),
      JSON.stringify({ ...good, action: { type: 'accept', name: 'x'.repeat(61) } }),
      JSON.stringify({ ...good, clock: { leftMs: 'lots', atMs: 1 } }),
    ]) {
      expect(reason(sealed(text).event), text).toBe('malformed-payload');
    }
  });

  it('unknown version: an envelope from a newer protocol', () => {
    const good = envelopeFor(GAME_ID, rules19, [], { type: 'move', point: centre });
    expect(reason(sealed(JSON.stringify({ ...good, v: STEPS_VERSION + 1 })).event)).toBe('unknown-version');
  });

  describe('opening steps (D-Pente, Swap2): version 2', () => {
    const dpente = makeRules({ variant: 'd-pente', size: 19 });
    const bobsD = channelOf(bob, alice, 2, { rules: dpente });
    const four = [centre, centre + 1, centre + 2, centre + 3];
    const swap = () => actionEvent(bob, alice, four, { type: 'step', step: 'swap' }, { rules: dpente });

    it('a step round-trips in a version-2 envelope; every other action stays version 1', () => {
      const result = admit(swap(), bobsD);
      expect(result.ok && result.value.envelope).toMatchObject({ v: STEPS_VERSION, ply: 4, action: { step: 'swap' } });
      expect(envelopeFor(GAME_ID, dpente, four, { type: 'move', point: 0 }).v).toBe(PROTOCOL_VERSION);
      expect(envelopeFor(GAME_ID, dpente, [...four, 'keep'], { type: 'resign' }).v).toBe(PROTOCOL_VERSION);
    });

    it('an app of version 1 refuses a step as a newer version, never as another action', () => {
      const step = envelopeFor(GAME_ID, dpente, four, { type: 'step', step: 'pass' });
      // Version 1's gate (readEnvelope then): a version it does not know is 'unknown-version'.
      expect(step.v).not.toBe(PROTOCOL_VERSION);
      expect(typeof step.v).toBe('number');
      // This app: a step in a version-1 envelope, or a step it does not know, is not ours.
      expect(reason(sealed(JSON.stringify({ ...step, v: PROTOCOL_VERSION })).event, bobsD)).toBe('malformed-payload');
      const castle = { ...step, action: { type: 'step', step: 'castle' } };
      expect(reason(sealed(JSON.stringify(castle)).event, bobsD)).toBe('malformed-payload');
    });

    it('a step in a game without a seat choice is out of turn; the actions hash counts the steps', () => {
      expect(reason(actionEvent(bob, alice, four, { type: 'step', step: 'swap' }))).toBe('out-of-turn');
      const keep = envelopeFor(GAME_ID, dpente, [...four, 'keep'], { type: 'move', point: 0 });
      const swapped = envelopeFor(GAME_ID, dpente, [...four, 'swap'], { type: 'move', point: 0 });
      expect(keep.ply).toBe(5);
      expect(keep.prev).not.toBe(swapped.prev);
      expect(envelopeFor(GAME_ID, rules19, four, { type: 'resign' }).prev).toBe(movesHash(rules19, four));
    });
  });

  it("out of turn: Bob's move as the first move; an acceptance signed by the inviter", () => {
    expect(reason(actionEvent(bob, alice, [], { type: 'move', point: centre }))).toBe('out-of-turn');
    const alices = channelOf(alice, null, 1);
    expect(reason(actionEvent(alice, bob, [], { type: 'accept', name: 'A' }), channelOf(bob, alice, 2))).toBe(
      'out-of-turn',
    );
    expect(reason(actionEvent(bob, alice, [], { type: 'accept', name: 'Bob' }), alices)).toBe('admitted');
  });

  it('before anyone accepted, only an acceptance is taken, from any key', () => {
    const alices = channelOf(alice, null, 1);
    expect(reason(actionEvent(mallory, alice, [], { type: 'accept', name: 'M' }), alices)).toBe('admitted');
    expect(reason(actionEvent(mallory, alice, [], { type: 'resign' }), alices)).toBe('not-a-player');
  });

  it('bad clock: a flag in an untimed game (a made-up loss on time); a timed action with no reading', () => {
    expect(reason(actionEvent(alice, bob, [], { type: 'flag', side: 2 }))).toBe('bad-clock');
    expect(reason(firstMove(), channelOf(bob, alice, 2, { timed: true }))).toBe('bad-clock');
  });

  it('an event made for another recipient pair cannot be sent on by a relay to Bob (not a player)', () => {
    // Alice's real event to Mallory, in a game of theirs with the same id.
    const toMallory = eventOf(alice, mallory, envelopeFor(GAME_ID, rules19, [], { type: 'move', point: centre }));
    expect(reason(toMallory)).toBe('not-addressed');
  });
});

describe('presence', () => {
  const keys = channelKeys({ mySecretKey: alice.secretKey, gameId: GAME_ID }, bob.publicKey);
  const presence = (here: boolean, gameId = GAME_ID, from = alice, extra: Record<string, unknown> = {}) =>
    signEvent(
      buildPresenceEvent(
        from === alice ? keys : channelKeys({ mySecretKey: from.secretKey, gameId }, bob.publicKey),
        bob.publicKey,
        { v: 1, game: gameId, here, atMs: 42, ...extra } as Parameters<typeof buildPresenceEvent>[2],
        1,
      ),
      from.secretKey,
    );

  it("Bob's device reads Alice's presence", () => {
    expect(readPresence(bobs, presence(true))).toEqual({
      ok: true,
      value: { side: 1, here: true, atMs: 42, phrase: null },
    });
    expect(readPresence(bobs, presence(false))).toMatchObject({ ok: true, value: { here: false } });
  });

  it('carries a preset phrase by its id; an unknown id, or words, are dropped and the presence still counts', () => {
    expect(readPresence(bobs, presence(true, GAME_ID, alice, { phrase: 'good-game' }))).toMatchObject({
      ok: true,
      value: { here: true, phrase: 'good-game' },
    });
    for (const phrase of ['free text, visit evil.example', 'HELLO', 42, { id: 'hello' }])
      expect(readPresence(bobs, presence(true, GAME_ID, alice, { phrase }))).toMatchObject({
        ok: true,
        value: { here: true, phrase: null },
      });
  });

  it("a presence from a third key, another game, or a game event's kind is refused", () => {
    expect(readPresence(bobs, presence(true, GAME_ID, mallory))).toEqual({ ok: false, error: 'not-a-player' });
    expect(readPresence(bobs, presence(true, OTHER_GAME_ID, alice))).toMatchObject({ ok: false });
    expect(readPresence(bobs, firstMove())).toEqual({ ok: false, error: 'malformed-event' });
    expect(admit(presence(true))).toEqual({ ok: false, error: 'malformed-event' });
  });

  it('is here while the last "here" is fresh by this device\'s clock', () => {
    expect(isPresent(null, 0)).toBe(false);
    expect(isPresent({ here: true, arrivedAtMs: 1000 }, 1000 + PRESENCE_TTL_MS - 1)).toBe(true);
    expect(isPresent({ here: true, arrivedAtMs: 1000 }, 1000 + PRESENCE_TTL_MS)).toBe(false);
    expect(isPresent({ here: false, arrivedAtMs: 1000 }, 1000)).toBe(false);
  });
});
