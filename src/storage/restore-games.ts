/**
 * Restoring a backup's games (transfer.ts's importAll): a backup is the player's own library as it was, so
 * a game in it may be a game still stored here, further on since, or behind it. Each game meets its stored
 * copy by identity, never to be stored twice and never overwritten by less:
 *
 * - a friend game meets the copy stored under its friend-game id (the byFriendGame index, the copy a link
 *   would meet), whatever its record id;
 * - any other game meets the stored game with its id, when that is the same game (the same names, no friend
 *   marks);
 *
 * and the two copies are compared by core's compareCopies, the rule a friend link uses: the same or behind
 * ("already in your games"), further on (the stored copy is updated in place, its revision bumped so a tab
 * that holds it cannot save over it, and announced), or rewriting moves the stored copy has (a conflict).
 * A backup may carry either side's moves on: they are the player's own records, not a friend's link. A
 * friend game in conflict (or the other side's copy) is not imported: the stored copy is kept and the
 * report says so, since a second copy under one friend-game id is what made links meet the wrong one. A
 * plain game in conflict is a different line of play: it is added under a new id (nothing is lost), unless
 * the same game by the duplicate rule is stored. A game the file holds twice (the same id, or the same
 * friend-game id) is met the same way against the copy added from the file, and counted as a repeat.
 */
import { type CopyComparison, compareCopies } from '../core';
import { type GameToAdd, type GamesTransaction, findStoredCopy } from './add-games';
import { request } from './db';
import type { GameChange } from './feed';
import { gameFields, gameRecordProblem, toGameState } from './game-record';
import type { StoredGame } from './records';
import { sliceTimer } from './slices';
import { type Shelf, summarize } from './summaries';
import { moveName } from './validate';

export interface KeptGame {
  /** The game's id in the file. */
  readonly id: string;
  /** Why the file's copy was not imported (the stored copy was kept). */
  readonly reason: string;
}

export interface RestoredGames {
  /** Ids of games added under the id they came with. */
  readonly added: readonly string[];
  /** Games whose id was taken by a different game here: added under a new id. */
  readonly renamed: readonly { readonly from: string; readonly to: string }[];
  /** Ids (as in the file) of games stored here already, as far on or further: not imported. */
  readonly duplicate: readonly string[];
  /** Ids (as in the file) of games the file holds more than once: each game was imported once. */
  readonly repeated: readonly string[];
  /** Ids of stored games the file's copy carried further on: updated in place. */
  readonly updated: readonly string[];
  /** Games whose copy in the file conflicts with the one stored here: the stored one is kept. */
  readonly kept: readonly KeptGame[];
  /** How many of the games added (renamed ones too) each tab of the list holds. */
  readonly shelves: Readonly<Record<Shelf, number>>;
  /** Every game written, as stored: what the caller announces once it has committed. */
  readonly written: readonly GameChange[];
}

/** At most this many games are looked up per slice (as add-games.ts's WRITE_BATCH): it bounds the requests in flight. */
const LOOKUP_BATCH = 200;

/** A copy a game of the file meets: stored before the import, or added (or updated) by it from the file. */
interface Copy {
  readonly game: StoredGame;
  readonly fromFile: boolean;
}

/** What the stored lookups found for one game of the file. */
interface Found {
  /** The readable records under the game's friend-game id (friend games only). */
  readonly friendCopies: readonly StoredGame[];
  /** Whatever is stored under the game's id (undefined: the id is free). */
  readonly sameId: unknown;
  /** A stored game that is the same game by the duplicate rule (plain games only). */
  readonly identityCopy: StoredGame | undefined;
}

type Meeting = CopyComparison | { readonly kind: 'other-side' } | { readonly kind: 'other-game' };

const sameNames = (a: StoredGame, b: StoredGame) =>
  a.players[0].name === b.players[0].name && a.players[1].name === b.players[1].name;

/** How the file's `incoming` stands to `copy`, a copy of the same game or of another one with its id. */
function meet(copy: StoredGame, incoming: StoredGame): Meeting {
  if (incoming.friend) {
    if (copy.friend?.mySide !== incoming.friend.mySide) return { kind: 'other-side' };
  } else if (copy.friend || !sameNames(copy, incoming)) {
    return { kind: 'other-game' };
  }
  const mine = toGameState(copy);
  const theirs = toGameState(incoming);
  // Both were checked readable before; a copy that does not replay is not this game.
  if (!mine.ok || !theirs.ok) return { kind: 'other-game' };
  return compareCopies(mine.value, theirs.value);
}

/** Why a friend game of the file was not imported, for the report. */
function keptReason(meeting: Meeting, fromFile: boolean): string {
  const other = fromFile ? 'the copy of this friend game earlier in the file' : 'your copy of this friend game';
  const kept = fromFile ? 'the earlier one was imported' : 'yours is kept';
  switch (meeting.kind) {
    case 'other-side':
      return `it is your friend's side of the game, and ${other} is yours: ${kept}`;
    case 'different-rules':
      return `it has other rules than ${other}: ${kept}`;
    case 'conflict':
      // Named as the move list numbers it (stone 3 is Black's move 2).
      return `it differs from ${other} at ${moveName(meeting.firstDifference)}: ${kept}`;
    default:
      return `it does not match ${other}: ${kept}`;
  }
}

/**
 * Restores a backup's games (each already checked, gameToAdd) in the caller's readwrite transaction, in
 * slices of a few milliseconds as add-games.ts's addGamesInSlices: each slice looks up a run of games, then
 * settles and writes them in order, and awaits its writes before the next slice looks up.
 */
export async function restoreGamesInSlices(
  tx: GamesTransaction,
  games: readonly GameToAdd[],
  onProgress?: (done: number, total: number) => void,
): Promise<RestoredGames> {
  const gameStore = tx.objectStore('games');
  const summaryStore = tx.objectStore('summaries');
  const added: string[] = [];
  const renamed: { from: string; to: string }[] = [];
  const duplicate: string[] = [];
  const repeated: string[] = [];
  const updated: string[] = [];
  const kept: KeptGame[] = [];
  const written = new Map<string, number>();
  const shelves: Record<Shelf, number> = { 'in-progress': 0, finished: 0, imported: 0 };
  // What this import has written, by id and by friend-game id: the lookups of a slice are made before its
  // writes, so a game the file holds twice meets the copy written from the file here.
  const byId = new Map<string, Copy>();
  const byFriendGame = new Map<string, Copy>();
  const addedIds = new Set<string>();
  const remember = (copy: Copy) => {
    byId.set(copy.game.id, copy);
    if (copy.game.friend) byFriendGame.set(copy.game.friend.gameId, copy);
    written.set(copy.game.id, copy.game.revision);
  };

  const timer = sliceTimer();
  for (let next = 0; next < games.length;) {
    onProgress?.(next, games.length);
    timer.start();
    const batch: GameToAdd[] = [];
    const lookups: Promise<Found>[] = [];
    do {
      const entry = games[next++]!;
      batch.push(entry);
      const { friend, id } = entry.record;
      lookups.push(
        Promise.all([
          friend ? request(gameStore.index('byFriendGame').getAll(friend.gameId)) : [],
          request(gameStore.get(id)),
          // Two alike games in a backup are both restored: each meets only the games stored before.
          friend ? undefined : request(findStoredCopy(tx, entry, addedIds)),
        ]).then(([copies, sameId, identityCopy]): Found => ({
          friendCopies: (copies as unknown[]).filter((c): c is StoredGame => gameRecordProblem(c) === null),
          sameId,
          identityCopy,
        })),
      );
    } while (next < games.length && batch.length < LOOKUP_BATCH && !timer.over());
    const found = await Promise.all(lookups);

    for (let i = 0; i < batch.length;) {
      timer.start();
      const writes: Promise<unknown>[] = [];
      do {
        const entry = batch[i]!;
        const { friendCopies, sameId, identityCopy } = found[i++]!;
        const { record, summary } = entry;
        const put = (game: StoredGame, gameSummary = summarize(game.id, game)) => {
          writes.push(request(gameStore.put(game)), request(summaryStore.put(gameSummary)));
        };

        // The copy this game meets: the one a link would meet for a friend game, else the game with its id.
        let copy: Copy | undefined;
        if (record.friend) {
          const stored = friendCopies[0];
          copy = byFriendGame.get(record.friend.gameId) ?? (stored && { game: stored, fromFile: false });
        } else {
          copy =
            byId.get(record.id) ??
            (gameRecordProblem(sameId) === null ? { game: sameId as StoredGame, fromFile: false } : undefined);
        }
        if (copy) {
          const meeting = meet(copy.game, record);
          if (meeting.kind === 'same' || meeting.kind === 'older') {
            (copy.fromFile ? repeated : duplicate).push(record.id);
            continue;
          }
          if (meeting.kind === 'extend') {
            // The file's copy is this game further on: it takes the stored copy's place (and id). A copy
            // written by this import is not yet seen by anyone, so its revision stays.
            const revision = copy.fromFile ? copy.game.revision : copy.game.revision + 1;
            const game = gameFields({ ...record, id: copy.game.id }, revision, record.updatedAt);
            put(game);
            remember({ game, fromFile: copy.fromFile });
            if (copy.fromFile) repeated.push(record.id);
            else updated.push(game.id);
            continue;
          }
          if (record.friend) {
            kept.push({ id: record.id, reason: keptReason(meeting, copy.fromFile) });
            continue;
          }
          // A plain game that is not a copy of the one with its id (another line of play): added below.
        }
        if (identityCopy) {
          duplicate.push(record.id);
          continue;
        }
        // A new id rather than an overwrite: the game with this id is another one.
        const idTaken = sameId !== undefined || byId.has(record.id);
        const id = idTaken ? crypto.randomUUID() : record.id;
        const game = idTaken ? { ...record, id } : record;
        put(game, idTaken ? { ...summary, id } : summary);
        remember({ game, fromFile: true });
        addedIds.add(id);
        shelves[summary.shelf]++;
        if (idTaken) renamed.push({ from: record.id, to: id });
        else added.push(id);
      } while (i < batch.length && !timer.over());
      await Promise.all(writes);
    }
  }
  onProgress?.(games.length, games.length);
  return {
    added,
    renamed,
    duplicate,
    repeated,
    updated,
    kept,
    shelves,
    written: [...written].map(([id, revision]) => ({ id, revision })),
  };
}
