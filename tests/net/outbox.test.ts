import { describe, expect, it } from 'vitest';
import {
  RETRY_BASE_MS,
  RETRY_CAP_MS,
  type RelayAnswer,
  addSaved,
  dueEvents,
  nextWake,
  outboxFromRecords,
  outgoingRecord,
  recordAttempt,
  retryDelay,
  retryNow,
  sendStatus,
} from '../../src/net/outbox';
import { GAME_ID, moveEvents, randomGame, rules19 } from './net-helpers';

const [first, second, third] = moveEvents(randomGame(rules19, 3, 5));
const T = 1_000_000;
const saved = (event = first!, at = T) => outgoingRecord(event, GAME_ID, at);
const refusedAll: RelayAnswer[] = [
  { relay: 'wss://a', ok: false, message: 'blocked: not on the list' },
  { relay: 'wss://b', ok: false, message: 'invalid: bad kind' },
];

describe('outbox', () => {
  it('a saved event is due at once; nothing else is', () => {
    const outbox = addSaved(new Map(), saved(), T);
    expect(dueEvents(outbox, T)).toEqual([first]);
    expect(sendStatus(outbox, first!.id)).toEqual({ kind: 'not-sent' });
    expect(sendStatus(outbox, second!.id)).toBeNull();
    expect(nextWake(outbox)).toBe(T);
  });

  it('one relay accepting is enough: sent to it, the record to store says so, nothing is due', () => {
    const outbox = addSaved(new Map(), saved(), T);
    const answers: RelayAnswer[] = [
      { relay: 'wss://b', ok: true, message: '' },
      { relay: 'wss://a', timedOut: true },
      { relay: 'wss://c', ok: false, message: 'rate-limited: slow down' },
    ];
    const { outbox: after, store } = recordAttempt(outbox, first!.id, answers, T + 10);
    expect(sendStatus(after, first!.id)).toEqual({ kind: 'sent', relays: 1 });
    expect(store?.acceptedBy).toEqual(['wss://b']);
    expect(dueEvents(after, T + 10 ** 9)).toEqual([]);
    expect(nextWake(after)).toBeNull();
  });

  it('"duplicate:" is an acceptance (the relay has it)', () => {
    const outbox = addSaved(new Map(), saved(), T);
    const { outbox: after } = recordAttempt(
      outbox,
      first!.id,
      [{ relay: 'wss://a', ok: false, message: 'duplicate: have it' }],
      T,
    );
    expect(sendStatus(after, first!.id)).toEqual({ kind: 'sent', relays: 1 });
  });

  it('retries on a doubling backoff with a cap until a relay accepts', () => {
    let outbox = addSaved(new Map(), saved(), T);
    let now = T;
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      outbox = recordAttempt(outbox, first!.id, [{ relay: 'wss://a', timedOut: true }], now).outbox;
      const wake = nextWake(outbox)!;
      waits.push(wake - now);
      expect(dueEvents(outbox, wake - 1)).toEqual([]);
      expect(dueEvents(outbox, wake)).toEqual([first]);
      now = wake;
    }
    expect(waits.slice(0, 4)).toEqual([RETRY_BASE_MS, 2 * RETRY_BASE_MS, 4 * RETRY_BASE_MS, 8 * RETRY_BASE_MS]);
    expect(Math.max(...waits)).toBe(RETRY_CAP_MS);
    expect(retryDelay(1000)).toBe(RETRY_CAP_MS);
    const { outbox: sent } = recordAttempt(outbox, first!.id, [{ relay: 'wss://a', ok: true, message: '' }], now);
    expect(sendStatus(sent, first!.id)).toEqual({ kind: 'sent', relays: 1 });
  });

  it('refused by every relay for good: shown refused, still retried at the cap', () => {
    const outbox = addSaved(new Map(), saved(), T);
    const { outbox: after } = recordAttempt(outbox, first!.id, refusedAll, T);
    expect(sendStatus(after, first!.id)).toEqual({ kind: 'refused' });
    expect(nextWake(after)).toBe(T + RETRY_CAP_MS);
    expect(after.get(first!.id)!.state).toMatchObject({
      reasons: ['wss://a: blocked: not on the list', 'wss://b: invalid: bad kind'],
    });
  });

  it('no relay answered at all: not sent yet (not refused)', () => {
    const outbox = addSaved(new Map(), saved(), T);
    expect(sendStatus(recordAttempt(outbox, first!.id, [], T).outbox, first!.id)).toEqual({ kind: 'not-sent' });
  });

  it('the network coming back makes every waiting event due now', () => {
    let outbox = addSaved(new Map(), saved(), T);
    outbox = recordAttempt(outbox, first!.id, refusedAll, T).outbox;
    expect(dueEvents(retryNow(outbox, T + 5), T + 5)).toEqual([first]);
  });

  it('after a restart the outbox is rebuilt from the stored records: the unsent ones are due, in saved order', () => {
    const records = [
      saved(third!, T + 30),
      { ...saved(first!, T + 10), acceptedBy: ['wss://a'] },
      saved(second!, T + 20),
    ];
    const outbox = outboxFromRecords(records, T + 100);
    expect(dueEvents(outbox, T + 100)).toEqual([second, third]);
    expect(sendStatus(outbox, first!.id)).toEqual({ kind: 'sent', relays: 1 });
  });

  it('adding a record twice keeps the first; an attempt on an unknown event changes nothing', () => {
    const outbox = addSaved(new Map(), saved(), T);
    expect(addSaved(outbox, saved(first!, T + 5), T + 5)).toBe(outbox);
    expect(recordAttempt(outbox, 'nope', [], T)).toEqual({ outbox, store: null });
  });
});
