/**
 * The relay controller for friend games (issue 30, items 2, 3 and 7): a thin class over small ports
 * (storage, the relay port, the device's keys, a clock and timers), with every decision in pure modules
 * (net's game-events, inbox and outbox; live-model.ts). live-games.ts gives it the browser's ports.
 *
 * - One subscription on our relays and every pinned peer's: the game events and presence addressed to this
 *   device's key. Each event is routed by its game tag to its game, judged (admitGameEvent) and folded
 *   (inbox.ts) on top of the stored copy; a game it carries on is merged into storage by the link rule
 *   (mergeRelayGame), and the play screen, when it shows that game, is told to show the stored copy. An
 *   event that changes nothing is counted and logged, never shown as an error.
 * - An event for a game with no peer yet is read as a possible acceptance of this device's invitation: a
 *   good one pins its author's key (pinPeer; another key for a pinned game is refused by storage).
 * - Outgoing: every action of ours the stored copy holds and the outbox lacks is signed, stored in the
 *   outbox (strict durability) and only then published to the game's relays, retried with back-off until
 *   one accepts (net/outbox.ts). The invited side, once caught up, signs its acceptance.
 * - Presence: while the play screen shows a pinned game, "here" every PRESENCE_SEND_MS; the other side's
 *   fresh "here" shows as "Bob is here".
 */
import type { GameState, Point } from '../../../core';
import {
  type GameChannel,
  GAME_EVENT_KIND,
  PRESENCE_KIND,
  PROTOCOL_VERSION,
  admitGameEvent,
  buildGameEvent,
  buildPresenceEvent,
  envelopeFor,
  openChannel,
  readPresence,
  signEvent,
} from '../../../net/game-events';
import { type Inbox, newInbox, receive, withBase } from '../../../net/inbox';
import { type Outbox, addSaved, dueEvents, nextWake, outboxFromRecords, recordAttempt } from '../../../net/outbox';
import type { Event, RelayPort, Subscription } from '../../../net/relay-pool';
import {
  type PenteDb,
  type StoredGame,
  type StoredOutgoing,
  getLiveOutbox,
  listFriendGameRecords,
  markRelaySynced,
  mergeRelayGame,
  pinPeer,
  toGameState,
  updateLiveOutbox,
} from '../../../storage';
import type { LiveLine } from './live-hooks';
import {
  type Presence,
  actionsToSign,
  gameRelays,
  needsAcceptance,
  presenceLine,
  routeByTag,
  sendLine,
  sentUpTo,
} from './live-model';

/** How often an open game says "here" (the other side forgets it after PRESENCE_TTL_MS). */
export const PRESENCE_SEND_MS = 20_000;

export interface DeviceKeys {
  readonly secretKey: Uint8Array;
  readonly publicKey: string;
}

/** The play screen's game, as far as the controller needs it. */
export interface ShownGame {
  /** The stored record's id. */
  readonly id: string;
  /** Shows the newest stored copy (saved here by the controller). */
  storedHere(revision: number): void;
}

export interface LivePorts {
  readonly db: PenteDb;
  readonly pool: RelayPort;
  /** Our relays now (the build's and the player's edits). */
  readonly relays: () => readonly string[];
  readonly keys: DeviceKeys;
  readonly now: () => number;
  /** Calls `run` after `ms`; returns the cancel. */
  readonly later: (ms: number, run: () => void) => () => void;
  /** The game the play screen shows, or null. */
  readonly shown: () => ShownGame | null;
  /** The play screen's lines changed. */
  readonly onLines: (lines: ReadonlyMap<string, LiveLine>) => void;
  /** An event that changed nothing, and why (for the console and the tests). */
  readonly onRefused?: (gameId: string | null, reason: string) => void;
  /** One of the other side's actions was shown (stored): for the e2e's latency figure. */
  readonly onApplied?: (gameId: string, moves: number) => void;
  /** The other side's key was pinned from their acceptance. */
  readonly onPinned?: (gameId: string) => void;
  /** An event of ours went to the relays for the first time (the e2e's latency starts here). */
  readonly onPublished?: (gameId: string, ply: number, action: string) => void;
}

interface GameEntry {
  game: StoredGame;
  state: GameState;
  channel: GameChannel | null;
  inbox: Inbox;
  acceptanceSeen: boolean;
  presence: Presence | null;
}

export class LiveController {
  private readonly games = new Map<string, GameEntry>();
  private readonly tags = new Map<string, string>();
  private records: StoredOutgoing[] = [];
  private outbox: Outbox = new Map();
  private subscription: Subscription | null = null;
  private subscribedTo = '';
  private caughtUp = false;
  private queue: Promise<unknown> = Promise.resolve();
  private cancelWake: (() => void) | null = null;
  private cancelPresence: (() => void) | null = null;
  private presenceFor: string | null = null;
  private readonly presenceTimers = new Map<string, () => void>();
  private closed = false;
  private readonly published = new Set<string>();
  /** Events that changed nothing, by reason (read by the tests). */
  readonly refused = new Map<string, number>();

  constructor(private readonly p: LivePorts) {}

  /** Reads the games and the outbox, subscribes, and publishes what waits. */
  start(): Promise<void> {
    return this.run(async () => {
      const stored = await getLiveOutbox(this.p.db);
      if (stored.ok) this.records = stored.value;
      this.outbox = outboxFromRecords(this.records, this.p.now());
      await this.refresh();
      await this.signMissing();
      this.flush();
    });
  }

  /** The session saved a game: a friend game's new action goes out (and a new game is listened for). */
  readonly gameSaved = (saved: StoredGame): void => {
    void this.run(async () => {
      if (!saved.friend) return;
      const known = this.games.get(saved.friend.gameId);
      if (known && known.game.revision >= saved.revision) return;
      await this.refresh();
      await this.signMissing();
      this.flush();
    });
  };

  /** The play screen shows another game (or none): presence follows. */
  shownChanged(): void {
    void this.run(async () => this.presenceTick());
  }

  /** Resolves once nothing waits in the controller's queue (what arrived and what was answered, handled). */
  async settled(): Promise<void> {
    for (;;) {
      const queue = this.queue;
      await queue;
      // A publish's answer or an event may have queued more work meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (queue === this.queue) return;
    }
  }

  close(): void {
    this.closed = true;
    this.subscription?.close();
    this.cancelWake?.();
    this.cancelPresence?.();
    for (const cancel of this.presenceTimers.values()) cancel();
  }

  // ---- reading the games -----------------------------------------------------------------------------

  private run<T>(work: () => Promise<T>): Promise<T | undefined> {
    const next = this.queue.then(() => (this.closed ? undefined : work()));
    this.queue = next.catch((e: unknown) => console.warn('live games:', e));
    return next.catch(() => undefined);
  }

  /** Reads every friend game (their peers and copies) and subscribes on the relays they need. */
  private async refresh(): Promise<void> {
    const listed = await listFriendGameRecords(this.p.db);
    if (!listed.ok) return;
    this.tags.clear();
    for (const game of listed.value) this.track(game);
    this.subscribe();
    this.updateLines();
    // The play screen may have opened a game before it was read (or before its key was pinned).
    if (this.presenceFor === null) this.presenceTick();
  }

  private track(game: StoredGame): GameEntry | null {
    const friend = game.friend;
    if (!friend) return null;
    const state = toGameState(game);
    if (!state.ok) return null;
    const old = this.games.get(friend.gameId);
    const peerKey = friend.peer?.key ?? null;
    const channel =
      old?.channel && old.channel.theirPublicKey === peerKey
        ? old.channel
        : peerKey === null
          ? null
          : this.channelFor(game, state.value, peerKey, true);
    const inbox =
      old && old.channel === channel
        ? withBase(old.inbox, state.value.moves)
        : newInbox(state.value.rules, null, [], state.value.moves);
    const entry: GameEntry = {
      game,
      state: state.value,
      channel,
      inbox,
      acceptanceSeen: old?.acceptanceSeen ?? false,
      presence: old?.presence ?? null,
    };
    this.games.set(friend.gameId, entry);
    if (channel?.keys) this.tags.set(channel.keys.tag, friend.gameId);
    return entry;
  }

  private channelFor(game: StoredGame, state: GameState, theirKey: string | null, invitedByMe: boolean): GameChannel {
    return openChannel({
      gameId: game.friend!.gameId,
      rules: state.rules,
      timed: false,
      mySide: game.friend!.mySide,
      invitedByMe,
      mySecretKey: this.p.keys.secretKey,
      myPublicKey: this.p.keys.publicKey,
      theirPublicKey: theirKey,
      blocked: new Set(),
    });
  }

  private relaysOf(entry: GameEntry): string[] {
    return gameRelays(this.p.relays(), entry.game.friend?.peer?.relays ?? []);
  }

  /** One subscription for every game: what is addressed to this device, on the relays the games need. */
  private subscribe(): void {
    const relays = new Set(this.p.relays());
    for (const entry of this.games.values()) for (const r of entry.game.friend?.peer?.relays ?? []) relays.add(r);
    const key = [...relays].sort().join(' ');
    if (key === this.subscribedTo && this.subscription) return;
    this.subscription?.close();
    this.subscribedTo = key;
    this.caughtUp = false;
    const me = this.p.keys.publicKey;
    this.subscription = this.p.pool.subscribe(
      [...relays],
      [
        { kinds: [GAME_EVENT_KIND], '#p': [me] },
        { kinds: [PRESENCE_KIND], '#p': [me], since: Math.floor(this.p.now() / 1000) - 60 },
      ],
      {
        onEvent: (event) => void this.run(() => this.arrived(event)),
        onCaughtUp: () =>
          void this.run(async () => {
            this.caughtUp = true;
            await this.signAcceptances();
            this.flush();
          }),
      },
    );
  }

  // ---- what arrives ----------------------------------------------------------------------------------

  private refuse(gameId: string | null, reason: string): void {
    this.refused.set(reason, (this.refused.get(reason) ?? 0) + 1);
    this.p.onRefused?.(gameId, reason);
  }

  private async arrived(event: Event): Promise<void> {
    let gameId = routeByTag(this.tags, event.tags);
    if (event.kind === PRESENCE_KIND) {
      if (gameId) this.presenceArrived(gameId, event);
      return;
    }
    if (gameId === null) {
      if (await this.acceptance(event)) return;
      // A game made or pinned since the last read (another tab, a link opened here).
      await this.refresh();
      gameId = routeByTag(this.tags, event.tags);
      if (gameId === null) return this.refuse(null, 'other-game');
    }
    const entry = this.games.get(gameId)!;
    // The channel's `invitedByMe` only decides whose acceptance it admits: each side reads its own and the other's.
    const channel = { ...entry.channel!, invitedByMe: event.pubkey !== this.p.keys.publicKey };
    const { inbox, arrival } = receive(entry.inbox, channel, event);
    entry.inbox = inbox;
    if (arrival.kind === 'rejected') return this.refuse(gameId, arrival.reason);
    if (arrival.kind === 'accepted') {
      entry.acceptanceSeen = true;
      return;
    }
    if (arrival.kind === 'waiting') return;
    const merged = await mergeRelayGame(this.p.db, gameId, arrival.game.state, this.p.now());
    if (!merged.ok) return this.refuse(gameId, merged.error.message);
    if (!merged.value.written) {
      if (merged.value.comparison.kind === 'conflict') this.refuse(gameId, 'conflict');
      return;
    }
    const written = merged.value.game!;
    this.track(written);
    this.p.onApplied?.(gameId, written.moves.length);
    const shown = this.p.shown();
    if (shown?.id === written.id) shown.storedHere(written.revision);
    this.updateLines();
  }

  /** An event for no pinned game: an acceptance of one of this device's invitations pins its author. */
  private async acceptance(event: Event): Promise<boolean> {
    for (const entry of this.games.values()) {
      if (entry.channel || !entry.game.friend) continue;
      const open = this.channelFor(entry.game, entry.state, null, true);
      const admitted = admitGameEvent(open, event, entry.inbox.ids);
      if (!admitted.ok || admitted.value.envelope.action.type !== 'accept') continue;
      const action = admitted.value.envelope.action;
      const pinned = await pinPeer(
        this.p.db,
        entry.game.friend.gameId,
        { key: admitted.value.author, relays: [] },
        this.p.now(),
        action.name,
      );
      if (!pinned.ok || pinned.value.outcome === 'other-key') {
        this.refuse(entry.game.friend.gameId, 'other-key');
        return true;
      }
      if (pinned.value.game) {
        const tracked = this.track(pinned.value.game);
        if (tracked) tracked.acceptanceSeen = true;
        const shown = this.p.shown();
        if (shown?.id === pinned.value.game.id) shown.storedHere(pinned.value.game.revision);
      }
      this.p.onPinned?.(entry.game.friend.gameId);
      if (this.presenceFor === null) this.presenceTick();
      this.subscribe();
      this.updateLines();
      await this.signMissing();
      this.flush();
      return true;
    }
    return false;
  }

  private presenceArrived(gameId: string, event: Event): void {
    const entry = this.games.get(gameId);
    if (!entry?.channel) return;
    const read = readPresence(entry.channel, event);
    if (!read.ok) return this.refuse(gameId, read.error);
    if (read.value.side === entry.game.friend!.mySide) return;
    entry.presence = { here: read.value.here, arrivedAtMs: this.p.now() };
    const { until } = presenceLine(entry.presence, this.p.now());
    this.presenceTimers.get(gameId)?.();
    if (until !== null)
      this.presenceTimers.set(
        gameId,
        this.p.later(until - this.p.now(), () => this.updateLines()),
      );
    this.updateLines();
  }

  // ---- what goes out ---------------------------------------------------------------------------------

  private recordsOf(gameId: string): StoredOutgoing[] {
    return this.records.filter((r) => r.gameId === gameId);
  }

  /** Signs and stores every action of ours the outbox lacks (moves made here, a resignation). */
  private async signMissing(): Promise<void> {
    const made: StoredOutgoing[] = [];
    for (const [gameId, entry] of this.games) {
      const theirs = entry.channel?.theirPublicKey;
      if (!entry.channel?.keys || !theirs) continue;
      for (const { ply, action } of actionsToSign(entry.state, entry.game.friend!.mySide, this.recordsOf(gameId))) {
        made.push(this.sign(entry, gameId, ply, entry.state.moves.slice(0, ply), action));
      }
    }
    await this.store(made);
  }

  private async signAcceptances(): Promise<void> {
    const made: StoredOutgoing[] = [];
    for (const [gameId, entry] of this.games) {
      const pinned = Boolean(entry.channel?.keys);
      const records = this.recordsOf(gameId);
      if (!needsAcceptance({ pinned, caughtUp: this.caughtUp, acceptanceSeen: entry.acceptanceSeen, records }))
        continue;
      const myName = entry.game.players[entry.game.friend!.mySide - 1]!.name;
      made.push(this.sign(entry, gameId, 0, [], { type: 'accept', name: myName }));
    }
    await this.store(made);
  }

  private sign(
    entry: GameEntry,
    gameId: string,
    ply: number,
    moves: readonly Point[],
    action: Parameters<typeof envelopeFor>[3],
  ): StoredOutgoing {
    const channel = entry.channel!;
    const envelope = envelopeFor(gameId, entry.state.rules, moves, action);
    const template = buildGameEvent(channel.keys!, channel.theirPublicKey!, envelope, Math.floor(this.p.now() / 1000));
    const event = signEvent(template, this.p.keys.secretKey);
    return { event, gameId, savedAt: this.p.now(), acceptedBy: [], ply, action: action.type };
  }

  /** Stores new records (strict durability) before any is published, then adds them to the outbox. */
  private async store(made: readonly StoredOutgoing[]): Promise<void> {
    if (made.length === 0) return;
    const stored = await updateLiveOutbox(this.p.db, (records) => [...records, ...made]);
    if (!stored.ok) return; // Not stored: not published (the next start signs them again).
    this.records = stored.value;
    for (const record of made) this.outbox = addSaved(this.outbox, record, this.p.now());
    this.updateLines();
  }

  /** Publishes every due event; each answer is recorded, and the next retry is scheduled. */
  private flush(): void {
    this.cancelWake?.();
    this.cancelWake = null;
    const now = this.p.now();
    for (const event of dueEvents(this.outbox, now)) {
      const record = this.records.find((r) => r.event.id === event.id);
      const entry = record && this.games.get(record.gameId);
      if (!record || !entry) continue;
      if (this.outbox.get(event.id)?.state.kind === 'not-sent' && !this.published.has(event.id)) {
        this.published.add(event.id);
        this.p.onPublished?.(record.gameId, record.ply, record.action);
      }
      // Marked as tried at once (a back-off), so a second flush meanwhile does not publish it twice.
      this.outbox = recordAttempt(this.outbox, event.id, [], now).outbox;
      void this.p.pool.publish(this.relaysOf(entry), event).then((outcomes) =>
        this.run(() =>
          this.answered(
            event.id,
            outcomes.map((o) =>
              o.accepted ? { relay: o.url, ok: true, message: '' } : { relay: o.url, ok: false, message: o.reason },
            ),
          ),
        ),
      );
    }
    const wake = nextWake(this.outbox);
    if (wake !== null)
      this.cancelWake = this.p.later(Math.max(0, wake - now), () => void this.run(async () => this.flush()));
  }

  private async answered(
    eventId: string,
    answers: readonly { relay: string; ok: boolean; message: string }[],
  ): Promise<void> {
    const { outbox, store } = recordAttempt(this.outbox, eventId, answers, this.p.now());
    this.outbox = outbox;
    this.flush();
    if (!store) return;
    const stored = await updateLiveOutbox(this.p.db, (records) =>
      records.map((r) => (r.event.id === eventId ? { ...r, acceptedBy: store.acceptedBy } : r)),
    );
    if (stored.ok) this.records = stored.value;
    this.updateLines();
    const record = this.records.find((r) => r.event.id === eventId);
    const entry = record && this.games.get(record.gameId);
    if (!entry) return;
    const upTo = sentUpTo(entry.state, entry.game.friend!.mySide, this.recordsOf(record.gameId));
    if (!upTo) return;
    const marked = await markRelaySynced(this.p.db, record.gameId, upTo, this.p.now());
    if (!marked.ok || !marked.value || marked.value.revision === entry.game.revision) return;
    this.track(marked.value);
    const shown = this.p.shown();
    if (shown?.id === marked.value.id) shown.storedHere(marked.value.revision);
  }

  // ---- presence --------------------------------------------------------------------------------------

  private presenceTick(): void {
    this.cancelPresence?.();
    this.cancelPresence = null;
    const shown = this.p.shown();
    const entry = shown && [...this.games.values()].find((e) => e.game.id === shown.id);
    const gameId = entry?.channel?.keys ? entry.game.friend!.gameId : null;
    if (this.presenceFor && this.presenceFor !== gameId) this.sendPresence(this.presenceFor, false);
    this.presenceFor = gameId;
    if (!gameId) return;
    this.sendPresence(gameId, true);
    this.cancelPresence = this.p.later(PRESENCE_SEND_MS, () => void this.run(async () => this.presenceTick()));
  }

  private sendPresence(gameId: string, here: boolean): void {
    const entry = this.games.get(gameId);
    const channel = entry?.channel;
    if (!entry || !channel?.keys || !channel.theirPublicKey) return;
    const now = this.p.now();
    const template = buildPresenceEvent(
      channel.keys,
      channel.theirPublicKey,
      { v: PROTOCOL_VERSION, game: gameId, here, atMs: now },
      Math.floor(now / 1000),
    );
    void this.p.pool.publish(this.relaysOf(entry), signEvent(template, this.p.keys.secretKey));
  }

  private updateLines(): void {
    const lines = new Map<string, LiveLine>();
    const now = this.p.now();
    for (const [gameId, entry] of this.games) {
      if (!entry.channel) continue;
      lines.set(gameId, {
        send: sendLine(this.recordsOf(gameId)),
        present: presenceLine(entry.presence, now).present,
      });
    }
    this.p.onLines(lines);
  }
}
