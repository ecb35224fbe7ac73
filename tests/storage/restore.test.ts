/**
 * Restoring a backup onto a library that has moved on (src/storage/restore-games.ts through importAll): a
 * game meets its stored copy by identity (its friend-game id, or its id) under the rule a friend link
 * uses, never doubling it, never overwriting it with less; and the rest of issue 28's import items: repeats
 * inside one file, unknown lesson and puzzle ids, undecodable bytes, and the size limit on a file's text.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type GameState, type Player, compareCopies, formatGameLink, parseGameLink } from '../../src/core';
import {
  type ExportFile,
  type StoredGame,
  exportAll,
  getGame,
  importAll,
  importRecords,
  listGames,
  newFriendGame,
  readFileText,
  receiveFriendLink,
  saveGame,
  withState,
} from '../../src/storage';
import { fileTextProblem } from '../../src/storage/file-text';
import { backupImportOutcome, recordImportOutcome } from '../../src/ui/games/import-report';
import { game } from '../helpers';
import { errorOf, openFresh, sampleGame, unwrap } from './helpers';

/** Five real records of pente.org's, as its download writes them. */
const FIVE_GAMES = readFileSync(new URL('../../e2e/fixtures/pente-org-games.pgn', import.meta.url), 'utf8');
const opts = { size: 9 } as const;
const line = ['E5', 'F6', 'B2', 'C3', 'D4', 'G7', 'A1'];
const at = (n: number, moves = line) => game(opts, moves.slice(0, n).join(' '));
const ID = 'AbCdEfGhIjKlMn-_';

function linkOf(s: GameState, sender: Player, gameId = ID) {
  const parsed = parseGameLink(formatGameLink({ state: s, names: ['Ann', 'Bob'], friend: { gameId, sender } }));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

/** Ann's copy (she plays black, side 1) of a friend game with Bob, at `n` moves, not yet stored. */
const annsCopy = (n: number, mySide: Player = 1, moves = line): StoredGame =>
  withState(
    {
      ...newFriendGame({ variant: 'pente', size: 9, tournamentRule: true, gameId: ID, mySide, myName: 'Ann' }),
      players: [
        { name: 'Ann', kind: 'human' },
        { name: 'Bob', kind: 'human' },
      ],
    },
    at(n, moves),
  );

/** A backup holding `games` and nothing else. */
async function backupOf(games: readonly StoredGame[]): Promise<ExportFile> {
  const { db } = await openFresh();
  for (const g of games) unwrap(await saveGame(db, g, 0));
  const { file } = unwrap(await exportAll(db));
  db.close();
  return file;
}

const friendRows = async (db: Parameters<typeof listGames>[0]) =>
  unwrap(await listGames(db)).games.filter((g) => g.friend?.gameId === ID);

describe('compareCopies, the one rule for two copies of a game', () => {
  it('says same, older, further on or conflicting, whoever moved', () => {
    expect(compareCopies(at(3), at(3))).toEqual({ kind: 'same' });
    expect(compareCopies(at(5), at(3))).toEqual({ kind: 'older', behind: 2 });
    // Further on by both sides' moves: a backup may carry them; a link may not (mergeFriendLink).
    expect(compareCopies(at(3), at(5))).toEqual({ kind: 'extend', added: 2 });
    expect(compareCopies(at(3), at(3, ['E5', 'F6', 'A1']))).toEqual({ kind: 'conflict', firstDifference: 3 });
    expect(compareCopies(at(3), game({ size: 13 }, 'G7 H8 D4'))).toEqual({ kind: 'different-rules' });
  });
});

describe('restoring a backup onto a live friend game', () => {
  it('keeps one copy: the game played on since the backup is already there, and the next link is accepted', async () => {
    // Issue 28, item 1: friend game at move 3, Export everything, play on to move 5, import that file.
    const { db } = await openFresh();
    const mine = unwrap(await saveGame(db, annsCopy(3), 0));
    const { file } = unwrap(await exportAll(db));
    unwrap(await receiveFriendLink(db, linkOf(at(4), 2), { myName: 'Ann' }));
    const four = unwrap(await getGame(db, mine.id));
    const five = unwrap(await saveGame(db, withState(four, at(5)), four.revision));

    const report = unwrap(await importAll(db, file));
    expect(report.gamesDuplicate).toEqual([mine.id]);
    expect([report.gamesAdded, report.gamesRenamed, report.gamesUpdated, report.gamesKept]).toEqual([[], [], [], []]);
    expect(await friendRows(db)).toHaveLength(1);
    expect(unwrap(await getGame(db, mine.id))).toEqual(five);
    expect(backupImportOutcome(report).summary).toBe('No game or player imported; 1 game was already in your games.');

    const next = unwrap(await receiveFriendLink(db, linkOf(at(6), 2), { myName: 'Ann' }));
    expect(next.arrival).toEqual({ kind: 'extend', added: 1 });
    expect(next.game!.id).toBe(mine.id);
  });

  it('meets the copy by its friend-game id whatever the record id, and counts a second restore the same', async () => {
    const { db } = await openFresh();
    unwrap(await saveGame(db, annsCopy(5), 0));
    const file = await backupOf([{ ...annsCopy(3), id: 'another-record-id' }]);
    for (let i = 0; i < 2; i++) {
      const report = unwrap(await importAll(db, file));
      expect(report.gamesDuplicate).toEqual(['another-record-id']);
      expect(report.gamesAdded).toEqual([]);
    }
    expect(await friendRows(db)).toHaveLength(1);
  });

  it('carries the stored copy on when the backup is further on (its own moves too), bumping its revision', async () => {
    const { db } = await openFresh();
    const stored = unwrap(await saveGame(db, annsCopy(3), 0));
    const file = await backupOf([{ ...annsCopy(5), id: stored.id }]);
    const report = unwrap(await importAll(db, file));
    expect(report.gamesUpdated).toEqual([stored.id]);
    expect(report.gamesAdded).toEqual([]);
    const now = unwrap(await getGame(db, stored.id));
    expect(now.moves).toEqual(line.slice(0, 5));
    expect(now.revision).toBe(stored.revision + 1);
    expect(now.friend).toEqual({ gameId: ID, mySide: 1 });
    expect(await friendRows(db)).toHaveLength(1);
    // A tab still holding the old revision cannot save over it.
    expect(errorOf(await saveGame(db, withState(stored, at(4)), stored.revision)).kind).toBe('conflict');
    expect(backupImportOutcome(report)).toMatchObject({
      summary: 'No game or player imported; 1 game was brought up to date.',
      added: true,
    });
  });

  it('keeps the stored copy, and says so, when the backup rewrites a move or is the other side’s copy', async () => {
    const { db } = await openFresh();
    const stored = unwrap(await saveGame(db, annsCopy(4), 0));
    const rewritten = annsCopy(4, 1, ['E5', 'F6', 'A1', 'C3']);
    const theirs = annsCopy(4, 2);
    for (const [copy, words] of [
      [rewritten, 'it differs from your copy of this friend game at move 2 (Black): yours is kept'],
      [theirs, "it is your friend's side of the game, and your copy of this friend game is yours: yours is kept"],
    ] as const) {
      const file = await backupOf([{ ...copy, id: 'from-file' }]);
      const report = unwrap(await importAll(db, file));
      expect(report.gamesKept).toEqual([{ id: 'from-file', reason: words }]);
      expect([report.gamesAdded, report.gamesRenamed, report.gamesDuplicate]).toEqual([[], [], []]);
      const outcome = backupImportOutcome(report);
      expect(outcome.summary).toContain('1 friend game differed from yours: yours was kept');
      expect(outcome.problems).toEqual([`Game from-file: ${words}`]);
    }
    expect(unwrap(await getGame(db, stored.id))).toEqual(stored);
    expect(await friendRows(db)).toHaveLength(1);
  });

  it('restores a backup of a doubled library as one game, the copy furthest on, in either order', async () => {
    for (const order of [
      [3, 5],
      [5, 3],
    ]) {
      const { db } = await openFresh();
      // The export lists games by id: the ids set the order.
      const file = await backupOf(order.map((n, i) => ({ ...annsCopy(n), id: `${i}-copy-at-${n}` })));
      const report = unwrap(await importAll(db, file));
      expect(report.gamesAdded).toEqual([`0-copy-at-${order[0]}`]);
      expect(report.gamesRepeated).toEqual([`1-copy-at-${order[1]}`]);
      expect(report.gamesDuplicate).toEqual([]);
      const rows = await friendRows(db);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.moves).toEqual(line.slice(0, 5));
      expect(rows[0]!.revision).toBe(1);
      expect(backupImportOutcome(report).summary).toBe(
        'Imported 1 game; 1 game appeared more than once and was imported once.',
      );
    }
  });

  it('restores a friend game whose only look-alike here is a plain saved copy, so its links still play', async () => {
    const { db } = await openFresh();
    const friendGame = annsCopy(3);
    const { friend: _mark, ...plain } = friendGame;
    unwrap(await saveGame(db, { ...plain, id: 'saved-view' }, 0));
    const report = unwrap(await importAll(db, await backupOf([friendGame])));
    expect(report.gamesAdded).toEqual([friendGame.id]);
    expect(unwrap(await receiveFriendLink(db, linkOf(at(4), 2), { myName: 'Ann' })).arrival.kind).toBe('extend');
  });
});

describe('restoring a backup onto a plain game with the same id', () => {
  const moves = ['E5', 'F6', 'B2', 'C3'];
  const plainAt = (n: number) => withState(sampleGame({ id: 'g1', size: 9 }), at(n, moves));

  it('is already in your games when the stored game is as far on or further', async () => {
    const { db } = await openFresh();
    const stored = unwrap(await saveGame(db, plainAt(4), 0));
    for (const n of [2, 4]) {
      const report = unwrap(await importAll(db, await backupOf([plainAt(n)])));
      expect(report.gamesDuplicate).toEqual(['g1']);
      expect(report.gamesAdded).toEqual([]);
    }
    expect(unwrap(await getGame(db, 'g1'))).toEqual(stored);
  });

  it('updates the stored game in place when the backup is further on', async () => {
    const { db } = await openFresh();
    const stored = unwrap(await saveGame(db, plainAt(2), 0));
    const report = unwrap(await importAll(db, await backupOf([plainAt(4)])));
    expect(report.gamesUpdated).toEqual(['g1']);
    expect(unwrap(await getGame(db, 'g1'))).toMatchObject({ moves, revision: stored.revision + 1 });
    expect(unwrap(await listGames(db)).games).toHaveLength(1);
  });

  it('counts a game the file holds twice once, apart from games already stored', async () => {
    const { db } = await openFresh();
    const file = await backupOf([plainAt(3)]);
    const twice = { ...file, games: [file.games[0]!, file.games[0]!] };
    const report = unwrap(await importAll(db, twice));
    expect(report.gamesAdded).toEqual(['g1']);
    expect(report.gamesRepeated).toEqual(['g1']);
    expect(report.gamesDuplicate).toEqual([]);
    expect(unwrap(await listGames(db)).games).toHaveLength(1);
  });
});

describe('a pente.org text that holds a game twice', () => {
  it('is counted as repeated in the file, not as already in your games, on an empty library', async () => {
    const { db } = await openFresh();
    const report = unwrap(await importRecords(db, `${FIVE_GAMES}\n${FIVE_GAMES}`));
    expect(report).toMatchObject({ records: 10, duplicates: 0, repeated: 5 });
    expect(report.added).toHaveLength(5);
    expect(recordImportOutcome(report).summary).toBe(
      'Imported 5 games; 5 games appeared more than once and were imported once.',
    );
    // Imported again: now they are in your games.
    const again = unwrap(await importRecords(db, FIVE_GAMES));
    expect(recordImportOutcome(again).summary).toBe('No game imported; 5 were already in your games.');
  });
});

describe("a backup's progress for lessons and puzzles this version does not ship", () => {
  it('is neither imported nor counted, and no id reaches a prototype', async () => {
    const { db } = await openFresh();
    const file = await backupOf([]);
    const rating = { rating: 1600, deviation: 80, volatility: 0.06 };
    const entry = (id: string, at: number) => ({ id, solved: true, at, rating: 1600 });
    const hostile = JSON.parse(
      JSON.stringify({
        ...file,
        progress: {
          lessonsDone: ['place', '__proto__', 'constructor', 'no-such-lesson'],
          damaged: [],
          puzzles: {
            rating,
            streak: 3,
            bestStreak: 3,
            solved: 3,
            failed: 0,
            history: [entry('org-1927-a', 3), entry('__proto__', 2), entry('constructor', 1)],
            puzzleRatings: { 'org-1927-a': rating, constructor: rating },
          },
        },
      }).replace('"constructor":{', '"__proto__":{"polluted":true},"constructor":{'),
    ) as unknown;
    const report = unwrap(await importAll(db, hostile, { puzzleIds: new Set(['org-1927-a']) }));
    expect(report.lessonsAdded).toBe(1);
    expect(report.puzzleAnswersAdded).toBe(1);
    expect(report.rejected.map((r) => r.id).sort()).toEqual(
      // The third `__proto__`: the file's rating under that id, which is not a rating at all.
      ['__proto__', '__proto__', '__proto__', 'constructor', 'constructor', 'no-such-lesson'].sort(),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it('is left out, and said so, when the pack of puzzles could not be had to check it', async () => {
    const { db } = await openFresh();
    const file = await backupOf([]);
    const withAnswers = {
      ...file,
      progress: { ...file.progress!, puzzles: { ...file.progress!.puzzles, solved: 2 } },
    };
    const report = unwrap(await importAll(db, withAnswers));
    expect(report.puzzleAnswersAdded).toBe(0);
    expect(report.rejected).toEqual([
      {
        what: 'progress',
        id: 'puzzles',
        reason: 'the puzzle progress was not imported: the puzzles could not be loaded to check it',
      },
    ]);
  });
});

describe('bytes that are not UTF-8 in a name', () => {
  it('are read as U+FFFD: the record imports, and the report names the field', async () => {
    const { db } = await openFresh();
    const file = await backupOf([withState(sampleGame({ id: 'g1', size: 9 }), at(2))]);
    const text = JSON.stringify(file).replace('"Alice"', '"AL\u00ff\u00fe\u00fdCE"');
    // Latin-1 bytes in a UTF-8 file: what a name typed in another encoding gives.
    const bytes = new Uint8Array([...text].map((c) => c.charCodeAt(0) & 0xff));
    const read = unwrap(await readFileText(new Blob([bytes])));
    expect(fileTextProblem(read)).toBeNull();
    const report = unwrap(await importAll(db, read));
    expect(report.gamesAdded).toEqual(['g1']);
    expect(unwrap(await getGame(db, 'g1')).players[0].name).toBe('AL\ufffd\ufffd\ufffdCE');
    expect(report.undecodable).toEqual([{ what: 'game', id: 'g1', field: 'player-1-name' }]);
    expect(backupImportOutcome(report).problems).toEqual([
      "Game g1: Black's name held bytes that are not UTF-8 text, shown as \ufffd",
    ]);
  });

  it('still refuse a file that is mostly not text', () => {
    expect(fileTextProblem('\ufffd'.repeat(100) + 'abc')?.problem).toEqual({ kind: 'file-not-text' });
    expect(fileTextProblem('ab\u0000c')?.problem).toEqual({ kind: 'file-not-text' });
  });
});

describe('the size limit on a file’s text', () => {
  const MB = 1024 * 1024;

  it('stops decompressing a .gz at the limit and says so, rather than "empty" or "damaged"', async () => {
    const bomb = gzipSync(Buffer.alloc(3 * MB, 0x20), { level: 9 });
    expect(bomb.length).toBeLessThan(10_000);
    const result = await readFileText(new Blob([new Uint8Array(bomb)]), MB);
    expect(errorOf(result).message).toBe(
      'This .gz file expands to more than 1 MB, more than any library of games: it was not imported.',
    );
    // Within the limit the same stream reads whole.
    const small = gzipSync(Buffer.from('[Event "x"]\n'.repeat(1000)));
    expect(unwrap(await readFileText(new Blob([new Uint8Array(small)]), MB))).toBe('[Event "x"]\n'.repeat(1000));
  });

  it('refuses a plain file past the limit without reading it', async () => {
    const result = await readFileText(new Blob([new Uint8Array(MB + 1).fill(0x20)]), MB);
    expect(errorOf(result).message).toBe(
      'This file is larger than 1 MB, more than any library of games: it was not imported.',
    );
    expect(unwrap(await readFileText(new Blob(['\ufeffabc']), MB))).toBe('abc');
  });

  it('says a .gz cut short is damaged', async () => {
    const whole = gzipSync(Buffer.from('x'.repeat(100_000)));
    const result = await readFileText(new Blob([new Uint8Array(whole.subarray(0, whole.length / 2))]), MB);
    expect(errorOf(result).message).toMatch(/could not be decompressed/);
  });
});
