/** Players, channels and signed events for the net layer's tests: fixed keys, so runs repeat. */
import { getPublicKey } from 'nostr-tools/pure';
import { hexToBytes } from 'nostr-tools/utils';
import {
  type GameAction as PlayAction,
  type GameState,
  type Player,
  type Rules,
  makeRules,
  newGame,
  play,
} from '../../src/core';
import {
  type ClockReading,
  type GameAction,
  type GameChannel,
  type GameEnvelope,
  buildGameEvent,
  channelKeys,
  envelopeFor,
  openChannel,
  signEvent,
} from '../../src/net/game-events';

export interface TestPlayer {
  readonly secretKey: Uint8Array;
  readonly publicKey: string;
}

const player = (hex: string): TestPlayer => {
  const secretKey = hexToBytes(hex.repeat(64 / hex.length));
  return { secretKey, publicKey: getPublicKey(secretKey) };
};

export const alice = player('a1');
export const bob = player('b2');
export const mallory = player('c3');

export const GAME_ID = 'GameAAAAAAAAAAAA';
export const OTHER_GAME_ID = 'GameBBBBBBBBBBBB';
export const rules19: Rules = makeRules({ variant: 'pente', size: 19, tournamentRule: false });

/** Alice invites and plays side 1, Bob side 2; each device's channel for one game. */
export function channelOf(
  me: TestPlayer,
  them: TestPlayer | null,
  mySide: Player,
  options: { gameId?: string; timed?: boolean; blocked?: readonly string[]; rules?: Rules } = {},
): GameChannel {
  return openChannel({
    invitedByMe: me === alice,
    gameId: options.gameId ?? GAME_ID,
    rules: options.rules ?? rules19,
    timed: options.timed ?? false,
    mySide,
    mySecretKey: me.secretKey,
    myPublicKey: me.publicKey,
    theirPublicKey: them?.publicKey ?? null,
    blocked: new Set(options.blocked ?? []),
  });
}

/** A signed event from `from` to `to` carrying `envelope`. */
export function eventOf(from: TestPlayer, to: TestPlayer, envelope: GameEnvelope | object, createdAt = 1_700_000_000) {
  const keys = channelKeys(
    { mySecretKey: from.secretKey, gameId: (envelope as GameEnvelope).game ?? GAME_ID },
    to.publicKey,
  );
  return signEvent(buildGameEvent(keys, to.publicKey, envelope as GameEnvelope, createdAt), from.secretKey);
}

/** The signed event for `action` on a game at `moves` (its actions: stones, and steps in a seat game). */
export function actionEvent(
  from: TestPlayer,
  to: TestPlayer,
  moves: readonly PlayAction[],
  action: GameAction,
  options: { gameId?: string; clock?: ClockReading; rules?: Rules; createdAt?: number } = {},
) {
  const envelope = envelopeFor(options.gameId ?? GAME_ID, options.rules ?? rules19, moves, action, options.clock);
  return eventOf(from, to, envelope, options.createdAt);
}

/** A game of `count` random legal moves (a seeded generator), not ended. */
export function randomGame(rules: Rules, count: number, seed: number): GameState {
  let state = newGame(rules);
  let s = seed >>> 0;
  const next = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0), s / 2 ** 32);
  while (state.moves.length < count) {
    const point = Math.floor(next() * rules.size * rules.size);
    const moved = play(state, point);
    if (moved.ok && !moved.value.result) state = moved.value;
    else if (moved.ok) break;
  }
  return state;
}

/** The signed move events of a game: Alice plays the odd moves, Bob the even. */
export function moveEvents(state: GameState, gameId = GAME_ID) {
  return state.moves.map((point, ply) => {
    const [from, to] = ply % 2 === 0 ? [alice, bob] : [bob, alice];
    return actionEvent(from, to, state.moves.slice(0, ply), { type: 'move', point }, { gameId, rules: state.rules });
  });
}
