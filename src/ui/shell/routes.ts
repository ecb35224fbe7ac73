/**
 * The app's routes as values, and the pure rules of its history (router.ts drives the browser with them):
 * a location hash parsed into a Route and a Route formatted back (a parse/format pair), what the app
 * writes in `history.state`, the entries a cold start writes, and what a popstate means. No I/O, no
 * signals: tests/ui/shell/routes.test.ts checks them all.
 */
import type { Screen } from './app-state';

/** The screens that are a single fixed path. */
type FixedScreen = Exclude<Screen, 'play' | 'shared' | 'bad-link'>;

export type Route =
  | { readonly screen: FixedScreen }
  | { readonly screen: 'play'; readonly gameId: string }
  /**
   * A game carried in the link itself (`code` from core's formatGameLink, as the URL has it: the screen
   * reads it and says what is wrong with a damaged one), shown in review or, for a friend game, merged.
   */
  | { readonly screen: 'shared'; readonly code: string }
  /** A URL of ours that names no screen (a damaged or unknown link): the screen says so. */
  | { readonly screen: 'bad-link'; readonly path: string; readonly why: BadLinkWhy }
  /** One puzzle of the shipped pack by its id (a link to a puzzle); plain `#/puzzles` picks one. */
  | { readonly screen: 'puzzles'; readonly puzzleId: string };

/** The screens that are a single fixed path, by path segment ('' is Home). */
const PATHS: Readonly<Record<FixedScreen, string>> = {
  home: '',
  new: 'new',
  demo: 'demo',
  games: 'games',
  players: 'players',
  settings: 'settings',
  rules: 'rules',
  learn: 'learn',
  friend: 'friend',
  people: 'people',
  puzzles: 'puzzles',
  about: 'about',
  openings: 'openings',
};
const BY_PATH = new Map(Object.entries(PATHS).map(([s, path]) => [path, s as FixedScreen]));

export const HOME: Route = { screen: 'home' };

/**
 * What is wrong with a URL of ours that names nothing: a game id with a broken %-escape, a play or game
 * link cut short, a path that names no screen (LinkProblem.tsx says it in words).
 */
export type BadLinkWhy = 'broken-escape' | 'cut-short' | 'no-screen';

const badLink = (path: string, why: BadLinkWhy): Route => ({ screen: 'bad-link', path, why });

/**
 * The route a location hash names ('#/games', '#/play/<id>'); a path that names no screen is a bad link,
 * with why, so the app says what is wrong rather than falling back to Home in silence.
 */
export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '').replace(/^\//, '').replace(/\/$/, '');
  const play = /^play\/([^/]+)$/.exec(path);
  if (play) {
    try {
      const gameId = decodeURIComponent(play[1]!);
      if (gameId) return { screen: 'play', gameId };
    } catch {
      return badLink(path, 'broken-escape');
    }
  }
  // Whatever follows g/ is the link's: the shared-game screen reads it and says what is wrong with it.
  const shared = /^g\/(.+)$/s.exec(path);
  if (shared) return { screen: 'shared', code: shared[1]! };
  // A puzzle id is letters, digits and dashes (the pack's ids).
  const puzzle = /^puzzles\/([A-Za-z0-9_-]+)$/.exec(path);
  if (puzzle) return { screen: 'puzzles', puzzleId: puzzle[1]! };
  const fixed = BY_PATH.get(path);
  if (fixed) return { screen: fixed };
  if (path === '') return HOME;
  if (/^(play|g)(\/|$)/.test(path)) return badLink(path, 'cut-short');
  return badLink(path, 'no-screen');
}

export function formatRoute(route: Route): string {
  if (route.screen === 'play') return `#/play/${encodeURIComponent(route.gameId)}`;
  if (route.screen === 'shared') return `#/g/${route.code}`;
  if (route.screen === 'bad-link') return `#/${route.path}`;
  if ('puzzleId' in route) return `#/puzzles/${route.puzzleId}`;
  return `#/${PATHS[route.screen]}`;
}

/** What this app writes in `history.state` for each of its entries. */
export interface EntryState {
  readonly pente: 1;
  /** How many in-app entries lie under this one (Home, the root, is 0); an overlay's entry has its screen's. */
  readonly depth: number;
  /** The entry of a sheet or dialog open over the screen, above the screen's own entry. */
  readonly overlay?: true;
}

export const isEntryState = (s: unknown): s is EntryState =>
  typeof s === 'object' && s !== null && (s as EntryState).pente === 1 && typeof (s as EntryState).depth === 'number';

/**
 * The entries to write when the app starts at `hash` with the history state the browser gives back: none
 * after a reload (the entry is ours already: the stack under it is intact); on a cold start, Home as the
 * root and the screen the URL names on top of it, so Back from a deep link lands on Home, not outside.
 */
export function startEntries(hash: string, state: unknown): { route: Route; depth: number }[] {
  if (isEntryState(state)) return [];
  const route = parseRoute(hash);
  return route.screen === 'home'
    ? [{ route, depth: 0 }]
    : [
        { route: HOME, depth: 0 },
        { route, depth: 1 },
      ];
}

/** A history entry as the router sees it: its route, its depth, and whether it is an overlay's. */
export interface Entry {
  readonly route: Route;
  readonly depth: number;
  readonly overlay: boolean;
}

/**
 * What a popstate means, from the entry left and the entry arrived at:
 * - 'dropped': the step back the router took itself, off the entry of an overlay that closed: nothing to do.
 * - 'close-overlay': Back from an overlay's entry to its screen's while one is open: close it, stay.
 * - 'same-screen': between a screen's entry and its overlay entry with nothing open (an entry left by an
 *   overlay that closed, reached by Forward, or after a reload): the screen is already shown.
 * - 'navigate': to another screen (the leave guards are asked, the screen shown).
 */
export type PopAction = 'dropped' | 'close-overlay' | 'same-screen' | 'navigate';

export function popAction(from: Entry, to: Entry, now: { dropping: boolean; overlayOpen: boolean }): PopAction {
  if (now.dropping) return 'dropped';
  const sameScreen = sameRoute(from.route, to.route) && from.depth === to.depth && from.overlay !== to.overlay;
  if (!sameScreen) return 'navigate';
  return from.overlay && now.overlayOpen ? 'close-overlay' : 'same-screen';
}

export const sameRoute = (a: Route, b: Route): boolean => formatRoute(a) === formatRoute(b);
