/**
 * Where a friend game by links stands on this device, as one value: the one model the play screen's
 * status line, its Send button and the lists' standings are read from. A pure function of the game's
 * length, its end, the side this device plays and what the friend's copy is known to hold (the last link
 * sent or received), so "Send your move to Bob" shows until the move has gone, and never beside a line
 * that says the opposite.
 */
import { type Player, type SeatChoice, type VariantId, VARIANTS, personToAct } from '../../core';
import type { FriendSynced } from '../../storage';

export type FriendStatus =
  /** This side moves first and nothing has gone yet: the first move travels with the invitation. */
  | { readonly kind: 'first-move' }
  /** This side's turn (the friend has the game as it stands). */
  | { readonly kind: 'your-move' }
  /** Nothing has gone to the friend yet and it is their turn: send the invitation (with this side's move). */
  | { readonly kind: 'send-invite' }
  /** This side has moved since the last link: send it. */
  | { readonly kind: 'send-move' }
  /** The friend has the game as it stands, and it is their turn. */
  | { readonly kind: 'waiting' }
  /** The game is over here, and the friend's copy does not show it yet. */
  | { readonly kind: 'send-result' }
  /** The game is over on both devices. */
  | { readonly kind: 'over' };

export interface FriendGameNow {
  /** The game (its turn rule: D-Pente's opening, Connect6's two stones a turn). */
  readonly variant: VariantId;
  /** Stones played. */
  readonly moves: number;
  /** The opening steps taken (D-Pente, Swap2; absent in the other games). */
  readonly seatChoice?: SeatChoice | null | undefined;
  readonly swap2Pass?: boolean | undefined;
  readonly ended: boolean;
  /** The person this device plays, named by the seat they started in (a swap does not change it). */
  readonly mySide: Player;
  /** What the friend's copy is known to hold (its actions: stones and steps); absent: nothing known. */
  readonly synced?: FriendSynced | undefined;
}

export function friendStatus(game: FriendGameNow): FriendStatus {
  const { ended, mySide } = game;
  // Actions, not stones: a seat choice is news to send like a stone (core's actionCount).
  const moves = game.moves + (game.seatChoice ? 1 : 0) + (game.swap2Pass ? 1 : 0);
  // Whose turn it is is core's rule (personToAct), for every game.
  const myTurn =
    personToAct({ variant: VARIANTS[game.variant] }, game.moves, game.seatChoice ?? null, !!game.swap2Pass) === mySide;
  let synced = game.synced;
  if (!synced) {
    // A game kept before this was recorded: once the friend has moved, they had the game up to their move.
    const theyMoved = moves >= (mySide === 1 ? 2 : 1);
    if (theyMoved) synced = { moves: myTurn && !ended ? moves : moves - 1, ended: false };
  }
  if (ended) return synced && synced.ended && synced.moves === moves ? { kind: 'over' } : { kind: 'send-result' };
  if (!synced) return myTurn ? { kind: 'first-move' } : { kind: 'send-invite' };
  if (myTurn) return { kind: 'your-move' };
  return synced.moves >= moves ? { kind: 'waiting' } : { kind: 'send-move' };
}

/** Whether the Send button sends something the friend does not have yet (it is then the main action). */
export const hasNewsToSend = (s: FriendStatus): boolean =>
  s.kind === 'send-invite' || s.kind === 'send-move' || s.kind === 'send-result';

/** Whether Send makes sense at all: not on this side's own turn (a link would say nothing new: make the move). */
export const maySend = (s: FriendStatus): boolean => s.kind !== 'first-move' && s.kind !== 'your-move';

/** Whether the lists put the game first: this device has something to do (move or send). */
export const isMyTurn = (s: FriendStatus): boolean => s.kind !== 'waiting' && s.kind !== 'over';

/**
 * What the play screen says of a friend game, by the way its moves travel. A game with the friend's key
 * pinned (`FriendGame.peer`) plays over relays: a move goes by itself, so the screen says it is being sent
 * or was sent and that the friend's move will appear here (by itself while they have the game open, else
 * when they play), and the link is only the fallback — never the main instruction. A game with no key
 * pinned, or any game while every relay is down, is played by links, in today's words (`link`). `friend.synced` moves on when a relay
 * takes a move (live-friend.ts), so `send-move` with a key pinned is "on its way", `waiting` is "sent".
 */
export type FriendWording =
  /** Played by links: the words follow `FriendStatus` alone. */
  | { readonly by: 'link'; readonly status: FriendStatus }
  /** Over relays: this side's turn; the move goes to the friend by itself. */
  | { readonly by: 'relay'; readonly step: 'your-move' }
  /** Over relays: a move or the end is on its way (no relay has taken it yet); the link is the fallback. */
  | { readonly by: 'relay'; readonly step: 'sending' | 'sending-result' }
  /** Over relays: the friend has it; their move appears by itself (`present`: they have the game open). */
  | { readonly by: 'relay'; readonly step: 'sent'; readonly present: boolean }
  /** Over relays: the game is over on both devices. */
  | { readonly by: 'relay'; readonly step: 'over' };

/**
 * How the friend game's moves travel now: `pinned`, the friend's key is known; `present`, they are here;
 * `relaysDown`, every relay failed (links are the way again, in their words).
 */
export interface FriendRoute {
  readonly pinned: boolean;
  readonly present: boolean;
  readonly relaysDown: boolean;
}

export function friendWording(status: FriendStatus, route: FriendRoute): FriendWording {
  // The invitation (and a first move with it) goes by link: there is no key to send to before it.
  const byLink = !route.pinned || route.relaysDown || status.kind === 'first-move' || status.kind === 'send-invite';
  if (byLink) return { by: 'link', status };
  switch (status.kind) {
    case 'your-move':
      return { by: 'relay', step: 'your-move' };
    case 'send-move':
      return { by: 'relay', step: 'sending' };
    case 'send-result':
      return { by: 'relay', step: 'sending-result' };
    case 'waiting':
      return { by: 'relay', step: 'sent', present: route.present };
    default:
      return { by: 'relay', step: 'over' };
  }
}

/** Whether the Send button is the screen's main action: news to send by link, never where relays carry it. */
export const sendIsMain = (w: FriendWording): boolean => w.by === 'link' && hasNewsToSend(w.status);
