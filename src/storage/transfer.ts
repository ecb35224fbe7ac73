/**
 * Export and import of everything as one JSON file, for backups and moving to another device. Importing
 * never overwrites: a game already stored with the same content (under its id, or under the new id an
 * earlier import gave it) is skipped as a duplicate, a game whose id is taken by different content is added
 * under a new id, and a player whose name is taken is skipped; the report says which. The whole import is one
 * transaction, so a failure part-way (a full disk) adds nothing. Records the app cannot open (games,
 * players) are exported as they are stored, in fields of their own, so a backup loses nothing; importing
 * leaves them out. The player's progress (puzzles and lessons) is exported with the damaged entries kept
 * with it, and an import merges it with the progress stored (puzzles.ts, lessons.ts), never over it.
 */
import { ok } from '../core';
import { type PenteDb, request, withTransaction } from './db';
import { type SkippedRecord, type StorageResult, fail } from './errors';
import { fileTextProblem, forMessage } from './file-text';
import { canonical, contentKey, gameFields, gameRecordProblem, jsonSafe } from './game-record';
import { parseJsonInSteps } from './json-steps';
import {
  LESSONS_DAMAGED_KEY,
  LESSONS_DONE_KEY,
  mergeLessonsDone,
  readLessonProgress,
  readLessonsDone,
  updateStoredLessons,
} from './lessons';
import { indexMissingSummaries } from './library';
import { playerFields } from './players';
import type { DamagedEntry } from './progress';
import {
  PUZZLE_PROGRESS_KEY,
  type PuzzleProgress,
  mergePuzzleProgress,
  readPuzzleProgress,
  updateStoredPuzzleProgress,
} from './puzzles';
import type { Settings, StoredGame, StoredPlayer } from './records';
import { settingsFrom } from './settings';
import { runInSlices, sliceTimer } from './slices';
import { type GameSummary, isDamaged, isSummaryRecord, summarize } from './summaries';
import { SETTING_CHECKS, gameProblem, isObject, isSettingName, playerProblem } from './validate';

export const EXPORT_FORMAT = 'pente-export';
export const EXPORT_VERSION = 1;

export interface ExportFile {
  readonly format: typeof EXPORT_FORMAT;
  readonly version: typeof EXPORT_VERSION;
  /** Milliseconds since the epoch. */
  readonly exportedAt: number;
  readonly games: readonly StoredGame[];
  readonly players: readonly StoredPlayer[];
  readonly settings: Settings;
  /**
   * Stored game records the app cannot open, as they were stored (made JSON-safe), with why: kept for
   * the player or a developer to rescue by hand. Import leaves them out. Absent from older exports.
   */
  readonly damagedGames?: readonly DamagedRecord[];
  /** Stored player records the app cannot use, as they were stored, with why. Absent from older exports. */
  readonly damagedPlayers?: readonly DamagedRecord[];
  /** The player's progress. Absent from older exports (whose lessons done are in the settings). */
  readonly progress?: ExportedProgress;
}

export interface ExportedProgress {
  readonly puzzles: PuzzleProgress;
  readonly lessonsDone: readonly string[];
  /** The parts of the stored progress that could not be read, as they were stored. Import leaves them out. */
  readonly damaged: readonly DamagedEntry[];
}

export interface DamagedRecord {
  /** The record's key in the games store (normally its id). */
  readonly key: unknown;
  readonly reason: string;
  readonly value: unknown;
}

export interface Export {
  readonly file: ExportFile;
  /** Stored records that failed validation: they are in the file's damagedGames and damagedPlayers. */
  readonly skipped: readonly SkippedRecord[];
}

/** A damaged record as a file of its own ("Export raw"): its key, why it cannot be read, and its value. */
export function rawRecordText(key: IDBValidKey, reason: string, value: unknown): string {
  return JSON.stringify({ key: jsonSafe(key), reason, value: jsonSafe(value) }, null, 1);
}

/** Everything stored except the openings book (which the app ships and can fetch again), demo games included. */
export function exportAll(db: PenteDb, now: number = Date.now()): Promise<StorageResult<Export>> {
  return withTransaction(db, ['games', 'players', 'settings'], 'readonly', 'export the saved data', async (tx) => {
    const games = tx.objectStore('games');
    const players = tx.objectStore('players');
    const settings = tx.objectStore('settings');
    const [gameKeys, gameValues, playerKeys, playerValues, settingKeys, settingValues] = await Promise.all([
      games.getAllKeys(),
      games.getAll(),
      players.getAllKeys(),
      players.getAll(),
      settings.getAllKeys(),
      settings.getAll(),
    ]);
    const goodGames: StoredGame[] = [];
    const damagedGames: DamagedRecord[] = [];
    const skipped: SkippedRecord[] = [];
    gameValues.forEach((value, i) => {
      const problem = gameRecordProblem(value);
      if (problem === null) {
        goodGames.push(value as StoredGame);
        return;
      }
      const key = gameKeys[i]!;
      damagedGames.push({ key: jsonSafe(key), reason: problem, value: jsonSafe(value) });
      skipped.push({ id: String(key), reason: problem });
    });
    const goodPlayers: StoredPlayer[] = [];
    const damagedPlayers: DamagedRecord[] = [];
    playerValues.forEach((value, i) => {
      const problem = playerProblem(value);
      if (problem === null) {
        goodPlayers.push(value as StoredPlayer);
        return;
      }
      const key = playerKeys[i]!;
      damagedPlayers.push({ key: jsonSafe(key), reason: problem, value: jsonSafe(value) });
      skipped.push({ id: String(key), reason: problem });
    });
    const loadedSettings = settingsFrom(settingKeys, settingValues);
    skipped.push(...loadedSettings.skipped);
    const stored = (key: string): unknown => {
      const i = settingKeys.indexOf(key);
      return i < 0 ? undefined : settingValues[i];
    };
    const puzzles = readPuzzleProgress(stored(PUZZLE_PROGRESS_KEY));
    const lessons = readLessonProgress(stored(LESSONS_DONE_KEY), stored(LESSONS_DAMAGED_KEY));
    const progress: ExportedProgress = {
      puzzles: puzzles.progress,
      lessonsDone: lessons.done,
      damaged: [...puzzles.damaged, ...lessons.damaged].map((d) => ({ ...d, value: jsonSafe(d.value) })),
    };
    return ok({
      file: {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exportedAt: now,
        games: goodGames,
        players: goodPlayers,
        settings: loadedSettings.settings,
        damagedGames,
        damagedPlayers,
        progress,
      },
      skipped,
    });
  });
}

/** The file as text, ready to save. */
export const exportText = (file: ExportFile): string => JSON.stringify(file, null, 1);

export interface ImportOptions {
  /** Replace the stored settings with the file's (default false: settings are left as they are). */
  readonly replaceSettings?: boolean;
  /**
   * Told how far the import has got: the file's characters read (when it is given as text), then games
   * checked (out of the file's games), then games written (out of those that passed). Told at each turn
   * the page is given, which can be every few milliseconds: a screen should not redraw for every call.
   */
  readonly onProgress?: (phase: 'reading' | 'checking' | 'saving', done: number, total: number) => void;
}

export interface RejectedEntry {
  readonly what: 'game' | 'player' | 'setting' | 'progress';
  readonly id: string;
  readonly reason: string;
}

export interface ImportReport {
  /** Ids of games added as they were in the file. */
  readonly gamesAdded: readonly string[];
  /** Games whose id was taken by a different game here: added under a new id. */
  readonly gamesRenamed: readonly { readonly from: string; readonly to: string }[];
  /** Games already stored exactly as in the file: skipped. */
  readonly gamesDuplicate: readonly string[];
  readonly playersAdded: readonly string[];
  /** Players skipped because one of the same kind and name is already stored. */
  readonly playersSkipped: readonly { readonly id: string; readonly name: string; readonly reason: string }[];
  readonly settingsReplaced: boolean;
  /** Entries of the file that failed validation: nothing of them was stored. */
  readonly rejected: readonly RejectedEntry[];
  /**
   * Damaged records and progress entries the file carried as they were (its damagedGames, damagedPlayers
   * and progress.damaged): not imported.
   */
  readonly damagedInFile: number;
  /** Lessons the file had done that were not done here: added. */
  readonly lessonsAdded: number;
  /** Puzzle answers the file had that were not counted here: merged in (puzzles.ts, mergePuzzleProgress). */
  readonly puzzleAnswersAdded: number;
}

const entryId = (v: unknown, i: number): string =>
  isObject(v) && typeof v.id === 'string' && v.id !== '' ? v.id : `#${i + 1}`;

interface CheckedFile {
  readonly games: readonly unknown[];
  readonly players: readonly unknown[];
  readonly settings: Record<string, unknown> | undefined;
  readonly damagedGames: readonly unknown[];
  readonly damagedPlayers: readonly unknown[];
  /** The file's progress section, unread (undefined in older exports). */
  readonly progress: Record<string, unknown> | undefined;
}

/** Checks the file's outer shape; its entries are checked one by one, so one bad game does not sink the file. */
export function checkExportFile(json: unknown): StorageResult<CheckedFile> {
  let data = json;
  if (typeof json === 'string') {
    const problem = fileTextProblem(json);
    if (problem) return fail('invalid', problem);
    try {
      data = JSON.parse(json);
    } catch (e) {
      // The parser's message quotes the file, so it is cleaned and cut short before it is shown.
      return fail(
        'invalid',
        `The file is not valid JSON: ${forMessage(e instanceof Error ? e.message : String(e))}`,
        e,
      );
    }
  }
  if (!isObject(data) || data.format !== EXPORT_FORMAT) {
    return fail('invalid', 'This is not a Pente export file.');
  }
  const { version, games, players, settings, damagedGames, damagedPlayers, progress } = data;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return fail('invalid', 'The export file has no valid format version.');
  }
  if (version > EXPORT_VERSION) {
    return fail(
      'invalid',
      `The file was exported by a newer version of Pente (format ${version}); update Pente first.`,
    );
  }
  if (!Array.isArray(games)) return fail('invalid', 'The export file has no list of games.');
  if (!Array.isArray(players)) return fail('invalid', 'The export file has no list of players.');
  if (settings !== undefined && !isObject(settings))
    return fail('invalid', "The export file's settings are not an object.");
  if (progress !== undefined && !isObject(progress))
    return fail('invalid', "The export file's progress is not an object.");
  return ok({
    games,
    players,
    settings,
    damagedGames: Array.isArray(damagedGames) ? damagedGames : [],
    damagedPlayers: Array.isArray(damagedPlayers) ? damagedPlayers : [],
    progress,
  });
}

/**
 * At most this many games are looked up and written per slice of the saving, however fast the disk: it
 * bounds the requests in flight (and the memory they hold). The time budget usually stops a slice first.
 */
const WRITE_BATCH = 200;

/**
 * Stored summaries read per request when the stored games' content hashes are gathered, rather than one
 * getAll of them all, whose copying onto the page grows with the library. 500 is not tuned: the import
 * measurement starts from an empty library; a page of 500 summaries is a few hundred kilobytes.
 */
const SUMMARY_PAGE = 500;

interface CheckedGame {
  /** The record as it will be stored (under the file's id; another if that is taken). */
  readonly record: StoredGame;
  readonly summary: GameSummary;
  readonly content: string;
}

/**
 * The file's games checked one per step: the shape, then the summary (which replays the moves, once, and
 * hashes the content). Yields how many have been checked; returns those that passed.
 */
function* checkGames(
  games: readonly unknown[],
  rejected: RejectedEntry[],
): Generator<number, CheckedGame[], undefined> {
  const checked: CheckedGame[] = [];
  for (const [i, g] of games.entries()) {
    const problem = gameProblem(g);
    if (problem) {
      rejected.push({ what: 'game', id: entryId(g, i), reason: problem });
    } else {
      const game = g as StoredGame;
      const record = gameFields(game, 1, game.updatedAt);
      const summary = summarize(record.id, record);
      if (isDamaged(summary)) rejected.push({ what: 'game', id: game.id, reason: summary.reason });
      else checked.push({ record, summary, content: contentKey(record) });
    }
    yield i + 1;
  }
  return checked;
}

/**
 * Imports an export file (its text, or the parsed JSON). The file's shape is checked first ('invalid' when
 * it is not an export file); then every entry is checked (a game's moves are replayed), and the report
 * lists what was added, renamed, skipped and rejected. The reading and checking run in slices of a few
 * milliseconds with the page given a turn between them (slices.ts); the writing is one transaction (all
 * or nothing) issued in slices as short, each awaited, so the page can draw the progress between them.
 */
export async function importAll(
  db: PenteDb,
  json: unknown,
  options: ImportOptions = {},
): Promise<StorageResult<ImportReport>> {
  const { onProgress } = options;
  let data = json;
  if (typeof json === 'string') {
    const problem = fileTextProblem(json);
    if (problem) return fail('invalid', problem);
    onProgress?.('reading', 0, json.length);
    const parsed = await runInSlices(parseJsonInSteps(json), (done) => onProgress?.('reading', done, json.length));
    // The parser's message quotes the file, so it is cleaned and cut short before it is shown.
    if (!parsed.ok) return fail('invalid', `The file is not valid JSON: ${forMessage(parsed.error.message)}`);
    onProgress?.('reading', json.length, json.length);
    data = parsed.value;
  }
  const checkedFile = checkExportFile(data);
  if (!checkedFile.ok) return checkedFile;
  const file = checkedFile.value;

  const rejected: RejectedEntry[] = [];
  const total = file.games.length;
  onProgress?.('checking', 0, total);
  const games = await runInSlices(checkGames(file.games, rejected), (done) => onProgress?.('checking', done, total));
  onProgress?.('checking', total, total);
  const players: StoredPlayer[] = [];
  file.players.forEach((p, i) => {
    const problem = playerProblem(p);
    if (problem) rejected.push({ what: 'player', id: entryId(p, i), reason: problem });
    else players.push(playerFields(p as StoredPlayer));
  });
  // Progress: the file's, read as stored progress is (a bad part rejected, the rest kept), merged below.
  const puzzles = file.progress?.puzzles === undefined ? null : readPuzzleProgress(file.progress.puzzles);
  // An older export has its lessons done only in its settings.
  const lessons = readLessonsDone(file.progress ? file.progress.lessonsDone : file.settings?.lessonsDone);
  for (const d of [...(puzzles?.damaged ?? []), ...lessons.damaged]) {
    rejected.push({ what: 'progress', id: d.key, reason: d.reason });
  }
  const damagedProgress = Array.isArray(file.progress?.damaged) ? file.progress.damaged.length : 0;
  const settings: [string, unknown][] = [];
  if (options.replaceSettings && file.settings) {
    for (const [name, value] of Object.entries(file.settings)) {
      // A setting from a later version: nothing here reads it. The lessons done are progress: merged below.
      if (!isSettingName(name) || name === LESSONS_DONE_KEY) continue;
      if (SETTING_CHECKS[name](value)) settings.push([name, value]);
      else rejected.push({ what: 'setting', id: name, reason: `${JSON.stringify(value)} is not a valid value` });
    }
  }

  // Duplicates are found through the summaries' content hashes, so every stored game needs its summary.
  const indexed = await indexMissingSummaries(db);
  if (!indexed.ok) return indexed;

  const stores: ['games', 'summaries', 'players', 'settings'] = ['games', 'summaries', 'players', 'settings'];
  return withTransaction(db, stores, 'readwrite', 'import the file', async (tx) => {
    const gameStore = tx.objectStore('games');
    const summaryStore = tx.objectStore('summaries');
    const gamesAdded: string[] = [];
    const gamesRenamed: { from: string; to: string }[] = [];
    const gamesDuplicate: string[] = [];
    // The stored games by content hash, read a page at a time; a hash match is confirmed against the
    // stored game's content.
    const storedByHash = new Map<string, string[]>();
    for (let after: IDBValidKey | undefined; ;) {
      const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
      const [keys, values] = await Promise.all([
        summaryStore.getAllKeys(range, SUMMARY_PAGE),
        summaryStore.getAll(range, SUMMARY_PAGE),
      ]);
      for (const summary of values) {
        if (!isSummaryRecord(summary) || summary.status === 'damaged') continue;
        const ids = storedByHash.get(summary.contentHash);
        if (ids) ids.push(summary.id);
        else storedByHash.set(summary.contentHash, [summary.id]);
      }
      if (keys.length < SUMMARY_PAGE) break;
      after = keys.at(-1);
    }
    const addedContent = new Set<string>();
    const addedIds = new Set<string>();
    const isStored = async ({ content, summary }: CheckedGame): Promise<boolean> => {
      for (const id of storedByHash.get(summary.contentHash) ?? []) {
        const stored: unknown = await gameStore.get(id);
        if (gameRecordProblem(stored) === null && contentKey(stored as StoredGame) === content) return true;
      }
      return false;
    };

    // Each slice looks up a run of games (is its content stored, is its id taken) and writes those that
    // are new, within the time budget; the requests of a slice are awaited before the next, which keeps
    // the transaction busy (so it stays open) while the page gets a turn. Every put copies its record
    // (structured cloning) on the page thread, so the writes are timed one by one.
    const timer = sliceTimer();
    for (let next = 0; next < games.length;) {
      onProgress?.('saving', next, games.length);
      timer.start();
      const batch: CheckedGame[] = [];
      const lookups: Promise<[boolean, string | undefined]>[] = [];
      do {
        const entry = games[next++]!;
        batch.push(entry);
        lookups.push(Promise.all([request(isStored(entry)), request(gameStore.getKey(entry.record.id))]));
      } while (next < games.length && batch.length < WRITE_BATCH && !timer.over());
      const found = await Promise.all(lookups);
      for (let i = 0; i < batch.length;) {
        timer.start();
        const writes: Promise<unknown>[] = [];
        do {
          const { record, summary, content } = batch[i]!;
          const [duplicate, taken] = found[i++]!;
          const fileId = record.id;
          // The same game twice in one file: the second is a duplicate of the first.
          if (duplicate || addedContent.has(content)) {
            gamesDuplicate.push(fileId);
            continue;
          }
          // A new id rather than an overwrite: the stored game may be the one with the later moves.
          const idTaken = taken !== undefined || addedIds.has(fileId);
          const id = idTaken ? crypto.randomUUID() : fileId;
          writes.push(
            request(gameStore.put(idTaken ? { ...record, id } : record)),
            request(summaryStore.put(idTaken ? { ...summary, id } : summary)),
          );
          addedContent.add(content);
          addedIds.add(id);
          if (idTaken) gamesRenamed.push({ from: fileId, to: id });
          else gamesAdded.push(id);
        } while (i < batch.length && !timer.over());
        await Promise.all(writes);
      }
    }
    onProgress?.('saving', games.length, games.length);

    const playerStore = tx.objectStore('players');
    const playersAdded: string[] = [];
    const playersSkipped: { id: string; name: string; reason: string }[] = [];
    for (const player of players) {
      const holder = await playerStore.index('byKindName').getKey([player.kind, player.name]);
      if (holder !== undefined) {
        const stored: unknown = await playerStore.get(holder);
        const reason =
          holder === player.id && canonical(stored) === canonical(player)
            ? 'already stored'
            : playerProblem(stored) !== null
              ? `a damaged player record has the name "${player.name}"`
              : `a ${player.kind === 'human' ? 'player' : 'computer player'} named "${player.name}" already exists`;
        playersSkipped.push({ id: player.id, name: player.name, reason });
        continue;
      }
      const idTaken = (await playerStore.getKey(player.id)) !== undefined;
      const id = idTaken ? crypto.randomUUID() : player.id;
      await playerStore.put({ ...player, id });
      playersAdded.push(id);
    }

    const settingStore = tx.objectStore('settings');
    for (const [name, value] of settings) await settingStore.put(value, name);

    let puzzleAnswersAdded = 0;
    if (puzzles) {
      const answers = (p: PuzzleProgress) => p.solved + p.failed;
      let before = 0;
      const merged = await updateStoredPuzzleProgress(settingStore, ({ progress, damaged }) => {
        before = answers(progress);
        return { progress: mergePuzzleProgress(progress, puzzles.progress), damaged };
      });
      puzzleAnswersAdded = answers(merged.progress) - before;
    }
    let lessonsAdded = 0;
    if (lessons.done.length > 0) {
      const merged = await updateStoredLessons(settingStore, ({ done, damaged }) => {
        lessonsAdded = -done.length;
        return { done: mergeLessonsDone(done, lessons.done), damaged };
      });
      lessonsAdded += merged.done.length;
    }

    return ok({
      gamesAdded,
      gamesRenamed,
      gamesDuplicate,
      playersAdded,
      playersSkipped,
      settingsReplaced: settings.length > 0,
      rejected,
      damagedInFile: file.damagedGames.length + file.damagedPlayers.length + damagedProgress,
      lessonsAdded,
      puzzleAnswersAdded,
    });
  });
}
