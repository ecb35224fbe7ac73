/**
 * The app's shared state when the browser offers no IndexedDB (private browsing, blocked storage): the
 * built-in players are offered from memory, so a game against the computer can still be set up.
 * (Node has no global indexedDB, which is exactly that situation.)
 */
import { describe, expect, it } from 'vitest';
import { LEVELS } from '../../../src/core';
import { DEFAULT_SETTINGS, builtInPlayers } from '../../../src/storage';
import { db, players, ready, startApp, storageProblem } from '../../../src/ui/shell/app-state';

describe('app state without IndexedDB', () => {
  it('offers the default human and one computer player per level', async () => {
    expect(typeof indexedDB).toBe('undefined');
    await startApp();
    expect(ready.value).toBe(true);
    expect(db.value).toBeNull();
    expect(storageProblem.value).toMatch(/cannot be saved/);
    expect(players.value).toEqual(builtInPlayers());
    const computers = players.value.filter((p) => p.kind === 'computer');
    expect(computers.map((c) => c.id)).toEqual(LEVELS.map((l) => l.id));
    // The new-game defaults name players that exist without a database.
    const ids = players.value.map((p) => p.id);
    for (const id of DEFAULT_SETTINGS.newGame.players) if (id !== null) expect(ids).toContain(id);
  });
});
