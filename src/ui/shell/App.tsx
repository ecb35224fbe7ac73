/**
 * The app shell: the screen shown, notices, dialogs and the update offer. (Home itself says whether the
 * app is ready offline, and offers installation, in its own layout.)
 */
import type { FunctionComponent } from 'preact';
import { type Screen, ready, screen, settings, waitingForOtherTabs } from './app-state';
import { DialogHost } from './dialog';
import { openingGame } from './router';
import { Home } from '../home/HomeScreen';
import { lazyScreen, whenIdle } from './lazy-screen';
import { Toasts } from './Toasts';
import * as m from '../words/paraglide/messages.js';

/**
 * Home is in the first chunk; every other screen is its own, fetched when first shown (or preloaded when
 * the page is idle: `preloadLikelyScreens`), so a first visit downloads only what Home needs.
 */
const newGame = lazyScreen(() => import('../play/NewGameScreen').then((m) => () => <m.NewGame />));
const play = lazyScreen(() => import('../play/PlayScreen').then((m) => m.Play));
const games = lazyScreen(() => import('../games/GamesScreen').then((m) => m.Games));

const SCREENS: Readonly<Record<Screen, FunctionComponent>> = {
  home: Home,
  new: newGame.Screen,
  demo: lazyScreen(() => import('../play/NewGameScreen').then((m) => () => <m.NewGame demo />)).Screen,
  play: play.Screen,
  games: games.Screen,
  players: lazyScreen(() => import('../players/PlayersScreen').then((m) => m.Players)).Screen,
  settings: lazyScreen(() => import('../settings/SettingsScreen').then((m) => m.SettingsScreen)).Screen,
  rules: lazyScreen(() => import('../info/RulesScreen').then((m) => m.Rules)).Screen,
  learn: lazyScreen(() => import('../lessons/TutorialScreen').then((m) => m.Tutorial)).Screen,
  puzzles: lazyScreen(() => import('../puzzles/PuzzlesScreen').then((m) => m.Puzzles)).Screen,
  about: lazyScreen(() => import('../info/AboutScreen').then((m) => m.About)).Screen,
  shared: lazyScreen(() => import('../share/SharedGame').then((m) => m.SharedGame)).Screen,
  friend: lazyScreen(() => import('../friends/FriendScreen').then((m) => m.Friend)).Screen,
  people: lazyScreen(() => import('../people/PeopleScreen').then((m) => m.People)).Screen,
  openings: lazyScreen(() => import('../explorer/ExplorerScreen').then((m) => m.Explorer)).Screen,
  'bad-link': lazyScreen(() => import('./LinkProblem').then((m) => m.BadLink)).Screen,
};

/**
 * The screens a player most likely opens next from Home, fetched while the page is idle, one per idle
 * period: a chunk's preload adds a link for each module it needs, and each link starts its fetch on the
 * page's thread (all three at once made one task of 90 ms on a busy machine).
 */
export function preloadLikelyScreens(): void {
  for (const likely of [newGame, play, games]) {
    whenIdle(() =>
      likely.preload().catch(() => {
        // Offline before the service worker had it: it loads (or says why not) when shown.
      }),
    );
  }
}

export function App() {
  const Shown = SCREENS[screen.value];
  const theme = settings.value.theme;
  document.documentElement.dataset.theme = theme;
  document.documentElement.dataset.board = settings.value.boardStyle;
  return (
    <>
      {/* Until the database has answered nothing is drawn, so the first screen appears once, whole. */}
      {ready.value && !openingGame.value ? (
        <Shown />
      ) : waitingForOtherTabs.value ? (
        <p class="loading" role="status">
          {m.shell_waiting_other_tabs()}
        </p>
      ) : (
        <p class="loading app-loading">{m.shell_loading()}</p>
      )}
      <DialogHost />
      <Toasts />
    </>
  );
}
