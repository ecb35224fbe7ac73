/**
 * "Export everything" a page at a time (issue 28): the games are read EXPORT_PAGE per transaction, and the
 * file's text is made in pieces, the same text as one JSON.stringify (src/storage/transfer.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import {
  EXPORT_PAGE,
  exportAll,
  exportBlob,
  exportFile,
  exportText,
  exportTextPieces,
  importAll,
  openDatabase,
  saveGame,
} from '../../src/storage';
import { openFresh, rawOpen, rawPut, sampleGame, unwrap } from './helpers';

async function libraryOf(count: number) {
  const { db, factory } = await openFresh();
  for (let i = 0; i < count; i++) {
    unwrap(await saveGame(db, sampleGame({ id: `g${String(i).padStart(5, '0')}`, moves: ['K10'] }), 0));
  }
  return { db, factory };
}

describe('export everything, a page at a time', () => {
  it('reads every game, a transaction per page, in key order, damaged records apart', async () => {
    const count = EXPORT_PAGE * 2 + 1;
    const { db } = await libraryOf(count);
    const transactions = vi.spyOn(db, 'transaction');
    const { file, skipped } = unwrap(await exportAll(db));
    expect(file.games).toHaveLength(count);
    expect(file.games.map((g) => g.id)).toEqual([...file.games.map((g) => g.id)].sort());
    expect(skipped).toEqual([]);
    // Three pages of games, then players and settings.
    expect(transactions.mock.calls.filter(([stores]) => String(stores) === 'games')).toHaveLength(3);
  });

  it('keeps a damaged record in damagedGames wherever it falls', async () => {
    const { db, factory } = await libraryOf(EXPORT_PAGE + 2);
    db.close();
    const raw = await rawOpen(factory);
    await rawPut(raw, 'games', { id: 'g00250-bad', moves: 'not a list' });
    raw.close();
    const again = unwrap(await openDatabase({ factory }));
    const { file, skipped } = unwrap(await exportAll(again));
    expect(file.games).toHaveLength(EXPORT_PAGE + 2);
    expect(file.damagedGames?.map((d) => d.key)).toEqual(['g00250-bad']);
    expect(skipped.map((s) => s.id)).toEqual(['g00250-bad']);
  });
});

describe("the export file's text, in pieces", () => {
  it('is the very text JSON.stringify gives, for games, empty lists, progress and settings', async () => {
    const { db } = await libraryOf(3);
    const { file } = unwrap(await exportAll(db, 42));
    expect([...exportTextPieces(file)].join('')).toBe(exportText(file));
    const odd = { ...file, damagedGames: [], players: [{ ...file.players[0]!, name: 'line\nbreak "q"' }] };
    expect([...exportTextPieces(odd)].join('')).toBe(exportText(odd));
    expect(await (await exportBlob(file)).text()).toBe(exportText(file));
  });

  it('imports back whole', async () => {
    const { db } = await libraryOf(5);
    const { file } = unwrap(await exportAll(db));
    const { db: target } = await openFresh();
    const text = await (await exportBlob(file)).text();
    expect(unwrap(await importAll(target, text)).gamesAdded).toHaveLength(5);
  });
});

describe('exportFile (the file "Export everything" saves)', () => {
  it("is exportAll's file as text, with the damaged records counted (on this thread, where no Worker is)", async () => {
    const { db, factory } = await libraryOf(3);
    db.close();
    const raw = await rawOpen(factory);
    await rawPut(raw, 'games', { id: 'g00001-bad', moves: 'not a list' });
    raw.close();
    const again = unwrap(await openDatabase({ factory }));
    const made = unwrap(await exportFile(again));
    const { file } = unwrap(await exportAll(again, JSON.parse(await made.blob.text()).exportedAt));
    expect(await made.blob.text()).toBe(exportText(file));
    expect(made.damaged).toBe(1);
    expect(made.skipped.map((s) => s.id)).toEqual(['g00001-bad']);
  });
});
