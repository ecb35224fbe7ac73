/** A game in a link (src/core/link.ts): the round trip for every game this app plays, and bad links refused. */
import { describe, expect, it } from 'vitest';
import {
  BOARD_SIZES,
  type GameState,
  VARIANT_IDS,
  decodeGameLink,
  encodeGameLink,
  legalMoves,
  makeRules,
  newGame,
  play,
} from '../src/core';
import { game, rng } from './helpers';

/** A random game of up to `plies` legal moves (fewer if it ends), reproducible from `seed`. */
function randomGame(state: GameState, plies: number, seed: number): GameState {
  const random = rng(seed);
  while (state.moves.length < plies && !state.result) {
    const moves = legalMoves(state);
    const next = play(state, moves[Math.floor(random() * moves.length)]!);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value;
  }
  return state;
}

const EVERY_GAME = VARIANT_IDS.flatMap((variant) =>
  BOARD_SIZES.flatMap((size) => [true, false].map((tournamentRule) => ({ variant, size, tournamentRule }))),
);

describe('game links', () => {
  it.each(EVERY_GAME)('carry %o and its moves there and back', (options) => {
    const rules = makeRules(options);
    for (const seed of [1, 2, 3]) {
      const played = randomGame(newGame(rules), 60, seed);
      const code = encodeGameLink(rules, played.moves);
      expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
      const decoded = decodeGameLink(code);
      expect(decoded.ok).toBe(true);
      if (!decoded.ok) return;
      expect(decoded.value.rules).toEqual(rules);
      expect(decoded.value.moves).toEqual(played.moves);
      expect(decoded.value.result).toEqual(played.result);
      expect(Array.from(decoded.value.cells)).toEqual(Array.from(played.cells));
    }
  });

  it('carry a game with no moves yet', () => {
    const rules = makeRules({ variant: 'keryo', size: 13 });
    const decoded = decodeGameLink(encodeGameLink(rules, []));
    expect(decoded.ok && decoded.value.rules).toEqual(rules);
    expect(decoded.ok && decoded.value.moves).toEqual([]);
  });

  it('take two characters per move after a two-character header: 122 for 60 moves on 19×19', () => {
    const rules = makeRules({ variant: 'gomoku', size: 19 });
    const played = randomGame(newGame(rules), 60, 7);
    expect(played.moves).toHaveLength(60);
    expect(encodeGameLink(rules, played.moves)).toHaveLength(122);
  });

  it('tolerate spaces around the code (a pasted link)', () => {
    const state = game({ size: 9 }, 'E5 F6');
    const code = encodeGameLink(state.rules, state.moves);
    expect(decodeGameLink(` ${code}\n`).ok).toBe(true);
  });
});

describe('malformed game links', () => {
  const pente9 = game({ size: 9 }, 'E5 F6 B2');
  const good = encodeGameLink(pente9.rules, pente9.moves);

  const CASES: readonly [string, string, RegExp][] = [
    ['empty', '', /empty/],
    ['another format version', `2${good.slice(1)}`, /format/],
    ['no rules character', '1', /cut short/],
    ['a rules character past the last game', '1_', /no game/],
    ['a rules character that is not base64url', '1*', /no game/],
    [
      'the tournament rule on Gomoku',
      `1${'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'[2 * 3 * 2 + 1]}`,
      /no game/,
    ],
    ['half a move', good.slice(0, -1), /half a move/],
    ['a character that is not base64url', `${good.slice(0, 4)}*A`, /move 2 has a character/],
    ['a point off a 9×9 board', `${good}JA`, /move 4 is off the 9×9 board/],
    ['a stone on an occupied point', `${good}EE`, /move 4 is not allowed/],
    ['a first move away from the centre', `${good.slice(0, 2)}AA`, /move 1 is not allowed/],
    ['more moves than points', `${good.slice(0, 2)}${'AA'.repeat(82)}`, /more moves than the board has points/],
  ];

  it.each(CASES)('are refused with a clear error: %s', (_, code, message) => {
    const decoded = decodeGameLink(code);
    expect(decoded.ok).toBe(false);
    if (decoded.ok) return;
    expect(decoded.error.message).toMatch(/^This game link cannot be read: /);
    expect(decoded.error.message).toMatch(message);
  });

  it('the good code the cases start from is read', () => {
    expect(decodeGameLink(good).ok).toBe(true);
  });
});
