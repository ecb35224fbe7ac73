/** The app shell: the screen shown, notices, dialogs, and the offline/update/install prompts. */
import { notices, ready, screen, settings, storageProblem } from './app-state';
import { DialogHost } from './dialog';
import { offlineReady, updateReady } from './pwa';
import { dismissInstall, install, installDismissed, installPrompt } from './install';
import { openingGame } from './router';
import { Home } from './screens/Home';
import { NewGame } from './screens/NewGame';
import { Play } from './screens/Play';
import { Games } from './screens/Games';
import { Players } from './screens/Players';
import { SettingsScreen } from './screens/Settings';
import { Rules } from './screens/Rules';
import { Tutorial } from './screens/Tutorial';
import { Puzzles } from './screens/Puzzles';
import { About } from './screens/About';
import { SharedGame } from './share';
import { Friend } from './screens/Friend';
import { BadLink } from './screens/LinkProblem';

const SCREENS = {
  home: Home,
  new: NewGame,
  demo: () => <NewGame demo />,
  play: Play,
  games: Games,
  players: Players,
  settings: SettingsScreen,
  rules: Rules,
  learn: Tutorial,
  puzzles: Puzzles,
  about: About,
  shared: SharedGame,
  friend: Friend,
  'bad-link': BadLink,
} as const;

export function App() {
  const Screen = SCREENS[screen.value];
  const theme = settings.value.theme;
  document.documentElement.dataset.theme = theme;
  document.documentElement.dataset.board = settings.value.boardStyle;
  return (
    <>
      {ready.value && !openingGame.value ? <Screen /> : <p class="loading">Loading…</p>}
      <DialogHost />
      <div class="toasts" aria-live="polite">
        {storageProblem.value && screen.value === 'home' && <p class="toast warn">{storageProblem.value}</p>}
        {offlineReady.value && <p class="toast">Ready to work offline.</p>}
        {updateReady.value && (
          <p class="toast">
            Update available.{' '}
            <button type="button" onClick={updateReady.value}>
              Reload
            </button>
          </p>
        )}
        {installPrompt.value && !installDismissed.value && screen.value === 'home' && (
          <p class="toast install-offer">
            <button type="button" class="primary" onClick={install}>
              Install Pente
            </button>
            <button type="button" onClick={dismissInstall}>
              Not now
            </button>
          </p>
        )}
        {notices.value.map((n) => (
          <p key={n.id} class={n.leaving ? 'toast notice-toast leaving' : 'toast notice-toast'}>
            {n.text}
          </p>
        ))}
      </div>
    </>
  );
}
