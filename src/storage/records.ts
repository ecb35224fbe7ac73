/**
 * The shapes stored on disk. They are plain JSON-like data (no GameState, no class instances) so that
 * they survive structured cloning, export to a JSON file, and later versions of the app: a game is its
 * rules and its moves as pente.org coordinates, and the core replays it.
 */
import {
  type BoardSize,
  type ClaimedRating,
  type EngineLevel,
  type GameResult,
  type SeatChoice,
  type VariantId,
  claimedRatingOf,
} from '../core';

export type PlayerKind = 'human' | 'computer';

/** One side of a game as it was played: the name shown, and the stored player it was, if any. */
export interface GameSide {
  readonly name: string;
  readonly kind: PlayerKind;
  /**
   * The players-store id of whoever played this side, when known: for a computer, the player whose level
   * settings it used. Games keep the name too, so renaming or deleting a player leaves old games readable.
   */
  readonly playerId?: string;
}

export interface GameClocks {
  /** Time left for player 1 and player 2, in milliseconds. */
  readonly remainingMs: readonly [number, number];
  /** Time added after each move, in milliseconds. */
  readonly incrementMs: number;
  /**
   * When the side to move's clock started running (epoch ms), or null/absent while it is stopped. A game
   * saved with a running clock and never stopped (the app was killed) is charged from here up to `seenAt`
   * when resumed, never for the time the app was closed.
   */
  readonly runningSince?: number | null;
  /**
   * The last moment the app was seen open with this clock running (epoch ms; absent: `runningSince`). A
   * clock found running when a game is opened is charged up to here and no further.
   */
  readonly seenAt?: number;
  /** Each player's time at the start (the time control), when known: a game played from a position starts with it. */
  readonly initialMs?: number;
}

/** Where a game played from another game's position came from: that game, and the ply it left it at. */
export interface GameOrigin {
  readonly gameId: string;
  /** How many moves of that game this one starts with. */
  readonly ply: number;
}

export type GameStatus = 'in-progress' | 'finished';

/**
 * How a game that was not played here came in: from a file, pasted text or a shared link. Such a game is
 * listed apart from the games played here, and is not the player's own result, until a move is played in
 * it here (its `updatedAt` then passes `at`).
 */
export interface ImportMark {
  /** When it was stored here (epoch ms). */
  readonly at: number;
  /**
   * Whether `createdAt` is the game's own date, from its record's Date header; false when the record gave
   * none (or the game came by a link), and `createdAt` is the import's time.
   */
  readonly dated: boolean;
}

/**
 * A correspondence game with a friend, played by links (core's friend.ts): each device keeps its own copy,
 * found by the game's id in its links. The friend's name is the other side's name.
 */
export interface FriendGame {
  /** The game's id in its links (core's FRIEND_GAME_ID), the same on both devices. */
  readonly gameId: string;
  /** The side this device plays. */
  readonly mySide: 1 | 2;
  /**
   * What the friend's copy is known to hold: the game as in the last link this device sent (copied or
   * shared) or received. Absent: nothing known yet (an invitation not sent, or a game stored before this
   * was kept). The screen says "Send your move" until the game here is no further on than this.
   */
  readonly synced?: FriendSynced;
  /**
   * Since issue 30: the other side's Nostr key, pinned the first time this device learns it (the
   * invitation's signed link, or the friend's acceptance), and where to find their events. Every later
   * signed link or relay event from the other side must verify against this key. Absent: a game played by
   * unsigned links only (before issue 30), or an invitation not yet answered.
   */
  readonly peer?: FriendPeer;
  /**
   * Since issue 30: a live game's chess clock, agreed in the invitation (its link's `t` field, or the
   * challenge it was paired from): each side's time at the start and what a move adds. Absent: untimed
   * (every friend game before clocks). The time itself is kept by the signed readings (net/clock.ts).
   */
  readonly clock?: FriendClock;
  /**
   * Since "Play someone now": the rating the other side claimed as the game began (their challenge's or
   * their acceptance's), counted in this device's own rating (ui/people/people-model.ts ratedGames).
   * Absent: none shown, or a game that did not come from a challenge. Read through `friendRatingOf`: a
   * value out of its bounds counts as none (it never makes the game unreadable).
   */
  readonly theirRating?: FriendRating;
}

/** A rating a player claimed: core's ClaimedRating (Glicko scale), read within core's bounds. */
export type FriendRating = ClaimedRating;

/** A friend game's kept rating, if it is one (core's claimedRatingOf: the bounds the wire is read within), else null. */
export const friendRatingOf = (value: unknown): FriendRating | null => claimedRatingOf(value);

/** A friend game's clock (core's LinkClock: whole seconds, up to a day). */
export interface FriendClock {
  readonly initialMs: number;
  readonly incrementMs: number;
}

/** The other side of a friend game on the network: their public key and their relays. */
export interface FriendPeer {
  /** Their 32-byte public key, 64 lowercase hex digits (net/identity.ts). */
  readonly key: string;
  /** The relays they said they read (ws:// or wss:// URLs, at most MAX_PEER_RELAYS). */
  readonly relays: readonly string[];
}

/**
 * The name a friend has until their first link says it. Here, not in friend-games.ts: the first screen's
 * friend status needs this word and nothing else of that module.
 */
export const UNKNOWN_FRIEND = 'Friend';

/** The most relay hints a friend game keeps for the other side: a bound on what a link or event can add. */
export const MAX_PEER_RELAYS = 8;

/** A friend game as a link carried it: how many moves, and whether it had ended. */
export interface FriendSynced {
  readonly moves: number;
  readonly ended: boolean;
}

/** Renju's opening steps as a game keeps them: the windows' choices, branch B's offers, the passes' stone counts. */
export interface StoredRenjuOpening {
  readonly swaps: readonly SeatChoice[];
  /** The ten fifth-stone offers as pente.org coordinates (empty: none made). */
  readonly offers: readonly string[];
  /** The stone counts at which a side passed, in order. */
  readonly passes: readonly number[];
}

export interface StoredGame {
  /** crypto.randomUUID(). */
  readonly id: string;
  readonly variant: VariantId;
  readonly size: BoardSize;
  readonly tournamentRule: boolean;
  readonly players: readonly [GameSide, GameSide];
  /** The moves as pente.org coordinates, e.g. ["K10", "L9"]. */
  readonly moves: readonly string[];
  /**
   * D-Pente and DK-Pente: player 2's seat choice once made (absent before it, and in every other game).
   * `players` are the seats as they are now: a swap exchanged them.
   */
  readonly seatChoice?: SeatChoice;
  /** Swap2: player 2 placed two more stones and handed the seat choice to player 1 (absent otherwise). */
  readonly swap2Pass?: true;
  /**
   * Renju: the Taraguchi-10 opening's steps taken (core's RenjuOpening, the offers as coordinates); absent in
   * every other game. `players` are the seats as they are now: each swap exchanged them.
   */
  readonly renju?: StoredRenjuOpening;
  /** null: an untimed game. */
  readonly clocks: GameClocks | null;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly status: GameStatus;
  /** How the game ended; null while it goes on. */
  readonly result: GameResult | null;
  /** A game the computer played against itself as a demonstration: left out of the game list by default. */
  readonly demo: boolean;
  /** Set when the game came from a file, pasted text or a link rather than being played here. */
  readonly imported?: ImportMark;
  /** For a game started from a position of another game ("Play from here"): which game, and which move. */
  readonly origin?: GameOrigin;
  /** Since database version 7: a game with a friend on another device, played by links. */
  readonly friend?: FriendGame;
  /**
   * Since issue 31: the person took back a move or asked for a hint in this game (against the computer).
   * Such a game is casual: it is not counted in their rating against the levels (computer-rating.ts).
   */
  readonly assisted?: true;
  /**
   * How many times this game has been saved (0: never). A save names the revision it started from, so a
   * tab cannot overwrite moves that another tab saved meanwhile.
   */
  readonly revision: number;
}

export interface HumanPlayer {
  readonly id: string;
  readonly kind: 'human';
  readonly name: string;
}

/**
 * A computer player: a name and the engine's level settings (src/core/levels.ts's `EngineLevel`, the one
 * definition of what a level is), so a player can make their own levels.
 */
export interface ComputerPlayer extends EngineLevel {
  readonly kind: 'computer';
}

export type StoredPlayer = HumanPlayer | ComputerPlayer;

/** A player before it is stored: the store gives it an id. */
export type NewPlayer = Omit<HumanPlayer, 'id'> | Omit<ComputerPlayer, 'id'>;

export type Theme = 'system' | 'light' | 'dark';

/** The language of the app's words: the browser's ('auto') or one the player chose. */
export type LanguageChoice = 'auto' | 'en' | 'de' | 'zh';
export type InputMode = 'two-tap' | 'one-tap' | 'confirm' | 'drag';
/** The board's look: wood-like, or plain. */
export type BoardStyle = 'wood' | 'plain';
/** Who moves first in a rematch: the loser of the last game, the players in turn, or the same player. */
export type RematchStarter = 'loser' | 'alternate' | 'same';

export interface TimeControl {
  /** Each player's time at the start, in milliseconds. */
  readonly initialMs: number;
  readonly incrementMs: number;
}

/** What the new-game screen starts from: the choices made last time. */
export interface NewGameDefaults {
  /** Players-store ids for player 1 and player 2 (null: none chosen yet). */
  readonly players: readonly [string | null, string | null];
  readonly variant: VariantId;
  readonly size: BoardSize;
  readonly tournamentRule: boolean;
  /** null: untimed. */
  readonly timeControl: TimeControl | null;
}

export interface Settings {
  readonly theme: Theme;
  readonly language: LanguageChoice;
  readonly boardStyle: BoardStyle;
  /** 0 (silent) to 1. */
  readonly soundVolume: number;
  readonly haptics: boolean;
  readonly inputMode: InputMode;
  readonly showCoordinates: boolean;
  readonly showMoveNumbers: boolean;
  readonly showEngineLine: boolean;
  readonly rematchStarter: RematchStarter;
  /**
   * The computer's search threads: 1–8, or 0 for automatic (the device's cores less one, at least 1). More
   * than one works only where the page is cross-origin isolated; elsewhere the engine searches alone.
   */
  readonly engineThreads: number;
  readonly newGame: NewGameDefaults;
  /** The tutorial's lessons the player has completed, by lesson id (core's LESSONS), in the order done. */
  readonly lessonsDone: readonly string[];
  /** What "Play a friend" starts from: the choices made last time, the player's name among them. */
  readonly friendInvite: FriendInviteDefaults;
  /**
   * The player's changes to the build's relay list (src/net/relays.ts merges them over the defaults), kept
   * as changes so a later version's new defaults still reach a player who added one relay.
   */
  readonly relayEdits: RelayEditsSetting;
  /**
   * Keys the player blocked ("Play someone now", issue 30): their challenges and events are never shown.
   * 64 lowercase hex digits each, the newest last, at most MAX_BLOCKED_KEYS.
   */
  readonly blockedKeys: readonly string[];
}

/** Relay URLs added and default ones removed (normal form: src/net/relays.ts parseRelayUrl). */
export interface RelayEditsSetting {
  readonly added: readonly string[];
  readonly removed: readonly string[];
}

/** The colour asked for in an invitation: one of the two, or chosen at random. */
export type InviteColour = 'black' | 'white' | 'random';

export interface FriendInviteDefaults {
  /** The player's own name ('' until given). */
  readonly name: string;
  readonly variant: VariantId;
  readonly size: BoardSize;
  readonly tournamentRule: boolean;
  readonly colour: InviteColour;
}

export type SettingName = keyof Settings;

/** A change to the settings: any top-level setting, and any part of the new-game defaults. */
export type SettingsPatch = Partial<Omit<Settings, 'newGame'>> & { readonly newGame?: Partial<NewGameDefaults> };

/** The packed openings book, stored as one binary value. */
export interface StoredBook {
  readonly version: string;
  readonly bytes: ArrayBuffer;
}
