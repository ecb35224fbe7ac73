/** A game in a link (src/core/link.ts): the round trip for every game this app plays, and bad links refused. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BOARD_SIZES,
  type FriendMark,
  type GameState,
  concede,
  VARIANT_IDS,
  decodeGameLink,
  MAX_LINK_RELAYS,
  encodeGameLink,
  formatGameLink,
  formatRelayHints,
  formatGameLinkBody,
  formatLinkClock,
  parseLinkClock,
  actorsOf,
  chooseSeat,
  legalMoves,
  seatChoiceDue,
  linkCheck,
  makeRules,
  newGame,
  parseGameLink,
  parseRelayHints,
  play,
  sealGameLink,
} from '../../src/core';
import { game, rng } from '../helpers';

/** A random game of up to `plies` legal moves (fewer if it ends), reproducible from `seed`. */
function randomGame(state: GameState, plies: number, seed: number): GameState {
  const random = rng(seed);
  while (state.moves.length < plies && !state.result) {
    // D-Pente: player 2's seat choice, made at random like the moves.
    if (seatChoiceDue(state)) state = chooseSeat(state, random() < 0.5 ? 'swap' : 'keep')!;
    const moves = legalMoves(state);
    const next = play(state, moves[Math.floor(random() * moves.length)]!);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value;
  }
  return state;
}

/** Every game a link may be (Renju's opening has no code in links yet: refused below). */
const LINKED = VARIANT_IDS.filter((id) => id !== 'renju');
const EVERY_GAME = LINKED.flatMap((variant) =>
  BOARD_SIZES.flatMap((size) => [true, false].map((tournamentRule) => ({ variant, size, tournamentRule }))),
);

describe('game links', () => {
  it.each(EVERY_GAME)('carry %o and its moves there and back', (options) => {
    const rules = makeRules(options);
    for (const seed of [1, 2, 3]) {
      const played = randomGame(newGame(rules), 60, seed);
      const code = encodeGameLink(rules, played.moves, played.seatChoice);
      expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
      const decoded = decodeGameLink(code);
      expect(decoded.ok).toBe(true);
      if (!decoded.ok) return;
      expect(decoded.value.rules).toEqual(rules);
      expect(decoded.value.seatChoice).toBe(played.seatChoice);
      expect(decoded.value.moves).toEqual(played.moves);
      expect(decoded.value.result).toEqual(played.result);
      expect(Array.from(decoded.value.cells)).toEqual(Array.from(played.cells));
    }
  });

  it('refuse a Renju game: its opening has no code in links yet', () => {
    const code = encodeGameLink(makeRules({ variant: 'renju', size: 15 }), []);
    expect(decodeGameLink(code).ok).toBe(false);
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

describe('version 2 links: the game with its names, the move shown, its ending and friend marks', () => {
  const NAMES = ['Ann', 'Bob'] as const;

  it.each(EVERY_GAME)('carry %o there and back with names, friend marks and the move shown', (options) => {
    const rules = makeRules(options);
    for (const seed of [4, 5]) {
      // A friend's link goes when the sender's turn is done: in Connect6 after both stones of it.
      const played = randomGame(newGame(rules), rules.variant.twoStoneTurns ? 39 : 40, seed);
      // The sender is whoever took the last action (core's rule: D-Pente's player 1 places four stones).
      const friend = { gameId: 'AbCdEfGhIjKlMn-_', sender: actorsOf(played).at(-1) ?? 2 } as const;
      const shownPly = Math.floor(played.moves.length / 2);
      const code = formatGameLink({ state: played, names: ['Ånn «Ω»', 'Bob 🎲'], shownPly, friend });
      expect(code).toMatch(/^[A-Za-z0-9_.-]+$/);
      const parsed = parseGameLink(code);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      expect(parsed.value.link).toEqual({
        rules,
        moves: played.moves,
        names: ['Ånn «Ω»', 'Bob 🎲'],
        shownPly: shownPly < played.moves.length ? shownPly : null,
        ending: null,
        friend,
        seal: null,
        relays: [],
        clock: null,
      });
      expect(parsed.value.state.result).toEqual(played.result);
      expect(parsed.value.state.seatChoice).toBe(played.seatChoice);
      expect(Array.from(parsed.value.state.cells)).toEqual(Array.from(played.cells));
    }
  });

  it('carry a resignation, a loss on time and an agreed draw, which the moves do not show', () => {
    const state = game({ size: 9 }, 'E5 F6 B2 C3');
    for (const result of [
      { winner: 1, reason: 'resignation' },
      { winner: 2, reason: 'time' },
      { winner: null, reason: 'draw' },
    ] as const) {
      const parsed = parseGameLink(formatGameLink({ state: { ...state, result }, names: NAMES }));
      expect(parsed.ok && parsed.value.state.result).toEqual(result);
      expect(parsed.ok && parsed.value.link.ending).toEqual(result);
    }
  });

  it('leave out the move shown when it is the last, and an unknown name as empty', () => {
    const state = game({ size: 9 }, 'E5 F6');
    const parsed = parseGameLink(formatGameLink({ state, names: ['Ann', ''], shownPly: 2 }));
    expect(parsed.ok && parsed.value.link.shownPly).toBe(null);
    expect(parsed.ok && parsed.value.link.names).toEqual(['Ann', '']);
  });

  it('keep a whole 19×19 game of 150 moves, with two 60-character names, under 2,000 characters as a URL', () => {
    for (const variant of LINKED) {
      let played: GameState | null = null;
      for (let seed = 1; !played; seed++) {
        const g = randomGame(newGame({ variant, size: 19 }), 150, seed);
        if (g.moves.length === 150) played = g;
      }
      const longName = 'Ω'.repeat(60); // two bytes each in UTF-8
      const url = `https://pente.example.org/#/g/${formatGameLink({
        state: played,
        names: [longName, longName],
        friend: { gameId: 'AbCdEfGhIjKlMn-_', sender: 2 },
      })}`;
      expect(url.length).toBeLessThan(2000);
    }
    // The usual case: short names, 150 moves.
    const played = randomGame(newGame({ variant: 'gomoku', size: 19 }), 150, 3);
    const code = formatGameLink({ state: played, names: NAMES, friend: { gameId: 'AbCdEfGhIjKlMn-_', sender: 2 } });
    // Header and moves, the names (4 digits each), the id, the side and the check, with their dots.
    expect(code).toHaveLength(2 + 300 + 5 + 5 + 18 + 3 + 3);
  });

  it('still open version 1 links (old shared links), with no names', () => {
    const state = game({ size: 13 }, 'G7 H8');
    const parsed = parseGameLink(encodeGameLink(state.rules, state.moves));
    expect(parsed.ok && parsed.value.link.names).toBe(null);
    expect(parsed.ok && parsed.value.link.moves).toEqual(state.moves);
  });

  const state = game({ size: 9 }, 'E5 F6 B2');
  const friend = { gameId: 'AbCdEfGhIjKlMn-_', sender: 1 } as const;
  const good = formatGameLink({ state, names: NAMES, friend });
  /** A code with `edit` applied to its body and the check made again, as a tamperer who knows the format would. */
  const reseal = (code: string, edit: (body: string) => string) => {
    const body = edit(code.slice(0, code.lastIndexOf('.')));
    return `${body}.${linkCheck(body)}`;
  };
  /** A version 2 code (as older apps made) written by hand, so it can hold what formatGameLink never writes. */
  const handMade = (s: GameState, names: readonly [string, string], f: FriendMark | null) => {
    const fields = [
      `2${encodeGameLink(s.rules, s.moves).slice(1)}`,
      ...names.map((n) => Buffer.from(n).toString('base64url')),
    ];
    if (f) fields.push(`g${f.gameId}`, `s${f.sender}`);
    const body = fields.join('.');
    return `${body}.${linkCheck(body)}`;
  };

  const BAD: readonly [string, string, RegExp][] = [
    ['100 KB', `2${'A'.repeat(100_000)}`, /too long/],
    ['no check', good.slice(0, -3), /cut short|changed/],
    ['cut short by one character', good.slice(0, -1), /cut short/],
    ['one move changed', good.replace(/^3(.)(..)(..)/, '3$1$2AA'), /changed on the way/],
    ['a raw script', `3A<script>alert(1)</script>`, /not part of a game link/],
    ['a newer version', `4${good.slice(1)}`, /format/],
    ['garbage', 'hello world', /format/],
  ];
  it.each(BAD)('refuse a bad link with a clear message: %s', (_, code, message) => {
    const parsed = parseGameLink(code);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.message).toMatch(/^This game link cannot be read: /);
    expect(parsed.error.message).toMatch(message);
  });

  it('refuse every prefix of a good link (a link cut short in a message)', () => {
    expect(parseGameLink(good).ok).toBe(true);
    for (let n = 0; n < good.length; n++) expect(parseGameLink(good.slice(0, n)).ok).toBe(false);
  });

  it('refuse an illegal move, a move out of turn and bad names, even with a good check', () => {
    const cases: [GameState, readonly [string, string], FriendMark | null, RegExp][] = [
      // White's move was the last one, but the link says Black sent it.
      [game({ size: 9 }, 'E5 F6'), NAMES, friend, /out of turn/],
      [state, ['Ann', 'x'.repeat(61)] as const, null, /longer than 60/],
      [state, ['Ann', 'Bo\u0000b'] as const, null, /a name holds an invisible or control character \(U\+0000\)/],
      [state, ['Ann', 'Bob\u202e'] as const, null, /a name holds an invisible or control character \(U\+202E\)/],
      [state, ['Ann', ' Bob'] as const, null, /: a name starts or ends with spaces\.$/],
    ];
    for (const [s, names, f, message] of cases) {
      const code = handMade(s, names, f);
      const parsed = parseGameLink(code);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error.message).toMatch(message);
    }
    // An illegal move (on an occupied point) under a good check.
    const illegal = reseal(good, (body) => body.replace(/^(3.)(..)(..)(..)/, '$1$2$3$2'));
    const parsed = parseGameLink(illegal);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.message).toMatch(/move 3 is not allowed/);
  });

  // Invisible look-alikes: each shows "Bob" (or nothing) where the link holds something else.
  const HIDDEN = [
    ['zero-width space', '\u200B'],
    ['byte-order mark', '\uFEFF'],
    ['soft hyphen', '\u00AD'],
    ['Arabic letter mark', '\u061C'],
    ['line separator', '\u2028'],
    ['paragraph separator', '\u2029'],
    ['zero-width joiner between letters', '\u200D'],
    ['word joiner', '\u2060'],
    ['Hangul filler', '\u3164'],
    ['variation selector after a letter', '\uFE0F'],
    ['tag letter', '\u{E0041}'],
    ['left-to-right isolate', '\u2066'],
  ] as const;
  it.each(HIDDEN)('refuse a name holding a %s, naming it', (_, hidden) => {
    const parsed = parseGameLink(handMade(state, ['Ann', `B${hidden}ob`], null));
    expect(parsed.ok).toBe(false);
    const code = `U+${hidden.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    if (!parsed.ok) {
      expect(parsed.error.message).toBe(
        `This game link cannot be read: a name holds an invisible or control character (${code}).`,
      );
    }
  });
  it.each(HIDDEN)('never write a name holding a %s (it is left out)', (_, hidden) => {
    const parsed = parseGameLink(formatGameLink({ state, names: [`${hidden}Ann`, `B${hidden}ob${hidden}`] }));
    expect(parsed.ok && parsed.value.link.names).toEqual(['Ann', 'Bob']);
  });
  it('keep the glue of emoji: a variation selector after one, a joiner between two', () => {
    const names = ['Ann \u2764\uFE0F', 'Bob \u{1F469}\u{1F3FD}\u200D\u{1F4BB}'] as const;
    const parsed = parseGameLink(handMade(state, names, null));
    expect(parsed.ok && parsed.value.link.names).toEqual(names);
    const written = parseGameLink(formatGameLink({ state, names }));
    expect(written.ok && written.value.link.names).toEqual(names);
  });

  it('never throw on garbage, and read only what they can check', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        const parsed = parseGameLink(text);
        if (parsed.ok) expect(parsed.value.state.moves).toEqual(parsed.value.link.moves);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: good.length - 1 }),
        fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.'),
        (at, c) => {
          const changed = good.slice(0, at) + c + good.slice(at + 1);
          const parsed = parseGameLink(changed);
          // One character changed is caught by the check, or still means exactly what it says.
          if (changed !== good && parsed.ok) {
            const { link } = parsed.value;
            expect(formatGameLink({ ...link, state: parsed.value.state, names: link.names ?? ['', ''] })).toBe(changed);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  describe('catch a link changed in any one character, at every position', () => {
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    const long = game({ size: 19 }, 'K10 L11 K14 J9 M10 L9 H8 N11');
    const links = [
      good,
      formatGameLink({ state, names: ['Ann', 'Bob'] }),
      formatGameLink({ state: long, names: ['Ånn «Ω»', 'Bob 🎲'], shownPly: 3 }),
      formatGameLink({ state: long, names: ['', 'Bob'], friend: { gameId: 'zzzzzzzzzzzzzzzz', sender: 2 } }),
      formatGameLink({ state: concede(long, 1, 'resignation'), names: ['Alice', 'Bob'] }),
    ];
    it.each(links)('%s', (link) => {
      expect(parseGameLink(link).ok).toBe(true);
      const missed: string[] = [];
      for (let at = 0; at < link.length; at++) {
        for (const c of [...ALPHABET, ' ', 'é', '\u1041', '\u{1F3B2}']) {
          if (c === link[at]) continue;
          const changed = link.slice(0, at) + c + link.slice(at + 1);
          if (parseGameLink(changed).ok) missed.push(`${at}: ${changed}`);
        }
        // Two different neighbours swapped.
        if (at + 1 < link.length && link[at] !== link[at + 1]) {
          const swapped = link.slice(0, at) + link[at + 1] + link[at] + link.slice(at + 2);
          if (parseGameLink(swapped).ok) missed.push(`${at}<>${at + 1}: ${swapped}`);
        }
      }
      expect(missed).toEqual([]);
    });
  });
});

describe('the seal of a signed link: bytes the core reads and writes, checked by the net layer', () => {
  const state = game({ size: 19 }, 'K10 L11');
  const friend = { gameId: 'GameAAAAAAAAAAAA', sender: 2 as const };
  const key = 'ab'.repeat(32);
  const signature = 'cd'.repeat(64);

  it('a body with the key, sealed with a signature, is read back with both and the text signed', () => {
    const body = formatGameLinkBody({ state, names: ['Ann', 'Bob'], friend, publicKey: key });
    const code = sealGameLink(body, signature);
    const parsed = parseGameLink(code);
    expect(parsed.ok && parsed.value.link.seal).toEqual({ signedText: body, signature, publicKey: key });
    expect(parsed.ok && parsed.value.link.friend).toEqual(friend);
  });

  it('a signed link without the key; an unsigned link has no seal', () => {
    const body = formatGameLinkBody({ state, names: ['Ann', 'Bob'], friend });
    const parsed = parseGameLink(sealGameLink(body, signature));
    expect(parsed.ok && parsed.value.link.seal).toEqual({ signedText: body, signature, publicKey: null });
    const plain = parseGameLink(formatGameLink({ state, names: ['Ann', 'Bob'], friend }));
    expect(plain.ok && plain.value.link.seal).toBeNull();
  });

  it('refuses a key with no signature, a tag after the signature, and bytes of the wrong length', () => {
    const reseal = (body: string) => `${body}.${linkCheck(body)}`;
    const body = formatGameLinkBody({ state, names: ['Ann', 'Bob'], friend, publicKey: key });
    const sealed = sealGameLink(body, signature).slice(0, -3);
    expect(parseGameLink(reseal(body))).toMatchObject({
      ok: false,
      error: { problem: { kind: 'key-without-signature' }, message: /key but no signature/ },
    });
    expect(parseGameLink(reseal(`${sealed}.v1`))).toMatchObject({
      ok: false,
      error: { problem: { kind: 'after-signature' }, message: /after its signature/ },
    });
    expect(parseGameLink(reseal(`${sealed}A`)).ok).toBe(false);
    expect(parseGameLink(reseal(body.replace(/\.k(.{43})$/, '.k$1A'))).ok).toBe(false);
    expect(() => sealGameLink(body, 'cd'.repeat(63))).toThrow();
  });
});

describe('relay hints (`r`): where the sender reads, carried with its key', () => {
  const state = game({ size: 19 }, 'K10 L11');
  const friend = { gameId: 'GameAAAAAAAAAAAA', sender: 2 as const };
  const key = 'ab'.repeat(32);
  const relays = ['ws://127.0.0.1:7472', 'wss://relay.damus.io', 'wss://nos.lol/path?x=1'];

  it('a round trip: the relays come back as sent, signed with the rest of the body', () => {
    const body = formatGameLinkBody({ state, names: ['Ann', 'Bob'], friend, publicKey: key, relays });
    const parsed = parseGameLink(sealGameLink(body, 'cd'.repeat(64)));
    expect(parsed.ok && parsed.value.link.relays).toEqual(relays);
    expect(parsed.ok && parsed.value.link.seal?.signedText).toBe(body);
    expect(parseRelayHints(formatRelayHints(relays))).toEqual(relays);
  });

  it('is short: wss:// is left out, at most MAX_LINK_RELAYS are sent, none twice, none that is not a relay', () => {
    const hints = formatRelayHints(['wss://relay.damus.io', 'wss://nos.lol']);
    expect(hints.length).toBeLessThanOrEqual(Math.ceil(('relay.damus.io nos.lol'.length * 4) / 3));
    const many = [
      'wss://a.io',
      'wss://a.io',
      'https://b.io',
      'wss://c.io#x',
      ...'defgh'.split('').map((h) => `wss://${h}.io`),
    ];
    expect(parseRelayHints(formatRelayHints(many))).toEqual(['wss://a.io', 'wss://d.io', 'wss://e.io', 'wss://f.io']);
    expect(parseRelayHints(formatRelayHints(many))).toHaveLength(MAX_LINK_RELAYS);
    expect(formatRelayHints([`wss://${'a'.repeat(100)}.io`])).toBe('');
    expect(formatRelayHints([])).toBe('');
  });

  it('a link without relays has none; one with relays and no key is still read (the hints are only hints)', () => {
    const plain = parseGameLink(formatGameLink({ state, names: ['Ann', 'Bob'], friend }));
    expect(plain.ok && plain.value.link.relays).toEqual([]);
    const hinted = parseGameLink(formatGameLink({ state, names: ['Ann', 'Bob'], friend, relays }));
    expect(hinted.ok && hinted.value.link.relays).toEqual(relays);
  });

  it('refuses an r field that no link of ours holds', () => {
    const b64 = (text: string) => btoa(text).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    for (const bad of [
      '',
      '!',
      b64('a.io  b.io'),
      b64('a.io a.io'),
      b64('https://a.io'),
      b64('a b c d e'),
      b64('a.io\n'),
    ]) {
      expect(parseRelayHints(bad)).toBeNull();
      const body = `${formatGameLinkBody({ state, names: ['Ann', 'Bob'], friend })}.r${bad}`;
      expect(parseGameLink(`${body}.${linkCheck(body)}`).ok).toBe(false);
    }
    expect(parseRelayHints('A'.repeat(1000))).toBeNull();
  });
});

describe('a live game clock (`t`): agreed in the invitation, carried by its signed links', () => {
  const state = game({ size: 19 }, 'K10 L11');
  const friend = { gameId: 'GameAAAAAAAAAAAA', sender: 2 as const };
  const clock = { initialMs: 60_000, incrementMs: 2_000 };

  it('a round trip: the clock comes back as sent, in the signed part of the link', () => {
    const body = formatGameLinkBody({ state, names: ['Ann', 'Bob'], friend, clock, publicKey: 'ab'.repeat(32) });
    expect(body).toContain('.t60-2');
    const parsed = parseGameLink(sealGameLink(body, 'cd'.repeat(64)));
    expect(parsed.ok && parsed.value.link.clock).toEqual(clock);
    expect(parsed.ok && parsed.value.link.seal?.signedText).toBe(body);
  });

  it('untimed: no field, and a link without one reads as untimed (every link made before clocks)', () => {
    const plain = formatGameLink({ state, names: ['Ann', 'Bob'], friend, clock: null });
    expect(plain).not.toContain('.t');
    const parsed = parseGameLink(plain);
    expect(parsed.ok && parsed.value.link.clock).toBeNull();
    const v1 = parseGameLink(encodeGameLink(state.rules, state.moves));
    expect(v1.ok && v1.value.link.clock).toBeNull();
  });

  it('only a friend game carries one: a shared game leaves it out, and a link with one and no friend marks is refused', () => {
    expect(formatGameLink({ state, names: ['Ann', 'Bob'], clock })).not.toContain('.t');
    const body = `${formatGameLinkBody({ state, names: ['Ann', 'Bob'] })}.t60-0`;
    const parsed = parseGameLink(`${body}.${linkCheck(body)}`);
    expect(!parsed.ok && parsed.error.problem.kind).toBe('unknown-field');
  });

  it('parse and format are inverses on every clock a link carries, and refuse anything else', () => {
    for (const [initialMs, incrementMs] of [
      [60_000, 0],
      [1_800_000, 15_000],
      [1000, 86_400_000],
    ] as const) {
      const text = formatLinkClock({ initialMs, incrementMs });
      expect(text && parseLinkClock(text)).toEqual({ initialMs, incrementMs });
    }
    for (const bad of [
      { initialMs: 0, incrementMs: 0 },
      { initialMs: 1500, incrementMs: 0 },
      { initialMs: 60_000, incrementMs: -1000 },
      { initialMs: 86_401_000, incrementMs: 0 },
    ])
      expect(formatLinkClock(bad)).toBeNull();
    for (const bad of [
      '',
      '60',
      '60-',
      '-2',
      '060-2',
      '60-02',
      '0-0',
      '60-2-1',
      '86401-0',
      '60-86401',
      '99999-0',
      'a-b',
      '6e1-0',
    ])
      expect(parseLinkClock(bad)).toBeNull();
  });

  it('refuses a second clock, or one that is not a clock', () => {
    for (const tail of ['.t60-0.t60-0', '.t60', '.t0-0', '.tx']) {
      const body = `${formatGameLinkBody({ state, names: ['Ann', 'Bob'], friend })}${tail}`;
      const parsed = parseGameLink(`${body}.${linkCheck(body)}`);
      expect(parsed.ok).toBe(false);
    }
  });
});
