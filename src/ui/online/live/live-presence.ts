/**
 * Presence for the relay controller (live-controller.ts): while the play screen shows a pinned game (and
 * the page is not hidden), "here" goes out every PRESENCE_SEND_MS; the other side's presence is read,
 * answered at once when it is new (answersPresence: the invitee's first "here" reaches the inviter before
 * the acceptance pins the key there), and shown until it runs out (a timer per game redraws the lines).
 */
import { readPresence } from '../../../net/game-events';
import type { Event } from '../../../net/relay-pool';
import type { Phrase } from '../../../net/phrases';
import { answersPresence, phraseAllowed, phraseLine, presenceLine } from './live-model';
import type { GameEntry, LiveSender, SenderPorts } from './live-sender';

/** How often an open game says "here" (the other side forgets it after PRESENCE_TTL_MS). */
export const PRESENCE_SEND_MS = 20_000;

export interface PresenceHost {
  readonly games: ReadonlyMap<string, GameEntry>;
  readonly sender: Pick<LiveSender, 'sendPresence'>;
  readonly run: (work: () => Promise<void>) => void;
  readonly refuse: (gameId: string, reason: string) => void;
  readonly updateLines: () => void;
}

export class LivePresence {
  private cancelTick: (() => void) | null = null;
  /** The game this device says "here" for (the one shown), or null. */
  private sayingFor: string | null = null;
  /** The page was hidden (pagehide): no game is shown, as far as presence goes. */
  private hidden = false;
  private readonly expiries = new Map<string, () => void>();
  private readonly phraseExpiries = new Map<string, () => void>();
  /** When this device last said a phrase, per game (PHRASE_GAP_MS apart at least). */
  private readonly saidAt = new Map<string, number>();

  constructor(
    private readonly p: Pick<SenderPorts, 'now' | 'later' | 'shown'>,
    private readonly host: PresenceHost,
  ) {}

  /** Whether "here" goes out for no game yet (a pin may make the shown game one). */
  get idle(): boolean {
    return this.sayingFor === null;
  }

  hide(hidden: boolean): void {
    this.hidden = hidden;
  }

  /** Says "here" for the game shown (and "gone" for the one before), and again every PRESENCE_SEND_MS. */
  tick(): void {
    this.cancelTick?.();
    this.cancelTick = null;
    const shown = this.hidden ? null : this.p.shown();
    const entry = shown && [...this.host.games.values()].find((e) => e.game.id === shown.id);
    const gameId = entry?.channel?.keys ? entry.game.friend!.gameId : null;
    if (this.sayingFor && this.sayingFor !== gameId) this.host.sender.sendPresence(this.sayingFor, false);
    this.sayingFor = gameId;
    if (!gameId) return;
    this.host.sender.sendPresence(gameId, true);
    this.cancelTick = this.p.later(PRESENCE_SEND_MS, () => this.host.run(async () => this.tick()));
  }

  /** The other side's presence for `gameId` arrived. */
  arrived(gameId: string, event: Event): void {
    const entry = this.host.games.get(gameId);
    if (!entry?.channel) return;
    const read = readPresence(entry.channel, event);
    if (!read.ok) return this.host.refuse(gameId, read.error);
    if (read.value.side === entry.game.friend!.mySide) return;
    const now = this.p.now();
    if (read.value.phrase) this.heard(gameId, read.value.phrase, now);
    const answer = this.sayingFor === gameId && answersPresence(entry.presence, read.value.here, now);
    entry.presence = { here: read.value.here, arrivedAtMs: now };
    if (answer) this.host.sender.sendPresence(gameId, true);
    const { until } = presenceLine(entry.presence, now);
    this.expiries.get(gameId)?.();
    if (until !== null)
      this.expiries.set(
        gameId,
        this.p.later(until - now, () => this.host.updateLines()),
      );
    this.host.updateLines();
  }

  /**
   * Says a preset phrase in the game shown (with a "here"): nothing for another game, none shown, or
   * within PHRASE_GAP_MS of the last one said.
   */
  say(gameId: string, phrase: Phrase): boolean {
    const now = this.p.now();
    if (this.sayingFor !== gameId || !phraseAllowed(this.saidAt.get(gameId) ?? null, now)) return false;
    this.saidAt.set(gameId, now);
    this.host.sender.sendPresence(gameId, true, phrase);
    return true;
  }

  /**
   * The other side said `phrase`: shown by their strip until PHRASE_SHOW_MS has passed, unless it came
   * within PHRASE_GAP_MS of the one shown (an app that keeps its gap never sends those).
   */
  private heard(gameId: string, phrase: Phrase, now: number): void {
    const entry = this.host.games.get(gameId)!;
    if (!phraseAllowed(entry.heard?.arrivedAtMs ?? null, now)) return;
    entry.heard = { phrase, arrivedAtMs: now };
    const { until } = phraseLine(entry.heard, now);
    this.phraseExpiries.get(gameId)?.();
    if (until !== null)
      this.phraseExpiries.set(
        gameId,
        this.p.later(until - now, () => this.host.updateLines()),
      );
  }

  close(): void {
    this.cancelTick?.();
    for (const cancel of this.expiries.values()) cancel();
    for (const cancel of this.phraseExpiries.values()) cancel();
  }
}
