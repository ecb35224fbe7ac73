/**
 * Hash routes and browser history: every screen has a URL and a place in history, so the system Back
 * (Android's, the browser's) moves between screens like a native app's and never leaves the app from a
 * sub-screen. The `screen` signal (what App renders) is driven from here.
 *
 * History is kept as a stack over one root entry: Home is always the entry at depth 0 (on a cold start at
 * a deep URL, Home is written under it), and every in-app entry records its depth in `history.state`, so
 * "back to the menu" is `history.go(-depth)` and a header's Back knows whether there is an in-app entry
 * to return to. Back at Home leaves the app, as Back at a native app's root does.
 *
 * A sheet or dialog open over a screen (`openOverlay`; dialog.tsx does it for every modal `<dialog>`) has
 * one history entry of its own above the screen's, with the same URL and depth: the system Back pops it
 * and closes the sheet, and the screen stays; the next Back leaves the screen. Closed any other way (a
 * button, Escape), the sheet takes its entry back off (a step back the router does not act on), so no
 * stray entry is left. Dialogs asked while a leave is being decided (the leave guards') get no entry: the
 * Back that asked them has already moved.
 *
 * What a URL means and what a popstate means are routes.ts's pure rules; this module is their controller.
 */
import { signal } from '@preact/signals';
import { type Screen, clearNotices, notices, ready, screen, notifyProblem } from './app-state';
import {
  type BadLinkWhy,
  type Entry,
  type EntryState,
  HOME,
  type Route,
  formatRoute,
  isEntryState,
  parseRoute,
  popAction,
  sameRoute,
  startEntries,
} from './routes';
import * as m from '../words/paraglide/messages.js';

export type { BadLinkWhy, Route } from './routes';

/** The code of the game link on screen (the 'shared' screen reads it). */
export const sharedCode = signal('');

/** What is wrong with the link on screen (the 'bad-link' screen says it). */
export const badLinkWhy = signal<BadLinkWhy>('no-screen');

/** The puzzle a `#/puzzles/<id>` route asks for ('' for none: the screen picks one). */
export const requestedPuzzle = signal('');

/** Sets the signals a route carries for its screen. */
function takeRouteData(route: Route): void {
  if (route.screen === 'shared') sharedCode.value = route.code;
  if (route.screen === 'bad-link') badLinkWhy.value = route.why;
  if (route.screen === 'puzzles') requestedPuzzle.value = 'puzzleId' in route ? route.puzzleId : '';
}

/** True while a play URL waits for its game to open (App shows "Loading…" meanwhile). */
export const openingGame = signal(false);

/** The current entry, as this module last wrote or read it. */
let current: Entry = { route: HOME, depth: 0, overlay: false };
/** Opens a game by id; true when it is then the live session. */
let openGameById: (id: string) => Promise<boolean> = () => Promise.resolve(false);
let closeGame: () => Promise<void> = () => Promise.resolve();
/** The game a play URL is opening, while it opens. */
let openingId: string | null = null;
/**
 * A traversal (back, go) is on its way: navigations asked for meanwhile wait for its popstate. `approved`:
 * the leave guards were already asked (back to the menu), so the popstate does not ask again.
 */
let traversal: { waiting: (() => void)[]; approved: boolean; fallback: ReturnType<typeof setTimeout> } | null = null;
/** Asked before leaving the current screen; each resolves true to leave (no unsaved changes, or discard). */
const leaveGuards = new Set<() => Promise<boolean>>();
/** How many leaves are being decided (their guards asked) now. */
let deciding = 0;

/** A sheet or dialog open over the screen: `close` closes it; `entry`: it wants a history entry. */
interface Overlay {
  readonly close: () => void;
  readonly entry: boolean;
}
/** The overlays open now, the latest last. */
const overlays: Overlay[] = [];
/** The router itself is stepping back off the entry of an overlay that closed. */
let dropping = false;

function write(route: Route, depth: number, replace: boolean, overlay = false): void {
  const state: EntryState = overlay ? { pente: 1, depth, overlay } : { pente: 1, depth };
  if (replace) history.replaceState(state, '', formatRoute(route));
  else history.pushState(state, '', formatRoute(route));
  current = { route, depth, overlay };
}

/** Every screen opens at its top: a long form left scrolled down does not leave the next screen so. */
const toTop = () => window.scrollTo(0, 0);

/** Shows a screen; notices belong to the screen they were given on. */
function showScreen(next: Screen): void {
  openingGame.value = false;
  if (screen.peek() !== next) {
    clearNotices();
    toTop();
  }
  screen.value = next;
}

/**
 * Shows the screen of a route that history gave us (start, reload, Back, Forward). A play route opens its
 * game first; live-session.ts then navigates to it, which shows the play screen.
 */
function showFromHistory(route: Route): void {
  if (route.screen === 'play') void openFromUrl(route.gameId);
  else {
    takeRouteData(route);
    showScreen(route.screen);
  }
}

/**
 * Opens the game a play URL names, once the app has started. An id that no longer opens falls back to
 * Home, in place of the play entry, with a notice (openGame's own, which says why, else ours).
 */
async function openFromUrl(gameId: string): Promise<void> {
  const stillHere = () => current.route.screen === 'play' && current.route.gameId === gameId;
  openingGame.value = true;
  openingId = gameId;
  await whenReady();
  const opened = stillHere() && (await openGameById(gameId));
  if (openingId === gameId) openingId = null;
  if (!stillHere()) {
    // The player went elsewhere (Back) while it opened: it is not shown, and its session ends.
    if (opened) void closeGame();
    return;
  }
  openingGame.value = false;
  if (opened) return;
  write(HOME, current.depth, true);
  screen.value = 'home';
  if (!notices.peek().length) notifyProblem(m.shell_game_not_opened());
}

function whenReady(): Promise<void> {
  if (ready.peek()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = ready.subscribe((isReady) => {
      if (!isReady) return;
      queueMicrotask(() => stop());
      resolve();
    });
  });
}

/** Runs `go` now, or after the traversal under way has landed (its popstate says where we are). */
function afterTraversal(go: () => void): void {
  if (traversal) traversal.waiting.push(go);
  else go();
}

function traverse(delta: number, approved: boolean): void {
  const fallback = setTimeout(endTraversal, 1000); // a traversal that never lands must not hold navigation
  traversal = { waiting: [], approved, fallback };
  history.go(delta);
}

function endTraversal(): void {
  dropping = false;
  const t = traversal;
  if (!t) return;
  clearTimeout(t.fallback);
  traversal = null;
  for (const go of t.waiting) go();
}

async function mayLeave(): Promise<boolean> {
  deciding++;
  try {
    for (const guard of [...leaveGuards]) if (!(await guard())) return false;
    return true;
  } finally {
    deciding--;
  }
}

/**
 * Shows a sheet or dialog over the screen with a history entry of its own, so the system Back closes it
 * (calls `close`) before it leaves the screen. Returns the function to call when it has closed (by Back
 * or otherwise, as often as you like): it takes the entry back off history. See the module comment.
 */
export function openOverlay(close: () => void): () => void {
  const overlay: Overlay = { close, entry: started && deciding === 0 };
  overlays.push(overlay);
  syncOverlayEntry();
  return () => {
    const i = overlays.indexOf(overlay);
    if (i < 0) return;
    overlays.splice(i, 1);
    syncOverlayEntry();
  };
}

/** One overlay entry on top while an overlay that wants one is open; none once they have all closed. */
function syncOverlayEntry(): void {
  afterTraversal(() => {
    const wanted = overlays.some((o) => o.entry);
    if (wanted && !current.overlay) write(current.route, current.depth, false, true);
    else if (!wanted && current.overlay) {
      dropping = true;
      traverse(-1, true);
    }
  });
}

/**
 * Goes to a route: a new history entry, or with `replace` in place of the current one (a form that led
 * to a game: Back from the game should not return to the form). Going where we already are adds nothing.
 * A play route shows the play screen: call it once the game's session is live (live-session.ts does).
 */
export function navigate(route: Route, options: { replace?: boolean } = {}): void {
  afterTraversal(() => {
    void (async () => {
      const here = sameRoute(route, current.route);
      // The game a play URL was opening, after the player left that URL: not pushed back on them.
      if (route.screen === 'play' && route.gameId === openingId && !here) return;
      if (!here && leaveGuards.size && !(await mayLeave())) return;
      // Another route on the same screen (a rematch, the next puzzle by link) opens at its top too.
      if (!here) toTop();
      if (here || options.replace) write(route, current.depth, true);
      else write(route, current.depth + 1, false);
      takeRouteData(route);
      showScreen(route.screen);
    })();
  });
}

/** Back to the menu: Home is the root entry, so the entries above it are popped (Forward keeps them). */
export function navigateHome(): void {
  afterTraversal(() => {
    void (async () => {
      if (current.route.screen === 'home' || (leaveGuards.size && !(await mayLeave()))) return;
      showScreen('home'); // at once, so the tap answers now; the popstate confirms it
      const steps = current.depth + (current.overlay ? 1 : 0);
      if (steps === 0) write(HOME, 0, true);
      else traverse(-steps, true);
    })();
  });
}

/** A header's Back: the previous in-app entry when there is one, else Home in place of this entry. */
export function goBack(): void {
  afterTraversal(() => {
    if (current.depth > 0) {
      // (From an overlay's entry, past its screen's too.) The leave guards are asked on its popstate, as
      // for the system Back.
      traverse(current.overlay ? -2 : -1, false);
    } else if (current.route.screen !== 'home') {
      void mayLeave().then((go) => {
        if (!go) return;
        write(HOME, 0, true);
        showScreen('home');
      });
    }
  });
}

/**
 * Asks `guard` before any navigation away from the current screen (in-app or the system Back); it resolves
 * true to leave. Returns the function that removes it.
 */
export function addLeaveGuard(guard: () => Promise<boolean>): () => void {
  leaveGuards.add(guard);
  return () => void leaveGuards.delete(guard);
}

let started = false;

/**
 * Starts routing: writes the entries a cold start needs, shows the URL's screen and follows history from
 * then on. For play URLs: `openGame` opens a game by id and says whether it is then live; `closeGame`
 * ends it when the player left before it opened.
 */
export function startRouter(options: {
  openGame: (id: string) => Promise<boolean>;
  closeGame: () => Promise<void>;
}): void {
  if (started) return;
  started = true;
  // The app puts each screen at its top itself; the browser's restoring of a history entry's scroll would
  // fight it on Back.
  history.scrollRestoration = 'manual';
  openGameById = options.openGame;
  closeGame = options.closeGame;
  const entries = startEntries(location.hash, history.state);
  entries.forEach((e, i) => write(e.route, e.depth, i === 0));
  if (!entries.length) {
    const state = history.state as EntryState;
    current = { route: parseRoute(location.hash), depth: state.depth, overlay: state.overlay === true };
  }
  showFromHistory(current.route);
  window.addEventListener('popstate', (e) => void onPopState(e.state));
  syncOverlayEntry(); // a reload on an overlay's entry: the overlay is gone, so is its entry
}

async function onPopState(state: unknown): Promise<void> {
  const from = current;
  const route = parseRoute(location.hash);
  // A hash typed into the address bar has no state of ours: a new entry on top of the one we were on.
  const depth = isEntryState(state) ? state.depth : from.depth + 1;
  current = { route, depth, overlay: isEntryState(state) && state.overlay === true };
  const action = popAction(from, current, { dropping, overlayOpen: overlays.some((o) => o.entry) });
  dropping = false;
  if (action !== 'navigate') {
    if (action === 'close-overlay') {
      const top = overlays.findLast((o) => o.entry)!;
      overlays.splice(overlays.indexOf(top), 1);
      top.close();
    }
    endTraversal();
    // One still open under it gets an entry again; an entry whose overlay has closed is stepped off.
    syncOverlayEntry();
    return;
  }
  const asked = traversal?.approved ?? false;
  if (!sameRoute(route, from.route) && !asked && leaveGuards.size && !(await mayLeave())) {
    // Stay: put the entry we left back on top of the one we arrived at.
    write(from.route, depth + 1, false);
    endTraversal();
    return;
  }
  if (!isEntryState(state)) write(route, depth, true);
  showFromHistory(route);
  endTraversal();
  syncOverlayEntry(); // (arrived on the entry of an overlay that has closed: off it, to its screen's)
}
