/**
 * The relay controller (src/ui/online/live/live-controller.ts) with two devices on one fake relay network
 * (tests/net/fake-relay-pool.ts) and two in-memory databases: the acceptance pins the inviter's peer, moves
 * travel both ways into the stored copies, forged, replayed and illegal events change nothing, and a move
 * made while every relay is down is published by the next start.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { type Point, type VariantId, parsePoint, play, takeAction } from '../../../src/core';
import {
  type FriendClock,
  type PenteDb,
  type StoredGame,
  findFriendGame,
  getLiveOutbox,
  newFriendGame,
  saveGame,
  toGameState,
  withPlayedState,
  withState,
} from '../../../src/storage';
import { PRESENCE_TTL_MS } from '../../../src/net/game-events';
import { LiveController } from '../../../src/ui/online/live/live-controller';
import { PHRASE_GAP_MS, PHRASE_SHOW_MS } from '../../../src/ui/online/live/live-model';
import type { LiveLine } from '../../../src/ui/online/live/live-hooks';
import { createFakeRelayNetwork, createFakeRelayPool } from '../../net/fake-relay-pool';
import { type TestPlayer, actionEvent, alice, bob, mallory } from '../../net/net-helpers';
import { openFresh, unwrap } from '../../storage/helpers';

const RELAY = 'wss://relay.test';
const GAME = 'LiveGameAAAAAAAA';

interface Device {
  readonly db: PenteDb;
  readonly me: TestPlayer;
  controller: LiveController;
  lines: ReadonlyMap<string, LiveLine>;
  /** The stored record the play screen shows (null: none), and the revisions it was told to show. */
  shownId: string | null;
  shownRevisions: number[];
  /** The revisions the controller said it stored (for the lists on the page). */
  storedRevisions: number[];
}

function makeNetwork() {
  const network = createFakeRelayNetwork();
  let now = 1_700_000_000_000;
  const timers: { at: number; run: () => void }[] = [];
  const later = (ms: number, run: () => void) => {
    const timer = { at: now + ms, run };
    timers.push(timer);
    return () => void timers.splice(timers.indexOf(timer) >>> 0, 1);
  };
  const device = (db: PenteDb, me: TestPlayer): Device => {
    const d = { db, me, lines: new Map(), shownId: null, shownRevisions: [], storedRevisions: [] } as unknown as Device;
    d.controller = new LiveController({
      db,
      pool: createFakeRelayPool(network),
      relays: () => [RELAY],
      keys: me,
      now: () => now,
      later,
      shown: () => (d.shownId ? { id: d.shownId, storedHere: (revision) => d.shownRevisions.push(revision) } : null),
      onLines: (lines) => (d.lines = lines),
      onStored: (game) => d.storedRevisions.push(game.revision),
    });
    return d;
  };
  /** Moves time on, running the timers that come due. */
  const advance = (ms: number) => {
    now += ms;
    for (const t of timers.filter((x) => x.at <= now)) {
      timers.splice(timers.indexOf(t), 1);
      t.run();
    }
  };
  return { network, device, advance };
}

async function friendCopy(
  db: PenteDb,
  mySide: 1 | 2,
  peer?: string,
  clock?: FriendClock,
  variant: VariantId = 'pente',
): Promise<StoredGame> {
  const fresh = newFriendGame({
    variant,
    size: 19,
    tournamentRule: false,
    gameId: GAME,
    mySide,
    myName: mySide === 1 ? 'Alice' : 'Bob',
    clock,
  });
  const record = peer ? { ...fresh, friend: { ...fresh.friend!, peer: { key: peer, relays: [] } } } : fresh;
  return unwrap(await saveGame(db, record, 0));
}

const stored = async (db: PenteDb) => unwrap(await findFriendGame(db, GAME))!;

/** This device plays `move` on its stored copy (as the play session saves it) and tells the controller. */
async function playHere(d: Device, move: string): Promise<StoredGame> {
  const game = await stored(d.db);
  const state = unwrap(toGameState(game));
  const next = play(state, parsePoint(19, move)!);
  if (!next.ok) throw new Error(next.error.reason);
  const saved = unwrap(await saveGame(d.db, withState(game, next.value), game.revision));
  d.controller.gameSaved(saved);
  await d.controller.settled();
  return saved;
}

/** This device takes an action (a stone, or a seat step) as the play session saves it (a swap exchanges the players). */
async function actHere(d: Device, action: string): Promise<StoredGame> {
  const game = await stored(d.db);
  const state = unwrap(toGameState(game));
  const step = action === 'swap' || action === 'keep' || action === 'pass' ? action : null;
  const next = takeAction(state, step ?? parsePoint(19, action)!);
  if (!next.ok) throw new Error(next.error.message);
  const saved = unwrap(await saveGame(d.db, withPlayedState(game, next.value, game.clocks), game.revision));
  d.controller.gameSaved(saved);
  await d.controller.settled();
  return saved;
}

async function settle(...devices: Device[]) {
  for (let i = 0; i < 3; i++) for (const d of devices) await d.controller.settled();
}

/** `shown`: both play screens show the game from the start (the invitation just sent, and just accepted). */
async function twoDevices({
  shown = false,
  clock,
  variant,
}: { shown?: boolean; clock?: FriendClock; variant?: VariantId } = {}) {
  const net = makeNetwork();
  const a = net.device((await openFresh()).db, alice);
  const b = net.device((await openFresh()).db, bob);
  const copyA = await friendCopy(a.db, 1, undefined, clock, variant);
  // Bob opened Alice's signed invitation: his copy has her key pinned (branch signed-links writes it).
  const copyB = await friendCopy(b.db, 2, alice.publicKey, clock, variant);
  if (shown) [a.shownId, b.shownId] = [copyA.id, copyB.id];
  await a.controller.start();
  await b.controller.start();
  await settle(a, b);
  return { ...net, a, b };
}

describe('friend games over relays: the controller', () => {
  it("pins the invitee's key from their acceptance, and moves travel both ways into the stored copies", async () => {
    const { a, b } = await twoDevices();
    expect((await stored(a.db)).friend?.peer?.key).toBe(bob.publicKey);
    // His acceptance named him: Alice's copy knew him only as "Friend".
    expect((await stored(a.db)).players[1].name).toBe('Bob');
    await playHere(a, 'K10');
    await settle(a, b);
    expect((await stored(b.db)).moves).toEqual(['K10']);
    expect(a.lines.get(GAME)?.send).toBe('sent');
    // Alice's copy knows Bob can read her move: "Waiting for Bob", not "Send your move".
    expect((await stored(a.db)).friend?.synced).toEqual({ moves: 1, ended: false });
    await playHere(b, 'L9');
    await settle(a, b);
    expect((await stored(a.db)).moves).toEqual(['K10', 'L9']);
    expect((await stored(b.db)).moves).toEqual(['K10', 'L9']);
  });

  it("D-Pente: the four stones, Bob's swap and the stones after it travel; the players change seats on both copies", async () => {
    const { a, b } = await twoDevices({ variant: 'd-pente' });
    for (const point of ['K10', 'L11', 'M9', 'N12']) await actHere(a, point);
    await settle(a, b);
    expect((await stored(b.db)).moves).toEqual(['K10', 'L11', 'M9', 'N12']);
    await actHere(b, 'swap');
    await settle(a, b);
    const onA = await stored(a.db);
    expect(onA.seatChoice).toBe('swap');
    // Stored players are by seat: Bob sits in Black's seat now, on both copies.
    expect(onA.players.map((p) => p.name)).toEqual(['Bob', 'Alice']);
    // (Bob's copy knows Alice as "Friend" here: no invitation link named her.)
    expect((await stored(b.db)).players.map((p) => p.name)).toEqual(['Bob', 'Friend']);
    expect(onA.friend?.synced).toEqual({ moves: 5, ended: false });
    // Bob, in Black's seat, plays on; then Alice (White).
    await actHere(b, 'J9');
    await settle(a, b);
    expect((await stored(a.db)).moves).toHaveLength(5);
    await actHere(a, 'O13');
    await settle(a, b);
    expect((await stored(b.db)).moves).toEqual(['K10', 'L11', 'M9', 'N12', 'J9', 'O13']);
    expect(a.controller.refused.size + b.controller.refused.size).toBe(0);
  });

  it('tells the page of every copy it stores (the acceptance, a move that came, what the friend has), so the lists read again', async () => {
    const { a, b } = await twoDevices();
    const pinned = (await stored(a.db)).revision;
    expect(a.storedRevisions).toEqual([pinned]);
    await playHere(a, 'K10');
    await settle(a, b);
    expect(b.storedRevisions).toContain((await stored(b.db)).revision);
    // Alice's copy marked as read by Bob ("Waiting for Bob").
    expect(a.storedRevisions.at(-1)).toBe((await stored(a.db)).revision);
  });

  it("a move that came before the friend's acceptance (no key pinned then) is read again once the acceptance pins it", async () => {
    // Bob accepted and moved at once; his move's event reached Alice's device before his acceptance's (seen
    // in the browser: Alice's copy refused it as of no game, and the move never showed until a restart).
    const { network, device } = makeNetwork();
    const a = device((await openFresh()).db, alice);
    await friendCopy(a.db, 1);
    await a.controller.start();
    await playHere(a, 'K10');
    const k10 = [parsePoint(19, 'K10')!];
    network.inject(
      RELAY,
      actionEvent(bob, alice, k10, { type: 'move', point: parsePoint(19, 'L9')! }, { gameId: GAME }),
    );
    await settle(a);
    expect(Object.fromEntries(a.controller.refused)).toEqual({ 'other-game': 1 });
    expect((await stored(a.db)).moves).toEqual(['K10']);
    network.inject(RELAY, actionEvent(bob, alice, [], { type: 'accept', name: 'Bob' }, { gameId: GAME }));
    await settle(a);
    expect((await stored(a.db)).friend?.peer?.key).toBe(bob.publicKey);
    expect((await stored(a.db)).moves).toEqual(['K10', 'L9']);
  });

  it('a move saved here is signed even when the controller read its copy first, through a write of its own', async () => {
    // Seen in the browser: Bob moved at once after accepting; the relay's answer to his acceptance was
    // marked on his record (a write that read the copy with the move), so the session's "saved" came late.
    const { a, b } = await twoDevices();
    await playHere(a, 'K10');
    await settle(a, b);
    const game = await stored(b.db);
    const next = play(unwrap(toGameState(game)), parsePoint(19, 'L9')!);
    if (!next.ok) throw new Error('illegal');
    const saved = unwrap(await saveGame(b.db, withState(game, next.value), game.revision));
    // The controller reads the copy with the move (as its own write does), before the session tells it.
    await (b.controller as unknown as { refresh(): Promise<void> }).refresh();
    b.controller.gameSaved(saved);
    await settle(a, b);
    expect((await stored(a.db)).moves).toEqual(['K10', 'L9']);
  });

  it('a forged, a replayed, an out-of-turn and an illegal event change nothing', async () => {
    const { network, a, b } = await twoDevices();
    await playHere(a, 'K10');
    await settle(a, b);
    await playHere(b, 'L9');
    await settle(a, b);
    const before = await stored(b.db);
    const moves = [parsePoint(19, 'K10')!, parsePoint(19, 'L9')!] as Point[];
    const at = (name: string) => ({ type: 'move', point: parsePoint(19, name)! }) as const;
    // Mallory signs "Alice's" next move with her own key, to Bob.
    network.inject(RELAY, actionEvent(mallory, bob, moves, at('M12'), { gameId: GAME }));
    // Alice's real event from another game of theirs, replayed.
    network.inject(RELAY, actionEvent(alice, bob, moves, at('M12'), { gameId: 'OtherGameBBBBBBB' }));
    // Out of turn: Alice moves at ply 1 (Bob's).
    network.inject(RELAY, actionEvent(alice, bob, moves.slice(0, 1), at('M12'), { gameId: GAME }));
    // Illegal: Alice plays on her own stone.
    network.inject(RELAY, actionEvent(alice, bob, moves, at('K10'), { gameId: GAME }));
    await settle(a, b);
    const after = await stored(b.db);
    expect(after.moves).toEqual(['K10', 'L9']);
    expect(after.revision).toBe(before.revision);
    // Mallory's event and the replay carry tags of no game of Bob's (the tag is the pair's HMAC of the id).
    expect(Object.fromEntries(b.controller.refused)).toEqual({ 'other-game': 2, 'out-of-turn': 1, 'illegal-move': 1 });
  });

  it('a move made while the relays are down says "not sent yet", and goes out on the next start', async () => {
    const { network, device, a, b } = await twoDevices();
    network.relay(RELAY).up = false;
    await playHere(a, 'K10');
    expect(a.lines.get(GAME)?.send).toBe('not-sent');
    const outbox = unwrap(await getLiveOutbox(a.db));
    expect(outbox.filter((r) => r.action === 'move' && r.acceptedBy.length === 0)).toHaveLength(1);
    // The browser is killed; the relay comes back; the app starts again.
    a.controller.close();
    network.relay(RELAY).up = true;
    const again = device(a.db, alice);
    await again.controller.start();
    await settle(again, b);
    expect((await stored(b.db)).moves).toEqual(['K10']);
    expect(again.lines.get(GAME)?.send).toBe('sent');
  });

  it('a move saved but killed before its event was stored is signed and sent by the next start', async () => {
    const { device, a, b } = await twoDevices();
    a.controller.close();
    // The session saved the move; the controller never heard of it (the browser died).
    const game = await stored(a.db);
    const next = play(unwrap(toGameState(game)), parsePoint(19, 'K10')!);
    if (!next.ok) throw new Error('illegal');
    unwrap(await saveGame(a.db, withState(game, next.value), game.revision));
    const again = device(a.db, alice);
    await again.controller.start();
    await settle(again, b);
    expect((await stored(b.db)).moves).toEqual(['K10']);
  });

  it("another key's acceptance for a pinned game is refused", async () => {
    const { network, a, b } = await twoDevices();
    const accept = actionEvent(mallory, alice, [], { type: 'accept', name: 'Mallory' }, { gameId: GAME });
    network.inject(RELAY, accept);
    await settle(a, b);
    expect((await stored(a.db)).friend?.peer?.key).toBe(bob.publicKey);
  });

  it('the play screen showing the game: the other side\'s moves shown there, and "here" while it is open', async () => {
    const { a, b } = await twoDevices();
    b.shownId = (await stored(b.db)).id;
    b.controller.shownChanged();
    await settle(a, b);
    expect(a.lines.get(GAME)?.present).toBe(true);
    await playHere(a, 'K10');
    await settle(a, b);
    expect(b.shownRevisions).toContain((await stored(b.db)).revision);
    b.shownId = null;
    b.controller.shownChanged();
    await settle(a, b);
    expect(a.lines.get(GAME)?.present).toBe(false);
  });

  it('both see each other as here when both have the game open from the start: Bob\'s first "here" came before his acceptance pinned his key on Alice\'s copy', async () => {
    const { a, b } = await twoDevices({ shown: true });
    // Alice reads Bob's "here" only once his key is pinned: her "here" after pinning brings his answer at once,
    // not at his next repeat (PRESENCE_SEND_MS later).
    expect(a.lines.get(GAME)?.present).toBe(true);
    expect(b.lines.get(GAME)?.present).toBe(true);
  });

  it('the other side gone without a word (the tab killed): no longer "here" once its presence runs out', async () => {
    const { a, b, advance } = await twoDevices({ shown: true });
    expect(a.lines.get(GAME)?.present).toBe(true);
    b.controller.close();
    advance(PRESENCE_TTL_MS - 1);
    await settle(a);
    expect(a.lines.get(GAME)?.present).toBe(true);
    advance(1);
    await settle(a);
    expect(a.lines.get(GAME)?.present).toBe(false);
  });

  it('a preset phrase said on one device shows on the other for a few seconds; only in the game shown', async () => {
    const { a, b, advance } = await twoDevices({ shown: true });
    expect(a.lines.get(GAME)?.phrase).toBeNull();
    b.controller.say(GAME, 'good-game');
    await settle(a, b);
    expect(a.lines.get(GAME)?.phrase).toBe('good-game');
    expect(a.lines.get(GAME)?.present).toBe(true);
    expect(b.lines.get(GAME)?.phrase).toBeNull(); // not shown to the one who said it
    advance(PHRASE_SHOW_MS - 1);
    await settle(a, b);
    expect(a.lines.get(GAME)?.phrase).toBe('good-game');
    advance(1);
    await settle(a, b);
    expect(a.lines.get(GAME)?.phrase).toBeNull();
    // A game not on Bob's screen: nothing is said.
    b.shownId = null;
    b.controller.shownChanged();
    b.controller.say(GAME, 'hello');
    await settle(a, b);
    expect(a.lines.get(GAME)?.phrase).toBeNull();
  });

  it('phrases come PHRASE_GAP_MS apart at most: the sender keeps the gap, and the reader drops a flood', async () => {
    const { a, b, advance } = await twoDevices({ shown: true });
    b.controller.say(GAME, 'hello');
    await settle(a, b);
    expect(a.lines.get(GAME)?.phrase).toBe('hello');
    advance(PHRASE_GAP_MS - 1);
    b.controller.say(GAME, 'oops');
    await settle(a, b);
    expect(a.lines.get(GAME)?.phrase).toBe('hello');
    advance(1);
    b.controller.say(GAME, 'thanks');
    await settle(a, b);
    expect(a.lines.get(GAME)?.phrase).toBe('thanks');
    // A modified client that sends phrases with no gap (its sender called directly): the reader keeps the
    // one shown until the gap has passed.
    const sender = (b.controller as unknown as { sender: { sendPresence(g: string, h: boolean, p: string): void } })
      .sender;
    advance(1_000);
    for (const phrase of ['oops', 'rematch', 'must-go']) sender.sendPresence(GAME, true, phrase);
    await settle(a, b);
    expect(a.lines.get(GAME)?.phrase).toBe('thanks');
    advance(PHRASE_GAP_MS);
    sender.sendPresence(GAME, true, 'good-game');
    await settle(a, b);
    expect(a.lines.get(GAME)?.phrase).toBe('good-game');
  });

  it('the page going away says "gone" at once, and coming back "here"', async () => {
    const { a, b } = await twoDevices({ shown: true });
    b.controller.pageHidden(true);
    await settle(a, b);
    expect(a.lines.get(GAME)?.present).toBe(false);
    b.controller.pageHidden(false);
    await settle(a, b);
    expect(a.lines.get(GAME)?.present).toBe(true);
  });
});

describe('a live game with a chess clock: readings signed with the moves, one loss on time on both devices', () => {
  const ONE_MINUTE: FriendClock = { initialMs: 60_000, incrementMs: 0 };

  /** Black (Alice) and White (Bob) play their free first moves, then Black a timed one after 5 s. */
  async function threeMoves() {
    const net = await twoDevices({ clock: ONE_MINUTE });
    const { a, b, advance } = net;
    await playHere(a, 'K10');
    await settle(a, b);
    await playHere(b, 'L9');
    await settle(a, b);
    advance(5_000);
    await playHere(a, 'M11');
    await settle(a, b);
    return net;
  }

  it("shows both clocks, running for the side to move, on both devices; moves carry the mover's reading", async () => {
    const { a, b } = await threeMoves();
    expect((await stored(b.db)).moves).toEqual(['K10', 'L9', 'M11']);
    // Black spent 5 s of the timed move; White's clock runs, on both devices.
    expect(a.lines.get(GAME)?.clock).toMatchObject({ leftMs: [55_000, 60_000], running: 2 });
    expect(b.lines.get(GAME)?.clock).toMatchObject({ leftMs: [55_000, 60_000], running: 2 });
    expect(a.controller.refused.get('bad-clock') ?? 0).toBe(0);
    expect(b.controller.refused.get('bad-clock') ?? 0).toBe(0);
  });

  it("the flagged side's own device says its flag fell: both store White's loss on time", async () => {
    const { a, b, advance } = await threeMoves();
    advance(59_999);
    await settle(a, b);
    expect((await stored(b.db)).result).toBeNull();
    advance(1);
    await settle(a, b);
    for (const d of [a, b]) expect((await stored(d.db)).result, d.me.publicKey).toEqual({ winner: 1, reason: 'time' });
    expect((await stored(a.db)).moves).toEqual((await stored(b.db)).moves);
    expect(a.lines.get(GAME)?.clock).toMatchObject({ leftMs: [55_000, 0], running: null });
  });

  it("with the flagged side's device closed, the other claims after the grace; reopened, it reads the same loss", async () => {
    const { a, b, advance, device } = await threeMoves();
    b.controller.close();
    advance(60_000 + 2_000);
    await settle(a);
    expect((await stored(a.db)).result).toBeNull();
    advance(1);
    await settle(a);
    expect((await stored(a.db)).result).toEqual({ winner: 1, reason: 'time' });
    const reopened = device(b.db, bob);
    await reopened.controller.start();
    await settle(reopened, a);
    expect((await stored(b.db)).result).toEqual({ winner: 1, reason: 'time' });
  });

  it("a move made in time that arrives after the other side's claim undoes the claim: both end with the move, the game goes on", async () => {
    const { network, a, b, advance, device } = await threeMoves();
    // White moves 30 s into the turn, in time, while no relay takes it; Black's claim comes after the grace.
    network.relay(RELAY).up = false;
    advance(30_000);
    await playHere(b, 'N12');
    advance(32_001);
    await settle(a, b);
    expect((await stored(a.db)).result).toEqual({ winner: 1, reason: 'time' });
    // The relay comes back and White's app starts again: his move reaches Black, Black's claim reaches him.
    network.relay(RELAY).up = true;
    b.controller.close();
    const reopened = device(b.db, bob);
    await reopened.controller.start();
    for (let i = 0; i < 4; i++) {
      advance(2_000); // Black's outbox retries the claim.
      await settle(a, reopened);
    }
    for (const d of [a, reopened]) {
      const game = await stored(d.db);
      expect(game.moves, d.me.publicKey).toEqual(['K10', 'L9', 'M11', 'N12']);
      expect(game.result, d.me.publicKey).toBeNull();
    }
    expect(a.controller.refused.get('conflict') ?? 0).toBe(0);
    expect(Object.fromEntries(reopened.controller.refused)).toEqual({ 'bad-clock': 1 });
    expect(a.lines.get(GAME)?.clock).toMatchObject({ running: 1 });
  });

  it('a move in time stops the clock and starts the other; the game goes on', async () => {
    const { a, b, advance } = await threeMoves();
    advance(30_000);
    await playHere(b, 'N12');
    await settle(a, b);
    expect(a.lines.get(GAME)?.clock).toMatchObject({ leftMs: [55_000, 30_000], running: 1 });
    advance(54_999);
    await settle(a, b);
    expect((await stored(a.db)).result).toBeNull();
    advance(1);
    await settle(a, b);
    for (const d of [a, b]) expect((await stored(d.db)).result, d.me.publicKey).toEqual({ winner: 2, reason: 'time' });
  });

  it('an untimed game shows no clock and never flags', async () => {
    const { a, b, advance } = await twoDevices();
    await playHere(a, 'K10');
    await settle(a, b);
    expect(a.lines.get(GAME)?.clock).toBeNull();
    advance(10 * 60_000);
    await settle(a, b);
    expect((await stored(a.db)).result).toBeNull();
  });
});
