/**
 * A library that already holds a friend game twice (from restores before restore-games.ts met a backup's
 * friend game by its friend-game id) is mended by the rule restore uses: a copy another holds whole is
 * dropped, copies that differ are all kept and reported (src/storage/doubled-friend-games.ts).
 */
import { describe, expect, it } from 'vitest';
import { type GameState, type Player, formatGameLink, parseGameLink } from '../../src/core';
import {
  type PenteDb,
  type StoredGame,
  getAnalysis,
  listGames,
  newFriendGame,
  receiveFriendLink,
  saveAnalysis,
  saveGame,
  withState,
} from '../../src/storage';
import { mendDoubledFriendGames, planFriendCopies } from '../../src/storage/doubled-friend-games';
import { game } from '../helpers';
import { openFresh, sampleGame, unwrap } from './helpers';

const opts = { size: 9 } as const;
const line = ['E5', 'F6', 'B2', 'C3', 'D4', 'G7', 'A1'];
const other = ['E5', 'F6', 'B2', 'D3', 'D4', 'G7', 'A1'];
const at = (n: number, moves = line) => game(opts, moves.slice(0, n).join(' '));
const ID = 'AbCdEfGhIjKlMn-_';

/** Ann's copy (side 1 unless said) of a friend game with Bob at `n` moves, under record id `id`. */
const copy = (id: string, n: number, options: { mySide?: Player; moves?: string[]; updatedAt?: number } = {}) =>
  ({
    ...withState(
      {
        ...newFriendGame({
          variant: 'pente',
          size: 9,
          tournamentRule: true,
          gameId: ID,
          mySide: options.mySide ?? 1,
          myName: 'Ann',
        }),
        players: [
          { name: 'Ann', kind: 'human' },
          { name: 'Bob', kind: 'human' },
        ],
      },
      at(n, options.moves),
    ),
    id,
    updatedAt: options.updatedAt ?? 1_000 + n,
  }) as StoredGame;

async function libraryOf(games: readonly StoredGame[]): Promise<PenteDb> {
  const { db } = await openFresh();
  for (const g of games) unwrap(await saveGame(db, g, 0));
  return db;
}

const rows = async (db: PenteDb) =>
  unwrap(await listGames(db))
    .games.filter((g) => g.friend?.gameId === ID)
    .map((g) => g.id)
    .sort();

function linkOf(s: GameState, sender: Player) {
  const parsed = parseGameLink(formatGameLink({ state: s, names: ['Ann', 'Bob'], friend: { gameId: ID, sender } }));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

describe('the plan for the copies of one friend game (pure)', () => {
  it('keeps the copy furthest on and drops those it holds whole, in any order', () => {
    for (const order of [
      ['a', 'b', 'c'],
      ['c', 'a', 'b'],
      ['b', 'c', 'a'],
    ]) {
      const copies = { a: copy('a', 3), b: copy('b', 5), c: copy('c', 1) };
      const plan = planFriendCopies(order.map((k) => copies[k as keyof typeof copies]));
      expect(plan.keep.map((g) => g.id)).toEqual(['b']);
      expect(plan.drop.map((d) => [d.game.id, d.keptIn]).sort()).toEqual([
        ['a', 'b'],
        ['c', 'b'],
      ]);
      expect(plan.differing).toEqual([]);
    }
  });

  it('keeps the latest save of two copies with the same moves', () => {
    const plan = planFriendCopies([copy('old', 4, { updatedAt: 5 }), copy('new', 4, { updatedAt: 9 })]);
    expect(plan.keep.map((g) => g.id)).toEqual(['new']);
  });

  it('keeps both copies, and says so, when each has moves the other lacks', () => {
    const plan = planFriendCopies([copy('mine', 5), copy('theirs', 5, { moves: other }), copy('short', 2)]);
    expect(plan.keep.map((g) => g.id).sort()).toEqual(['mine', 'theirs']);
    expect(plan.drop.map((d) => d.game.id)).toEqual(['short']);
    expect(plan.differing).toEqual([1]);
  });

  it('keeps a copy that ends the game where another played on', () => {
    const ended = { ...copy('ended', 3), status: 'finished', result: { winner: 2, reason: 'resignation' } };
    const plan = planFriendCopies([ended as StoredGame, copy('on', 5)]);
    expect(plan.keep.map((g) => g.id).sort()).toEqual(['ended', 'on']);
    expect(plan.drop).toEqual([]);
  });

  it('leaves the two sides of one game alone: they are not doubles', () => {
    const plan = planFriendCopies([copy('black', 3), copy('white', 3, { mySide: 2 })]);
    expect(plan.keep.map((g) => g.id).sort()).toEqual(['black', 'white']);
    expect(plan.drop).toEqual([]);
    expect(plan.differing).toEqual([]);
  });
});

describe('mending a library that holds a friend game twice', () => {
  it('joins the copies into the one furthest on, so Home lists it once and the next link plays', async () => {
    const db = await libraryOf([copy('live', 5), copy('restored', 3), sampleGame({ id: 'plain' })]);
    expect(await rows(db)).toEqual(['live', 'restored']);
    // Before: a link meets the first copy by record id, the old one, and is refused as out of turn.
    const mended = unwrap(await mendDoubledFriendGames(db));
    expect(mended).toEqual({ dropped: ['restored'], joined: [{ gameId: ID, friendName: 'Bob' }], differing: [] });
    expect(await rows(db)).toEqual(['live']);
    expect(unwrap(await listGames(db)).games.map((g) => g.id)).toContain('plain');
    expect(unwrap(await receiveFriendLink(db, linkOf(at(6), 2), { myName: 'Ann' })).arrival.kind).toBe('extend');
    // Once mended, nothing more to do.
    expect(unwrap(await mendDoubledFriendGames(db))).toEqual({ dropped: [], joined: [], differing: [] });
  });

  it('moves the dropped copy’s analysis to the kept copy when it has none', async () => {
    const db = await libraryOf([copy('live', 5), copy('restored', 3)]);
    const evals = [null, null, null, null];
    unwrap(await saveAnalysis(db, { id: 'restored', moves: line.slice(0, 3), timeMs: 100, evals, updatedAt: 1 }));
    unwrap(await mendDoubledFriendGames(db));
    expect(unwrap(await getAnalysis(db, 'live'))?.moves).toEqual(line.slice(0, 3));
    expect(unwrap(await getAnalysis(db, 'restored'))).toBeNull();
  });

  it('keeps copies that differ, and names the game for the player to choose', async () => {
    const db = await libraryOf([copy('a', 5), copy('b', 5, { moves: other })]);
    const mended = unwrap(await mendDoubledFriendGames(db));
    expect(mended.dropped).toEqual([]);
    expect(mended.differing).toEqual([{ gameId: ID, ids: expect.arrayContaining(['a', 'b']), friendName: 'Bob' }]);
    expect(await rows(db)).toEqual(['a', 'b']);
  });

  it('finds doubles across pages of the index (many friend games, one doubled at a page’s end)', async () => {
    const { db } = await openFresh();
    const friendId = (i: number) => `G${String(i).padStart(15, '0')}`;
    const many: StoredGame[] = [];
    for (let i = 0; i < 1_200; i++) {
      const g = copy(`g${i}`, 1);
      many.push({ ...g, friend: { gameId: friendId(i), mySide: 1 } });
    }
    // Doubled: the 500th and 501st index entries are one game's two copies, and one game further on.
    many.push({ ...copy('dup-a', 2), friend: { gameId: friendId(499), mySide: 1 } });
    many.push({ ...copy('dup-b', 3), friend: { gameId: friendId(1100), mySide: 1 } });
    for (const g of many) unwrap(await saveGame(db, g, 0));
    const mended = unwrap(await mendDoubledFriendGames(db));
    expect([...mended.dropped].sort()).toEqual(['g1100', 'g499']);
  });
});
