/**
 * What this device has to send, and when to try again (issue 30, item 7): a pure model with the clock
 * injected (every function takes `now`, in ms), for a controller that keeps the records and talks to relays.
 *
 * The order of a move, which the model's types follow: the event is signed, then stored with the move (an
 * OutgoingRecord, in the same write as the game); only then is the move shown and the record handed to the
 * outbox (addSaved), which is where publishing starts. So a browser killed at any point after the move
 * shows has the move and its event stored, and the outbox rebuilt from the stored records on the next start
 * (outboxFromRecords) publishes it.
 *
 * Each event not yet accepted by a relay is retried on a backoff (RETRY_BASE_MS doubling up to
 * RETRY_CAP_MS) until one relay accepts it; a relay's "duplicate:" answer is an acceptance (it has the
 * event). An event every relay refused for good (NIP-01's `invalid:`, `blocked:`, `restricted:`, `pow:`)
 * is shown as refused and still retried at the cap, since the relay list may change.
 */
import type { NostrEvent } from 'nostr-tools/pure';

/** What the controller stores for an event it sends, beside the move, before publishing it. */
export interface OutgoingRecord {
  readonly event: NostrEvent;
  readonly gameId: string;
  /** When it was saved (ms). */
  readonly savedAt: number;
  /** The relays that accepted it, as last recorded: empty while not sent. */
  readonly acceptedBy: readonly string[];
}

/** Where one event stands. */
export type SendState =
  | { readonly kind: 'not-sent'; readonly attempts: number; readonly nextAttemptAt: number }
  | { readonly kind: 'sent'; readonly relays: readonly string[] }
  /** Every relay that answered refused it for good; still retried at the cap. */
  | {
      readonly kind: 'refused';
      readonly attempts: number;
      readonly nextAttemptAt: number;
      readonly reasons: readonly string[];
    };

export interface OutboxEntry {
  readonly record: OutgoingRecord;
  readonly state: SendState;
}

/** The outbox: its entries by event id, in the order they were saved. */
export type Outbox = ReadonlyMap<string, OutboxEntry>;

/** A relay's answer to one publication (its NIP-01 OK message), or none in time. */
export type RelayAnswer =
  | { readonly relay: string; readonly ok: boolean; readonly message: string }
  | { readonly relay: string; readonly timedOut: true };

export const RETRY_BASE_MS = 2_000;
export const RETRY_CAP_MS = 5 * 60_000;

/** The wait before attempt number `attempts + 1`, after `attempts` failed ones: doubling, capped. */
export const retryDelay = (attempts: number): number =>
  Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, Math.min(attempts - 1, 30)));

/** NIP-01's machine-readable prefixes of a refusal that trying again will not change. */
const FOR_GOOD = ['invalid:', 'blocked:', 'restricted:', 'pow:'];

/** The record to store for an event before it is shown or published. */
export const outgoingRecord = (event: NostrEvent, gameId: string, now: number): OutgoingRecord => ({
  event,
  gameId,
  savedAt: now,
  acceptedBy: [],
});

const stateOf = (record: OutgoingRecord, now: number): SendState =>
  record.acceptedBy.length > 0
    ? { kind: 'sent', relays: record.acceptedBy }
    : { kind: 'not-sent', attempts: 0, nextAttemptAt: now };

/** Adds a record the controller has stored: due now. A record already in the outbox is left as it is. */
export function addSaved(outbox: Outbox, record: OutgoingRecord, now: number): Outbox {
  if (outbox.has(record.event.id)) return outbox;
  return new Map(outbox).set(record.event.id, { record, state: stateOf(record, now) });
}

/** The outbox after a restart, from what is stored: every event no relay accepted is due now. */
export function outboxFromRecords(records: readonly OutgoingRecord[], now: number): Outbox {
  const sorted = [...records].sort((a, b) => a.savedAt - b.savedAt);
  return sorted.reduce<Outbox>((outbox, record) => addSaved(outbox, record, now), new Map());
}

/** The events to publish now, oldest first (a game's moves go out in order). */
export function dueEvents(outbox: Outbox, now: number): NostrEvent[] {
  const due: NostrEvent[] = [];
  for (const { record, state } of outbox.values()) {
    if (state.kind !== 'sent' && state.nextAttemptAt <= now) due.push(record.event);
  }
  return due;
}

/** When the controller should next look (the earliest retry), or null when nothing waits. */
export function nextWake(outbox: Outbox): number | null {
  let next: number | null = null;
  for (const { state } of outbox.values()) {
    if (state.kind !== 'sent' && (next === null || state.nextAttemptAt < next)) next = state.nextAttemptAt;
  }
  return next;
}

/** Every waiting event due now: the network came back, or the relay list changed. */
export function retryNow(outbox: Outbox, now: number): Outbox {
  const next = new Map(outbox);
  for (const [id, entry] of outbox) {
    if (entry.state.kind !== 'sent') next.set(id, { ...entry, state: { ...entry.state, nextAttemptAt: now } });
  }
  return next;
}

const accepted = (a: RelayAnswer) => 'ok' in a && (a.ok || a.message.startsWith('duplicate:'));
const refusedForGood = (a: RelayAnswer) => 'ok' in a && !a.ok && FOR_GOOD.some((p) => a.message.startsWith(p));

/**
 * The outbox after one attempt at publishing `eventId`, with the relays' answers; and the record to store
 * when it changed (an acceptance: the screen says "sent" and a restart will not publish it again).
 */
export function recordAttempt(
  outbox: Outbox,
  eventId: string,
  answers: readonly RelayAnswer[],
  now: number,
): { readonly outbox: Outbox; readonly store: OutgoingRecord | null } {
  const entry = outbox.get(eventId);
  if (!entry) return { outbox, store: null };
  const { record, state } = entry;
  const relays = [...new Set([...record.acceptedBy, ...answers.filter(accepted).map((a) => a.relay)])].sort();
  if (relays.length > 0) {
    const stored: OutgoingRecord = { ...record, acceptedBy: relays };
    const changed = relays.length !== record.acceptedBy.length;
    return {
      outbox: new Map(outbox).set(eventId, { record: stored, state: { kind: 'sent', relays } }),
      store: changed ? stored : null,
    };
  }
  const attempts = (state.kind === 'sent' ? 0 : state.attempts) + 1;
  const allRefused = answers.length > 0 && answers.every(refusedForGood);
  const next: SendState = allRefused
    ? {
        kind: 'refused',
        attempts,
        nextAttemptAt: now + RETRY_CAP_MS,
        reasons: answers.map((a) => ('ok' in a ? `${a.relay}: ${a.message}` : a.relay)),
      }
    : { kind: 'not-sent', attempts, nextAttemptAt: now + retryDelay(attempts) };
  return { outbox: new Map(outbox).set(eventId, { record, state: next }), store: null };
}

/** What the screen says of an event: sent (to how many relays), not sent yet, or refused; null: not in the outbox. */
export function sendStatus(
  outbox: Outbox,
  eventId: string,
):
  | { readonly kind: 'sent'; readonly relays: number }
  | { readonly kind: 'not-sent' }
  | { readonly kind: 'refused' }
  | null {
  const state = outbox.get(eventId)?.state;
  if (!state) return null;
  if (state.kind === 'not-sent') return { kind: 'not-sent' };
  return state.kind === 'sent' ? { kind: 'sent', relays: state.relays.length } : { kind: 'refused' };
}
