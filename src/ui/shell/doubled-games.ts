/**
 * Friend games stored twice by restores made before issue 28's fix (storage/doubled-friend-games.ts): the
 * shell mends them after its first screen, and says what it did. Its own chunk, with its words, fetched
 * once the library has been checked: nothing of it on the first screen.
 */
import type { PenteDb } from '../../storage';
import { mendDoubledFriendGames } from '../../storage/doubled-friend-games';
import * as m from '../words/paraglide/messages.js';

/** How long the notice stays: it asks the player to choose between two copies, so longer than most. */
const NOTICE_MS = 10_000;

/**
 * Joins the doubled friend games that can be joined and names those whose copies differ (both kept), in
 * one notice: a game to choose for first. Resolves whether any record was dropped (the lists read before
 * show it twice). A failure leaves the library as it was, and is said nowhere: the next start tries again.
 */
export async function mendDoubledGames(db: PenteDb, notify: (text: string, ms: number) => void): Promise<boolean> {
  const mended = await mendDoubledFriendGames(db);
  if (!mended.ok) return false;
  const { differing, joined } = mended.value;
  if (differing.length > 0) notify(m.shell_doubled_game_differs({ friend: differing[0]!.friendName }), NOTICE_MS);
  else if (joined.length > 0) notify(m.shell_doubled_game_joined({ friend: joined[0]!.friendName }), NOTICE_MS);
  return mended.value.dropped.length > 0;
}
