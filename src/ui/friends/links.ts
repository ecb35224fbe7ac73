/**
 * Friend games on the page: the link this device sends for its copy of a game, and how the lists say
 * whose turn it is. Pure functions of plain data, apart from the page's own address.
 */
import { signal } from '@preact/signals';
import { type GameResult, type GameState, type Player, formatGameLink } from '../../core';
import { type FriendGame, type GameSide, UNKNOWN_FRIEND } from '../../storage';
import { resultSentence } from '../words/game-words';
import * as m from '../words/paraglide/messages.js';

/** A link of this app (its own origin and path) that opens a game link's code. */
export const appLinkUrl = (code: string): string => `${location.origin}${location.pathname}#/g/${code}`;

/** The link this device sends for its copy of a friend game: the whole game, marked as sent by its side. */
export function friendLinkUrl(players: readonly [GameSide, GameSide], friend: FriendGame, state: GameState): string {
  // The friend's name until they say it is not a name to send: their link will carry their own.
  const nameOf = (side: Player) =>
    side !== friend.mySide && players[side - 1]!.name === UNKNOWN_FRIEND ? '' : players[side - 1]!.name;
  return appLinkUrl(
    formatGameLink({ state, names: [nameOf(1), nameOf(2)], friend: { gameId: friend.gameId, sender: friend.mySide } }),
  );
}

/**
 * Whether this device may send its copy now: after its own move (the other side to move), at the start
 * (an invitation), or once the game is over. On its own turn a link would say nothing new: make the move.
 */
export const maySendFriendLink = (state: GameState, mySide: Player): boolean =>
  state.result !== null || state.moves.length === 0 || state.toMove !== mySide;

/** How a friend game stands, for the lists: "Your turn", "Waiting for Ann", or its result. */
export function friendStanding(game: {
  readonly players: readonly [string, string];
  readonly moveCount: number;
  readonly result: GameResult | null;
  readonly mySide: Player;
}): string {
  const { players, result, mySide } = game;
  if (result) return resultSentence([{ name: players[0] }, { name: players[1] }], result);
  const toMove: Player = game.moveCount % 2 === 0 ? 1 : 2;
  return toMove === mySide
    ? m.friends_standing_your_turn()
    : m.friends_standing_waiting({ name: players[2 - mySide]! });
}

/** The friend game whose send sheet should open as soon as its play screen shows (after "Invite"). */
export const sendSheetFor = signal<string | null>(null);
