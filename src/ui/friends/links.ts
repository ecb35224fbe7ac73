/**
 * Friend games on the page: the link this device sends for its copy of a game, and how the lists say
 * whose turn it is. Pure functions of plain data, apart from the page's own address.
 */
import { signal } from '@preact/signals';
import {
  type GameResult,
  type Player,
  type SeatChoice,
  type VariantId,
  VARIANTS,
  playedOverRelays,
  seatOfPerson,
} from '../../core';
import { type FriendSynced, UNKNOWN_FRIEND } from '../../storage';
import { type FriendStatus, type FriendWording, friendStatus, friendWording, isMyTurn } from './friend-status';
import { resultSentence } from '../words/game-words';
import * as m from '../words/paraglide/messages.js';

/** A friend game as the lists have it (its summary). */
export interface ListedFriendGame {
  readonly variant: VariantId;
  readonly players: readonly [string, string];
  readonly moveCount: number;
  readonly result: GameResult | null;
  readonly mySide: Player;
  readonly synced?: FriendSynced | undefined;
  readonly seatChoice?: SeatChoice | undefined;
  readonly swap2Pass?: boolean | undefined;
  /** The friend's key is pinned: the moves go over relays (the summary's `friend.pinned`). */
  readonly pinned?: boolean | undefined;
}

/** Where a listed friend game stands (friend-status.ts). */
export const listedStatus = (game: ListedFriendGame): FriendStatus =>
  friendStatus({
    variant: game.variant,
    moves: game.moveCount,
    seatChoice: game.seatChoice,
    swap2Pass: game.swap2Pass,
    ended: game.result !== null,
    mySide: game.mySide,
    synced: game.synced,
  });

/**
 * The words a listed friend game goes by (friend-status.ts friendWording): over relays once the friend's key
 * is pinned. The lists know neither the friend's presence nor the relays' state: a move that waits for a
 * relay is still on its way (the outbox retries it), and the play screen offers the link if it stays there.
 */
const listedWording = (status: FriendStatus, pinned: boolean | undefined, variant: VariantId): FriendWording =>
  friendWording(status, {
    pinned: pinned === true && playedOverRelays(VARIANTS[variant]),
    present: false,
    relaysDown: false,
  });

/**
 * How a friend game stands, for the lists: "Your turn", "Send your move" ("Sending your move…" over
 * relays), "Waiting for Ann", or its result ("Send the result" until the friend has it, by link).
 */
export function friendStanding(game: ListedFriendGame): string {
  const { players, result, mySide } = game;
  const status = listedStatus(game);
  const wording = listedWording(status, game.pinned, game.variant);
  if (status.kind === 'send-result' && wording.by === 'link') return m.friends_standing_send_result();
  if (result) return resultSentence([{ name: players[0] }, { name: players[1] }], result);
  // Over relays the move goes by itself: on its way, not a thing for the player to do.
  if (wording.by === 'relay' && wording.step === 'sending') return m.friends_standing_sending();
  switch (status.kind) {
    case 'send-invite':
    case 'send-move':
      return m.friends_standing_send();
    case 'waiting': {
      // Names are by seat: after a swap the friend sits in the seat this device's person started in.
      const friendName = players[2 - seatOfPerson(game.seatChoice, mySide)]!;
      return m.friends_standing_waiting({
        name: friendName === UNKNOWN_FRIEND ? m.friends_your_friend() : friendName,
      });
    }
    default:
      return m.friends_standing_your_turn();
  }
}

/** A game as the lists have it: a friend game carries its side and what the friend's copy holds. */
interface ListedGame {
  readonly variant: VariantId;
  readonly moveCount: number;
  readonly result: GameResult | null;
  readonly friend?:
    | {
        readonly mySide: Player;
        readonly synced?: FriendSynced | undefined;
        readonly pinned?: boolean | undefined;
        readonly seatChoice?: SeatChoice | undefined;
        readonly swap2Pass?: boolean | undefined;
      }
    | undefined;
}

/**
 * Whether a listed friend game waits for this device: its turn, or its move or the result to send by link
 * (over relays they go by themselves: only the turn waits for the player).
 */
export function waitsForYou({ friend, moveCount, result, variant }: ListedGame): boolean {
  if (!friend) return false;
  const status = friendStatus({
    variant,
    moves: moveCount,
    seatChoice: friend.seatChoice,
    swap2Pass: friend.swap2Pass,
    ended: result !== null,
    mySide: friend.mySide,
    synced: friend.synced,
  });
  const wording = listedWording(status, friend.pinned, variant);
  return wording.by === 'relay' ? wording.step === 'your-move' : isMyTurn(status);
}

/**
 * A list with the games that wait for this device first — friend games where it is this side's turn (or
 * its move or the result still to send) — then the others, then the friend games waiting for the friend;
 * each group in the order it came.
 */
export function yourTurnFirst<T extends ListedGame>(games: readonly T[]): T[] {
  const rank = (game: T) => (!game.friend ? 1 : waitsForYou(game) ? 0 : 2);
  return games
    .map((game, i) => ({ game, i, rank: rank(game) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map(({ game }) => game);
}

/** The friend game whose send sheet should open as soon as its play screen shows (after "Invite"). */
export const sendSheetFor = signal<string | null>(null);
