import { render } from 'preact';
import { App } from './App';
import { startApp } from './app-state';
import { closeSession, openGame, session } from './games';
import { loadBookBytes } from './engine/book';
import { configureEngineBridge } from './engine/bridge';
import { listenForInstallPrompt } from './install';
import { registerServiceWorker } from './pwa';
import { startRouter } from './router';
import { keepScreenAwakeDuringGames } from './wake-lock';
import './styles.css';

configureEngineBridge({ loadBook: loadBookBytes });
listenForInstallPrompt();
startRouter({
  openGame: async (id) => {
    await openGame({ id });
    return session.peek()?.id === id;
  },
  closeGame: closeSession,
});
keepScreenAwakeDuringGames();
render(<App />, document.getElementById('app')!);
void startApp();
registerServiceWorker();
