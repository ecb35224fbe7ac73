import { describe, expect, it } from 'vitest';
import { LEVELS } from '../../src/core';
import { UPGRADE_STEPS, type ComputerPlayer, getPlayer, listPlayers, openDatabase } from '../../src/storage';
import { LEVELS_BEFORE_LADDER, LEVELS_OF_LADDER_1, LEVELS_OF_LADDER_2 } from '../../src/storage/level-upgrade';
import { errorOf, freshFactory, rawOpen, unwrap } from './helpers';

/** A database of `version` whose players store holds `players` (as an earlier release left it). */
async function versionWith(factory: IDBFactory, version: number, players: readonly object[]): Promise<void> {
  unwrap(await openDatabase({ factory, upgradeSteps: UPGRADE_STEPS.slice(0, version) })).close();
  const old = await rawOpen(factory, version);
  await new Promise<void>((resolve, reject) => {
    const tx = old.transaction('players', 'readwrite');
    tx.objectStore('players').clear();
    for (const p of players) tx.objectStore('players').put(p);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  old.close();
}
const version3With = (factory: IDBFactory, players: readonly object[]) => versionWith(factory, 3, players);

const oldBuiltIn = (id: string): ComputerPlayer => ({ id, kind: 'computer', ...LEVELS_BEFORE_LADDER[id]! });

describe('versions 4 and 5: the built-in levels re-tuned on the ladder', () => {
  it('moves the newest table to the levels as they are now (a re-tune needs a new step)', () => {
    expect(Object.keys(LEVELS_OF_LADDER_2)).toEqual(LEVELS.map((l) => l.id));
    for (const { id, name, depth, timeMs, vision, judgement, book } of LEVELS)
      expect(LEVELS_OF_LADDER_2[id]).toEqual({ name, depth, timeMs, vision, judgement, book });
  });

  it('takes a version-3 database through both steps: the levels step 4 adds get the settings of step 5', async () => {
    const factory = freshFactory();
    await version3With(factory, [
      { id: 'player-1', kind: 'human', name: 'Player 1' },
      oldBuiltIn('beginner'),
      { ...oldBuiltIn('casual'), timeMs: 2000 }, // edited
      { ...oldBuiltIn('intermediate'), name: 'Robo' }, // renamed only
      oldBuiltIn('advanced'),
      oldBuiltIn('expert'),
      // Master deleted; a computer player of the person's own already named like a new level.
      { id: 'mine', kind: 'computer', name: 'Novice', depth: 3, timeMs: 500, vision: 50, judgement: 50, book: false },
    ]);
    const db = unwrap(await openDatabase({ factory }));
    const level = (id: string) => LEVELS.find((l) => l.id === id)!;
    const settings = (id: string) => {
      const { depth, timeMs, vision, judgement, book } = level(id);
      return { depth, timeMs, vision, judgement, book };
    };
    expect(unwrap(await getPlayer(db, 'beginner'))).toEqual({
      id: 'beginner',
      kind: 'computer',
      name: 'Beginner',
      ...settings('beginner'),
    });
    expect(unwrap(await getPlayer(db, 'casual'))).toEqual({ ...oldBuiltIn('casual'), timeMs: 2000 });
    expect(unwrap(await getPlayer(db, 'intermediate'))).toMatchObject({ name: 'Robo', ...settings('intermediate') });
    expect(unwrap(await getPlayer(db, 'expert'))).toMatchObject(settings('expert'));
    expect(errorOf(await getPlayer(db, 'master')).kind).toBe('not-found');
    expect(errorOf(await getPlayer(db, 'novice')).kind).toBe('not-found');
    expect(unwrap(await getPlayer(db, 'mine'))).toMatchObject({ name: 'Novice', depth: 3 });
    const added = LEVELS.filter((l) => !(l.id in LEVELS_BEFORE_LADDER) && l.id !== 'novice');
    expect(added.length).toBeGreaterThan(0);
    for (const l of added)
      expect(unwrap(await getPlayer(db, l.id))).toEqual({
        id: l.id,
        kind: 'computer',
        name: l.name,
        ...settings(l.id),
      });
    // Everything lists, weakest first.
    const { players, skipped } = unwrap(await listPlayers(db));
    expect(skipped).toEqual([]);
    expect(players).toHaveLength(7 + added.length);
    db.close();
  });

  it("version 5 re-tunes the first ladder's unedited players and adds its new levels", async () => {
    const factory = freshFactory();
    const ladder1 = (id: string): ComputerPlayer => ({ id, kind: 'computer', ...LEVELS_OF_LADDER_1[id]! });
    await versionWith(factory, 4, [
      ...Object.keys(LEVELS_OF_LADDER_1)
        .filter((id) => id !== 'master' && id !== 'first-steps')
        .map(ladder1),
      { ...ladder1('first-steps'), judgement: 50 }, // edited; Master deleted
      // One of the person's own already named like a new level.
      { id: 'mine', kind: 'computer', name: 'Starter', depth: 2, timeMs: 500, vision: 50, judgement: 50, book: false },
    ]);
    const db = unwrap(await openDatabase({ factory }));
    for (const id of Object.keys(LEVELS_OF_LADDER_1).filter((id) => id !== 'master' && id !== 'first-steps'))
      expect(unwrap(await getPlayer(db, id))).toEqual({ id, kind: 'computer', ...LEVELS_OF_LADDER_2[id]! });
    expect(unwrap(await getPlayer(db, 'first-steps'))).toEqual({ ...ladder1('first-steps'), judgement: 50 });
    expect(errorOf(await getPlayer(db, 'master')).kind).toBe('not-found');
    expect(errorOf(await getPlayer(db, 'starter')).kind).toBe('not-found');
    expect(unwrap(await getPlayer(db, 'mine'))).toMatchObject({ name: 'Starter', depth: 2 });
    expect(unwrap(await getPlayer(db, 'first-game'))).toEqual({
      id: 'first-game',
      kind: 'computer',
      ...LEVELS_OF_LADDER_2['first-game']!,
    });
    db.close();
  });
});
