/**
 * Where a friend game by links stands on this device, as one value: the one model the play screen's
 * status line, its Send button and the lists' standings are read from. A pure function of the game's
 * length, its end, the side this device plays and what the friend's copy is known to hold (the last link
 * sent or received), so "Send your move to Bob" shows until the move has gone, and never beside a line
 * that says the opposite.
 */
import type { Player } from '../../core';
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
  /** Moves played. */
  readonly moves: number;
  readonly ended: boolean;
  readonly mySide: Player;
  /** What the friend's copy is known to hold; absent: nothing known. */
  readonly synced?: FriendSynced | undefined;
}

/** Who moves after `moves` moves: Black (1) plays the odd moves. */
const toMoveAfter = (moves: number): Player => (moves % 2 === 0 ? 1 : 2);

export function friendStatus(game: FriendGameNow): FriendStatus {
  const { moves, ended, mySide } = game;
  let synced = game.synced;
  if (!synced) {
    // A game kept before this was recorded: once the friend has moved, they had the game up to their move.
    const theyMoved = moves >= (mySide === 1 ? 2 : 1);
    if (theyMoved) synced = { moves: toMoveAfter(moves) === mySide && !ended ? moves : moves - 1, ended: false };
  }
  if (ended) return synced && synced.ended && synced.moves === moves ? { kind: 'over' } : { kind: 'send-result' };
  const myTurn = toMoveAfter(moves) === mySide;
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
