/** Starting, resuming and rematching games: turns stored records into sessions. */
import { type BoardSize, type GameState, type VariantId, opponent } from '../core';
import {
  type ComputerPlayer,
  type GameSide,
  type StoredGame,
  type StoredPlayer,
  type TimeControl,
  newStoredGame,
  toGameState,
} from '../storage';
import { notify, players, screen, settings, updateSettings } from './app-state';
import { GameSession, type SessionSide } from './session';
import { signal } from '@preact/signals';

/** The session on the play screen. */
export const session = signal<GameSession | null>(null);

function sideOf(player: StoredPlayer): SessionSide {
  return player.kind === 'computer'
    ? { name: player.name, kind: 'computer', playerId: player.id, computer: player }
    : { name: player.name, kind: 'human', playerId: player.id };
}

/** A stored game's sides, with the computer players' current settings where they still exist. */
function sidesOf(game: StoredGame): [SessionSide, SessionSide] {
  const find = (side: GameSide): SessionSide => {
    const player = side.playerId ? players.value.find((p) => p.id === side.playerId) : undefined;
    if (side.kind === 'computer') {
      const computer = player?.kind === 'computer' ? player : fallbackComputer(side.name);
      return { ...side, computer };
    }
    return side;
  };
  return [find(game.players[0]), find(game.players[1])];
}

function fallbackComputer(name: string): ComputerPlayer {
  return { id: 'fallback', kind: 'computer', name, depth: 64, timeMs: 1000, vision: 100, judgement: 100, book: true };
}

function show(game: StoredGame, state: GameState, sides: [SessionSide, SessionSide], reviewAt?: number): void {
  session.value?.close();
  const s = new GameSession(game, state, sides);
  if (reviewAt !== undefined) s.review(reviewAt);
  session.value = s;
  screen.value = 'play';
}

export interface NewGameChoice {
  readonly player1: StoredPlayer;
  readonly player2: StoredPlayer;
  readonly variant: VariantId;
  readonly size: BoardSize;
  readonly tournamentRule: boolean;
  readonly timeControl: TimeControl | null;
  readonly demo?: boolean;
}

export function startGame(choice: NewGameChoice): void {
  const clocks = choice.timeControl
    ? {
        remainingMs: [choice.timeControl.initialMs, choice.timeControl.initialMs] as const,
        incrementMs: choice.timeControl.incrementMs,
      }
    : null;
  const sides: [SessionSide, SessionSide] = [sideOf(choice.player1), sideOf(choice.player2)];
  const game = newStoredGame({
    players: [strip(sides[0]), strip(sides[1])],
    variant: choice.variant,
    size: choice.size,
    tournamentRule: choice.tournamentRule,
    clocks,
    demo: choice.demo ?? false,
  });
  const state = toGameState(game);
  if (!state.ok) return notify(state.error.message);
  show(game, state.value, sides);
  if (!choice.demo) {
    void updateSettings({
      newGame: {
        players: [choice.player1.id, choice.player2.id],
        variant: choice.variant,
        size: choice.size,
        tournamentRule: choice.tournamentRule,
        timeControl: choice.timeControl,
      },
    });
  }
}

const strip = (side: SessionSide): GameSide => ({
  name: side.name,
  kind: side.kind,
  ...(side.playerId ? { playerId: side.playerId } : {}),
});

/** Opens a stored game: an unfinished one to play on, a finished one in review from the start. */
export function openGame(game: StoredGame): void {
  const state = toGameState(game);
  if (!state.ok) return notify(`This game cannot be opened: ${state.error.message}`);
  show(game, state.value, sidesOf(game), game.status === 'finished' ? 0 : undefined);
}

/** A new game between the same players; who starts follows the rematch setting. */
export function rematch(current: GameSession): void {
  const s = current.state.value;
  const [a, b] = current.sides;
  const rule = settings.value.rematchStarter;
  const loser = s.result?.winner ? opponent(s.result.winner) : null;
  const swap = rule === 'alternate' || (rule === 'loser' && loser === 2);
  const first = swap ? b : a;
  const second = swap ? a : b;
  const asPlayer = (side: SessionSide): StoredPlayer =>
    side.computer ?? { id: side.playerId ?? 'guest', kind: 'human', name: side.name };
  const { variant, size, tournamentRule } = s.rules;
  startGame({
    player1: asPlayer(first),
    player2: asPlayer(second),
    variant: variant.id,
    size,
    tournamentRule,
    timeControl: settings.value.newGame.timeControl,
    demo: current.isDemo,
  });
}
