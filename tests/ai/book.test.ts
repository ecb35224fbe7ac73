import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type GameState, type Player, formatPoint, isLegal, levelById } from '../../src/core';
import { OpeningBook, bookMovesFor } from '../../src/ai/book/book';
import { BookBuilder } from '../../src/ai/book/builder';
import { canonicalize } from '../../src/core/canonical';
import { pack } from '../../src/ai/book/pack';
import { urgency } from '../../src/ai/threats';
import { Engine } from '../../src/ai/engine';
import { game } from '../helpers';

const names = (s: GameState, points: readonly number[]) => points.map((p) => formatPoint(s.rules.size, p));

/** A book built from lines of moves, each with its winner and the players' ratings. */
function bookOf(games: readonly { moves: string; winner: Player | null; ratings?: [number, number] }[]): OpeningBook {
  const b = new BookBuilder();
  for (const g of games) b.addGame(game({}, g.moves), { winner: g.winner, ratings: g.ratings ?? [1800, 1800] });
  return new OpeningBook(pack(b.build(), { games: b.games, flags: 1 }));
}

const repeat = <T>(n: number, x: T): T[] => Array.from({ length: n }, () => x);

describe('building and looking up', () => {
  it('merges symmetric replies and keeps their counts, wins and ratings', () => {
    const book = bookOf([
      ...repeat(3, { moves: 'K10 L9', winner: 2 as const, ratings: [1700, 2000] as [number, number] }),
      { moves: 'K10 J11', winner: 1, ratings: [1700, 1600] },
      { moves: 'K10 K11', winner: 2, ratings: [1700, 1900] },
      { moves: 'K10 K9', winner: 1, ratings: [1700, 1900] },
      { moves: 'K10 N13', winner: 2 }, // one game: dropped
    ]);
    const replies = book.lookup(game({}, 'K10'));
    expect(replies.map((c) => [c.games, c.points])).toEqual([
      [4, 3],
      [2, 1],
    ]);
    expect(replies[0]!.rating).toBe((3 * 2000 + 1600) / 4);
    expect(replies[0]!.winRate).toBe(0.75);
    // Diagonal replies come back as one of the diagonal points, orthogonal ones as an orthogonal point.
    expect(['L9', 'J9', 'L11', 'J11']).toContain(names(game({}, ''), [replies[0]!.point])[0]);
    expect(['K9', 'K11', 'J10', 'L10']).toContain(names(game({}, ''), [replies[1]!.point])[0]);
    // The first move (the centre) is in the book too; positions seen in under 3 games are not.
    expect(book.lookup(game({}, ''))).toHaveLength(1);
    expect(book.lookup(game({}, 'K10 N13'))).toEqual([]);
  });

  it('maps book moves to the position as it stands on the board (any symmetry)', () => {
    const book = bookOf(repeat(3, { moves: 'K10 L9 N10 L11', winner: 1 as const }));
    // The book saw N10 after K10 L9; in each image of that position it answers the image of N10. (The
    // position is symmetric about the diagonal through K10 and L9, so K7 is the same move as N10.)
    const answer = (moves: string) =>
      names(
        game({}, ''),
        book.lookup(game({}, moves)).map((c) => c.point),
      );
    expect([['N10'], ['K7']]).toContainEqual(answer('K10 L9'));
    expect([['G10'], ['K13']]).toContainEqual(answer('K10 J11'));
    expect([['N10'], ['K13']]).toContainEqual(answer('K10 L11'));
    expect([['G10'], ['K7']]).toContainEqual(answer('K10 J9'));
  });

  it('drops moves that score poorly', () => {
    const book = bookOf([
      ...repeat(3, { moves: 'K10 L9', winner: 1 as const }), // 0 of 3 for player 2
      ...repeat(3, { moves: 'K10 L10', winner: 2 as const }),
    ]);
    expect(book.lookup(game({}, 'K10')).map((c) => c.games)).toEqual([3]);
    expect(book.lookup(game({}, 'K10'))[0]!.winRate).toBe(1);
  });

  it('never offers an illegal move: a stored move on an occupied point is skipped', () => {
    const s = game({}, 'K10 L9 N10');
    const c = canonicalize(s);
    // Store the centre (occupied in every image) and one legal point as the position's moves.
    const legal = [...Array(361).keys()].find((p) => isLegal(s, p) && p !== 180)!;
    const book = new OpeningBook(
      pack([
        {
          hi: c.hi,
          lo: c.lo,
          moves: [
            { point: 180, games: 50, halfPoints: 100, rating: 2000 },
            { point: legal, games: 3, halfPoints: 3, rating: 1500 },
          ],
        },
      ]),
    );
    const found = book.lookup(s);
    expect(found).toHaveLength(1);
    expect(isLegal(s, found[0]!.point)).toBe(true);
  });
});

describe('choosing', () => {
  const book = bookOf([
    ...repeat(6, { moves: 'K10 L9', winner: 2 as const, ratings: [1800, 2100] as [number, number] }),
    ...repeat(4, { moves: 'K10 L10', winner: 1 as const }),
    ...repeat(2, { moves: 'K10 L10', winner: 2 as const }),
    ...repeat(3, { moves: 'K10 M12', winner: 2 as const, ratings: [1800, 1500] as [number, number] }),
  ]);
  const start = game({}, 'K10');

  it('is deterministic for a seed and varies with the seed', () => {
    for (let seed = 0; seed < 20; seed++) {
      expect(book.choose(start, { seed })).toEqual(book.choose(start, { seed }));
    }
    const picked = new Set(Array.from({ length: 60 }, (_, seed) => book.choose(start, { seed })!.point));
    expect(picked.size).toBeGreaterThan(1);
  });

  it('prefers moves that score well and were chosen by strong players, more so at full strength', () => {
    const count = (strength: number) => {
      const tally = new Map<number, number>();
      for (let seed = 0; seed < 400; seed++) {
        const c = book.choose(start, { seed, strength })!;
        tally.set(c.games, (tally.get(c.games) ?? 0) + 1);
      }
      return tally;
    };
    const strong = count(1);
    const weak = count(0);
    expect(strong.get(6)!).toBeGreaterThan(strong.get(3) ?? 0);
    expect(strong.get(6)!).toBeGreaterThan(weak.get(6)!);
    // The human view sums the chances to one.
    const rows = bookMovesFor(book, start);
    expect(rows.reduce((s, r) => s + r.chance, 0)).toBeCloseTo(1);
    expect(rows[0]).toMatchObject({ games: 6, winRate: 1, share: 6 / 15 });
  });

  it('answers null where the book has nothing', () => {
    expect(book.choose(game({}, 'K10 A1'), { seed: 1 })).toBeNull();
  });
});

describe('the engine with a book', () => {
  // Player 1 builds four in a row on row 10 (K10 L10 M10 N10, open at J10 and O10); player 2 plays far away.
  const four = 'K10 A1 O5 A3 L10 A5 M10 A7 N10';
  // The book's advice in the position after `four`: player 2 plays A9 (three games, all "won").
  const book = bookOf([
    ...repeat(3, { moves: `${four} A9`, winner: 2 as const }),
    ...repeat(3, { moves: 'K10 L9 N10', winner: 1 as const }),
  ]);

  it('plays the book move when nothing is forced', () => {
    const engine = new Engine(14);
    engine.setBook(book);
    const s = game({}, 'K10 L9');
    const r = engine.think(s, { timeMs: 50 });
    expect(r.book).toBeDefined();
    expect(formatPoint(19, r.move)).toBe('N10');
    expect(r.depth).toBe(0);
    // Off by option, for a level without the book, or with no book set: the search answers.
    expect(engine.think(s, { timeMs: 50, book: false }).book).toBeUndefined();
    expect(engine.think(s, { timeMs: 50, level: levelById('beginner')! }).book).toBeUndefined();
    expect(engine.think(s, { timeMs: 50, level: levelById('expert')!, depth: 2 }).book).toBeDefined();
    expect(new Engine(14).think(s, { timeMs: 50 }).book).toBeUndefined();
  });

  it('a forced move overrides the book: stopping the opponent’s five', () => {
    const s = game({}, four);
    expect(book.lookup(s).map((c) => formatPoint(19, c.point))).toEqual(['A9']);
    expect(urgency(s)).toBe('defend');
    const engine = new Engine(14);
    engine.setBook(book);
    const r = engine.think(s, { timeMs: 200 });
    expect(r.book).toBeUndefined();
    expect(['J10', 'O10']).toContain(formatPoint(19, r.move));
  });

  it('a forced move overrides the book: winning now', () => {
    const s = game({}, `${four} A9`);
    expect(urgency(s)).toBe('win');
    const b = bookOf(repeat(3, { moves: `${four} A9 B2`, winner: 1 as const }));
    expect(b.lookup(s)).toHaveLength(1);
    const engine = new Engine(14);
    engine.setBook(b);
    const r = engine.think(s, { timeMs: 100 });
    expect(r.book).toBeUndefined();
    expect(['J10', 'O10']).toContain(formatPoint(19, r.move));
  });

  it('a capture win next move is a threat to stop', () => {
    // Player 2 has 8 captured stones and can capture a pair (K10 L10 flanked by J10, M10 empty).
    const s = game({}, 'K10 J10 N10 A1 L10');
    expect(urgency(s)).toBeNull();
    expect(urgency({ ...s, toMove: 1, captures: [0, 8] })).toBe('defend');
    expect(urgency({ ...s, captures: [0, 8] })).toBe('win');
    // Two stones short of the capture win, the same capture threatens nothing decisive.
    expect(urgency({ ...s, toMove: 1, captures: [0, 6] })).toBeNull();
  });
});

const shipped = new URL('../../public/openings.bin', import.meta.url);
describe.skipIf(!existsSync(shipped))('the shipped book (public/openings.bin)', () => {
  const book = new OpeningBook(new Uint8Array(readFileSync(shipped)));

  it("has player 2's common replies to K10 with game counts", () => {
    const rows = bookMovesFor(book, game({}, 'K10'));
    expect(rows.length).toBeGreaterThanOrEqual(5);
    // Thousands of master games reply to K10; the most played reply has over a thousand.
    expect(rows.reduce((s, r) => s + r.games, 0)).toBeGreaterThan(8000);
    expect(rows[0]!.games).toBeGreaterThan(1000);
    // J11 (a diagonal neighbour, as the book maps it back) and K11 (orthogonal) are the two most played.
    expect(rows.slice(0, 2).map((r) => r.name)).toEqual(['J11', 'K11']);
    for (const r of rows) expect(r.winRate).toBeGreaterThanOrEqual(0);
  });

  it("has the engine's self-play replies to the centre stone on 13x13 and in Keryo-Pente", () => {
    for (const [options, centre] of [
      [{ size: 13 as const }, 'G7'],
      [{ variant: 'keryo' as const }, 'K10'],
    ] as const) {
      const rows = bookMovesFor(book, game(options, centre));
      expect(rows.length, centre).toBeGreaterThanOrEqual(2);
      expect(
        rows.reduce((s, r) => s + r.games, 0),
        centre,
      ).toBeGreaterThanOrEqual(50);
      // Self-play moves carry the levels' nominal ratings (Advanced 1700, Expert 1900).
      for (const r of rows) expect(r.rating).toBeGreaterThanOrEqual(1700);
      for (const r of rows) expect(r.rating).toBeLessThanOrEqual(1900);
    }
  });

  it('answers the same for every symmetric image of a position', () => {
    const a = bookMovesFor(book, game({}, 'K10 L9')).map((r) => r.games);
    const b = bookMovesFor(book, game({}, 'K10 J11')).map((r) => r.games);
    expect(a.length).toBeGreaterThan(3);
    expect(b).toEqual(a);
  });
});
