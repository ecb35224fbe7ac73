import { render } from 'preact';
import { App } from './App';
import { startApp } from './app-state';
import { listenForInstallPrompt } from './install';
import { registerServiceWorker } from './pwa';
import './styles.css';

listenForInstallPrompt();
render(<App />, document.getElementById('app')!);
void startApp();
registerServiceWorker();
