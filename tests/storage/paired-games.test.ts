import { describe, expect, it } from 'vitest';
import {
  MAX_BLOCKED_KEYS,
  addPairedGames,
  getSettings,
  listFriendGameRecords,
  newFriendGame,
  saveSettings,
} from '../../src/storage';
import { errorOf, openFresh, unwrap } from './helpers';

const paired = (gameId: string, mySide: 1 | 2) => {
  const game = newFriendGame({ variant: 'pente', size: 19, tournamentRule: true, gameId, mySide, myName: 'Ann' });
  return { ...game, friend: { ...game.friend!, peer: { key: 'b'.repeat(64), relays: ['wss://r.example'] } } };
};

describe('games a pairing starts', () => {
  it('are stored once: a pairing seen again keeps the copies already here', async () => {
    const { db } = await openFresh();
    const first = unwrap(await addPairedGames(db, [paired('GameAAAAAAAAAAAA', 1), paired('GameBBBBBBBBBBBB', 2)]));
    expect(first.map((g) => [g.friend!.gameId, g.revision])).toEqual([
      ['GameAAAAAAAAAAAA', 1],
      ['GameBBBBBBBBBBBB', 1],
    ]);
    const again = unwrap(await addPairedGames(db, [paired('GameAAAAAAAAAAAA', 1), paired('GameBBBBBBBBBBBB', 2)]));
    expect(again.map((g) => g.id)).toEqual(first.map((g) => g.id));
    const all = unwrap(await listFriendGameRecords(db));
    expect(all).toHaveLength(2);
    expect(all.every((g) => g.friend?.peer?.key === 'b'.repeat(64))).toBe(true);
  });

  it('refuses a record that is not a friend game, and stores nothing of that pairing', async () => {
    const { db } = await openFresh();
    const { friend: _, ...plain } = paired('GameAAAAAAAAAAAA', 1);
    expect(errorOf(await addPairedGames(db, [paired('GameBBBBBBBBBBBB', 1), plain])).kind).toBe('invalid');
    expect(unwrap(await listFriendGameRecords(db))).toEqual([]);
  });
});

describe('the blocked keys setting', () => {
  it('keeps public keys, and refuses anything else', async () => {
    const { db } = await openFresh();
    expect(unwrap(await getSettings(db)).settings.blockedKeys).toEqual([]);
    unwrap(await saveSettings(db, { blockedKeys: ['a'.repeat(64)] }));
    expect(unwrap(await getSettings(db)).settings.blockedKeys).toEqual(['a'.repeat(64)]);
    expect(errorOf(await saveSettings(db, { blockedKeys: ['A'.repeat(64)] })).kind).toBe('invalid');
    expect(errorOf(await saveSettings(db, { blockedKeys: 'a'.repeat(64) as never })).kind).toBe('invalid');
    const tooMany = Array.from({ length: MAX_BLOCKED_KEYS + 1 }, (_, i) => i.toString(16).padStart(64, '0'));
    expect(errorOf(await saveSettings(db, { blockedKeys: tooMany })).kind).toBe('invalid');
  });
});
