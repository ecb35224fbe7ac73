/**
 * The pure part of friend games over relays (issue 30, items 2, 3 and 7): no I/O, no signals, no timers
 * (every time is passed in). The controller (live-games.ts) reads the stored games and outbox, asks this
 * what to do, and does it.
 *
 * - `actionsToSign`: the actions of this device's that the stored copy holds and the outbox has no event
 *   for (a move made here, a resignation), in order. The outbox is written after the game, so a browser
 *   killed between the two has the move and no event: the next start signs it then. A re-signed action is
 *   a duplicate to the other side (inbox.ts: the same action at the same ply).
 * - `sendLine`: "sent" / "not sent yet" for the last action of ours in a game.
 * - `routeByTag`: which game an event addressed to this device belongs to (its game tag), so one
 *   subscription serves every game.
 * - presence: `presenceLine` and when the "here" runs out.
 */
import { type GameState, type Player, actionCount, actionsOf, actorsOf } from '../../../core';
import { type GameAction, PRESENCE_TTL_MS, envelopeActionOf } from '../../../net/game-events';
import type { Phrase } from '../../../net/phrases';
import type { RelayState } from '../../../net/relay-pool';
import type { StoredOutgoing } from '../../../storage';

/** One action of ours to sign: made at `ply` (the game's actions before it: stones and opening steps). */
export interface ActionToSign {
  readonly ply: number;
  readonly action: GameAction;
}

/**
 * The actions this device took in `state` (it plays `mySide`) that no record of `records` (this game's
 * outbox) carries, oldest first. Stones and opening steps by ply, each of those core's actorsOf says this
 * person took (Connect6's two a turn, D-Pente's four opening stones, a seat choice); a resignation by this
 * side at the end. An acceptance is not here: it is not in the game (see needsAcceptance).
 */
export function actionsToSign(state: GameState, mySide: Player, records: readonly StoredOutgoing[]): ActionToSign[] {
  const signed = new Set(records.map((r) => `${r.action}@${r.ply}`));
  const out: ActionToSign[] = [];
  const actors = actorsOf(state);
  actionsOf(state).forEach((taken, ply) => {
    const action = envelopeActionOf(taken);
    if (actors[ply] === mySide && !signed.has(`${action.type}@${ply}`)) out.push({ ply, action });
  });
  const r = state.result;
  const ply = actionCount(state);
  if (r?.reason === 'resignation' && r.winner !== mySide && !signed.has(`resign@${ply}`)) {
    out.push({ ply, action: { type: 'resign' } });
  }
  return out;
}

/**
 * Whether this device should sign the game's acceptance: it has the other side's key (from the
 * invitation), it has caught up with what the relays hold, and neither side's acceptance is among what
 * arrived or in the outbox. (The inviter learns the key from that acceptance, so it has seen one.)
 */
export const needsAcceptance = (p: {
  readonly pinned: boolean;
  readonly caughtUp: boolean;
  readonly acceptanceSeen: boolean;
  readonly records: readonly StoredOutgoing[];
}): boolean => p.pinned && p.caughtUp && !p.acceptanceSeen && !p.records.some((r) => r.action === 'accept');

/** What the screen says of a game's outgoing events: of the newest action of ours, sent or not yet. */
export function sendLine(records: readonly StoredOutgoing[]): 'sent' | 'not-sent' | null {
  let last: StoredOutgoing | null = null;
  for (const r of records) {
    if (r.action === 'accept') continue;
    if (!last || r.ply > last.ply || (r.ply === last.ply && r.savedAt >= last.savedAt)) last = r;
  }
  if (!last) return null;
  return last.acceptedBy.length > 0 ? 'sent' : 'not-sent';
}

/**
 * How many actions (stones and steps: `moves`, as FriendSynced counts them) and whether the end the friend
 * can read: ours up to the last one a relay took.
 */
export function sentUpTo(
  state: GameState,
  mySide: Player,
  records: readonly StoredOutgoing[],
): { readonly moves: number; readonly ended: boolean } | null {
  const accepted = new Set(records.filter((r) => r.acceptedBy.length > 0).map((r) => `${r.action}@${r.ply}`));
  const actions = actionsOf(state);
  const actors = actorsOf(state);
  let moves = 0;
  for (let ply = 0; ply < actions.length; ply++) {
    const type = envelopeActionOf(actions[ply]!).type;
    if (actors[ply] === mySide && !accepted.has(`${type}@${ply}`)) break;
    moves = ply + 1;
  }
  if (moves === 0) return null;
  const ended =
    moves === actions.length &&
    state.result !== null &&
    (state.result.reason !== 'resignation' || accepted.has(`resign@${moves}`));
  return { moves, ended };
}

/** The games by their tag (game-events.ts gameTag), and an event's: the game it is for, or null. */
export function routeByTag(
  tags: ReadonlyMap<string, string>,
  eventTags: readonly (readonly string[])[],
): string | null {
  const z = eventTags.filter((t) => t[0] === 'z');
  if (z.length !== 1) return null;
  return tags.get(z[0]![1] ?? '') ?? null;
}

/** The other side's last presence: what it said and when it arrived (this device's clock). */
export interface Presence {
  readonly here: boolean;
  readonly arrivedAtMs: number;
}

/** Whether to say "Bob is here" at `nowMs`, and when that runs out (null: nothing to wait for). */
export function presenceLine(last: Presence | null, nowMs: number): { present: boolean; until: number | null } {
  if (!last || !last.here) return { present: false, until: null };
  const until = last.arrivedAtMs + PRESENCE_TTL_MS;
  return nowMs < until ? { present: true, until } : { present: false, until: null };
}

/**
 * Whether a "here" that just arrived is answered at once with ours: the other side came (or came back) and
 * has not heard us since. Without it they would see us only at our next repeat, and our first "here" may
 * have reached them before they could read it (an invitation's acceptance pins the key after the invitee's
 * first "here" went out). An answer to an answer is not sent: by then the other side is present.
 */
export const answersPresence = (before: Presence | null, here: boolean, nowMs: number): boolean =>
  here && !presenceLine(before, nowMs).present;

/** How long a phrase the other side said stays by their strip. */
export const PHRASE_SHOW_MS = 8_000;

/**
 * The least time between two phrases, said or shown: a phrase is a gesture, not a chat, and a modified
 * client flooding phrases changes the bubble at most this often on the other side.
 */
export const PHRASE_GAP_MS = 3_000;

/** Whether a phrase may be said (or shown) at `nowMs`, the last one having been at `lastAtMs` (null: none). */
export const phraseAllowed = (lastAtMs: number | null, nowMs: number): boolean =>
  // A clock set back since the last phrase does not silence the next for the time it went back.
  lastAtMs === null || nowMs - lastAtMs >= PHRASE_GAP_MS || nowMs < lastAtMs;

/** The other side's last phrase: which, and when it arrived (this device's clock). */
export interface HeardPhrase {
  readonly phrase: Phrase;
  readonly arrivedAtMs: number;
}

/** The phrase to show at `nowMs` and when it goes (null: none to show). */
export function phraseLine(last: HeardPhrase | null, nowMs: number): { phrase: Phrase | null; until: number | null } {
  if (!last) return { phrase: null, until: null };
  const until = last.arrivedAtMs + PHRASE_SHOW_MS;
  return nowMs < until ? { phrase: last.phrase, until } : { phrase: null, until: null };
}

/** The relays a game's events go to and come from: ours and the other side's, each once. */
export const gameRelays = (ours: readonly string[], theirs: readonly string[]): string[] => [
  ...new Set([...ours, ...theirs]),
];

/**
 * Whether the relays are down, for the play screen's words (links become the way again): true once every
 * relay of the pool has failed with none connected, and it stays so through the pool's retries
 * ('connecting') until one connects, so the words do not flicker with each retry. No relay tried yet:
 * not down (nothing is known).
 */
export function relaysDownNow(before: boolean, states: readonly RelayState[]): boolean {
  if (states.some((s) => s === 'connected')) return false;
  if (states.length > 0 && states.every((s) => s === 'failed')) return true;
  return before && states.some((s) => s === 'failed' || s === 'connecting');
}
