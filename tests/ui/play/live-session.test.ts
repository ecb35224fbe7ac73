/**
 * The live session (src/ui/play/live-session.ts): which computer a side plays with, a record as a match, opening a
 * game (the live one, the newest stored record, or why not), and the games kept while storage was full
 * saved at last.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ComputerPlayer,
  type StoredPlayer,
  builtInPlayers,
  getGame,
  keepUnsavedGame,
  saveGame,
  unsavedGame,
  withState,
} from '../../../src/storage';
import { db, notices } from '../../../src/ui/shell/app-state';
import {
  closeSession,
  computerFor,
  matchFrom,
  openGame,
  saveKeptGames,
  session,
} from '../../../src/ui/play/live-session';
import { navigate } from '../../../src/ui/shell/router';
import { game as playGame } from '../../helpers';
import { MemoryStore } from '../../storage/memory-kv';
import { HUMAN, openFresh, sampleGame, unwrap } from '../../storage/helpers';

vi.mock('../../../src/ui/shell/router', () => ({ navigate: vi.fn() }));

const lastNotice = () => notices.value.at(-1)?.text;

let kv: MemoryStore;
beforeEach(() => {
  kv = new MemoryStore();
  vi.stubGlobal('localStorage', kv);
  vi.mocked(navigate).mockClear();
  notices.value = [];
});
afterEach(async () => {
  await closeSession();
  db.value = null;
  vi.unstubAllGlobals();
});

describe('computerFor', () => {
  const builtIn = builtInPlayers().filter((p): p is ComputerPlayer => p.kind === 'computer');
  const mine: ComputerPlayer = { ...builtIn[0]!, id: 'mine', name: 'My bot', builtIn: false } as ComputerPlayer;
  const stored: readonly StoredPlayer[] = [mine];

  it('is the stored computer player the side names', () => {
    expect(computerFor({ name: 'x', kind: 'computer', playerId: 'mine' }, stored)).toBe(mine);
  });

  it('else the built-in level with that id, else with that name', () => {
    const level = builtIn[2]!;
    expect(computerFor({ name: 'renamed', kind: 'computer', playerId: level.id }, stored)).toEqual(level);
    expect(computerFor({ name: level.name, kind: 'computer', playerId: 'deleted' }, stored)).toEqual(level);
  });

  it('else the strongest built-in level, under the side’s name', () => {
    const played = computerFor({ name: 'Old friend', kind: 'computer', playerId: 'gone' }, stored);
    expect(played.name).toBe('Old friend');
    expect(played.id).toBe('expert');
  });
});

describe('matchFrom', () => {
  it('replays a record into a match with its sides, clock and start ply', () => {
    const record = withState(sampleGame({ size: 9, origin: { gameId: 'o', ply: 2 } }), playGame({ size: 9 }, 'E5 F6'));
    const match = matchFrom(record)!;
    expect(match.id).toBe(record.id);
    expect(match.game.moves).toHaveLength(2);
    expect(match.startPly).toBe(2);
    expect(match.sides[0]).toEqual(HUMAN);
    expect(match.sides[1].computer?.id).toBe('casual');
  });

  it('makes a friend game’s other side remote', () => {
    const record = { ...sampleGame(), friend: { gameId: 'F', mySide: 2 as const } };
    const match = matchFrom(record)!;
    expect(match.sides[0].remote).toBe(true);
    expect(match.sides[1].remote).toBeUndefined();
  });

  it('is null for a record whose moves do not replay', () => {
    expect(matchFrom(sampleGame({ size: 9, moves: ['E5', 'E5'] }))).toBeNull();
  });
});

describe('openGame', () => {
  it('says so when there are no saved games to open from', async () => {
    await openGame({ id: 'g' });
    expect(lastNotice()).toMatch(/saved games are not available/);
    expect(session.value).toBeNull();
  });

  it('says so when the game is no longer stored', async () => {
    db.value = (await openFresh()).db;
    await openGame({ id: 'gone' });
    expect(lastNotice()).toBe('That game is no longer saved here.');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('opens the newest stored record on the play screen, and the live session when it is that game', async () => {
    const database = (await openFresh()).db;
    db.value = database;
    const human2 = { name: 'Bob', kind: 'human' as const };
    const saved = unwrap(await saveGame(database, sampleGame({ players: [HUMAN, human2] })));
    // Another tab moved in it since: the stored record is what opens.
    const newer = unwrap(await saveGame(database, withState(saved, playGame({}, 'K10'))));
    await openGame({ id: saved.id });
    expect(session.value?.id).toBe(saved.id);
    expect(session.value?.storedRecord().revision).toBe(newer.revision);
    expect(vi.mocked(navigate).mock.calls.at(-1)![0]).toEqual({ screen: 'play', gameId: saved.id });

    const live = session.value;
    await openGame({ id: saved.id });
    expect(session.value).toBe(live);
  });

  it('refuses a stored record whose moves do not replay, naming why', async () => {
    const database = (await openFresh()).db;
    db.value = database;
    const bad = sampleGame({ size: 9, moves: ['E5', 'E5'] });
    const tx = database.transaction('games', 'readwrite');
    await tx.objectStore('games').put(bad);
    await tx.done;
    await openGame({ id: bad.id });
    expect(session.value).toBeNull();
    expect(lastNotice()).toMatch(/cannot be opened|could not be read/);
  });
});

describe('saveKeptGames', () => {
  it('saves the games kept while storage was full, forgets them, and says so', async () => {
    const database = (await openFresh()).db;
    db.value = database;
    const kept = sampleGame({ size: 9, moves: ['E5'] });
    expect(keepUnsavedGame(kv, kept)).toBe(true);
    await saveKeptGames();
    expect(unsavedGame(kv, kept.id)).toBeNull();
    expect(unwrap(await getGame(database, kept.id)).moves).toEqual(['E5']);
    expect(lastNotice()).toBe('Your unsaved games are saved now.');
  });

  it('keeps them while they still cannot be saved', async () => {
    const database = (await openFresh()).db;
    db.value = database;
    const kept = sampleGame({ size: 9, moves: ['E5'] });
    keepUnsavedGame(kv, kept);
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      await saveKeptGames();
    } finally {
      put.mockRestore();
    }
    expect(unsavedGame(kv, kept.id)).not.toBeNull();
    expect(lastNotice()).toBeUndefined();
  });
});
