/**
 * What arrives from relays, made into one game (issue 30, items 2 and 7). Events come in any order, twice,
 * from several relays, or as a flood of junk; each is judged (game-events.ts's admitGameEvent) and, if it
 * passes, kept; the game is then a fold of the kept events by core's rules (foldGame), so any order and any
 * repetition of one game's events give the same game on both devices. For the controller each event comes
 * out as a new game, "waiting for an earlier move", a player's acceptance, or why it changes nothing.
 *
 * The fold, ply by ply from the start: the endings signed at this ply (a resignation, a flag that stands
 * (clock.ts), a draw accepted against an offer at this ply or the one before) end the game before the move
 * at this ply; else the move at this ply (the one the side to move signed, built on this very move list)
 * is played by core's `play`; a gap stops the fold until the earlier move arrives.
 */
import { type GameState, type Player, type Point, type Rules, newGame, opponent, play } from '../core';
import { type FlagReading, type MoveReading, type TimeControl, flagStands, moveReadingProblem } from './clock';
import { type AdmittedEvent, type GameChannel, type Rejection, admitGameEvent, movesHash } from './game-events';

/** The game the kept events make. */
export interface FoldedGame {
  readonly state: GameState;
  /** A draw offered by this side that the other may still accept, else null. */
  readonly drawOffer: Player | null;
  /** The moves' signed clock readings (timed games). */
  readonly readings: readonly MoveReading[];
  /** Ids of the events the game is made of. */
  readonly used: ReadonlySet<string>;
  /** Events that turned out not to stand when the fold reached them, and why (they are not kept). */
  readonly dropped: ReadonlyMap<string, Rejection>;
}

const ENDINGS = new Set(['resign', 'flag', 'draw-accept']);

/** The game `events` make, by the rule above. */
export function foldGame(rules: Rules, clock: TimeControl | null, events: readonly AdmittedEvent[]): FoldedGame {
  const byPly = new Map<number, AdmittedEvent[]>();
  for (const e of [...events].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const list = byPly.get(e.envelope.ply) ?? [];
    list.push(e);
    byPly.set(e.envelope.ply, list);
  }
  const offers = events.filter((e) => e.envelope.action.type === 'draw-offer');
  const used = new Set<string>();
  const dropped = new Map<string, Rejection>();
  const readings: MoveReading[] = [];
  let state = newGame(rules);

  for (;;) {
    const ply = state.moves.length;
    const prev = movesHash(rules, state.moves);
    const here: AdmittedEvent[] = [];
    for (const e of byPly.get(ply) ?? []) {
      if (e.envelope.prev === prev) here.push(e);
      else dropped.set(e.id, 'conflict');
    }
    for (const e of here) if (e.envelope.action.type === 'draw-offer') used.add(e.id);
    const move = here.find((e) => e.envelope.action.type === 'move');
    const reading = move?.envelope.clock && {
      side: move.side,
      ply,
      leftMs: move.envelope.clock.leftMs,
      atMs: move.envelope.clock.atMs,
    };
    const readingProblem = clock && reading ? moveReadingProblem(clock, readings, reading) : null;
    const ending = endingAt(here, ply, {
      clock,
      readings,
      answered: move !== undefined && readingProblem === null,
      offers,
    });
    if (ending) {
      used.add(ending.event.id);
      state = { ...state, result: ending.result };
      break;
    }
    if (!move) break;
    if (readingProblem === 'flag') {
      used.add(move.id);
      state = { ...state, result: { winner: opponent(move.side), reason: 'time' } };
      break;
    }
    if (readingProblem === 'gained-time') {
      dropped.set(move.id, 'bad-clock');
      break;
    }
    const next = play(state, (move.envelope.action as { point: Point }).point);
    if (!next.ok) {
      dropped.set(move.id, next.error.reason === 'game-over' ? 'game-over' : 'illegal-move');
      break;
    }
    used.add(move.id);
    if (reading) readings.push(reading);
    state = next.value;
  }
  const lastOffer = state.result
    ? undefined
    : offers.find((e) => used.has(e.id) && e.envelope.ply >= state.moves.length - 1);
  return { state, drawOffer: lastOffer?.side ?? null, readings, used, dropped };
}

/** The ending that stands at `ply` among the events signed there, or null. */
function endingAt(
  here: readonly AdmittedEvent[],
  ply: number,
  context: {
    readonly clock: TimeControl | null;
    readonly readings: readonly MoveReading[];
    readonly answered: boolean;
    readonly offers: readonly AdmittedEvent[];
  },
): { readonly event: AdmittedEvent; readonly result: NonNullable<GameState['result']> } | null {
  const toMove: Player = ply % 2 === 0 ? 1 : 2;
  // The side to move first, so two endings at one ply are read in one order on both devices.
  const endings = here
    .filter((e) => ENDINGS.has(e.envelope.action.type))
    .sort((a, b) => (a.side === b.side ? 0 : a.side === toMove ? -1 : 1));
  for (const e of endings) {
    const action = e.envelope.action;
    if (action.type === 'resign') return { event: e, result: { winner: opponent(e.side), reason: 'resignation' } };
    if (action.type === 'draw-accept') {
      const offered = context.offers.some(
        (o) => o.side !== e.side && (o.envelope.ply === ply || o.envelope.ply === ply - 1),
      );
      if (offered) return { event: e, result: { winner: null, reason: 'draw' } };
    }
    if (action.type === 'flag' && context.clock) {
      const flag: FlagReading = { by: e.side, side: action.side, ply, atMs: e.envelope.clock?.atMs ?? 0 };
      if (flagStands(context.clock, context.readings, flag, context.answered)) {
        return { event: e, result: { winner: opponent(action.side), reason: 'time' } };
      }
    }
  }
  return null;
}

/** The events kept for one game, and the game they make. */
export interface Inbox {
  readonly rules: Rules;
  readonly clock: TimeControl | null;
  readonly events: readonly AdmittedEvent[];
  readonly ids: ReadonlySet<string>;
  readonly game: FoldedGame;
}

/** An inbox holding `events` (kept before, e.g. read back from storage after a restart). */
export function newInbox(rules: Rules, clock: TimeControl | null, events: readonly AdmittedEvent[] = []): Inbox {
  return { rules, clock, events, ids: new Set(events.map((e) => e.id)), game: foldGame(rules, clock, events) };
}

/** What one event that arrived means. */
export type Arrival =
  /** It moved the game on (or ended it): the new game. */
  | { readonly kind: 'applied'; readonly game: FoldedGame }
  /** It is kept, but waits for an earlier move (or the offer a draw acceptance answers). */
  | { readonly kind: 'waiting'; readonly ply: number }
  /** The other player accepted the invitation: pin `publicKey` for this game. */
  | { readonly kind: 'accepted'; readonly publicKey: string; readonly name: string }
  /** It changes nothing. */
  | { readonly kind: 'rejected'; readonly reason: Rejection };

const sameAction = (a: AdmittedEvent, b: AdmittedEvent) =>
  a.side === b.side &&
  a.envelope.prev === b.envelope.prev &&
  JSON.stringify(a.envelope.action) === JSON.stringify(b.envelope.action);

/**
 * Takes one event from a relay (any value: it is judged first) for `channel`'s game: the inbox after it,
 * and what it meant. Nothing is kept for an event that is rejected.
 */
export function receive(inbox: Inbox, channel: GameChannel, value: unknown): { inbox: Inbox; arrival: Arrival } {
  const admitted = admitGameEvent(channel, value, inbox.ids);
  if (!admitted.ok) return { inbox, arrival: { kind: 'rejected', reason: admitted.error } };
  const event = admitted.value;
  const { action, ply } = event.envelope;
  if (action.type === 'accept') {
    const seen: Inbox = { ...inbox, ids: new Set([...inbox.ids, event.id]) };
    return { inbox: seen, arrival: { kind: 'accepted', publicKey: event.author, name: action.name } };
  }
  // The same action signed again (a re-sent event) is a duplicate; another one in its place, a conflict.
  const rival = inbox.events.find(
    (e) =>
      e.envelope.ply === ply &&
      e.side === event.side &&
      e.envelope.action.type === action.type &&
      (action.type !== 'flag' || (e.envelope.action as { side: Player }).side === action.side),
  );
  if (rival)
    return { inbox, arrival: { kind: 'rejected', reason: sameAction(rival, event) ? 'duplicate' : 'conflict' } };

  const events = [...inbox.events, event];
  const game = foldGame(inbox.rules, inbox.clock, events);
  const reason = game.dropped.get(event.id);
  if (reason) return { inbox, arrival: { kind: 'rejected', reason } };
  const { state } = game;
  if (!game.used.has(event.id) && action.type !== 'draw-accept') {
    // Past a game that has ended; or a flag that the fold reached and that does not stand (claimed before
    // the time was out, or beaten by a move in time): it will never count.
    if (state.result) return { inbox, arrival: { kind: 'rejected', reason: 'game-over' } };
    if (action.type === 'flag' && ply <= state.moves.length) {
      return { inbox, arrival: { kind: 'rejected', reason: 'bad-clock' } };
    }
  }
  const kept: Inbox = {
    ...inbox,
    events: events.filter((e) => !game.dropped.has(e.id)),
    ids: new Set([...inbox.ids, event.id]),
    game,
  };
  if (game.used.has(event.id)) return { inbox: kept, arrival: { kind: 'applied', game } };
  return { inbox: kept, arrival: { kind: 'waiting', ply: state.moves.length } };
}
