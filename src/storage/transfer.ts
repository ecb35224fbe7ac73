/**
 * Export and import of everything as one JSON file, for backups and moving to another device. Importing
 * never overwrites: a game already stored with the same content (under its id, or under the new id an
 * earlier import gave it) is skipped as a duplicate, a game whose id is taken by different content is added
 * under a new id, and a player whose name is taken is skipped; the report says which. The whole import is one transaction, so a failure part-way (a full disk) adds nothing.
 */
import { ok } from '../core';
import { type PenteDb, withTransaction } from './db';
import { type SkippedRecord, type StorageResult, fail } from './errors';
import { gameFields, sortOutGames } from './games';
import { playerFields } from './players';
import type { Settings, StoredGame, StoredPlayer } from './records';
import { settingsFrom } from './settings';
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
}

export interface Export {
  readonly file: ExportFile;
  /** Stored records that failed validation and so are not in the file. */
  readonly skipped: readonly SkippedRecord[];
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
    const sortedGames = sortOutGames(gameKeys, gameValues);
    const goodPlayers: StoredPlayer[] = [];
    const skipped: SkippedRecord[] = [...sortedGames.skipped];
    playerValues.forEach((value, i) => {
      const problem = playerProblem(value);
      if (problem) skipped.push({ id: String(playerKeys[i]), reason: problem });
      else goodPlayers.push(value as StoredPlayer);
    });
    const loadedSettings = settingsFrom(settingKeys, settingValues);
    skipped.push(...loadedSettings.skipped);
    return ok({
      file: {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exportedAt: now,
        games: sortedGames.games,
        players: goodPlayers,
        settings: loadedSettings.settings,
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
}

export interface RejectedEntry {
  readonly what: 'game' | 'player' | 'setting';
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
}

/** JSON with object keys sorted, so two records compare equal whatever order their fields were written in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** What makes two games the same game: every field but the id and the revision (a per-device save count). */
const contentKey = (game: StoredGame): string => canonical({ ...gameFields(game, 0, game.updatedAt), id: '' });

const entryId = (v: unknown, i: number): string =>
  isObject(v) && typeof v.id === 'string' && v.id !== '' ? v.id : `#${i + 1}`;

interface CheckedFile {
  readonly games: readonly unknown[];
  readonly players: readonly unknown[];
  readonly settings: Record<string, unknown> | undefined;
}

/** Checks the file's outer shape; its entries are checked one by one, so one bad game does not sink the file. */
export function checkExportFile(json: unknown): StorageResult<CheckedFile> {
  let data = json;
  if (typeof json === 'string') {
    try {
      data = JSON.parse(json);
    } catch (e) {
      return fail('invalid', `The file is not valid JSON: ${e instanceof Error ? e.message : String(e)}`, e);
    }
  }
  if (!isObject(data) || data.format !== EXPORT_FORMAT) {
    return fail('invalid', 'This is not a Pente export file.');
  }
  const { version, games, players, settings } = data;
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
  return ok({ games, players, settings });
}

/**
 * Imports an export file (its text, or the parsed JSON). The file's shape is checked first ('invalid' when
 * it is not an export file); then every entry is checked, and the report lists what was added, renamed,
 * skipped and rejected.
 */
export async function importAll(
  db: PenteDb,
  json: unknown,
  options: ImportOptions = {},
): Promise<StorageResult<ImportReport>> {
  const checked = checkExportFile(json);
  if (!checked.ok) return checked;
  const file = checked.value;

  const rejected: RejectedEntry[] = [];
  const games: StoredGame[] = [];
  file.games.forEach((g, i) => {
    const problem = gameProblem(g);
    if (problem) rejected.push({ what: 'game', id: entryId(g, i), reason: problem });
    else games.push(g as StoredGame);
  });
  const players: StoredPlayer[] = [];
  file.players.forEach((p, i) => {
    const problem = playerProblem(p);
    if (problem) rejected.push({ what: 'player', id: entryId(p, i), reason: problem });
    else players.push(playerFields(p as StoredPlayer));
  });
  const settings: [string, unknown][] = [];
  if (options.replaceSettings && file.settings) {
    for (const [name, value] of Object.entries(file.settings)) {
      if (!isSettingName(name)) continue; // a setting from a later version: nothing here reads it
      if (SETTING_CHECKS[name](value)) settings.push([name, value]);
      else rejected.push({ what: 'setting', id: name, reason: `${JSON.stringify(value)} is not a valid value` });
    }
  }

  return withTransaction(db, ['games', 'players', 'settings'], 'readwrite', 'import the file', async (tx) => {
    const gameStore = tx.objectStore('games');
    const playerStore = tx.objectStore('players');
    const gamesAdded: string[] = [];
    const gamesRenamed: { from: string; to: string }[] = [];
    const gamesDuplicate: string[] = [];
    // Every stored game's content, so a game imported before (even if it was given a new id then) is
    // recognised as a duplicate rather than added again.
    const storedContent = new Set(
      sortOutGames(await gameStore.getAllKeys(), await gameStore.getAll()).games.map(contentKey),
    );
    for (const game of games) {
      const content = contentKey(game);
      if (storedContent.has(content)) {
        gamesDuplicate.push(game.id);
        continue;
      }
      // A new id rather than an overwrite: the stored game may be the one with the later moves.
      const idTaken = (await gameStore.getKey(game.id)) !== undefined;
      const id = idTaken ? crypto.randomUUID() : game.id;
      await gameStore.put(gameFields({ ...game, id }, 1, game.updatedAt));
      storedContent.add(content);
      if (idTaken) gamesRenamed.push({ from: game.id, to: id });
      else gamesAdded.push(id);
    }

    const playersAdded: string[] = [];
    const playersSkipped: { id: string; name: string; reason: string }[] = [];
    for (const player of players) {
      const holder = await playerStore.index('byKindName').getKey([player.kind, player.name]);
      if (holder !== undefined) {
        const stored: unknown = await playerStore.get(holder);
        const reason =
          holder === player.id && canonical(stored) === canonical(player)
            ? 'already stored'
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

    return ok({
      gamesAdded,
      gamesRenamed,
      gamesDuplicate,
      playersAdded,
      playersSkipped,
      settingsReplaced: settings.length > 0,
      rejected,
    });
  });
}
