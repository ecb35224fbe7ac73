import { render } from 'preact';
import { effect } from '@preact/signals';
import { App } from './App';
import { closeDialogsOnBack } from './dialog';
import { settings, startApp } from './app-state';
import { closeSession, keepSavingKeptGames, openGame, session } from './games';
import { loadBookBytes } from './engine/book';
import { configureEngineBridge, setEngineThreads } from './engine/bridge';
import { threadsFor } from './engine/threads';
import { listenForInstallPrompt } from './install';
import { registerServiceWorker } from './pwa';
import { startRouter } from './router';
import { keepScreenAwakeDuringGames } from './wake-lock';
import './styles.css';

configureEngineBridge({ loadBook: loadBookBytes });
// The computer's threads follow the setting (the bridge asks for more than one only when isolated).
effect(() => setEngineThreads(threadsFor(settings.value.engineThreads, navigator.hardwareConcurrency)));
listenForInstallPrompt();
startRouter({
  openGame: async (id) => {
    await openGame({ id });
    return session.peek()?.id === id;
  },
  closeGame: closeSession,
});
keepScreenAwakeDuringGames();
closeDialogsOnBack();
render(<App />, document.getElementById('app')!);
void startApp().then(keepSavingKeptGames);
registerServiceWorker();
