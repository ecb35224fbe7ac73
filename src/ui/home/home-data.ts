/**
 * What Home shows besides Continue, read from storage before the app's first render (app-state's
 * startApp) so that Home is drawn once, in its final layout: whether the player has any game stored (a
 * first-time player is offered the lessons) and the last few results. Home reads it again each time it is
 * shown, keeping the values it has meanwhile.
 */
import { signal } from '@preact/signals';
import { type GameResult, VARIANTS, movesCountOf } from '../../core';
import { type GameSummary, type PenteDb, hasGames, listFriendGames, listGameSummaries } from '../../storage';

/** A finished game as Home's results list needs it. */
export interface RecentResult {
  readonly id: string;
  readonly players: readonly [{ readonly name: string }, { readonly name: string }];
  readonly result: GameResult;
  readonly updatedAt: number;
  /** Its length as the move list counts it: full moves (Connect6: turns). */
  readonly moves: number;
}

export type HomeData =
  | { readonly kind: 'unknown' }
  | {
      readonly kind: 'read';
      /** null: the count could not be read (no lessons offered on a guess). */
      readonly hasGames: boolean | null;
      readonly recent: readonly RecentResult[];
      /** Unfinished games with a friend by links, last move first. */
      readonly friends: readonly GameSummary[];
      /** Why the results could not be read, when they could not. */
      readonly problem: string | null;
    };

export const RECENT_COUNT = 3;

/** Home's data; `unknown` until read (and for good without a database: no games, no results). */
export const homeData = signal<HomeData>({ kind: 'unknown' });

/**
 * Reads whether any game is stored, the last finished games (newest first) and the friend games, each
 * through an index: what Home costs does not grow with the library.
 */
export async function readHomeData(db: PenteDb): Promise<HomeData> {
  const [any, finished, friends] = await Promise.all([
    hasGames(db),
    // The Finished tab's first page: games imported from elsewhere are not the player's own results.
    listGameSummaries(db, { shelf: 'finished', limit: RECENT_COUNT }),
    listFriendGames(db),
  ]);
  const recent = finished.ok
    ? finished.value.games.flatMap(({ id, players, result, updatedAt, moveCount, variant }) =>
        result
          ? [
              {
                id,
                players: [{ name: players[0] }, { name: players[1] }] as const,
                result,
                updatedAt,
                moves: movesCountOf(VARIANTS[variant], moveCount),
              },
            ]
          : [],
      )
    : [];
  return {
    kind: 'read',
    hasGames: any.ok ? any.value : null,
    recent,
    friends: friends.ok ? friends.value : [],
    // The words for storage failures are a chunk of their own, fetched only when one happens.
    problem: finished.ok ? null : (await import('../words/storage-words')).storageErrorText(finished.error),
  };
}

/** Reads Home's data again (a no-op without a database). */
export async function refreshHomeData(db: PenteDb | null): Promise<void> {
  if (db) homeData.value = await readHomeData(db);
}
