import { describe, expect, it, vi } from 'vitest';
import {
  EXPORT_FORMAT,
  type StoredGame,
  addPlayer,
  exportAll,
  exportGameRecord,
  exportText,
  getGame,
  getSettings,
  importAll,
  importRecords,
  listGames,
  listPlayers,
  parseGameRecord,
  saveGame,
  saveSettings,
  toGameState,
  withState,
} from '../../src/storage';
import { concede, stateToJson } from '../../src/core';
import { game as playGame } from '../helpers';
import { errorOf, openFresh, rawOpen, rawPut, sampleGame, unwrap } from './helpers';

const finished = (g: StoredGame): StoredGame => ({
  ...g,
  moves: ['K10', 'L9'],
  status: 'finished',
  result: { winner: 1, reason: 'time' },
  clocks: { remainingMs: [12_000, 0], incrementMs: 2_000 },
});

/** A database holding a game, a demo game, a player and a changed setting. */
async function populated() {
  const { db, factory } = await openFresh();
  const game = unwrap(await saveGame(db, finished(sampleGame({ updatedAt: 5_000 })), 0, 5_000));
  const demo = unwrap(await saveGame(db, sampleGame({ demo: true }), 0, 6_000));
  const bob = unwrap(await addPlayer(db, { kind: 'human', name: 'Bob' }));
  unwrap(await saveSettings(db, { theme: 'dark' }));
  return { db, factory, game, demo, bob };
}

describe('exporting and importing everything', () => {
  it('round-trips games (demo ones too), players and settings into an empty database', async () => {
    const source = await populated();
    const { file, skipped } = unwrap(await exportAll(source.db, 7_000));
    expect(skipped).toEqual([]);
    expect(file).toMatchObject({ format: EXPORT_FORMAT, version: 1, exportedAt: 7_000 });
    expect(file.games).toHaveLength(2);

    const target = await openFresh();
    const report = unwrap(await importAll(target.db, exportText(file), { replaceSettings: true }));
    expect([...report.gamesAdded].sort()).toEqual([source.game.id, source.demo.id].sort());
    expect(report.gamesRenamed).toEqual([]);
    expect(report.gamesDuplicate).toEqual([]);
    expect(report.playersAdded).toEqual([source.bob.id]);
    // The target's own default players have the same names: skipped, not doubled.
    expect(report.playersSkipped.map((p) => p.name)).toContain('Player 1');
    expect(report.playersSkipped.every((p) => p.reason === 'already stored')).toBe(true);
    expect(report.settingsReplaced).toBe(true);
    expect(report.rejected).toEqual([]);

    expect(unwrap(await getGame(target.db, source.game.id))).toEqual(source.game);
    expect(unwrap(await listGames(target.db, { includeDemo: true })).games).toHaveLength(2);
    expect(unwrap(await listPlayers(target.db, 'human')).players.map((p) => p.name)).toEqual(['Bob', 'Player 1']);
    expect(unwrap(await getSettings(target.db)).settings.theme).toBe('dark');
    source.db.close();
    target.db.close();
  });

  it('leaves the settings alone unless asked to replace them', async () => {
    const source = await populated();
    const { file } = unwrap(await exportAll(source.db));
    const target = await openFresh();
    expect(unwrap(await importAll(target.db, file)).settingsReplaced).toBe(false);
    expect(unwrap(await getSettings(target.db)).settings.theme).toBe('system');
    source.db.close();
    target.db.close();
  });

  it('skips games already stored and adds changed ones under a new id, overwriting nothing', async () => {
    const { db, game } = await populated();
    const { file } = unwrap(await exportAll(db));

    const again = unwrap(await importAll(db, file));
    expect(again.gamesAdded).toEqual([]);
    expect(again.gamesRenamed).toEqual([]);
    expect(again.gamesDuplicate).toHaveLength(2);
    expect(again.playersAdded).toEqual([]);

    // The same id with other moves: both versions are kept.
    const changed = { ...file, games: [{ ...game, moves: ['K10', 'L9', 'N10'] }] };
    const report = unwrap(await importAll(db, changed));
    expect(report.gamesRenamed).toHaveLength(1);
    const renamed = report.gamesRenamed[0]!;
    expect(renamed.from).toBe(game.id);
    expect(unwrap(await getGame(db, game.id)).moves).toEqual(['K10', 'L9']);
    expect(unwrap(await getGame(db, renamed.to)).moves).toEqual(['K10', 'L9', 'N10']);

    // And that renamed game is recognised next time rather than added a third time.
    expect(unwrap(await importAll(db, changed)).gamesDuplicate).toEqual([game.id]);
    expect(unwrap(await listGames(db)).games).toHaveLength(2);
    db.close();
  });

  it('reads a file given as text in steps, then checks, then saves, reporting each phase in order', async () => {
    const { db } = await openFresh();
    const games = Array.from({ length: 300 }, (_, i) => sampleGame({ id: `t${i}`, updatedAt: i }));
    const text = JSON.stringify({ format: EXPORT_FORMAT, version: 1, games, players: [] }, null, 1);
    const seen: [string, number, number][] = [];
    const report = unwrap(await importAll(db, text, { onProgress: (...call) => seen.push(call) }));
    expect(report.gamesAdded).toHaveLength(300);
    const phases = seen.map(([phase]) => phase);
    expect(phases.lastIndexOf('reading')).toBeLessThan(phases.indexOf('checking'));
    expect(phases.lastIndexOf('checking')).toBeLessThan(phases.indexOf('saving'));
    expect(seen[0]).toEqual(['reading', 0, text.length]);
    expect(seen).toContainEqual(['reading', text.length, text.length]);
    expect(seen.at(-1)).toEqual(['saving', 300, 300]);
    const done = seen.filter(([phase]) => phase === 'reading').map(([, d]) => d);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    db.close();
  });

  it('skips a player whose name is taken by a different player, and reports it', async () => {
    const source = await populated();
    const { file } = unwrap(await exportAll(source.db));
    source.db.close();
    const { db } = await openFresh();
    const otherBob = unwrap(await addPlayer(db, { kind: 'human', name: 'Bob' }));
    const report = unwrap(await importAll(db, file));
    const skippedBob = report.playersSkipped.find((p) => p.name === 'Bob');
    expect(skippedBob?.reason).toBe('a player named "Bob" already exists');
    expect(unwrap(await listPlayers(db, 'human')).players.filter((p) => p.name === 'Bob')).toEqual([otherBob]);
    db.close();
  });

  it('rejects files that are not export files, and entries that fail validation', async () => {
    const { db } = await openFresh();
    expect(errorOf(await importAll(db, '{not json')).message).toMatch(/not valid JSON/);
    expect(errorOf(await importAll(db, { format: 'something-else' })).message).toMatch(/not a Pente export/);
    expect(
      errorOf(await importAll(db, { format: EXPORT_FORMAT, version: 99, games: [], players: [] })).message,
    ).toMatch(/newer version/);
    expect(errorOf(await importAll(db, { format: EXPORT_FORMAT, version: 1, games: {}, players: [] })).kind).toBe(
      'invalid',
    );

    const good = sampleGame({ revision: 4 });
    const report = unwrap(
      await importAll(
        db,
        {
          format: EXPORT_FORMAT,
          version: 1,
          games: [good, { ...good, id: 'bad', size: 17 }, 'junk'],
          players: [{ id: 'x', kind: 'human', name: '' }],
          settings: { theme: 'neon', haptics: false },
        },
        { replaceSettings: true },
      ),
    );
    expect(report.gamesAdded).toEqual([good.id]);
    expect(report.rejected).toEqual([
      { what: 'game', id: 'bad', reason: 'unsupported board size 17' },
      { what: 'game', id: '#3', reason: 'not an object' },
      { what: 'player', id: 'x', reason: 'the name is empty' },
      { what: 'setting', id: 'theme', reason: '"neon" is not a valid value' },
    ]);
    // An imported game starts its own save count here.
    expect(unwrap(await getGame(db, good.id)).revision).toBe(1);
    expect(unwrap(await getSettings(db)).settings).toMatchObject({ theme: 'system', haptics: false });
    db.close();
  });

  it('adds nothing when the disk fills part-way through', async () => {
    const source = await populated();
    const { file } = unwrap(await exportAll(source.db));
    source.db.close();
    const { db } = await openFresh();
    const realPut = IDBObjectStore.prototype.put;
    let puts = 0;
    // The first write goes through, the second finds the disk full.
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
      if (++puts > 1) throw new DOMException('Quota', 'QuotaExceededError');
      return realPut.apply(this, args);
    });
    try {
      expect(errorOf(await importAll(db, file)).kind).toBe('quota');
    } finally {
      put.mockRestore();
    }
    expect(puts).toBe(2);
    expect(unwrap(await listGames(db, { includeDemo: true })).games).toEqual([]);
    db.close();
  });

  it('reports corrupted records left out of an export', async () => {
    const { db, factory } = await populated();
    const raw = await rawOpen(factory);
    await rawPut(raw, 'games', { id: 'broken' });
    raw.close();
    const { file, skipped } = unwrap(await exportAll(db));
    expect(file.games).toHaveLength(2);
    expect(skipped).toEqual([{ id: 'broken', reason: expect.any(String) }]);
    db.close();
  });
});

describe('pente.org records of one game', () => {
  it('round-trip a finished game: names, date, rules, moves and result', async () => {
    const state = playGame({ variant: 'keryo', size: 13 }, 'G7 A1 K7 B1 L7 C1 M7 D1 N7 F1 J7');
    const game = withState(
      sampleGame({
        variant: 'keryo',
        size: 13,
        createdAt: new Date(2024, 4, 31, 15, 30).getTime(),
        players: [
          { name: 'Ann "The Hammer" Lee', kind: 'human' },
          { name: 'Casual', kind: 'computer', playerId: 'casual' },
        ],
      }),
      state,
    );
    const text = unwrap(exportGameRecord(game));
    expect(text).toContain('[Game "Keryo-Pente"]');
    expect(text).toContain('[Date "05/31/2024"]');
    expect(text).toContain('[Player 1 Name "Ann \\"The Hammer\\" Lee"]');
    expect(text).toContain('[Board Size "13"]');
    expect(text).toContain('1. G7 A1 2. K7 B1');
    expect(text).toMatch(/1-0\n$/);

    const back = unwrap(parseGameRecord(text, 99));
    expect(back).toMatchObject({
      variant: 'keryo',
      size: 13,
      tournamentRule: true,
      moves: game.moves,
      status: 'finished',
      result: { winner: 1, reason: 'five' },
      createdAt: new Date(2024, 4, 31).getTime(),
      players: [
        { name: 'Ann "The Hammer" Lee', kind: 'human' },
        { name: 'Casual', kind: 'human' },
      ],
      revision: 0,
    });
    expect(back.id).not.toBe(game.id);
    expect(stateToJson(unwrap(toGameState(back)))).toEqual(stateToJson(state));
  });

  it('keep a resignation and a loss on time', () => {
    const resigned = withState(sampleGame(), concede(playGame({}, 'K10 L9 N10'), 2, 'resignation'));
    expect(unwrap(parseGameRecord(unwrap(exportGameRecord(resigned)))).result).toEqual({
      winner: 1,
      reason: 'resignation',
    });
    const onTime = withState(sampleGame(), concede(playGame({}, 'K10 L9'), 1, 'time'));
    const text = unwrap(exportGameRecord(onTime));
    expect(text).toContain('0-1');
    expect(unwrap(parseGameRecord(text)).result).toEqual({ winner: 2, reason: 'time' });
  });

  it('import a game in progress from pente.org text and store it', async () => {
    const { db } = await openFresh();
    const text =
      '[Game "Pente"]\n[Player 1 Name "aaru"]\n[Player 2 Name "valleyboy"]\n[Date "2006.05.31"]\n\n1. K10 J11 2. N10 *\n';
    const report = unwrap(await importRecords(db, text, { now: 123_000 }));
    expect(report).toMatchObject({ records: 1, duplicates: 0, problems: [] });
    const stored = unwrap(await getGame(db, report.added[0]!));
    expect(stored).toMatchObject({
      moves: ['K10', 'J11', 'N10'],
      status: 'in-progress',
      result: null,
      revision: 1,
      updatedAt: 123_000,
      createdAt: new Date(2006, 4, 31).getTime(),
      imported: { at: 123_000, dated: true },
    });
    db.close();
  });

  it('report a record that does not replay', () => {
    const error = errorOf(parseGameRecord('[Game "Pente"]\n\n1. K10 K10 *\n'));
    expect(error.kind).toBe('invalid');
    expect(error.message).toMatch(/line 3.*occupied/);
  });
});
