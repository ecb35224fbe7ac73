import { render } from 'preact';
import { effect } from '@preact/signals';
import { App, preloadLikelyScreens } from './shell/App';
import { closeDialogsOnBack } from './shell/dialog';
import { settings, startApp } from './shell/app-state';
import { listenForInstallPrompt } from './shell/install';
import { whenIdle } from './shell/lazy-screen';
import { registerServiceWorker } from './shell/pwa';
import { startRouter } from './shell/router';
import './styles.css';

/** The live session (live-session.ts, with the play controller), its own chunk: loaded by the first game opened. */
const liveSession = () => import('./play/live-session');

// The engine's bridge (with Comlink and the worker protocol) is its own chunk, out of the first screen: Home
// never asks the engine. It is asked for at once, so it is configured before any screen that imports it can
// ask it anything (that screen's chunk evaluates the same module, after this import was started).
void Promise.all([import('./engine/bridge'), import('./engine/book-loader'), import('./engine/threads')]).then(
  ([{ configureEngineBridge, setEngineThreads }, { loadBookBytes }, { threadsFor }]) => {
    configureEngineBridge({ loadBook: loadBookBytes });
    // The computer's threads follow the setting (the bridge asks for more than one only when isolated).
    effect(() => setEngineThreads(threadsFor(settings.value.engineThreads, navigator.hardwareConcurrency)));
  },
);
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
render(<App />, document.getElementById('app')!);
void startApp().then(() =>
  whenIdle(() => {
    preloadLikelyScreens();
    // Games kept while storage was full are tried again at start and every few seconds (live-session.ts).
    void liveSession().then((m) => m.keepSavingKeptGames());
    void import('./shell/wake-lock').then((m) => m.keepScreenAwakeDuringGames());
  }),
);
registerServiceWorker();
