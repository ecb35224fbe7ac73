/**
 * Damaged records of every kind are listed, named, exportable raw and deletable, and nothing around them
 * breaks: a summary that fails its check is made again from its game (which decides whether it lists as a
 * game or as damaged), a game edited in place after its summary lists as damaged, an unusable player record
 * is listed and says that it holds its name, and "Export everything" keeps them raw and the progress with
 * them; an import merges the progress with what is stored.
 */
import { describe, expect, it } from 'vitest';
import { NEW_RATING } from '../../src/core';
import {
  type GameSortKey,
  type GameSummary,
  type PenteDb,
  LESSONS_DONE_KEY,
  PUZZLE_PROGRESS_KEY,
  addPlayer,
  deletePlayer,
  exportAll,
  exportText,
  gameProblem,
  getRawPlayer,
  importAll,
  listGameSummaries,
  listPlayers,
  loadLessonProgress,
  loadListedGame,
  loadPuzzleProgress,
  markLessonDone,
  recordPuzzleAnswer,
  saveGame,
  summarize,
} from '../../src/storage';
import { errorOf, openFresh, rawOpen, rawPut, sampleGame, unwrap } from './helpers';

const SORTS: readonly GameSortKey[] = ['date', 'player1', 'player2', 'size', 'variant'];
const ids = (list: readonly { id: unknown }[]) => list.map((g) => g.id);
const NEW_COMPUTER = { depth: 4, timeMs: 1000, vision: 100, judgement: 100, book: true } as const;

async function storedSummary(db: PenteDb, id: string) {
  return db.transaction('summaries').store.get(id);
}

/** Every tab, every sort, with and without a page limit: what each lists (and that none fails). */
async function everyListing(db: PenteDb) {
  const listings = [];
  for (const status of [undefined, 'in-progress', 'finished'] as const) {
    for (const sortBy of SORTS) {
      for (const limit of [undefined, 50])
        listings.push(unwrap(await listGameSummaries(db, { status, sortBy, limit })));
    }
  }
  return listings;
}

describe('damaged summaries', () => {
  it('a summary with an unknown variant over a good game: made again, the game listed, every tab and sort works', async () => {
    const { db, factory } = await openFresh();
    const finished = unwrap(
      await saveGame(
        db,
        sampleGame({ moves: ['K10', 'L9'], status: 'finished', result: { winner: 1, reason: 'resignation' } }),
        0,
        2_000,
      ),
    );
    const unfinished = unwrap(await saveGame(db, sampleGame(), 0, 1_000));
    const good = summarize(finished.id, finished) as GameSummary;
    const raw = await rawOpen(factory);
    await rawPut(raw, 'summaries', { ...good, variant: 'chess' });
    raw.close();

    for (const library of await everyListing(db)) expect(library.damaged).toEqual([]);
    const finishedTab = unwrap(await listGameSummaries(db, { status: 'finished', sortBy: 'variant' }));
    expect(finishedTab.games).toEqual([good]);
    expect(ids(unwrap(await listGameSummaries(db, { status: 'in-progress' })).games)).toEqual([unfinished.id]);
    // Written back as its game makes it.
    expect(await storedSummary(db, finished.id)).toEqual(good);
    db.close();
  });

  it('a summary that fails its check over a damaged game lists as damaged; one no index reaches is found', async () => {
    const { db, factory } = await openFresh();
    const hidden = unwrap(await saveGame(db, sampleGame(), 0, 3_000));
    const raw = await rawOpen(factory);
    const bad = { ...sampleGame(), id: 'bad', variant: 'chess', updatedAt: 5_000 };
    await rawPut(raw, 'games', bad);
    await rawPut(raw, 'summaries', { ...(summarize(hidden.id, hidden) as GameSummary), id: 'bad', variant: 'chess' });
    // A status no tab lists: the game would be listed nowhere if the summary were trusted.
    await rawPut(raw, 'summaries', { ...(summarize(hidden.id, hidden) as GameSummary), status: 'paused' });
    raw.close();

    for (const library of await everyListing(db)) {
      expect(ids(library.damaged)).toEqual(['bad']);
      expect(library.damaged[0]).toMatchObject({ reason: 'unknown variant "chess"' });
    }
    expect(ids(unwrap(await listGameSummaries(db, { status: 'in-progress', limit: 50 })).games)).toEqual([hidden.id]);
    expect(await storedSummary(db, hidden.id)).toMatchObject({ status: 'in-progress' });
    expect(await storedSummary(db, 'bad')).toMatchObject({ status: 'damaged' });
    db.close();
  });

  it('a game edited in place after its summary (it no longer replays) lists as damaged, and will not open', async () => {
    const { db, factory } = await openFresh();
    const game = unwrap(await saveGame(db, sampleGame({ moves: ['K10', 'L9'] }), 0, 2_000));
    const other = unwrap(await saveGame(db, sampleGame({ moves: ['K10'] }), 0, 1_000));
    expect(ids(unwrap(await listGameSummaries(db, { status: 'in-progress', limit: 50 })).games)).toEqual([
      game.id,
      other.id,
    ]);
    const raw = await rawOpen(factory);
    await rawPut(raw, 'games', { ...game, moves: ['K10', 'K10'] });
    raw.close();

    expect(errorOf(await loadListedGame(db, game.id)).message).toMatch(
      /cannot be opened.*Move 1 \(White\).*damaged records/,
    );
    expect(await storedSummary(db, game.id)).toMatchObject({ status: 'damaged' });
    // Made right again by hand: the listing finds that too.
    const mended = await rawOpen(factory);
    await rawPut(mended, 'summaries', summarize(game.id, game));
    mended.close();
    for (const library of await everyListing(db)) {
      expect(ids(library.damaged)).toEqual([game.id]);
      expect(ids(library.games)).not.toContain(game.id);
    }
    expect(unwrap(await loadListedGame(db, other.id)).id).toBe(other.id);
    db.close();
  });
});

describe('damaged player records', () => {
  it('are listed with why, read raw, say that they hold their name, and are deleted under any key', async () => {
    const { db, factory } = await openFresh();
    const raw = await rawOpen(factory);
    const zed = { id: 'zed', kind: 'computer', name: 'Zed', depth: 999 };
    await rawPut(raw, 'players', zed);
    await rawPut(raw, 'players', { id: 7, kind: 'human' });
    raw.close();

    const { players, damaged } = unwrap(await listPlayers(db));
    expect(players.map((p) => p.name)).not.toContain('Zed');
    expect(damaged).toEqual([
      { key: 7, reason: 'the id is missing or not text', name: null },
      { key: 'zed', reason: 'the search depth is not a whole number from 1 to 64', name: 'Zed' },
    ]);
    expect(unwrap(await getRawPlayer(db, 'zed'))).toEqual(zed);
    const refused = errorOf(await addPlayer(db, { kind: 'computer', name: 'Zed', ...NEW_COMPUTER }));
    expect(refused).toMatchObject({
      kind: 'duplicate',
      message: expect.stringMatching(/damaged player record.*"Zed"/),
    });

    const { file } = unwrap(await exportAll(db));
    expect(file.damagedPlayers).toEqual([
      { key: 7, reason: 'the id is missing or not text', value: { id: 7, kind: 'human' } },
      { key: 'zed', reason: expect.any(String), value: zed },
    ]);

    // An import of a player of that name says the same, and adds nothing.
    const incoming = {
      format: 'pente-export',
      version: 1,
      games: [],
      players: [{ id: 'z2', kind: 'computer', name: 'Zed', ...NEW_COMPUTER }],
    };
    expect(unwrap(await importAll(db, incoming)).playersSkipped).toEqual([
      { id: 'z2', name: 'Zed', reason: 'a damaged player record has the name "Zed"' },
    ]);

    unwrap(await deletePlayer(db, 7));
    unwrap(await deletePlayer(db, 'zed'));
    expect(unwrap(await listPlayers(db)).damaged).toEqual([]);
    unwrap(await addPlayer(db, { kind: 'computer', name: 'Zed', ...NEW_COMPUTER }));
    db.close();
  });
});

describe('progress in "Export everything"', () => {
  it('is exported with its damaged entries, and an import merges it with the progress stored', async () => {
    const source = await openFresh();
    const raw = await rawOpen(source.factory);
    await rawPut(raw, 'settings', ['place', 5, 'five'], LESSONS_DONE_KEY);
    raw.close();
    unwrap(await recordPuzzleAnswer(source.db, { id: 'p1', packRating: NEW_RATING, solved: true, at: 10 }));
    unwrap(await recordPuzzleAnswer(source.db, { id: 'p2', packRating: NEW_RATING, solved: false, at: 20 }));
    const { file } = unwrap(await exportAll(source.db));
    expect(file.progress?.lessonsDone).toEqual(['place', 'five']);
    expect(file.progress?.puzzles).toMatchObject({ solved: 1, failed: 1 });
    expect(file.progress?.damaged).toEqual([expect.objectContaining({ kind: 'lesson', value: 5 })]);

    // The target has progress of its own: kept, and the file's added.
    const target = await openFresh();
    unwrap(await recordPuzzleAnswer(target.db, { id: 't1', packRating: NEW_RATING, solved: true, at: 30 }));
    unwrap(await markLessonDone(target.db, 'capture'));
    // The puzzles this version ships (the page passes its pack's ids): the file's answers are to these.
    const puzzleIds = new Set(['p1', 'p2', 't1']);
    const report = unwrap(await importAll(target.db, exportText(file), { replaceSettings: true, puzzleIds }));
    expect(report).toMatchObject({ lessonsAdded: 2, puzzleAnswersAdded: 2, damagedInFile: 1 });
    const { progress } = unwrap(await loadPuzzleProgress(target.db));
    expect([progress.solved, progress.failed]).toEqual([2, 1]);
    expect(progress.history.map((h) => h.id)).toEqual(['t1', 'p2', 'p1']);
    expect(unwrap(await loadLessonProgress(target.db)).done).toEqual(['capture', 'place', 'five']);

    // Importing the same file again adds nothing.
    const again = unwrap(await importAll(target.db, exportText(file)));
    expect(again).toMatchObject({ lessonsAdded: 0, puzzleAnswersAdded: 0 });
    expect(unwrap(await loadPuzzleProgress(target.db)).progress).toEqual(progress);
    source.db.close();
    target.db.close();
  });

  it('an older export (lessons only in its settings, no progress) still adds its lessons', async () => {
    const source = await openFresh();
    unwrap(await markLessonDone(source.db, 'place'));
    const { file } = unwrap(await exportAll(source.db));
    const { progress: _progress, ...older } = file;
    const target = await openFresh();
    unwrap(await markLessonDone(target.db, 'five'));
    expect(unwrap(await importAll(target.db, older)).lessonsAdded).toBe(1);
    expect(unwrap(await loadLessonProgress(target.db)).done).toEqual(['five', 'place']);
    expect(await target.db.transaction('settings').store.get(PUZZLE_PROGRESS_KEY)).toBeUndefined();
    source.db.close();
    target.db.close();
  });
});

describe('Renju games', () => {
  it('are kept on 15×15 only, with a reason for another size', () => {
    expect(gameProblem({ ...sampleGame(), variant: 'renju', size: 15 })).toBeNull();
    expect(gameProblem({ ...sampleGame(), variant: 'renju', size: 19 })).toBe('Renju is played on 15x15, not 19x19');
  });
});
