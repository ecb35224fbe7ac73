/** Friend games in storage (src/storage/friend-games.ts): joining, merging links, and database version 7. */
import { describe, expect, it } from 'vitest';
import { type GameState, type Player, formatGameLink, linkCheck, parseGameLink } from '../../src/core';
import { signGameLink, signedLinkArrival } from '../../src/net/link-signature';
import { type TestPlayer, alice, bob, mallory } from '../net/net-helpers';
import {
  DB_VERSION,
  UPGRADE_STEPS,
  findFriendGame,
  friendLinkMeaning,
  gameProblem,
  getGame,
  listGameSummaries,
  newFriendGame,
  newFriendGameId,
  openDatabase,
  receiveFriendLink,
  saveGame,
  saveSettings,
  getSettings,
  withState,
} from '../../src/storage';
import { MAX_PEER_RELAYS } from '../../src/storage/records';
import { game } from '../helpers';
import { freshFactory, openFresh, sampleGame, unwrap } from './helpers';

const opts = { size: 9 } as const;
const line = ['E5', 'F6', 'B2', 'C3', 'D4', 'G7'];
const at = (n: number) => game(opts, line.slice(0, n).join(' '));
const ID = 'AbCdEfGhIjKlMn-_';

/** A link of game `gameId` at state `s`, sent by `sender`, with the names given. */
function linkOf(s: GameState, sender: Player, names: readonly [string, string] = ['Ann', 'Bob'], gameId = ID) {
  const parsed = parseGameLink(formatGameLink({ state: s, names, friend: { gameId, sender } }));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

describe('what an opened link means on this device (friendLinkMeaning): the one decision', () => {
  it('says what receiving would do, writing nothing, and receiving then does exactly that', async () => {
    const { db } = await openFresh();
    const plain = parseGameLink(formatGameLink({ state: at(3), names: ['Ann', 'Bob'] }));
    if (!plain.ok) throw new Error(plain.error.message);
    expect(unwrap(await friendLinkMeaning(db, plain.value))).toEqual({
      arrival: { kind: 'view' },
      game: null,
      refusal: null,
      signer: null,
    });
    const cases: [GameState, Player, string][] = [
      [at(1), 1, 'join'], // an invitation: no copy here yet
      [at(1), 1, 'same'],
      [at(2), 2, 'not-theirs'], // move 2 is this device's side's (Bob joined as 2)
      [at(0), 1, 'older'],
    ];
    for (const [s, sender, kind] of cases) {
      const opened = linkOf(s, sender, ['Ann', 'Bob']);
      const before = unwrap(await listGameSummaries(db)).games.map((g) => g.revision);
      const meaning = unwrap(await friendLinkMeaning(db, opened));
      expect(meaning.arrival.kind, `${s.moves.length} moves from ${sender}`).toBe(kind);
      expect(unwrap(await listGameSummaries(db)).games.map((g) => g.revision)).toEqual(before);
      if (kind === 'not-theirs') continue; // receiving it would be refused just the same, writing nothing
      const received = unwrap(await receiveFriendLink(db, opened, { myName: 'Bob' }));
      expect(received.arrival).toEqual(meaning.arrival);
    }
    // Someone else's game under way: foreign, and nothing stored.
    const elsewhere = linkOf(at(4), 2, ['Cy', 'Di'], 'ZyXwVuTsRqPoNm-_');
    expect(unwrap(await friendLinkMeaning(db, elsewhere)).arrival).toEqual({ kind: 'foreign' });
  });

  it("with no storage here: a plain link is to view, a friend game's link can only be looked at", async () => {
    const plain = parseGameLink(formatGameLink({ state: at(3), names: ['Ann', 'Bob'] }));
    if (!plain.ok) throw new Error(plain.error.message);
    expect(unwrap(await friendLinkMeaning(null, plain.value))).toEqual({
      arrival: { kind: 'view' },
      game: null,
      refusal: null,
      signer: null,
    });
    expect(unwrap(await friendLinkMeaning(null, linkOf(at(1), 1, ['Ann', ''])))).toEqual({
      arrival: { kind: 'unstored' },
      game: null,
      refusal: null,
      signer: null,
    });
  });
});

describe('signed links in storage: the key pinned with the merge, a forged link writing nothing', () => {
  const signed = (s: GameState, who: TestPlayer, sender: Player, carry: boolean, relays: string[] = []) => {
    const code = signGameLink(
      { state: s, names: ['Ann', 'Bob'], friend: { gameId: ID, sender }, relays },
      who.secretKey,
      carry,
    );
    const parsed = parseGameLink(code);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.value;
  };
  const bobTrust = { judge: signedLinkArrival, myKey: bob.publicKey };

  it('an invitation pins the inviter’s key and relays; their next link extends; a forged one is refused', async () => {
    const { db } = await openFresh();
    const relays = ['ws://127.0.0.1:7472', 'wss://relay.damus.io'];
    const joined = unwrap(
      await receiveFriendLink(db, signed(at(1), alice, 1, true, relays), { myName: 'Bob', trust: bobTrust }),
    );
    expect(joined.arrival.kind).toBe('join');
    expect(joined.game!.friend!.peer).toEqual({ key: alice.publicKey, relays });
    expect(unwrap(await findFriendGame(db, ID))!.friend!.peer).toEqual({ key: alice.publicKey, relays });
    // Bob moves (stored as his device would), Alice answers with a link that no longer carries her key.
    const copy = unwrap(await findFriendGame(db, ID))!;
    unwrap(await saveGame(db, withState(copy, at(2)), copy.revision));
    const next = unwrap(
      await receiveFriendLink(db, signed(at(3), alice, 1, false), { myName: 'Bob', trust: bobTrust }),
    );
    expect(next.arrival.kind).toBe('extend');
    const before = unwrap(await findFriendGame(db, ID))!;
    // Mallory adds "Alice's" move with her own key; then an unsigned one; then one by Alice's key, changed.
    for (const forged of [
      signed(at(5), mallory, 1, true),
      linkOf(at(5), 1),
      (() => {
        const good = signGameLink(
          { state: at(5), names: ['Ann', 'Bob'], friend: { gameId: ID, sender: 1 } },
          alice.secretKey,
          false,
        );
        const cut = good.lastIndexOf('.x');
        const changed = good.slice(0, cut).replace('.g', '.v1.g') + good.slice(cut, -3);
        const parsed = parseGameLink(`${changed}.${linkCheck(changed)}`);
        if (!parsed.ok) throw new Error(parsed.error.message);
        return parsed.value;
      })(),
    ]) {
      const refused = unwrap(await receiveFriendLink(db, forged, { myName: 'Bob', trust: bobTrust }));
      expect(refused.refusal).not.toBeNull();
      expect(unwrap(await friendLinkMeaning(db, forged, bobTrust)).refusal).toEqual(refused.refusal);
      expect(unwrap(await findFriendGame(db, ID))).toEqual(before);
    }
  });

  it('a game from before signed links pins the key of the first signed link, even one that adds nothing', async () => {
    const { db } = await openFresh();
    unwrap(await receiveFriendLink(db, linkOf(at(1), 1), { myName: 'Bob', trust: bobTrust }));
    expect(unwrap(await findFriendGame(db, ID))!.friend!.peer).toBeUndefined();
    const same = unwrap(await receiveFriendLink(db, signed(at(1), alice, 1, true), { myName: 'Bob', trust: bobTrust }));
    expect(same.arrival.kind).toBe('same');
    expect(same.game!.friend!.peer).toEqual({ key: alice.publicKey, relays: [] });
    expect(unwrap(await receiveFriendLink(db, linkOf(at(1), 1), { myName: 'Bob', trust: bobTrust })).refusal).toEqual({
      kind: 'unsigned',
    });
  });
});

describe('friend games in storage', () => {
  it('joins an invitation: a new copy playing the side that has not moved, with both names', async () => {
    const { db } = await openFresh();
    const receipt = unwrap(await receiveFriendLink(db, linkOf(at(1), 1, ['Ann', '']), { myName: 'Bob', now: 5 }));
    expect(receipt.arrival).toEqual({ kind: 'join', mySide: 2 });
    const copy = receipt.game!;
    // The inviter has the game as the invitation carried it (Send then says nothing new until a move).
    expect(copy.friend).toEqual({ gameId: ID, mySide: 2, synced: { moves: 1, ended: false } });
    expect(copy.players.map((p) => p.name)).toEqual(['Ann', 'Bob']);
    expect(copy.moves).toEqual(['E5']);
    expect(unwrap(await findFriendGame(db, ID))).toEqual(copy);
    expect(unwrap(await getGame(db, copy.id))).toEqual(copy);
    const summary = unwrap(await listGameSummaries(db)).games[0]!;
    expect(summary.friend).toEqual({ mySide: 2, synced: { moves: 1, ended: false } });
  });

  it('extends the copy with the other side’s move and name; the same or an older link writes nothing', async () => {
    const { db } = await openFresh();
    const mine = newFriendGame({
      variant: 'pente',
      size: 9,
      tournamentRule: true,
      gameId: ID,
      mySide: 1,
      myName: 'Ann',
    });
    expect(mine.players.map((p) => p.name)).toEqual(['Ann', 'Friend']);
    const saved = unwrap(await saveGame(db, withState(mine, at(1)), 0));
    const extended = unwrap(await receiveFriendLink(db, linkOf(at(2), 2, ['Ann', 'Bob']), { myName: 'Ann', now: 9 }));
    expect(extended.arrival).toEqual({ kind: 'extend', added: 1 });
    expect(extended.game).toMatchObject({ moves: ['E5', 'F6'], revision: saved.revision + 1, updatedAt: 9 });
    expect(extended.game!.players.map((p) => p.name)).toEqual(['Ann', 'Bob']);
    expect(extended.game!.friend!.synced).toEqual({ moves: 2, ended: false });
    for (const [s, kind] of [
      [at(2), 'same'],
      [at(0), 'older'],
    ] as const) {
      const receipt = unwrap(await receiveFriendLink(db, linkOf(s, 2), { myName: 'Ann' }));
      expect(receipt.arrival.kind).toBe(kind);
      expect(unwrap(await getGame(db, saved.id)).revision).toBe(saved.revision + 1);
    }
  });

  it('refuses a link that changes a move already played, leaving the copy as it was', async () => {
    const { db } = await openFresh();
    const mine = newFriendGame({
      variant: 'pente',
      size: 9,
      tournamentRule: true,
      gameId: ID,
      mySide: 2,
      myName: 'Bob',
    });
    const saved = unwrap(await saveGame(db, withState(mine, at(4)), 0));
    const tampered = game(opts, 'E5 F6 C2 C3 D4');
    const receipt = unwrap(await receiveFriendLink(db, linkOf(tampered, 1), { myName: 'Bob' }));
    expect(receipt.arrival).toEqual({ kind: 'conflict', firstDifference: 3 });
    expect(unwrap(await getGame(db, saved.id))).toEqual(saved);
  });

  it('stores nothing for a game under way between two others, or a plain shared game', async () => {
    const { db } = await openFresh();
    expect(unwrap(await receiveFriendLink(db, linkOf(at(3), 1), { myName: 'Cy' })).arrival).toEqual({
      kind: 'foreign',
    });
    const shared = parseGameLink(formatGameLink({ state: at(3), names: ['Ann', 'Bob'] }));
    expect(
      unwrap(await receiveFriendLink(db, shared.ok ? shared.value : expect.fail(), { myName: 'Cy' })).arrival,
    ).toEqual({
      kind: 'view',
    });
    expect(unwrap(await listGameSummaries(db)).games).toEqual([]);
  });

  it('never mixes two games with the same friend: the game id decides', async () => {
    const { db } = await openFresh();
    const other = newFriendGameId();
    const first = unwrap(await receiveFriendLink(db, linkOf(at(1), 1), { myName: 'Bob' })).game!;
    const second = unwrap(
      await receiveFriendLink(db, linkOf(at(1), 1, ['Ann', 'Bob'], other), { myName: 'Bob' }),
    ).game!;
    expect(second.id).not.toBe(first.id);
    const moved = unwrap(await receiveFriendLink(db, linkOf(at(3), 1, ['Ann', 'Bob'], other), { myName: 'Bob' }));
    // White has not moved in that link: it plays for this device's side, so it is refused.
    expect(moved.arrival).toEqual({ kind: 'not-theirs', ply: 2 });
    expect(unwrap(await getGame(db, first.id)).moves).toEqual(['E5']);
  });

  it('makes random 16-digit game ids', () => {
    const ids = new Set(Array.from({ length: 100 }, newFriendGameId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it('checks friend marks like every other field', () => {
    expect(gameProblem({ ...sampleGame(), friend: { gameId: ID, mySide: 1 } })).toBe(null);
    expect(gameProblem({ ...sampleGame(), friend: { gameId: 'short', mySide: 1 } })).toMatch(/friend game id/);
    expect(gameProblem({ ...sampleGame(), friend: { gameId: ID, mySide: 3 } })).toMatch(/side/);
    expect(gameProblem({ ...sampleGame(), friend: null })).toMatch(/friend/);
    const synced = (value: unknown) =>
      gameProblem({ ...sampleGame(), friend: { gameId: ID, mySide: 1, synced: value } });
    expect(synced({ moves: 3, ended: true })).toBe(null);
    expect(synced({ moves: -1, ended: false })).toMatch(/number of moves/);
    expect(synced({ moves: 1.5, ended: false })).toMatch(/number of moves/);
    expect(synced({ moves: 1, ended: 'yes' })).toMatch(/ended/);
    expect(synced(null)).toMatch(/number of moves/);
    const peer = (value: unknown) => gameProblem({ ...sampleGame(), friend: { gameId: ID, mySide: 1, peer: value } });
    const key = 'ab'.repeat(32);
    expect(peer({ key, relays: ['wss://relay.example', 'ws://127.0.0.1:7447'] })).toBe(null);
    expect(peer({ key: key.toUpperCase(), relays: [] })).toMatch(/key/);
    expect(peer({ key: key.slice(2), relays: [] })).toMatch(/key/);
    expect(peer({ key, relays: 'wss://relay.example' })).toMatch(/relays/);
    expect(peer({ key, relays: Array(MAX_PEER_RELAYS + 1).fill('wss://r.example') })).toMatch(/relays/);
    expect(peer({ key, relays: ['https://relay.example'] })).toMatch(/ws:\/\//);
    expect(peer({ key, relays: [`wss://${'a'.repeat(200)}`] })).toMatch(/ws:\/\//);
    expect(peer(null)).toMatch(/network marks/);
    const clock = (value: unknown) => gameProblem({ ...sampleGame(), friend: { gameId: ID, mySide: 1, clock: value } });
    expect(clock({ initialMs: 60_000, incrementMs: 0 })).toBe(null);
    expect(clock({ initialMs: 1_800_000, incrementMs: 15_000 })).toBe(null);
    expect(clock(null)).toMatch(/clock is not two times/);
    expect(clock({ initialMs: '60000', incrementMs: 0 })).toMatch(/clock is not two times/);
    expect(clock({ initialMs: 60_000 })).toMatch(/clock is not two times/);
    expect(clock({ initialMs: 0, incrementMs: 0 })).toMatch(/clock is not one/);
    expect(clock({ initialMs: 60_500, incrementMs: 0 })).toMatch(/clock is not one/);
    expect(clock({ initialMs: 60_000, incrementMs: -1000 })).toMatch(/clock is not one/);
  });

  it('a timed invitation: the joined copy keeps its clock; an untimed one (and every old record) has none', async () => {
    const { db } = await openFresh();
    const clock = { initialMs: 60_000, incrementMs: 2000 };
    const parsed = parseGameLink(
      formatGameLink({ state: at(1), names: ['Ann', ''], friend: { gameId: ID, sender: 1 }, clock }),
    );
    if (!parsed.ok) throw new Error(parsed.error.message);
    const copy = unwrap(await receiveFriendLink(db, parsed.value, { myName: 'Bob', now: 5 })).game!;
    expect(copy.friend).toEqual({ gameId: ID, mySide: 2, synced: { moves: 1, ended: false }, clock });
    expect(unwrap(await getGame(db, copy.id)).friend?.clock).toEqual(clock);
    const mine = newFriendGame({
      variant: 'pente',
      size: 19,
      tournamentRule: false,
      gameId: ID,
      mySide: 1,
      myName: 'Ann',
      clock,
    });
    expect(mine.friend).toEqual({ gameId: ID, mySide: 1, clock });
    const untimed = newFriendGame({
      variant: 'pente',
      size: 19,
      tournamentRule: false,
      gameId: ID,
      mySide: 1,
      myName: 'Ann',
    });
    expect(untimed.friend).toEqual({ gameId: ID, mySide: 1 });
    const other = unwrap(
      await receiveFriendLink(db, linkOf(at(1), 1, ['Ann', ''], 'OtherGameAAAAAAA'), { myName: 'Bob' }),
    );
    expect(other.game!.friend!.clock).toBeUndefined();
  });

  it('remembers the "Play a friend" choices as a setting', async () => {
    const { db } = await openFresh();
    const invite = { name: 'Ann', variant: 'keryo', size: 13, tournamentRule: false, colour: 'white' } as const;
    unwrap(await saveSettings(db, { friendInvite: invite }));
    expect(unwrap(await getSettings(db)).settings.friendInvite).toEqual(invite);
    const refused = await saveSettings(db, { friendInvite: { ...invite, colour: 'red' as 'white' } });
    expect(refused.ok).toBe(false);
  });
});

describe('database version 7', () => {
  it('upgrades a version 5 database: its games kept, friend games found by their link id', async () => {
    const factory = freshFactory();
    const v5 = unwrap(await openDatabase({ factory, upgradeSteps: UPGRADE_STEPS.slice(0, 5) }));
    const old = unwrap(await saveGame(v5, sampleGame({ moves: ['K10'] }), 0));
    v5.close();
    const db = unwrap(await openDatabase({ factory }));
    expect(DB_VERSION).toBe(7);
    expect(db.version).toBe(7);
    expect([...db.transaction('games').store.indexNames]).toContain('byFriendGame');
    expect(unwrap(await getGame(db, old.id))).toEqual(old);
    expect(unwrap(await findFriendGame(db, ID))).toBe(null);
    const copy = unwrap(await receiveFriendLink(db, linkOf(at(0), 2), { myName: 'Ann' })).game!;
    expect(unwrap(await findFriendGame(db, ID))?.id).toBe(copy.id);
    db.close();
  });
});
