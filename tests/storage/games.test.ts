import { describe, expect, it, vi } from 'vitest';
import { actingSeat, concede, formatPoint, stateToJson } from '../../src/core';
import {
  type StoredGame,
  countGames,
  deleteGame,
  getGame,
  listGames,
  newStoredGame,
  openDatabase,
  saveGame,
  toGameState,
  withPlayedState,
  withState,
} from '../../src/storage';
import { game as playGame } from '../helpers';
import { COMPUTER, HUMAN, errorOf, openFresh, rawOpen, rawPut, sampleGame, unwrap } from './helpers';

describe('saving and loading games', () => {
  it('saves a new game, loads it back, updates it and deletes it', async () => {
    const { db } = await openFresh();
    const fresh = sampleGame();
    expect(fresh.revision).toBe(0);
    const saved = unwrap(await saveGame(db, fresh, 0, 2_000));
    expect(saved).toEqual({ ...fresh, revision: 1, updatedAt: 2_000 });
    expect(unwrap(await getGame(db, fresh.id))).toEqual(saved);

    const moved = unwrap(await saveGame(db, { ...saved, moves: ['K10', 'L9'] }, saved.revision, 3_000));
    expect(moved.revision).toBe(2);
    expect(unwrap(await getGame(db, fresh.id)).moves).toEqual(['K10', 'L9']);

    unwrap(await deleteGame(db, fresh.id));
    expect(errorOf(await getGame(db, fresh.id)).kind).toBe('not-found');
    expect(errorOf(await deleteGame(db, fresh.id)).kind).toBe('not-found');
    db.close();
  });

  it('counts the stored games, none at first', async () => {
    const { db } = await openFresh();
    expect(unwrap(await countGames(db))).toBe(0);
    const first = sampleGame();
    unwrap(await saveGame(db, first));
    unwrap(await saveGame(db, sampleGame()));
    expect(unwrap(await countGames(db))).toBe(2);
    unwrap(await deleteGame(db, first.id));
    expect(unwrap(await countGames(db))).toBe(1);
    db.close();
  });

  it('stores only the record fields, whatever else the object carries', async () => {
    const { db } = await openFresh();
    const withJunk = { ...sampleGame(), state: { cells: new Uint8Array(361) } } as StoredGame;
    unwrap(await saveGame(db, withJunk));
    expect(unwrap(await getGame(db, withJunk.id))).not.toHaveProperty('state');
    db.close();
  });

  it('refuses to save an invalid game', async () => {
    const { db } = await openFresh();
    const error = errorOf(await saveGame(db, sampleGame({ moves: ['K10', 'Z99'] })));
    expect(error.kind).toBe('invalid');
    expect(error.message).toMatch(/move 1 \(White\), "Z99", is not a point/);
    expect(errorOf(await saveGame(db, sampleGame({ status: 'finished' }))).kind).toBe('invalid');
    db.close();
  });

  it('records a game state: moves as pente.org coordinates, status and result', async () => {
    const moves = 'K10 A1 N10 B1 O10 C1 P10 D1 Q10 F1 R10';
    const state = playGame({}, moves);
    const record = withState(sampleGame(), state);
    expect(record.moves).toEqual(moves.split(' '));
    expect(record.status).toBe('finished');
    expect(record.result).toEqual({ winner: 1, reason: 'five' });
    const replayed = unwrap(toGameState(record));
    expect(stateToJson(replayed)).toEqual(stateToJson(state));
  });

  it('replays a resigned game to the same ending', () => {
    const state = concede(playGame({}, 'K10 L9'), 1, 'resignation');
    const replayed = unwrap(toGameState(withState(sampleGame(), state)));
    expect(replayed.result).toEqual({ winner: 2, reason: 'resignation' });
    expect(replayed.moves.map((p) => formatPoint(19, p))).toEqual(['K10', 'L9']);
  });

  it("stores D-Pente's seat choice: a swap played here exchanges the players; it saves and replays", async () => {
    const { db } = await openFresh();
    const start = newStoredGame({ variant: 'd-pente', size: 15, players: [HUMAN, COMPUTER] });
    const four = playGame({ variant: 'd-pente', size: 15 }, 'A1 B2 H8 J9');
    expect(withPlayedState(start, four, null).seatChoice).toBeUndefined();
    const swapped = playGame({}, 'swap G7', four);
    const record = withPlayedState(withPlayedState(start, four, null), swapped, null);
    expect(record.seatChoice).toBe('swap');
    expect(record.players).toEqual([COMPUTER, HUMAN]);
    // Brought up to date again with the same choice: the players stay where they are.
    expect(withPlayedState(record, playGame({}, 'A15', swapped), null).players).toEqual([COMPUTER, HUMAN]);
    // A game read from a record or a link names the seats as they ended: withState keeps its players.
    expect(withState(start, swapped).players).toEqual([HUMAN, COMPUTER]);
    expect(withState(start, swapped).seatChoice).toBe('swap');
    const saved = unwrap(await saveGame(db, record));
    expect(saved.seatChoice).toBe('swap');
    const replayed = unwrap(toGameState(unwrap(await getGame(db, saved.id))));
    expect(replayed.seatChoice).toBe('swap');
    expect(replayed.moves).toEqual(swapped.moves);
    expect(errorOf(await saveGame(db, { ...record, seatChoice: 'maybe' as 'swap' }, saved.revision)).kind).toBe(
      'invalid',
    );
    db.close();
  });

  it("stores Swap2's pass: a game stopped while player 2 places the two stones reopens with them to place", async () => {
    const { db } = await openFresh();
    const start = newStoredGame({ variant: 'swap2-keryo', size: 13, players: [COMPUTER, HUMAN] });
    const four = playGame({ variant: 'swap2-keryo', size: 13 }, 'G7 H8 J7 pass H6');
    const record = withPlayedState(start, four, null);
    expect(record.swap2Pass).toBe(true);
    expect(record.seatChoice).toBeUndefined();
    const saved = unwrap(await saveGame(db, record));
    const replayed = unwrap(toGameState(unwrap(await getGame(db, saved.id))));
    expect(replayed.swap2Pass).toBe(true);
    expect(actingSeat(replayed)).toBe(2);
    // Player 1's swap after the pass exchanges the players like any swap.
    const swapped = playGame({}, 'F8 swap', four);
    expect(withPlayedState(record, swapped, null).players).toEqual([HUMAN, COMPUTER]);
    expect(errorOf(await saveGame(db, { ...record, swap2Pass: 'yes' as unknown as true }, saved.revision)).kind).toBe(
      'invalid',
    );
    db.close();
  });

  it('reports moves that do not replay as an error value', () => {
    // L10 breaks the tournament rule at move 3.
    const error = errorOf(toGameState(sampleGame({ moves: ['K10', 'L9', 'L10'] })));
    expect(error.kind).toBe('invalid');
    expect(error.message).toMatch(/Move 2 \(Black\).*L10.*Tournament rule/);
  });
});

describe('listing games', () => {
  async function storeGames(games: StoredGame[]) {
    const { db } = await openFresh();
    for (const g of games) unwrap(await saveGame(db, g, 0, g.updatedAt));
    return db;
  }

  const a = sampleGame({
    updatedAt: 3_000,
    size: 13,
    variant: 'keryo',
    players: [{ name: 'bob', kind: 'human' }, COMPUTER],
  });
  const b = sampleGame({
    updatedAt: 1_000,
    size: 19,
    variant: 'pente',
    players: [{ name: 'Carol', kind: 'human' }, HUMAN],
  });
  const c = {
    ...sampleGame({ updatedAt: 2_000, size: 9, variant: 'gomoku', tournamentRule: false }),
    players: [
      { name: 'alice', kind: 'human' },
      { name: 'Zed', kind: 'human' },
    ],
    status: 'finished',
    result: { winner: 2, reason: 'resignation' },
  } as StoredGame;
  const demo = sampleGame({ updatedAt: 4_000, demo: true, players: [COMPUTER, COMPUTER] });
  const ids = (list: readonly StoredGame[]) => list.map((g) => g.id);

  it('sorts by date, newest first by default, and leaves demo games out', async () => {
    const db = await storeGames([a, b, c, demo]);
    const list = unwrap(await listGames(db));
    expect(ids(list.games)).toEqual([a.id, c.id, b.id]);
    expect(list.skipped).toEqual([]);
    expect(ids(unwrap(await listGames(db, { descending: false })).games)).toEqual([b.id, c.id, a.id]);
    expect(ids(unwrap(await listGames(db, { includeDemo: true })).games)).toEqual([demo.id, a.id, c.id, b.id]);
    db.close();
  });

  it('sorts by either player, by size and by variant', async () => {
    const db = await storeGames([a, b, c]);
    const by = async (sortBy: 'player1' | 'player2' | 'size' | 'variant', descending?: boolean) =>
      ids(unwrap(await listGames(db, { sortBy, descending })).games);
    expect(await by('player1')).toEqual([c.id, a.id, b.id]); // alice, bob, Carol: case does not matter
    expect(await by('player1', true)).toEqual([b.id, a.id, c.id]);
    expect(await by('player2')).toEqual([b.id, a.id, c.id]); // Alice, Casual, Zed
    expect(await by('size')).toEqual([c.id, a.id, b.id]);
    expect(await by('variant')).toEqual([c.id, a.id, b.id]); // Gomoku, Keryo-Pente, Pente
    db.close();
  });

  it('filters by status', async () => {
    const db = await storeGames([a, b, c, demo]);
    expect(ids(unwrap(await listGames(db, { status: 'finished' })).games)).toEqual([c.id]);
    expect(ids(unwrap(await listGames(db, { status: 'in-progress' })).games)).toEqual([a.id, b.id]);
    db.close();
  });

  it('skips and reports a corrupted record, listing every other game', async () => {
    const { db, factory } = await openFresh();
    unwrap(await saveGame(db, a, 0, a.updatedAt));
    unwrap(await saveGame(db, b, 0, b.updatedAt));
    const raw = await rawOpen(factory);
    await rawPut(raw, 'games', { ...b, id: 'broken', moves: 'K10 L9' });
    await rawPut(raw, 'games', { id: 'no-status', players: 'nobody' });
    raw.close();

    const list = unwrap(await listGames(db));
    expect(ids(list.games)).toEqual([a.id, b.id]);
    expect(list.skipped).toEqual([
      { id: 'broken', reason: 'the moves are not a list' },
      { id: 'no-status', reason: expect.stringMatching(/variant/) },
    ]);
    const error = errorOf(await getGame(db, 'broken'));
    expect(error.kind).toBe('invalid');
    expect(error.message).toMatch(/moves are not a list/);
    db.close();
  });
});

describe('saving from two tabs', () => {
  it('refuses a save that would overwrite a newer revision from another tab', async () => {
    const { db, factory } = await openFresh();
    const otherTab = unwrap(await openDatabase({ factory }));
    const saved = unwrap(await saveGame(db, sampleGame()));

    // Both tabs load revision 1; the other tab plays a move first.
    const there = unwrap(await getGame(otherTab, saved.id));
    unwrap(await saveGame(otherTab, { ...there, moves: ['K10'] }));

    const error = errorOf(await saveGame(db, { ...saved, moves: ['K10', 'L9'] }));
    expect(error.kind).toBe('conflict');
    expect(error.message).toMatch(/another tab/);
    expect(unwrap(await getGame(db, saved.id))).toMatchObject({ moves: ['K10'], revision: 2 });

    // A new game must not replace one already stored under its id either.
    expect(errorOf(await saveGame(db, { ...saved, revision: 0 })).kind).toBe('conflict');
    db.close();
    otherTab.close();
  });
});

describe('a full disk', () => {
  it('reports a quota error as a value and keeps the game as it was', async () => {
    const { db } = await openFresh();
    const saved = unwrap(await saveGame(db, sampleGame()));
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      const error = errorOf(await saveGame(db, { ...saved, moves: ['K10'] }));
      expect(error.kind).toBe('quota');
      expect(error.message).toMatch(/no more storage space/);
    } finally {
      put.mockRestore();
    }
    expect(unwrap(await getGame(db, saved.id))).toEqual(saved);
    db.close();
  });

  it('reports a quota error that aborts the transaction at commit', async () => {
    const { db } = await openFresh();
    const saved = unwrap(await saveGame(db, sampleGame()));
    // Browsers often report a full disk by aborting the transaction with the quota error as its error.
    const realPut = IDBObjectStore.prototype.put;
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
      const request = realPut.apply(this, args);
      const tx = this.transaction;
      Object.defineProperty(tx, 'error', { value: new DOMException('Quota', 'QuotaExceededError') });
      tx.abort();
      return request;
    });
    try {
      expect(errorOf(await saveGame(db, { ...saved, moves: ['K10'] })).kind).toBe('quota');
    } finally {
      put.mockRestore();
    }
    expect(unwrap(await getGame(db, saved.id)).revision).toBe(1);
    db.close();
  });
});

describe('new game records', () => {
  it('start empty, in progress, with a fresh id and the variant rules', () => {
    const first = newStoredGame({ variant: 'gomoku', size: 13, tournamentRule: true, players: [HUMAN, COMPUTER] });
    const second = newStoredGame({ players: [HUMAN, COMPUTER] });
    expect(first.id).not.toBe(second.id);
    expect(first).toMatchObject({
      variant: 'gomoku',
      size: 13,
      tournamentRule: false,
      moves: [],
      status: 'in-progress',
    });
    expect(second).toMatchObject({ variant: 'pente', size: 19, tournamentRule: true, demo: false, revision: 0 });
  });
});
