/**
 * Export and import of everything as one JSON file, for backups and moving to another device. Importing
 * never overwrites and never stores a game twice: each game meets its stored copy by identity (its
 * friend-game id, or its id) under the rule a friend link uses (restore-games.ts), so a copy as far on or
 * behind is skipped, a copy further on updates the stored one in place, and a friend game whose copy
 * conflicts is left out with the stored one kept; a game already stored by the duplicate rule (add-games.ts,
 * whatever its id) is skipped, a game whose id is taken by a different game is added under a new id, and a
 * player whose name is taken is skipped; the report says which, and counts a game the file holds twice
 * apart from those already stored. Progress for lessons and puzzles this version does not ship is left out
 * (and reported), so no id from a file becomes a key of the progress it is merged into. The whole import is one transaction, so a
 * failure part-way (a full disk) adds nothing. Records the app cannot open (games, players) are exported as
 * they are stored, in fields of their own, so a backup loses nothing; importing leaves them out. The
 * player's progress (puzzles and lessons) is exported with the damaged entries kept with it, and an import
 * merges it with the progress stored (puzzles.ts, lessons.ts), never over it.
 */
import { type ComputerRatingHistory, LESSONS, err, ok } from '../core';
import {
  COMPUTER_RATING_KEY,
  COMPUTER_RATING_RESULTS_KEY,
  mergeStoredComputerRating,
  readComputerRatingHistory,
  readStoredComputerRatingHistory,
} from './computer-rating';
import { type GameToAdd, gameToAdd } from './add-games';
import { type PenteDb, withTransaction } from './db';
import { type NameField, type SkippedRecord, type StorageResult, fail } from './errors';
import { type GameChange, announceGameChanges } from './feed';
import { UNDECODABLE, fileTextProblem, forMessage } from './text-checks';
import { canonical, gameFields, gameRecordProblem, jsonSafe } from './game-record';
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
import {
  ONLINE_KEYS_KEY,
  type OnlineKeys,
  mergeOnlineKeys,
  readOnlineKeys,
  updateStoredOnlineKeys,
} from './online-keys';
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
import { type KeptGame, restoreGamesInSlices } from './restore-games';
import { settingsFrom } from './settings';
import type { Shelf } from './summaries';
import { runInSlices, yieldToPage } from './slices';
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
  /**
   * The device's Nostr key pair and the others it keeps (online-keys.ts): the player's identity for games
   * with people. Absent when none was ever made, and from older exports. A stored entry that cannot be
   * read is exported as it is (and reported): the file then carries it for rescue, and import refuses it.
   */
  readonly onlineKeys?: OnlineKeys;
  /**
   * The rating against the computer's levels with the games it counts (computer-rating.ts): an import
   * merges it with the stored one, each game once. Absent with no rated game, and from older exports.
   */
  readonly computerRating?: ComputerRatingHistory;
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

/** The records an export keeps as they were, because they do not read back (the screen says how many). */
export const damagedCount = ({ file }: Export): number =>
  (file.damagedGames?.length ?? 0) + (file.damagedPlayers?.length ?? 0) + (file.progress?.damaged.length ?? 0);

/** A damaged record as a file of its own ("Export raw"): its key, why it cannot be read, and its value. */
export function rawRecordText(key: IDBValidKey, reason: string, value: unknown): string {
  return JSON.stringify({ key: jsonSafe(key), reason, value: jsonSafe(value) }, null, 1);
}

/** Game records read per transaction by the export: each page a short read, and checked in slices after. */
export const EXPORT_PAGE = 500;

/** One page of the games store, after `after` (its keys and values), and whether the store goes on. */
function gamePage(db: PenteDb, after: IDBValidKey | undefined) {
  return withTransaction(db, ['games'], 'readonly', 'export the saved data', async (tx) => {
    const range = after === undefined ? undefined : IDBKeyRange.lowerBound(after, true);
    const store = tx.objectStore('games');
    const [keys, values] = await Promise.all([store.getAllKeys(range, EXPORT_PAGE), store.getAll(range, EXPORT_PAGE)]);
    return ok({ keys: keys as IDBValidKey[], values: values as unknown[] });
  });
}

/** Sorts a page of game records into good and damaged ones, one record per step (each is replayed). */
function* sortGames(
  page: { readonly keys: readonly IDBValidKey[]; readonly values: readonly unknown[] },
  good: StoredGame[],
  damaged: DamagedRecord[],
  skipped: SkippedRecord[],
): Generator<number, void, undefined> {
  for (let i = 0; i < page.values.length; i++) {
    const value = page.values[i];
    const problem = gameRecordProblem(value);
    if (problem === null) good.push(value as StoredGame);
    else {
      const key = page.keys[i]!;
      damaged.push({ key: jsonSafe(key), reason: problem, value: jsonSafe(value) });
      skipped.push({ id: String(key), reason: problem });
    }
    yield i;
  }
}

/**
 * Everything stored except the openings book (which the app ships and can fetch again), demo games
 * included. The games are read EXPORT_PAGE at a time, one transaction each, the page given a turn between
 * pages and each page checked in slices, so a library of 100,000 games never makes a long task; a game saved
 * meanwhile is exported as it was when its page was read. Players and settings are read in one go (few).
 */
export async function exportAll(db: PenteDb, now: number = Date.now()): Promise<StorageResult<Export>> {
  const goodGames: StoredGame[] = [];
  const damagedGames: DamagedRecord[] = [];
  const skipped: SkippedRecord[] = [];
  for (let after: IDBValidKey | undefined; ;) {
    const page = await gamePage(db, after);
    if (!page.ok) return page;
    await runInSlices(sortGames(page.value, goodGames, damagedGames, skipped));
    if (page.value.keys.length < EXPORT_PAGE) break;
    after = page.value.keys[page.value.keys.length - 1];
    await yieldToPage();
  }
  return withTransaction(db, ['players', 'settings'], 'readonly', 'export the saved data', async (tx) => {
    const players = tx.objectStore('players');
    const settings = tx.objectStore('settings');
    const [playerKeys, playerValues, settingKeys, settingValues] = await Promise.all([
      players.getAllKeys(),
      players.getAll(),
      settings.getAllKeys(),
      settings.getAll(),
    ]);
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
    const storedKeys = stored(ONLINE_KEYS_KEY);
    const keys = readOnlineKeys(storedKeys);
    if ('problem' in keys) skipped.push({ id: ONLINE_KEYS_KEY, reason: keys.problem });
    const rating = readStoredComputerRatingHistory(stored(COMPUTER_RATING_KEY), stored(COMPUTER_RATING_RESULTS_KEY));
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
        ...(storedKeys === undefined
          ? {}
          : { onlineKeys: 'keys' in keys ? keys.keys : (jsonSafe(storedKeys) as OnlineKeys) }),
        ...(rating.rating.games > 0 ? { computerRating: rating } : {}),
      },
      skipped,
    });
  });
}

/** The file as text, ready to save (in one go: a small file, or a test; the app saves exportBlob's). */
export const exportText = (file: ExportFile): string => JSON.stringify(file, null, 1);

/** A value as JSON.stringify(…, null, 1) writes it nested under `indent`. */
const nested = (value: unknown, indent: string): string =>
  (JSON.stringify(value, null, 1) ?? 'null').replace(/\n/g, `\n${indent}`);

/**
 * exportText's text a piece at a time, one piece per entry of the file's arrays (a game, a player): joined,
 * the very same text, so a big export is never one JSON.stringify (one task that grows with the library).
 */
export function* exportTextPieces(file: ExportFile): Generator<string, void, undefined> {
  const members = Object.entries(file).filter(([, value]) => value !== undefined);
  yield '{';
  for (const [i, [key, value]] of members.entries()) {
    yield `${i > 0 ? ',' : ''}\n ${JSON.stringify(key)}: `;
    if (!Array.isArray(value) || value.length === 0) {
      yield nested(value, ' ');
      continue;
    }
    yield '[';
    for (const [j, entry] of (value as unknown[]).entries()) yield `${j > 0 ? ',' : ''}\n  ${nested(entry, '  ')}`;
    yield '\n ]';
  }
  yield '\n}';
}

/** Characters per part of the saved file: each part a millisecond or so to join and encode. */
const EXPORT_PART_CHARS = 1 << 20;

/**
 * The file to save, made in slices (exportTextPieces, gathered into parts of about EXPORT_PART_CHARS, each
 * its own Blob): the page gets a turn every few milliseconds however big the library.
 */
export async function exportBlob(file: ExportFile): Promise<Blob> {
  const parts: Blob[] = [];
  let pending: string[] = [];
  let pendingChars = 0;
  const flush = () => {
    parts.push(new Blob([pending.join('')]));
    pending = [];
    pendingChars = 0;
  };
  await runInSlices(
    (function* () {
      for (const piece of exportTextPieces(file)) {
        pending.push(piece);
        pendingChars += piece.length;
        if (pendingChars >= EXPORT_PART_CHARS) flush();
        yield;
      }
    })(),
  );
  flush();
  return new Blob(parts, { type: 'application/json' });
}

export interface ImportOptions {
  /** Replace the stored settings with the file's (default false: settings are left as they are). */
  readonly replaceSettings?: boolean;
  /**
   * Told how far the import has got: the file's characters read (when it is given as text), then games
   * checked (out of the file's games), then games written (out of those that passed). Told at each turn
   * the page is given, which can be every few milliseconds: a screen should not redraw for every call.
   */
  readonly onProgress?: (phase: 'reading' | 'checking' | 'saving', done: number, total: number) => void;
  /**
   * The ids of the puzzles this version ships (its pack's), which the file's puzzle progress is kept to;
   * absent (the pack could not be had), the file's puzzle progress is not imported and the report says so.
   */
  readonly puzzleIds?: ReadonlySet<string>;
}

export interface RejectedEntry {
  readonly what: 'game' | 'player' | 'setting' | 'progress';
  readonly id: string;
  readonly reason: string;
}

/** A text field of an entry imported that held bytes that are not UTF-8: they read as U+FFFD. */
export interface UndecodableField {
  readonly what: 'game' | 'player';
  /** The entry's id in the file. */
  readonly id: string;
  readonly field: NameField;
}

export interface ImportReport {
  /** Ids of games added as they were in the file. */
  readonly gamesAdded: readonly string[];
  /** Games whose id was taken by a different game here: added under a new id. */
  readonly gamesRenamed: readonly { readonly from: string; readonly to: string }[];
  /**
   * Games already stored, as far on or further (the same friend game, the same game under its id, or the
   * same game by the duplicate rule, add-games.ts): skipped.
   */
  readonly gamesDuplicate: readonly string[];
  /** Games the file holds more than once (the same id or friend-game id): each was imported once. */
  readonly gamesRepeated: readonly string[];
  /** Ids of stored games the file's copy carried further on: updated in place (restore-games.ts). */
  readonly gamesUpdated: readonly string[];
  /** Friend games whose copy in the file conflicts with the stored one: not imported, the stored one kept. */
  readonly gamesKept: readonly KeptGame[];
  /** Names of entries imported that held bytes that are not UTF-8 (now U+FFFD). */
  readonly undecodable: readonly UndecodableField[];
  /** How many of the games added (renamed ones too) each tab of the list holds. */
  readonly gamesByShelf: Readonly<Record<Shelf, number>>;
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
  /** Rated games against the computer the file had that were not counted here: merged into the rating. */
  readonly ratingGamesAdded: number;
  /**
   * The file's online keys (online-keys.ts): 'device' when this device had none and the file's became
   * its key; otherwise how many keys unknown here were kept beside this device's own (never over it).
   */
  readonly onlineKeys: { readonly becameDevice: boolean; readonly keptBeside: number };
}

const SHIPPED_LESSONS: ReadonlySet<string> = new Set(LESSONS.map((l) => l.id));
const NO_SUCH_LESSON = 'not a lesson of this version of Pente: left out';
const NO_SUCH_PUZZLE = 'not a puzzle of this version of Pente: left out';
const NOT_A_RATING = 'not a rating with its games: left out';
const NO_PUZZLE_PACK = 'the puzzle progress was not imported: the puzzles could not be loaded to check it';

const holdsAnswers = (p: PuzzleProgress) =>
  p.history.length > 0 || p.solved + p.failed > 0 || Object.keys(p.puzzleRatings).length > 0;

/**
 * The file's puzzle progress kept to the puzzles shipped: history entries and puzzle ratings of any other
 * id (a puzzle this version lacks, or a name such as `__proto__`) are left out and reported, and the
 * answers they counted are taken off the file's counts, so they are neither imported nor counted.
 */
function shippedPuzzlesOnly(
  progress: PuzzleProgress,
  shipped: ReadonlySet<string>,
  rejected: RejectedEntry[],
): PuzzleProgress {
  const unknown = new Set<string>();
  const history = progress.history.filter((h) => shipped.has(h.id) || !unknown.add(h.id));
  const ratings = Object.entries(progress.puzzleRatings).filter(([id]) => shipped.has(id) || !unknown.add(id));
  for (const id of unknown) rejected.push({ what: 'progress', id: forMessage(id, 40), reason: NO_SUCH_PUZZLE });
  const left = progress.history.filter((h) => !shipped.has(h.id));
  const leftSolved = left.filter((h) => h.solved).length;
  return {
    ...progress,
    solved: Math.max(0, progress.solved - leftSolved),
    failed: Math.max(0, progress.failed - (left.length - leftSolved)),
    history,
    // fromEntries defines each key as the object's own: no id can reach a prototype.
    puzzleRatings: Object.fromEntries(ratings),
  };
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
  /** The file's online keys, unread (undefined when it has none). */
  readonly onlineKeys: unknown;
  /** The file's rating against the computer with its games, unread (undefined when it has none). */
  readonly computerRating: unknown;
}

/** Checks the file's outer shape; its entries are checked one by one, so one bad game does not sink the file. */
export function checkExportFile(json: unknown): StorageResult<CheckedFile> {
  let data = json;
  if (typeof json === 'string') {
    const problem = fileTextProblem(json);
    if (problem) return err(problem);
    try {
      data = JSON.parse(json);
    } catch (e) {
      // The parser's message quotes the file, so it is cleaned and cut short before it is shown.
      const detail = forMessage(e instanceof Error ? e.message : String(e));
      return fail('invalid', { kind: 'not-json', detail }, `The file is not valid JSON: ${detail}`, e);
    }
  }
  if (!isObject(data) || data.format !== EXPORT_FORMAT) {
    return fail('invalid', { kind: 'not-export-file' }, 'This is not a Pente export file.');
  }
  const { version, games, players, settings, damagedGames, damagedPlayers, progress, onlineKeys, computerRating } =
    data;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return fail(
      'invalid',
      { kind: 'export-part-bad', part: 'version' },
      'The export file has no valid format version.',
    );
  }
  if (version > EXPORT_VERSION) {
    return fail(
      'invalid',
      { kind: 'export-newer', version },
      `The file was exported by a newer version of Pente (format ${version}); update Pente first.`,
    );
  }
  if (!Array.isArray(games))
    return fail('invalid', { kind: 'export-part-bad', part: 'games' }, 'The export file has no list of games.');
  if (!Array.isArray(players))
    return fail('invalid', { kind: 'export-part-bad', part: 'players' }, 'The export file has no list of players.');
  if (settings !== undefined && !isObject(settings))
    return fail(
      'invalid',
      { kind: 'export-part-bad', part: 'settings' },
      "The export file's settings are not an object.",
    );
  if (progress !== undefined && !isObject(progress))
    return fail(
      'invalid',
      { kind: 'export-part-bad', part: 'progress' },
      "The export file's progress is not an object.",
    );
  return ok({
    games,
    players,
    settings,
    damagedGames: Array.isArray(damagedGames) ? damagedGames : [],
    damagedPlayers: Array.isArray(damagedPlayers) ? damagedPlayers : [],
    progress,
    onlineKeys,
    computerRating,
  });
}

/**
 * The file's games checked one per step: the shape, then the summary (which replays the moves, once, and
 * hashes the identity). Yields how many have been checked; returns those that passed.
 */
function* checkGames(
  games: readonly unknown[],
  rejected: RejectedEntry[],
  undecodable: UndecodableField[],
): Generator<number, GameToAdd[], undefined> {
  const checked: GameToAdd[] = [];
  for (const [i, g] of games.entries()) {
    const problem = gameProblem(g);
    if (problem) {
      rejected.push({ what: 'game', id: entryId(g, i), reason: problem });
    } else {
      const game = g as StoredGame;
      const entry = gameToAdd(gameFields(game, 1, game.updatedAt));
      if ('problem' in entry) rejected.push({ what: 'game', id: game.id, reason: entry.problem });
      else {
        checked.push(entry);
        game.players.forEach((side, p) => {
          if (side.name.includes(UNDECODABLE))
            undecodable.push({ what: 'game', id: game.id, field: p === 0 ? 'player-1-name' : 'player-2-name' });
        });
      }
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
    if (problem) return err(problem);
    onProgress?.('reading', 0, json.length);
    const parsed = await runInSlices(parseJsonInSteps(json), (done) => onProgress?.('reading', done, json.length));
    // The parser's message quotes the file, so it is cleaned and cut short before it is shown.
    if (!parsed.ok) {
      const detail = forMessage(parsed.error.message);
      return fail('invalid', { kind: 'not-json', detail }, `The file is not valid JSON: ${detail}`);
    }
    onProgress?.('reading', json.length, json.length);
    data = parsed.value;
  }
  const checkedFile = checkExportFile(data);
  if (!checkedFile.ok) return checkedFile;
  const file = checkedFile.value;

  const rejected: RejectedEntry[] = [];
  const total = file.games.length;
  onProgress?.('checking', 0, total);
  const undecodable: UndecodableField[] = [];
  const games = await runInSlices(checkGames(file.games, rejected, undecodable), (done) =>
    onProgress?.('checking', done, total),
  );
  onProgress?.('checking', total, total);
  const players: StoredPlayer[] = [];
  file.players.forEach((p, i) => {
    const problem = playerProblem(p);
    if (problem) rejected.push({ what: 'player', id: entryId(p, i), reason: problem });
    else {
      const player = playerFields(p as StoredPlayer);
      players.push(player);
      if (player.name.includes(UNDECODABLE)) undecodable.push({ what: 'player', id: player.id, field: 'name' });
    }
  });
  // Progress: the file's, read as stored progress is (a bad part rejected, the rest kept), merged below.
  const filePuzzles = file.progress?.puzzles === undefined ? null : readPuzzleProgress(file.progress.puzzles);
  // An older export has its lessons done only in its settings.
  const fileLessons = readLessonsDone(file.progress ? file.progress.lessonsDone : file.settings?.lessonsDone);
  for (const d of [...(filePuzzles?.damaged ?? []), ...fileLessons.damaged]) {
    rejected.push({ what: 'progress', id: d.key, reason: d.reason });
  }
  const lessons = { done: fileLessons.done.filter((id) => SHIPPED_LESSONS.has(id)) };
  for (const id of fileLessons.done) {
    if (!SHIPPED_LESSONS.has(id)) rejected.push({ what: 'progress', id: forMessage(id, 40), reason: NO_SUCH_LESSON });
  }
  let puzzles: PuzzleProgress | null = null;
  if (filePuzzles && options.puzzleIds) {
    puzzles = shippedPuzzlesOnly(filePuzzles.progress, options.puzzleIds, rejected);
  } else if (filePuzzles && holdsAnswers(filePuzzles.progress)) {
    rejected.push({ what: 'progress', id: 'puzzles', reason: NO_PUZZLE_PACK });
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

  const fileRating = file.computerRating === undefined ? undefined : readComputerRatingHistory(file.computerRating);
  if (fileRating === null) rejected.push({ what: 'progress', id: COMPUTER_RATING_KEY, reason: NOT_A_RATING });

  const fileKeys = readOnlineKeys(file.onlineKeys);
  if ('problem' in fileKeys) rejected.push({ what: 'setting', id: ONLINE_KEYS_KEY, reason: fileKeys.problem });

  // Duplicates are found through the summaries' identity index, so every stored game needs its summary.
  const indexed = await indexMissingSummaries(db);
  if (!indexed.ok) return indexed;

  const stores: ['games', 'summaries', 'players', 'settings'] = ['games', 'summaries', 'players', 'settings'];
  let written: readonly GameChange[] = [];
  const imported = await withTransaction(
    db,
    stores,
    'readwrite',
    'import the file',
    async (tx) => {
      // The file is a library as it was: two games alike in it are both kept; a game it holds twice, once.
      const restored = await restoreGamesInSlices(tx, games, (done, total) => onProgress?.('saving', done, total));
      written = restored.written;

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
          return { progress: mergePuzzleProgress(progress, puzzles), damaged };
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
      const ratingGamesAdded = fileRating ? await mergeStoredComputerRating(settingStore, fileRating) : 0;
      let onlineKeys = { becameDevice: false, keptBeside: 0 };
      if ('keys' in fileKeys && (fileKeys.keys.device || fileKeys.keys.others.length > 0)) {
        const merged = await updateStoredOnlineKeys(settingStore, (keys) => {
          const result = mergeOnlineKeys(keys, fileKeys.keys);
          onlineKeys = { becameDevice: result.becameDevice, keptBeside: result.added };
          return result.becameDevice || result.added > 0 ? result.keys : keys;
        });
        // This device's own entry is unreadable: it is left as it is (to be exported), the file's not merged.
        if (!merged.ok) rejected.push({ what: 'setting', id: ONLINE_KEYS_KEY, reason: merged.error.message });
      }

      return ok({
        gamesAdded: restored.added,
        gamesRenamed: restored.renamed,
        gamesDuplicate: restored.duplicate,
        gamesRepeated: restored.repeated,
        gamesUpdated: restored.updated,
        gamesKept: restored.kept,
        undecodable,
        gamesByShelf: restored.shelves,
        playersAdded,
        playersSkipped,
        settingsReplaced: settings.length > 0,
        rejected,
        damagedInFile: file.damagedGames.length + file.damagedPlayers.length + damagedProgress,
        lessonsAdded,
        puzzleAnswersAdded,
        ratingGamesAdded,
        onlineKeys,
      });
      // Only what it wrote is told to the other tabs (a file imported twice tells nothing the second time).
    },
    {
      announce: (report) => [
        ...(report.playersAdded.length > 0 ? (['players'] as const) : []),
        ...(report.settingsReplaced ||
        report.onlineKeys.becameDevice ||
        report.onlineKeys.keptBeside > 0 ||
        report.ratingGamesAdded > 0
          ? (['settings'] as const)
          : []),
        ...(report.lessonsAdded > 0 ? (['lessons'] as const) : []),
        ...(report.puzzleAnswersAdded > 0 ? (['puzzles'] as const) : []),
      ],
    },
  );
  // Committed: the other tabs list the new games (one message for them all).
  if (imported.ok && written.length > 0) announceGameChanges(written);
  return imported;
}
