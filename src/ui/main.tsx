// First: the global styles come before every feature's own stylesheet (imported by its modules), as their
// rules were ordered when they were one file.
import './styles.css';
import { render } from 'preact';
import { effect } from '@preact/signals';
import { App, preloadLikelyScreens } from './shell/App';
import { closeDialogsOnBack } from './shell/dialog';
import { settings, startApp } from './shell/app-state';
import { listenForInstallPrompt } from './shell/install';
import { nextTask, whenIdle } from './shell/lazy-screen';
import { prepareTimeAgo } from './words/game-words';
import { loadBookBytes } from './engine/book-loader';
import { configureEngineBridge, setEngineThreads } from './engine/page-options';
import { threadsFor } from './engine/threads';
import { registerServiceWorker } from './shell/pwa';
import { startRouter } from './shell/router';

/** The live session (live-session.ts, with the play controller), its own chunk: loaded by the first game opened. */
const liveSession = () => import('./play/live-session');

// The engine's bridge itself (Comlink, the worker protocol) is loaded by the first screen that asks the
// engine for anything; it reads these when it is made (engine/page-options.ts).
configureEngineBridge({ loadBook: loadBookBytes });
// The computer's threads follow the setting (the bridge asks for more than one only when isolated).
effect(() => setEngineThreads(threadsFor(settings.value.engineThreads, navigator.hardwareConcurrency)));
listenForInstallPrompt();
startRouter({
  openGame: async (id) => {
    const { openGame, session } = await liveSession();
    await openGame({ id });
    return session.peek()?.id === id;
  },
  // No session can be live before its module has loaded.
  closeGame: () => liveSession().then((m) => m.closeSession()),
});
closeDialogsOnBack();
// The first render, and then the formatters Home's Continue card uses, each in a task of its own: the
// modules' evaluation is one task however the first screen's code is split, and with the render and its
// layout in it too it ran past 50 ms (a trace of a cold start: 24 ms of CPU, 51-84 ms on a loaded machine).
// Home is drawn only once storage has been read (app-state's startApp), long after both.
nextTask(() => {
  render(<App />, document.getElementById('app')!);
  nextTask(prepareTimeAgo);
});
/** What follows the first screen, once the page is idle: also after a start that failed (it says why). */
const afterFirstScreen = () =>
  whenIdle(() => {
    // After the first screen is drawn: workbox-window is a chunk of its own, which the first screen (60 KB
    // gzipped at most, counted until Home is drawn) does not carry.
    void registerServiceWorker();
    preloadLikelyScreens();
    // Games kept while storage was full are tried again at start and every few seconds (live-session.ts).
    void liveSession().then((m) => m.keepSavingKeptGames());
    void import('./shell/wake-lock').then((m) => m.keepScreenAwakeDuringGames());
  });
void startApp().then(afterFirstScreen, afterFirstScreen);
