/**
 * Runtime checks for everything read back from IndexedDB or an import file. What is on disk may have been
 * written by an older or newer version of the app, by another tab mid-crash, or edited by hand, so the
 * types are not trusted until these say so. Each check returns the first problem found (for the
 * skipped-records report) or null; the `is…` guards wrap them.
 */
import {
  FRIEND_GAME_ID,
  formatLinkClock,
  isBoardSize,
  isVariantId,
  VARIANTS,
  moveNumberOf,
  moverOf,
  parsePoint,
} from '../core';
import type { StorageProblem } from './errors';

/**
 * Stone `ply` (from 1) as the move list numbers it, in storage's English messages (the UI words problems
 * from their data): "move 7 (White)".
 */
export const moveName = (ply: number): string =>
  `move ${moveNumberOf(ply)} (${moverOf(ply) === 1 ? 'Black' : 'White'})`;
import type {
  ComputerPlayer,
  FriendInviteDefaults,
  GameClocks,
  GameSide,
  LanguageChoice,
  NewGameDefaults,
  SettingName,
  Settings,
  StoredBook,
  StoredGame,
  StoredPlayer,
  TimeControl,
} from './records';
import { MAX_PEER_RELAYS } from './records';

/** Every language choice the settings accept (src/ui/words/locale.ts turns it into a locale). */
export const LANGUAGE_CHOICES: readonly LanguageChoice[] = ['auto', 'en', 'de', 'zh'];

export type Problem = string | null;

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isNonNegative = (v: unknown): v is number => isFiniteNumber(v) && v >= 0;
const isPercent = (v: unknown): v is number => isFiniteNumber(v) && v >= 0 && v <= 100;
const isOneOf = <T extends string>(options: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (options as readonly string[]).includes(v);

/** The longest player name accepted: long enough for any real name, short enough to lay out. */
export const MAX_NAME_LENGTH = 60;

/**
 * The longest name the players screen lets anyone type: a name this long is shown in full on a 360 px phone.
 * Longer names (from older versions or imports) still load, up to MAX_NAME_LENGTH.
 */
export const NAME_FIELD_LENGTH = 20;

/** What the player is told about a name they typed (empty, too long), or null when it will do. */
export function nameIssue(name: string): StorageProblem | null {
  if (name.trim() === '') return { kind: 'name-empty' };
  if (name.length > MAX_NAME_LENGTH) return { kind: 'name-too-long', max: MAX_NAME_LENGTH };
  return null;
}

export function nameProblem(name: unknown): Problem {
  if (typeof name !== 'string') return 'the name is not text';
  if (name.trim() === '') return 'the name is empty';
  if (name.length > MAX_NAME_LENGTH) return `the name is longer than ${MAX_NAME_LENGTH} characters`;
  return null;
}

const idProblem = (id: unknown): Problem =>
  typeof id === 'string' && id !== '' ? null : 'the id is missing or not text';

function sideProblem(side: unknown, which: string): Problem {
  if (!isObject(side)) return `${which} is not an object`;
  const name = nameProblem(side.name);
  if (name) return `${which}: ${name}`;
  if (!isOneOf(['human', 'computer'], side.kind)) return `${which}: the kind is not "human" or "computer"`;
  if (side.playerId !== undefined && typeof side.playerId !== 'string') return `${which}: the player id is not text`;
  return null;
}

function clocksProblem(clocks: unknown): Problem {
  if (clocks === null) return null;
  if (!isObject(clocks)) return 'the clocks are neither null nor an object';
  const { remainingMs, incrementMs } = clocks;
  if (!Array.isArray(remainingMs) || remainingMs.length !== 2 || !remainingMs.every(isFiniteNumber)) {
    return 'the clocks do not hold two remaining times';
  }
  if (!isNonNegative(incrementMs)) return 'the clock increment is not a non-negative number';
  const { runningSince } = clocks;
  if (runningSince !== undefined && runningSince !== null && !isFiniteNumber(runningSince)) {
    return 'the clock start time is not a number';
  }
  if (clocks.seenAt !== undefined && !isFiniteNumber(clocks.seenAt))
    return "the clock's last seen time is not a number";
  if (clocks.initialMs !== undefined && !isNonNegative(clocks.initialMs)) {
    return "the clock's starting time is not a non-negative number";
  }
  return null;
}

function originProblem(origin: unknown, moves: number): Problem {
  if (origin === undefined) return null;
  if (!isObject(origin)) return 'the origin is not an object';
  if (typeof origin.gameId !== 'string' || origin.gameId === '') return 'the origin names no game';
  if (!Number.isInteger(origin.ply) || (origin.ply as number) < 0 || (origin.ply as number) > moves) {
    return "the origin's move is not a whole number within the game";
  }
  return null;
}

export function resultProblem(result: unknown): Problem {
  if (result === null) return null;
  if (!isObject(result)) return 'the result is neither null nor an object';
  if (result.winner === null) return result.reason === 'draw' ? null : 'a result without a winner is not a draw';
  if (result.winner !== 1 && result.winner !== 2) return 'the winner is not 1, 2 or null';
  return isOneOf(['five', 'six', 'captures', 'forbidden', 'resignation', 'time'], result.reason)
    ? null
    : `the result's reason "${String(result.reason)}" is not known`;
}

/** Renju's stored opening steps (records.ts's StoredRenjuOpening): only in a Renju game; replaying judges the rest. */
function renjuOpeningProblem(opening: unknown, renju: boolean, size: number, moves: number): Problem {
  if (opening === undefined) return null;
  if (!renju) return "only a Renju game keeps Renju's opening steps";
  if (!isObject(opening)) return "Renju's opening steps are not an object";
  const { swaps, offers, passes } = opening;
  if (!Array.isArray(swaps) || !swaps.every((s) => s === 'swap' || s === 'keep'))
    return "Renju's swap choices are not a list of swap and keep";
  if (!Array.isArray(offers) || !offers.every((o) => typeof o === 'string' && parsePoint(size, o) !== undefined))
    return "Renju's fifth-stone offers are not a list of points";
  const whole = (n: unknown): boolean => Number.isInteger(n) && (n as number) >= 0 && (n as number) <= moves;
  if (!Array.isArray(passes) || !passes.every((n, i) => whole(n) && (i === 0 || (n as number) >= passes[i - 1])))
    return "Renju's passes are not stone counts in order within the game";
  return null;
}

function importMarkProblem(mark: unknown): Problem {
  if (mark === undefined) return null;
  if (!isObject(mark)) return 'the import mark is not an object';
  if (!isFiniteNumber(mark.at)) return 'the import time is not a number';
  return typeof mark.dated === 'boolean' ? null : 'the import mark does not say whether the date is known';
}

export function gameProblem(v: unknown): Problem {
  if (!isObject(v)) return 'not an object';
  const id = idProblem(v.id);
  if (id) return id;
  if (typeof v.variant !== 'string' || !isVariantId(v.variant)) return `unknown variant "${String(v.variant)}"`;
  if (typeof v.size !== 'number' || !isBoardSize(v.size)) return `unsupported board size ${String(v.size)}`;
  if (VARIANTS[v.variant].renju && v.size !== 15) return `Renju is played on 15x15, not ${v.size}x${v.size}`;
  if (typeof v.tournamentRule !== 'boolean') return 'the tournament rule is not true or false';
  if (!Array.isArray(v.players) || v.players.length !== 2) return 'there are not two players';
  const side = sideProblem(v.players[0], 'player 1') ?? sideProblem(v.players[1], 'player 2');
  if (side) return side;
  if (!Array.isArray(v.moves)) return 'the moves are not a list';
  const { size } = v;
  const bad = v.moves.findIndex((m) => typeof m !== 'string' || parsePoint(size, m) === undefined);
  if (bad >= 0)
    return `${moveName(bad + 1)}, ${JSON.stringify(v.moves[bad])}, is not a point of the ${size}x${size} board`;
  if (v.seatChoice !== undefined && !isOneOf(['swap', 'keep'], v.seatChoice))
    return `unknown seat choice "${String(v.seatChoice)}"`;
  if (v.swap2Pass !== undefined && v.swap2Pass !== true) return `unknown Swap2 pass "${String(v.swap2Pass)}"`;
  const renju = renjuOpeningProblem(v.renju, VARIANTS[v.variant].renju === true, size, v.moves.length);
  if (renju) return renju;
  const clocks = clocksProblem(v.clocks);
  if (clocks) return clocks;
  if (!isFiniteNumber(v.createdAt) || !isFiniteNumber(v.updatedAt)) return 'the dates are not numbers';
  if (!isOneOf(['in-progress', 'finished'], v.status)) return `unknown status "${String(v.status)}"`;
  const result = resultProblem(v.result);
  if (result) return result;
  // The list shows finished games by their result, so the two must agree.
  if ((v.status === 'finished') !== (v.result !== null)) {
    return v.status === 'finished' ? 'a finished game has no result' : 'a game in progress has a result';
  }
  if (typeof v.demo !== 'boolean') return 'the demo flag is not true or false';
  const imported = importMarkProblem(v.imported);
  if (imported) return imported;
  const origin = originProblem(v.origin, v.moves.length);
  if (origin) return origin;
  if (!Number.isInteger(v.revision) || (v.revision as number) < 0) return 'the revision is not a whole number';
  return v.friend === undefined ? null : friendProblem(v.friend);
}

function friendProblem(friend: unknown): Problem {
  if (!isObject(friend)) return 'the friend game marks are not an object';
  if (typeof friend.gameId !== 'string' || !FRIEND_GAME_ID.test(friend.gameId))
    return 'the friend game id is not valid';
  if (friend.mySide !== 1 && friend.mySide !== 2) return "this device's side is not 1 or 2";
  const peer = peerProblem(friend.peer);
  if (peer) return peer;
  const clock = friendClockProblem(friend.clock);
  if (clock) return clock;
  const synced = friend.synced;
  if (synced === undefined) return null;
  if (!isObject(synced) || !Number.isInteger(synced.moves) || (synced.moves as number) < 0)
    return "what the friend's copy holds is not a number of moves";
  return typeof synced.ended === 'boolean' ? null : "whether the friend's copy has ended is not true or false";
}

/** A live game's clock: absent (untimed), or one a link can carry (whole seconds, within the bound). */
function friendClockProblem(clock: unknown): Problem {
  if (clock === undefined) return null;
  if (!isObject(clock) || !Number.isSafeInteger(clock.initialMs) || !Number.isSafeInteger(clock.incrementMs))
    return "the game's clock is not two times";
  const { initialMs, incrementMs } = clock as { initialMs: number; incrementMs: number };
  return formatLinkClock({ initialMs, incrementMs }) === null ? "the game's clock is not one a game can have" : null;
}

/** The longest relay URL a friend game keeps. */
const MAX_RELAY_URL_LENGTH = 200;

function peerProblem(peer: unknown): Problem {
  if (peer === undefined) return null;
  if (!isObject(peer)) return "the friend's network marks are not an object";
  if (typeof peer.key !== 'string' || !/^[0-9a-f]{64}$/.test(peer.key)) return "the friend's key is not 64 hex digits";
  const { relays } = peer;
  if (!Array.isArray(relays) || relays.length > MAX_PEER_RELAYS) return "the friend's relays are not a short list";
  const bad = relays.some((r) => typeof r !== 'string' || r.length > MAX_RELAY_URL_LENGTH || !/^wss?:\/\//.test(r));
  return bad ? "one of the friend's relays is not a ws:// or wss:// address" : null;
}

/** Whether a value is the "Play a friend" defaults (the name may be empty: not given yet). */
export function friendInviteProblem(v: unknown): Problem {
  if (!isObject(v)) return 'not an object';
  if (typeof v.name !== 'string' || v.name.length > MAX_NAME_LENGTH) return 'the name is not a short text';
  if (typeof v.variant !== 'string' || !isVariantId(v.variant)) return `unknown variant "${String(v.variant)}"`;
  if (typeof v.size !== 'number' || !isBoardSize(v.size)) return `unsupported board size ${String(v.size)}`;
  if (typeof v.tournamentRule !== 'boolean') return 'the tournament rule is not true or false';
  return isOneOf(['black', 'white', 'random'], v.colour) ? null : 'the colour is not black, white or random';
}

export function playerProblem(v: unknown): Problem {
  if (!isObject(v)) return 'not an object';
  const id = idProblem(v.id);
  if (id) return id;
  const name = nameProblem(v.name);
  if (name) return name;
  if (v.kind === 'human') return null;
  if (v.kind !== 'computer') return 'the kind is not "human" or "computer"';
  if (!Number.isInteger(v.depth) || (v.depth as number) < 1 || (v.depth as number) > 64) {
    return 'the search depth is not a whole number from 1 to 64';
  }
  if (!isFiniteNumber(v.timeMs) || v.timeMs <= 0) return 'the think time is not a positive number';
  if (!isPercent(v.vision)) return 'vision is not a percentage';
  if (!isPercent(v.judgement)) return 'judgement is not a percentage';
  if (typeof v.book !== 'boolean') return 'the book setting is not true or false';
  return null;
}

export function bookProblem(v: unknown): Problem {
  if (!isObject(v)) return 'not an object';
  if (typeof v.version !== 'string') return 'the version is not text';
  return v.bytes instanceof ArrayBuffer ? null : 'the bytes are not an ArrayBuffer';
}

export const isStoredGame = (v: unknown): v is StoredGame => gameProblem(v) === null;
export const isStoredPlayer = (v: unknown): v is StoredPlayer => playerProblem(v) === null;
export const isComputerPlayer = (v: unknown): v is ComputerPlayer => isStoredPlayer(v) && v.kind === 'computer';
export const isStoredBook = (v: unknown): v is StoredBook => bookProblem(v) === null;
export const isGameSide = (v: unknown): v is GameSide => sideProblem(v, 'side') === null;
export const isGameClocks = (v: unknown): v is GameClocks => v !== null && clocksProblem(v) === null;

const isTimeControl = (v: unknown): v is TimeControl =>
  isObject(v) && isFiniteNumber(v.initialMs) && v.initialMs > 0 && isNonNegative(v.incrementMs);

const isPlayerChoice = (v: unknown): boolean => v === null || (typeof v === 'string' && v !== '');

export function newGameProblem(v: unknown): Problem {
  if (!isObject(v)) return 'not an object';
  const { players } = v;
  if (!Array.isArray(players) || players.length !== 2 || !players.every(isPlayerChoice)) {
    return 'the players are not two ids (or nulls)';
  }
  if (typeof v.variant !== 'string' || !isVariantId(v.variant)) return `unknown variant "${String(v.variant)}"`;
  if (typeof v.size !== 'number' || !isBoardSize(v.size)) return `unsupported board size ${String(v.size)}`;
  if (typeof v.tournamentRule !== 'boolean') return 'the tournament rule is not true or false';
  if (v.timeControl !== null && !isTimeControl(v.timeControl)) return 'the time control is not valid';
  return null;
}

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
/** Far more than there are lessons: a bound, so a corrupted value cannot be huge. */
const MAX_LESSONS_DONE = 100;

/** One check per setting; a stored value that fails its check is skipped and the default used instead. */
/** Relay lists are short (src/net/relays.ts MAX_RELAYS) and URLs too; storage checks the shape, net the URLs. */
const MAX_RELAY_EDITS = 12;
const MAX_RELAY_URL = 200;

export function relayEditsProblem(v: unknown): string | null {
  if (!isObject(v)) return 'not an object';
  for (const part of ['added', 'removed'] as const) {
    const list = v[part];
    if (!Array.isArray(list) || list.length > MAX_RELAY_EDITS)
      return `${part} is not a list of at most ${MAX_RELAY_EDITS}`;
    if (!list.every((url) => typeof url === 'string' && url.length > 0 && url.length <= MAX_RELAY_URL))
      return `${part} holds something that is not a relay URL`;
  }
  return null;
}

/** A bound on the blocked list, so a corrupted value cannot be huge; far more than anyone blocks. */
export const MAX_BLOCKED_KEYS = 500;
const PUBLIC_KEY = /^[0-9a-f]{64}$/;

export const blockedKeysProblem = (v: unknown): string | null =>
  !Array.isArray(v) || v.length > MAX_BLOCKED_KEYS
    ? `not a list of at most ${MAX_BLOCKED_KEYS}`
    : v.every((key) => typeof key === 'string' && PUBLIC_KEY.test(key))
      ? null
      : 'holds something that is not a public key';

export const SETTING_CHECKS: { readonly [K in SettingName]: (v: unknown) => v is Settings[K] } = {
  theme: (v): v is Settings['theme'] => isOneOf(['system', 'light', 'dark'], v),
  language: (v): v is Settings['language'] => isOneOf(LANGUAGE_CHOICES, v),
  boardStyle: (v): v is Settings['boardStyle'] => isOneOf(['wood', 'plain'], v),
  soundVolume: (v): v is number => isFiniteNumber(v) && v >= 0 && v <= 1,
  haptics: isBoolean,
  inputMode: (v): v is Settings['inputMode'] => isOneOf(['two-tap', 'one-tap', 'confirm', 'drag'], v),
  showCoordinates: isBoolean,
  showMoveNumbers: isBoolean,
  showEngineLine: isBoolean,
  rematchStarter: (v): v is Settings['rematchStarter'] => isOneOf(['loser', 'alternate', 'same'], v),
  engineThreads: (v): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 8,
  newGame: (v): v is NewGameDefaults => newGameProblem(v) === null,
  friendInvite: (v): v is FriendInviteDefaults => friendInviteProblem(v) === null,
  relayEdits: (v): v is Settings['relayEdits'] => relayEditsProblem(v) === null,
  blockedKeys: (v): v is readonly string[] => blockedKeysProblem(v) === null,
  lessonsDone: (v): v is readonly string[] =>
    Array.isArray(v) && v.length <= MAX_LESSONS_DONE && v.every((id) => typeof id === 'string' && id.length <= 40),
};

export const isSettingName = (name: unknown): name is SettingName =>
  typeof name === 'string' && Object.hasOwn(SETTING_CHECKS, name);
