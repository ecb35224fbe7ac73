/**
 * Two copies of a friend game that went different ways (issue 30, item 6), brought together as the player
 * chooses: this copy takes the link's line, or both lines go on as two games (the one that leaves the id
 * gets the id `splitIdOf` derives, so the other device, choosing on its own, names it alike). Which line
 * goes where is core's resolveDivergence; this reads the copy and writes the result in one transaction, so
 * nothing is lost and nothing is written twice.
 */
import {
  type DivergenceChoice,
  type GameMoves,
  type GameState,
  type OpenedLink,
  divergence,
  ok,
  partingOf,
  resolveDivergence,
  seatOfPerson,
} from '../core';
import { request, type PenteDb, withTransaction } from './db';
import { type StorageResult } from './errors';
import { announceGameChanges } from './feed';
import { gameFields, toGameState } from './game-record';
import { withState } from './games';
import { newFriendGame, readCopy, syncedOf, usableName } from './friend-games';
import { type FriendGame, type GameSide, MAX_PEER_RELAYS, type StoredGame } from './records';
import { summarize } from './summaries';

export interface DivergenceOptions {
  /** The id of the line that leaves (net/split-game.ts's splitGameId of the game's id and partingOf the line). */
  readonly splitIdOf: (gameId: string, parting: GameMoves) => string;
  /** The key that signed the link (its receipt's `signer`): the other side of the link's line. */
  readonly signer: string | null;
  readonly now?: number;
}

export type DivergenceOutcome =
  /** This copy (under the game's id) as now stored, and the other line's game when both are kept. */
  | { readonly kind: 'resolved'; readonly game: StoredGame; readonly split: StoredGame | null }
  /** The copy no longer diverges from the link (another tab chose first, or it is gone): nothing written. */
  | { readonly kind: 'gone' };

/** Applies the player's choice for a link whose game diverged from this device's copy. */
export async function resolveFriendDivergence(
  db: PenteDb,
  opened: OpenedLink,
  choice: DivergenceChoice,
  options: DivergenceOptions,
): Promise<StorageResult<DivergenceOutcome>> {
  const friend = opened.link.friend;
  if (!friend) return ok({ kind: 'gone' });
  const now = options.now ?? Date.now();
  const written: StoredGame[] = [];
  const resolved = await withTransaction(
    db,
    ['games', 'summaries'],
    'readwrite',
    'save the game',
    async (tx): Promise<StorageResult<DivergenceOutcome>> => {
      const games = tx.objectStore('games');
      const found = readCopy(await games.index('byFriendGame').getAll(friend.gameId));
      if (!found.ok) return found;
      const stored = found.value;
      if (!stored?.friend) return ok({ kind: 'gone' });
      const mine = toGameState(stored);
      if (!mine.ok) return mine;
      const theirs = opened.state;
      const parted = divergence(mine.value, theirs);
      if (!parted) return ok({ kind: 'gone' });
      const leaving = parted.keepsId === 'mine' ? theirs : mine.value;
      const splitId = options.splitIdOf(friend.gameId, partingOf(leaving, parted.firstDifference));
      const resolution = resolveDivergence(parted, choice, splitId);
      // resolveDivergence hands back the lines it was given (their moves the same arrays): each is one of the two.
      const isTheirs = (line: GameMoves) => line.moves === theirs.moves;
      const lineOf = (line: GameMoves): Line =>
        isTheirs(line) ? theirLine(stored, stored.friend!, opened, options.signer) : mineLine(stored, mine.value);

      const kept = lineOf(resolution.copy);
      const next = gameFields(
        withState({ ...stored, players: kept.players, friend: { ...kept.marks, gameId: friend.gameId } }, kept.state),
        stored.revision + 1,
        now,
      );
      let split: StoredGame | null = null;
      if (resolution.split) {
        const already = readCopy(await games.index('byFriendGame').getAll(resolution.split.gameId));
        if (!already.ok) return already;
        split = already.value;
        if (!split) {
          const leaves = lineOf(resolution.split.game);
          const { mySide } = stored.friend;
          const fresh = newFriendGame({
            variant: stored.variant,
            size: stored.size,
            tournamentRule: stored.tournamentRule,
            gameId: resolution.split.gameId,
            mySide,
            myName: leaves.players[mySide - 1]!.name,
            theirName: leaves.players[2 - mySide]!.name,
            now,
          });
          const marks: FriendGame = { ...leaves.marks, gameId: resolution.split.gameId };
          split = gameFields(withState({ ...fresh, friend: marks }, leaves.state), 1, now);
          written.push(split);
        }
      }
      written.push(next);
      for (const game of written) {
        await Promise.all([
          request(games.put(game)),
          request(tx.objectStore('summaries').put(summarize(game.id, game))),
        ]);
      }
      return ok({ kind: 'resolved', game: next, split });
    },
    { durability: 'strict' },
  );
  if (resolved.ok && written.length > 0) {
    announceGameChanges(written.map((game) => ({ id: game.id, revision: game.revision })));
  }
  return resolved;
}

/** One of the two lines as a game to store: its moves, its players' names, its friend marks. */
interface Line {
  readonly state: GameState;
  readonly players: [GameSide, GameSide];
  readonly marks: FriendGame;
}

/** This copy's own line: as stored. */
const mineLine = (stored: StoredGame, state: GameState): Line => ({
  state,
  players: [stored.players[0], stored.players[1]],
  marks: stored.friend!,
});

/**
 * The link's line: its moves, the sender's name as the link gives it, the other side's copy known to hold
 * it, and, when it came from the other side signed by another key than the one pinned (their other device),
 * that key and the relays it named.
 */
function theirLine(stored: StoredGame, marks: FriendGame, opened: OpenedLink, signer: string | null): Line {
  const sender = opened.link.friend!.sender;
  const players: [GameSide, GameSide] = [stored.players[0], stored.players[1]];
  // A link's names are by seat: after a swap the sender plays the other seat than they started in.
  const senderSeat = seatOfPerson(opened.state.seatChoice, sender) - 1;
  const name = usableName(opened.link.names?.[senderSeat]);
  if (name && sender !== marks.mySide) players[senderSeat] = { ...players[senderSeat]!, name };
  const fromOtherKey = sender !== marks.mySide && signer !== null && signer !== marks.peer?.key;
  const relays = opened.link.relays.length > 0 ? opened.link.relays : (marks.peer?.relays ?? []);
  const peer = fromOtherKey ? { peer: { key: signer, relays: relays.slice(0, MAX_PEER_RELAYS) } } : {};
  return { state: opened.state, players, marks: { ...marks, synced: syncedOf(opened.state), ...peer } };
}
