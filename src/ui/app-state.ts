/**
 * What the whole app shares: the screen shown, the database connection, the settings and players, and
 * short notices. Storage failures never stop play: without a database the app runs in memory and says so.
 */
import { signal } from '@preact/signals';
import {
  DEFAULT_SETTINGS,
  type PenteDb,
  type Settings,
  type SettingsPatch,
  type StoredGame,
  type StoredPlayer,
  builtInPlayers,
  findResumableGame,
  getSettings,
  listPlayers,
  openDatabase,
  saveSettings,
} from '../storage';
import { onGameChange } from './session/browser-ports';

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
  | 'shared'
  | 'bad-link';

export const screen = signal<Screen>('home');
export const db = signal<PenteDb | null>(null);
/** Why games cannot be saved, when they cannot (private mode, a full disk, another tab's upgrade…). */
export const storageProblem = signal<string | null>(null);
export const settings = signal<Settings>(DEFAULT_SETTINGS);
/** Until the database says otherwise (and for good when there is none): the built-in players. */
export const players = signal<readonly StoredPlayer[]>(builtInPlayers());
/** The most recent unfinished game, offered by "Continue" on the home screen. */
export const resumable = signal<StoredGame | null>(null);
/**
 * The notice shown, if any: one at a time, so a new one replaces it (they never pile up). `leaving` is set
 * a moment before it goes, for the fade-out.
 */
export const notices = signal<readonly { id: number; text: string; leaving: boolean }[]>([]);
export const ready = signal(false);

/** How long a notice fades out before it is gone (the CSS transition of `.toast.leaving`). */
export const NOTICE_FADE_MS = 400;
let noticeId = 0;
let noticeTimers: ReturnType<typeof setTimeout>[] = [];

/**
 * Shows a short notice that goes away by itself, in place of the one shown. The same text again keeps the
 * notice shown, for `ms` more from now.
 */
export function notify(text: string, ms = 4000): void {
  for (const t of noticeTimers) clearTimeout(t);
  const shown = notices.value[0];
  const id = shown?.text === text ? shown.id : ++noticeId;
  notices.value = [{ id, text, leaving: false }];
  noticeTimers = [
    setTimeout(() => (notices.value = notices.value.map((n) => (n.id === id ? { ...n, leaving: true } : n))), ms),
    setTimeout(() => (notices.value = notices.value.filter((n) => n.id !== id)), ms + NOTICE_FADE_MS),
  ];
}

/** Notices belong to the screen they were given on: navigation clears them. */
export function clearNotices(): void {
  for (const t of noticeTimers) clearTimeout(t);
  noticeTimers = [];
  if (notices.value.length) notices.value = [];
}

export async function startApp(): Promise<void> {
  const opened = await openDatabase({
    onVersionChange: () => {
      db.value = null;
      storageProblem.value = 'A newer version of the app opened in another tab. Reload to keep saving your games.';
    },
  });
  if (!opened.ok) {
    storageProblem.value = `Games cannot be saved on this device (${opened.error.message}). You can still play.`;
    ready.value = true;
    return;
  }
  db.value = opened.value;
  const [loaded, list] = await Promise.all([getSettings(opened.value), listPlayers(opened.value)]);
  if (loaded.ok) settings.value = loaded.value.settings;
  if (list.ok) players.value = list.value.players;
  await refreshResumable();
  // Another tab's save or delete can change which game Continue offers.
  onGameChange(() => void refreshResumable());
  ready.value = true;
}

/** Finds the game "Continue" offers: the newest unfinished one that opens (damaged records are passed over). */
export async function refreshResumable(): Promise<void> {
  const d = db.value;
  if (!d) return;
  const found = await findResumableGame(d);
  resumable.value = found.ok ? found.value : null;
}

export async function refreshPlayers(): Promise<void> {
  const d = db.value;
  if (!d) return;
  const list = await listPlayers(d);
  if (list.ok) players.value = list.value.players;
}

/** Changes settings at once in memory and saves them; a failed save is reported, not lost in silence. */
export async function updateSettings(patch: SettingsPatch): Promise<void> {
  const current = settings.value;
  settings.value = { ...current, ...patch, newGame: { ...current.newGame, ...patch.newGame } } as Settings;
  const d = db.value;
  if (!d) return;
  const saved = await saveSettings(d, patch);
  if (!saved.ok) notify(`Settings not saved: ${saved.error.message}`);
}
