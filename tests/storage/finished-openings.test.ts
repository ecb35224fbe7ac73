/** The openings explorer's read of the library: finished games' openings from their summaries alone. */
import { describe, expect, it } from 'vitest';
import { type StoredGame, listFinishedOpenings, summarize } from '../../src/storage';
import { openFresh, sampleGame, unwrap } from './helpers';

const finished = (id: string, moves: string[], overrides: Partial<StoredGame> = {}): StoredGame =>
  sampleGame({ id, moves, status: 'finished', result: { winner: 1, reason: 'resignation' }, ...overrides });

describe('listFinishedOpenings', () => {
  it('lists every finished game but demos, empty and unreadable ones, across pages, and stops when aborted', async () => {
    const { db } = await openFresh();
    const games = [
      ...Array.from({ length: 1_203 }, (_, i) => finished(`g${String(i).padStart(5, '0')}`, ['K10', 'L9', 'N10'])),
      finished('demo', ['K10'], { demo: true }),
      finished('empty', []),
      sampleGame({ id: 'playing', moves: ['K10'], status: 'in-progress', result: null }),
    ];
    const tx = db.transaction(['games', 'summaries'], 'readwrite');
    for (const g of games) {
      void tx.objectStore('games').put(g);
      void tx.objectStore('summaries').put(summarize(g.id, g));
    }
    // A summary that fails its check is passed over (the library's check makes it again).
    void tx.objectStore('summaries').put({ id: 'odd', status: 'finished', opening: 'K10' });
    await tx.done;
    const listed = unwrap(await listFinishedOpenings(db));
    expect(listed).toHaveLength(1_203);
    expect(listed[0]).toEqual({
      variant: 'pente',
      size: 19,
      opening: 'K10 L9 N10',
      result: { winner: 1, reason: 'resignation' },
    });
    const stop = new AbortController();
    stop.abort();
    expect(unwrap(await listFinishedOpenings(db, stop.signal))).toEqual([]);
    db.close();
  });
});
