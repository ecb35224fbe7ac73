/**
 * The link a friend game sends (the play screen's Send, the header's Share): off the first screen, with
 * the signing it needs (link-signer.ts).
 */
import { type GameState, type Player, formatGameLink, linkCarriesKey } from '../../core';
import { type FriendGame, type GameSide, UNKNOWN_FRIEND } from '../../storage';
import { linkSecurity } from './link-signer';

/** A link of this app (its own origin and path) that opens a game link's code. */
export const appLinkUrl = (code: string): string => `${location.origin}${location.pathname}#/g/${code}`;

/**
 * The link this device sends for its copy of a friend game: the whole game, marked as sent by its side,
 * signed by this device's key once it is loaded (link-signer.ts), with the key and the relays this device
 * reads while the friend may not have pinned the key yet (core's linkCarriesKey).
 */
export function friendLinkUrl(players: readonly [GameSide, GameSide], friend: FriendGame, state: GameState): string {
  // The friend's name until they say it is not a name to send: their link will carry their own.
  const nameOf = (side: Player) =>
    side !== friend.mySide && players[side - 1]!.name === UNKNOWN_FRIEND ? '' : players[side - 1]!.name;
  const options = {
    state,
    names: [nameOf(1), nameOf(2)] as const,
    friend: { gameId: friend.gameId, sender: friend.mySide },
    // The clock agreed in the invitation travels with every link (signed): the friend's copy keeps it.
    clock: friend.clock ?? null,
  };
  const signer = linkSecurity.value?.signer;
  if (!signer) return appLinkUrl(formatGameLink(options));
  const carryKey = linkCarriesKey(state, friend.mySide, friend.peer !== undefined);
  return appLinkUrl(signer.sign(carryKey ? { ...options, relays: signer.relays() } : options, carryKey));
}
