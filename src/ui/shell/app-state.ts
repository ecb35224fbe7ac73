/**
 * What the whole app shares: the screen shown, the database connection, the settings and players, and
 * short notices. Storage failures never stop play: without a database the app runs in memory and says so.
 */
import { signal } from '@preact/signals';
import {
  DEFAULT_SETTINGS,
  type DamagedPlayer,
  type PenteDb,
  type Settings,
  type SettingsPatch,
  type StoredGame,
  type StoredPlayer,
  builtInPlayers,
  checkLibrary,
  findResumableGame,
  getSettings,
  listPlayers,
  openDatabase,
  saveSettings,
  onGamesChanged,
  onStoreChange,
  unsavedGames,
} from '../../storage';
import { refreshHomeData } from '../home/home-data';
import { browserKeyValueStore } from './key-value-store';
import { adoptLanguageChoice } from '../words/locale';

export type Screen =
  | 'home'
  | 'new'
  | 'demo'
  | 'play'
  | 'games'
  | 'players'
  | 'settings'
  | 'rules'
  | 'learn'
  | 'puzzles'
  | 'about'
  | 'friend'
  | 'people'
  | 'openings'
  | 'shared'
  | 'bad-link';

export const screen = signal<Screen>('home');
export const db = signal<PenteDb | null>(null);
/** Why games cannot be saved, when they cannot (private mode, a full disk, another tab's upgrade…). */
export const storageProblem = signal<string | null>(null);
export const settings = signal<Settings>(DEFAULT_SETTINGS);
/** Until the database says otherwise (and for good when there is none): the built-in players. */
export const players = signal<readonly StoredPlayer[]>(builtInPlayers());
/** Stored player records that are not players the app can use: the players screen lists them apart. */
export const damagedPlayers = signal<readonly DamagedPlayer[]>([]);
/** The most recent unfinished game, offered by "Continue" on the home screen. */
export const resumable = signal<StoredGame | null>(null);
/**
 * How many games are kept on this device because their save failed (storage full): saved as soon as there
 * is room (live-session.ts: saveKeptGames).
 */
export const keptGames = signal(0);
/**
 * The notice shown, if any: one at a time, so a new one replaces it (they never pile up). `leaving` is set
 * a moment before it goes, for the fade-out.
 */
export const notices = signal<
  readonly { id: number; text: string; leaving: boolean; ofPosition?: boolean; tone?: NoticeTone }[]
>([]);
/**
 * What a notice tells: news (a move arrived, a game was kept, a player saved) in the page's own colour, or a
 * problem (something the player wanted did not happen) in the alert colour, kept for what went wrong.
 */
export type NoticeTone = 'news' | 'problem';
export const ready = signal(false);
/** The saved games wait to be updated to this version until another tab of an older one has closed. */
export const waitingForOtherTabs = signal(false);
/**
 * A newer version of the app opened the saved games in another tab, so this page's connection was closed
 * for its upgrade: this page is behind, and reloads into the newer version at a safe moment (pwa.ts).
 */
export const newerVersionOpened = signal(false);

/** How long a notice fades out before it is gone (the CSS transition of `.toast.leaving`). */
export const NOTICE_FADE_MS = 400;
let noticeId = 0;
let noticeTimers: ReturnType<typeof setTimeout>[] = [];

/**
 * Shows a short notice that goes away by itself, in place of the one shown. The same text again keeps the
 * notice shown, for `ms` more from now. `ofPosition`: it speaks of the position on the board ("Bob played
 * L9: your turn"), so the next move clears it (clearPositionNotices); any other notice (a save that
 * failed) stays its time.
 */
export function notify(text: string, ms = 4000, ofPosition = false, tone: NoticeTone = 'news'): void {
  for (const t of noticeTimers) clearTimeout(t);
  const shown = notices.value[0];
  const id = shown?.text === text ? shown.id : ++noticeId;
  notices.value = [{ id, text, leaving: false, ofPosition, tone }];
  noticeTimers = [
    setTimeout(() => (notices.value = notices.value.map((n) => (n.id === id ? { ...n, leaving: true } : n))), ms),
    setTimeout(() => (notices.value = notices.value.filter((n) => n.id !== id)), ms + NOTICE_FADE_MS),
  ];
}

/** A notice of something that went wrong (a read or a save that failed), in the alert colour. */
export const notifyProblem = (text: string, ms?: number): void => notify(text, ms, false, 'problem');

/** How long a "could not be saved" notice stays: longer than a passing one, it matters more. */
const NOT_SAVED_MS = 8000;

/**
 * The one way the app says something the player made could not be saved (settings, players, lesson and
 * puzzle progress; a game says so on the play screen): `sentence` is the caller's message, naming what
 * for the player and giving the storage error's sentence (`shell_settings_not_saved`).
 */
export function reportNotSaved(sentence: string): void {
  notifyProblem(sentence, NOT_SAVED_MS);
}

/** Notices belong to the screen they were given on: navigation clears them. */
export function clearNotices(): void {
  for (const t of noticeTimers) clearTimeout(t);
  noticeTimers = [];
  if (notices.value.length) notices.value = [];
}

/** A move was made: a notice about the position before it goes; any other stays. */
export function clearPositionNotices(): void {
  if (notices.value.some((n) => n.ofPosition)) clearNotices();
}

export async function startApp(): Promise<void> {
  const opened = await openDatabase({
    // The upgrade waits for the old tab, which keeps saving until it closes; this tab says why it waits.
    onBlocked: () => (waitingForOtherTabs.value = true),
    onVersionChange: () => {
      // The connection is closed (saves in flight finish first); later saves fail and are kept on this
      // device (the unsaved-games journal) until the reload into the newer version saves them.
      db.value = null;
      // The words for storage failures are a chunk of their own (storage-words.ts): off the first screen.
      void import('./storage-words').then((w) => (storageProblem.value = w.newerVersionOpened()));
      newerVersionOpened.value = true;
    },
  });
  waitingForOtherTabs.value = false;
  if (!opened.ok) {
    const [words, { storageErrorText }] = await Promise.all([
      import('./storage-words'),
      import('../words/storage-words'),
    ]);
    storageProblem.value = words.storageUnavailable(storageErrorText(opened.error));
    ready.value = true;
    return;
  }
  db.value = opened.value;
  const [loaded, list] = await Promise.all([getSettings(opened.value), listPlayers(opened.value)]);
  if (loaded.ok) {
    settings.value = loaded.value.settings;
    adoptLanguageChoice(loaded.value.settings.language);
  }
  if (list.ok) {
    players.value = list.value.players;
    damagedPlayers.value = list.value.damaged;
  }
  // All that Home shows is read before the first render, so it is drawn once, in its final layout.
  await Promise.all([refreshResumable(), refreshHomeData(opened.value)]);
  // Another tab's save or delete can change which game Continue offers, and the results.
  onGamesChanged(() => void Promise.all([refreshResumable(), refreshHomeData(db.value)]));
  // Another tab's change to the settings (the language, the theme, the new-game defaults) or to the players
  // shows here at once, without a reload: storage's feed announces every committed write.
  onStoreChange('settings', () => void refreshSettings());
  onStoreChange('players', () => void refreshPlayers());
  ready.value = true;
  // After the first screen: the check reads the whole library (a page at a time), so nothing waits for it.
  setTimeout(() => void checkLibraryAfterStart(opened.value), 0);
}

/**
 * Bumped when the check after start-up has written summaries (games stored without one, or summaries made
 * again) or joined a doubled friend game: the lists read since may lack them or show one game twice, so the
 * screens showing them read again.
 */
export const libraryChecked = signal(0);

async function checkLibraryAfterStart(d: PenteDb): Promise<void> {
  const checked = await checkLibrary(d);
  if (!checked.ok || db.value !== d) return;
  // Friend games stored twice by restores before issue 28's fix: joined, or named (a chunk of its own).
  const { mendDoubledGames } = await import('./doubled-games');
  const joined = await mendDoubledGames(d, notify);
  if ((checked.value === 0 && !joined) || db.value !== d) return;
  libraryChecked.value++;
  await Promise.all([refreshResumable(), refreshHomeData(d)]);
}

/**
 * Bumped when this tab stored games that none of its screens saved (a friend's move or acceptance that came
 * over a relay): the channel between tabs does not echo to the tab that wrote, so the lists showing games
 * read again by this (the Games screen) or by `gamesStoredHere` (Home, Continue).
 */
export const gamesChangedHere = signal(0);

export function gamesStoredHere(): void {
  gamesChangedHere.value++;
  void Promise.all([refreshResumable(), refreshHomeData(db.value)]);
}

/**
 * Finds the game "Continue" offers: the newest unfinished one that opens (damaged records are passed over),
 * stored or kept unsaved because storage was full (a kept copy is newer than the stored one).
 */
export async function refreshResumable(): Promise<void> {
  const d = db.value;
  if (!d) return;
  const found = await findResumableGame(d);
  const stored = found.ok ? found.value : null;
  const kvStore = browserKeyValueStore();
  const kept = kvStore ? unsavedGames(kvStore) : [];
  keptGames.value = kept.length;
  const keptUnfinished = kept.find((g) => g.status === 'in-progress' && !g.demo);
  resumable.value =
    keptUnfinished && (!stored || stored.id === keptUnfinished.id || keptUnfinished.updatedAt >= stored.updatedAt)
      ? keptUnfinished
      : stored;
}

/** Reads the stored settings again (another tab changed them) and takes their language. */
export async function refreshSettings(): Promise<void> {
  const d = db.value;
  if (!d) return;
  const loaded = await getSettings(d);
  if (!loaded.ok || db.value !== d) return;
  settings.value = loaded.value.settings;
  adoptLanguageChoice(loaded.value.settings.language);
}

export async function refreshPlayers(): Promise<void> {
  const d = db.value;
  if (!d) return;
  const list = await listPlayers(d);
  if (!list.ok) return;
  players.value = list.value.players;
  damagedPlayers.value = list.value.damaged;
}

/** Changes settings at once in memory and saves them; a failed save is reported, not lost in silence. */
export async function updateSettings(patch: SettingsPatch): Promise<void> {
  const current = settings.value;
  settings.value = { ...current, ...patch, newGame: { ...current.newGame, ...patch.newGame } } as Settings;
  if (patch.language) adoptLanguageChoice(patch.language);
  const d = db.value;
  if (!d) return;
  const saved = await saveSettings(d, patch);
  if (!saved.ok) {
    const [words, { storageErrorText }] = await Promise.all([
      import('./storage-words'),
      import('../words/storage-words'),
    ]);
    reportNotSaved(words.settingsNotSaved(storageErrorText(saved.error)));
  }
}
