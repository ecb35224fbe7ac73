/**
 * Who computes the computer's move when one game is open in several tabs or windows: the tab that holds
 * the game's turn lock (the Web Locks API, shared by every tab of this origin). The others wait in line
 * and show the move once its save reaches them (the store's watch); a tab that closes or dies lets go of
 * the lock, so the next in line takes over. Where the browser has no Web Locks, every tab thinks for
 * itself, and the store's revisions still let only one of their moves be saved.
 */
import type { TurnLocks } from './ports';

/** The name of a game's turn lock: one per game, so two different games think at once. */
export const turnLockName = (gameId: string): string => `pente-engine-${gameId}`;

/** What is used of the browser's LockManager (the tests give a fake with the same rules). */
export interface LockRequester {
  request<T>(name: string, options: { readonly signal?: AbortSignal }, callback: () => Promise<T>): Promise<T>;
}

/** TurnLocks over a LockManager (`navigator.locks`); null where there is none. */
export function webTurnLocks(locks: LockRequester | null | undefined): TurnLocks | null {
  if (!locks) return null;
  return {
    async hold(name, signal, work) {
      if (signal.aborted) return 'aborted';
      let granted = false;
      try {
        return await locks.request(name, { signal }, () => {
          granted = true;
          return work();
        });
      } catch (error) {
        // The signal aborted the wait (the lock manager rejects with its reason); work's own failure is work's.
        if (!granted && signal.aborted) return 'aborted';
        throw error;
      }
    },
  };
}
