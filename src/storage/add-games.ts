/**
 * Adding games that come from elsewhere (a backup, a pente.org file, pasted text, a shared link) without
 * ever storing one twice or overwriting one. A game is a duplicate when a stored game has the same identity
 * (game-record.ts's gameIdentity, the one duplicate rule), found through the summaries' byIdentity index
 * so a big library is not read whole, and confirmed against the stored game itself (the index holds a
 * hash). A game whose id is taken by a different game is added under a new id.
 */
import type { IDBPTransaction } from 'idb';
import { ok, recordedOffersProblem } from '../core';
import { type PenteDb, type PenteSchema, type StoreName, request, withTransaction } from './db';
import { type StorageResult, fail } from './errors';
import { type GameChange, announceGameChanges } from './feed';
import { gameFields, gameIdentity, gameRecordProblem, textHash, toGameState } from './game-record';
import { indexMissingSummaries } from './library';
import type { StoredGame } from './records';
import { sliceTimer } from './slices';
import { type GameSummary, type Shelf, isDamaged, summarize } from './summaries';

/** A game ready to be added: the record as it will be stored, its summary and its identity. */
export interface GameToAdd {
  readonly record: StoredGame;
  readonly summary: GameSummary;
  readonly identity: string;
}

/** The game as it will be stored, or why it cannot be (its moves do not replay). */
export function gameToAdd(record: StoredGame): GameToAdd | { readonly problem: string } {
  const summary = summarize(record.id, record);
  if (isDamaged(summary)) return { problem: summary.reason };
  // Renju's offers: the symmetry check that replaying on the first screen leaves out (core renju-offers.ts).
  const state = record.renju?.offers.length ? toGameState(record) : null;
  const offers = state?.ok ? recordedOffersProblem(state.value) : null;
  if (offers) return { problem: offers.replace(/\.$/, '') };
  return { record, summary, identity: gameIdentity(record) };
}

/** A readwrite transaction over the games and summaries stores (and maybe others). */
export type GamesTransaction = IDBPTransaction<PenteSchema, StoreName[], 'readwrite'>;

/** A stored game that is the same game as `entry` (the duplicate rule), leaving out `ignore`'s ids; or undefined. */
export async function findStoredCopy(
  tx: GamesTransaction,
  entry: Pick<GameToAdd, 'identity'>,
  ignore: ReadonlySet<string> = new Set(),
): Promise<StoredGame | undefined> {
  const candidates = await tx.objectStore('summaries').index('byIdentity').getAllKeys(textHash(entry.identity));
  for (const id of candidates) {
    if (ignore.has(id)) continue;
    const stored: unknown = await tx.objectStore('games').get(id);
    if (gameRecordProblem(stored) === null && gameIdentity(stored as StoredGame) === entry.identity) {
      return stored as StoredGame;
    }
  }
  return undefined;
}

export interface AddedGames {
  /** Ids of games added under the id they came with. */
  readonly added: readonly string[];
  /** Games whose id was taken by a different game here: added under a new id. */
  readonly renamed: readonly { readonly from: string; readonly to: string }[];
  /** Ids (as they came) of games already stored. */
  readonly duplicate: readonly string[];
  /** Ids (as they came) of games met earlier among the same games (unless repeats are kept): added once. */
  readonly repeated: readonly string[];
  /** How many of the games added (renamed ones too) each tab of the list holds. */
  readonly shelves: Readonly<Record<Shelf, number>>;
  /** Every game written, as stored (its id and revision): what the caller announces once it has committed. */
  readonly written: readonly GameChange[];
}

/**
 * At most this many games are looked up and written per slice, however fast the disk: it bounds the
 * requests in flight (and the memory they hold). The time budget usually stops a slice first.
 */
const WRITE_BATCH = 200;

export interface AddOptions {
  /**
   * What to do with a game that is the same as one earlier in `games`: 'skip' it (default: a file of
   * records joined from downloads that overlap), or 'keep' both (a backup holds a library as it was, and
   * two games there may be alike: each is compared only with the games stored before).
   */
  readonly repeats?: 'skip' | 'keep';
  /** Told how many of the games have been dealt with. */
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * Adds the games that are not already stored, in one transaction (the caller's: all or nothing), issued in
 * slices of a few milliseconds: each slice looks up a run of games (is the same game stored, is its id
 * taken) and writes those that are new; its requests are awaited before the next slice, which keeps the
 * transaction busy (so it stays open) while the page gets a turn.
 */
export async function addGamesInSlices(
  tx: GamesTransaction,
  games: readonly GameToAdd[],
  options: AddOptions = {},
): Promise<AddedGames> {
  const { repeats = 'skip', onProgress } = options;
  const gameStore = tx.objectStore('games');
  const summaryStore = tx.objectStore('summaries');
  const added: string[] = [];
  const renamed: { from: string; to: string }[] = [];
  const duplicate: string[] = [];
  const repeated: string[] = [];
  const addedIdentities = new Set<string>();
  const addedIds = new Set<string>();
  const written: GameChange[] = [];
  const shelves: Record<Shelf, number> = { 'in-progress': 0, finished: 0, imported: 0 };
  // Every put copies its record (structured cloning) on the page thread, so the writes are timed one by one.
  const timer = sliceTimer();
  for (let next = 0; next < games.length;) {
    onProgress?.(next, games.length);
    timer.start();
    const batch: GameToAdd[] = [];
    const lookups: Promise<[StoredGame | undefined, string | undefined]>[] = [];
    do {
      const entry = games[next++]!;
      batch.push(entry);
      const ignore = repeats === 'keep' ? addedIds : undefined;
      lookups.push(
        Promise.all([request(findStoredCopy(tx, entry, ignore)), request(gameStore.getKey(entry.record.id))]),
      );
    } while (next < games.length && batch.length < WRITE_BATCH && !timer.over());
    const found = await Promise.all(lookups);
    for (let i = 0; i < batch.length;) {
      timer.start();
      const writes: Promise<unknown>[] = [];
      do {
        const { record, summary, identity } = batch[i]!;
        const [copy, taken] = found[i++]!;
        const fromId = record.id;
        if (copy !== undefined) {
          duplicate.push(fromId);
          continue;
        }
        if (repeats === 'skip' && addedIdentities.has(identity)) {
          repeated.push(fromId);
          continue;
        }
        // A new id rather than an overwrite: the stored game may be the one with the later moves.
        const idTaken = taken !== undefined || addedIds.has(fromId);
        const id = idTaken ? crypto.randomUUID() : fromId;
        writes.push(
          request(gameStore.put(idTaken ? { ...record, id } : record)),
          request(summaryStore.put(idTaken ? { ...summary, id } : summary)),
        );
        addedIdentities.add(identity);
        addedIds.add(id);
        written.push({ id, revision: record.revision });
        shelves[summary.shelf]++;
        if (idTaken) renamed.push({ from: fromId, to: id });
        else added.push(id);
      } while (i < batch.length && !timer.over());
      await Promise.all(writes);
    }
  }
  onProgress?.(games.length, games.length);
  return { added, renamed, duplicate, repeated, shelves, written };
}

export interface SavedImport {
  /** The game as stored: the one saved now, or the stored copy of the same game. */
  readonly game: StoredGame;
  readonly alreadyStored: boolean;
}

/**
 * Stores one game that came from elsewhere (a shared link's "Save to my games") unless the same game is
 * already stored: then the stored one is returned, and nothing is written. Its import mark is set to `now`.
 * Strict durability, as every game save: the player opens the game next.
 */
export async function saveImportedGame(
  db: PenteDb,
  game: StoredGame,
  now: number = Date.now(),
): Promise<StorageResult<SavedImport>> {
  const entry = gameToAdd(gameFields({ ...game, imported: { at: now, dated: game.imported?.dated ?? false } }, 1, now));
  if ('problem' in entry)
    return fail(
      'invalid',
      { kind: 'not-savable', thing: 'game', detail: entry.problem },
      `The game could not be saved: ${entry.problem}.`,
    );
  const indexed = await indexMissingSummaries(db);
  if (!indexed.ok) return indexed;
  const saved = await withTransaction(
    db,
    ['games', 'summaries'],
    'readwrite',
    'save the game',
    async (tx): Promise<StorageResult<SavedImport>> => {
      const copy = await findStoredCopy(tx, entry);
      if (copy) return ok({ game: copy, alreadyStored: true });
      const { added, renamed } = await addGamesInSlices(tx, [entry]);
      const id = added[0] ?? renamed[0]!.to;
      return ok({ game: { ...entry.record, id }, alreadyStored: false });
    },
    { durability: 'strict' },
  );
  if (saved.ok && !saved.value.alreadyStored) {
    announceGameChanges([{ id: saved.value.game.id, revision: saved.value.game.revision }]);
  }
  return saved;
}
