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
 * - Outgoing (live-sender.ts): every action of ours the stored copy holds and the outbox lacks is signed,
 *   stored in the outbox (strict durability) and only then published to the game's relays, retried with
 *   back-off until one accepts (net/outbox.ts). The invited side, once caught up, signs its acceptance.
 * - Presence (live-presence.ts): while the play screen shows a pinned game, "here" every PRESENCE_SEND_MS;
 *   the other side's fresh "here" shows as "Bob is here". A preset phrase (net/phrases.ts) rides on a
 *   "here" and shows by the other side's strip for a few seconds (`say`; the line's `phrase`).
 * - Clocks (live-clocks.ts, live-clock.ts): a timed game's moves carry the mover's signed reading, its
 *   own events join its inbox (the fold decides who flagged from both sides' readings), and a timer says
 *   this device's player's flag fell, or claims the other's after the grace.
 */
import { type GameState, type Player, VARIANTS, actionCount, actionsOf, playedOverRelays } from '../../../core';
import {
  type ClockReading,
  type GameChannel,
  GAME_EVENT_KIND,
  PRESENCE_KIND,
  admitGameEvent,
  openChannel,
} from '../../../net/game-events';
import { newInbox, receive, withBase } from '../../../net/inbox';
import type { Event, Subscription } from '../../../net/relay-pool';
import {
  type StoredGame,
  findFriendGame,
  listFriendGameRecords,
  mergeRelayGame,
  pinPeer,
  toGameState,
} from '../../../storage';
import { LiveClocks, faceOf, readingFor, seenWith } from './live-clocks';
import type { LiveLine } from './live-hooks';
import type { Phrase } from '../../../net/phrases';
import { phraseLine, presenceLine, routeByTag, sendLine } from './live-model';
import { LivePresence } from './live-presence';
import { type GameEntry, LiveSender, type SenderPorts } from './live-sender';

export type { DeviceKeys, ShownGame } from './live-sender';

export { PRESENCE_SEND_MS } from './live-presence';

export interface LivePorts extends SenderPorts {
  /** The play screen's lines changed. */
  readonly onLines: (lines: ReadonlyMap<string, LiveLine>) => void;
  /** An event that changed nothing, and why (for the console and the tests). */
  readonly onRefused?: (gameId: string | null, reason: string) => void;
  /** One of the other side's actions was shown (stored): for the e2e's latency figure. */
  readonly onApplied?: (gameId: string, moves: number) => void;
  /** The other side's key was pinned from their acceptance. */
  readonly onPinned?: (gameId: string) => void;
}

export class LiveController {
  private readonly games = new Map<string, GameEntry>();
  private readonly tags = new Map<string, string>();
  private readonly sender: LiveSender;
  private readonly clocks: LiveClocks;
  private subscription: Subscription | null = null;
  private subscribedTo = '';
  private caughtUp = false;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly presence: LivePresence;
  private closed = false;
  /** Events that changed nothing, by reason (read by the tests). */
  readonly refused = new Map<string, number>();

  constructor(private readonly p: LivePorts) {
    this.sender = new LiveSender(p, {
      games: this.games,
      caughtUp: () => this.caughtUp,
      run: (work) => void this.run(work),
      track: (game) => this.track(game),
      updateLines: () => this.updateLines(),
      readingFor: (entry, ply, move) => readingFor(entry, ply, move, this.p.now()),
    });
    this.clocks = new LiveClocks({
      games: this.games,
      now: p.now,
      later: p.later,
      run: (work) => void this.run(work),
      sayFlag: (gameId, side, reading) => this.sayFlag(gameId, side, reading),
    });
    this.presence = new LivePresence(p, {
      games: this.games,
      sender: this.sender,
      run: (work) => void this.run(work),
      refuse: (gameId, reason) => this.refuse(gameId, reason),
      updateLines: () => this.updateLines(),
    });
  }

  /** Reads the games and the outbox, subscribes, and publishes what waits. */
  start(): Promise<void> {
    return this.run(async () => {
      await this.sender.load();
      await this.refresh();
      await this.sendOut();
    });
  }

  /** The session saved a game: a friend game's new action goes out (and a new game is listened for). */
  readonly gameSaved = (saved: StoredGame): void => {
    void this.run(async () => {
      if (!saved.friend) return;
      const known = this.games.get(saved.friend.gameId);
      // Read again unless this copy is known already; signed either way: the controller may have read the
      // saved move through a write of its own (a relay's answer marked on the record) without signing it.
      if (!known || known.game.revision < saved.revision) await this.refresh();
      await this.sendOut();
    });
  };

  /** This device's player says a preset phrase in the game shown (ephemeral, with a "here"). */
  readonly say = (gameId: string, phrase: Phrase): void => {
    void this.run(async () => {
      this.presence.say(gameId, phrase);
    });
  };

  /** The play screen shows another game (or none): presence follows. */
  shownChanged(): void {
    void this.run(async () => this.presence.tick());
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
    this.sender.close();
    this.clocks.close();
    this.presence.close();
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
    if (this.presence.idle) this.presence.tick();
  }

  private track(game: StoredGame): GameEntry | null {
    const friend = game.friend;
    // Every game with people but Renju (core's playedOverRelays): stones and the seat steps travel as events.
    if (!friend || !playedOverRelays(VARIANTS[game.variant])) return null;
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
        ? withBase(old.inbox, actionsOf(state.value))
        : newInbox(state.value.rules, friend.clock ?? null, [], actionsOf(state.value));
    // When this device saw the turn begin: now, or as the record was stored when read at the start.
    const now = this.p.now();
    const seenAt = old ? now : Math.min(now, game.updatedAt);
    const entry: GameEntry = {
      game,
      state: state.value,
      channel,
      inbox,
      acceptanceSeen: old?.acceptanceSeen ?? false,
      presence: old?.presence ?? null,
      heard: old?.heard ?? null,
      seen: seenWith(old?.seen ?? new Map(), actionCount(state.value), seenAt),
    };
    this.games.set(friend.gameId, entry);
    if (channel?.keys) this.tags.set(channel.keys.tag, friend.gameId);
    return entry;
  }

  private channelFor(game: StoredGame, state: GameState, theirKey: string | null, invitedByMe: boolean): GameChannel {
    return openChannel({
      gameId: game.friend!.gameId,
      rules: state.rules,
      timed: game.friend!.clock !== undefined,
      mySide: game.friend!.mySide,
      invitedByMe,
      mySecretKey: this.p.keys.secretKey,
      myPublicKey: this.p.keys.publicKey,
      theirPublicKey: theirKey,
      blocked: new Set(),
    });
  }

  /**
   * One subscription for every game: what is addressed to this device, on the relays the games need. `again`
   * asks the relays for their stored events anew even when the relays are the same: after a key is pinned,
   * the friend's events refused before it (of no game then: a move can arrive before the acceptance that
   * names its author) are read again, now into their game (the inbox drops those it already has).
   */
  private subscribe(again = false): void {
    const relays = new Set(this.p.relays());
    for (const entry of this.games.values()) for (const r of entry.game.friend?.peer?.relays ?? []) relays.add(r);
    const key = [...relays].sort().join(' ');
    if (key === this.subscribedTo && this.subscription && !again) return;
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
            await this.sender.signAcceptances();
            this.sender.flush();
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
      if (gameId) this.presence.arrived(gameId, event);
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
    this.p.onStored?.(written);
    this.p.onApplied?.(gameId, actionCount(arrival.game.state));
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
        this.p.onStored?.(pinned.value.game);
        const shown = this.p.shown();
        if (shown?.id === pinned.value.game.id) shown.storedHere(pinned.value.game.revision);
      }
      this.p.onPinned?.(entry.game.friend.gameId);
      if (this.presence.idle) this.presence.tick();
      this.subscribe(true);
      this.updateLines();
      await this.sendOut();
      return true;
    }
    return false;
  }

  // ---- what goes out, and the clocks -----------------------------------------------------------------

  /** Signs what waits, takes this device's own events into timed games' inboxes, and publishes. */
  private async sendOut(): Promise<void> {
    await this.sender.signMissing();
    await this.absorbOwn();
    this.sender.flush();
  }

  /** A timed game's fold needs both sides' readings: this device's own events (its outbox) go into the inbox. */
  private async absorbOwn(): Promise<void> {
    for (const gameId of [...this.games.keys()]) {
      const entry = this.games.get(gameId)!;
      if (!entry.game.friend?.clock || !entry.channel?.keys) continue;
      for (const record of this.sender.recordsOf(gameId)) {
        if (record.action !== 'accept' && !this.games.get(gameId)!.inbox.ids.has(record.event.id))
          await this.arrived(record.event);
      }
    }
    // The readings changed (a claim counts from this device's own move): the faces and timers follow.
    this.updateLines();
  }

  /** `side`'s flag fell: signed, stored, published and applied as any event; not if a move was saved meanwhile. */
  private async sayFlag(gameId: string, side: Player, reading: ClockReading): Promise<void> {
    const entry = this.games.get(gameId);
    const stored = await findFriendGame(this.p.db, gameId);
    if (!entry || !stored.ok || !stored.value) return;
    const storedState = toGameState(stored.value);
    if (!storedState.ok || actionCount(storedState.value) !== actionCount(entry.state) || stored.value.result) return;
    const record = await this.sender.signFlag(entry, gameId, side, reading);
    if (!record) return;
    await this.arrived(record.event);
    this.sender.flush();
  }

  // ---- presence --------------------------------------------------------------------------------------

  /**
   * The page goes away (pagehide) or comes back (pageshow): the other side hears "gone" at once instead of
   * seeing "here" until it runs out. At once, not queued: a page that unloads runs no more of the queue.
   */
  pageHidden(hidden: boolean): void {
    this.presence.hide(hidden);
    if (hidden) this.presence.tick();
    else this.shownChanged();
  }

  private updateLines(): void {
    const lines = new Map<string, LiveLine>();
    const now = this.p.now();
    for (const [gameId, entry] of this.games) {
      if (!entry.channel) continue;
      lines.set(gameId, {
        send: sendLine(this.sender.recordsOf(gameId)),
        present: presenceLine(entry.presence, now).present,
        clock: faceOf(entry, now),
        phrase: phraseLine(entry.heard, now).phrase,
      });
    }
    this.p.onLines(lines);
    this.clocks.plan();
  }
}
