/** Home's data, read before the first render: whether any game is stored, and the last three results. */
import { describe, expect, it } from 'vitest';
import { saveGame } from '../../../src/storage';
import { homeData, readHomeData, refreshHomeData } from '../../../src/ui/home/home-data';
import { openFresh, sampleGame, unwrap } from '../../storage/helpers';

const finished = (updatedAt: number, overrides: Parameters<typeof sampleGame>[0] = {}) =>
  sampleGame({
    moves: ['K10', 'L9'],
    status: 'finished',
    result: { winner: 1, reason: 'resignation' },
    updatedAt,
    ...overrides,
  });

describe('home data', () => {
  it('says a fresh database has no games and no results', async () => {
    const { db } = await openFresh();
    expect(await readHomeData(db)).toEqual({ kind: 'read', hasGames: false, recent: [], friends: [], problem: null });
  });

  it('lists the three newest finished games, demonstrations and unfinished games aside', async () => {
    const { db } = await openFresh();
    unwrap(await saveGame(db, sampleGame(), 0, 500));
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(unwrap(await saveGame(db, finished(1_000 + i), 0, 1_000 + i)).id);
    unwrap(await saveGame(db, finished(9_000, { demo: true }), 0, 9_000));
    const data = await readHomeData(db);
    expect(data.kind === 'read' && data.hasGames).toBe(true);
    if (data.kind !== 'read') throw new Error('not read');
    expect(data.recent.map((r) => r.id)).toEqual([ids[4], ids[3], ids[2]]);
    expect(data.recent[0]).toEqual({
      id: ids[4],
      players: [{ name: 'Alice' }, { name: 'Casual' }],
      result: { winner: 1, reason: 'resignation' },
      updatedAt: 1_004,
      moves: 1, // two stones: Black's and White's move 1
    });
  });

  it('an unfinished game alone counts as a game stored (no lessons offered), with no results', async () => {
    const { db } = await openFresh();
    unwrap(await saveGame(db, sampleGame(), 0, 500));
    expect(await readHomeData(db)).toEqual({ kind: 'read', hasGames: true, recent: [], friends: [], problem: null });
  });

  it('is left unknown without a database', async () => {
    homeData.value = { kind: 'unknown' };
    await refreshHomeData(null);
    expect(homeData.value).toEqual({ kind: 'unknown' });
  });
});
