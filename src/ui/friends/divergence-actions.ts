/**
 * The divergence sheet's two actions on storage, with the net layer's derived id for a line kept apart
 * (split-game.ts): bringing two lines together as the player chose, and a later link of a line already
 * kept apart reaching its own game.
 */
import { type DivergenceChoice, type OpenedLink, divergence, partingOf } from '../../core';
import { splitGameId } from '../../net/split-game';
import {
  type DivergenceOutcome,
  type LinkTrust,
  type PenteDb,
  type StorageResult,
  type StoredGame,
  findFriendGame,
  receiveFriendLink,
  resolveFriendDivergence,
  toGameState,
} from '../../storage';

/** Applies the player's choice for a link that conflicts with this device's copy. */
export function bringTogether(
  db: PenteDb,
  opened: OpenedLink,
  choice: DivergenceChoice,
  signer: string | null,
): Promise<StorageResult<DivergenceOutcome>> {
  return resolveFriendDivergence(db, opened, choice, { splitIdOf: splitGameId, signer });
}

/**
 * When the link's line was kept apart here before (keep both: it has its own game, under the id derived
 * from the game's id and the line as far as the parting), the link is received into that game, its
 * signature checked against that game's key; the game as then stored, or null when there is none.
 */
export async function routeToSplit(
  db: PenteDb,
  opened: OpenedLink,
  copy: StoredGame,
  trust: LinkTrust,
  myName: string,
): Promise<StoredGame | null> {
  const friend = opened.link.friend;
  const mine = toGameState(copy);
  if (!friend || !mine.ok) return null;
  const parted = divergence(mine.value, opened.state);
  if (!parted) return null;
  const splitId = splitGameId(friend.gameId, partingOf(opened.state, parted.firstDifference));
  const kept = await findFriendGame(db, splitId);
  if (!kept.ok || !kept.value) return null;
  // The link was signed as a link of the first game (its text names it); its line belongs to the other.
  const rerouted: OpenedLink = { ...opened, link: { ...opened.link, friend: { ...friend, gameId: splitId } } };
  const received = await receiveFriendLink(db, rerouted, { myName, trust });
  return received.ok && !received.value.refusal ? received.value.game : null;
}
