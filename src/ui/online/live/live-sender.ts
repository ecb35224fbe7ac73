/**
 * The outgoing half of the relay controller (live-controller.ts, which wires it): every action of ours the
 * stored copy holds and the outbox lacks is signed, stored in the outbox (strict durability) and only then
 * published to the game's relays, retried with back-off until one accepts (net/outbox.ts); the invited
 * side, once caught up, signs its acceptance; presence events are signed and published here too. The
 * decisions are pure (net's outbox, live-model.ts); this class holds the outbox and talks to the ports.
 */
import { type GameAction as PlayAction, type GameState, type Player, actionsOf } from '../../../core';
import {
  type ClockReading,
  type GameChannel,
  PROTOCOL_VERSION,
  buildGameEvent,
  buildPresenceEvent,
  envelopeFor,
  signEvent,
} from '../../../net/game-events';
import type { Inbox } from '../../../net/inbox';
import { type Outbox, addSaved, dueEvents, nextWake, outboxFromRecords, recordAttempt } from '../../../net/outbox';
import type { RelayPort } from '../../../net/relay-pool';
import {
  type PenteDb,
  type StoredGame,
  type StoredOutgoing,
  getLiveOutbox,
  markRelaySynced,
  updateLiveOutbox,
} from '../../../storage';
import type { Phrase } from '../../../net/phrases';
import { type HeardPhrase, type Presence, actionsToSign, gameRelays, needsAcceptance, sentUpTo } from './live-model';

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

/** The ports the outgoing half uses (a part of the controller's LivePorts). */
export interface SenderPorts {
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
  /** An event of ours went to the relays for the first time (the e2e's latency starts here). */
  readonly onPublished?: (gameId: string, ply: number, action: string) => void;
  /** A game was stored here by the controller (a move or an acceptance that came, what the friend has): the lists read again. */
  readonly onStored?: (game: StoredGame) => void;
}

/** What the controller knows of one friend game. */
export interface GameEntry {
  game: StoredGame;
  state: GameState;
  channel: GameChannel | null;
  inbox: Inbox;
  acceptanceSeen: boolean;
  presence: Presence | null;
  /** The other side's last preset phrase (shown by their strip for PHRASE_SHOW_MS), or null. */
  heard: HeardPhrase | null;
  /** When this device saw each recent ply begin (its clock): a timed game's turns (live-clocks.ts). */
  seen: ReadonlyMap<number, number>;
}

/** The controller's side, as the outgoing half needs it. */
export interface SenderHost {
  /** The friend games by game id (the controller's own map, read live). */
  readonly games: ReadonlyMap<string, GameEntry>;
  /** Whether the subscription has caught up with what the relays stored. */
  caughtUp(): boolean;
  /** Queues work behind the controller's other work. */
  run(work: () => Promise<void>): void;
  /** Takes a newer stored copy in. */
  track(game: StoredGame): GameEntry | null;
  /** The play screen's lines may have changed. */
  updateLines(): void;
  /** The clock reading to sign with an action at `ply` in a timed game (undefined: untimed). */
  readingFor(entry: GameEntry, ply: number, move: boolean): ClockReading | undefined;
}

export class LiveSender {
  private records: StoredOutgoing[] = [];
  private outbox: Outbox = new Map();
  private cancelWake: (() => void) | null = null;
  private readonly published = new Set<string>();

  constructor(
    private readonly p: SenderPorts,
    private readonly host: SenderHost,
  ) {}

  /** Reads the stored outbox (at start). */
  async load(): Promise<void> {
    const stored = await getLiveOutbox(this.p.db);
    if (stored.ok) this.records = stored.value;
    this.outbox = outboxFromRecords(this.records, this.p.now());
  }

  close(): void {
    this.cancelWake?.();
  }

  recordsOf(gameId: string): StoredOutgoing[] {
    return this.records.filter((r) => r.gameId === gameId);
  }

  relaysOf(entry: GameEntry): string[] {
    return gameRelays(this.p.relays(), entry.game.friend?.peer?.relays ?? []);
  }

  /** Signs and stores every action of ours the outbox lacks (moves made here, a resignation). */
  async signMissing(): Promise<void> {
    const made: StoredOutgoing[] = [];
    for (const [gameId, entry] of this.host.games) {
      const theirs = entry.channel?.theirPublicKey;
      if (!entry.channel?.keys || !theirs) continue;
      for (const { ply, action } of actionsToSign(entry.state, entry.game.friend!.mySide, this.recordsOf(gameId))) {
        const reading = this.host.readingFor(entry, ply, action.type === 'move' || action.type === 'step');
        made.push(this.sign(entry, gameId, ply, actionsOf(entry.state).slice(0, ply), action, reading));
      }
    }
    await this.store(made);
  }

  async signAcceptances(): Promise<void> {
    const made: StoredOutgoing[] = [];
    const caughtUp = this.host.caughtUp();
    for (const [gameId, entry] of this.host.games) {
      const pinned = Boolean(entry.channel?.keys);
      const records = this.recordsOf(gameId);
      if (!needsAcceptance({ pinned, caughtUp, acceptanceSeen: entry.acceptanceSeen, records })) continue;
      const myName = entry.game.players[entry.game.friend!.mySide - 1]!.name;
      made.push(this.sign(entry, gameId, 0, [], { type: 'accept', name: myName }));
    }
    await this.store(made);
  }

  /** Signs and stores a flag of `side` at the game's ply (a timed game): the record, or null if not stored. */
  async signFlag(
    entry: GameEntry,
    gameId: string,
    side: Player,
    reading: ClockReading,
  ): Promise<StoredOutgoing | null> {
    const actions = actionsOf(entry.state);
    const record = this.sign(entry, gameId, actions.length, actions, { type: 'flag', side }, reading);
    return (await this.store([record])) ? record : null;
  }

  /**
   * Publishes "here" (or "gone") for a pinned game, with a preset phrase when one is said; not stored,
   * never retried (it is ephemeral: said to whoever is here).
   */
  sendPresence(gameId: string, here: boolean, phrase?: Phrase): void {
    const entry = this.host.games.get(gameId);
    const channel = entry?.channel;
    if (!entry || !channel?.keys || !channel.theirPublicKey) return;
    const now = this.p.now();
    const template = buildPresenceEvent(
      channel.keys,
      channel.theirPublicKey,
      { v: PROTOCOL_VERSION, game: gameId, here, atMs: now, ...(phrase ? { phrase } : {}) },
      Math.floor(now / 1000),
    );
    void this.p.pool.publish(this.relaysOf(entry), signEvent(template, this.p.keys.secretKey));
  }

  private sign(
    entry: GameEntry,
    gameId: string,
    ply: number,
    actions: readonly PlayAction[],
    action: Parameters<typeof envelopeFor>[3],
    clock?: ClockReading,
  ): StoredOutgoing {
    const channel = entry.channel!;
    const envelope = envelopeFor(gameId, entry.state.rules, actions, action, clock);
    const template = buildGameEvent(channel.keys!, channel.theirPublicKey!, envelope, Math.floor(this.p.now() / 1000));
    const event = signEvent(template, this.p.keys.secretKey);
    return { event, gameId, savedAt: this.p.now(), acceptedBy: [], ply, action: action.type };
  }

  /** Stores new records (strict durability) before any is published, then adds them to the outbox. */
  private async store(made: readonly StoredOutgoing[]): Promise<boolean> {
    if (made.length === 0) return true;
    const stored = await updateLiveOutbox(this.p.db, (records) => [...records, ...made]);
    if (!stored.ok) return false; // Not stored: not published (the next start signs them again).
    this.records = stored.value;
    for (const record of made) this.outbox = addSaved(this.outbox, record, this.p.now());
    this.host.updateLines();
    return true;
  }

  /** Publishes every due event; each answer is recorded, and the next retry is scheduled. */
  flush(): void {
    this.cancelWake?.();
    this.cancelWake = null;
    const now = this.p.now();
    for (const event of dueEvents(this.outbox, now)) {
      const record = this.records.find((r) => r.event.id === event.id);
      const entry = record && this.host.games.get(record.gameId);
      if (!record || !entry) continue;
      if (this.outbox.get(event.id)?.state.kind === 'not-sent' && !this.published.has(event.id)) {
        this.published.add(event.id);
        this.p.onPublished?.(record.gameId, record.ply, record.action);
      }
      // Marked as tried at once (a back-off), so a second flush meanwhile does not publish it twice.
      this.outbox = recordAttempt(this.outbox, event.id, [], now).outbox;
      void this.p.pool.publish(this.relaysOf(entry), event).then((outcomes) =>
        this.host.run(() =>
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
      this.cancelWake = this.p.later(Math.max(0, wake - now), () => this.host.run(async () => this.flush()));
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
    this.host.updateLines();
    const record = this.records.find((r) => r.event.id === eventId);
    const entry = record && this.host.games.get(record.gameId);
    if (!entry) return;
    const upTo = sentUpTo(entry.state, entry.game.friend!.mySide, this.recordsOf(record.gameId));
    if (!upTo) return;
    const marked = await markRelaySynced(this.p.db, record.gameId, upTo, this.p.now());
    if (!marked.ok || !marked.value || marked.value.revision === entry.game.revision) return;
    this.host.track(marked.value);
    this.p.onStored?.(marked.value);
    const shown = this.p.shown();
    if (shown?.id === marked.value.id) shown.storedHere(marked.value.revision);
  }
}
