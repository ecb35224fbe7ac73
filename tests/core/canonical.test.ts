import { describe, expect, it } from 'vitest';
import { type GameState, type Point, formatPoint, replay } from '../../src/core';
import {
  SYMMETRIES,
  TRANSLATION_MARGIN,
  type Transform,
  applyTransform,
  canonicalize,
  equivalentMoves,
  fromCanonicalMove,
  invertTransform,
  openingPhase,
  toCanonicalMove,
} from '../../src/core/canonical';
import { game, rng } from '../helpers';
import { type Stones, position, shifted } from '../ai/book-helpers';

const key = (s: GameState, translate = true): string => {
  const c = canonicalize(s, { translate });
  return `${c.hi.toString(16)}:${c.lo.toString(16)}`;
};

/** The game replayed with every move mapped through a symmetry. */
function image(s: GameState, t: Transform): GameState {
  const moves = s.moves.map((p) => applyTransform(s.rules.size, t, p));
  const r = replay(s.rules, moves);
  if (!r.ok) throw new Error(r.error.illegal.message);
  return r.value;
}

/** Opening lines; the last has a capture. */
const lines = [
  'K10 L9 N10 L11 L12 M10 M11',
  'K10 K9 N10 M9 M11 L10 L11 N8 J11 O7',
  'K10 J11 G10 H10 H12 L12 M13 L11',
  // Player 2 captures K10 and J9 by playing H8 (L11 flanks them on the diagonal).
  'K10 L11 N10 M9 J9 H8 O10',
];

describe('canonical keys: the 8 symmetries', () => {
  it.each(lines)('every symmetric image of "%s" has one key', (moves) => {
    const s = game({}, moves);
    const keys = new Set(SYMMETRIES.map((t) => key(image(s, t))));
    expect(keys.size).toBe(1);
  });

  it('captured stones are kept and part of the key', () => {
    const s = game({}, lines[3]!);
    expect(s.captures).toEqual([0, 2]);
    const same = { ...s, captures: [0, 0] as const };
    expect(key(same)).not.toBe(key(s));
  });

  it('the side to move is part of the key', () => {
    const s = game({}, lines[0]!);
    expect(key({ ...s, toMove: s.toMove === 1 ? 2 : 1 })).not.toBe(key(s));
  });

  it('the variant and the board size are part of the key', () => {
    const stones = [[9, 9, 1] as const, [10, 10, 2] as const, [6, 9, 1] as const, [12, 9, 2] as const];
    const pente = position({ variant: 'pente' }, stones);
    const keryo = position({ variant: 'keryo' }, stones);
    const small = position({ variant: 'pente', size: 13 }, shifted(stones, -3, -3));
    expect(new Set([key(pente), key(keryo), key(small)]).size).toBe(3);
  });

  it('different positions have different keys (all first replies to K10)', () => {
    const keys = new Map<string, string[]>();
    const s = game({}, 'K10');
    for (let p = 0; p < 361; p++) {
      if (s.cells[p]) continue;
      const k = key(game({}, formatPoint(19, p), s));
      keys.set(k, [...(keys.get(k) ?? []), formatPoint(19, p)]);
    }
    // A reply's class under the symmetries of a lone centre stone: 1, 4 or 8 points.
    for (const group of keys.values()) expect([4, 8]).toContain(group.length);
    // 360 points in orbits: 9 on the axes and diagonals (4 each) and 36 others (8 each).
    expect(keys.size).toBe(9 + 9 + 36);
  });
});

describe('canonical keys: translation', () => {
  // Four stones around the centre of a 19x19 board, well inside the margin (6..12 on both axes).
  const stones = [[9, 9, 1] as const, [10, 10, 2] as const, [7, 9, 1] as const, [11, 8, 2] as const];

  it('a shift keeping every stone 6 or more points from the edges is the same position', () => {
    const base = position({}, stones, { ply: 4 });
    for (const [dx, dy] of [
      [1, 0],
      [0, -1],
      [-1, 2],
      [1, 2],
    ] as const) {
      expect(key(position({}, shifted(stones, dx, dy), { ply: 4 }))).toBe(key(base));
    }
    // Without translation they differ.
    expect(key(position({}, shifted(stones, 1, 0), { ply: 4 }), false)).not.toBe(key(base, false));
  });

  it('is refused along an axis where a stone is nearer than the margin to an edge', () => {
    expect(TRANSLATION_MARGIN).toBe(6);
    // x from 6 to 10: translatable in x; y from 5: not in y.
    const edge = [[6, 5, 1] as const, [10, 9, 2] as const, [8, 7, 1] as const];
    const base = position({}, edge, { ply: 5 });
    expect(key(position({}, shifted(edge, 2, 0), { ply: 5 }))).toBe(key(base));
    expect(key(position({}, shifted(edge, 0, 1), { ply: 5 }))).not.toBe(key(base));
    // Shifting the stone at x = 6 to x = 5 leaves the margin: a different position.
    expect(key(position({}, shifted(edge, -1, 0), { ply: 5 }))).not.toBe(key(base));
    // On 13x13 only the centre line is inside the margin, on 9x9 nothing.
    const line = [[6, 3, 1] as const, [6, 5, 2] as const, [6, 9, 1] as const];
    expect(key(position({ size: 13 }, shifted(line, 1, 0), { ply: 5 }))).not.toBe(
      key(position({ size: 13 }, line, { ply: 5 })),
    );
  });

  it('is refused before move 3 under the tournament rule, and allowed without the rule', () => {
    // Two stones: K10 (player 1) and a reply; player 1's move 3 is still to come at ply 2.
    const two: Stones = [
      [9, 9, 1],
      [10, 10, 2],
    ];
    const withRule = (s: Stones, ply: number) => position({}, s, { ply });
    expect(openingPhase(withRule(two, 2))).toBe(true);
    expect(key(withRule(shifted(two, 1, 0), 2))).not.toBe(key(withRule(two, 2)));
    expect(key(withRule(shifted(two, 1, 0), 1))).not.toBe(key(withRule(two, 1)));
    // Once move 3 is played (ply 3 on), the tournament rule is spent.
    const three: Stones = [...two, [6, 9, 1]];
    expect(openingPhase(position({}, three, { ply: 3 }))).toBe(false);
    expect(key(position({}, shifted(three, 1, 1), { ply: 3 }))).toBe(key(position({}, three, { ply: 3 })));
    // Without the rule, only move 1 is constrained (the centre-first rule).
    const free = (s: Stones, ply: number) => position({ tournamentRule: false }, s, { ply });
    expect(openingPhase(free(two, 2))).toBe(false);
    expect(openingPhase(position({ tournamentRule: false }, [], { ply: 0 }))).toBe(true);
    expect(key(free(shifted(two, 1, 0), 2))).toBe(key(free(two, 2)));
    // And the rule's phase keeps the two apart.
    expect(key(free(two, 2))).not.toBe(key(withRule(two, 2)));
  });

  it('Gomoku (no opening rules) translates from the first stone', () => {
    const one = [[9, 9, 1] as const];
    expect(key(position({ variant: 'gomoku' }, shifted(one, 2, -3), { toMove: 2, ply: 1 }))).toBe(
      key(position({ variant: 'gomoku' }, one, { toMove: 2, ply: 1 })),
    );
  });
});

describe('canonical moves', () => {
  const translations: Transform[] = SYMMETRIES.flatMap((t) => [t, { ...t, dx: 2, dy: -1 }]);

  it('invertTransform undoes applyTransform for every point, symmetry and shift', () => {
    for (const size of [9, 13, 19]) {
      for (const t of translations) {
        for (let p = 0; p < size * size; p++) {
          const q = applyTransform(size, t, p);
          if (q < 0) continue;
          expect(invertTransform(size, t, q)).toBe(p);
        }
      }
    }
  });

  it('a move in canonical form maps back to the same move, in every image of the position', () => {
    const random = rng(7);
    for (const moves of lines) {
      const s = game({}, moves);
      const legal: Point[] = [];
      for (let p = 0; p < 361; p++) if (!s.cells[p]) legal.push(p);
      for (let i = 0; i < 30; i++) {
        const m = legal[Math.floor(random() * legal.length)]!;
        const canonical = toCanonicalMove(canonicalize(s), m);
        for (const t of SYMMETRIES) {
          const img = image(s, t);
          const c = canonicalize(img);
          const mImg = applyTransform(19, t, m);
          // Every image of the position puts the image of the move at the same canonical point …
          expect(toCanonicalMove(c, mImg)).toBe(canonical);
          // (A move far from the stones of a translated position can fall off the board: no book move.)
          if (canonical < 0) continue;
          // … and the canonical point comes back as that move, or one symmetric to it in this position.
          expect(equivalentMoves(c, canonical)).toContain(mImg);
          expect(equivalentMoves(c, canonical)).toContain(fromCanonicalMove(c, canonical));
        }
      }
    }
  });

  it('symmetric replies to a lone centre stone are one canonical move', () => {
    const s = game({}, 'K10');
    const c = canonicalize(s);
    expect(c.transforms).toHaveLength(8);
    const names = ['L9', 'J9', 'L11', 'J11'].map((n) => toCanonicalMove(c, game({}, `K10 ${n}`).moves[1]!));
    expect(new Set(names).size).toBe(1);
    expect(equivalentMoves(c, names[0]!).map((p) => formatPoint(19, p))).toEqual(['J11', 'L11', 'J9', 'L9']);
  });

  it('a translated position maps its moves back through the shift', () => {
    const stones = [[9, 9, 1] as const, [10, 10, 2] as const, [7, 9, 1] as const, [11, 8, 2] as const];
    const a = position({}, stones, { ply: 4 });
    const b = position({}, shifted(stones, 1, 1), { ply: 4 });
    const ca = canonicalize(a);
    const cb = canonicalize(b);
    const move = 8 * 19 + 8; // (8, 8) next to the stones
    const canonical = toCanonicalMove(ca, move);
    expect(toCanonicalMove(cb, move + 1 + 19)).toBe(canonical);
    expect(equivalentMoves(cb, canonical)).toContain(move + 1 + 19);
  });
});
