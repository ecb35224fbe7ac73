import { describe, expect, it } from 'vitest';
import { type StoredAnalysis, deleteGame, getAnalysis, saveAnalysis, saveGame } from '../../src/storage';
import { openFresh, sampleGame, unwrap } from './helpers';

const analysis = (overrides: Partial<StoredAnalysis> = {}): StoredAnalysis => ({
  id: 'game-1',
  moves: ['K10', 'L9'],
  timeMs: 300,
  evals: [{ winChance: 0.55, best: 180, forcedWin: null }, null, null],
  updatedAt: 5_000,
  ...overrides,
});

describe('saved analyses', () => {
  it('saves an analysis and reads it back, with only its own fields', async () => {
    const { db } = await openFresh();
    expect(unwrap(await getAnalysis(db, 'game-1'))).toBeNull();
    unwrap(await saveAnalysis(db, { ...analysis(), extra: 1 } as StoredAnalysis));
    expect(unwrap(await getAnalysis(db, 'game-1'))).toEqual(analysis());
    const more = analysis({ evals: [analysis().evals[0]!, { winChance: 0.4, best: 200, forcedWin: -3 }, null] });
    unwrap(await saveAnalysis(db, more));
    expect(unwrap(await getAnalysis(db, 'game-1'))).toEqual(more);
    db.close();
  });

  it('reads a record that is not an analysis as none', async () => {
    const { db } = await openFresh();
    const bad = [
      { id: 'game-1', moves: 'K10', timeMs: 300, evals: [], updatedAt: 1 },
      analysis({ evals: [{ winChance: 2, best: 1, forcedWin: null }] }),
      analysis({ evals: [null, null, null, null] }), // more positions than the moves make
    ];
    for (const value of bad) {
      await db.put('analyses', value);
      expect(unwrap(await getAnalysis(db, 'game-1'))).toBeNull();
    }
    db.close();
  });

  it('is deleted with its game', async () => {
    const { db } = await openFresh();
    const game = unwrap(await saveGame(db, sampleGame()));
    unwrap(await saveAnalysis(db, analysis({ id: game.id })));
    unwrap(await deleteGame(db, game.id));
    expect(unwrap(await getAnalysis(db, game.id))).toBeNull();
    db.close();
  });
});
