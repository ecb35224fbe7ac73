/**
 * Many stored-game records for the big-library e2e test and `npm run measure:games-list`: the app's own
 * record shape (src/storage/records.ts), with legal moves. A few hundred distinct move lists are made with
 * the core and shared round-robin, since replaying thousands of random games here would be slow and adds
 * nothing to what the list screen is measured on.
 */
import { type BoardSize, formatPoint, newGame, play } from '../../src/core';
import { gameIdentity, textHash } from '../../src/storage/game-record';
import type { StoredGame } from '../../src/storage/records';
import { type GameSummary, type SummaryRecord, isDamaged, mySideOf, summarize } from '../../src/storage/summaries';
import { rng as seededRandom } from '../../tests/helpers';

/** Up to `plies` random legal moves anywhere on the board, stopping early if the game ends. */
function randomMoves(size: BoardSize, plies: number, random: () => number): string[] {
  let state = newGame({ variant: 'pente', size });
  for (let tries = 0; state.moves.length < plies && !state.result && tries < 10 * plies; tries++) {
    const next = play(state, Math.floor(random() * size * size));
    if (next.ok) state = next.value;
  }
  // A game that ended is cut back one move, so every record is a game still in play or resigned.
  const moves = state.result ? state.moves.slice(0, -1) : state.moves;
  return moves.map((p) => formatPoint(size, p));
}

const NAMES = ['Ann', 'Bob', 'Carol', 'Dmitri', 'Eve', 'Fatima', 'Gus', 'Hiro', 'Ines', 'Jo'];

/** `count` game records, half unfinished and half finished (by resignation), updated over the last year. */
export function sampleLibrary(count: number, seed = 1): StoredGame[] {
  const random = seededRandom(seed);
  const sizes: BoardSize[] = [19, 13];
  const openings = Array.from({ length: 200 }, (_, i) => {
    const size = sizes[i % 2]!;
    return { size, moves: randomMoves(size, 4 + Math.floor(random() * 37), random) };
  });
  const now = Date.UTC(2026, 0, 1);
  return Array.from({ length: count }, (_, i) => {
    const { size, moves } = openings[i % openings.length]!;
    const finished = i % 2 === 1;
    const updatedAt = now - i * 3_600_000;
    return {
      id: `sample-${String(i).padStart(5, '0')}`,
      variant: 'pente',
      size,
      tournamentRule: true,
      players: [
        { name: NAMES[i % NAMES.length]!, kind: 'human' },
        { name: NAMES[(i * 7 + 3) % NAMES.length]!, kind: 'human' },
      ],
      moves,
      clocks: null,
      createdAt: updatedAt - 600_000,
      updatedAt,
      status: finished ? 'finished' : 'in-progress',
      result: finished ? { winner: 1, reason: 'resignation' } : null,
      demo: false,
      revision: 1,
    };
  });
}

/**
 * The summaries of sampleLibrary's games (src/storage/summaries.ts), as an import would have written them,
 * made fast: the moves of each distinct position are replayed once (summarize), and each game's own fields
 * (id, names, dates, identity) are put on that summary. The first game of every position is summarised in
 * full and must come out the same, so this cannot drift from summarize unnoticed.
 */
export function sampleSummaries(games: readonly StoredGame[]): SummaryRecord[] {
  const replayed = new Map<string, SummaryRecord>();
  return games.map((game) => {
    const shape = JSON.stringify([game.variant, game.size, game.moves, game.status, game.result]);
    const known = replayed.get(shape);
    if (!known || isDamaged(known)) {
      const summary = summarize(game.id, game);
      if (!known) replayed.set(shape, summary);
      return summary;
    }
    const fast: GameSummary = {
      ...known,
      id: game.id,
      players: [game.players[0].name, game.players[1].name],
      me: mySideOf(game),
      createdAt: game.createdAt,
      updatedAt: game.updatedAt,
      revision: game.revision,
      identity: textHash(gameIdentity(game)),
      listedAt: game.updatedAt,
    };
    return fast;
  });
}
