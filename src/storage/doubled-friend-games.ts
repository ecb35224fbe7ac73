/**
 * Friend games stored twice (issue 28): before restore-games.ts met a backup's friend game by its
 * friend-game id, restoring a backup onto a live game added its old copy beside the live one, under a new
 * id and the same friend-game id. Home listed the game twice, and a link met whichever copy came first.
 * A library that already holds such doubles is mended after its first screen (the shell runs this after
 * checkLibrary) by the rule restore uses, core's compareCopies:
 *
 * - a copy that another copy of the same side holds whole (the same moves, or fewer; compareCopies says
 *   'same' or 'older') is dropped, the copy furthest on kept, its analysis moved over when it has none;
 * - copies that differ (each has moves the other lacks, other rules) are all kept, and reported, so the
 *   player can choose: nothing is dropped that is not held by a kept copy;
 * - the two sides' copies of one game (a device that played both) are not doubles, and records that do not
 *   open are left to the damaged list.
 *
 * Found through the byFriendGame index a page at a time, so it costs what the friend games do, not the
 * library; each doubled game is mended in one transaction of its own.
 */
import { type Player, compareCopies, ok } from '../core';
import { type PenteDb, request, withTransaction } from './db';
import type { StorageResult } from './errors';
import { announceGameChanges } from './feed';
import { gameRecordProblem, toGameState } from './game-record';
import type { StoredGame } from './records';
import { yieldToPage } from './slices';
import { mySideOf } from './summaries';

/** What to do with the copies under one friend-game id. */
export interface FriendCopiesPlan {
  /** The copies kept, furthest on first. Two or more of one side: they differ (see `differing`). */
  readonly keep: readonly StoredGame[];
  /** Copies dropped, each with the id of the kept copy that holds all of it. */
  readonly drop: readonly { readonly game: StoredGame; readonly keptIn: string }[];
  /** Sides of which more than one copy is kept, as the copies differ. */
  readonly differing: readonly Player[];
}

/** Furthest on first: more moves, then an ending, then the latest save (whose names and clocks are newest). */
function furthestFirst(a: StoredGame, b: StoredGame): number {
  return (
    b.moves.length - a.moves.length ||
    Number(b.result !== null) - Number(a.result !== null) ||
    b.updatedAt - a.updatedAt ||
    b.revision - a.revision ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * The plan for the readable copies stored under one friend-game id (pure). A copy is dropped only when a
 * kept copy of the same side holds it whole; ties keep the latest save.
 */
export function planFriendCopies(copies: readonly StoredGame[]): FriendCopiesPlan {
  const keep: StoredGame[] = [];
  const drop: { game: StoredGame; keptIn: string }[] = [];
  const differing: Player[] = [];
  for (const side of [1, 2] as const) {
    const kept: { game: StoredGame; state: ReturnType<typeof toGameState> }[] = [];
    for (const game of copies.filter((c) => c.friend?.mySide === side).sort(furthestFirst)) {
      const state = toGameState(game);
      const holder = state.ok
        ? kept.find(({ state: k }) => {
            if (!k.ok) return false;
            const kind = compareCopies(k.value, state.value).kind;
            return kind === 'same' || kind === 'older';
          })
        : undefined;
      if (holder) drop.push({ game, keptIn: holder.game.id });
      else kept.push({ game, state });
    }
    if (kept.length > 1) differing.push(side);
    keep.push(...kept.map((k) => k.game));
  }
  return { keep, drop, differing };
}

/** A friend game still stored more than once after mending: its copies differ, so all are kept. */
export interface DifferingCopies {
  readonly gameId: string;
  /** The kept copies' record ids, furthest on first. */
  readonly ids: readonly string[];
  /** The friend's name, as the furthest copy has it. */
  readonly friendName: string;
}

/** A friend game some of whose copies were dropped (each held whole by a kept one). */
export interface JoinedCopies {
  readonly gameId: string;
  readonly friendName: string;
}

export interface MendedFriendGames {
  /** Copies dropped (each held whole by a kept one). */
  readonly dropped: readonly string[];
  /** The friend games those copies were of. */
  readonly joined: readonly JoinedCopies[];
  /** Friend games whose copies differ: all kept, for the player to choose. */
  readonly differing: readonly DifferingCopies[];
}

/** Index entries read per transaction while looking for doubles. */
const INDEX_PAGE = 500;

/** The friend-game ids that more than one record is stored under, read a page of the index at a time. */
async function doubledIds(db: PenteDb): Promise<StorageResult<string[]>> {
  const doubled: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await withTransaction(db, ['games'], 'readonly', 'look for doubled games', async (tx) => {
      const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
      let cursor = await tx.objectStore('games').index('byFriendGame').openKeyCursor(range);
      let read = 0;
      let last: string | undefined;
      let previous: string | undefined;
      // A page ends between two ids, so all of one id's records are counted in one page.
      while (cursor && (read < INDEX_PAGE || cursor.key === previous)) {
        const key = cursor.key;
        if (key === previous && doubled[doubled.length - 1] !== key) doubled.push(key);
        previous = key;
        last = key;
        read++;
        cursor = await cursor.continue();
      }
      return ok({ last, more: cursor !== null });
    });
    if (!page.ok) return page;
    if (!page.value.more || page.value.last === undefined) return ok(doubled);
    after = page.value.last;
    await yieldToPage();
  }
}

/** Mends the copies stored under one friend-game id in one transaction: what it dropped, and what differs. */
function mendOne(db: PenteDb, gameId: string) {
  return withTransaction(db, ['games', 'summaries', 'analyses'], 'readwrite', 'join a doubled game', async (tx) => {
    const games = tx.objectStore('games');
    const analyses = tx.objectStore('analyses');
    const records = await games.index('byFriendGame').getAll(gameId);
    const plan = planFriendCopies(records.filter((r): r is StoredGame => gameRecordProblem(r) === null));
    const movedTo = new Set<string>();
    for (const { game, keptIn } of plan.drop) {
      // An analysis only saves the engine's time, but a kept copy without one takes the dropped copy's.
      const analysis: unknown = await analyses.get(game.id);
      if (analysis !== undefined && !movedTo.has(keptIn) && (await analyses.getKey(keptIn)) === undefined) {
        await analyses.put({ ...(analysis as object), id: keptIn });
        movedTo.add(keptIn);
      }
      await Promise.all([
        request(games.delete(game.id)),
        request(tx.objectStore('summaries').delete(game.id)),
        request(analyses.delete(game.id)),
      ]);
    }
    return ok(plan);
  });
}

/**
 * Finds the friend games stored more than once and mends each (see the top of this file). Returns what it
 * dropped and the games whose copies differ; the dropped copies are announced to the other tabs.
 */
export async function mendDoubledFriendGames(db: PenteDb): Promise<StorageResult<MendedFriendGames>> {
  const ids = await doubledIds(db);
  if (!ids.ok) return ids;
  const dropped: string[] = [];
  const joined: JoinedCopies[] = [];
  const differing: DifferingCopies[] = [];
  /** The friend's name, as a copy has it (this device plays the other side). */
  const friendOf = (game: StoredGame) => game.players[mySideOf(game) === 1 ? 1 : 0].name;
  for (const gameId of ids.value) {
    const mended = await mendOne(db, gameId);
    if (!mended.ok) return mended;
    const { drop, keep, differing: sides } = mended.value;
    dropped.push(...drop.map((d) => d.game.id));
    if (drop.length > 0) {
      announceGameChanges(drop.map((d) => ({ id: d.game.id, revision: null })));
      joined.push({ gameId, friendName: friendOf(drop[0]!.game) });
    }
    for (const side of sides) {
      const copies = keep.filter((g) => g.friend?.mySide === side);
      differing.push({ gameId, ids: copies.map((g) => g.id), friendName: friendOf(copies[0]!) });
    }
    await yieldToPage();
  }
  return ok({ dropped, joined, differing });
}
