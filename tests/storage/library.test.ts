import { describe, expect, it, vi } from 'vitest';
import {
  EXPORT_FORMAT,
  type GameSummary,
  checkLibrary,
  type StoredGame,
  deleteGame,
  exportAll,
  exportText,
  findResumableGame,
  getRawGame,
  importAll,
  importRecords,
  listGameSummaries,
  listGames,
  parseGameRecord,
  saveGame,
} from '../../src/storage';
import { COMPUTER, errorOf, openFresh, rawOpen, rawPut, sampleGame, unwrap } from './helpers';

const ids = (list: readonly { id: unknown }[]) => list.map((g) => g.id);

/** Reads the summaries store as it is. */
async function storedSummaries(db: Awaited<ReturnType<typeof openFresh>>['db']) {
  return (await db.transaction('summaries').store.getAll()) as GameSummary[];
}

describe('summaries', () => {
  it('are written, updated and deleted with their games', async () => {
    const { db } = await openFresh();
    const saved = unwrap(await saveGame(db, sampleGame(), 0, 2_000));
    expect(await storedSummaries(db)).toEqual([
      expect.objectContaining({
        id: saved.id,
        status: 'in-progress',
        players: ['Alice', 'Casual'],
        moveCount: 0,
        updatedAt: 2_000,
        revision: 1,
      }),
    ]);
    const finished = unwrap(
      await saveGame(
        db,
        { ...saved, moves: ['K10', 'L9'], status: 'finished', result: { winner: 2, reason: 'resignation' } },
        1,
        3_000,
      ),
    );
    expect(await storedSummaries(db)).toEqual([
      expect.objectContaining({ status: 'finished', moveCount: 2, updatedAt: 3_000, revision: 2 }),
    ]);
    // A refused save (a conflict) changes neither the game nor its summary.
    expect(errorOf(await saveGame(db, { ...saved, moves: ['K10'] }, 1)).kind).toBe('conflict');
    expect((await storedSummaries(db))[0]).toMatchObject({ moveCount: 2, revision: finished.revision });
    unwrap(await deleteGame(db, saved.id));
    expect(await storedSummaries(db)).toEqual([]);
    db.close();
  });

  it('are made for games stored without one, and dropped when their game is gone', async () => {
    const { db, factory } = await openFresh();
    const raw = await rawOpen(factory);
    await rawPut(raw, 'games', { ...sampleGame({ updatedAt: 7_000 }), id: 'written-by-hand' });
    await rawPut(raw, 'summaries', { id: 'orphan', status: 'in-progress' });
    raw.close();
    // One summary written, one deleted.
    expect(unwrap(await checkLibrary(db))).toBe(2);
    const library = unwrap(await listGameSummaries(db));
    expect(ids(library.games)).toEqual(['written-by-hand']);
    expect(ids(await storedSummaries(db))).toEqual(['written-by-hand']);
    db.close();
  });

  it('when each summary takes the whole slice of time, summarises one game a chunk and reaches every game', async () => {
    const { db, factory } = await openFresh();
    const raw = await rawOpen(factory);
    const hand = Array.from({ length: 7 }, (_, i) => `by-hand-${i}`);
    for (const id of hand) await rawPut(raw, 'games', { ...sampleGame({ updatedAt: 7_000 }), id });
    raw.close();
    // A clock that moves 20 ms between any two readings: every slice is over after its first game.
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 20));
    const transactions = vi.spyOn(db, 'transaction');
    try {
      expect(unwrap(await checkLibrary(db))).toBe(7);
    } finally {
      now.mockRestore();
    }
    // One transaction per game summarised (the check's mark is written in a transaction of its own).
    const summarising = transactions.mock.calls.filter(
      ([stores, mode]) => mode === 'readwrite' && String(stores) === 'games,summaries',
    );
    expect(summarising).toHaveLength(7);
    transactions.mockRestore();
    expect(ids(await storedSummaries(db)).sort()).toEqual(hand);
    db.close();
  });
});

describe('a page of the list', () => {
  it('holds the first games in order and says whether there are more, for any sort', async () => {
    const { db } = await openFresh();
    for (let i = 0; i < 7; i++) {
      const players = [{ name: `P${6 - i}`, kind: 'human' as const }, COMPUTER] as const;
      unwrap(await saveGame(db, sampleGame({ players }), 0, 1_000 + i));
    }
    unwrap(await saveGame(db, sampleGame({ demo: true }), 0, 9_000));
    const page = async (limit: number, sortBy?: 'date' | 'player1', descending?: boolean) =>
      unwrap(await listGameSummaries(db, { status: 'in-progress', limit, sortBy, descending }));
    const first = await page(3);
    expect(first.games.map((g) => g.updatedAt)).toEqual([1_006, 1_005, 1_004]);
    expect(first.more).toBe(true);
    expect((await page(3, 'date', false)).games.map((g) => g.updatedAt)).toEqual([1_000, 1_001, 1_002]);
    expect((await page(3, 'player1')).games.map((g) => g.players[0])).toEqual(['P0', 'P1', 'P2']);
    const all = await page(7);
    expect(all.games).toHaveLength(7);
    expect(all.more).toBe(false);
    db.close();
  });
});

describe('damaged records', () => {
  /** Two good games, and a damaged record of every kind, written without summaries as a tool might. */
  async function libraryWithDamage() {
    const { db, factory } = await openFresh();
    const older = unwrap(await saveGame(db, sampleGame({ moves: ['K10'] }), 0, 1_000));
    const newer = unwrap(await saveGame(db, sampleGame({ moves: ['K10', 'L9'] }), 0, 2_000));
    const raw = await rawOpen(factory);
    const good = sampleGame();
    // Passes the shape check; L10 breaks the tournament rule at move 3.
    await rawPut(raw, 'games', { ...good, id: 'bad-moves', moves: ['K10', 'L9', 'L10'], updatedAt: 9_000 });
    await rawPut(raw, 'games', { id: 'missing-fields', updatedAt: 8_000 });
    const { status: _status, ...noStatus } = good;
    await rawPut(raw, 'games', { ...noStatus, id: 'no-status', updatedAt: 3_000 });
    await rawPut(raw, 'games', {
      ...good,
      id: 'unknown-variant',
      variant: 'chess',
      updatedAt: 'yesterday',
      createdAt: null,
    });
    raw.close();
    // What the app does after its first screen: the damaged records get their summaries.
    expect(unwrap(await checkLibrary(db))).toBe(4);
    return { db, factory, older, newer };
  }

  it('are listed apart and counted, newest first, whatever tab is shown', async () => {
    const { db, older, newer } = await libraryWithDamage();
    const expected = ['bad-moves', 'missing-fields', 'no-status', 'unknown-variant'];
    for (const status of [undefined, 'in-progress', 'finished'] as const) {
      const library = unwrap(await listGameSummaries(db, { status }));
      expect(ids(library.damaged), String(status)).toEqual(expected);
      expect(ids(library.games)).toEqual(status === 'finished' ? [] : [newer.id, older.id]);
    }
    const { damaged } = unwrap(await listGameSummaries(db));
    expect(damaged[0]).toMatchObject({ reason: expect.stringMatching(/Move 2 \(Black\).*L10/), updatedAt: 9_000 });
    expect(damaged[1]).toMatchObject({ reason: expect.stringMatching(/variant/), title: null });
    expect(damaged[2]).toMatchObject({ reason: 'unknown status "undefined"', title: 'Alice vs Casual' });
    expect(damaged[3]).toMatchObject({ reason: 'unknown variant "chess"', updatedAt: null });
    // The whole-record listing reports the same four, the one with no status included.
    expect(unwrap(await listGames(db, { status: 'in-progress' })).skipped.map((s) => s.id)).toEqual([
      'bad-moves',
      'missing-fields',
      'no-status',
      'unknown-variant',
    ]);
    db.close();
  });

  it('can be read raw and deleted', async () => {
    const { db } = await libraryWithDamage();
    expect(unwrap(await getRawGame(db, 'missing-fields'))).toEqual({ id: 'missing-fields', updatedAt: 8_000 });
    unwrap(await listGameSummaries(db));
    unwrap(await deleteGame(db, 'missing-fields'));
    expect(errorOf(await getRawGame(db, 'missing-fields')).kind).toBe('not-found');
    expect(ids(unwrap(await listGameSummaries(db)).damaged)).toEqual(['bad-moves', 'no-status', 'unknown-variant']);
    db.close();
  });

  it('are passed over by Continue, which offers the newest unfinished game that opens', async () => {
    const { db, factory, older, newer } = await libraryWithDamage();
    expect(unwrap(await findResumableGame(db))?.id).toBe(newer.id);
    // The newest game is damaged after its summary was written: the next one is offered instead.
    const raw = await rawOpen(factory);
    await rawPut(raw, 'games', { ...newer, moves: ['K10', 'K10'] });
    raw.close();
    expect(unwrap(await findResumableGame(db))?.id).toBe(older.id);
    unwrap(await deleteGame(db, older.id));
    expect(unwrap(await findResumableGame(db))).toBeNull();
    db.close();
  });

  it('are exported as they are stored, in their own field, and importing such a file still works', async () => {
    const { db } = await libraryWithDamage();
    const { file, skipped } = unwrap(await exportAll(db));
    expect(ids(file.games).sort()).toEqual(ids(unwrap(await listGames(db)).games).sort());
    expect(file.damagedGames?.map((d) => d.key)).toEqual([
      'bad-moves',
      'missing-fields',
      'no-status',
      'unknown-variant',
    ]);
    expect(file.damagedGames?.[1]).toEqual({
      key: 'missing-fields',
      reason: expect.stringMatching(/variant/),
      value: { id: 'missing-fields', updatedAt: 8_000 },
    });
    expect(skipped).toHaveLength(4);

    const target = await openFresh();
    const report = unwrap(await importAll(target.db, exportText(file)));
    expect(report.gamesAdded).toHaveLength(2);
    expect(report.damagedInFile).toBe(4);
    expect(report.rejected).toEqual([]);
    expect(unwrap(await listGameSummaries(target.db)).damaged).toEqual([]);
    db.close();
    target.db.close();
  });

  it('export what JSON cannot hold in a readable form rather than failing', async () => {
    const { db, factory } = await openFresh();
    const raw = await rawOpen(factory);
    await rawPut(raw, 'games', { id: 'odd', big: 10n, when: new Date(0), bytes: new Uint8Array([1, 2]) });
    raw.close();
    const { file } = unwrap(await exportAll(db));
    const text = exportText(file);
    expect(JSON.parse(text).damagedGames[0].value).toEqual({
      id: 'odd',
      big: '10n',
      when: '1970-01-01T00:00:00.000Z',
      bytes: { bytes: [1, 2] },
    });
    db.close();
  });
});

describe('importing', () => {
  const clean = (message: string) => {
    expect(message.length).toBeLessThan(200);
    // eslint-disable-next-line no-control-regex
    expect(message).not.toMatch(/[\u0000-\u0008\u000e-\u001f\ufffd]/);
  };

  it('an empty file or one with no game adds nothing and says why', async () => {
    const { db } = await openFresh();
    for (const text of ['', '  \n\n']) {
      expect(errorOf(await importRecords(db, text)).message).toBe('The file is empty.');
      expect(errorOf(await importAll(db, text)).message).toBe('The file is empty.');
    }
    const noMoves = unwrap(await importRecords(db, '[Game "Pente"]\n[Player 1 Name "Ann"]\n'));
    expect(noMoves).toMatchObject({ records: 1, added: [], problems: [{ game: 1, line: 1 }] });
    expect(noMoves.problems[0]!.message).toMatch(/no moves/);
    expect(errorOf(await importRecords(db, 'hello there')).message).toBe(
      'No pente.org game record was found in the text.',
    );
    expect(unwrap(await listGames(db)).games).toEqual([]);
    db.close();
  });

  it('a binary file gives a short error with no raw bytes in it', async () => {
    const { db } = await openFresh();
    // A PNG's first bytes, as the browser decodes them to text.
    const png = '\ufffdPNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR\u0000\u0000\u0001\u0000'.repeat(50);
    for (const error of [errorOf(await importRecords(db, png)), errorOf(await importAll(db, png))]) {
      expect(error.message).toMatch(/not a text file/);
      clean(error.message);
    }
    // Text with a stray control character is parsed, and the parser's complaint is cleaned and capped.
    const garbled = `[Game "Pente"]\n[Bad \u0007${'x'.repeat(500)}\n`;
    clean(errorOf(parseGameRecord(garbled)).message);
    clean(errorOf(await importAll(db, `{"format": \u0001${'y'.repeat(500)}`)).message);
    expect(unwrap(await listGames(db)).games).toEqual([]);
    db.close();
  });

  it('a big file reports progress, stores summaries and rejects games whose moves do not replay', async () => {
    const { db } = await openFresh();
    const games: StoredGame[] = Array.from({ length: 1_200 }, (_, i) =>
      sampleGame({ id: `g${i}`, updatedAt: i, moves: i % 2 ? ['K10'] : ['K10', 'L9'] }),
    );
    const broken = { ...sampleGame(), id: 'broken', moves: ['K10', 'K10'] };
    const seen: string[] = [];
    const report = unwrap(
      await importAll(
        db,
        {
          format: EXPORT_FORMAT,
          version: 1,
          games: [...games, broken],
          players: [{ id: 'p-zoe', kind: 'human', name: 'Zoe' }],
        },
        { onProgress: (phase, done, total) => seen.push(`${phase} ${done}/${total}`) },
      ),
    );
    expect(report.gamesAdded).toHaveLength(1_200);
    expect(report.rejected).toEqual([
      { what: 'game', id: 'broken', reason: expect.stringMatching(/Move 1 \(White\)/) },
    ]);
    expect(seen[0]).toBe('checking 0/1201');
    expect(seen).toContain('checking 1201/1201');
    expect(seen.filter((s) => s.startsWith('saving')).length).toBeGreaterThan(3);
    expect(seen.at(-1)).toBe('saving 1200/1200');
    expect(await storedSummaries(db)).toHaveLength(1_200);
    expect(report.playersAdded).toEqual(['p-zoe']);

    const again = unwrap(await importAll(db, { format: EXPORT_FORMAT, version: 1, games, players: [] }));
    expect(again.gamesDuplicate).toHaveLength(1_200);
    expect(again.gamesAdded).toEqual([]);
    db.close();
  });
});
