/** The pure part of friend games over relays (src/ui/online/live/live-model.ts). */
import { describe, expect, it } from 'vitest';
import { PRESENCE_TTL_MS } from '../../../src/net/game-events';
import type { StoredOutgoing } from '../../../src/storage';
import {
  PHRASE_GAP_MS,
  phraseAllowed,
  actionsToSign,
  answersPresence,
  gameRelays,
  needsAcceptance,
  presenceLine,
  routeByTag,
  sendLine,
  sentUpTo,
  relaysDownNow,
} from '../../../src/ui/online/live/live-model';
import { game } from '../../helpers';

const rec = (action: string, ply: number, accepted: boolean, savedAt = ply): StoredOutgoing => ({
  event: { id: `${action}${ply}`, pubkey: 'a', created_at: 1, kind: 8365, tags: [], content: '', sig: 's' },
  gameId: 'G',
  savedAt,
  acceptedBy: accepted ? ['wss://r'] : [],
  ply,
  action,
});

const opts = { size: 9 } as const;

describe('actionsToSign: what this device did that no event carries yet', () => {
  const four = game(opts, 'E5 F6 B2 C3');
  it('signs each of our moves that the outbox lacks, in order, and only ours', () => {
    expect(actionsToSign(four, 1, []).map((a) => a.ply)).toEqual([0, 2]);
    expect(actionsToSign(four, 2, []).map((a) => a.ply)).toEqual([1, 3]);
    expect(actionsToSign(four, 1, [rec('move', 0, true)]).map((a) => a.ply)).toEqual([2]);
    expect(actionsToSign(four, 1, [rec('move', 0, false), rec('move', 2, false)])).toEqual([]);
    expect(actionsToSign(four, 1, [])[1]).toEqual({ ply: 2, action: { type: 'move', point: four.moves[2] } });
  });
  it('signs our resignation, not theirs', () => {
    const resigned = { ...four, result: { winner: 2 as const, reason: 'resignation' as const } };
    expect(actionsToSign(resigned, 1, [rec('move', 0, true), rec('move', 2, true)])).toEqual([
      { ply: 4, action: { type: 'resign' } },
    ]);
    expect(actionsToSign(resigned, 2, [rec('move', 1, true), rec('move', 3, true)])).toEqual([]);
  });
  it("Connect6: each person's stones by core's turn rule (one, then two a turn)", () => {
    const c6 = game({ variant: 'connect6', size: 19 }, 'K10 L11 M12 J9 H8 N13');
    expect(actionsToSign(c6, 1, []).map((a) => a.ply)).toEqual([0, 3, 4]);
    expect(actionsToSign(c6, 2, []).map((a) => a.ply)).toEqual([1, 2, 5]);
  });
  it("D-Pente: the four opening stones are player 1's, the seat step the chooser's, and a swap's stone too", () => {
    const swapped = game({ variant: 'd-pente', size: 19 }, 'K10 L11 A1 B2 swap K12');
    expect(actionsToSign(swapped, 1, []).map((a) => a.ply)).toEqual([0, 1, 2, 3]);
    expect(actionsToSign(swapped, 2, [])).toEqual([
      { ply: 4, action: { type: 'step', step: 'swap' } },
      { ply: 5, action: { type: 'move', point: swapped.moves[4] } },
    ]);
    expect(actionsToSign(swapped, 2, [rec('step', 4, true)]).map((a) => a.ply)).toEqual([5]);
    expect(sentUpTo(swapped, 2, [rec('step', 4, true)])).toEqual({ moves: 5, ended: false });
    expect(sentUpTo(swapped, 2, [rec('step', 4, true), rec('move', 5, true)])).toEqual({ moves: 6, ended: false });
  });
  it("Swap2: the pass and the two stones after it are player 2's, the choice then player 1's", () => {
    const passed = game({ variant: 'swap2-pente', size: 19 }, 'K10 L11 M12 pass A1 B2 keep C3');
    expect(actionsToSign(passed, 1, []).map((a) => [a.ply, a.action.type])).toEqual([
      [0, 'move'],
      [1, 'move'],
      [2, 'move'],
      [6, 'step'],
    ]);
    expect(actionsToSign(passed, 2, []).map((a) => [a.ply, a.action.type])).toEqual([
      [3, 'step'],
      [4, 'move'],
      [5, 'move'],
      [7, 'move'],
    ]);
  });
});

describe('sendLine and sentUpTo: what the screen says, and what the friend can read', () => {
  it('says of our newest action whether a relay took it', () => {
    expect(sendLine([])).toBeNull();
    expect(sendLine([rec('accept', 0, false)])).toBeNull();
    expect(sendLine([rec('move', 0, true), rec('move', 2, false)])).toBe('not-sent');
    expect(sendLine([rec('move', 0, false), rec('move', 2, true)])).toBe('sent');
  });
  it('counts the moves the friend can read: up to our first move no relay took', () => {
    const four = game(opts, 'E5 F6 B2 C3');
    expect(sentUpTo(four, 1, [])).toBeNull();
    expect(sentUpTo(four, 1, [rec('move', 0, true)])).toEqual({ moves: 2, ended: false });
    expect(sentUpTo(four, 1, [rec('move', 0, true), rec('move', 2, true)])).toEqual({ moves: 4, ended: false });
    // Their own moves after ours they have, of course.
    expect(sentUpTo(four, 2, [rec('move', 1, true)])).toEqual({ moves: 3, ended: false });
    expect(sentUpTo(four, 2, [rec('move', 1, true), rec('move', 3, true)])).toEqual({ moves: 4, ended: false });
  });
});

describe('acceptance, routing, presence, relays', () => {
  it('the invited side signs its acceptance once, after catching up, when none was seen', () => {
    const base = { pinned: true, caughtUp: true, acceptanceSeen: false, records: [] };
    expect(needsAcceptance(base)).toBe(true);
    expect(needsAcceptance({ ...base, pinned: false })).toBe(false);
    expect(needsAcceptance({ ...base, caughtUp: false })).toBe(false);
    expect(needsAcceptance({ ...base, acceptanceSeen: true })).toBe(false);
    expect(needsAcceptance({ ...base, records: [rec('accept', 0, false)] })).toBe(false);
  });
  it('routes an event by its one game tag', () => {
    const tags = new Map([['t1', 'G1']]);
    expect(
      routeByTag(tags, [
        ['p', 'x'],
        ['z', 't1'],
      ]),
    ).toBe('G1');
    expect(routeByTag(tags, [['z', 't2']])).toBeNull();
    expect(
      routeByTag(tags, [
        ['z', 't1'],
        ['z', 't1'],
      ]),
    ).toBeNull();
    expect(routeByTag(tags, [])).toBeNull();
  });
  it('says "here" while the last presence is fresh, and when that ends', () => {
    expect(presenceLine(null, 0)).toEqual({ present: false, until: null });
    expect(presenceLine({ here: false, arrivedAtMs: 0 }, 1)).toEqual({ present: false, until: null });
    expect(presenceLine({ here: true, arrivedAtMs: 1000 }, 2000)).toEqual({
      present: true,
      until: 1000 + PRESENCE_TTL_MS,
    });
    expect(presenceLine({ here: true, arrivedAtMs: 1000 }, 1000 + PRESENCE_TTL_MS).present).toBe(false);
  });
  it('answers a "here" at once only when the other side was not here: never an answer to an answer', () => {
    expect(answersPresence(null, true, 0)).toBe(true);
    expect(answersPresence({ here: false, arrivedAtMs: 0 }, true, 1)).toBe(true);
    expect(answersPresence({ here: true, arrivedAtMs: 0 }, true, PRESENCE_TTL_MS)).toBe(true); // run out
    expect(answersPresence({ here: true, arrivedAtMs: 0 }, true, PRESENCE_TTL_MS - 1)).toBe(false);
    expect(answersPresence(null, false, 0)).toBe(false);
  });
  it('uses our relays and theirs, each once', () => {
    expect(gameRelays(['wss://a', 'wss://b'], ['wss://b', 'wss://c'])).toEqual(['wss://a', 'wss://b', 'wss://c']);
  });
});

describe('relaysDownNow: when the play screen turns back to links', () => {
  it('is down once every relay failed, and stays so through retries until one connects', () => {
    expect(relaysDownNow(false, [])).toBe(false);
    expect(relaysDownNow(false, ['idle', 'connecting'])).toBe(false);
    expect(relaysDownNow(false, ['failed', 'connecting'])).toBe(false);
    expect(relaysDownNow(false, ['failed', 'failed'])).toBe(true);
    expect(relaysDownNow(true, ['connecting', 'failed'])).toBe(true);
    expect(relaysDownNow(true, ['connecting'])).toBe(true);
    expect(relaysDownNow(true, ['failed', 'connected'])).toBe(false);
    expect(relaysDownNow(true, ['idle'])).toBe(false);
    expect(relaysDownNow(true, [])).toBe(false);
  });
});

describe('phraseAllowed', () => {
  it('lets a phrase through PHRASE_GAP_MS after the last, and after a clock set back', () => {
    expect(phraseAllowed(null, 0)).toBe(true);
    expect(phraseAllowed(10_000, 10_000 + PHRASE_GAP_MS - 1)).toBe(false);
    expect(phraseAllowed(10_000, 10_000 + PHRASE_GAP_MS)).toBe(true);
    expect(phraseAllowed(10_000, 10_000)).toBe(false);
    expect(phraseAllowed(10_000, 9_999)).toBe(true);
  });
});
