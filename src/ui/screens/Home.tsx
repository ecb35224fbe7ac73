import { resumable } from '../app-state';
import { openGame } from '../games';
import { type Route, navigate } from '../router';

const go = (s: Exclude<Route['screen'], 'play'>) => () => navigate({ screen: s });

export function Home() {
  const game = resumable.value;
  return (
    <main class="home">
      <h1 class="title">Pente</h1>
      <nav class="menu" aria-label="Main menu">
        {game && (
          <button type="button" class="primary" onClick={() => openGame(game)}>
            Continue game ({game.players[0].name} vs {game.players[1].name}, move {game.moves.length + 1})
          </button>
        )}
        <button type="button" class={game ? '' : 'primary'} onClick={go('new')}>
          New game
        </button>
        <button type="button" onClick={go('demo')}>
          Watch the computer (demo)
        </button>
        <button type="button" onClick={go('games')}>
          Games
        </button>
        <button type="button" onClick={go('players')}>
          Players
        </button>
        <button type="button" onClick={go('settings')}>
          Settings
        </button>
        <button type="button" onClick={go('rules')}>
          Rules and help
        </button>
        <button type="button" onClick={go('about')}>
          About
        </button>
      </nav>
    </main>
  );
}
