/**
 * What arrives from relays, made into one game (issue 30, items 2 and 7). Events come in any order, twice,
 * from several relays, or as a flood of junk; each is judged (game-events.ts's admitGameEvent) and, if it
 * passes, kept; the game is then a fold of the kept events by core's rules (foldGame), so any order and any
 * repetition of one game's events give the same game on both devices. For the controller each event comes
 * out as a new game, "waiting for an earlier move", a player's acceptance, or why it changes nothing.
 *
 * The fold, ply by ply from the start, on top of the actions this device's copy already holds (its own and
 * those links brought: the base, which needs no events; an event for one of its plies must agree with it).
 * A ply is an action of the game: a stone, or in D-Pente, DK-Pente and Swap2 an opening step (core's
 * actionsOf); whose it is, is core's personToAct on the game folded so far, so a stone or a step signed by
 * the other person (forged, or out of turn after a swap) is refused as 'out-of-turn' when the fold reaches it:
 * - the endings the side to move signed at this ply, or the other side signed at the ply before (a
 *   resignation, a draw accepted against an offer at its ply or the one before, a flag: clock.ts), and a
 *   flag claimed against the side to move that stands, end the game before this ply's move;
 * - else this ply's move (the one the side to move signed, built on this very move list, or the base's) is
 *   played by core's `play`; an ending the other side signed at this ply waits for the move, since they
 *   signed it while the side to move was thinking: that move stands, then the ending;
 * - with no move at this ply the fold stops ("waiting" for events beyond it), the other side's endings at
 *   this ply applied.
 * So what one side signed is read the same on both devices, in whatever order the events came and whether
 * a move came by link or by relay: one game, never two. The controller stores the folded game when it
 * carries the copy on (copyComparison: core's compareCopies, the rule links and restores use).
 */
import {
  type CopyComparison,
  type GameAction as PlayAction,
  type GameMoves,
  type GameState,
  type Player,
  type Rules,
  actionCount,
  actorAtOf,
  compareCopies,
  newGame,
  opponent,
  personToActIn,
  takeAction,
} from '../core';
import {
  type ActorAt,
  type FlagReading,
  type MoveReading,
  type TimeControl,
  flagStands,
  moveReadingProblem,
} from './clock';
import {
  type AdmittedEvent,
  type GameChannel,
  type Rejection,
  actionsHash,
  admitGameEvent,
  isPlayAction,
  playActionOf,
} from './game-events';

/** The game the kept events make. */
export interface FoldedGame {
  readonly state: GameState;
  /** A draw offered by this side that the other may still accept, else null. */
  readonly drawOffer: Player | null;
  /** The actions' signed clock readings (timed games). */
  readonly readings: readonly MoveReading[];
  /** Ids of the events the game is made of. */
  readonly used: ReadonlySet<string>;
  /** Events that turned out not to stand when the fold reached them, and why (they are not kept). */
  readonly dropped: ReadonlyMap<string, Rejection>;
}

const ENDINGS = new Set(['resign', 'flag', 'draw-accept']);
const isEnding = (e: AdmittedEvent) => ENDINGS.has(e.envelope.action.type);
/** A flag said by one side against the other (not their own). */
const isClaim = (e: AdmittedEvent) => e.envelope.action.type === 'flag' && e.envelope.action.side !== e.side;
/** A stone or an opening step: the game's action at its ply. */
const isPlay = (e: AdmittedEvent) => isPlayAction(e.envelope.action);

/**
 * The game `events` make on top of `base` (the actions this device's copy holds, from its own play and from
 * links: they need no event; core's actionsOf), by the rule above.
 */
export function foldGame(
  rules: Rules,
  clock: TimeControl | null,
  events: readonly AdmittedEvent[],
  base: readonly PlayAction[] = [],
): FoldedGame {
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
  // Endings signed by the side that was not to move at the last ply: they come after that ply's move.
  let carried: AdmittedEvent[] = [];
  const end = (found: ReturnType<typeof endingAt>) => {
    if (!found) return false;
    used.add(found.event.id);
    state = { ...state, result: found.result };
    return true;
  };

  const done: PlayAction[] = [];
  for (;;) {
    const ply = done.length;
    const toMove = personToActIn(state);
    const prev = actionsHash(rules, done);
    const here: AdmittedEvent[] = [];
    for (const e of byPly.get(ply) ?? []) {
      if (e.envelope.prev === prev) here.push(e);
      else dropped.set(e.id, 'conflict');
    }
    for (const e of here) if (e.envelope.action.type === 'draw-offer') used.add(e.id);
    // This ply's action is the person to act's (core's personToAct): one signed by the other is out of turn.
    let move: AdmittedEvent | undefined;
    for (const e of here.filter(isPlay)) {
      if (e.side !== toMove) dropped.set(e.id, 'out-of-turn');
      else move ??= e;
    }
    const known = base[ply];
    if (move && known !== undefined && actionOf(move) !== known) {
      // This copy holds another action here: the other line is a diverged copy, not a move.
      dropped.set(move.id, 'conflict');
      move = undefined;
    }
    const action = move ? actionOf(move) : known;
    const next = action === undefined || state.result ? null : takeAction(state, action);
    const reading = move?.envelope.clock && {
      side: move.side,
      ply,
      leftMs: move.envelope.clock.leftMs,
      atMs: move.envelope.clock.atMs,
    };
    // Whether the action ends its turn (the increment) is read on the game after it.
    const actorAfter = actorAtOf(next?.ok ? next.value : state);
    const readingProblem = clock && reading ? moveReadingProblem(clock, readings, reading, actorAfter) : null;
    const context = {
      clock,
      readings,
      answered: action !== undefined && readingProblem === null,
      offers,
      actorAt: actorAtOf(state),
    };
    const before = [...carried, ...here.filter((e) => isEnding(e) && (e.side === toMove || isClaim(e)))];
    if (end(endingAt(before, ply, toMove, context))) break;
    const after = here.filter((e) => isEnding(e) && e.side !== toMove && !isClaim(e));
    if (action === undefined) {
      end(endingAt(after, ply, toMove, context));
      break;
    }
    if (move && readingProblem === 'flag') {
      used.add(move.id);
      state = { ...state, result: { winner: opponent(move.side), reason: 'time' } };
      break;
    }
    if (move && readingProblem === 'gained-time') {
      dropped.set(move.id, 'bad-clock');
      break;
    }
    if (!next?.ok) {
      if (move) dropped.set(move.id, state.result ? 'game-over' : 'illegal-move');
      break;
    }
    if (move) used.add(move.id);
    if (reading) readings.push(reading);
    state = next.value;
    done.push(action);
    carried = after;
  }
  const lastOffer = state.result
    ? undefined
    : offers.find((e) => used.has(e.id) && e.envelope.ply >= actionCount(state) - 1);
  return { state, drawOffer: lastOffer?.side ?? null, readings, used, dropped };
}

const actionOf = (move: AdmittedEvent): PlayAction =>
  playActionOf(move.envelope.action as Extract<AdmittedEvent['envelope']['action'], { type: 'move' | 'step' }>);

/** The ending that stands among `endings`, judged at `ply` (moves on the board, `toMove` to play), or null. */
function endingAt(
  endings: readonly AdmittedEvent[],
  ply: number,
  toMove: Player,
  context: {
    readonly clock: TimeControl | null;
    readonly readings: readonly MoveReading[];
    readonly answered: boolean;
    readonly offers: readonly AdmittedEvent[];
    readonly actorAt: ActorAt;
  },
): { readonly event: AdmittedEvent; readonly result: NonNullable<GameState['result']> } | null {
  // The side to move first, then by id, so two endings at one ply are read in one order on both devices.
  const ordered = [...endings].sort((a, b) =>
    a.side === b.side ? (a.id < b.id ? -1 : 1) : a.side === toMove ? -1 : 1,
  );
  for (const e of ordered) {
    const action = e.envelope.action;
    if (action.type === 'resign') return { event: e, result: { winner: opponent(e.side), reason: 'resignation' } };
    if (action.type === 'draw-accept') {
      const at = e.envelope.ply;
      const offered = context.offers.some(
        (o) => o.side !== e.side && (o.envelope.ply === at || o.envelope.ply === at - 1),
      );
      if (offered) return { event: e, result: { winner: null, reason: 'draw' } };
    }
    if (action.type === 'flag' && context.clock) {
      const flag: FlagReading = { by: e.side, side: action.side, ply, atMs: e.envelope.clock?.atMs ?? 0 };
      if (flagStands(context.clock, context.readings, flag, context.answered, context.actorAt)) {
        return { event: e, result: { winner: opponent(action.side), reason: 'time' } };
      }
    }
  }
  return null;
}

/** The events kept for one game, the copy's moves they build on, and the game they make. */
export interface Inbox {
  readonly rules: Rules;
  readonly clock: TimeControl | null;
  /** The actions this device's copy holds (its own, and links'; core's actionsOf): the fold's base. */
  readonly base: readonly PlayAction[];
  readonly events: readonly AdmittedEvent[];
  readonly ids: ReadonlySet<string>;
  readonly game: FoldedGame;
}

/** An inbox holding `events` (kept before, e.g. read back from storage after a restart) on the copy's `base`. */
export function newInbox(
  rules: Rules,
  clock: TimeControl | null,
  events: readonly AdmittedEvent[] = [],
  base: readonly PlayAction[] = [],
): Inbox {
  const game = foldGame(rules, clock, events, base);
  const kept = events.filter((e) => !game.dropped.has(e.id));
  return { rules, clock, base, events: kept, ids: new Set(events.map((e) => e.id)), game };
}

/** The inbox after the copy changed by other means (this device moved, a link merged): its new moves. */
export const withBase = (inbox: Inbox, base: readonly PlayAction[]): Inbox =>
  newInbox(inbox.rules, inbox.clock, inbox.events, base);

/** How the inbox's game stands to this device's copy: store it when it is an 'extend'; 'conflict' diverged. */
export const copyComparison = (copy: GameMoves, inbox: Inbox): CopyComparison => compareCopies(copy, inbox.game.state);

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
  // The same action signed again (a re-sent event) is a duplicate; another one in its place (a stone or a
  // step: both are the ply's action), a conflict.
  const kind = (a: AdmittedEvent['envelope']['action']) => (isPlayAction(a) ? 'play' : a.type);
  const rival = inbox.events.find(
    (e) =>
      e.envelope.ply === ply &&
      e.side === event.side &&
      kind(e.envelope.action) === kind(action) &&
      (action.type !== 'flag' || (e.envelope.action as { side: Player }).side === action.side),
  );
  if (rival)
    return { inbox, arrival: { kind: 'rejected', reason: sameAction(rival, event) ? 'duplicate' : 'conflict' } };

  const events = [...inbox.events, event];
  const game = foldGame(inbox.rules, inbox.clock, events, inbox.base);
  const reason = game.dropped.get(event.id);
  if (reason) return { inbox, arrival: { kind: 'rejected', reason } };
  const { state } = game;
  if (!game.used.has(event.id) && action.type !== 'draw-accept') {
    // Past a game that has ended; or a flag that the fold reached and that does not stand (claimed before
    // the time was out, or beaten by a move in time): it will never count.
    if (state.result) return { inbox, arrival: { kind: 'rejected', reason: 'game-over' } };
    if (action.type === 'flag' && ply <= actionCount(state)) {
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
  return { inbox: kept, arrival: { kind: 'waiting', ply: actionCount(state) } };
}
