/**
 * Where the play session and the relay controller (live-games.ts, a lazy chunk with nostr-tools) meet,
 * with nothing heavy in it, so the session's chunk does not pull the network code in:
 * - the session tells it of every saved game (`gameSaved`): a friend game's new move goes to the outbox;
 * - the controller's per-game line for the play screen (`liveLines`): sent / not sent yet, the other here.
 *
 * The controller is started on the first friend game saved here, or at the app's start when there is one
 * (startLiveGamesWhenNeeded).
 */
import { signal } from '@preact/signals';
import { type PenteDb, type StoredGame, listFriendGameRecords } from '../../../storage';
import type { Phrase } from '../../../net/phrases';
import type { ClockFace } from './live-clock';

/** What the play screen says of a friend game played over relays. */
export interface LiveLine {
  /** The last action this device signed: accepted by a relay, or waiting. null: nothing of ours yet. */
  readonly send: 'sent' | 'not-sent' | null;
  /** The other side has the game open now (their presence is fresh). */
  readonly present: boolean;
  /** A timed game's clocks as the controller last read them (they tick on screen from `atMs`); null: untimed. */
  readonly clock: ClockFace | null;
  /** The preset phrase the other side just said (for a few seconds), or null. */
  readonly phrase: Phrase | null;
}

/** By friend game id (FriendGame.gameId). */
export const liveLines = signal<ReadonlyMap<string, LiveLine>>(new Map());

/** Every relay failed and none has connected since (live-model.ts relaysDownNow): links are the way. */
export const relaysDown = signal(false);

type SavedListener = (saved: StoredGame) => void;
let listener: SavedListener | null = null;
let starting: Promise<void> | null = null;

/** The controller, started once (a dynamic import: its own chunk). */
export function startLiveGames(): Promise<void> {
  starting ??= import('./live-games').then((m) => {
    const games = m.liveGames();
    listener = games.gameSaved;
    phraseSayer = games.say;
  });
  return starting;
}

let phraseSayer: ((gameId: string, phrase: Phrase) => void) | null = null;

/** Says a preset phrase in a game over relays (the controller, once started; before, nothing to say it to). */
export function sayPhrase(gameId: string, phrase: Phrase): void {
  phraseSayer?.(gameId, phrase);
}

/** Called by the session after each save: a friend game starts the controller and hands it the game. */
export function gameSaved(saved: StoredGame): void {
  if (!saved.friend) return;
  if (listener) listener(saved);
  else void startLiveGames().then(() => listener?.(saved));
}

/** At the app's start: the controller, where this device has a friend game (else nothing is loaded). */
export async function startLiveGamesWhenNeeded(d: PenteDb | null): Promise<void> {
  if (!d) return;
  const listed = await listFriendGameRecords(d);
  if (listed.ok && listed.value.length > 0) await startLiveGames();
}
