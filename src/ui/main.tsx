import { render } from 'preact';
import { App } from './App';
import { startApp } from './app-state';
import { loadBookBytes } from './engine/book';
import { configureEngineBridge } from './engine/bridge';
import { listenForInstallPrompt } from './install';
import { registerServiceWorker } from './pwa';
import './styles.css';

configureEngineBridge({ loadBook: loadBookBytes });
listenForInstallPrompt();
render(<App />, document.getElementById('app')!);
void startApp();
registerServiceWorker();
