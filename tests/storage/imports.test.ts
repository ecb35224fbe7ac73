import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { concede, decodeGameLink, encodeGameLink } from '../../src/core';
import {
  type RecordProblem,
  type StoredGame,
  exportAll,
  exportGameRecord,
  findResumableGame,
  gameIdentity,
  getGame,
  importAll,
  importRecords,
  listGameSummaries,
  listGames,
  newStoredGame,
  readFileText,
  saveGame,
  saveImportedGame,
  withState,
} from '../../src/storage';
import { game as playGame } from '../helpers';
import { errorOf, openFresh, sampleGame, unwrap } from './helpers';

const fixture = (name: string) => readFileSync(new URL(`../../e2e/fixtures/${name}`, import.meta.url), 'utf8');
/** Five real records of pente.org's, as its download writes them. */
const FIVE_GAMES = fixture('pente-org-games.pgn');
/** Three real records of pente.org's; the second plays on after a capture win. */
const ONE_BAD = fixture('pente-org-one-bad.pgn');

const side = (name: string) => ({ name, kind: 'human' as const });
const names = (list: readonly { players: readonly [string, string] }[]) => list.map((g) => g.players.join(' vs '));

/** A record problem as the English log says it. */
const problemLine = ({ game, line, message }: RecordProblem): string => `Game ${game} (line ${line}): ${message}`;

describe('importing pente.org files', () => {
  it('stores each game of a download once, with its own date, on the imported shelf', async () => {
    const { db } = await openFresh();
    const first = unwrap(await importRecords(db, FIVE_GAMES, { now: 50_000 }));
    expect(first).toMatchObject({ records: 5, duplicates: 0, problems: [] });
    expect(first.added).toHaveLength(5);
    const again = unwrap(await importRecords(db, FIVE_GAMES, { now: 60_000 }));
    expect(again).toMatchObject({ records: 5, added: [], duplicates: 5, problems: [] });

    const { games } = unwrap(await listGameSummaries(db, { shelf: 'imported' }));
    expect(games).toHaveLength(5);
    // Newest first by the games' own dates and times (pente.org's Date and Time), not the import's.
    const at = (y: number, mo: number, d: number, h: number, mi: number, sec: number) =>
      new Date(y, mo - 1, d, h, mi, sec).getTime();
    expect(games.map((g) => g.listedAt)).toEqual([
      at(2006, 6, 8, 17, 27, 28),
      at(2006, 6, 8, 12, 32, 7),
      at(2006, 6, 5, 21, 5, 40),
      at(2006, 5, 31, 1, 37, 31),
      at(2006, 5, 30, 2, 56, 32),
    ]);
    expect(games[1]).toMatchObject({
      players: ['valvebabe', 'aaru'],
      imported: { at: 50_000, dated: true },
      result: { winner: 2, reason: 'five' },
    });
    // Not the player's own games: not among the finished games played here.
    expect(unwrap(await listGameSummaries(db, { shelf: 'finished' })).games).toEqual([]);
    db.close();
  });

  it('imports the rest of a file with a bad record, and names the bad one by number and line', async () => {
    const { db } = await openFresh();
    const report = unwrap(await importRecords(db, ONE_BAD));
    expect(report.added).toHaveLength(2);
    expect(report.problems.map(problemLine)).toEqual([
      'Game 2 (line 42): Illegal move M13 at ply 39: The game is over.',
    ]);
    expect(report.problems[0]!.why).toEqual({
      kind: 'illegal-move',
      move: 'M13',
      ply: 39,
      reason: 'game-over',
      centre: 'K10',
    });
    expect(names(unwrap(await listGameSummaries(db)).games).sort()).toEqual(['aaru vs lyssa', 'lepews vs aaru']);
    db.close();
  });

  it('reads files joined together, with stray text, \\r\\n and byte-order marks', async () => {
    const { db } = await openFresh();
    const joined = `\ufeffMy games\r\n\r\n${FIVE_GAMES.replace(/\n/g, '\r\n')}\r\n\ufeff${ONE_BAD}\n-- end --\n`;
    const report = unwrap(await importRecords(db, joined));
    expect(report).toMatchObject({ records: 8, duplicates: 0 });
    expect(report.added).toHaveLength(7);
    expect(report.problems.map(problemLine)).toEqual([
      'Game 7 (line 145): Illegal move M13 at ply 39: The game is over.',
    ]);
    db.close();
  });

  it('reads a gzipped file, and says so when one is damaged', async () => {
    expect(unwrap(await readFileText(new Blob([gzipSync(FIVE_GAMES)])))).toBe(FIVE_GAMES);
    expect(unwrap(await readFileText(new Blob([FIVE_GAMES])))).toBe(FIVE_GAMES);
    const cut = gzipSync(FIVE_GAMES).subarray(0, 200);
    expect(errorOf(await readFileText(new Blob([cut]))).message).toMatch(/could not be decompressed/);
  });

  it('adds nothing, and loses nothing stored, when the disk fills part-way through', async () => {
    const { db } = await openFresh();
    const kept = unwrap(await saveGame(db, sampleGame({ moves: ['K10'] })));
    const realPut = IDBObjectStore.prototype.put;
    let puts = 0;
    // The first write goes through, the second finds the disk full.
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
      if (++puts > 1) throw new DOMException('Quota', 'QuotaExceededError');
      return realPut.apply(this, args);
    });
    try {
      expect(errorOf(await importRecords(db, FIVE_GAMES)).kind).toBe('quota');
    } finally {
      put.mockRestore();
    }
    expect(unwrap(await listGames(db)).games).toEqual([kept]);
    // And once there is room, the same file imports in full.
    expect(unwrap(await importRecords(db, FIVE_GAMES)).added).toHaveLength(5);
    db.close();
  });
});

describe('the duplicate rule', () => {
  const finished = (overrides: Partial<StoredGame> = {}): StoredGame =>
    withState(
      sampleGame({ players: [side('Ann'), side('Bob')], ...overrides }),
      concede(playGame({}, 'K10 L9 N10'), 2, 'resignation'),
    );

  it('is the rules, the names, the moves and the result, and nothing a round trip may change', () => {
    const game = finished();
    const same: StoredGame = {
      ...game,
      id: 'other',
      createdAt: 1,
      updatedAt: 2,
      revision: 7,
      clocks: { remainingMs: [1, 2], incrementMs: 0 },
      players: [{ name: 'Ann', kind: 'computer', playerId: 'x' }, side('Bob')],
      demo: true,
      imported: { at: 3, dated: false },
    };
    expect(gameIdentity(same)).toBe(gameIdentity(game));
    const different: StoredGame[] = [
      { ...game, result: { winner: 2, reason: 'resignation' } },
      { ...game, result: { winner: 1, reason: 'time' } },
      { ...game, status: 'in-progress', result: null },
      { ...game, players: [side('Bob'), side('Ann')] },
      { ...game, players: [side('Ann'), side('Bo')] },
      { ...game, moves: ['K10', 'L9'] },
      { ...game, size: 13 },
      { ...game, tournamentRule: false },
    ];
    for (const other of different) expect(gameIdentity(other)).not.toBe(gameIdentity(game));
  });

  it('recognises a game played here when its exported record is imported', async () => {
    const { db } = await openFresh();
    const played = unwrap(await saveGame(db, finished()));
    const record = unwrap(exportGameRecord(played));
    expect(unwrap(await importRecords(db, record))).toMatchObject({ added: [], duplicates: 1 });
    // The same moves with the other result, or other players, are other games.
    expect(unwrap(await importRecords(db, record.replace(/1-0/g, '0-1'))).added).toHaveLength(1);
    expect(unwrap(await importRecords(db, record.replace('"Bob"', '"Cy"'))).added).toHaveLength(1);
    expect(unwrap(await listGames(db)).games).toHaveLength(3);
    db.close();
  });

  it('keeps one game when a shared link is saved twice, and knows its record', async () => {
    const { db } = await openFresh();
    const played = playGame({ size: 9 }, 'E5 D4 H5 C3');
    const linked = unwrap(decodeGameLink(encodeGameLink(played.rules, played.moves)));
    const fromLink = () => withState(newStoredGame({ size: 9, players: [side('Player 1'), side('Player 2')] }), linked);
    const first = unwrap(await saveImportedGame(db, fromLink(), 10_000));
    expect(first.alreadyStored).toBe(false);
    expect(first.game.imported).toEqual({ at: 10_000, dated: false });
    const second = unwrap(await saveImportedGame(db, fromLink(), 20_000));
    expect(second).toEqual({ game: first.game, alreadyStored: true });
    expect(unwrap(await listGames(db)).games).toHaveLength(1);
    const record = unwrap(exportGameRecord(first.game));
    expect(unwrap(await importRecords(db, record))).toMatchObject({ added: [], duplicates: 1 });
    db.close();
  });

  it('recognises a backup of the games; two alike games in a backup are both restored', async () => {
    const { db } = await openFresh();
    unwrap(await saveGame(db, finished()));
    unwrap(await saveGame(db, finished()));
    const { file } = unwrap(await exportAll(db));
    expect(unwrap(await importAll(db, file)).gamesDuplicate).toHaveLength(2);
    const target = await openFresh();
    const restored = unwrap(await importAll(target.db, file));
    expect(restored.gamesAdded).toHaveLength(2);
    expect(restored.gamesByShelf).toEqual({ 'in-progress': 0, finished: 2, imported: 0 });
    // A pente.org record of one of them is already there.
    const record = unwrap(exportGameRecord(file.games[0]!));
    expect(unwrap(await importRecords(target.db, record)).duplicates).toBe(1);
    db.close();
    target.db.close();
  });
});

describe('imported games', () => {
  it('are listed apart and are not offered by Continue, until a move is played in one here', async () => {
    const { db } = await openFresh();
    const text = '[Game "Pente"]\n[Player 1 Name "Ann"]\n[Player 2 Name "Bob"]\n\n1. K10 L9 2. K13 *\n';
    const id = unwrap(await importRecords(db, text, { now: 5_000 })).added[0]!;
    const stored = unwrap(await getGame(db, id));
    expect(stored).toMatchObject({ createdAt: 5_000, updatedAt: 5_000, imported: { at: 5_000, dated: false } });
    expect(unwrap(await findResumableGame(db))).toBeNull();
    expect(unwrap(await listGameSummaries(db, { shelf: 'in-progress' })).games).toEqual([]);
    expect(unwrap(await listGameSummaries(db, { shelf: 'imported' })).games.map((g) => g.id)).toEqual([id]);

    // The player plays on in it: it is their game now.
    unwrap(await saveGame(db, { ...stored, moves: [...stored.moves, 'M9'] }, stored.revision, 9_000));
    expect(unwrap(await findResumableGame(db))?.id).toBe(id);
    expect(unwrap(await listGameSummaries(db, { shelf: 'in-progress' })).games.map((g) => g.id)).toEqual([id]);
    expect(unwrap(await listGameSummaries(db, { shelf: 'imported' })).games).toEqual([]);
    db.close();
  });
});
