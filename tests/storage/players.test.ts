import { describe, expect, it } from 'vitest';
import { LEVELS } from '../../src/core';
import {
  builtInPlayers,
  type ComputerPlayer,
  DEFAULT_HUMAN_ID,
  addPlayer,
  deletePlayer,
  getPlayer,
  listPlayers,
  openDatabase,
  savePlayer,
} from '../../src/storage';
import { errorOf, freshFactory, openFresh, rawOpen, rawPut, unwrap } from './helpers';

describe('players', () => {
  it('start with "Player 1" and one computer player per level, weakest first', async () => {
    const { db } = await openFresh();
    const { players, skipped } = unwrap(await listPlayers(db));
    expect(skipped).toEqual([]);
    expect(players[0]).toEqual({ id: DEFAULT_HUMAN_ID, kind: 'human', name: 'Player 1' });
    const computers = players.slice(1) as ComputerPlayer[];
    expect(computers.map((c) => c.id)).toEqual(LEVELS.map((l) => l.id));
    // A computer player carries every level setting the engine reads (and not the level's measured Elo).
    expect(computers.map(({ kind: _kind, ...level }) => level)).toEqual(LEVELS.map(({ elo: _elo, ...level }) => level));
    db.close();
  });

  it('are seeded with exactly the built-in players the app offers without a database', async () => {
    const { db } = await openFresh();
    expect(unwrap(await listPlayers(db)).players).toEqual(builtInPlayers());
    db.close();
  });

  it('are created only on the first run', async () => {
    const factory = freshFactory();
    const first = unwrap(await openDatabase({ factory }));
    unwrap(await deletePlayer(first, 'master'));
    first.close();
    const again = unwrap(await openDatabase({ factory }));
    expect(errorOf(await getPlayer(again, 'master')).kind).toBe('not-found');
    expect(unwrap(await listPlayers(again)).players).toHaveLength(LEVELS.length);
    again.close();
  });

  it('can be added, renamed, given new settings and deleted', async () => {
    const { db } = await openFresh();
    const bob = unwrap(await addPlayer(db, { kind: 'human', name: '  Bob ' }));
    expect(bob).toMatchObject({ kind: 'human', name: 'Bob' });
    expect(unwrap(await getPlayer(db, bob.id))).toEqual(bob);

    unwrap(await savePlayer(db, { ...bob, name: 'Robert' }));
    expect(unwrap(await getPlayer(db, bob.id)).name).toBe('Robert');

    const casual = unwrap(await getPlayer(db, 'casual')) as ComputerPlayer;
    unwrap(await savePlayer(db, { ...casual, name: 'Slow casual', timeMs: 5_000 }));
    expect(unwrap(await getPlayer(db, 'casual'))).toMatchObject({ name: 'Slow casual', timeMs: 5_000 });

    unwrap(await deletePlayer(db, bob.id));
    expect(errorOf(await getPlayer(db, bob.id)).kind).toBe('not-found');
    db.close();
  });

  it('list by kind', async () => {
    const { db } = await openFresh();
    const humans = unwrap(await listPlayers(db, 'human')).players;
    expect(humans.map((p) => p.name)).toEqual(['Player 1']);
    expect(unwrap(await listPlayers(db, 'computer')).players).toHaveLength(LEVELS.length);
    db.close();
  });

  it('have names unique per kind', async () => {
    const { db } = await openFresh();
    const error = errorOf(await addPlayer(db, { kind: 'human', name: 'Player 1' }));
    expect(error).toEqual({
      kind: 'duplicate',
      problem: { kind: 'name-taken', name: 'Player 1', computer: false },
      message: 'There is already a player named "Player 1".',
    });

    const bob = unwrap(await addPlayer(db, { kind: 'human', name: 'Bob' }));
    expect(errorOf(await savePlayer(db, { ...bob, name: 'Player 1' })).kind).toBe('duplicate');

    const clone = {
      kind: 'computer',
      name: 'Expert',
      depth: 3,
      timeMs: 100,
      vision: 50,
      judgement: 50,
      book: false,
    } as const;
    expect(errorOf(await addPlayer(db, clone)).message).toMatch(/computer player named "Expert"/);
    // A person may share a name with a computer player.
    unwrap(await addPlayer(db, { kind: 'human', name: 'Expert' }));
    // Saving a player under its own name is not a clash.
    unwrap(await savePlayer(db, bob));
    db.close();
  });

  it('are validated before they are stored', async () => {
    const { db } = await openFresh();
    expect(errorOf(await addPlayer(db, { kind: 'human', name: '   ' })).kind).toBe('invalid');
    const bad = {
      kind: 'computer',
      name: 'Deep',
      depth: 0,
      timeMs: 100,
      vision: 50,
      judgement: 50,
      book: false,
    } as const;
    expect(errorOf(await addPlayer(db, bad)).message).toMatch(/depth/);
    db.close();
  });

  it('skip and report a corrupted record', async () => {
    const { db, factory } = await openFresh();
    const raw = await rawOpen(factory);
    await rawPut(raw, 'players', { id: 'ghost', kind: 'robot', name: 'Ghost' });
    raw.close();
    const { players, skipped } = unwrap(await listPlayers(db));
    expect(players).toHaveLength(LEVELS.length + 1);
    expect(skipped).toEqual([{ id: 'ghost', reason: 'the kind is not "human" or "computer"' }]);
    db.close();
  });
});
