/** What a first run starts with: the built-in players (one human, one computer per level) and the default settings. */
import { LEVELS } from '../core';
import type { ComputerPlayer, HumanPlayer, Settings, StoredPlayer } from './records';

/** A fixed id, so the new-game defaults can name this player before anything has been stored. */
export const DEFAULT_HUMAN_ID = 'player-1';

export const DEFAULT_HUMAN: HumanPlayer = { id: DEFAULT_HUMAN_ID, kind: 'human', name: 'Player 1' };

/** One computer player per built-in level, keeping the level's id so games and settings can refer to it. */
export const DEFAULT_COMPUTERS: readonly ComputerPlayer[] = LEVELS.map(
  ({ id, name, depth, timeMs, vision, judgement, book }) => ({
    id,
    kind: 'computer',
    name,
    depth,
    timeMs,
    vision,
    judgement,
    book,
  }),
);

/**
 * The players the app offers before anything is stored: the default human, then the computer players,
 * weakest first. The database's first upgrade step seeds the players store with exactly these, and the app
 * offers them from memory when there is no database (private browsing, blocked storage), so a game
 * against the computer can always be played.
 */
export function builtInPlayers(): StoredPlayer[] {
  return [DEFAULT_HUMAN, ...DEFAULT_COMPUTERS];
}

/** The opponent a first game is offered against: the gentlest level that still plays real moves. */
const FIRST_OPPONENT_ID = DEFAULT_COMPUTERS.find((c) => c.id === 'casual')?.id ?? DEFAULT_COMPUTERS[0]?.id ?? null;

export const DEFAULT_SETTINGS: Settings = {
  theme: 'system',
  language: 'auto',
  boardStyle: 'wood',
  soundVolume: 0.6,
  haptics: true,
  inputMode: 'two-tap',
  showCoordinates: true,
  showMoveNumbers: false,
  showEngineLine: false,
  rematchStarter: 'loser',
  engineThreads: 0,
  newGame: {
    players: [DEFAULT_HUMAN_ID, FIRST_OPPONENT_ID],
    variant: 'pente',
    size: 19,
    tournamentRule: true,
    timeControl: null,
  },
  lessonsDone: [],
  friendInvite: { name: '', variant: 'pente', size: 19, tournamentRule: true, colour: 'random' },
  relayEdits: { added: [], removed: [] },
  blockedKeys: [],
};
