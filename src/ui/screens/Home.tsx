import { type Screen, players, resumable, screen, settings } from '../app-state';
import { openGame, startGame } from '../games';
import type { ComputerPlayer } from '../../storage';

const go = (s: Screen) => () => (screen.value = s);

function startDemo() {
  const computers = players.value.filter((p): p is ComputerPlayer => p.kind === 'computer');
  const strong = computers.find((p) => p.id.endsWith('advanced')) ?? computers.at(-1);
  const other = computers.find((p) => p.id.endsWith('intermediate')) ?? computers[0];
  if (!strong || !other) return;
  const { variant, size, tournamentRule } = settings.value.newGame;
  startGame({ player1: strong, player2: other, variant, size, tournamentRule, timeControl: null, demo: true });
}

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
        <button type="button" onClick={startDemo}>
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
