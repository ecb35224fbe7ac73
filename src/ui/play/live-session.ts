/**
 * The live session: at most one game is played at a time, on the play screen, by one PlayController.
 * Every way of opening a game (Home's Continue, the Games list, a rematch) comes through here and gets the
 * live controller for that id or a fresh load of the newest stored record, never a stale copy. Leaving
 * the play screen ends the session: the computer stops, the clock stops, and the last save lands before
 * the game can be opened again.
 */
import { effect, signal } from '@preact/signals';
import type { BoardSize, VariantId } from '../../core';
import {
  type ComputerPlayer,
  type GameSide,
  type StoredGame,
  type StoredPlayer,
  type TimeControl,
  builtInPlayers,
  mySideOf,
  newStoredGame,
  readHeartbeat,
  requestPersistence,
  countFinishedGame,
  saveUnsavedGame,
  toGameState,
  unsavedGames,
  withState,
} from '../../storage';
import {
  db,
  keptGames,
  notify,
  players,
  refreshResumable,
  screen,
  settings,
  updateSettings,
  notifyProblem,
} from '../shell/app-state';
import { addReloadGuard } from '../shell/pwa';
import { navigate } from '../shell/router';
import { browserKeyValueStore } from '../shell/key-value-store';
import { gameSaved, startLiveGamesWhenNeeded } from '../online/live/live-hooks';
import { PlayController } from './session/controller';
import {
  engineMoveSource,
  browserGameStore,
  browserHeartbeatLog,
  browserTurnLocks,
  wallClock,
} from './session/browser-ports';
import { freshClock, storeClock } from './session/game-clock';
import { type Match, type MatchSide, newMatch, rematchSides, reviewedPosition } from './session/match';
import * as words from '../words/paraglide/messages.js';
import { movePlace } from '../words/game-words';
import { storageErrorText } from '../words/storage-words';

/** The session on the play screen. */
export const session = signal<PlayController | null>(null);

/** An instant reply feels abrupt: the computer's move appears no sooner than this after the player's. */
const MIN_REPLY_MS = 450;
/** Ask the browser to keep our storage once a game has this many moves: by then it is worth keeping. */
const WORTH_KEEPING_PLIES = 10;

/** Settles when the last session's final save has landed: a game is loaded only after that. */
let lastClosed: Promise<void> = Promise.resolve();

/** Ends the live session, if any (leaving the play screen does this). */
export function closeSession(): Promise<void> {
  const live = session.value;
  if (live) {
    session.value = null;
    // Its last save may have failed and kept the game unsaved: Continue and the notice of kept games follow.
    lastClosed = live.close().then(refreshResumable);
  }
  return lastClosed;
}

// Leaving the play screen, by any route, ends its session.
effect(() => {
  if (screen.value !== 'play' && session.peek()) void closeSession();
});

// The clock stops while the page is hidden (a call, another app) and starts again when it is shown; as
// the page goes (a closed tab, a reload) the clock's heartbeat is written at once, whatever the save does.
// Changes that are only in this page (their save failed and nothing could keep them) make the browser ask
// before the page is left.
if (typeof window !== 'undefined') {
  document.addEventListener('visibilitychange', () =>
    session.peek()?.setVisible(document.visibilityState === 'visible'),
  );
  window.addEventListener('pagehide', () => session.peek()?.setVisible(false));
  window.addEventListener('beforeunload', (event) => {
    if (session.peek()?.unsavedAtRisk.peek()) event.preventDefault();
  });
  // A page reloading itself (into an update, for a chunk) waits for the game's saves to land, and does not
  // while its last moves are only in this page. Off the play screen, the session is first closed.
  addReloadGuard(async () => {
    const live = session.peek();
    if (live && screen.peek() !== 'play') await closeSession();
    else if (live) await live.settled();
    else await lastClosed;
    return !live?.unsavedAtRisk.peek();
  });
}

/**
 * The settings a computer side plays with — worked out here and nowhere else: the stored computer player
 * it names, else the built-in level with that id, else the built-in level with that name, else the
 * strongest built-in level.
 */
export function computerFor(side: GameSide, stored: readonly StoredPlayer[]): ComputerPlayer {
  const byId = side.playerId ? stored.find((p) => p.id === side.playerId) : undefined;
  if (byId?.kind === 'computer') return byId;
  const builtIn = builtInPlayers().filter((p): p is ComputerPlayer => p.kind === 'computer');
  return (
    (side.playerId ? builtIn.find((p) => p.id === side.playerId) : undefined) ??
    builtIn.find((p) => p.name === side.name) ?? { ...builtIn.find((p) => p.id === 'expert')!, name: side.name }
  );
}

const sideOf = (side: GameSide, stored: readonly StoredPlayer[]): MatchSide =>
  side.kind === 'computer' ? { ...side, computer: computerFor(side, stored) } : side;

/** A record's sides as a match plays them: a friend game's other side is remote (its moves come by link). */
const sidesOf = (record: StoredGame): Match['sides'] => {
  const sides = [sideOf(record.players[0], players.value), sideOf(record.players[1], players.value)] as const;
  // Sides are seats: after D-Pente's or Swap2's swap this device's person plays the other seat (mySideOf).
  const mine = record.friend ? mySideOf(record) : null;
  return mine
    ? [mine === 1 ? sides[0] : { ...sides[0], remote: true }, mine === 2 ? sides[1] : { ...sides[1], remote: true }]
    : sides;
};

/** A stored record as a match, with `sides` (or the sides the record names); null when it does not replay. */
export function matchFrom(record: StoredGame, sides?: Match['sides']): Match | null {
  const state = toGameState(record);
  if (!state.ok) return null;
  const kv = browserKeyValueStore();
  return newMatch({
    id: record.id,
    sides: sides ?? sidesOf(record),
    game: state.value,
    clocks: record.clocks,
    demo: record.demo,
    startPly: record.origin?.ply ?? 0,
    heartbeat: kv && readHeartbeat(kv, record.id),
  });
}

let persistenceAsked = false;

/** Shows a game on the play screen; `saveAtStart`: save it at once (it has moves not yet saved). */
function show(record: StoredGame, match: Match, saveAtStart = false): void {
  const d = db.value;
  const controller = new PlayController(record, match, {
    store: d && browserGameStore(d),
    moves: engineMoveSource,
    clock: wallClock,
    turns: browserTurnLocks,
    heartbeats: browserHeartbeatLog(),
    saveAtStart,
    notify: (text, tone) => notify(text, undefined, false, tone),
    newId: () => crypto.randomUUID(),
    matchFrom,
    minReplyMs: MIN_REPLY_MS,
    onSaved: (saved) => {
      void refreshResumable();
      // A friend game's move also goes out over relays (online/live: loaded with the first friend game).
      gameSaved(saved);
      if (!persistenceAsked && !saved.demo && saved.moves.length >= WORTH_KEEPING_PLIES) {
        persistenceAsked = true;
        void requestPersistence();
      }
    },
  });
  session.value = controller;
  // A friend game opened here (an invitation just accepted, a link, the Games list) starts the relay
  // controller as a save does: the acceptance goes out and presence follows before any move is made.
  if (record.friend) gameSaved(record);
  // From a form (new game, demo) or another game (rematch), Back returns to where the player was before it.
  const from = screen.peek();
  const replace =
    from === 'new' || from === 'demo' || from === 'play' || from === 'friend' || from === 'people' || from === 'shared';
  navigate({ screen: 'play', gameId: record.id }, { replace });
}

/**
 * Opens a stored game by id: the live session if it is that game, else the newest stored record (once
 * the previous session's last save has landed). An unfinished game opens to play on, a finished one at
 * its last move (its live state is the final position, so it needs no review ply).
 */
export async function openGame(game: { readonly id: string }): Promise<void> {
  const live = session.value;
  if (live?.id === game.id) {
    navigate({ screen: 'play', gameId: game.id });
    return;
  }
  await closeSession();
  const d = db.value;
  if (!d) return notifyProblem(words.play_open_unavailable());
  const loaded = await browserGameStore(d).load(game.id);
  if (loaded.kind !== 'loaded') {
    notifyProblem(loaded.kind === 'missing' ? words.play_open_missing() : loaded.message);
    void refreshResumable();
    return;
  }
  const record = loaded.record;
  const match = matchFrom(record);
  if (!match) {
    const why = toGameState(record);
    notifyProblem(why.ok ? words.play_open_unreadable() : words.play_open_failed({ why: storageErrorText(why.error) }));
    return;
  }
  // A kept copy whose save has not landed (storage was full) is saved again at once, and says so if it fails.
  show(record, match, loaded.unsaved !== undefined);
}

export interface NewGameChoice {
  readonly player1: StoredPlayer;
  readonly player2: StoredPlayer;
  readonly variant: VariantId;
  readonly size: BoardSize;
  readonly tournamentRule: boolean;
  readonly timeControl: TimeControl | null;
  readonly demo?: boolean;
}

const gameSide = (p: StoredPlayer): GameSide =>
  p.id === 'guest' ? { name: p.name, kind: p.kind } : { name: p.name, kind: p.kind, playerId: p.id };

export async function startGame(choice: NewGameChoice): Promise<void> {
  await closeSession();
  const clocks = choice.timeControl
    ? {
        remainingMs: [choice.timeControl.initialMs, choice.timeControl.initialMs] as const,
        incrementMs: choice.timeControl.incrementMs,
        initialMs: choice.timeControl.initialMs,
      }
    : null;
  const sides: [MatchSide, MatchSide] = [
    choice.player1.kind === 'computer'
      ? { ...gameSide(choice.player1), computer: choice.player1 }
      : gameSide(choice.player1),
    choice.player2.kind === 'computer'
      ? { ...gameSide(choice.player2), computer: choice.player2 }
      : gameSide(choice.player2),
  ];
  const record = newStoredGame({
    players: [gameSide(choice.player1), gameSide(choice.player2)],
    variant: choice.variant,
    size: choice.size,
    tournamentRule: choice.tournamentRule,
    clocks,
    demo: choice.demo ?? false,
  });
  const state = toGameState(record);
  if (!state.ok) return notifyProblem(storageErrorText(state.error));
  show(record, newMatch({ id: record.id, sides, game: state.value, clocks, demo: record.demo }));
  if (!choice.demo) {
    void updateSettings({
      newGame: {
        players: [choice.player1.id, choice.player2.id],
        variant: choice.variant,
        size: choice.size,
        tournamentRule: choice.tournamentRule,
        timeControl: choice.timeControl,
      },
    });
  }
}

/** A new game between the same players; who starts follows the rematch setting. */
export function rematch(current: PlayController): Promise<void> {
  const m = current.match.value;
  const [first, second] = rematchSides(m, settings.value.rematchStarter);
  const asPlayer = (side: MatchSide): StoredPlayer =>
    side.computer ?? { id: side.playerId ?? 'guest', kind: 'human', name: side.name };
  const { variant, size, tournamentRule } = m.game.rules;
  return startGame({
    player1: asPlayer(first),
    player2: asPlayer(second),
    variant: variant.id,
    size,
    tournamentRule,
    timeControl: settings.value.newGame.timeControl,
    demo: m.demo,
  });
}

const sideRecord = ({ name, kind, playerId }: MatchSide): GameSide =>
  playerId === undefined ? { name, kind } : { name, kind, playerId };

/**
 * "Play from here": a new game from the position shown in review (or `ply`, an earlier one: a marked move
 * played again), between the same players, with the
 * original's time control afresh (untimed if it is not known); its record names the game and the move it
 * came from. The original is not touched: review never rewrites a game's history. The new game is saved
 * at once (it already has moves) and is the one played on.
 */
export async function playFromHere(current: PlayController, ply: number | null = null): Promise<void> {
  const m = current.match.value;
  const from = reviewedPosition(m, ply);
  if (!from) return;
  const clock = freshClock(m.clock);
  const { variant, size, tournamentRule } = from.state.rules;
  const fresh = newStoredGame({
    players: [sideRecord(m.sides[0]), sideRecord(m.sides[1])],
    variant: variant.id,
    size,
    tournamentRule,
    clocks: clock && storeClock(clock, Date.now()),
    origin: { gameId: m.id, ply: from.ply },
  });
  const record = withState(fresh, from.state);
  await closeSession();
  // A finished friend game's position is played here, on this device: nobody's moves come by link.
  const here = ({ remote: _remote, ...side }: MatchSide): MatchSide => side;
  const match = newMatch({
    id: record.id,
    sides: [here(m.sides[0]), here(m.sides[1])],
    game: from.state,
    clocks: record.clocks,
    demo: false,
    startPly: from.ply,
  });
  show(record, match, true);
  notify(words.play_from_here_notice(movePlace(from.ply + 1, from.state.rules.variant)));
}

/** How often games kept unsaved (storage was full) are tried again, when there are any. */
const KEPT_GAMES_RETRY_MS = 10_000;

/**
 * Saves the games kept because their save failed (storage/journal.ts), except the one on the play screen
 * (its controller retries it): at start, every few seconds while there are any, and on the player's Retry.
 */
export async function saveKeptGames(): Promise<void> {
  const d = db.value;
  const kv = browserKeyValueStore();
  if (!d || !kv) return;
  const live = session.peek()?.id;
  let saved = 0;
  for (const game of unsavedGames(kv)) {
    if (game.id === live) continue;
    const r = await saveUnsavedGame(d, kv, game.id, undefined, undefined, countFinishedGame);
    if (!r.ok) continue; // still no room: the next try comes soon
    saved++; // storage told the other tabs
  }
  await refreshResumable();
  if (saved > 0 && keptGames.peek() === 0) notify(words.play_unsaved_saved_now());
}

/**
 * Tries the kept games again at start and every few seconds while there are any (main.tsx). Also at start:
 * friend games over relays (online/live), whose chunk loads only where a friend game exists; started from
 * here so that the first screen's script carries no more for it.
 */
export function keepSavingKeptGames(): void {
  void saveKeptGames();
  void startLiveGamesWhenNeeded(db.value);
  setInterval(() => {
    if (keptGames.peek() > 0) void saveKeptGames();
  }, KEPT_GAMES_RETRY_MS);
}
