/** What storage keeps for friend games over relays (src/storage/live-friend.ts). */
import { describe, expect, it } from 'vitest';
import { parsePoint, play } from '../../src/core';
import {
  type PenteDb,
  findFriendGame,
  getLiveOutbox,
  listGameSummaries,
  markRelaySynced,
  mergeRelayGame,
  newFriendGame,
  pinPeer,
  readOutbox,
  saveGame,
  toGameState,
  updateLiveOutbox,
  withState,
} from '../../src/storage';
import { openFresh, unwrap } from './helpers';

const ID = 'LiveGameAAAAAAAA';
const KEY = 'a'.repeat(64);

async function copy(db: PenteDb, moves: readonly string[] = []) {
  const fresh = newFriendGame({
    variant: 'pente',
    size: 19,
    tournamentRule: false,
    gameId: ID,
    mySide: 1,
    myName: 'Ann',
  });
  let state = unwrap(toGameState(fresh));
  for (const m of moves) {
    const next = play(state, parsePoint(19, m)!);
    if (!next.ok) throw new Error(m);
    state = next.value;
  }
  return unwrap(await saveGame(db, withState(fresh, state), 0));
}
const stored = async (db: PenteDb) => unwrap(await findFriendGame(db, ID))!;
const stateOf = async (db: PenteDb, moves: readonly string[]) => {
  let state = unwrap(toGameState(await stored(db)));
  for (const m of moves) {
    const next = play(state, parsePoint(19, m)!);
    if (!next.ok) throw new Error(m);
    state = next.value;
  }
  return state;
};

describe("pinPeer: the other side's key, pinned once", () => {
  it('pins a key (and the name the copy did not know), keeps it, and refuses another', async () => {
    const { db } = await openFresh();
    await copy(db);
    expect(unwrap(await pinPeer(db, ID, { key: KEY, relays: [] }, 1, 'Bob')).outcome).toBe('pinned');
    expect((await stored(db)).friend?.peer).toEqual({ key: KEY, relays: [] });
    expect((await stored(db)).players[1].name).toBe('Bob');
    const revision = (await stored(db)).revision;
    expect(unwrap(await pinPeer(db, ID, { key: KEY, relays: [] })).outcome).toBe('already');
    expect(unwrap(await pinPeer(db, ID, { key: 'b'.repeat(64), relays: [] })).outcome).toBe('other-key');
    expect((await stored(db)).friend?.peer?.key).toBe(KEY);
    expect((await stored(db)).revision).toBe(revision);
    expect(unwrap(await pinPeer(db, 'NoSuchGameAAAAAA', { key: KEY, relays: [] })).outcome).toBe('no-game');
  });

  it("marks the game's summary as played over relays once a key is pinned (the lists' words follow)", async () => {
    const { db } = await openFresh();
    await copy(db);
    const before = unwrap(await listGameSummaries(db)).games[0]!;
    expect(before.friend).toEqual({ mySide: 1 });
    unwrap(await pinPeer(db, ID, { key: KEY, relays: [] }, 1, 'Bob'));
    const after = unwrap(await listGameSummaries(db)).games[0]!;
    expect(after.friend).toEqual({ mySide: 1, pinned: true });
  });
});

describe('mergeRelayGame: the link rule for relay moves (one game, never two)', () => {
  it('writes a game that carries the copy on, and nothing for the same, an older or a diverged one', async () => {
    const { db } = await openFresh();
    await copy(db, ['K10']);
    const further = await stateOf(db, ['L9']);
    const merged = unwrap(await mergeRelayGame(db, ID, further));
    expect(merged.written).toBe(true);
    expect((await stored(db)).moves).toEqual(['K10', 'L9']);
    expect((await stored(db)).friend?.synced).toEqual({ moves: 2, ended: false });
    const revision = (await stored(db)).revision;
    expect(unwrap(await mergeRelayGame(db, ID, further)).comparison.kind).toBe('same');
    // Another line: K10 then M12 where this copy has L9.
    const k10 = unwrap(toGameState({ ...(await stored(db)), moves: ['K10'] }));
    const other = play(k10, parsePoint(19, 'M12')!);
    if (!other.ok) throw new Error('M12');
    expect(unwrap(await mergeRelayGame(db, ID, other.value)).comparison.kind).toBe('conflict');
    expect((await stored(db)).revision).toBe(revision);
  });
});

describe('mergeRelayGame: a loss on time claimed here gives way to the move in time that beat the claim', () => {
  it('replaces the claimed result with the move (one record on both devices)', async () => {
    const { db } = await openFresh();
    const claimed = await copy(db, ['K10', 'L9', 'M11']);
    const timeLoss = { ...(await stateOf(db, [])), result: { winner: 1, reason: 'time' } as const };
    const ended = unwrap(await saveGame(db, withState(claimed, timeLoss), claimed.revision));
    const withMove = { ...(await stateOf(db, [])), result: null };
    const moved = play(withMove, parsePoint(19, 'N12')!);
    if (!moved.ok) throw new Error('N12');
    const merged = unwrap(await mergeRelayGame(db, ID, moved.value));
    expect(merged).toMatchObject({ written: true, undidLossOnTime: true, comparison: { kind: 'extend', added: 1 } });
    const after = await stored(db);
    expect(after.moves).toEqual(['K10', 'L9', 'M11', 'N12']);
    expect(after.result).toBeNull();
    expect(after.revision).toBe(ended.revision + 1);
    expect(after.friend?.synced).toEqual({ moves: 4, ended: false });
  });

  it('a resignation stored here is not undone by a longer copy (a conflict, nothing written)', async () => {
    const { db } = await openFresh();
    const played = await copy(db, ['K10', 'L9', 'M11']);
    const resigned = unwrap(
      await saveGame(
        db,
        withState(played, { ...(await stateOf(db, [])), result: { winner: 1, reason: 'resignation' } }),
        played.revision,
      ),
    );
    const moved = play({ ...(await stateOf(db, [])), result: null }, parsePoint(19, 'N12')!);
    if (!moved.ok) throw new Error('N12');
    expect(unwrap(await mergeRelayGame(db, ID, moved.value)).comparison.kind).toBe('conflict');
    expect((await stored(db)).revision).toBe(resigned.revision);
  });
});

describe('markRelaySynced and the outbox', () => {
  it('moves what the friend can read on, never back', async () => {
    const { db } = await openFresh();
    await copy(db, ['K10', 'L9', 'K12']);
    unwrap(await markRelaySynced(db, ID, { moves: 3, ended: false }));
    expect((await stored(db)).friend?.synced).toEqual({ moves: 3, ended: false });
    unwrap(await markRelaySynced(db, ID, { moves: 1, ended: false }));
    expect((await stored(db)).friend?.synced).toEqual({ moves: 3, ended: false });
  });
  it('keeps records across reads, drops unreadable ones, and updates in one go', async () => {
    const { db } = await openFresh();
    const record = {
      event: { id: 'ab', pubkey: KEY, created_at: 1, kind: 8365, tags: [], content: 'x', sig: 's' },
      gameId: ID,
      savedAt: 1,
      acceptedBy: [],
      ply: 0,
      action: 'move',
    };
    unwrap(await updateLiveOutbox(db, (r) => [...r, record]));
    expect(unwrap(await getLiveOutbox(db))).toEqual([record]);
    unwrap(await updateLiveOutbox(db, (r) => r.map((x) => ({ ...x, acceptedBy: ['wss://r'] }))));
    expect(unwrap(await getLiveOutbox(db))[0]!.acceptedBy).toEqual(['wss://r']);
    expect(readOutbox([record, { event: null }, 3])).toEqual([record]);
    expect(readOutbox('junk')).toEqual([]);
  });
});
